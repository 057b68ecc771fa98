"""Minesweeper: numbers, first-click rules over thousands of seeds, area opening, the end.

The checks recompute everything from the mine layout with independent code (numpy for the
numbers, a set-based flood fill for the areas), and read the layout from the env's private
``_mine`` (a student cannot see it; the test must).
"""

import numpy as np
import pytest

import games
from games.agents import random_agent
from games.envs.minesweeper import HIDDEN, MINE
from games.errors import BadOptionError, GameOverError, IllegalActionError


def mines_of(env):
    return np.array(env._mine, dtype=bool).reshape(env.rows, env.cols)


def reference_numbers(mines):
    """How many of the 8 neighbours are mines, by shifting a zero-padded grid."""
    padded = np.pad(mines.astype(int), 1)
    rows, cols = mines.shape
    return sum(padded[1 + dr:1 + dr + rows, 1 + dc:1 + dc + cols]
               for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))


def reference_opened(mines, numbers, start):
    """The cells one click opens: the cell; if it shows 0, a breadth-first spread over 0s."""
    rows, cols = mines.shape
    opened, frontier = {start}, [start]
    while frontier:
        r, c = frontier.pop(0)
        if numbers[r, c] != 0:
            continue
        for rr in range(r - 1, r + 2):
            for cc in range(c - 1, c + 2):
                if 0 <= rr < rows and 0 <= cc < cols and (rr, cc) not in opened:
                    opened.add((rr, cc))
                    frontier.append((rr, cc))
    return opened


