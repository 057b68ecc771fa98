"""The Othello self-checks: a right answer passes, a wrong one fails with a hint, a crash is reported
(never raised), and the expected answers agree with the engine and the packaged agents."""

import numpy as np
import pytest

import games
from games.agents.othello import corners, positional_weights
from games.checks import othello as checks


DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def flips_in_direction(board, row, col, d_row, d_col, me):
    size, line = len(board), []
    r, c = row + d_row, col + d_col
    while 0 <= r < size and 0 <= c < size and board[r][c] == 3 - me:
        line.append((r, c))
        r, c = r + d_row, c + d_col
    if 0 <= r < size and 0 <= c < size and board[r][c] == me:
        return line
    return []


# ---------------------------------------------------------------- right answers
def count_flips(board, row, col, me):
    return sum(len(flips_in_direction(board, row, col, d_row, d_col, me)) for d_row, d_col in DIRECTIONS)


def corner_agent(env):
    legal = env.legal_actions()
    legal_corners = [square for square in legal if square in corners(env.size)]
    return legal_corners[0] if legal_corners else int(env.np_random.choice(legal))


def positional_score(board, me, weights):
    return np.sum(weights[board == me]) - np.sum(weights[board == 3 - me])


def positional_score_with_loops(board, me, weights):
    total = 0
    for row in range(len(board)):
        for col in range(len(board)):
            if board[row][col] == me:
                total += weights[row][col]
            elif board[row][col] != 0:
                total -= weights[row][col]
    return total


@pytest.mark.parametrize("check, answer", [
    (checks.check_count_flips, count_flips),
    (checks.check_corner_agent, corner_agent),
    (checks.check_positional_score, positional_score),
    (checks.check_positional_score, positional_score_with_loops),
])
def test_a_right_answer_passes(check, answer, capsys):
    assert check(answer).passed
    assert "All" in capsys.readouterr().out


# ---------------------------------------------------------------- wrong answers
def right_only(board, row, col, me):  # the notebook's starting code
    return len(flips_in_direction(board, row, col, 0, 1, me))


def wraps_over_the_edge(board, row, col, me):
    # negative indexes wrap around in Python: a line leaving the board comes back on the other side
    total = 0
    for d_row, d_col in DIRECTIONS:
        r, c, run = row + d_row, col + d_col, 0
        while -len(board) <= r < len(board) and -len(board) <= c < len(board) and board[r][c] == 3 - me:
            r, c, run = r + d_row, c + d_col, run + 1
        if -len(board) <= r < len(board) and -len(board) <= c < len(board) and board[r][c] == me:
            total += run
    return total


def counts_open_lines(board, row, col, me):
    # forgets that a line must be closed by one of my discs
    total = 0
    for d_row, d_col in DIRECTIONS:
        r, c = row + d_row, col + d_col
        while 0 <= r < len(board) and 0 <= c < len(board) and board[r][c] == 3 - me:
            r, c, total = r + d_row, c + d_col, total + 1
    return total


def only_6x6(board, row, col, me):
    return count_flips(board, row, col, me) if len(board) == 6 and row < 6 and col < 6 else 0


def random_legal(env):  # the notebook's starting code
    return int(env.np_random.choice(env.legal_actions()))


def my_discs_only(board, me, weights):  # the notebook's starting code
    return int(np.sum(weights[board == me]))


def plus_the_opponent(board, me, weights):
    return np.sum(weights[board == me]) + np.sum(weights[board == 3 - me])


@pytest.mark.parametrize("check, answer", [
    (checks.check_count_flips, right_only),
    (checks.check_count_flips, wraps_over_the_edge),
    (checks.check_count_flips, counts_open_lines),
    (checks.check_count_flips, lambda board, row, col, me: None),
    (checks.check_corner_agent, random_legal),
    (checks.check_corner_agent, lambda env: env.legal_actions()[-1]),
    (checks.check_positional_score, my_discs_only),
    (checks.check_positional_score, plus_the_opponent),
    (checks.check_positional_score, lambda board, me, weights: "100"),
])
def test_a_wrong_answer_fails_with_a_hint(check, answer, capsys):
    result = check(answer)
    out = capsys.readouterr().out
    assert not result.passed
    assert "✗" in out and "expected" in out and "Read the hints" in out


def test_the_8x8_case_catches_a_function_written_for_6x6_only(capsys):
    assert not checks.check_count_flips(only_6x6).passed
    assert "✗ case 11: the 8 × 8 board" in capsys.readouterr().out


