"""The self-checks of the Python start track (lessons 02-04): a right answer passes, the mistakes a
beginner makes fail with a tip that names the mistake (in English and in Japanese), and a crash
or something that is not a function is reported, never raised."""

import numpy as np
import pytest

import games
from games.checks.python_start import (LINES, check_count_marks, check_empty_squares, check_has_line,
                                       check_league_points, check_points, check_tally, check_tiny_board)


def passes(check, answer, capsys):
    result = check(answer)
    out = capsys.readouterr().out
    assert result.passed, out
    assert "✗" not in out and "💡" not in out


def fails_with(check, answer, capsys, en, ja):
    """The check fails with the tip ``en``, and with ``ja`` when the student chose Japanese."""
    assert not check(answer)
    out = capsys.readouterr().out
    assert "✗" in out and en in out, out
    games.set_language("ja")
    try:
        assert not check(answer)
        out = capsys.readouterr().out
        assert "ケース" in out and ja in out, out
    finally:
        games.set_language("en")


# ------------------------------------------------------------------ lesson 02
def points(reward):
    if reward == 1:
        return 3
    elif reward == 0:
        return 1
    else:
        return 0


def test_right_points_pass(capsys):
    passes(check_points, points, capsys)
    passes(check_points, lambda reward: {1: 3, 0: 1, -1: 0}[reward], capsys)


def printed_points(reward):
    print(points(reward))  # shows the answer but gives nothing back


@pytest.mark.parametrize("answer, en, ja", [
    (lambda reward: 3 if reward == 1 else None, "Every case needs a `return`", "どの場合にも `return` が必要"),
    (printed_points, "print instead of return", "return のかわりに print"),
    (lambda reward: str(points(reward)), "Return the number itself", "数そのものを返しましょう"),
])
def test_wrong_points_fail_with_a_tip(capsys, answer, en, ja):
    fails_with(check_points, answer, capsys, en, ja)


def league_points(rewards):
    total = 0
    for reward in rewards:
        total = total + points(reward)
    return total


def only_the_last(rewards):
    total = 0
    for reward in rewards:
        total = points(reward)
    return total


def only_the_first(rewards):
    total = 0
    for reward in rewards:
        total = total + points(reward)
        return total
    return total


def test_right_league_points_pass(capsys):
    passes(check_league_points, league_points, capsys)


@pytest.mark.parametrize("answer, en, ja", [
    (sum, "You added up the rewards", "報酬そのものを足しています"),
    (only_the_last, "Only the last game counted", "最後のゲームしか数えていません"),
    (only_the_first, "Only the first game counted", "最初のゲームしか数えていません"),
    (len, "You counted the games", "ゲームの数を数えています"),
])
def test_wrong_league_points_fail_with_a_tip(capsys, answer, en, ja):
    fails_with(check_league_points, answer, capsys, en, ja)


# ------------------------------------------------------------------ lesson 03
def test_right_empty_squares_pass(capsys):
    passes(check_empty_squares, lambda board: [s for s in range(9) if board[s] == 0], capsys)


@pytest.mark.parametrize("answer, en, ja", [
    (lambda board: [board[s] for s in range(9) if board[s] == 0], "you appended what is in the square",
     "マスの中身を足しています"),
    (lambda board: list(range(9)), "append a square only when board[square] == 0", "board[square] == 0 のときだけ"),
    (lambda board: [s for s in range(9) if board[s] != 0], "not != 0", "!= 0 ではありません"),
    (lambda board: board.count(0), "Return the list of square numbers", "マスの番号のリストを返しましょう"),
])
def test_wrong_empty_squares_fail_with_a_tip(capsys, answer, en, ja):
    fails_with(check_empty_squares, answer, capsys, en, ja)


def has_line(board, mark):
    for a, b, c in LINES:
        if board[a] == mark and board[b] == mark and board[c] == mark:
            return True
    return False


def stops_after_the_first_line(board, mark):
    for a, b, c in LINES:
        if board[a] == board[b] == board[c] == mark:
            return True
        else:
            return False


def misses_the_last_line(board, mark):
    return any(board[a] == board[b] == board[c] == mark for a, b, c in LINES[:-1])


def test_right_has_line_pass(capsys):
    passes(check_has_line, has_line, capsys)
    passes(check_has_line, lambda board, mark: any(board[a] == board[b] == board[c] == mark for a, b, c in LINES),
           capsys)


