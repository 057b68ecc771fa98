"""DQN: masking, target network, replay buffer, epsilon schedule, encoders, a small training run."""

import numpy as np
import pytest

import games
from games import arena, dqn
from games.agents import random_agent
from games.dqn.agent import keep


def small_agent(game="tictactoe", seed=0, **settings):
    return dqn.DQNAgent(game, seed=seed, **settings)


def set_output(net, bias):
    """Make the network's output exactly ``bias`` whatever the input (last layer: W = 0)."""
    last = net.layers[-1]
    last.W.data[...] = 0
    last.b.data[...] = np.asarray(bias, dtype=last.b.data.dtype)


def batch_of(agent, rewards, dones, next_masks, steps=None):
    n = len(rewards)
    return {"states": np.zeros((n, agent.state_size), np.float32),
            "actions": np.zeros(n, np.int64),
            "rewards": np.asarray(rewards, np.float32),
            "next_states": np.zeros((n, agent.state_size), np.float32),
            "dones": np.asarray(dones, bool),
            "next_masks": np.asarray(next_masks, bool),
            "steps": np.ones(n, np.int64) if steps is None else np.asarray(steps, np.int64)}


# ------------------------------------------------------------------ action masking
def test_a_masked_action_is_never_chosen_even_with_a_huge_q_value():
    agent = small_agent()
    set_output(agent.q_net, [1e6 if a == 4 else 0.0 for a in range(9)])
    env = games.make("tictactoe")
    env.step(4)  # square 4 is now taken
    assert agent.q_values_of(agent.encode(env))[4] == 1e6
    assert agent(env) != 4
    for epsilon in (0.0, 0.5, 1.0):
        assert all(agent.act(env, epsilon) != 4 for _ in range(200))
    assert np.isnan(agent.q_values(env)[4])


def test_the_greedy_action_is_the_best_legal_one():
    agent = small_agent()
    set_output(agent.q_net, [9, 8, 7, 6, 5, 4, 3, 2, 1])
    env = games.make("tictactoe")
    for square in (0, 1, 2):
        env.step(square)
    assert agent(env) == 3  # 0, 1 and 2 are taken; 3 is the best of the rest


@pytest.mark.parametrize("double", [False, True])
def test_bootstrap_maximum_ignores_illegal_next_actions(double):
    agent = small_agent(double=double, gamma=0.5)
    set_output(agent.q_net, [100.0, 1, 2, 3, 4, 5, 6, 7, 8])
    agent.update_target()
    mask = [False, True, True, True, False, True, False, False, False]  # legal: 1, 2, 3, 5
    targets = agent.td_targets(batch_of(agent, rewards=[0.25], dones=[False], next_masks=[mask]))
    assert targets[0] == pytest.approx(0.25 + 0.5 * 5)  # the best legal next action is 5, not 0 (100)


def test_double_dqn_lets_the_online_network_choose_and_the_target_value():
    agent = small_agent(double=True, gamma=1.0)
    set_output(agent.target_net, [0.0, 10, 20] + [0] * 6)
    set_output(agent.q_net, [0.0, 5, 1] + [0] * 6)  # online prefers action 1
    mask = [False, True, True] + [False] * 6
    batch = batch_of(agent, rewards=[0.0], dones=[False], next_masks=[mask])
    assert agent.td_targets(batch)[0] == pytest.approx(10)  # the target's value of the online choice
    agent.config = agent.config.replace(double=False)
    assert agent.td_targets(batch)[0] == pytest.approx(20)  # plain DQN: the target's own maximum


def test_terminal_transitions_do_not_bootstrap():
    agent = small_agent(gamma=0.9)
    set_output(agent.target_net, [50.0] * 9)
    set_output(agent.q_net, [50.0] * 9)
    all_legal, none_legal = [True] * 9, [False] * 9
    batch = batch_of(agent, rewards=[1.0, -1.0, 0.5], dones=[True, True, False],
                     next_masks=[none_legal, all_legal, all_legal], steps=[1, 1, 2])
    targets = agent.td_targets(batch)
    assert targets.tolist() == pytest.approx([1.0, -1.0, 0.5 + 0.9 ** 2 * 50])
    assert np.isfinite(targets).all()


# ------------------------------------------------------------------ target network
def weights_equal(a, b):
    wa, wb = a.get_weights(), b.get_weights()
    return all(np.array_equal(wa[k], wb[k]) for k in wa)