def test_a_function_that_changes_the_board_cannot_spoil_the_other_cases(capsys):
    def flips_then_scribbles(board, row, col, me):
        answer = count_flips(board, row, col, me)
        board[:] = 0
        return answer

    assert checks.check_count_flips(flips_then_scribbles).passed


def test_numpy_answers_are_shown_as_plain_numbers(capsys):
    checks.check_positional_score(my_discs_only)
    checks.check_positional_score(lambda board, me, weights: np.int64(7))
    out = capsys.readouterr().out
    assert "got 7" in out and "np." not in out


@pytest.mark.parametrize("check", [checks.check_count_flips, checks.check_corner_agent,
                                   checks.check_positional_score])
def test_a_crash_is_reported_not_raised(check, capsys):
    def crashing(*args):
        return [][1]

    assert not check(crashing).passed
    assert "IndexError" in capsys.readouterr().out


@pytest.mark.parametrize("check", [checks.check_count_flips, checks.check_corner_agent,
                                   checks.check_positional_score])
def test_giving_the_result_of_a_call_instead_of_the_function_is_explained(check, capsys):
    assert not check(5).passed
    assert "without brackets" in capsys.readouterr().out


def test_the_check_speaks_japanese(capsys):
    games.set_language("ja")
    checks.check_count_flips(right_only)
    out = capsys.readouterr().out
    assert "ケース" in out and "黒" in out


# -------------------------------------------- the cases agree with the real game
def test_expected_flips_agree_with_an_independent_count():
    expected = [checks.flips_expected(checks.board_from(rows), row, col, me)
                for rows, row, col, me, *_ in checks.FLIP_CASES]
    mine = [count_flips(checks.board_from(rows), row, col, me) for rows, row, col, me, *_ in checks.FLIP_CASES]
    assert expected == mine
    assert expected == [1, 1, 1, 1, 1, 4, 8, 0, 0, 0, 1]  # as the hints say


def test_corner_positions_are_what_the_hints_say():
    right_answers = []
    for moves, *_ in checks.CORNER_POSITIONS:
        env = games.make("othello")
        env.reset()
        for square in moves:
            env.step(square)
        right_answers.append([s for s in env.legal_actions() if s in corners(6)])
    assert right_answers == [[5], [35], [0, 35], []]


def test_positional_scores_are_right():
    expected = [checks.score_expected(checks.board_from(rows), me,
                                      np.ones((6, 6)) if weights == "ones" else positional_weights(6))
                for rows, me, weights, *_ in checks.SCORE_CASES]
    by_hand = [0, 1, 100, -100, 50 - 200, 200 - 50]  # e.g. black: corner 5 (100) + X-square (-50) vs two corners
    assert expected == by_hand


# ---------------------------------------------------------------- four planes (lesson 33)
def test_four_planes_agree_with_the_dqn_encoder_in_every_case():
    from games.dqn import encode
    for moves, board, to_move, *_ in checks.PLANE_POSITIONS:
        env = checks._plane_env(moves, board, to_move)
        assert np.array_equal(encode(env).reshape(4, 6, 6), checks.four_planes_expected(env))


def test_four_planes_right_answers_pass(capsys):
    from games.dqn import encode
    assert checks.check_four_planes(encode).passed
    assert checks.check_four_planes(lambda env: encode(env).reshape(4, 6, 6)).passed


def discs_only(env):  # the notebook's starting code: the two disc planes, no legal-move planes
    board, me = env.board, env.current_player + 1
    planes = np.zeros((4, env.size, env.size))
    planes[0], planes[1] = board == me, board == 3 - me
    return planes


def with_pass_as_a_square(env):
    planes = discs_only(env)
    for square in env.legal_actions():  # the pass (36) is not a square: this crashes on it
        planes[2, square // env.size, square % env.size] = 1
    return planes


@pytest.mark.parametrize("answer", [discs_only, with_pass_as_a_square, lambda env: None])
def test_four_planes_wrong_answers_fail(answer, capsys):
    assert not checks.check_four_planes(answer).passed
    assert "plane 3: 1 on squares" in capsys.readouterr().out


def test_the_checks_weights_are_the_agents_weights():
    from games.agents.othello import positional_weights
    from games.checks.othello import CLASSIC_WEIGHTS
    assert np.array_equal(CLASSIC_WEIGHTS, positional_weights(6))
