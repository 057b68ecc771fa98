"""Minesweeper solver: deductions on hand-made boards, exact probabilities, honest play."""

import itertools

import numpy as np
import pytest

import games
from games import arena
from games.agents import random_agent
from games.agents.minesweeper import MinesweeperSolver, deduce, mine_probabilities, neighbour_table

H = -1  # hidden


def flat(rows):
    return [H if c == "#" else int(c) for row in rows for c in row.split()]


def test_neighbour_table():
    table = neighbour_table(3, 4)
    assert table[0] == (1, 4, 5)
    assert table[5] == (0, 1, 2, 4, 6, 8, 9, 10)
    assert len(table[11]) == 3


def test_one_two_one():
    #  # # # # #      mines must be above the 2's neighbours at columns 1 and 3:
    #  1 1 2 1 1      the 1-2-1 in the middle says: mine, safe, mine
    #  0 0 0 0 0
    view = flat(["# # # # #", "1 1 2 1 1", "0 0 0 0 0"])
    safe, mines = deduce(view, neighbour_table(3, 5))
    assert safe == {0, 2, 4} and mines == {1, 3}


def test_one_two_one_alone_against_a_wall():
    view = flat(["# # #", "1 2 1"])
    safe, mines = deduce(view, neighbour_table(2, 3))
    assert safe == {1} and mines == {0, 2}


def test_subset_rule():
    #  # # #        every number is 1: no single-cell rule applies.
    #  1 1 1        {a,b} is a subset of {a,b,c} -> c is safe; {b,c} too -> a is safe; so b is the mine
    view = flat(["# # #", "1 1 1"])
    assert deduce(view, neighbour_table(2, 3)) == ({0, 2}, {1})


def test_single_cell_rules_and_known_mines():
    #  # # #
    #  # 1 0 ... a 1 with one hidden neighbour left after the zero's area: that one is a mine
    view = flat(["# 1 0", "1 1 0", "0 0 0"])
    safe, mines = deduce(view, neighbour_table(3, 3))
    assert mines == {0} and safe == set()
    # a known mine satisfies a 1: its other hidden neighbours are safe
    view = flat(["# # #", "# 1 0", "# 1 0"])
    safe, mines = deduce(view, neighbour_table(3, 3), mines={3})
    assert safe == {0, 1, 2, 6} and mines == {3}


def test_nothing_to_deduce():
    view = flat(["# # #", "# 1 #", "# # #"])
    assert deduce(view, neighbour_table(3, 3)) == (set(), set())


def brute_force_probabilities(view, rows, cols, total):
    """Every placement of ``total`` mines on the hidden cells that fits every number."""
    table = neighbour_table(rows, cols)
    hidden = [c for c, v in enumerate(view) if v == H]
    counts, fits = dict.fromkeys(hidden, 0), 0
    for mines in itertools.combinations(hidden, total):
        chosen = set(mines)
        if all(v == H or v == sum(n in chosen for n in table[c]) for c, v in enumerate(view)):
            fits += 1
            for m in mines:
                counts[m] += 1
    return {c: counts[c] / fits for c in hidden}


@pytest.mark.parametrize("seed", range(6))
def test_probabilities_are_exact(seed):
    # Reveal a few safe cells of a real 5 x 5 game, then compare with counting every placement.
    rows, cols, total = 5, 5, 6
    env = games.make("minesweeper", rows=rows, cols=cols, mines=total, seed=seed)
    rng = np.random.default_rng(seed)
    env.step(12)
    for _ in range(3):
        if env.terminated:
            break
        safe = [c for c in env.legal_actions() if not env._mine[c]]  # the test may peek; the agent may not
        env.step(int(rng.choice(safe)))
    if env.terminated:
        pytest.skip("the game was over at once")
    view = env.board.ravel().tolist()
    exact = brute_force_probabilities(view, rows, cols, total)
    computed = mine_probabilities(view, neighbour_table(rows, cols), total)
    assert computed.keys() == exact.keys()
    for cell in exact:
        assert computed[cell] == pytest.approx(exact[cell], abs=1e-12)


def test_probabilities_use_the_mine_count():
    # 1 mine in total: the 1 at the centre has it among its 8 neighbours, so each corner...
    view = flat(["# # #", "# 1 #", "# # #"])
    p = mine_probabilities(view, neighbour_table(3, 3), total_mines=1)
    assert all(v == pytest.approx(1 / 8) for v in p.values())
    # a cell far from the number gets the leftover density: 2 mines, 1 around the 1
    view = flat(["# # # #", "# 1 # #", "# # # #"])
    p = mine_probabilities(view, neighbour_table(3, 4), total_mines=2)
    assert sum(p.values()) == pytest.approx(2)


class Checked:
    """Wraps the solver; checks (peeking at the mines, which only a test may do) that
    whenever the rules know a safe cell, the solver plays a safe cell."""

    name = "checked solver"

    def __init__(self):
        self.solver = MinesweeperSolver()
        self.deduced_moves = 0

    def __call__(self, env):
        view = env.board.ravel().tolist()
        action = self.solver(env)
        if any(v != H for v in view):
            safe, _ = deduce(view, neighbour_table(env.rows, env.cols))
            if safe:
                self.deduced_moves += 1
                assert not env._mine[action], "revealed a mine although a safe cell was known"
        return action


def test_never_reveals_a_mine_when_a_safe_cell_is_known():
    checked = Checked()
    result = arena.evaluate("minesweeper", checked, n=10, seed=0, progress=False, preset="intermediate")
    assert checked.deduced_moves > 50
    assert result.illegal == 0


def test_wins_beginner_most_of_the_time():
    result = arena.evaluate("minesweeper", MinesweeperSolver(), n=100, seed=0, progress=False)
    rate, low, high = result.win_rate()
    assert rate >= 0.8
    random_result = arena.evaluate("minesweeper", random_agent, n=100, seed=0, progress=False)
    assert random_result.win_rate()[0] < 0.05


def test_first_click_and_new_games():
    solver = MinesweeperSolver()
    env = games.make("minesweeper", seed=1)
    assert solver(env) == 0  # a corner
    env.step(0)
    while not env.terminated:
        env.step(solver(env))
    env.reset(seed=2)
    assert solver(env) == 0  # a new game is noticed: memory forgotten
    assert solver.guesses == 0


def test_progress_chance():
    from games.agents.minesweeper import progress_chance
    # nothing revealed, every neighbour a mine with chance 0.2: only a 0 helps -> 0.8 ** 3 in a corner
    view = [H] * 16
    probability = dict.fromkeys(range(16), 0.2)
    table = neighbour_table(4, 4)
    assert progress_chance(0, view, table, probability, {}, set()) == pytest.approx(0.8 ** 3)
    assert progress_chance(5, view, table, probability, {}, set()) == pytest.approx(0.8 ** 8)
    # a cell whose neighbours are all known mines tells nothing
    assert progress_chance(0, view, table, probability, {}, {1, 4, 5}) == 0.0


def test_first_click_under_the_zero_rule_is_away_from_the_edges():
    env = games.make("minesweeper", preset="intermediate", first_click="zero", seed=0)
    assert MinesweeperSolver()(env) == 3 * 16 + 3