def test_target_network_changes_only_at_an_update():
    agent = small_agent(target_update=10 ** 9)
    assert weights_equal(agent.q_net, agent.target_net)
    before = agent.target_net.get_weights()
    batch = batch_of(agent, rewards=np.ones(8), dones=np.ones(8), next_masks=np.zeros((8, 9)))
    batch["states"] = np.random.default_rng(0).random((8, agent.state_size)).astype(np.float32)
    agent.learn(batch)
    assert not weights_equal(agent.q_net, agent.target_net)  # the online network learnt...
    assert all(np.array_equal(before[k], v) for k, v in agent.target_net.get_weights().items())  # ...not the target
    agent.update_target()
    assert weights_equal(agent.q_net, agent.target_net)


def test_soft_update_moves_the_target_a_fraction_of_the_way():
    agent = small_agent()
    set_output(agent.q_net, np.full(9, 10.0))
    set_output(agent.target_net, np.zeros(9))
    agent.soft_update_target(0.1)
    assert agent.target_net.layers[-1].b.data == pytest.approx(np.ones(9))


def test_training_updates_the_target_every_target_update_moves():
    agent = small_agent(target_update=7, learn_start=1)
    synced_at = []
    update = agent.update_target
    agent.update_target = lambda: (synced_at.append(agent.steps), update())
    dqn.train(agent, episodes=10, eval_every=0, progress=False)
    assert agent.steps >= 30 and synced_at == list(range(7, agent.steps + 1, 7))
    if agent.steps % 7:  # moves played since the last copy: the online network has moved on
        assert not weights_equal(agent.q_net, agent.target_net)


# ------------------------------------------------------------------ replay buffer
def test_replay_buffer_wraps_around_at_capacity():
    buffer = dqn.ReplayBuffer(capacity=5, state_size=2, num_actions=3, seed=0)
    for i in range(7):
        buffer.add([i, i], i % 3, float(i), [i + 1, i + 1], i == 6, [True, False, True], steps=1)
    assert len(buffer) == 5
    assert sorted(buffer.rewards.tolist()) == [2.0, 3.0, 4.0, 5.0, 6.0]  # 0 and 1 were overwritten
    assert buffer.rewards[0] == 5.0 and buffer.rewards[1] == 6.0 and buffer.position == 2


def test_adding_rows_at_once_is_adding_them_one_by_one_also_round_the_end_of_the_ring():
    one_by_one, at_once = (dqn.ReplayBuffer(capacity=7, state_size=2, num_actions=3) for _ in range(2))
    for start in range(0, 15, 3):  # rows 0-2, 3-5, ...: the third and fifth writes go round the end
        rows = np.arange(start, start + 3)
        for i in rows:
            one_by_one.add([i, -i], i % 3, i * 0.5, [i + 1, i], i % 2 == 0, [True, i % 2 == 1, False], steps=2)
        at_once.add_rows(3, states=np.stack([rows, -rows], axis=1), actions=rows % 3, rewards=rows * 0.5,
                         next_states=np.stack([rows + 1, rows], axis=1), dones=rows % 2 == 0,
                         next_masks=np.stack([np.ones(3, bool), rows % 2 == 1, np.zeros(3, bool)], axis=1), steps=2)
        assert (at_once.position, len(at_once)) == (one_by_one.position, len(one_by_one))
        for name in one_by_one.columns:
            assert np.array_equal(getattr(at_once, name), getattr(one_by_one, name)), name


def test_a_transition_is_kept_turned_each_way_as_the_symmetries_say():
    env = games.make("tictactoe")
    for move in [0, 4, 5]:
        env.step(move)
    state, mask = dqn.encode(env), env.action_mask()
    turns = dqn.encoders.symmetries("tictactoe", env)
    buffer = dqn.ReplayBuffer(capacity=20, state_size=len(state), num_actions=9)
    keep(buffer, [(state, 2, 1.0)], state[::-1].copy(), False, mask, gamma=0.9, turns=dqn.agent.BoardTurns(turns))
    assert len(buffer) == 8
    for row, (state_src, action_src) in enumerate(turns):
        assert np.array_equal(buffer.states[row], state[state_src])
        assert np.array_equal(buffer.next_states[row], state[::-1][state_src])
        assert np.array_equal(buffer.next_masks[row], mask[action_src])
        assert action_src[buffer.actions[row]] == 2  # the turned action is action 2 turned
    assert (buffer.rewards[:8] == 1.0).all() and (buffer.steps[:8] == 1).all() and not buffer.dones[:8].any()


