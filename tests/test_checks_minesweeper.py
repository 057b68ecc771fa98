"""The Minesweeper self-checks: a right answer passes, the usual mistakes fail with a hint,
and a crashing function is reported, not raised."""

import math

import numpy as np

import games
from games.agents.minesweeper import deduce, neighbour_table
from games.checks import minesweeper as checks


# ------------------------------------------------------------------ count_around
def right_count_around(mines, row, col):
    block = mines[max(row - 1, 0):row + 2, max(col - 1, 0):col + 2]
    return int(block.sum()) - int(mines[row, col])


def first_attempt_count_around(mines, row, col):
    """The starting code of lesson 40: counts itself, wraps around at -1, crashes past the end."""
    total = 0
    for r in (row - 1, row, row + 1):
        for c in (col - 1, col, col + 1):
            total += mines[r, c]
    return int(total)


def test_count_around_right_answer_passes(capsys):
    result = checks.check_count_around(right_count_around)
    assert result.passed
    assert "All 5 cases passed" in capsys.readouterr().out


def test_count_around_first_attempt_fails_with_hints(capsys):
    result = checks.check_count_around(first_attempt_count_around)
    out = capsys.readouterr().out
    assert not result.passed
    assert "✓ case 1" in out  # the middle cell is right
    assert "✗ case 2" in out and "not its own neighbour" in out
    assert "✗ case 3" in out and "LAST row" in out
    assert "IndexError" in out  # the crash at the bottom-right corner is reported


def test_count_around_check_does_not_depend_on_a_changed_board():
    def spoiler(mines, row, col):
        mines[:] = True  # a student's function may change the board it gets
        return 0
    checks.check_count_around(spoiler)
    assert checks.check_count_around(right_count_around).passed


def test_count_around_japanese(capsys):
    games.set_language("ja")
    checks.check_count_around(first_attempt_count_around)
    out = capsys.readouterr().out
    assert "ケース" in out and "自分自身" in out


def test_numbers_of_matches_the_engine():
    env = games.make("minesweeper", rows=7, cols=9, mines=15)
    env.reset(seed=3)
    env.step(0)
    mines = np.array(env._mine).reshape(7, 9)  # a test may peek at the mines
    numbers = checks.numbers_of(mines)
    for action in range(63):
        if not env._mine[action]:
            assert numbers.ravel()[action] == env._numbers[action]


# ------------------------------------------------------------------ chance_all_safe
def right_chance(hidden, mines, clicks):
    return math.comb(hidden - mines, clicks) / math.comb(hidden, clicks)


def test_chance_right_answer_passes():
    assert checks.check_chance_all_safe(right_chance).passed
    assert checks.check_chance_all_safe(checks.chance_all_safe_answer).passed


def test_chance_same_odds_every_click_fails(capsys):
    result = checks.check_chance_all_safe(lambda hidden, mines, clicks: ((hidden - mines) / hidden) ** clicks)
    out = capsys.readouterr().out
    assert not result.passed
    assert "✓ case 1" in out and "✗ case 2" in out


def test_chance_not_a_number_fails():
    assert not checks.check_chance_all_safe(lambda hidden, mines, clicks: None).passed
    assert not checks.check_chance_all_safe(lambda hidden, mines, clicks: True).passed


def test_chance_crash_is_reported(capsys):
    result = checks.check_chance_all_safe(lambda hidden, mines, clicks: hidden / 0)
    assert not result.passed
    assert "ZeroDivisionError" in capsys.readouterr().out


# ------------------------------------------------------------------ simple_rules
def hidden_around(view, row, col):
    rows, cols = view.shape
    return [(r, c) for r in range(max(row - 1, 0), min(row + 2, rows))
            for c in range(max(col - 1, 0), min(col + 2, cols)) if (r, c) != (row, col) and view[r, c] == -1]


def rules(view, with_rule_2=True, loop=False):
    """The single-cell rules as lesson 42 writes them (rule 2 is the student's part)."""
    rows, cols = view.shape
    mines, safe = set(), set()
    while True:
        before = (len(mines), len(safe))
        for row in range(rows):
            for col in range(cols):
                if view[row, col] >= 1:
                    hidden = hidden_around(view, row, col)
                    if len(hidden) == view[row, col]:
                        mines.update(hidden)
        if with_rule_2:
            for row in range(rows):
                for col in range(cols):
                    if view[row, col] >= 0:
                        hidden = hidden_around(view, row, col)
                        if sum(cell in mines for cell in hidden) == view[row, col]:
                            safe.update(cell for cell in hidden if cell not in mines)
        if not loop or (len(mines), len(safe)) == before:
            return safe, mines


