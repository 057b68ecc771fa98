"""The self-checks of the tic-tac-toe lessons: right answers pass, wrong ones fail, crashing
ones are reported (never raised), and the positions say what their hints say."""

import numpy as np
import pytest

import games
from games.agents.tictactoe import value as perfect_value
from games.checks import tictactoe as checks


def reference_winner(board):
    for a, b, c in [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]:
        cells = board.ravel()
        if cells[a] and cells[a] == cells[b] == cells[c]:
            return int(cells[a])
    return 0


def reference_minimax(env):
    best = -1
    for square in env.legal_actions():
        child = env.clone()
        _, reward, terminated, _, _ = child.step(square)
        best = max(best, reward if terminated else -reference_minimax(child))
    return best


def test_board_from_and_board_text_are_inverse():
    board = checks.board_from("XO./.X./..O")
    assert board.tolist() == [[1, 2, 0], [0, 1, 0], [0, 0, 2]]
    assert checks.board_text(board) == "XO./.X./..O"


# ------------------------------------------------------------------ winner
def test_every_winner_case_is_what_its_text_says():
    for text, expected, *_ in checks.WINNER_CASES:
        assert reference_winner(checks.board_from(text)) == expected, text


def test_right_winner_passes_and_rows_only_fails(capsys):
    assert checks.check_winner(reference_winner)

    def rows_only(board):
        for row in range(3):
            if board[row, 0] != 0 and board[row, 0] == board[row, 1] == board[row, 2]:
                return board[row, 0]
        return 0

    assert not checks.check_winner(rows_only)
    out = capsys.readouterr().out
    assert "O has the middle column" in out and "expected 2, got 0" in out


def test_winner_returning_bools_gets_a_tip(capsys):
    assert not checks.check_winner(lambda board: reference_winner(board) != 0)
    assert "not True or False" in capsys.readouterr().out


def test_winner_that_changes_the_board_does_not_spoil_other_cases():
    def messy(board):
        answer = reference_winner(board)
        board[:] = 0
        return answer

    assert checks.check_winner(messy)


def test_crashing_winner_is_reported(capsys):
    assert not checks.check_winner(lambda board: board[3, 3])
    assert "IndexError" in capsys.readouterr().out


# ------------------------------------------------------------------ win if you can
def win_if_you_can(env):
    for square in env.legal_actions():
        if env.clone().step(square)[1] == 1:
            return square
    return env.legal_actions()[0]


def test_win_positions_are_what_their_hints_say():
    wins = [checks.winning_moves(checks.position(moves)) for moves, *_ in checks.WIN_POSITIONS]
    assert wins == [[2], [5, 6], [6], [3], [5], []]


def test_win_if_you_can_passes_and_blocking_or_first_legal_fails(capsys):
    assert checks.check_win_if_you_can(win_if_you_can)
    assert not checks.check_win_if_you_can(lambda env: env.legal_actions()[0])

    def blocker(env):  # blocks the opponent's line instead of winning
        for square in env.legal_actions():
            other = env.clone()
            other._current_player = 1 - other._current_player
            if other.play(square) == 1:
                return square
        return win_if_you_can(env)

    assert not checks.check_win_if_you_can(blocker)


def test_agent_cannot_change_the_checks_positions():
    def cheat(env):
        square = win_if_you_can(env)
        env.step(square)  # plays on the copy it was given
        return square

    assert checks.check_win_if_you_can(cheat)


def test_agent_returning_a_non_number_is_reported(capsys):
    assert not checks.check_win_if_you_can(lambda env: "2")
    assert "got '2'" in capsys.readouterr().out


# ------------------------------------------------------------------ minimax
def test_minimax_positions_have_the_values_their_hints_say():
    values = [checks.true_value(checks.position(moves)) for moves, *_ in checks.MINIMAX_POSITIONS]
    assert values == [1, 0, -1, -1, 0, 0, 1]
    for moves, *_ in checks.MINIMAX_POSITIONS:  # small enough for a plain, unremembered minimax
        assert 9 - len(moves) <= 6
        env = checks.position(moves)  # the check's own minimax agrees with the perfect agent's
        assert checks.true_value(env) == int(np.sign(perfect_value(tuple(env.board), env.current_player + 1)))


def test_right_minimax_passes_and_one_step_minimax_fails(capsys):
    assert checks.check_minimax(reference_minimax)

    def one_step(env):
        best = -1
        for square in env.legal_actions():
            _, reward, terminated, _, _ = env.clone().step(square)
            best = max(best, reward if terminated else 0)
        return best

    assert not checks.check_minimax(one_step)
    assert "4 of 7 cases passed" in capsys.readouterr().out  # the quiet positions pass by luck


def test_minimax_with_the_wrong_sign_gets_a_tip(capsys):
    assert not checks.check_minimax(lambda env: -reference_minimax(env))
    assert "wrong sign" in capsys.readouterr().out


def test_endless_minimax_is_reported_not_raised(capsys):
    def endless(env):
        return endless(env)

    assert not checks.check_minimax(endless)
    assert "RecursionError" in capsys.readouterr().out


def test_checks_speak_japanese(capsys):
    games.set_language("ja")
    assert not checks.check_winner(lambda board: 0)
    out = capsys.readouterr().out
    assert "winner のチェック" in out and "O が真ん中の縦一列" in out


# ------------------------------------------------------------------ td_target
def right_td_target(reward, next_q, done, gamma):
    return reward if done else reward + gamma * max(next_q)


def test_right_td_target_passes_also_with_numpy():
    assert checks.check_td_target(right_td_target)
    assert checks.check_td_target(lambda r, q, done, g: r if done else r + g * np.max(np.array(q)))


@pytest.mark.parametrize("wrong, tip", [
    (lambda r, q, done, g: r + g * max(q, default=0.0), "When the game is over"),
    (lambda r, q, done, g: r if done else r + max(q), "Multiply the best next Q-value by gamma"),
    (lambda r, q, done, g: r if done else r + g * max(0.0, *q), "even when they are all negative"),
    (lambda r, q, done, g: None, "did you forget `return`"),
])
def test_wrong_td_target_fails_with_a_tip(capsys, wrong, tip):
    assert not checks.check_td_target(wrong)
    assert tip in capsys.readouterr().out


def test_td_target_that_crashes_on_an_empty_list_is_reported(capsys):
    def first_attempt(r, q, done, g):  # the notebook's start
        return r + g * max(q)

    assert not checks.check_td_target(first_attempt)
    out = capsys.readouterr().out
    assert "ValueError" in out and "When the game is over" in out