def test_sampling_returns_stored_transitions_and_is_reproducible():
    def filled(seed):
        buffer = dqn.ReplayBuffer(capacity=100, state_size=3, num_actions=4, seed=seed)
        for i in range(30):
            mask = np.arange(4) <= i % 4
            buffer.add(np.full(3, i), i % 4, i * 0.5, np.full(3, i + 1), i % 5 == 0, mask, steps=1 + i % 3)
        return buffer

    batch = filled(1).sample(64)
    i = batch["states"][:, 0].astype(int)
    assert (batch["states"] == i[:, None]).all()  # every row is one whole stored transition
    assert (batch["actions"] == i % 4).all() and (batch["rewards"] == i * 0.5).all()
    assert (batch["next_states"][:, 0] == i + 1).all() and (batch["dones"] == (i % 5 == 0)).all()
    assert (batch["next_masks"] == (np.arange(4) <= (i % 4)[:, None])).all() and (batch["steps"] == 1 + i % 3).all()
    again, other = filled(1).sample(64), filled(2).sample(64)
    assert all(np.array_equal(batch[k], again[k]) for k in batch)
    assert not np.array_equal(batch["states"], other["states"])


def test_sampling_an_empty_buffer_says_so():
    with pytest.raises(ValueError, match="empty"):
        dqn.ReplayBuffer(10, 2, 2).sample(4)


def test_n_step_transitions_sum_discounted_rewards():
    buffer = dqn.ReplayBuffer(10, 1, 2)
    recent = [(np.array([0.0]), 0, 1.0), (np.array([1.0]), 1, 2.0), (np.array([2.0]), 0, 4.0)]
    keep(buffer, recent, np.array([3.0]), True, [False, False], gamma=0.5)
    assert buffer.rewards[0] == 1.0 + 0.5 * 2.0 + 0.25 * 4.0
    assert buffer.steps[0] == 3 and buffer.states[0, 0] == 0.0 and buffer.next_states[0, 0] == 3.0


def stored_transitions(agent):
    n = len(agent.memory)
    memory = agent.memory
    return memory.states[:n], memory.rewards[:n], memory.next_states[:n], memory.dones[:n]


def test_game_over_reward_is_added_only_when_the_game_ends():
    agent = small_agent("puyopuyo", reward_scale=0.0, game_over_reward=-7.0, learn_start=10 ** 6,
                        epsilon_start=1.0, epsilon_end=1.0)
    dqn.train(agent, episodes=2, eval_every=0, progress=False)  # random placements until the well is full
    _, rewards, _, dones = stored_transitions(agent)
    assert dones.sum() == 2
    assert np.all(rewards[dones] == -7.0) and np.all(rewards[~dones] == 0.0)


def test_game_over_reward_is_not_given_when_stopped_by_max_moves():
    agent = small_agent("puyopuyo", reward_scale=0.0, game_over_reward=-7.0, learn_start=10 ** 6, max_moves=5)
    dqn.train(agent, episodes=2, eval_every=0, progress=False)
    _, rewards, _, dones = stored_transitions(agent)
    assert not dones.any() and np.all(rewards == 0.0)


def test_shaping_adds_gamma_times_the_next_potential_minus_this_one():
    def puyos(env):
        return float(np.count_nonzero(np.asarray(env.board)))

    agent = small_agent("puyopuyo", reward_scale=0.0, gamma=0.5, shaping=puyos, shaping_scale=3.0,
                        learn_start=10 ** 6, epsilon_start=1.0, epsilon_end=1.0)
    dqn.train(agent, episodes=2, eval_every=0, progress=False)
    states, rewards, next_states, _ = stored_transitions(agent)
    board = 4 * 72  # the colour planes: one 1 per puyo in the well
    expected = 3.0 * (0.5 * next_states[:, :board].sum(axis=1) - states[:, :board].sum(axis=1))
    assert np.allclose(rewards, expected) and (rewards > 0).any() and (rewards < 0).any()


def test_the_puyopuyo_room_potential_is_minus_the_filled_share():
    env = games.make("puyopuyo", seed=0)
    env.reset(seed=0)
    assert dqn.shaping.puyopuyo_room(env) == 0.0
    env.step(0)  # a pair: 2 of the 72 cells
    assert dqn.shaping.puyopuyo_room(env) == pytest.approx(-2 / 72)


