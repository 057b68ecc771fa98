"""Othello (オセロ / リバーシ).

Description
    Two players place discs on a ``size`` × ``size`` board (6 × 6 by default; 8 × 8 is the
    official board). Player 0 plays black and moves first, player 1 plays white. A move
    must trap at least one line of the opponent's discs (across, up-down or diagonal)
    between the new disc and another disc of the mover; every trapped disc is flipped.
    A player with no such move must pass. When neither player can move, the player with
    more discs wins.

Action Space
    ``Discrete(size * size + 1)``: ``row * size + col`` places a disc on that square
    (row 0 is the top row), and ``size * size`` (64 on the 8 × 8 board, 36 on 6 × 6) is
    **pass**. Pass is legal exactly when the player to move has no move (it is then the
    only legal action); otherwise only the squares that flip something are legal
    (``info["action_mask"]``).

Observation Space
    ``int8`` array of shape ``(size, size)``: 0 empty, 1 a black disc (player 0),
    2 a white disc (player 1).

Rewards
    From the view of the player who just moved: at the end of the game +1 for a win,
    -1 for a loss, 0 for a draw; 0 for every other move.
    With ``opponent=``: your result at the end (+1 / -1 / 0), 0 otherwise; the
    opponent's forced passes are played for it.
    With ``illegal="lose"``: -1 for an illegal move (and the game ends).

Starting State
    The official opening: four discs in the centre, white on the top-left and bottom-right
    squares of the centre, black on the other two. Black (player 0) to move.

Episode End
    Neither player can move (the board is full, or no move flips anything). The winner has
    more discs (``info["winner"]`` is 0 or 1; None for a draw). There is no truncation.
    ``info["black"]`` and ``info["white"]`` count the discs, ``info["flipped"]`` lists the
    squares the last move flipped.

Arguments
    ``games.make("othello", size=6, opponent=None, play_as=0, illegal="raise", seed=None)``

    - ``size``: the side of the board: 4, 6 or 8.
    - ``opponent``: an agent that answers your moves inside ``step``.
    - ``play_as``: 0 to play black (first), 1 to play white (second); used with ``opponent``.
    - ``illegal``: ``"raise"`` (an error that lists the legal moves) or ``"lose"``.
    - ``seed``: the seed of ``reset``.

For agents that search
    ``env.pass_action`` is the pass action; ``env.discs`` holds two bitboards (black, white;
    bit ``row * size + col``); ``env.board`` is the grid as in the observation;
    ``env.disc_count(player)`` counts discs; ``env.flip_count(action)`` says how many discs a move
    would flip, without playing it. ``env.set_position(board, to_move)`` sets up
    any position (a puzzle, a test).
"""

import numpy as np

from ..errors import BadOptionError
from ..messages import tr
from ..render.othello import draw_othello
from .base import Env
from .values import first_fraction, number_grid, whole_number

MARKS = ".XO"  # text board: empty, black (player 0), white (player 1)


