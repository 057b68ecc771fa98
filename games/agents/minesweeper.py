"""Minesweeper agents: a logic solver that guesses only when it must, and then wisely.

It reads only what a player sees (``env.board``: -1 hidden, 0..8 numbers) and the total
number of mines ``env.mines``; it never looks at the hidden mines.

1. Rules (``deduce``). Every revealed number says "among my hidden neighbours there are
   exactly n mines": a *constraint* (a set of cells, a count). Run to a fixpoint:

   - single cell: count 0 -> every cell of it is safe; count = its size -> all are mines;
   - subset: if A's cells are all in B, then B − A holds count(B) − count(A) mines (a new
     constraint). This is what solves the 1-2-1 pattern.

   Any safe cell found is played; the solver never guesses while it knows a safe cell.

2. Probabilities (``mine_probabilities``), when the rules find nothing. The hidden cells
   next to numbers (the *frontier*) are split into independent groups; for each, every
   way of placing mines that fits all the numbers is counted (cells that share exactly
   the same numbers are counted together, with binomial coefficients). The total number
   of mines links the groups and the other hidden cells: a way that leaves k mines for
   the u cells far from any number counts C(u, k) times. This gives the exact chance that
   each cell is a mine (if a group is too big to count, a simpler local estimate is used).
   A cell with chance 0 is safe after all (played, not a guess). Otherwise the solver
   guesses: among the safest cells (at most 0.05 riskier than the safest; the ones with
   fewest hidden neighbours first, so corners and edges, which show a 0 more often) it
   picks the best ``(1 − p) × (1 − 0.2 × (1 − progress))``: ``p`` its chance of being a
   mine, ``progress`` the chance that its number lets the rules find a safe cell right
   after (``progress_chance``), because when the rules get stuck again another guess
   (another risk) is needed.

3. The first click goes to a corner: under ``first_click="safe"`` it cannot be a mine, and
   a corner has the best chance of being a 0 that opens an area. (Under ``"zero"``, where
   the first click always opens an area, it clicks row 3, column 3 instead.)

The solver uses no randomness (ties are broken by the rules above, then by the lowest
cell number), so the game depends only on the env's seed.
"""

from functools import lru_cache
from math import comb

HIDDEN = -1


@lru_cache(maxsize=None)
def neighbour_table(rows, cols):
    """For every cell ``row * cols + col``, the tuple of its (up to 8) neighbours."""
    table = []
    for row in range(rows):
        for col in range(cols):
            table.append(tuple((r * cols + c) for r in range(row - 1, row + 2) for c in range(col - 1, col + 2)
                               if 0 <= r < rows and 0 <= c < cols and (r, c) != (row, col)))
    return tuple(table)


def constraints_of(view, neighbours, mines=frozenset()):
    """``{frozenset(hidden cells): mines among them}`` from every revealed number.

    ``view`` is the flat board (-1 hidden); ``mines`` are cells already known to be mines.
    """
    constraints = {}
    for cell, number in enumerate(view):
        if number == HIDDEN:
            continue
        hidden = [n for n in neighbours[cell] if view[n] == HIDDEN]
        unknown = frozenset(n for n in hidden if n not in mines)
        if unknown:
            constraints[unknown] = number - (len(hidden) - len(unknown))
    return constraints


def deduce(view, neighbours, mines=frozenset()):
    """Run the single-cell and subset rules to a fixpoint. Returns ``(safe cells, mines)`` (sets),
    where ``mines`` includes the ones given."""
    safe, found = deduce_from(constraints_of(view, neighbours, frozenset(mines)))
    return safe, found | set(mines)


