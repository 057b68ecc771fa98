"""The Connect Four self-checks: a right answer passes, a wrong one fails with a hint, a crash is
reported (never raised), and every case's expected answer agrees with the engine or the packaged agents."""

import numpy as np
import pytest

import games
from games.agents.connectfour import score_of_sum
from games.checks import connectfour as checks
from games.checks import game_after


# ---------------------------------------------------------------- right answers
def drop_piece(board, column, piece):
    for row in range(board.shape[0] - 1, -1, -1):
        if board[row, column] == 0:
            board[row, column] = piece
            return row
    raise ValueError("full")


def drop_piece_returning_a_copy(board, column, piece):
    new = board.copy()
    drop_piece(new, column, piece)
    return new


def four_in_a_row(board, piece):
    rows, columns = board.shape
    for row in range(rows):
        for col in range(columns):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                cells = [(row + d_row * k, col + d_col * k) for k in range(4)]
                if all(0 <= r < rows and 0 <= c < columns and board[r, c] == piece for r, c in cells):
                    return True
    return False


def win_if_you_can(env):
    for column in env.legal_actions():
        child = env.clone()
        _, reward, _, _, _ = child.step(column)
        if reward == 1:
            return column
    return int(env.np_random.choice(env.legal_actions()))


def score_window(window, piece):
    mine, empty = window.count(piece), window.count(0)
    theirs = len(window) - mine - empty
    if mine == 4:
        return 1_000_000
    if mine == 3 and empty == 1:
        return 1
    if theirs == 3 and empty == 1:
        return -100
    return 0


@pytest.mark.parametrize("check, answer", [
    (checks.check_drop_piece, drop_piece),
    (checks.check_drop_piece, drop_piece_returning_a_copy),
    (checks.check_four_in_a_row, four_in_a_row),
    (checks.check_win_if_you_can, win_if_you_can),
    (checks.check_score_window, score_window),
])
def test_a_right_answer_passes(check, answer, capsys):
    result = check(answer)
    assert result.passed
    assert "All" in capsys.readouterr().out


# ---------------------------------------------------------------- wrong answers
def drop_from_the_top(board, column, piece):
    board[0, column] = piece  # forgets gravity


def across_only(board, piece):  # the notebook's starting code
    rows, columns = board.shape
    for row in range(rows):
        for col in range(columns - 3):
            if all(board[row, col + k] == piece for k in range(4)):
                return True
    return False


def wraps_around(board, piece):
    # looks at 4 cells in a row of the flat board: a "line" can wrap from one row to the next
    flat = board.ravel().tolist()
    return any(flat[i:i + 4] == [piece] * 4 for i in range(len(flat) - 3)) or four_in_a_row(board, piece)


def counts_any_piece(board, piece):
    return four_in_a_row(board, 1) or four_in_a_row(board, 2)


def random_agent(env):  # the notebook's starting code
    return int(env.np_random.choice(env.legal_actions()))


def always_column_3(env):
    return 3 if 3 in env.legal_actions() else env.legal_actions()[0]


def fours_only(window, piece):  # the notebook's starting code
    return 1_000_000 if window.count(piece) == 4 else 0


def forgets_the_empty_cell(window, piece):
    mine, theirs = window.count(piece), window.count(3 - piece)
    return 1_000_000 if mine == 4 else 1 if mine == 3 else -100 if theirs == 3 else 0


@pytest.mark.parametrize("check, answer", [
    (checks.check_drop_piece, drop_from_the_top),
    (checks.check_four_in_a_row, across_only),
    (checks.check_four_in_a_row, counts_any_piece),
    (checks.check_four_in_a_row, lambda board, piece: None),
    (checks.check_four_in_a_row, lambda board, piece: [True]),
    (checks.check_win_if_you_can, random_agent),
    (checks.check_win_if_you_can, always_column_3),
    (checks.check_score_window, fours_only),
    (checks.check_score_window, forgets_the_empty_cell),
])
def test_a_wrong_answer_fails_with_a_hint(check, answer, capsys):
    result = check(answer)
    out = capsys.readouterr().out
    assert not result.passed
    assert "✗" in out and "expected" in out and "Read the hints" in out


def test_a_flat_board_that_wraps_around_rows_is_not_taken_for_a_line():
    board = checks.board_from(["......X", "XXX...."])  # X X X at the start of a row after an X at the end
    assert not four_in_a_row(board, 1)
    assert wraps_around(board, 1)  # the classic bug this board would catch


def test_numpy_answers_are_shown_as_plain_values(capsys):
    checks.check_four_in_a_row(lambda board, piece: np.bool_(False))
    out = capsys.readouterr().out
    assert "got False" in out and "np." not in out


