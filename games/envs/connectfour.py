"""Connect Four (四目並べ / コネクトフォー), with ConnectX options.

Description
    Two players take turns dropping a disc into a column of an upright grid of
    ``rows`` × ``columns`` (6 × 7 by default). The disc falls to the lowest empty
    cell of that column. Player 0 plays red and moves first, player 1 plays yellow.
    ``inarow`` discs of one colour in a line (across, up-down or diagonal) win.
    With other ``rows``, ``columns`` and ``inarow`` it is the "ConnectX" family.

Action Space
    ``Discrete(columns)``: the column to drop a disc into, 0 on the left.
    Only columns that are not full are legal (``info["action_mask"]``).

Observation Space
    ``int8`` array of shape ``(rows, columns)``: 0 empty, 1 a disc of player 0,
    2 a disc of player 1. Row 0 is the **top** row, as in the picture, so discs
    pile up from the last row.

Rewards
    From the view of the player who just moved: +1 for making a line, 0 otherwise.
    With ``opponent=``: +1 when you win, -1 when the opponent wins, 0 otherwise.
    With ``illegal="lose"``: -1 for an illegal move (and the game ends).

Starting State
    An empty grid, player 0 to move.

Episode End
    A player makes a line of ``inarow`` discs (``info["winner"]`` is 0 or 1), or the
    grid is full (a draw: ``info["winner"]`` is None). There is no truncation.

Arguments
    ``games.make("connectfour", rows=6, columns=7, inarow=4, opponent=None, play_as=0,
    illegal="raise", seed=None)``

    - ``rows``, ``columns``: the size of the grid (2 to 20 each).
    - ``inarow``: how many discs in a line win (2 up to the longer side of the grid).
    - ``opponent``: an agent that answers your moves inside ``step``.
    - ``play_as``: 0 to move first, 1 to move second; used with ``opponent``.
    - ``illegal``: ``"raise"`` (an error that lists the legal moves) or ``"lose"``.
    - ``seed``: the seed of ``reset``.

For agents that search
    ``env.heights[c]`` is the number of discs in column ``c``; ``env.board`` is the grid
    (a copy, as in the observation); ``env.cells`` the same numbers row by row in one
    ``bytearray`` (read it, do not change it: use ``clone()``);
    ``env.is_winning_move(c)`` says whether dropping in column ``c`` now makes a line;
    ``env.discs`` holds one bitboard per player (the bit layout is explained in ``__init__``).
"""

import numpy as np

from ..messages import tr
from ..render.connectfour import draw_connectfour
from .base import Env
from .values import whole_option

MARKS = ".XO"  # text board: empty, player 0, player 1
SIZE_LIMITS = (2, 20)


