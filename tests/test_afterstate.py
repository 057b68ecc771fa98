"""The afterstate agent (Puyo Puyo) and the Connect Four threat hints of the DQN lessons."""

import numpy as np
import pytest

import games
from games import arena, dqn
from games.agents import random_agent
from games.dqn.afterstate import puyopuyo_board
from games.dqn.encoders import connectfour_threats, symmetries, threat_cells

SMALL = dict(hidden=(16,), reward_scale=0.01, gamma=0.9, max_moves=30, epsilon_start=0.2, epsilon_end=0.02,
             epsilon_steps=300, train_every=2, batch_size=16, learn_start=50, buffer_size=2000, eval_every=0)


# ------------------------------------------------------------------ afterstate agent
def test_the_board_encoding_is_the_colour_planes_then_the_next_pair():
    env = games.make("puyopuyo")
    env.reset(seed=1)
    env.step((0, 1))
    board = np.asarray(env.board)
    encoded = puyopuyo_board(env)
    planes = np.array([board == colour for colour in range(1, 5)], dtype=np.float32).ravel()
    assert np.array_equal(encoded[:288], planes)
    assert encoded[288:].reshape(2, 4).argmax(axis=1).tolist() == [c - 1 for c in env.pair]


def test_an_untrained_agent_values_every_board_at_zero_and_takes_the_points():
    agent = dqn.AfterstateAgent("puyopuyo", seed=0, **SMALL)
    env = games.make("puyopuyo")
    env.reset(options={"board": [[0] * 6] * 11 + [[1, 1, 1, 0, 0, 0]], "pairs": [(1, 2)]})
    values = agent.move_values(env)
    points = {a: 0.01 * env.clone().play(a) for a in env.legal_actions()}
    assert max(points.values()) > 0  # some placement pops the three reds
    for action, value in points.items():
        assert values[action] == pytest.approx(value)
    assert points[agent(env)] == max(points.values())


def test_values_are_points_now_plus_gamma_times_v_after_and_nan_when_illegal():
    agent = dqn.AfterstateAgent("puyopuyo", seed=0, **SMALL)
    last = agent.v_net.layers[-1]
    last.b.data[...] = 2.0  # V = 2 for every board
    env = games.make("puyopuyo")
    env.reset(seed=3)
    values = agent.move_values(env)
    for action in range(env.num_actions):
        if action not in env.legal_actions():
            assert np.isnan(values[action])
            continue
        after = env.clone()
        points = after.play(action) * 0.01
        assert values[action] == pytest.approx(points + (0 if after.terminated else 0.9 * 2.0), rel=1e-5)


def test_td_targets_go_into_the_memory_and_learning_moves_v_towards_them():
    agent = dqn.AfterstateAgent("puyopuyo", seed=0, **SMALL)
    curve = dqn.train(agent, episodes=3, seed=0, progress=False)
    assert len(agent.memory) > 0 and agent.updates > 0
    batch = agent.memory.sample(64)
    boards, targets = batch["boards"], batch["targets"]
    before = float(np.mean((agent.v_net(boards).data[:, 0] - targets) ** 2))
    for _ in range(200):
        agent.learn(batch)
    after = float(np.mean((agent.v_net(boards).data[:, 0] - targets) ** 2))
    assert after < 0.5 * before
    assert len(curve.returns) == 3


def test_afterstate_training_is_reproducible_and_beats_random_after_a_short_practice():
    def trained():
        agent = dqn.AfterstateAgent("puyopuyo", seed=0, **dict(SMALL, hidden=(32,), max_moves=60))
        dqn.train(agent, episodes=12, seed=0, progress=False)
        return agent

    first, second = trained(), trained()
    for a, b in zip(first.v_net.params(), second.v_net.params()):
        assert np.array_equal(a.data, b.data)
    mine = arena.evaluate("puyopuyo", first, n=10, seed=500, max_moves=60, progress=False)
    chance = arena.evaluate("puyopuyo", random_agent, n=10, seed=500, max_moves=60, progress=False)
    assert mine.mean_score()[0] > chance.mean_score()[0]


