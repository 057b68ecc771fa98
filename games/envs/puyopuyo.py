"""Puyo Puyo (ぷよぷよ), one player, with Puyo Puyo Tsu (ぷよぷよ通) scoring.

Description
    Pairs of coloured puyos fall into a well 6 columns wide and 12 rows high. You choose
    where each pair lands: a column and a rotation. Every puyo falls as far as it can
    (the two puyos of a lying pair can land at different heights). Four or more puyos
    of the same colour that touch up / down / left / right form a group and pop; the
    puyos above fall down, which can make new groups pop: a *chain* (連鎖). Long
    chains score far more than many short ones.

    Rules decided here (the real games differ in small ways):

    - There is no hidden 13th row: both puyos must land inside the 12 rows.
    - The pair appears above the spawn column (column 2, the third from the left) and
      must travel to its target: a column filled to the top (12 puyos) between the
      spawn column and the target blocks the way.
    - No all-clear bonus and no soft-drop points: only the chain score below.

Action Space
    ``Discrete(22)``: the 22 placements ``(column, rotation)`` that fit on an empty board.
    ``column`` is where the *pivot* (軸ぷよ, the first puyo of the pair) lands, 0 = left.
    ``rotation`` says where the second puyo is, seen from the pivot:
    0 = right, 1 = up, 2 = left, 3 = down. Numbered in ascending (column, rotation) order::

        action    0  1  2 | 3  4  5  6 | 7  8  9 10 | 11 12 13 14 | 15 16 17 18 | 19 20 21
        column    0  0  0 | 1  1  1  1 | 2  2  2  2 |  3  3  3  3 |  4  4  4  4 |  5  5  5
        rotation  0  1  3 | 0  1  2  3 | 0  1  2  3 |  0  1  2  3 |  0  1  2  3 |  1  2  3

    ``action_to_placement(action) -> (column, rotation)`` and
    ``placement_to_action(column, rotation) -> action`` convert (also as methods of the env),
    and ``step`` accepts a ``(column, rotation)`` tuple too. A placement is legal when both
    puyos fit in the 12 rows and no full column blocks the way from the spawn column
    (``info["action_mask"]``). When the two puyos have the same colour, rotations 0 and 2
    (and 1 and 3) give the same result; both stay legal.

Observation Space
    ``int8`` array of shape ``(12, 6)``: 0 empty, 1 .. ``colours`` a puyo of that colour
    (1 red R, 2 green G, 3 blue B, 4 yellow Y, 5 purple P). Row 0 is the TOP row.
    The pairs are not in the observation: ``info["pair"]`` is the pair to place now
    (pivot colour, second colour) and ``info["next_pairs"]`` the next two (NEXT and
    NEXT-NEXT, as on the real screen).

Rewards
    The score gained by the placement (all the steps of the chain it sets off), with the
    Puyo Puyo Tsu formula for each chain step::

        10 × puyos cleared × clamp(chain power + colour bonus + group bonuses, 1, 999)

    - chain power, chain step 1, 2, 3, ...: 0, 8, 16, 32, 64, 96, 128, ... (+32 each step:
      480 at 18, 512 at 19, 544 at 20, ...). Only 18 steps fit in 72 cells, so the table
      beyond 19 (where sources differ) is never used.
    - colour bonus, by the number of colours popping in that step (1 .. 5): 0, 3, 6, 12, 24.
    - group bonus, for each popping group, by its size: 4: 0, 5: 2, 6: 3, 7: 4, 8: 5,
      9: 6, 10: 7, 11 or more: 10.

    Example: one group of 4 at chain step 1 gives 10 × 4 × clamp(0, 1, 999) = 40.
    Scores are large numbers (hundreds to tens of thousands); scale them for learning.
    With ``illegal="lose"``: -1 for an illegal placement (and the game ends).

    ``info`` after each step: ``"chain"`` the chain length this placement reached
    (0 = nothing popped), ``"score"`` the total so far, ``"chain_steps"`` a list with one
    dict per chain step (``chain``, ``cleared``, ``groups`` (sizes), ``colours``, ``score``).

Starting State
    An empty well. Each puyo of each pair gets a colour uniformly at random. The pair
    sequence is fixed at ``reset`` by the seed alone (not by the random draws an agent
    makes), so the same seed gives the same pairs whatever you play.

    ``reset(options={"board": ..., "pairs": [...]})`` starts from a given position (a
    12 × 6 board with no floating puyos, no group of 4 and room to place a pair) and/or
    given first pairs (random pairs follow): handy for puzzles (なぞぷよ) and tests.

Episode End
    Game over when the spawn cell (column 2, top row) is occupied once a placement has
    fully resolved, as in the real game (without a 13th row, that is when column 2 is
    full). It is also over when no placement is legal (column 2 is one puyo short of
    full and both its neighbours are full: the next pair would be stuck on the spawn
    cell). There is no truncation: set your own limit on the number of steps.

Arguments
    ``games.make("puyopuyo", colours=4, illegal="raise", seed=None)``

    - ``colours``: how many puyo colours, 3 to 5 (4 as in the real game).
    - ``illegal``: ``"raise"`` (an error that lists the legal placements) or ``"lose"``.
    - ``seed``: the seed of ``reset``.
"""

