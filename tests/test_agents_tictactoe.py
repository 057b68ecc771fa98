"""The perfect tic-tac-toe player: forced wins, forced blocks, and it never loses to anyone."""

import games
from games.agents import random_agent
from games.agents.tictactoe import best_moves, minimax_agent, value
from games.arena import evaluate

_, X, O = 0, 1, 2  # noqa: E741 - the marks' own names


def board_of(text):
    """'XX.OO....' -> a tuple of cells."""
    return tuple({".": 0, "X": X, "O": O}[c] for c in text)


def test_empty_board_is_a_draw():
    assert value(board_of("........."), X) == 0


def test_takes_the_immediate_win_rather_than_blocking():
    # X X .      X to move: 2 wins at once (3 empty squares left after it -> value 1 + 4)
    # O O .
    # . . .
    board = board_of("XX.OO....")
    assert best_moves(board, X) == [2]
    assert value(board, X) == 1 + 4


def test_blocks_the_only_threat():
    # X X .
    # . O .      O to move must play 2
    # . . .
    assert best_moves(board_of("XX..O...."), O) == [2]


def test_avoids_the_corner_trap():
    # X . .
    # . O .      O to move. A corner (2 or 6) loses to a fork; an edge holds the draw.
    # . . X
    board = board_of("X...O...X")
    assert value(board, O) == 0
    assert best_moves(board, O) == [1, 3, 5, 7]
    assert value(board[:2] + (O,) + board[3:], X) > 0  # O at 2: X wins by force


def test_keeps_a_forced_win_against_every_reply():
    # X O .
    # . . .      X to move wins by force; after its move, every O reply still loses.
    # . . .
    board = list(board_of("XO......."))
    board[best_moves(tuple(board), X)[0]] = X
    replies = [s for s in range(9) if board[s] == 0]
    assert all(value(tuple(board[:s] + [O] + board[s + 1:]), X) > 0 for s in replies)


def test_corner_opening_against_edge_reply_is_lost_for_o():
    # The classic: X in a corner, O on an adjacent edge -> X wins.
    assert value(board_of("XO......."), X) > 0
    # X in a corner, O in the centre -> draw.
    assert value(board_of("X...O...."), X) == 0


def _never_loses(env, me):
    """Follow every possible opponent move; minimax plays ``me``'s moves. True if it never loses."""
    if env.terminated:
        return env.winner != 1 - me
    if env.current_player == me:
        child = env.clone()
        child.step(minimax_agent(child))
        return _never_loses(child, me)
    for action in env.legal_actions():
        child = env.clone()
        child.step(action)
        if not _never_loses(child, me):
            return False
    return True


def test_never_loses_against_any_sequence_of_replies():
    env = games.make("tictactoe")
    assert _never_loses(env, me=0)
    assert _never_loses(env, me=1)


def test_against_random_wins_most_and_loses_none():
    result = evaluate("tictactoe", minimax_agent, random_agent, n=400, seed=1, progress=False)
    assert result.losses == 0 and result.illegal_a == 0
    assert result.first["wins"] >= 190  # as X it wins almost always against random
