"""SearchAgent: a search a few moves deep with a Q-network at its leaves, learning the search's values."""

import numpy as np
import pytest

import games
from games import arena, dqn
from games.agents import random_agent


def tictactoe_after(*squares):
    env = games.make("tictactoe")
    for square in squares:
        env.step(square)
    return env


@pytest.fixture(scope="module")
def trained():
    """A search agent from a briefly trained DQN agent, after a few games of its own learning (a few seconds)."""
    agent = dqn.DQNAgent("tictactoe", seed=3, hidden=(16,), epsilon_steps=500)
    dqn.train(agent, episodes=100, opponent="random", eval_every=0, progress=False)
    searcher = dqn.SearchAgent.from_agent(agent, depth=1, learn_start=50)  # not the default depth
    dqn.train(searcher, episodes=30, opponent=["random", "self"], eval_every=0, progress=False)
    return agent, searcher


def test_it_takes_a_win_and_blocks_a_line_even_untrained():
    agent = dqn.SearchAgent("tictactoe", seed=0, hidden=(8,), depth=2)
    assert agent(tictactoe_after(0, 3, 1, 4)) == 2  # X: 0 1 _ -> wins at 2
    values = agent.move_values(tictactoe_after(0, 3, 1, 4))
    assert values[2] == 1.0 and np.isnan(values[[0, 1, 3, 4]]).all()
    assert agent(tictactoe_after(0, 4, 1)) == 2  # O must block X's 0 1 _


def test_at_depth_one_a_moves_value_is_minus_gamma_times_the_networks_best_q_after_it():
    agent = dqn.SearchAgent("tictactoe", seed=1, hidden=(8,), depth=1, gamma=0.9)
    env = tictactoe_after(4, 0)
    values = agent.move_values(env)
    for square in env.legal_actions():
        child = env.clone()
        child.play(square)
        q = agent.q_net(agent.encode(child)[None, :]).data[0]
        best = np.clip(q[child.action_mask()].max(), -1, 1)
        assert values[square] == pytest.approx(-0.9 * best)


def test_learning_moves_the_q_values_towards_the_search_values():
    agent = dqn.SearchAgent("tictactoe", seed=2, hidden=(16,), lr=1e-2)
    env = tictactoe_after(0, 3, 1)  # O to move: it must block at 2
    searched = []
    agent.move_values(env, searched)
    batch = {"states": np.stack([agent.encode(position) for position, _ in searched]),
             "masks": np.stack([~np.isnan(values) for _, values in searched]),
             "targets": np.stack([np.nan_to_num(values) for _, values in searched]).astype(np.float32)}
    losses = [agent.learn(batch) for _ in range(50)]
    assert losses[-1] < 0.2 * losses[0]


def test_from_agent_copies_the_network(trained):
    agent, searcher = trained
    assert searcher.config.depth == 1 and searcher.steps > 0
    weights = agent.q_net.get_weights()
    assert any(not np.array_equal(weights[name], value) for name, value in searcher.q_net.get_weights().items())


def test_save_and_load_give_the_same_player(trained, tmp_path):
    _, searcher = trained
    searcher.save(tmp_path / "final.npz")
    loaded = dqn.load(tmp_path / "final.npz")
    assert type(loaded) is dqn.SearchAgent and loaded.config.depth == 1
    for seed in range(4):
        mine = arena.play("tictactoe", [searcher, random_agent], seed=seed, frames=False)
        theirs = arena.play("tictactoe", [loaded, random_agent], seed=seed, frames=False)
        assert mine.moves == theirs.moves
    env = tictactoe_after(4)
    np.testing.assert_array_equal(searcher.move_values(env), loaded.move_values(env))


def test_games_play_uses_it_and_shows_its_search_values(trained):
    pytest.importorskip("anywidget")
    _, searcher = trained
    widget = games.play("tictactoe", searcher, show_q=True)
    widget.handle_event({"event": "click", "target": 4})
    assert sum(cell["kind"] == "o" for cell in widget.view["cells"]) == 1  # it answered
    assert set(widget.view["q"]) == {str(square) for square in widget.view["playable"]}


@pytest.mark.parametrize("game, options", [("connectfour", {}), ("othello", {"size": 6})])
def test_it_plays_the_other_two_player_games(game, options):
    agent = dqn.SearchAgent(game, dqn.preset(game), seed=0, depth=1)
    record = arena.play(game, [agent, random_agent], seed=0, frames=False, **options)
    assert record.winner in (0, 1, None)