@pytest.mark.parametrize("answer, en, ja", [
    (misses_the_last_line, "The last line of LINES was missed", "LINES の最後の列を見ていません"),
    (lambda board, mark: any(board[a] == board[b] == board[c] for a, b, c in LINES),
     "compare the squares with mark", "mark とくらべましょう"),
    (lambda board, mark: any(board[a] == board[b] == board[c] != 0 for a, b, c in LINES),
     "O got X's line", "X の列が O のもの"),
    (lambda board, mark: int(has_line(board, mark)), "Return True or False", "True か False"),
])
def test_wrong_has_line_fail_with_a_tip(capsys, answer, en, ja):
    fails_with(check_has_line, answer, capsys, en, ja)


def test_has_line_that_stops_after_the_first_line_fails(capsys):
    assert not check_has_line(stops_after_the_first_line)
    assert "expected True, got False" in capsys.readouterr().out


def tally(results):
    counts = {"X": 0, "O": 0, "draw": 0}
    for result in results:
        counts[result] += 1
    return counts


def set_to_one(results):
    counts = {"X": 0, "O": 0, "draw": 0}
    for result in results:
        counts[result] = 1
    return counts


def only_seen_keys(results):
    counts = {}
    for result in results:
        counts[result] = counts.get(result, 0) + 1
    return counts


def test_right_tally_pass(capsys):
    passes(check_tally, tally, capsys)


@pytest.mark.parametrize("answer, en, ja", [
    (set_to_one, "Each count stops at 1", "数が 1 で止まっています"),
    (only_seen_keys, "Keep all three keys", "3 つのキーを全部残しましょう"),
])
def test_wrong_tally_fail_with_a_tip(capsys, answer, en, ja):
    fails_with(check_tally, answer, capsys, en, ja)


# ------------------------------------------------------------------ lesson 04
class TinyBoard:
    def __init__(self):
        self.board = [0] * 9
        self.mark = 1

    def play(self, square):
        if self.board[square] != 0:
            raise ValueError(square)
        self.board[square] = self.mark
        self.mark = 3 - self.mark


def tiny_board(play):
    """A TinyBoard whose play is ``play``."""
    return type("TinyBoard", (TinyBoard,), {"play": play})


def no_switch(self, square):
    if self.board[square] != 0:
        raise ValueError(square)
    self.board[square] = self.mark


def no_error(self, square):
    self.board[square] = self.mark
    self.mark = 3 - self.mark


def another_error(self, square):
    if self.board[square] != 0:
        raise IndexError(square)
    no_error(self, square)


def checks_too_late(self, square):
    taken = self.board[square] != 0
    no_error(self, square)
    if taken:
        raise ValueError(square)


def test_right_tiny_board_passes(capsys):
    passes(check_tiny_board, TinyBoard, capsys)


@pytest.mark.parametrize("play, en, ja", [
    (no_switch, "self.mark did not change", "self.mark が変わっていません"),
    (no_error, "raised no error", "エラーが起きません"),
    (another_error, "must raise ValueError", "ValueError を起こします"),
    (checks_too_late, "check the square first", "まずマスを調べましょう"),
])
def test_wrong_tiny_board_fail_with_a_tip(capsys, play, en, ja):
    fails_with(check_tiny_board, tiny_board(play), capsys, en, ja)


def test_a_tiny_board_that_crashes_is_reported_not_raised(capsys):
    class Broken:
        def __init__(self):
            self.board = [0] * 9

        def play(self, square):
            self.board[square] = self.mark  # self.mark was never set

    assert not check_tiny_board(Broken)
    out = capsys.readouterr().out
    assert "AttributeError" in out and "line" in out


def test_right_count_marks_pass(capsys):
    passes(check_count_marks, lambda board, mark: np.sum(board == mark), capsys)
    passes(check_count_marks, lambda board, mark: int(np.count_nonzero(board == mark)), capsys)


def counts_three_by_three(board, mark):
    count = 0
    for row in range(3):
        for col in range(3):
            if board[row, col] == mark:
                count += 1
    return count


@pytest.mark.parametrize("answer, en, ja", [
    (lambda board, mark: board.size, "You counted every square", "全部のマスを数えています"),
    (counts_three_by_three, "loop over board.shape", "board.shape の行と列でループ"),
])
def test_wrong_count_marks_fail_with_a_tip(capsys, answer, en, ja):
    fails_with(check_count_marks, answer, capsys, en, ja)


# ------------------------------------------------------------------ any check
@pytest.mark.parametrize("check", [check_points, check_league_points, check_empty_squares, check_has_line,
                                   check_tally, check_tiny_board, check_count_marks])
def test_something_that_is_not_a_function_is_explained(capsys, check):
    assert not check("points")
    assert "Give the check your function itself" in capsys.readouterr().out


def test_a_crash_names_the_error_and_the_line(capsys):
    def empty_squares(board):
        return [square for square in range(10) if board[square] == 0]  # square 9 is off the board

    assert not check_empty_squares(empty_squares)
    out = capsys.readouterr().out
    assert "IndexError" in out and "line" in out