def test_an_unknown_shaping_name_gets_a_clear_error():
    agent = small_agent("puyopuyo", shaping="tallest")
    with pytest.raises(games.errors.BadOptionError, match=r"puyopuyo_room, or a function potential\(env\)"):
        dqn.train(agent, episodes=1, eval_every=0, progress=False)


def test_puyopuyo_lookahead_says_what_each_placement_would_do():
    env = games.make("puyopuyo", seed=0)
    board = np.zeros((12, 6), np.int8)
    board[11, :3] = 1  # three reds on the bottom row, columns 0 to 2
    env.reset(seed=0, options={"board": board, "pairs": [(1, 2)]})  # a red pivot, a green puyo
    state = dqn.encoders.puyopuyo_lookahead(env)
    planes = dqn.encoders.puyopuyo_planes(env)
    assert np.array_equal(state[:len(planes)], planes)
    legal, ended, popped, chain, fill = state[len(planes):].reshape(5, env.num_actions)
    pops = env.placement_to_action(3, 1)  # red lands at the end of the row: 4 reds pop
    stays = env.placement_to_action(5, 1)
    assert legal.all() and not ended.any()
    assert popped[pops] == pytest.approx(0.4) and chain[pops] == pytest.approx(0.25)
    assert fill[pops] == pytest.approx(1 / 72)  # only the green puyo is left
    assert popped[stays] == 0 and chain[stays] == 0 and fill[stays] == pytest.approx(5 / 72)


def test_the_encoder_setting_chooses_what_the_network_reads():
    plain, hinted = small_agent("puyopuyo"), small_agent("puyopuyo", encoder="puyopuyo_lookahead")
    assert hinted.state_size == plain.state_size + 5 * 22
    env = games.make("puyopuyo", seed=0)
    env.reset(seed=0)
    assert hinted(env) in env.legal_actions()


# ------------------------------------------------------------------ epsilon schedule
def test_linear_epsilon_schedule():
    schedule = dqn.LinearSchedule(start=1.0, end=0.1, steps=100)
    assert [schedule(t) for t in (0, 25, 50, 100, 1000)] == pytest.approx([1.0, 0.775, 0.55, 0.1, 0.1])
    assert schedule(10 ** 9) == 0.1


# ------------------------------------------------------------------ encoders
SIZES = {"tictactoe": 18, "connectfour": 126, "othello": 144, "minesweeper": 810, "puyopuyo": 304}


@pytest.mark.parametrize("game", sorted(SIZES))
def test_encoders_give_flat_float_vectors(game):
    env = games.make(game, seed=0)
    x = dqn.encode(env)
    assert x.shape == (SIZES[game],) and x.dtype == np.float32
    assert set(np.unique(x)) <= {0.0, 1.0}


@pytest.mark.parametrize("game", ["tictactoe", "connectfour"])
def test_two_player_encoders_are_from_the_movers_view(game):
    env = games.make(game)
    cells = 9 if game == "tictactoe" else 42
    env.step(2)  # player 0 plays; now player 1 is to move
    x = dqn.encode(env)[:2 * cells].reshape(2, cells)
    board = np.asarray(env.board).ravel()
    assert (x[0] == (board == 2)).all() and (x[1] == (board == 1)).all()  # "mine" = player 1's = none yet
    assert x[0].sum() == 0 and x[1].sum() == 1
    env.step(3)  # player 1 plays; player 0 to move: "mine" = player 0's discs again
    x = dqn.encode(env)[:2 * cells].reshape(2, cells)
    board = np.asarray(env.board).ravel()
    assert (x[0] == (board == 1)).all() and (x[1] == (board == 2)).all()
    assert x[0].sum() == 1 and x[1].sum() == 1


def test_connectfour_third_plane_marks_where_discs_would_land():
    env = games.make("connectfour")
    for column in (3, 3, 0):
        env.step(column)
    landing = dqn.encode(env)[2 * 42:].reshape(6, 7)
    expected = np.zeros((6, 7), dtype=bool)
    expected[5, [1, 2, 4, 5, 6]] = True  # empty columns: the bottom row
    expected[4, 0] = expected[3, 3] = True  # on top of the discs
    assert (landing == expected).all()
    for _ in range(4):
        env.step(1)  # column 1 gets 4 more discs; still open (6 rows)
    assert dqn.encode(env)[2 * 42:].reshape(6, 7)[1, 1] == 1


