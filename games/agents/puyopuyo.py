"""Puyo Puyo agents: a search that builds chains instead of popping at once.

``ChainBuilder`` tries every placement of the current pair and, after each, every
placement of the next pair (up to 22 × 22 boards), then scores each board:

    value = points scored on the way
            + worth_waiting × (the best chain one more puyo (or two of a colour) could set off)
            + connection × (pairs of touching same-coloured puyos)
            − height × (the sum of the squared column heights) / 4
            − danger × (how far a column has grown into the top three rows)

The *potential* is found by trying, in every column, to drop one puyo of each colour
(and, if that pops nothing, a second one of the same colour) and letting the chain
resolve: the score of the best chain found. ``worth_waiting`` is 1 while the well holds at most
``relaxed`` puyos and falls to 0 at ``full`` puyos. So on a roomy board a chain kept for
later is worth as much as popping it now, and the agent grows it (a longer chain scores
far more); as the well fills up, waiting is worth less and less, and it sets the chain off.
Only the ``beam`` boards per first placement that look best without the potential get
the (slower) potential computed.

To be quick it plays on a bare list of cells (``Well``) rather than on ``env.clone()``
(a clone copies the whole env, hundreds of times a move), with the engine's own rule
functions (``place_pair``, ``resolve_chain``, ...): the rules live only in the engine.
It uses no randomness.
"""

from functools import lru_cache

from ..envs.puyopuyo import COLUMNS, EMPTY, NEIGHBOURS, PLACEMENTS, ROOM_OF_HEIGHT, ROWS, SPAWN_CELL, \
    SPAWN_COLUMN, drop_puyo, fall, legal_placements, place_pair, resolve_chain
from ..envs.values import whole_option
from ..messages import tr

_legal = lru_cache(maxsize=None)(legal_placements)  # the same answer for the same room: keep it


class Well:
    """The board of Puyo Puyo as a flat list (row 0 at the top) and its column heights.

    It exists for speed only (a copy is two short lists, an ``env.clone()`` is a whole env);
    every rule it plays by is the engine's own function."""

    __slots__ = ("cells", "heights")

    def __init__(self, cells, heights):
        self.cells = cells
        self.heights = heights

    @classmethod
    def of(cls, env):
        return cls(env.board.ravel().tolist(), env.heights)

    def copy(self):
        return Well(self.cells.copy(), self.heights.copy())

    def legal(self):
        return _legal(tuple(ROOM_OF_HEIGHT[h] for h in self.heights))

    def dead(self):
        """Game over: the spawn cell is taken (or nothing can be placed)."""
        return self.cells[SPAWN_CELL] != EMPTY or not self.legal()

    def drop(self, column, colour):
        return drop_puyo(self.cells, self.heights, column, colour)  # the engine's own rule

    def place(self, action, pair):
        """Place ``pair`` by ``action``; resolve the chain. Returns ``(points, chain length)``."""
        column, rotation = PLACEMENTS[action]
        return resolve_chain(self.cells, self.heights, place_pair(self.cells, self.heights, column, rotation, pair))

    def resolve(self, changed):
        """Pop groups of 4+ and let puyos fall until nothing pops: ``(points, chain length)``."""
        return resolve_chain(self.cells, self.heights, changed)

    def label_groups(self):
        """``(label, size)``: the group number of every puyo (-1 for empty) and each group's size."""
        cells = self.cells
        label, size = [-1] * len(cells), []
        for start, colour in enumerate(cells):
            if colour == EMPTY or label[start] >= 0:
                continue
            number, count, todo = len(size), 1, [start]
            label[start] = number
            while todo:
                for n in NEIGHBOURS[todo.pop()]:
                    if cells[n] == colour and label[n] < 0:
                        label[n] = number
                        count += 1
                        todo.append(n)
            size.append(count)
        return label, size

    def fall(self, columns):
        """Gravity on ``columns``; returns the cells of puyos that moved."""
        return fall(self.cells, self.heights, columns)