def deduce_from(constraints):
    """The rules on a dict ``{frozenset(cells): mines among them}``: ``(safe cells, mines)``."""
    safe, mines = set(), set()
    constraints = dict(constraints)
    while True:
        # single-cell rule
        new_safe, new_mines = set(), set()
        for cells, count in constraints.items():
            if count == 0:
                new_safe |= cells
            elif count == len(cells):
                new_mines |= cells
        if new_safe or new_mines:
            safe |= new_safe
            mines |= new_mines
            constraints = _without(constraints, new_safe, new_mines)
            continue
        # subset rule: only constraints that share a cell can contain one another
        holding = {}
        for cells in constraints:
            for cell in cells:
                holding.setdefault(cell, []).append(cells)
        derived = {}
        for small, count in constraints.items():
            cell = min(small, key=lambda c: len(holding[c]))  # look where there are fewest candidates
            for big in holding[cell]:
                if len(big) > len(small) and small < big:
                    rest = big - small
                    if rest not in constraints and rest not in derived:
                        derived[rest] = constraints[big] - count
        if not derived:
            return safe, mines
        constraints.update(derived)


def _without(constraints, safe, mines):
    """The constraints with known cells taken out (a mine taken out lowers the count)."""
    result = {}
    for cells, count in constraints.items():
        rest = cells - safe - mines
        if rest:
            result[rest] = count - len(cells & mines)
    return result


# ------------------------------------------------------------------ probabilities
class TooManyWays(Exception):
    """A frontier group is too big to count every way of placing its mines."""


def _groups_of_cells(constraints):
    """Cells that belong to exactly the same constraints: ``{frozenset(constraint keys): [cells]}``."""
    member = {}
    for index, cells in enumerate(constraints):
        for cell in cells:
            member.setdefault(cell, set()).add(index)
    groups = {}
    for cell, indices in member.items():
        groups.setdefault(frozenset(indices), []).append(cell)
    return groups


def _components(constraints):
    """Split the constraints into independent parts (no shared cell): lists of indices."""
    cells_of = list(constraints)
    by_cell = {}
    for index, cells in enumerate(cells_of):
        for cell in cells:
            by_cell.setdefault(cell, []).append(index)
    seen, parts = set(), []
    for start in range(len(cells_of)):
        if start in seen:
            continue
        part, todo = [], [start]
        seen.add(start)
        while todo:  # breadth first: neighbouring constraints come one after another
            index = todo.pop(0)
            part.append(index)
            for cell in cells_of[index]:
                for other in by_cell[cell]:
                    if other not in seen:
                        seen.add(other)
                        todo.append(other)
        parts.append(part)
    return parts


def _count_ways(cells_of, counts, limit):
    """Count the mine placements of one component.

    Returns ``(groups, ways, group_mines)``: ``groups`` is a list of cell lists; ``ways[m]`` is
    the number of placements with ``m`` mines; ``group_mines[g][m]`` the total number of mines
    in group ``g`` over those placements.
    """
    grouped = _groups_of_cells(cells_of)
    # order the groups as the constraints come (breadth first), so constraints close early
    first_seen = {key: min(key) for key in grouped}
    keys = sorted(grouped, key=lambda key: first_seen[key])
    groups = [grouped[key] for key in keys]
    sizes = [len(g) for g in groups]
    members = [sorted(key) for key in keys]  # constraint indices of each group
    # for each constraint: how many cells are left in groups not yet decided
    left = [0] * len(cells_of)
    for g, indices in enumerate(members):
        for i in indices:
            left[i] += sizes[g]
    need = list(counts)
    ways, group_mines = {}, [dict() for _ in groups]
    chosen = [0] * len(groups)
    nodes = [0]

    def place(g, mines_so_far, weight):
        nodes[0] += 1
        if nodes[0] > limit:
            raise TooManyWays
        if g == len(groups):
            ways[mines_so_far] = ways.get(mines_so_far, 0) + weight
            for h, k in enumerate(chosen):
                if k:
                    group_mines[h][mines_so_far] = group_mines[h].get(mines_so_far, 0) + weight * k
            return
        size, indices = sizes[g], members[g]
        for i in indices:
            left[i] -= size
        low = max([0] + [need[i] - left[i] for i in indices])  # the rest must still be able to fill it
        high = min([size] + [need[i] for i in indices])
        for k in range(low, high + 1):
            for i in indices:
                need[i] -= k
            chosen[g] = k
            place(g + 1, mines_so_far + k, weight * comb(size, k))
            for i in indices:
                need[i] += k
        chosen[g] = 0
        for i in indices:
            left[i] += size

    place(0, 0, 1)
    return groups, ways, group_mines