def test_rules_right_answer_passes():
    assert checks.check_simple_rules(rules).passed
    assert checks.check_simple_rules(lambda view: rules(view, loop=True)).passed


def test_rules_lists_and_numpy_numbers_are_fine():
    def as_lists(view):
        safe, mines = rules(view)
        return [np.array(cell) for cell in safe], [list(cell) for cell in mines]
    assert checks.check_simple_rules(as_lists).passed


def test_certain_cells_are_what_the_agents_solver_proves():
    """The check's own plain search agrees with the agent's rules on every case's board."""
    for rows, *_ in checks.RULE_CASES:
        view, _ = checks.layout(rows)
        height, width = view.shape
        safe, mines = deduce(view.ravel().tolist(), neighbour_table(height, width))
        expected = {divmod(cell, width) for cell in safe}, {divmod(cell, width) for cell in mines}
        assert checks.certain_cells(view) == expected, rows


def test_rules_subset_rule_too_is_fine():
    """More than the single-cell rules is right as long as it is certain (the 1-2-1 case)."""
    assert checks.check_simple_rules(checks.certain_cells).passed


def test_rules_without_rule_2_fails(capsys):
    result = checks.check_simple_rules(lambda view: rules(view, with_rule_2=False))
    out = capsys.readouterr().out
    assert not result.passed
    assert "✓ case 1" in out and "✗ case 2" in out


def test_rules_a_guess_fails():
    def guesser(view):
        safe, mines = rules(view)
        hidden = {(int(r), int(c)) for r, c in zip(*np.nonzero(view == -1))}
        return safe | (hidden - mines), mines  # "everything else is safe": wrong on 1-2-1
    assert not checks.check_simple_rules(guesser).passed


def test_rules_wrong_shapes_fail_without_raising():
    for answer in (None, 3, (set(),), ({1, 2}, set()), ("ab", set())):
        assert not checks.check_simple_rules(lambda view, answer=answer: answer).passed


def test_rules_crash_is_reported(capsys):
    assert not checks.check_simple_rules(lambda view: view[99, 99]).passed
    assert "IndexError" in capsys.readouterr().out


def test_layouts_are_positions_a_player_can_see():
    """A revealed 0 opens its neighbours, so in a real game it never touches a hidden cell."""
    for rows, _, _ in checks.RULE_CASES:
        view, mines = checks.layout(rows)
        for row, col in zip(*np.nonzero(view == 0)):
            block = view[max(row - 1, 0):row + 2, max(col - 1, 0):col + 2]
            assert (block >= 0).all(), rows


def test_a_function_that_is_not_callable():
    assert not checks.check_simple_rules(rules(np.zeros((2, 2), dtype=int))).passed


# ------------------------------------------------------------------ planes
def test_planes_right_answers_pass():
    def right(view):
        return np.array([view == -1] + [view == n for n in range(9)])

    assert checks.check_planes(right).passed
    assert checks.check_planes(lambda view: right(view).ravel().astype(np.float32)).passed  # flat, like the network


def test_planes_match_the_dqn_encoder():
    from games.dqn import encode
    env = games.make("minesweeper", rows=5, cols=6, mines=4)
    env.reset(seed=2)
    env.step(0)
    assert np.array_equal(checks.planes_answer(env.board).ravel().astype(np.float32), encode(env))


def test_planes_first_attempt_fails_with_a_short_report(capsys):
    def starter(view):  # forgets 0
        return np.array([view == -1] + [view == n for n in range(1, 9)])

    assert not checks.check_planes(starter).passed
    out = capsys.readouterr().out
    assert "got 9 planes of shape (2, 2)" in out
    assert "[[" not in out  # no big array in the report


def test_planes_wrong_order_says_which_planes(capsys):
    def reversed_planes(view):
        return np.array([view == -1] + [view == n for n in range(9)])[::-1]

    assert not checks.check_planes(reversed_planes).passed
    assert "these planes are not right: hidden" in capsys.readouterr().out


def test_planes_not_arrays_and_crashes_do_not_raise(capsys):
    for answer in (None, 3, "planes", [[1, 2], [3]]):
        assert not checks.check_planes(lambda view, answer=answer: answer).passed
    assert not checks.check_planes(lambda view: view[10, 10]).passed
    assert "IndexError" in capsys.readouterr().out
    assert not checks.check_planes("planes").passed