import numpy as np

from ..errors import BadOptionError, IllegalActionError
from ..messages import tr
from ..render.puyopuyo import draw_puyopuyo
from .base import Env
from .values import number_grid, whole_number, whole_option, whole_pair

ROWS, COLUMNS = 12, 6
SPAWN_COLUMN = 2
SPAWN_CELL = 0 * COLUMNS + SPAWN_COLUMN  # top row, third column
EMPTY = 0
COLOUR_LETTERS = ".RGBYP"  # index = colour number
POP_SIZE = 4
PAIRS_PER_BLOCK = 64  # pairs are drawn in blocks, as the game needs them

# rotation -> (row, column) of the second puyo, seen from the pivot (row 0 at the top)
SECOND_AT = {0: (0, 1), 1: (-1, 0), 2: (0, -1), 3: (1, 0)}
ROTATION_NAMES = {0: ("right", "右"), 1: ("up", "上"), 2: ("left", "左"), 3: ("down", "下")}  # (English, Japanese)
# rotation -> column offset of the second puyo from the pivot (up/down stay in the column)
SECOND_OFFSET = {rotation: d_col for rotation, (_, d_col) in SECOND_AT.items()}

# The 22 placements that fit on an empty board, in ascending (column, rotation) order.
PLACEMENTS = tuple((column, rotation) for column in range(COLUMNS) for rotation in range(4)
                   if 0 <= column + SECOND_OFFSET[rotation] < COLUMNS)
ACTION_OF = {placement: action for action, placement in enumerate(PLACEMENTS)}

# Puyo Puyo Tsu tables.
CHAIN_POWER = (0, 8, 16, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448, 480, 512)
COLOUR_BONUS = (0, 0, 3, 6, 12, 24)  # index = number of colours popping together
GROUP_BONUS = (0, 0, 0, 0, 0, 2, 3, 4, 5, 6, 7)  # index = group size (4 .. 10); 11+ -> 10

# The up / down / left / right neighbours of every cell (cell = row * COLUMNS + column).
NEIGHBOURS = tuple(
    tuple(r * COLUMNS + c for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
          if 0 <= r < ROWS and 0 <= c < COLUMNS)
    for row in range(ROWS) for col in range(COLUMNS))


def chain_power(chain):
    """The Tsu chain power of chain step ``chain`` (1, 2, ...): 0, 8, 16, then +32 a step."""
    if chain <= len(CHAIN_POWER):
        return CHAIN_POWER[chain - 1]
    return CHAIN_POWER[-1] + 32 * (chain - len(CHAIN_POWER))


def group_bonus(size):
    """The Tsu bonus of one popping group of ``size`` puyos."""
    return GROUP_BONUS[size] if size < len(GROUP_BONUS) else 10


def chain_step_score(chain, group_sizes, colours):
    """Points of one chain step: 10 × cleared × clamp(power + colour bonus + group bonuses, 1, 999).

    ``group_sizes`` lists the size of every group popping in this step, ``colours`` how many
    different colours they have.
    """
    bonus = chain_power(chain) + COLOUR_BONUS[colours] + sum(group_bonus(size) for size in group_sizes)
    return 10 * sum(group_sizes) * min(max(bonus, 1), 999)


