"""Connect Four agents: the classic heuristic (hand-computed scores, equal to the loop
reference), one-step lookahead, and alpha-beta (wins at once, blocks, equals plain minimax)."""

import numpy as np
import pytest

import games
from bench.connectfour_reference import loop_heuristic, loop_one_step_agent, loop_scores
from games import arena
from games.agents import random_agent
from games.agents.connectfour import (WIN, AlphaBetaAgent, heuristic, heuristic_scores, one_step_agent,
                                      window_cells, window_matrix)


def grid(*rows_from_top, columns=7, rows=6):
    """A board from text rows ('.', 'X' = 1, 'O' = 2), the last given row at the bottom."""
    board = np.zeros((rows, columns), dtype=np.int8)
    for i, text in enumerate(rows_from_top):
        row = rows - len(rows_from_top) + i
        board[row] = [{".": 0, "X": 1, "O": 2}[c] for c in text]
    return board


def env_with(moves, **options):
    env = games.make("connectfour", **options)
    for column in moves:
        env.step(column)
    return env


def test_window_count():
    # 6 x 7, four in a row: 24 across, 21 up-down, 12 + 12 diagonal = 69
    assert len(window_cells(6, 7, 4)) == 69
    assert len(window_cells(3, 3, 3)) == 8  # tic-tac-toe's 8 lines
    assert window_matrix(6, 7, 4).sum() == 69 * 4


def test_hand_computed_scores():
    assert heuristic(grid(), 1) == 0
    # three of mine at the bottom left: only the window of columns 0-3 is a three
    assert heuristic(grid("XXX...."), 1) == 1
    # the same three seen by the opponent: -100
    assert heuristic(grid("XXX...."), 2) == -100
    # four in a row: one four (+1,000,000) and the window of columns 1-4 is a three
    assert heuristic(grid("XXXX..."), 1) == 1_000_001
    # a blocked three is worth nothing, and so is the blocker's single disc
    assert heuristic(grid("XXXO..."), 1) == 0
    # a three up a column: one window (rows 2-5 of column 0)
    assert heuristic(grid("X......", "X......", "X......"), 1) == 1
    # an open three in the middle: windows 0-3 and 3-6 both have 3 of mine + 1 empty... no:
    # .XXX... -> windows (0-3) .XXX and (1-4) XXX. -> two threes
    assert heuristic(grid(".XXX..."), 1) == 2
    # my two threes and one opponent three (column 6, up-down)
    assert heuristic(grid("......O", "......O", ".XXX..O"), 1) == 2 - 100


def test_hand_computed_diagonal():
    # X on a rising diagonal from the bottom left, three discs, fourth cell empty above
    board = grid("..XO...", ".XOO...", "XOOO...")
    # for X: the diagonal (5,0) (4,1) (3,2) (2,3) holds X X X and an empty cell -> 1 three
    # for O: O's threes: bottom row 1-4 "OOO." = 1; row 4 ".XOO..." no; column 3: O O O + empty above = 1;
    # diagonal (5,1) (4,2) (3,3) (2,4): O O O . -> 1;  total 3 -> X's score 1 - 300
    assert heuristic(board, 1) == 1 - 300
    assert heuristic(board, 1) == loop_heuristic(board, 1)


def test_generalised_inarow():
    # inarow = 3 on a 4 x 5 board: a "three" is 2 of mine and 1 empty
    board = grid("XX...", columns=5, rows=4)
    # windows across the bottom row: XX. (three), X.. , ... -> 1; no other window has 2 X
    assert heuristic(board, 1, inarow=3) == 1
    assert heuristic(board, 1, inarow=3) == loop_heuristic(board, 1, inarow=3)


@pytest.mark.parametrize("rows, columns, inarow", [(6, 7, 4), (5, 4, 3), (7, 8, 5), (6, 7, 2)])
def test_equals_the_loop_reference_on_random_boards(rows, columns, inarow):
    rng = np.random.default_rng(rows * 100 + columns * 10 + inarow)
    matrix = window_matrix(rows, columns, inarow)
    boards = []
    for _ in range(60):
        board = np.zeros((rows, columns), dtype=np.int8)
        for col in range(columns):  # random column heights with random discs: like real games, and not
            height = int(rng.integers(rows + 1))
            board[rows - height:, col] = rng.integers(1, 3, size=height)
        boards.append(board)
    for me in (1, 2):
        fast = heuristic_scores(np.array([b.ravel() for b in boards]), me, inarow, matrix)
        slow = [loop_heuristic(b, me, inarow) for b in boards]
        assert fast.tolist() == slow


def test_one_step_scores_equal_the_loop_reference_in_real_games():
    # Same seeds, same tie-break draws: the fast and the loop agent play the very same games.
    for seed in range(5):
        fast = arena.play("connectfour", [one_step_agent, random_agent], seed=seed, frames=False)
        slow = arena.play("connectfour", [loop_one_step_agent, random_agent], seed=seed, frames=False)
        assert fast.moves == slow.moves