@pytest.mark.parametrize("check", [checks.check_drop_piece, checks.check_four_in_a_row,
                                   checks.check_win_if_you_can, checks.check_score_window])
def test_a_crash_is_reported_not_raised(check, capsys):
    def crashing(*args):
        return 1 / 0

    result = check(crashing)
    out = capsys.readouterr().out
    assert not result.passed
    assert "ZeroDivisionError" in out


@pytest.mark.parametrize("check", [checks.check_drop_piece, checks.check_four_in_a_row,
                                   checks.check_win_if_you_can, checks.check_score_window])
def test_giving_the_result_of_a_call_instead_of_the_function_is_explained(check, capsys):
    result = check(None)
    assert not result.passed
    assert "without brackets" in capsys.readouterr().out


def test_the_check_speaks_japanese(capsys):
    games.set_language("ja")
    checks.check_score_window(fours_only)
    out = capsys.readouterr().out
    assert "ケース" in out and "ヒント" in out


# -------------------------------------------- the cases agree with the real game
def test_four_in_a_row_cases_are_right_and_obey_gravity():
    """The expected answers agree with the line finder above, and no disc floats in the air."""
    for rows, piece, expected, *_ in checks.FOUR_CASES:
        board = checks.board_from(rows)
        assert four_in_a_row(board, piece) == expected, rows
        for col in range(board.shape[1]):  # no disc floats above an empty cell
            column = board[:, col].tolist()
            assert column == [0] * column.count(0) + [v for v in column if v], rows


def test_win_positions_have_the_wins_the_hints_describe():
    expected_wins = [[0, 4], [2], [3], [1], []]
    for (moves, *_), wins in zip(checks.WIN_POSITIONS, expected_wins):
        env = game_after("connectfour", moves)
        assert not env.terminated
        assert [c for c in env.legal_actions() if env.is_winning_move(c)] == wins


def test_window_cases_agree_with_the_packaged_heuristic():
    # The packaged agent scores a window by a table look-up of (mine + 5 × theirs).
    for window, piece, expected, *_ in checks.WINDOW_CASES:
        mine, theirs = window.count(piece), window.count(3 - piece)
        assert score_of_sum(4)[mine + 5 * theirs] == expected, window


# ---------------------------------------------------------------- planes (lesson 23)
def planes(board, me):
    landing = np.zeros(board.shape)
    for column in range(board.shape[1]):
        for row in range(board.shape[0] - 1, -1, -1):
            if board[row, column] == 0:
                landing[row, column] = 1
                break
    return np.stack([board == me, board == 3 - me, landing]).astype(float)


@pytest.mark.parametrize("answer", [planes, lambda board, me: planes(board, me).ravel(),
                                    lambda board, me: planes(board, me).astype(int).tolist()])
def test_planes_right_answers_pass(answer, capsys):
    assert checks.check_planes(answer).passed


def starting_code(board, me):  # the notebook's: my discs only
    result = np.zeros((3,) + board.shape)
    result[0] = board == me
    return result


def landing_in_full_columns_too(board, me):
    result = planes(board, me)
    result[2, 0, :] = np.maximum(result[2, 0, :], board[0, :] != 0)  # "lands" on top of a full column
    return result


@pytest.mark.parametrize("answer", [
    starting_code,
    landing_in_full_columns_too,
    lambda board, me: planes(board, 1),  # black / white, not mine / theirs
    lambda board, me: planes(board, me)[[1, 0, 2]],  # the opponent first
    lambda board, me: planes(board, me)[:2],  # a wrong shape: no landing plane
    lambda board, me: "planes",
])
def test_planes_wrong_answers_fail_with_readable_hints(answer, capsys):
    assert not checks.check_planes(answer).passed
    out = capsys.readouterr().out
    assert "expected shape (3, 6, 7); plane 0: 1 at" in out


def test_planes_agree_with_the_dqn_encoder():
    from games.dqn import encode
    env = games.make("connectfour")
    env.reset(seed=0)
    for column in [3, 3, 2, 4, 4, 0, 0, 0, 0, 0, 0]:  # column 0 ends up full
        env.step(column)
        expected = checks.planes_expected(env.board, env.current_player + 1)
        assert np.array_equal(encode(env).reshape(3, 6, 7), expected)


def test_plane_case_boards_obey_gravity():
    for rows, *_ in checks.PLANE_CASES:
        board = checks.board_from(rows)
        for col in range(board.shape[1]):
            column = board[:, col].tolist()
            assert column == [0] * column.count(0) + [v for v in column if v], rows