def action_to_placement(action):
    """Action number (0 .. 21) -> ``(column, rotation)``."""
    number = whole_number(action)  # read as step reads an action: np.int64(3) and np.array(3) too
    if number is not None and 0 <= number < len(PLACEMENTS):
        return PLACEMENTS[number]
    raise IllegalActionError(tr(
        en="{value!r} is not a placement number: placements are 0 to {last}.",
        ja="{value!r} は置き方の番号ではありません。番号は 0 〜 {last} です。",
        value=action, last=len(PLACEMENTS) - 1))


def placement_to_action(column, rotation=None):
    """``(column, rotation)`` -> action number. Rotation: 0 right, 1 up, 2 left, 3 down.

    The placement may also be given as one tuple, as ``step`` takes it: ``placement_to_action((2, 1))``.
    """
    if rotation is None and whole_pair(column) is not None:
        column, rotation = column
    placement = whole_pair((column, rotation))
    action = ACTION_OF.get(placement) if placement is not None else None
    if action is None:
        raise IllegalActionError(_bad_placement_message(column, rotation))
    return action


ROOM_OF_HEIGHT = (2,) * (ROWS - 1) + (1, 0)  # puyos in a column -> free cells, counted up to 2
LEGAL_BY_ROOM = {}  # room of the 6 columns -> the legal placements (a tuple), filled as met


def legal_placements(room):
    """The legal actions when column ``c`` has ``room[c]`` free cells (0, 1, or 2 meaning 2+).

    The pair starts above the spawn column and moves sideways until a full column stops it;
    both puyos must fit in the 12 rows (an upright pair needs 2 free cells in its column).
    """
    if room[SPAWN_COLUMN] == 0:
        return ()
    left = SPAWN_COLUMN
    while left > 0 and room[left - 1] > 0:
        left -= 1
    right = SPAWN_COLUMN
    while right < COLUMNS - 1 and room[right + 1] > 0:
        right += 1
    legal = []
    for action, (column, rotation) in enumerate(PLACEMENTS):
        other = column + SECOND_OFFSET[rotation]
        if left <= min(column, other) and max(column, other) <= right:
            if other != column or room[column] == 2:
                legal.append(action)
    return tuple(legal)


def _bad_placement_message(column, rotation):
    if whole_number(column) not in range(COLUMNS):
        return tr(en="Column {column!r} does not exist: columns are 0 to 5.",
                  ja="列 {column!r} はありません。列は 0 〜 5 です。", column=column)
    if whole_number(rotation) not in range(4):
        return tr(en="Rotation {rotation!r} does not exist: use 0 (right), 1 (up), 2 (left) or 3 (down).",
                  ja="回転 {rotation!r} はありません。0（右）、1（上）、2（左）、3（下）のどれかです。",
                  rotation=rotation)
    return tr(en="(column {column}, rotation {rotation}) puts the second puyo outside the well.",
              ja="（列 {column}, 回転 {rotation}）では 2 個目のぷよが盤の外に出てしまいます。",
              column=column, rotation=rotation)