# ----------------------------------------------------------------------- the numbers
@pytest.mark.parametrize("preset", ["beginner", "intermediate", "expert"])
def test_numbers_are_the_neighbour_mine_counts(preset):
    env = games.make("minesweeper", preset=preset)
    for seed in range(30):
        env.reset(seed=seed)
        env.step(env.num_actions // 2)
        mines = mines_of(env)
        assert mines.sum() == env.mines
        numbers = reference_numbers(mines)
        assert np.array_equal(np.array(env._numbers).reshape(mines.shape), numbers)
        obs = env.board
        shown = obs != HIDDEN
        if not env.terminated:
            assert np.array_equal(obs[shown], numbers[shown])
            assert not (shown & mines).any()


def test_preset_sizes_and_options():
    for preset, shape, mines in [("beginner", (9, 9), 10), ("intermediate", (16, 16), 40),
                                 ("expert", (16, 30), 99)]:
        env = games.make("minesweeper", preset=preset)
        obs, _ = env.reset(seed=0)
        assert obs.shape == shape and obs.dtype == np.int8 and (obs == HIDDEN).all()
        assert env.num_actions == shape[0] * shape[1] and env.mines == mines
    assert games.make("minesweeper").board.shape == (9, 9)  # beginner by default
    env = games.make("minesweeper", preset="expert", mines=80)
    assert (env.rows, env.cols, env.mines) == (16, 30, 80)
    env = games.make("minesweeper", rows=3, cols=3, mines=0, first_click="zero")
    assert env.mines == 0
    with pytest.raises(BadOptionError, match="0 to 7"):  # zero: 3 x 3 = 9 cells kept free of 16
        games.make("minesweeper", rows=4, cols=4, mines=8, first_click="zero")
    games.make("minesweeper", rows=4, cols=4, mines=7, first_click="zero")
    with pytest.raises(BadOptionError):
        games.make("minesweeper", preset="hard")
    with pytest.raises(BadOptionError):
        games.make("minesweeper", reward="score")


# -------------------------------------------------------------------- first click rules
def first_clicks(first_click, seeds, preset="beginner", **options):
    """For each seed: (the clicked cell, the env just after the first click)."""
    env = games.make("minesweeper", preset=preset, first_click=first_click, **options)
    chooser = np.random.default_rng(2024)  # the clicked cells, independent of the game
    for seed in range(seeds):
        env.reset(seed=seed)
        cell = int(chooser.integers(env.num_actions))
        env.step(cell)
        yield cell, env


def test_first_click_safe_is_never_a_mine():
    counts = np.zeros(81)
    for cell, env in first_clicks("safe", 3000):
        assert not env._mine[cell]
        assert env.number(cell) is not None and not (env.terminated and not env.won)
        counts += env._mine
    # the mines are spread uniformly: about 3000 * 10 / 80 = 375 per cell (sd ~ 19)
    assert counts.min() > 280 and counts.max() < 470, counts


def test_first_click_zero_opens_an_area():
    for cell, env in first_clicks("zero", 2000):
        assert not env._mine[cell] and env.number(cell) == 0
        assert all(not env._mine[n] for n in env.neighbours(cell))
        assert all(env.number(n) is not None for n in env.neighbours(cell)), "its area is open"
    for cell, env in first_clicks("zero", 500, preset="expert"):
        assert env.number(cell) == 0


def test_first_click_zero_works_on_a_crowded_board():
    # 5 x 5 with 16 mines: exactly the 9 cells around an inner first click are free
    for cell, env in first_clicks("zero", 300, preset="beginner", rows=5, cols=5, mines=16):
        assert env.number(cell) == 0 and not env._mine[cell]


def test_first_click_any_can_be_a_mine():
    results = [bool(env._mine[cell]) for cell, env in first_clicks("any", 1000)]
    assert 60 < sum(results) < 200  # about 10 / 81 of the first clicks hit a mine
    for cell, env in first_clicks("any", 200):
        assert env.terminated == bool(env._mine[cell])


def test_same_seed_and_first_click_same_layout_whatever_the_agent_draws():
    for first_click in ("safe", "zero", "any"):
        env = games.make("minesweeper", first_click=first_click)
        layouts = []
        for draws in (0, 5, 50):
            env.reset(seed=77)
            env.np_random.random(draws)  # an agent's own random choices before clicking
            env.step(40)
            layouts.append(env._mine)
        assert layouts[0] == layouts[1] == layouts[2]
        env.reset(seed=78)
        env.step(40)
        assert env._mine != layouts[0]


# ------------------------------------------------------------------------ opening areas
def test_area_opening_equals_a_reference_flood_fill():
    for preset in ("beginner", "intermediate", "expert"):
        env = games.make("minesweeper", preset=preset)
        for seed in range(20):
            env.reset(seed=seed)
            env.step(0)
            mines = mines_of(env)
            numbers = reference_numbers(mines)
            expected = reference_opened(mines, numbers, (0, 0))
            opened_now = set(zip(*np.nonzero(env.board != HIDDEN)))
            assert opened_now == expected
            # later clicks: each opens exactly its own reference area (plus what was open)
            while not env.terminated:
                action = random_agent(env)
                cell = env.to_cell(action)
                if mines[cell]:
                    break
                expected = opened_now | reference_opened(mines, numbers, cell)
                env.step(action)
                opened_now = set(zip(*np.nonzero((env.board != HIDDEN) & (env.board != MINE))))
                assert opened_now == expected


def test_a_board_without_mines_opens_at_once():
    env = games.make("minesweeper", rows=30, cols=40, mines=0)
    _, reward, terminated, _, info = env.step((15, 20))
    assert terminated and info["won"] and reward == 1.0 and (env.board == 0).all()


# ---------------------------------------------------------------------------- the end
def test_revealing_every_safe_cell_wins():
    env = games.make("minesweeper", seed=3)
    env.step(40)
    safe = [a for a in range(81) if not env._mine[a]]
    rewards = []
    for action in safe:
        if env.number(action) is None:
            obs, reward, terminated, _, info = env.step(action)
            rewards.append(reward)
            assert terminated == (env.safe_cells_left == 0)
    assert terminated and info["won"] is True and env.won is True
    assert rewards[-1] == 1.0 and set(rewards[:-1]) <= {0.0}
    assert np.array_equal(obs == MINE, mines_of(env)), "at the end every mine shows as 9"
    assert env.hidden_count == env.mines and env.safe_cells_left == 0 and env.legal_actions() == []


def test_revealing_a_mine_loses_and_only_then_shows_the_mines():
    env = games.make("minesweeper", seed=4)
    obs, _, _, _, info = env.step(0)
    assert "won" not in info and obs.min() >= HIDDEN and obs.max() <= 8
    mine = next(a for a in range(81) if env._mine[a])
    obs, reward, terminated, _, info = env.step(mine)
    assert terminated and reward == -1.0 and info["won"] is False and env.won is False
    assert np.array_equal(obs == MINE, mines_of(env))
    assert "X" in str(env) and str(env).count("*") == env.mines - 1
    with pytest.raises(GameOverError):
        env.step(1)


def test_the_observation_never_shows_a_mine_during_play():
    env = games.make("minesweeper", preset="intermediate")
    for seed in range(40):
        obs, _ = env.reset(seed=seed)
        while True:
            assert obs.dtype == np.int8 and obs.shape == (16, 16)
            if env.terminated:
                break
            assert obs.min() >= HIDDEN and obs.max() <= 8 and MINE not in obs
            assert int((obs == HIDDEN).sum()) == env.hidden_count
            obs, *_ = env.step(random_agent(env))


def test_progress_reward_adds_up_to_one_plus_the_win():
    env = games.make("minesweeper", reward="progress", seed=6)
    total = env.step(40)[1]
    for action in range(81):
        if not env._mine[action] and env.number(action) is None:
            total += env.step(action)[1]
    assert env.won and total == pytest.approx(2.0)
    env = games.make("minesweeper", reward="progress", first_click="any")
    for seed in range(100):  # a first click on a mine: only the -1
        env.reset(seed=seed)
        mine_first = env.step(0)[1] == -1.0
        if mine_first:
            break
    assert mine_first


# --------------------------------------------------------------- actions and helpers
def test_an_open_cell_is_refused_and_nothing_changes():
    env = games.make("minesweeper", seed=1)
    env.step((4, 4))
    before = (env.board.tolist(), env.legal_actions(), env.last_action)
    with pytest.raises(IllegalActionError, match=r"Cell \(4, 4\) \(action 40\) is already open") as caught:
        env.step(40)
    assert "Legal actions now" in str(caught.value)
    games.set_language("ja")
    with pytest.raises(IllegalActionError, match="もう開いています"):
        env.step((4, 4))
    with pytest.raises(IllegalActionError, match="盤の外"):
        env.step((9, 0))
    assert (env.board.tolist(), env.legal_actions(), env.last_action) == before


def test_the_legal_list_in_a_message_is_cut_on_big_boards():
    env = games.make("minesweeper", preset="expert", seed=0)
    env.step(0)
    with pytest.raises(IllegalActionError) as caught:
        env.step(0)
    assert "…" in str(caught.value) and len(str(caught.value)) < 400


def test_tuples_and_helpers():
    env = games.make("minesweeper", rows=4, cols=5, mines=3, seed=2)
    assert env.to_action(2, 3) == 13 and env.to_cell(13) == (2, 3)
    assert env.neighbours(0) == [1, 5, 6]
    assert env.neighbours((1, 1)) == [0, 1, 2, 5, 7, 10, 11, 12]
    assert env.neighbours(19) == [13, 14, 18]
    assert env.number(0) is None and env.hidden_count == 20 and env.safe_cells_left == 17
    copy = env.clone()
    env.step((1, 2))
    copy.step(7)
    assert np.array_equal(env.board, copy.board)
    with pytest.raises(IllegalActionError):
        env.neighbours(20)
    with pytest.raises(IllegalActionError):
        env.to_action(4, 0)
    env = games.make("minesweeper", illegal="lose", seed=2)
    _, reward, terminated, _, info = env.step((9, 9))
    assert (reward, terminated, info["won"], info["illegal_move"]) == (-1.0, True, False, True)


def test_clone_is_independent_and_replays_the_same_layout():
    env = games.make("minesweeper", preset="intermediate", seed=8)
    before_click = env.clone()
    env.step(100)
    before_click.step(100)  # same seed state, same first click: same mines
    assert before_click._mine == env._mine
    board, legal = env.board.copy(), env.legal_actions()
    copy = env.clone()
    while not copy.terminated:
        copy.step(random_agent(copy))
    assert np.array_equal(env.board, board) and env.legal_actions() == legal and not env.terminated


def test_picture_marks_the_last_click_and_shows_mines_only_at_the_end():
    env = games.make("minesweeper", seed=4)
    env.step(0)
    svg = env.render().svg
    assert "#f2b705" in svg  # the gold outline of the last click
    assert "#ff4d4d" not in svg  # no exploded mine yet
    mine = next(a for a in range(81) if env._mine[a])
    env.step(mine)
    assert "#ff4d4d" in env.render().svg