def test_an_afterstate_agent_is_saved_and_loaded_by_dqn_agent_load(tmp_path):
    agent = dqn.AfterstateAgent("puyopuyo", seed=0, **SMALL)
    dqn.train(agent, episodes=2, seed=0, progress=False)
    agent.save(tmp_path / "puyo.npz")
    loaded = dqn.DQNAgent.load(tmp_path / "puyo.npz")
    assert isinstance(loaded, dqn.AfterstateAgent)
    env = games.make("puyopuyo")
    env.reset(seed=4)
    assert np.allclose(loaded.move_values(env), agent.move_values(env), equal_nan=True)


def test_afterstate_learning_for_another_game_says_where_it_works():
    with pytest.raises(games.errors.BadOptionError, match="puyopuyo"):
        dqn.AfterstateAgent("othello")


# ------------------------------------------------------------------ Connect Four threat hints
def plain_threats(board, mark):
    """Reference: try every empty cell, look along the 4 directions for four in a row."""
    rows, columns = board.shape
    found = np.zeros_like(board, dtype=bool)
    for r in range(rows):
        for c in range(columns):
            if board[r, c]:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                count = 1
                for sign in (1, -1):
                    rr, cc = r + sign * dr, c + sign * dc
                    while 0 <= rr < rows and 0 <= cc < columns and board[rr, cc] == mark:
                        count += 1
                        rr, cc = rr + sign * dr, cc + sign * dc
                found[r, c] |= count >= 4
    return found


@pytest.mark.parametrize("seed", range(30))
def test_threat_cells_agree_with_a_plain_search(seed):
    env = games.make("connectfour")
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(int(rng.integers(6, 30))):
        if env.terminated:
            break
        legal = env.legal_actions()
        env.step(legal[int(rng.integers(len(legal)))])
    board = np.asarray(env.board)
    for mark in (1, 2):
        assert np.array_equal(threat_cells(board, mark), plain_threats(board, mark))


def test_the_hints_say_win_block_and_give_away_per_column():
    env = games.make("connectfour")
    for column in [1, 6, 2, 6, 3]:  # red: 1 2 3 on the bottom row; yellow: two in column 6
        env.step(column)
    # yellow to move: red threatens columns 0 and 4 (yellow must block), yellow has no win
    hints = connectfour_threats(env)[126:].reshape(3, 7)
    assert hints[0].tolist() == [0] * 7
    assert hints[1].tolist() == [1, 0, 0, 0, 1, 0, 0]
    env.step(5)  # yellow does not block; now red to move wins in 0 or 4
    hints = connectfour_threats(env)[126:].reshape(3, 7)
    assert hints[0].tolist() == [1, 0, 0, 0, 1, 0, 0]
    give = games.make("connectfour")  # a position with threats for both sides, checked against the plain search
    for column in [0, 1, 0, 1, 0, 3, 6, 3]:
        give.step(column)
    board = np.asarray(give.board)
    hints = connectfour_threats(give)[126:].reshape(3, 7)
    mine = plain_threats(board, give.current_player + 1)
    theirs = plain_threats(board, 2 - give.current_player)
    for column, height in enumerate(give.heights):
        row = 5 - height
        assert hints[0, column] == mine[row, column]
        assert hints[1, column] == theirs[row, column]
        assert hints[2, column] == (row > 0 and theirs[row - 1, column])


def test_mirroring_the_hint_encoding_mirrors_the_board_and_the_columns():
    env = games.make("connectfour")
    for column in [1, 6, 2, 6, 3, 5]:
        env.step(column)
    mirrored = games.make("connectfour")
    for column in [5, 0, 4, 0, 3, 1]:
        mirrored.step(column)
    state = connectfour_threats(env)
    (_, _), (state_src, action_src) = symmetries("connectfour", env, len(state))
    assert np.array_equal(state[state_src], connectfour_threats(mirrored))
    assert action_src.tolist() == [6, 5, 4, 3, 2, 1, 0]