def potential(well, colours):
    """The best chain score one puyo (or two of one colour) dropped in some column would set off."""
    label, size = well.label_groups()
    best, tried = 0, set()
    for column in range(COLUMNS):
        height = well.heights[column]
        if height >= ROWS - 1:  # no room for the test puyos
            continue
        landing = (ROWS - 1 - height) * COLUMNS + column
        for colour in range(1, colours + 1):
            # Quick check first: the groups the new puyo(s) would join must reach 4 together.
            joined_by_one = _joined(well, label, [landing], colour)
            joined_by_two = _joined(well, label, [landing, landing - COLUMNS], colour)
            # A trigger that pops the very same groups as one tried already (from another
            # column) sets off (nearly) the same chain: skip it.
            if 1 + sum(size[g] for g in joined_by_one) >= 4:
                if (1, frozenset(joined_by_one)) in tried:
                    continue
                tried.add((1, frozenset(joined_by_one)))
                trial = well.copy()
                points, _ = trial.resolve([trial.drop(column, colour)])
            elif 2 + sum(size[g] for g in joined_by_two) >= 4:
                if (2, frozenset(joined_by_two)) in tried:
                    continue
                tried.add((2, frozenset(joined_by_two)))
                trial = well.copy()
                trial.drop(column, colour)
                points, _ = trial.resolve([trial.drop(column, colour)])
                points = points * 3 // 4  # a second puyo of that colour is needed: less sure
            else:
                continue
            best = max(best, points)
    return best


def _joined(well, label, cells, colour):
    """The groups (labels) of ``colour`` that touch any of ``cells``."""
    found = set()
    for cell in cells:
        if cell < 0:
            continue
        for n in NEIGHBOURS[cell]:
            if well.cells[n] == colour:
                found.add(label[n])
    return found


class ChainBuilder:
    """Search the current and the next pair; score boards for chain potential (see the module help).

    ``depth`` is 2 (current and next pair) or 1 (current pair only); the weights and
    ``beam``, ``relaxed``, ``full`` are explained in the module help. The defaults take about
    0.025 s of CPU a move here.
    """

    def __init__(self, depth=2, potential_weight=1.0, connection=10.0, height=1.0, danger=400.0, beam=8,
                 relaxed=42, full=66):
        self.depth = whole_option("depth", depth, 1, 2, means=tr(
            en="2: the current and the next pair; 1: the current pair", ja="2 は今のぷよと次のぷよ、1 は今のぷよだけ"))
        self.relaxed = relaxed  # up to this many puyos in the well, a chain kept is worth its full score
        self.full = full  # ... and with this many, nothing (72 cells in all)
        self.potential_weight = potential_weight
        self.connection = connection
        self.height = height
        self.danger = danger
        self.beam = beam  # boards per first placement whose potential is computed (the best by quick score)
        self.name = "chain_builder"

    def __call__(self, env):
        well = Well.of(env)
        pairs = [env.pair] + list(env.next_pairs)
        colours = env.colours
        best_action, best_value = None, None
        for action in env.legal_actions():
            first = well.copy()
            gained, _ = first.place(action, pairs[0])
            if first.dead():
                value = -1e9 + gained
            elif self.depth == 1:
                value = gained + self.evaluate(first, colours)
            else:
                value = gained + self._best_second(first, pairs[1], colours)
            if best_value is None or value > best_value:
                best_action, best_value = action, value
        return best_action

    def _best_second(self, well, pair, colours):
        boards = []
        for action in well.legal():
            second = well.copy()
            gained, _ = second.place(action, pair)
            if second.dead():
                boards.append((-1e9 + gained, gained, None))
            else:
                boards.append((gained + self.shape(second), gained, second))
        boards.sort(key=lambda item: -item[0])
        best = boards[0][0] if boards else -1e9
        for _, gained, second in boards[:self.beam]:
            if second is not None:
                best = max(best, gained + self.evaluate(second, colours))
        return best

    def evaluate(self, well, colours):
        """Chain potential plus shape. The fuller the well, the less a chain kept for later is
        worth (it may never be set off): then popping it now wins."""
        puyos = sum(well.heights)
        worth_waiting = min(1.0, max(0.0, (self.full - puyos) / (self.full - self.relaxed)))
        if worth_waiting == 0:
            return self.shape(well)
        return self.potential_weight * worth_waiting * potential(well, colours) + self.shape(well)

    def shape(self, well):
        """Connections of same-coloured puyos, minus height (and much more near the spawn column)."""
        cells, heights = well.cells, well.heights
        links = 0
        for cell, colour in enumerate(cells):
            if colour:
                if cell % COLUMNS < COLUMNS - 1 and cells[cell + 1] == colour:
                    links += 1
                if cell + COLUMNS < ROWS * COLUMNS and cells[cell + COLUMNS] == colour:
                    links += 1
        value = self.connection * links - self.height * sum(h * h for h in heights) / 4
        for column in range(COLUMNS):
            if heights[column] >= ROWS - 3:  # a nearly full column blocks the way (or ends the game)
                near_spawn = abs(column - SPAWN_COLUMN) <= 1
                value -= self.danger * (heights[column] - (ROWS - 4)) * (1 if near_spawn else 0.25)
        return value


chain_builder = ChainBuilder()

__all__ = ["ChainBuilder", "Well", "chain_builder", "potential"]