def test_othello_planes_on_the_opening_position():
    env = games.make("othello", size=6)
    planes = dqn.encode(env).reshape(4, 36)
    squares = [np.flatnonzero(plane).tolist() for plane in planes]
    # black (to move) on 15 and 20, white on 14 and 21; black may play 8, 13, 22, 27; white could play 9, 16, 19, 26
    assert squares == [[15, 20], [14, 21], [8, 13, 22, 27], [9, 16, 19, 26]]
    env.step(8)  # black plays; white to move: the planes turn round
    planes = dqn.encode(env).reshape(4, 36)
    board = env.board.ravel()
    assert np.flatnonzero(planes[0]).tolist() == np.flatnonzero(board == 2).tolist()
    assert np.flatnonzero(planes[1]).tolist() == np.flatnonzero(board == 1).tolist()
    assert np.flatnonzero(planes[2]).tolist() == [a for a in env.legal_actions() if a != env.pass_action]


def test_minesweeper_planes_are_one_hot_per_cell():
    env = games.make("minesweeper", seed=3)
    env.step(40)
    planes = dqn.encode(env).reshape(10, 81)
    assert (planes.sum(axis=0) == 1).all()
    board = env.board.ravel()
    assert (planes[0] == (board == -1)).all()
    for number in range(9):
        assert (planes[1 + number] == (board == number)).all()


def test_puyopuyo_planes_hold_the_board_colours_and_the_pairs():
    env = games.make("puyopuyo", seed=5)
    env.step(0)
    x = dqn.encode(env)
    board = env.board.ravel()
    colours = x[:4 * 72].reshape(4, 72)
    for colour in range(1, 5):
        assert (colours[colour - 1] == (board == colour)).all()
    pairs = x[4 * 72:].reshape(4, 4)
    expected = [*env.pair, *env.next_pairs[0]]
    assert (pairs.argmax(axis=1) + 1).tolist() == list(expected) and (pairs.sum(axis=1) == 1).all()


@pytest.mark.parametrize("game, moves, count", [("tictactoe", [0, 4, 5, 1], 8), ("connectfour", [0, 3, 3, 6, 5], 2),
                                                 ("othello", [27, 28, 29, 35, 22], 4)])
def test_symmetries_turn_positions_into_positions_of_the_turned_game(game, moves, count):
    env = games.make(game)
    for move in moves:
        env.step(move)
    state, mask = dqn.encode(env), env.action_mask()
    turns = dqn.encoders.symmetries(game, env)
    assert len(turns) == count and (turns[0][0] == np.arange(len(state))).all()
    seen = set()
    for state_src, action_src in turns:
        action_to = np.argsort(action_src)
        turned = games.make(game)
        for move in moves:  # the same game played on the turned board
            turned.step(int(action_to[move]))
        assert np.array_equal(dqn.encode(turned), state[state_src])
        assert np.array_equal(turned.action_mask(), mask[action_src])
        seen.add(state[state_src].tobytes())
    assert len(seen) == count  # all different positions


def test_augmented_training_keeps_each_transition_once_per_symmetry():
    agent = small_agent(augment=True, learn_start=10 ** 6)
    curve = dqn.train(agent, episodes=3, eval_every=0, progress=False)
    assert len(agent.memory) == 8 * curve.steps


# ------------------------------------------------------------------ training
def test_a_short_training_run_beats_the_untrained_agent_against_random():
    untrained = small_agent(seed=0)
    before = arena.evaluate("tictactoe", untrained, random_agent, n=200, seed=7, progress=False)
    agent = small_agent(seed=0, epsilon_steps=6000, n_step=3)
    curve = dqn.train(agent, episodes=2500, eval_every=0, progress=False)
    after = arena.evaluate("tictactoe", agent, random_agent, n=200, seed=7, progress=False)
    assert len(curve.returns) == 2500 and curve.steps == agent.steps
    assert after.wins >= before.wins + 30 and after.losses <= before.losses / 2
    assert after.illegal_a == 0


def test_same_seed_same_training():
    def run(seed):
        agent = small_agent(seed=seed, learn_start=50, epsilon_steps=500)
        curve = dqn.train(agent, episodes=60, eval_every=30, eval_games=10, progress=False)
        return agent, curve

    (a, ca), (b, cb), (c, _) = run(3), run(3), run(4)
    assert ca.returns == cb.returns and ca.evaluations[0]["win"] == cb.evaluations[0]["win"]
    np.testing.assert_array_equal(ca.losses, cb.losses)  # (nan before learning starts: equal here)
    assert weights_equal(a.q_net, b.q_net)
    assert not weights_equal(a.q_net, c.q_net)