def _convolve(a, b):
    result = {}
    for m, x in a.items():
        for n, y in b.items():
            result[m + n] = result.get(m + n, 0) + x * y
    return result


def mine_probabilities(view, neighbours, total_mines, mines=frozenset(), limit=200_000):
    """The chance that each hidden cell (not a known mine) is a mine: ``{cell: probability}``.

    Exact (every placement that fits the numbers and the total mine count is equally
    likely), unless a frontier group needs more than ``limit`` steps to count: then each
    frontier cell gets its largest local ratio count / size, and the others the average density.
    """
    hidden = [cell for cell, value in enumerate(view) if value == HIDDEN and cell not in mines]
    constraints = constraints_of(view, neighbours, frozenset(mines))
    cells_of, counts = list(constraints), list(constraints.values())
    frontier = set().union(*cells_of) if cells_of else set()
    outside = [cell for cell in hidden if cell not in frontier]
    remaining = total_mines - len(mines)
    try:
        parts = []
        for part in _components(constraints):
            parts.append(_count_ways([cells_of[i] for i in part], [counts[i] for i in part], limit))
    except TooManyWays:
        return _local_estimate(hidden, constraints, outside, remaining)

    def fill_outside(m):  # ways to put the other remaining - m mines on the outside cells
        k = remaining - m
        return comb(len(outside), k) if 0 <= k <= len(outside) else 0

    total = {0: 1}
    for _, ways, _ in parts:
        total = _convolve(total, ways)
    z = sum(w * fill_outside(m) for m, w in total.items())
    if z == 0:  # cannot happen on a real board; be safe
        return _local_estimate(hidden, constraints, outside, remaining)
    probability = {}
    for p, (groups, ways, group_mines) in enumerate(parts):
        others = {0: 1}
        for q, (_, other_ways, _) in enumerate(parts):
            if q != p:
                others = _convolve(others, other_ways)
        # weight of "this part has m mines": the ways of everything else around it
        around = {m: sum(w * fill_outside(m + n) for n, w in others.items()) for m in ways}
        for g, cells in enumerate(groups):
            expected = sum(x * around[m] for m, x in group_mines[g].items())
            for cell in cells:
                probability[cell] = expected / (z * len(cells))
    if outside:
        expected_outside = sum(w * fill_outside(m) * (remaining - m) for m, w in total.items())
        for cell in outside:
            probability[cell] = expected_outside / (z * len(outside))
    return probability


def _local_estimate(hidden, constraints, outside, remaining):
    probability = {cell: remaining / max(len(hidden), 1) for cell in outside}
    for cells, count in constraints.items():
        for cell in cells:
            probability[cell] = max(probability.get(cell, 0.0), count / len(cells))
    return probability


def progress_chance(cell, view, neighbours, probability, constraints, mines):
    """The chance that ``cell``, revealed safely, lets the rules find a safe cell at once.

    The number it would show is spread as if its hidden neighbours were mines independently
    with their chances in ``probability`` (an approximation); a 0 always helps (it opens an area).
    """
    unknown = [n for n in neighbours[cell] if view[n] == HIDDEN and n not in mines]
    if not unknown:
        return 0.0  # its number would tell nothing new
    spread = [1.0]  # spread[k]: chance of k mines among the unknown neighbours
    for n in unknown:
        q = probability.get(n, 0.0)
        spread = [a * (1 - q) + b * q for a, b in zip(spread + [0.0], [0.0] + spread)]
    region = set(unknown) | {cell}
    for n in unknown:
        region.update(neighbours[n])
    local = {}
    for cells, count in constraints.items():
        if cells & region:
            rest = cells - {cell}
            if rest:
                local[rest] = count
    chance = spread[0]
    for k in range(1, len(spread)):
        if spread[k] > 1e-3:
            trial = dict(local)
            trial[frozenset(unknown)] = k
            if deduce_from(trial)[0]:
                chance += spread[k]
    return chance