class ConnectFour(Env):
    __doc__ = __doc__

    name = "connectfour"
    num_players = 2

    def __init__(self, rows=6, columns=7, inarow=4, *, opponent=None, play_as=0, illegal="raise", seed=None):
        rows = whole_option("rows", rows, *SIZE_LIMITS)
        columns = whole_option("columns", columns, *SIZE_LIMITS)
        inarow = whole_option("inarow", inarow, 2, max(rows, columns), means=tr(
            en="a line must fit on the {rows}×{columns} grid", ja="{rows}×{columns} の盤に収まる長さにします",
            rows=rows, columns=columns))
        self.rows, self.columns, self.inarow = rows, columns, inarow
        self.num_actions = self.columns
        # Why bitboards: one Python int per player holds all its discs, and a few shifts and
        # ANDs of that int find every line at once, instead of walking the grid cell by cell.
        # Bitboard layout: column c uses bits c*(rows+1) ... c*(rows+1)+rows-1, bottom first,
        # plus one always-empty "sentinel" bit on top, so a shift never wraps a line into the
        # next column. Moving one cell along a direction is a shift by one of these steps:
        height = self.rows + 1
        steps = (1, height, height - 1, height + 1)  # up, right, down-right, up-right
        # Shifts that test a whole line of `inarow` bits: after shifting by s, 2s, 4s, ...
        # (never past inarow), a bit is left only where `inarow` discs follow one another.
        self._line_shifts = [[step * n for n in _doubling_steps(self.inarow)] for step in steps]
        self._cell_bit = [[1 << (c * height + h) for h in range(self.rows)] for c in range(self.columns)]
        super().__init__(opponent=opponent, play_as=play_as, illegal=illegal, seed=seed)

    # --------------------------------------------------------------------- rules
    def _new_game(self):
        # The grid, row by row from the top, as bytes (0 empty, 1 or 2): numpy turns a
        # bytearray into the observation in one copy, much faster than from a list.
        self.cells = bytearray(self.rows * self.columns)
        self.heights = [0] * self.columns
        self.discs = [0, 0]  # one bitboard per player
        self.moves_played = 0
        self._open_columns = list(range(self.columns))

    def _legal_actions(self):
        return self._open_columns.copy()

    def action_mask(self):
        # Same result as the base class, without going through a list of actions (faster,
        # and step() builds a mask after every move).
        if self._terminated:
            return np.zeros(self.columns, dtype=bool)
        rows = self.rows
        return np.array([height < rows for height in self.heights])

    def _is_legal(self, action):
        return self.heights[action] < self.rows

    def _why_illegal(self, action):
        return tr(en="Column {col} is full.", ja="{col} 列はもういっぱいです。", col=action)

    def _play(self, column):
        player = self._current_player
        height = self.heights[column]
        self.heights[column] = height + 1
        if height + 1 == self.rows:
            self._open_columns.remove(column)
        self.cells[(self.rows - 1 - height) * self.columns + column] = player + 1
        discs = self.discs[player] | self._cell_bit[column][height]
        self.discs[player] = discs
        self.moves_played += 1
        if self._has_line(discs):
            self._terminated = True
            self._winner = player
            return 1.0
        if self.moves_played == self.rows * self.columns:
            self._terminated = True
        self._current_player = 1 - player
        return 0.0

    def _has_line(self, discs):
        """Does this bitboard hold `inarow` discs in a line (in any direction)?"""
        for shifts in self._line_shifts:
            line = discs
            for shift in shifts:
                line &= line >> shift
            if line:
                return True
        return False

    def is_winning_move(self, column):
        """True when the player to move makes a line by dropping a disc in ``column`` now.

        A full column, or any column once the game is over, answers False.
        """
        column = self._action_on_board(column)  # a column that does not exist is an error
        if self._terminated or not self._is_legal(column):
            return False
        discs = self.discs[self._current_player] | self._cell_bit[column][self.heights[column]]
        return self._has_line(discs)

    @property
    def board(self):
        """The grid as an ``int8`` array (a new copy), row 0 on top: 0 empty, 1 or 2 a disc."""
        return np.array(self.cells, dtype=np.int8).reshape(self.rows, self.columns)

    def _observation(self):
        return self.board

    def _copy_state(self, new):
        new.cells = self.cells.copy()
        new.heights = self.heights.copy()
        new.discs = self.discs.copy()
        new._open_columns = self._open_columns.copy()

    # ----------------------------------------------------------------- drawing
    def _picture(self):
        return draw_connectfour(self)

    def _text(self):
        width = self.columns
        rows = ["".join(MARKS[v] for v in self.cells[start:start + width])
                for start in range(0, len(self.cells), width)]
        rows.append("".join(str(c % 10) for c in range(self.columns)))
        return "\n".join(rows)


def _doubling_steps(length):
    """Step sizes 1, 2, 4, ... (the last one cut) whose AND-folds test a run of `length` bits."""
    steps, covered = [], 1
    while covered < length:
        step = min(covered, length - covered)
        steps.append(step)
        covered += step
    return steps