def connectfour_positions(count, seed=0):
    """Positions of random Connect Four games that are not over, from the empty board to nearly full."""
    rng, found = np.random.default_rng(seed), []
    while len(found) < count:
        env = games.make("connectfour")
        for _ in range(int(rng.integers(0, 42))):
            legal = env.legal_actions()
            env.step(int(legal[rng.integers(len(legal))]))
            if env.terminated:
                break
        if not env.terminated:
            found.append(env)
    return found


@pytest.mark.parametrize("encoder", ["connectfour", "connectfour_threats"])
def test_connectfour_many_encodes_as_the_one_position_encoder(encoder):
    from games.dqn.encoders import MANY_ENCODERS, encoder_for
    envs = connectfour_positions(60)
    boards = np.stack([env.board.ravel() for env in envs])
    marks = np.array([env.current_player + 1 for env in envs])
    heights = np.array([env.heights for env in envs])
    many = MANY_ENCODERS[encoder](boards, marks, heights, 6, 4)
    np.testing.assert_array_equal(many, np.stack([encoder_for(encoder)(env) for env in envs]))


@pytest.mark.parametrize("depth, encoder", [(1, "connectfour_threats"), (2, "connectfour"), (3, "connectfour_threats")])
def test_connectfour_array_search_gives_the_values_of_the_tree_search(depth, encoder):
    agent = dqn.SearchAgent("connectfour", seed=4, hidden=(16,), depth=depth, encoder=encoder, gamma=0.8)
    assert agent.array_levels is not None
    for env in connectfour_positions(15, seed=depth):
        arrays = agent.move_values(env)  # playing: the array search
        tree = agent.move_values(env, searched=[])  # learning: the tree of envs
        np.testing.assert_array_equal(np.isnan(arrays), np.isnan(tree))
        np.testing.assert_allclose(arrays, tree, atol=1e-6)
        assert agent(env) == int(np.nanargmax(tree))


def test_connectfour_array_search_sees_a_win_inside_the_search():
    agent = dqn.SearchAgent("connectfour", seed=0, hidden=(8,), depth=2, gamma=0.9)
    env = games.make("connectfour")
    for column in [0, 6, 0, 6, 0]:  # red has three in column 0
        env.step(column)
    values = agent.move_values(env)  # yellow to move: any column but 0 lets red win at once
    np.testing.assert_array_equal(values[1:], -0.9)
    assert values[0] > -0.9


@pytest.mark.parametrize("encoder", ["connectfour", "connectfour_threats"])
def test_connectfour_array_search_where_every_line_ends_inside_the_search(encoder):
    agent = dqn.SearchAgent("connectfour", seed=0, hidden=(8,), depth=3, encoder=encoder)
    env = games.make("connectfour")
    # the columns filled in an order that makes no four; the last two cells (top of columns 5 and 6) stay empty
    for column in [0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 2, 3, 2, 3, 3, 2, 3, 2, 2, 3, 2, 3,
                   4, 5, 4, 5, 5, 4, 5, 4, 4, 5, 4, 6, 6, 6, 6, 6]:
        env.step(column)
    assert not env.terminated and env.legal_actions() == [5, 6]
    np.testing.assert_allclose(agent.move_values(env), agent.move_values(env, searched=[]), atol=1e-6)


def test_connectfour_a_finished_game_has_no_move_values():
    agent = dqn.SearchAgent("connectfour", seed=0, hidden=(8,), depth=2)
    env = games.make("connectfour")
    for column in [0, 6, 0, 6, 0, 6, 0]:  # red wins in column 0
        env.step(column)
    assert env.terminated and np.isnan(agent.move_values(env)).all()


def othello_positions(count, size, seed=0):
    """Positions of random Othello games that are not over, every move of each game (passes included)."""
    rng, found = np.random.default_rng(seed), []
    while len(found) < count:
        env = games.make("othello", size=size)
        env.reset(seed=int(rng.integers(1000)))
        while not env.terminated and len(found) < count:
            found.append(env.clone())
            legal = env.legal_actions()
            env.step(int(legal[rng.integers(len(legal))]))
    return found