class PuyoPuyo(Env):
    __doc__ = __doc__

    name = "puyopuyo"
    num_players = 1
    num_actions = len(PLACEMENTS)
    rows, columns = ROWS, COLUMNS

    action_to_placement = staticmethod(action_to_placement)
    placement_to_action = staticmethod(placement_to_action)

    def __init__(self, *, colours=4, illegal="raise", seed=None, opponent=None):
        self.colours = whole_option("colours", colours, 3, 5, means=tr(en="how many puyo colours",
                                                                       ja="ぷよの色の数"))
        self._start = {}
        super().__init__(opponent=opponent, illegal=illegal, seed=seed)

    # ------------------------------------------------------------------ start
    def reset(self, seed=None, options=None):
        """Start a new game (see the class help): ``options={"board": ..., "pairs": [...]}``."""
        start = self._check_start_options(options)  # checked before anything changes
        self._check_seed(seed)
        self._start = start
        return super().reset(seed=seed)

    def _new_game(self):
        self._board = [EMPTY] * (ROWS * COLUMNS)  # row 0 = top, cell = row * COLUMNS + column
        self._heights = [0] * COLUMNS  # puyos in each column
        # The pairs come from their own seed, drawn once here: an agent drawing from
        # np_random later cannot change which pairs come.
        self._pair_seed = int(self.np_random.integers(1 << 62))
        self._pairs = ()  # every pair drawn so far (a tuple: clones can share it safely)
        self._pair_index = 0
        self.score = 0
        self.chain = 0
        self.chain_steps = []
        self.puyos_placed = 0
        self.puyos_popped = 0
        self.last_placement = None
        if "board" in self._start:
            self._board = list(self._start["board"])
            self._heights = [sum(1 for row in range(ROWS) if self._board[row * COLUMNS + col])
                             for col in range(COLUMNS)]
            self.puyos_placed = sum(self._heights)
        if "pairs" in self._start:
            self._pairs = tuple(self._start["pairs"])
        self._legal = self._compute_legal()
        self._terminated = self._board[SPAWN_CELL] != EMPTY or not self._legal

    def _check_start_options(self, options):
        if options is None:
            return {}
        if not isinstance(options, dict) or set(options) - {"board", "pairs"}:
            raise BadOptionError(tr(
                en="reset options must be a dict with the keys 'board' and/or 'pairs'; you gave {value!r}.",
                ja="reset の options は 'board' と 'pairs' をキーに持つ dict にしてください。渡された値: {value!r}",
                value=options))
        start = {}
        if options.get("board") is not None:
            start["board"] = self._check_board(options["board"])
        if options.get("pairs") is not None:
            start["pairs"] = self._check_pairs(options["pairs"])
        return start

    def _check_board(self, board):
        cells = number_grid(board, ROWS, COLUMNS, EMPTY, self.colours)
        if cells is None:
            raise BadOptionError(tr(
                en="The board must be 12 rows × 6 columns of whole numbers 0 (empty) to {colours}.",
                ja="board は 12 行 × 6 列で、中身は 0（空）〜 {colours} の整数にしてください。",
                colours=self.colours))
        for cell in range(COLUMNS, ROWS * COLUMNS):  # every puyo must rest on the floor or a puyo
            if cells[cell] == EMPTY and cells[cell - COLUMNS] != EMPTY:
                raise BadOptionError(tr(
                    en="The puyo at row {row}, column {col} floats: puyos must rest on the floor or on a puyo.",
                    ja="{row} 行 {col} 列のぷよが浮いています。ぷよは床か他のぷよの上に置いてください。",
                    row=cell // COLUMNS - 1, col=cell % COLUMNS))
        groups = popping_groups(cells, [cell for cell in range(ROWS * COLUMNS) if cells[cell]])
        if groups:
            raise BadOptionError(tr(
                en="The board already has a group of {size} touching puyos of one colour: it would pop at once.",
                ja="board にすでに同じ色のぷよが {size} 個つながっています（すぐ消えてしまいます）。",
                size=len(groups[0])))
        heights = [sum(1 for row in range(ROWS) if cells[row * COLUMNS + col]) for col in range(COLUMNS)]
        if not legal_placements(tuple(ROOM_OF_HEIGHT[h] for h in heights)):
            raise BadOptionError(tr(
                en="No pair can be placed on this board (the spawn cell, column 2 at the top, must stay reachable).",
                ja="この board ではぷよを置ける場所がありません（出現位置の 2 列目の上に置ける空きが必要です）。"))
        return cells

    def _check_pairs(self, pairs):
        """The pairs as a list of two ints each; a pair is a tuple or list (a set has no order)."""
        if isinstance(pairs, np.ndarray):
            pairs = pairs.tolist()
        checked = [whole_pair(pair) for pair in pairs] if isinstance(pairs, (list, tuple)) else [None]
        if not all(pair is not None and all(1 <= v <= self.colours for v in pair) for pair in checked):
            raise BadOptionError(tr(
                en="pairs must be a list of (pivot colour, second colour) with colours 1 to {colours}, "
                   "such as [(1, 2), (3, 3)].",
                ja="pairs は (軸ぷよの色, 2 個目の色) のリストにしてください（色は 1 〜 {colours}）。"
                   "例: [(1, 2), (3, 3)]",
                colours=self.colours))
        return checked

    # ------------------------------------------------------------------ pairs
    def _pair_at(self, index):
        """Pair number ``index`` of this game (drawing new blocks of pairs when needed)."""
        while index >= len(self._pairs):
            block = len(self._pairs) // PAIRS_PER_BLOCK
            # Each block has its own generator seeded by (game seed, block number), so the
            # sequence is fixed by the seed and clones never share a generator.
            rng = np.random.default_rng([self._pair_seed, block])
            colours = rng.integers(1, self.colours + 1, size=(PAIRS_PER_BLOCK, 2)).tolist()
            self._pairs = self._pairs + tuple(map(tuple, colours))
        return self._pairs[index]

    @property
    def pair(self):
        """The pair to place now: ``(pivot colour, second colour)``."""
        return self._pair_at(self._pair_index)

    @property
    def next_pairs(self):
        """The next two pairs (NEXT and NEXT-NEXT)."""
        return [self._pair_at(self._pair_index + 1), self._pair_at(self._pair_index + 2)]

    @property
    def board(self):
        """The board as a ``(12, 6)`` array (a copy), row 0 at the top."""
        return self._observation()

    @property
    def heights(self):
        """How many puyos each column holds (a new list)."""
        return list(self._heights)

    # ------------------------------------------------------------------ legality
    def _compute_legal(self):
        # Legality depends only on how much room each column has (2+, 1 or 0 cells), so the
        # answer for each of those (at most 3**6) situations is worked out once and kept.
        room = tuple(map(ROOM_OF_HEIGHT.__getitem__, self._heights))
        legal = LEGAL_BY_ROOM.get(room)
        if legal is None:
            legal = LEGAL_BY_ROOM[room] = legal_placements(room)
        return legal

    def _legal_actions(self):
        return list(self._legal)  # a new list: the student may change it

    def _is_legal(self, action):
        return action in self._legal

    def _why_illegal(self, action):
        column, rotation = PLACEMENTS[action]
        other = column + SECOND_OFFSET[rotation]
        where = tr(en="Placement {action} (column {column}, rotation {rotation})",
                   ja="置き方 {action}（列 {column}, 回転 {rotation}）",
                   action=action, column=column, rotation=rotation)
        for col in range(min(column, other, SPAWN_COLUMN), max(column, other, SPAWN_COLUMN) + 1):
            if self._heights[col] >= ROWS and col not in (column, other):
                return where + tr(
                    en=" is blocked: column {col} is full, so the pair cannot get there from column 2.",
                    ja=" はできません。{col} 列がいっぱいなので、ぷよが 2 列目からそこまで動けません。", col=col)
        needed = 2 if other == column else 1  # an upright pair needs two free cells
        col = next(col for col in (column, other) if ROWS - self._heights[col] < needed)
        return where + tr(
            en=" does not fit: column {col} has only {free} free cell(s).",
            ja=" はできません。{col} 列には空きが {free} マスしかありません。",
            col=col, free=ROWS - self._heights[col])

    PAIR_EXAMPLE = {"en": "a (column, rotation) tuple such as (2, 1)", "ja": "(列, 回転) のタプル（例: (2, 1)）"}

    def action_of_pair(self, column, rotation):
        found = ACTION_OF.get((column, rotation))
        return (found, None) if found is not None else (None, _bad_placement_message(column, rotation))

    # ------------------------------------------------------------------ playing
    def _play(self, action):
        column, rotation = PLACEMENTS[action]
        landed = place_pair(self._board, self._heights, column, rotation, self._pair_at(self._pair_index))
        self.puyos_placed += 2
        self._pair_index += 1
        self.last_placement = (column, rotation, landed)
        steps = []
        gained, self.chain = resolve_chain(self._board, self._heights, landed, steps)
        self.chain_steps = steps
        self.puyos_popped += sum(step["cleared"] for step in steps)
        self.score += gained
        self._legal = self._compute_legal()
        if self._board[SPAWN_CELL] != EMPTY or not self._legal:
            self._terminated = True
        return gained

    # ------------------------------------------------------------------ views
    def _observation(self):
        return np.array(self._board, dtype=np.int8).reshape(ROWS, COLUMNS)

    def _extra_info(self):
        # new objects every time: a student may keep old infos
        steps = [dict(step, groups=list(step["groups"])) for step in self.chain_steps]
        return {"pair": self.pair, "next_pairs": self.next_pairs, "chain": self.chain,
                "score": self.score, "chain_steps": steps}

    def _copy_state(self, new):
        new._board = self._board.copy()
        new._heights = self._heights.copy()
        new.chain_steps = [dict(step, groups=list(step["groups"])) for step in self.chain_steps]
        # _pairs is a tuple (replaced, never changed), so sharing it is safe.

    def _hide_in_view(self, view):
        # Only the pair to place and the two shown next: the pairs after them come from the view's own seed.
        view._pairs = tuple(self._pair_at(self._pair_index + k) for k in range(3))
        view._pair_index = 0
        view._pair_seed = int(view.np_random.integers(1 << 62))
        view._start = {}

    def _picture(self):
        return draw_puyopuyo(self)

    def _text(self):
        board = self._board
        lines = ["".join(COLOUR_LETTERS[v] for v in board[row * COLUMNS:(row + 1) * COLUMNS])
                 for row in range(ROWS)]
        pair = "".join(COLOUR_LETTERS[v] for v in self.pair)
        following = " ".join("".join(COLOUR_LETTERS[v] for v in p) for p in self.next_pairs)
        lines.append(tr(en="pair {pair} next {following} score {score}",
                        ja="今の組 {pair}  次 {following}  スコア {score}",
                        pair=pair, following=following, score=self.score))
        return "\n".join(lines)


# The rules below work on a flat list of cells (row 0 at the top) and the list of column
# heights, changed in place. The env plays with them, and so does the search agent of
# games.agents.puyopuyo (on its own lists, far quicker than cloning an env).

def place_pair(board, heights, column, rotation, pair):
    """Drop ``pair`` (pivot colour, second colour) by placement ``(column, rotation)``; return the two cells."""
    pivot, second = pair
    if rotation == 1:  # second on top: the pivot lands first
        return [drop_puyo(board, heights, column, pivot), drop_puyo(board, heights, column, second)]
    if rotation == 3:  # second below: it lands first
        return [drop_puyo(board, heights, column, second), drop_puyo(board, heights, column, pivot)]
    # a lying pair: each puyo falls in its own column
    return [drop_puyo(board, heights, column, pivot),
            drop_puyo(board, heights, column + SECOND_OFFSET[rotation], second)]


def resolve_chain(board, heights, changed, steps=None):
    """Pop groups and let puyos fall, step by step, until nothing pops: ``(points, chain length)``.

    ``changed`` are the cells of the puyos that just landed or fell (a new group must hold
    one of them). When ``steps`` is a list, one dict per chain step is added to it
    (``chain``, ``cleared``, ``groups`` (sizes), ``colours``, ``score``).
    """
    chain, gained = 0, 0
    while True:
        groups = popping_groups(board, changed)
        if not groups:
            return gained, chain
        chain += 1
        sizes = [len(group) for group in groups]
        colours = len({board[group[0]] for group in groups})
        points = chain_step_score(chain, sizes, colours)
        if steps is not None:
            steps.append({"chain": chain, "cleared": sum(sizes), "groups": sizes,
                          "colours": colours, "score": points})
        gained += points
        columns = set()
        for group in groups:
            for cell in group:
                board[cell] = EMPTY
                columns.add(cell % COLUMNS)
        changed = fall(board, heights, columns)


def drop_puyo(board, heights, column, colour):
    """Put a puyo on top of ``column`` of ``board`` (a flat list) and count it in ``heights``; return its cell."""
    cell = (ROWS - 1 - heights[column]) * COLUMNS + column
    board[cell] = colour
    heights[column] += 1
    return cell


def fall(board, heights, columns):
    """Gravity on these columns of ``board`` (a flat list); return the cells of the puyos that moved."""
    moved = []
    for col in columns:
        write = ROWS - 1  # the next free row, from the bottom up
        for row in range(ROWS - 1, ROWS - 1 - heights[col], -1):
            cell = row * COLUMNS + col
            colour = board[cell]
            if colour:
                if row != write:
                    target = write * COLUMNS + col
                    board[target], board[cell] = colour, EMPTY
                    moved.append(target)
                write -= 1
        heights[col] = ROWS - 1 - write
    return moved


def popping_groups(board, starts):
    """The groups of at least 4 same-coloured touching puyos that contain a cell of ``starts``."""
    seen = set()
    groups = []
    for start in starts:
        colour = board[start]
        if colour == EMPTY or start in seen:
            continue
        seen.add(start)
        group, todo = [start], [start]
        while todo:  # an explicit stack, not recursion
            cell = todo.pop()
            for neighbour in NEIGHBOURS[cell]:
                if board[neighbour] == colour and neighbour not in seen:
                    seen.add(neighbour)
                    group.append(neighbour)
                    todo.append(neighbour)
        if len(group) >= POP_SIZE:
            groups.append(group)
    return groups
