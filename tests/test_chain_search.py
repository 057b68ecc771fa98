"""ChainSearchAgent: lesson 52's chain search with the afterstate network's value added to its heuristic (lesson 53)."""

import numpy as np
import pytest

import games
from games import agent_files, arena, dqn
from games.agents.puyopuyo import ChainBuilder, Well
from games.dqn.afterstate import puyopuyo_board

SMALL = dict(hidden=(16,), reward_scale=0.01, gamma=0.9, max_moves=30, epsilon_start=0.2, epsilon_end=0.02,
             epsilon_steps=300, train_every=2, batch_size=16, learn_start=50, buffer_size=2000, eval_every=0)


def positions(count, seed=0):
    """``count`` Puyo positions from games of the ChainBuilder (boards with chains being built)."""
    found, builder, env = [], ChainBuilder(), games.make("puyopuyo")
    rng = np.random.default_rng(seed)
    while len(found) < count:
        env.reset(seed=int(rng.integers(1 << 30)))
        for _ in range(12):
            if env.terminated:
                break
            found.append(env.clone())
            env.step(builder(env) if rng.random() < 0.8 else int(rng.choice(env.legal_actions())))
    return found[:count]


def with_a_value(agent, seed=1):
    """``agent`` with random weights in its network's last layer: V is no longer 0 everywhere."""
    last = agent.v_net.layers[-1]
    last.W.data[:] = np.random.default_rng(seed).normal(0, 0.5, last.W.data.shape)
    return agent


def test_the_network_reads_a_board_of_the_search_as_the_afterstate_agent_reads_the_env():
    agent = with_a_value(dqn.ChainSearchAgent(seed=0, **SMALL))
    env = games.make("puyopuyo")
    env.reset(seed=2)
    for action in [3, 10, 17]:
        env.step(action)
    well = Well.of(env)
    from_env = agent.v_net(puyopuyo_board(env)[None]).data[0, 0] / 0.01
    assert abs(from_env) > 1  # the test means something: V is not 0 here
    assert agent.board_values([well], env.pair)[0] == pytest.approx(from_env, rel=1e-6)


@pytest.mark.parametrize("depth", [2, 1])
def test_with_an_untrained_network_it_plays_the_chain_builders_moves(depth):
    untrained = dqn.AfterstateAgent("puyopuyo", seed=0, **SMALL)  # V = 0 everywhere
    agent = dqn.ChainSearchAgent.from_agent(untrained, depth=depth)
    builder = ChainBuilder(depth=depth)
    spots = positions(40)
    assert [agent(p.clone()) for p in spots] == [builder(p.clone()) for p in spots]


def test_the_learnt_value_changes_moves_and_from_agent_copies_the_network():
    trained = dqn.AfterstateAgent("puyopuyo", seed=0, **SMALL)
    dqn.train(trained, episodes=4, seed=0, progress=False)
    assert trained.updates > 0
    final_agent = dqn.ChainSearchAgent.from_agent(trained)
    assert final_agent.config.depth == 2 and final_agent.config.hidden == (16,)
    spot = positions(1)[0]
    assert np.array_equal(final_agent.board_values([Well.of(spot)], spot.pair),
                          trained.v_net(puyopuyo_board(spot)[None]).data[:, 0] / 0.01)
    builder = ChainBuilder()
    spots = positions(60, seed=1)
    differ = sum(final_agent(p.clone()) != builder(p.clone()) for p in spots)
    assert differ >= 1  # what the network learnt moves the search
    final_agent.v_net.layers[-1].W.data[:] = 0  # without it: the chain builder again
    final_agent.v_net.layers[-1].b.data[:] = 0
    assert [final_agent(p.clone()) for p in spots] == [builder(p.clone()) for p in spots]


def test_move_values_are_points_with_nan_for_illegal_and_the_move_is_the_best():
    agent = with_a_value(dqn.ChainSearchAgent(seed=0, **SMALL))
    env = positions(5)[4]
    values = agent.move_values(env)
    legal = env.legal_actions()
    assert np.isnan(np.delete(values, legal)).all() and np.isfinite(values[legal]).all()
    assert agent(env) == int(np.nanargmax(values))
    assert np.array_equal(agent.q_values(env), values)


def test_saved_and_loaded_it_plays_the_same_moves(tmp_path):
    final_agent = with_a_value(dqn.ChainSearchAgent.from_agent(dqn.AfterstateAgent("puyopuyo", seed=3, **SMALL),
                                                               depth=1))  # not the default depth
    spots = positions(20)
    final_agent.save(tmp_path / "final.npz")
    loaded = dqn.load(tmp_path / "final.npz")
    assert type(loaded) is dqn.ChainSearchAgent and loaded.config.depth == 1
    assert [final_agent(p.clone()) for p in spots] == [loaded(p.clone()) for p in spots]
    assert np.array_equal(final_agent.move_values(spots[5]), loaded.move_values(spots[5]), equal_nan=True)

    games.save_agent(final_agent, tmp_path / "final.agent", name="Iku")
    header, _ = agent_files.read(str(tmp_path / "final.agent"))
    assert header["kind"] == "trained" and header["game"] == "puyopuyo"
    handed_in = games.load_agent(tmp_path / "final.agent", game="puyopuyo")
    assert type(handed_in) is dqn.ChainSearchAgent and handed_in.config.depth == 1
    assert [final_agent(p.clone()) for p in spots] == [handed_in(p.clone()) for p in spots]


def test_training_it_is_td_learning_and_the_same_seed_learns_the_same():
    def trained(seed):
        agent = dqn.ChainSearchAgent(seed=seed, **dict(SMALL, max_moves=20, learn_start=20))
        dqn.train(agent, episodes=2, seed=0, progress=False)
        return agent

    first, again, other = trained(0), trained(0), trained(1)
    assert first.updates > 0 and len(first.memory) > 0
    assert np.any(first.v_net.layers[-1].W.data != 0)  # it learnt: V is no longer 0
    assert all(np.array_equal(a, b) for a, b in zip(first.v_net.get_weights().values(),
                                                     again.v_net.get_weights().values()))
    assert not all(np.array_equal(a, b) for a, b in zip(first.v_net.get_weights().values(),
                                                         other.v_net.get_weights().values()))


def test_it_plays_in_the_arena_and_on_the_board():
    agent = with_a_value(dqn.ChainSearchAgent(seed=0, **SMALL))
    record = arena.play("puyopuyo", agent, seed=0, max_moves=5, frames=False)
    assert len(record.chains) == 5
    pytest.importorskip("anywidget")  # the board (not in the Pyodide of tests/test_pyodide.py)
    widget = games.play("puyopuyo", show_q=agent, seed=0)
    shown, values = widget.view["q"], agent.q_values(widget.env)
    assert len(shown) == 6
    for column, value in shown.items():
        assert value["value"] == pytest.approx(values[widget.env.placement_to_action(int(column), 1)])
    widget.handle_event({"event": "ai_move"})
    assert widget.view["moves"] == 1