class Othello(Env):
    __doc__ = __doc__

    name = "othello"
    num_players = 2

    def __init__(self, size=6, *, opponent=None, play_as=0, illegal="raise", seed=None):
        if whole_number(size) not in (4, 6, 8):
            raise BadOptionError(tr(
                en="size={value!r} is not allowed: the board is 4, 6 or 8 squares wide "
                   "(an even number from 4 to 8).",
                ja="size={value!r} は使えません。盤の大きさは 4、6、8 のどれか"
                   "（4 から 8 までの偶数）にしてください。",
                value=size))
        self.size = n = int(size)
        self.pass_action = n * n
        self.num_actions = n * n + 1
        # Why bitboards: one Python int per colour, and shifting it moves every disc one
        # square at once, so finding moves and flips is a few dozen int operations, not a
        # walk over every square in eight directions.
        # Bit i is square i = row * n + col; a shift by 1 moves a disc one column, by n one
        # row. A disc in the first or last column would wrap around to the other edge when
        # shifted sideways, so the opponent discs a sideways or diagonal line jumps over are
        # taken from the inner columns only (`inner`): no real line jumps over an edge disc.
        full = (1 << n * n) - 1
        first_col = sum(1 << (row * n) for row in range(n))
        inner = full & ~first_col & ~(first_col << (n - 1))
        self._full = full
        # (shift, squares a line may jump over): right/left, down/up, down-left/up-right,
        # down-right/up-left; << goes one way, >> the other.
        self._directions = ((1, inner), (n, full), (n - 1, inner), (n + 1, inner))
        super().__init__(opponent=opponent, play_as=play_as, illegal=illegal, seed=seed)

    # ------------------------------------------------------------- bitboard core
    def _find_moves(self, own, opp):
        """The squares (as a bitboard) where the owner of `own` may play."""
        moves = 0
        for shift, inner in self._directions:
            line_opp = opp & inner
            # Walk from each own disc over a run of opponent discs: the square right after
            # the run is a move if it is empty (checked once, at the end). Both ways.
            run = line_opp & (own << shift)
            while run:
                run <<= shift
                moves |= run
                run &= line_opp
            run = line_opp & (own >> shift)
            while run:
                run >>= shift
                moves |= run
                run &= line_opp
        return moves & ~(own | opp) & self._full

    def _find_flips(self, square_bit, own, opp):
        """The opponent discs (as a bitboard) that a disc on `square_bit` flips."""
        flips = 0
        for shift, inner in self._directions:
            line_opp = opp & inner
            run = 0
            step = line_opp & (square_bit << shift)
            while step:
                run |= step
                step <<= shift
                if step & own:  # the run is closed by one of our discs: it flips
                    flips |= run
                    break
                step &= line_opp
            run = 0
            step = line_opp & (square_bit >> shift)
            while step:
                run |= step
                step >>= shift
                if step & own:
                    flips |= run
                    break
                step &= line_opp
        return flips

    # --------------------------------------------------------------------- rules
    def _new_game(self):
        n, half = self.size, self.size // 2
        top_left, top_right = (half - 1) * n + half - 1, (half - 1) * n + half
        bottom_left, bottom_right = half * n + half - 1, half * n + half
        self.discs = [(1 << top_right) | (1 << bottom_left),  # black
                      (1 << top_left) | (1 << bottom_right)]  # white
        # The same board as bytes, square by square (0 empty, 1 black, 2 white), kept up to
        # date move by move: numpy turns a bytearray into the observation in one copy.
        self.cells = bytearray(n * n)
        self.cells[top_right] = self.cells[bottom_left] = 1
        self.cells[top_left] = self.cells[bottom_right] = 2
        self.flipped = []  # the squares the last move flipped
        self._moves = self._find_moves(*self.discs)

    def _legal_actions(self):
        if not self._moves:
            return [self.pass_action]
        return _squares(self._moves)

    def action_mask(self):
        # Same result as the base class, read straight from the move bitboard: 2x faster,
        # and step() builds a mask after every move.
        if self._terminated:
            return np.zeros(self.num_actions, dtype=bool)
        bits = self._moves or 1 << self.pass_action
        data = np.frombuffer(bits.to_bytes(self.num_actions // 8 + 1, "little"), dtype=np.uint8)
        return np.unpackbits(data, count=self.num_actions, bitorder="little").view(bool)

    def _is_legal(self, action):
        if action == self.pass_action:
            return not self._moves
        return (self._moves >> action) & 1 == 1

    def _why_illegal(self, action):
        n = self.size
        if action == self.pass_action:
            return tr(en="You cannot pass (action {action}): you have a move.",
                      ja="パス（行動 {action}）はできません。置ける場所があります。", action=action)
        row, col = divmod(action, n)
        where = tr(en="Square {action} (row {row}, column {col})", ja="マス {action}（{row} 行 {col} 列）",
                   action=action, row=row, col=col)
        if not self._moves:
            return tr(en="{where}: you have no move, so you must pass: play {pass_action} (pass).",
                      ja="{where}: 置ける場所がないのでパスです。行動 {pass_action}（パス）を選んでください。",
                      where=where, pass_action=self.pass_action)
        if (self.discs[0] | self.discs[1]) >> action & 1:
            reason = tr(en="{where} is already taken.", ja="{where}にはもう石があります。", where=where)
        else:  # an empty square that traps nothing
            reason = tr(en="{where} flips nothing: a move must trap the opponent's discs in a line.",
                        ja="{where}では相手の石を 1 枚も返せません。相手の石をはさめる場所に置きます。",
                        where=where)
        return reason + " " + tr(en="(Action {pass_action} is pass.)", ja="（行動 {pass_action} はパスです）",
                                 pass_action=self.pass_action)

    def _play(self, action):
        player = self._current_player
        own, opp = self.discs[player], self.discs[1 - player]
        if action == self.pass_action:
            self.flipped = []
            self._current_player = 1 - player
            self._moves = self._find_moves(opp, own)
            return 0.0
        square_bit = 1 << action
        flips = self._find_flips(square_bit, own, opp)
        own |= square_bit | flips
        opp ^= flips
        self.discs[player], self.discs[1 - player] = own, opp
        cells, colour = self.cells, player + 1
        cells[action] = colour
        self.flipped = flipped = []
        while flips:  # one flipped square at a time, lowest bit first
            lowest = flips & -flips
            square = lowest.bit_length() - 1
            cells[square] = colour
            flipped.append(square)
            flips ^= lowest
        self._current_player = 1 - player
        moves = self._find_moves(opp, own)
        self._moves = moves
        if moves or self._find_moves(own, opp):  # someone can still move (maybe after a pass)
            return 0.0
        self._terminated = True
        mine, theirs = own.bit_count(), opp.bit_count()
        if mine == theirs:
            return 0.0
        self._winner = player if mine > theirs else 1 - player
        return 1.0 if mine > theirs else -1.0

    def set_position(self, board, to_move=0):
        """Set up any position, for puzzles and tests, and return ``(observation, info)``.

        ``board`` is a ``size`` × ``size`` grid (a list of rows or an array) of 0 empty,
        1 black, 2 white (whole numbers: an ``np.zeros`` board filled with 1.0 and 2.0 is
        fine, 1.5 is not); ``to_move`` is the player to move (0 black, 1 white). The game
        goes on from there, as after ``reset``: it is over at once if nobody can move, and
        with ``opponent=`` the opponent moves first if it is its turn.
        """
        n = self.size
        cells = number_grid(board, n, n, 0, 2, floats=True)  # 1.0 and 2.0 (an np.zeros board) are fine
        fraction = first_fraction(board) if cells is None else None
        if fraction is not None:
            row, col, value = fraction
            raise BadOptionError(tr(
                en="board holds {value} at row {row}, column {col}: a square is 0 (empty), 1 (black) or 2 (white), "
                   "a whole number (1.0 is fine, {value} is not).",
                ja="board の {row} 行 {col} 列が {value} です。マスは 0（空き）・1（黒）・2（白）の整数にしてください"
                   "（1.0 はよいが {value} は使えません）。", value=value, row=row, col=col))
        if cells is None:
            raise BadOptionError(tr(
                en="board must be a {n}×{n} grid of 0 (empty), 1 (black) and 2 (white).",
                ja="board は 0（空き）・1（黒）・2（白）が並んだ {n}×{n} のマス目にしてください。", n=n))
        player = whole_number(to_move)
        if player not in (0, 1):
            raise BadOptionError(tr(en="to_move={value!r} is not allowed: use 0 (black) or 1 (white).",
                                    ja="to_move={value!r} は使えません。0（黒）か 1（白）にしてください。",
                                    value=to_move))
        with self._unchanged_on_error():  # an opponent that fails leaves the old position
            self._set_discs(cells, player)
            if self.opponent is not None:
                self._let_opponent_move()
        return self._observation(), self._info()

    def _set_discs(self, cells, to_move):
        """Put the discs of ``cells`` (0, 1, 2 square by square) on the board, ``to_move`` to move."""
        self.cells = bytearray(cells)
        self.discs = [sum(1 << i for i, v in enumerate(cells) if v == colour) for colour in (1, 2)]
        self._current_player = to_move
        self._terminated, self._winner, self._illegal_move = False, None, False
        self.last_action, self.flipped = None, []
        own, opp = self.discs[to_move], self.discs[1 - to_move]
        self._moves = self._find_moves(own, opp)
        if not self._moves and not self._find_moves(opp, own):
            self._terminated = True
            black, white = self.disc_count(0), self.disc_count(1)
            self._winner = None if black == white else (0 if black > white else 1)

    def flip_count(self, action):
        """How many discs ``action`` would flip if the player to move played it now; nothing is played.

        The number ``step`` would list in ``info["flipped"]``, found without a copy of the game (a quick
        look ahead for agents). A pass flips 0, and so does a move that is not legal now.
        """
        action = self._to_int(action)
        if not 0 <= action < self.num_actions:
            self._refuse(self._out_of_range_message(action))
        if action == self.pass_action or not self._is_legal(action):
            return 0
        player = self._current_player
        return self._find_flips(1 << action, self.discs[player], self.discs[1 - player]).bit_count()

    def disc_count(self, player):
        """How many discs ``player`` (0 black, 1 white) has on the board."""
        return self.discs[player].bit_count()

    @property
    def board(self):
        """The board as an ``int8`` array (a new copy): 0 empty, 1 black, 2 white."""
        return np.array(self.cells, dtype=np.int8).reshape(self.size, self.size)

    def _observation(self):
        return self.board

    def _extra_info(self):
        return {"black": self.discs[0].bit_count(), "white": self.discs[1].bit_count(),
                "flipped": self.flipped.copy()}

    def _copy_state(self, new):
        new.discs = self.discs.copy()
        new.cells = self.cells.copy()

    # ----------------------------------------------------------------- drawing
    def _picture(self):
        return draw_othello(self)

    def _text(self):
        n = self.size
        rows = ["".join(MARKS[v] for v in self.cells[start:start + n]) for start in range(0, n * n, n)]
        return "\n".join(rows)


def _squares(bits):
    """The squares of a bitboard, ascending."""
    squares = []
    while bits:
        lowest = bits & -bits
        squares.append(lowest.bit_length() - 1)
        bits ^= lowest
    return squares