@pytest.mark.parametrize("size", [4, 6, 8])
def test_othello_array_moves_and_flips_are_the_engines(size):
    from games.dqn.array_search import othello_flips, othello_moves
    envs = othello_positions(150, size, seed=size)
    own = np.array([env.discs[env.current_player] for env in envs], dtype=np.uint64)
    opp = np.array([env.discs[1 - env.current_player] for env in envs], dtype=np.uint64)
    engine = envs[0]  # the engine's move finder depends only on the board size
    assert othello_moves(own, opp, size).tolist() == [engine._find_moves(int(a), int(b)) for a, b in zip(own, opp)]
    assert othello_moves(opp, own, size).tolist() == [engine._find_moves(int(b), int(a)) for a, b in zip(own, opp)]
    for env, mine, theirs in zip(envs, own, opp):
        squares = [square for square in env.legal_actions() if square != env.pass_action]
        bits = np.left_shift(np.uint64(1), np.array(squares, dtype=np.uint64))
        flips = othello_flips(bits, np.full(len(squares), mine), np.full(len(squares), theirs), size)
        assert flips.tolist() == [env._find_flips(1 << square, int(mine), int(theirs)) for square in squares]


def test_othello_many_encodes_as_the_one_position_encoder():
    from games.dqn.array_search import othello_both_moves, othello_many
    from games.dqn.encoders import encoder_for
    envs = othello_positions(80, 6, seed=1)
    own = np.array([env.discs[env.current_player] for env in envs], dtype=np.uint64)
    opp = np.array([env.discs[1 - env.current_player] for env in envs], dtype=np.uint64)
    states, masks = othello_many(own, opp, *othello_both_moves(own, opp, 6), 36)
    np.testing.assert_array_equal(states, np.stack([encoder_for("othello")(env) for env in envs]))
    np.testing.assert_array_equal(masks, np.stack([env.action_mask() for env in envs]))


@pytest.mark.parametrize("depth, size", [(1, 6), (2, 4), (3, 6), (3, 4)])
def test_othello_array_search_gives_the_values_of_the_tree_search(depth, size):
    agent = dqn.SearchAgent("othello", seed=5, hidden=(16,), depth=depth, gamma=0.8, options={"size": size})
    assert agent.array_levels is not None
    envs = othello_positions(40, size, seed=depth)
    assert any(env.legal_actions() == [env.pass_action] for env in envs) or size == 6  # passes are searched too
    for env in envs:
        arrays = agent.move_values(env)  # playing: the array search
        tree = agent.move_values(env, searched=[])  # learning: the tree of envs
        np.testing.assert_array_equal(np.isnan(arrays), np.isnan(tree))
        np.testing.assert_allclose(arrays, tree, atol=1e-6)


def test_othello_array_search_sees_the_end_of_the_game():
    agent = dqn.SearchAgent("othello", seed=0, hidden=(8,), depth=1, options={"size": 4})
    env = games.make("othello", size=4)
    env.set_position([[1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 2, 2], [1, 1, 2, 0]], to_move=0)
    values = agent.move_values(env)  # black fills the last square, flipping everything: the game ends, won
    assert values[15] == 1.0 and np.isnan(np.delete(values, 15)).all()


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("make, words", [
    (lambda: dqn.SearchAgent.from_agent(random_agent, depth=2), {"en": ["dqn.DQNAgent", "random_agent"],
                                                                 "ja": ["dqn.DQNAgent", "random_agent"]}),
    (lambda: dqn.SearchAgent.from_agent(dqn.AfterstateAgent("puyopuyo", hidden=(8,)), depth=2),
     {"en": ["dqn.DQNAgent", "AfterstateAgent"], "ja": ["dqn.DQNAgent", "AfterstateAgent"]}),
    (lambda: dqn.SearchAgent("tictactoe", hidden=(8,), depth=0),
     {"en": ["depth=0", "≥ 1"], "ja": ["depth=0", "1 以上"]}),
    (lambda: dqn.SearchAgent("minesweeper", hidden=(8,)), {"en": ["'minesweeper'", "othello"],
                                                          "ja": ["'minesweeper'", "2 人"]}),
    (lambda: dqn.ChainSearchAgent.from_agent(dqn.DQNAgent("tictactoe", hidden=(8,))),
     {"en": ["dqn.AfterstateAgent", "DQNAgent"], "ja": ["dqn.AfterstateAgent", "DQNAgent"]}),
])
def test_a_wrong_agent_or_setting_gets_a_clear_message(make, words, language):
    games.set_language(language)
    with pytest.raises(games.errors.BadOptionError) as raised:
        make()
    for word in words[language]:
        assert word in str(raised.value)