def test_training_draws_its_opponent_from_the_list_game_by_game():
    games_against_me = set()

    def counted_opponent(env):
        games_against_me.add(id(env.np_random))  # each game is reset with its own seed: its own generator
        return random_agent(env)

    agent = small_agent("connectfour", learn_start=20, batch_size=8)
    curve = dqn.train(agent, episodes=12, opponent=[counted_opponent, "self"], eval_every=6, eval_games=4,
                      progress=False)
    assert len(curve.returns) == 12 and [e["episode"] for e in curve.evaluations] == [6, 12]
    assert 0 < len(games_against_me) < 12, "each game draws one of the two opponents"
    for evaluation in curve.evaluations:
        assert evaluation["win"] + evaluation["draw"] + evaluation["loss"] == pytest.approx(1.0)


def test_one_player_games_train_and_evaluate_by_score():
    agent = small_agent("puyopuyo", learn_start=20, batch_size=8, max_moves=15)
    curve = dqn.train(agent, episodes=2, eval_every=2, eval_games=2, progress=False)
    assert max(curve.lengths) <= 15 and "score" in curve.evaluations[0]


def test_a_time_limit_stops_training():
    agent = small_agent()
    curve = dqn.train(agent, episodes=10 ** 6, seconds=0.5, eval_every=0, progress=False)
    assert 0 < len(curve.returns) < 10 ** 6 and curve.seconds < 5


def test_the_progress_bar_counts_the_games_and_shows_the_last_return(capsys):
    curve = dqn.train(small_agent(), episodes=5, eval_every=0)
    last_line = capsys.readouterr().out.split("\r")[-1]
    assert "100% 5/5" in last_line
    assert f"ε={curve.epsilons[-1]:.2f} return {np.mean(curve.returns):+.2f}" in last_line
    dqn.train(small_agent(), episodes=2, eval_every=0, progress=False)
    assert capsys.readouterr().out == ""


# ------------------------------------------------------------------ the agent in the arena, saving
@pytest.mark.parametrize("game", ["othello", "puyopuyo", "minesweeper"])
def test_an_untrained_agent_plays_legal_moves_in_the_arena(game):
    agent = small_agent(game)
    if game == "othello":
        result = arena.evaluate(game, agent, random_agent, n=4, seed=0, progress=False, size=6)
        assert result.illegal_a == 0
    else:
        result = arena.evaluate(game, agent, n=2, seed=0, progress=False, max_moves=30, **agent.config.options)
        assert result.illegal == 0


def test_save_and_load_round_trip(tmp_path):
    agent = small_agent("othello", hidden=(16,), seed=2)
    dqn.train(agent, episodes=3, eval_every=0, progress=False, opponent="random")
    path = tmp_path / "othello_agent"
    agent.save(path)
    loaded = dqn.DQNAgent.load(path)
    assert loaded.game == "othello" and loaded.config == agent.config
    assert weights_equal(loaded.q_net, agent.q_net) and weights_equal(loaded.target_net, agent.q_net)
    env = games.make("othello", seed=0)
    while not env.terminated:
        assert np.array_equal(loaded.q_values(env), agent.q_values(env), equal_nan=True)
        assert loaded(env) == agent(env)
        env.step(random_agent(env))


def test_an_opponent_given_as_a_function_is_saved_by_name(tmp_path):
    agent = small_agent(opponent=random_agent)
    agent.save(tmp_path / "a.npz")
    assert dqn.DQNAgent.load(tmp_path / "a.npz").config.opponent == "random_agent"


# ------------------------------------------------------------------ settings
def test_presets_exist_for_every_game_and_are_copies():
    for game in games.list_games():
        config = dqn.preset(game)
        config.options["changed"] = True
        assert "changed" not in dqn.preset(game).options


def test_an_agent_made_for_another_board_says_so():
    agent = small_agent("othello", hidden=(8,))  # 6 x 6
    with pytest.raises(games.BadOptionError, match="othello"):
        agent(games.make("othello", size=8))


def test_unknown_settings_and_games_get_clear_errors():
    with pytest.raises(games.BadOptionError, match="hiden"):
        dqn.DQNAgent("tictactoe", hiden=(8,))
    with pytest.raises(games.BadOptionError, match="chess"):
        dqn.preset("chess")
    with pytest.raises(games.BadOptionError, match="classic"):
        dqn.train(small_agent(), episodes=1, opponent="classic", progress=False)