def test_one_step_wins_at_once_and_blocks():
    env = env_with([0, 6, 1, 6, 2])  # X: 0 1 2 at the bottom; O: two in column 6
    # O to move: must block column 3 (X threatens a four there)
    assert loop_scores(env.board, 2)[3] == max(loop_scores(env.board, 2).values())
    assert one_step_agent(env) == 3
    env = env_with([0, 6, 1, 6, 2, 6])  # now X to move can win in column 3
    assert one_step_agent(env) == 3


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_alpha_beta_wins_at_once(depth):
    env = env_with([0, 6, 1, 6, 2, 6])  # X wins in column 3 (O would win in 6 next)
    assert AlphaBetaAgent(depth)(env) == 3


@pytest.mark.parametrize("depth", [2, 3, 4])
def test_alpha_beta_blocks_an_immediate_loss(depth):
    env = env_with([6, 0, 6, 1, 5, 2])  # O: columns 0 1 2 at the bottom; X (to move) must block 3
    assert not any(env.is_winning_move(c) for c in env.legal_actions())  # X cannot win at once
    assert AlphaBetaAgent(depth)(env) == 3


def gives_a_win(env, column):
    """After ``column``, can the opponent win at once?"""
    child = env.clone()
    child.step(column)
    return not child.terminated and any(child.is_winning_move(c) for c in child.legal_actions())


def test_alpha_beta_never_gives_an_immediate_win_when_it_can_avoid_it():
    # On random positions: if some move does not let the opponent win at once, a depth-2
    # search plays such a move (or wins at once). The one-step agent does not look at
    # replies, so it sometimes fails this: that shows the test can tell them apart.
    rng = np.random.default_rng(0)
    one_step_failures = checked = 0
    for seed in range(150):
        env = games.make("connectfour", seed=seed)
        for _ in range(int(rng.integers(4, 30))):
            env.step(random_agent(env))
            if env.terminated:
                break
        if env.terminated or any(env.is_winning_move(c) for c in env.legal_actions()):
            continue
        safe = [c for c in env.legal_actions() if not gives_a_win(env, c)]
        if not safe or len(safe) == len(env.legal_actions()):
            continue
        checked += 1
        assert AlphaBetaAgent(2)(env) in safe
        one_step_failures += one_step_agent(env.clone()) not in safe
    assert checked >= 20
    assert one_step_failures >= 1


def test_alpha_beta_equals_plain_minimax():
    """Alpha-beta prunes, but must return the value plain minimax returns for the best move."""

    def minimax(env, me, depth):
        values = {}
        for column in env.legal_actions():
            child = env.clone()
            _, _, over, _, info = child.step(column)
            if over:
                winner = info["winner"]
                values[column] = 0 if winner is None else (WIN + depth) * (1 if winner == me - 1 else -1)
            elif depth == 1:
                values[column] = heuristic(child.board, me)
            else:
                sub = minimax(child, me, depth - 1).values()
                values[column] = max(sub) if child.current_player == me - 1 else min(sub)
        return values

    rng = np.random.default_rng(3)
    checked = 0
    for seed in range(12):
        env = games.make("connectfour", seed=seed)
        for _ in range(int(rng.integers(2, 16))):
            env.step(random_agent(env))
            if env.terminated:
                break
        if env.terminated:
            continue
        me = env.current_player + 1
        values = minimax(env, me, 3)
        best = max(values.values())
        agent = AlphaBetaAgent(3)
        choice = agent(env)
        assert values[choice] == best
        checked += 1
    assert checked >= 8


def test_agents_in_the_arena():
    result = arena.evaluate("connectfour", one_step_agent, random_agent, n=20, seed=0, progress=False)
    assert result.wins >= 19 and result.illegal_a == 0
    result = arena.evaluate("connectfour", AlphaBetaAgent(3), random_agent, n=6, seed=0, progress=False)
    assert result.wins == 6
    # other sizes work too
    result = arena.evaluate("connectfour", AlphaBetaAgent(3), one_step_agent, n=4, seed=0, progress=False,
                            rows=5, columns=6, inarow=3)
    assert result.illegal_a == result.illegal_b == 0


def test_a_bad_depth_is_explained():
    from games.errors import BadOptionError
    for depth in (0, -1, 2.5, "3", True):
        with pytest.raises(BadOptionError, match="depth"):
            AlphaBetaAgent(depth)
    games.set_language("ja")
    try:
        with pytest.raises(BadOptionError, match="何手先"):
            AlphaBetaAgent(0)
    finally:
        games.set_language("en")


def test_a_search_that_grows_too_long_looks_less_deep():
    env = env_with([3, 3, 2])
    agent = AlphaBetaAgent(depth=6, max_nodes=50)  # far too few boards for depth 6
    choice = agent(env.clone())
    assert agent.shallower_moves == 1 and agent.nodes <= 7 ** 4 * 7
    assert choice == AlphaBetaAgent(depth=4)(env.clone())  # what depth 6 - 2 chooses
    roomy = AlphaBetaAgent(depth=6)
    roomy(env.clone())
    assert roomy.shallower_moves == 0 and roomy.nodes > 50