# ------------------------------------------------------------------ the agent
class MinesweeperSolver:
    """The logic solver with probability guesses (see the module docstring).

    It remembers the safe cells it has found, so it thinks again only when they are used
    up (it notices a new game by itself). ``solver.guesses`` counts the guesses of the game.
    """

    name = "solver"

    def __init__(self, limit=200_000, candidates=10, tolerance=0.05, next_risk=0.2):
        self.limit = limit
        self.candidates = candidates  # how many of the safest cells to compare
        self.tolerance = tolerance  # ... if at most this much riskier than the safest
        self.next_risk = next_risk  # the rough risk of the extra guess needed when the rules get stuck
        self._forget()

    def _forget(self):
        self._seen = None  # the board when we last thought
        self._safe = []  # safe cells found then, not yet played
        self._mines = set()
        self.guesses = 0

    def __call__(self, env):
        view = env.board.ravel().tolist()
        if not self._same_game(view):
            self._forget()
        self._seen = view
        self._safe = [cell for cell in self._safe if view[cell] == HIDDEN]
        if self._safe:
            return self._safe.pop()
        neighbours = neighbour_table(env.rows, env.cols)
        if all(value == HIDDEN for value in view):
            return self._first_click(env)
        safe, self._mines = deduce(view, neighbours, self._mines)
        if safe:
            self._safe = sorted(safe, reverse=True)  # play the lowest cell first
            return self._safe.pop()
        probability = mine_probabilities(view, neighbours, env.mines, self._mines, self.limit)
        sure_safe = sorted(cell for cell, p in probability.items() if p == 0)
        if sure_safe:
            self._safe = sure_safe[::-1]
            return self._safe.pop()
        self._mines |= {cell for cell, p in probability.items() if p == 1}
        self.guesses += 1
        return self._guess(view, neighbours, probability)

    def _guess(self, view, neighbours, probability):
        """The cell to try: safe enough, and likely to let the rules go on afterwards."""

        def hidden_around(cell):
            return sum(view[n] == HIDDEN for n in neighbours[cell])

        ranked = sorted((p, hidden_around(cell), cell) for cell, p in probability.items() if p < 1)
        lowest = ranked[0][0]
        candidates = [cell for p, _, cell in ranked[:self.candidates] if p <= lowest + self.tolerance]
        if len(candidates) == 1:
            return candidates[0]
        constraints = constraints_of(view, neighbours, frozenset(self._mines))

        def value(cell):
            # survive now, and (if the rules are stuck afterwards) survive one more guess
            progress = progress_chance(cell, view, neighbours, probability, constraints, self._mines)
            return (1 - probability[cell]) * (1 - self.next_risk * (1 - progress))

        return max(candidates, key=value)  # max keeps the first of equals: the safest, then fewest hidden

    @staticmethod
    def _first_click(env):
        """A corner: under "safe" it has the best chance of being a 0. Under "zero" every first
        click opens an area, and one away from the edges (row 3, column 3) opens a bigger one."""
        if getattr(env, "first_click", "safe") == "zero":
            return min(3, env.rows - 1) * env.cols + min(3, env.cols - 1)
        return 0

    def _same_game(self, view):
        """Is ``view`` the board we saw last time, with more cells revealed?"""
        if self._seen is None or len(self._seen) != len(view):
            return False
        return all(old == HIDDEN or old == new for old, new in zip(self._seen, view))


def solver_agent(env):
    """A ready-made ``MinesweeperSolver`` (it notices new games by itself)."""
    return _default_solver(env)


_default_solver = MinesweeperSolver()

__all__ = ["MinesweeperSolver", "constraints_of", "deduce", "deduce_from", "mine_probabilities",
           "neighbour_table", "progress_chance", "solver_agent"]
