"""Training gives the same agent as before the learning code was reorganised (issue 24).

Two tiny training runs, one per kind of agent, with fixed seeds. ``REFERENCE`` holds what
the code of commit a9bea81 (before ``games/dqn/learner.py`` existed) gave for them: the
learning curve, and for each weight array its sum and its sum of squares (a fingerprint).
On the machine that recorded them the new code gives bit-identical weights; here the
comparison allows a relative 1e-6, for other machines' floating-point rounding. The runs go
through the reward scaling, the game-over reward, n-step transitions, symmetries, self-play,
a soft schedule of the learning rate, and ``dqn.load``.
"""

import json

import numpy as np
import pytest

from games import dqn

REFERENCE = {'dqn': {'returns': [-1.0, -1.0, -1.0, 1.0, 1.0, 0.0, -1.0, 0.0, 1.0, 1.0, 1.0, 1.0, -1.0, 1.0, 0.0, 1.0,
                                 -1.0, 1.0, -1.0, -1.0, -1.0, -1.0, 1.0, -1.0, 0.0],
                     'lengths': [3, 3, 4, 4, 3, 5, 3, 5, 4, 5, 4, 3, 4, 4, 5, 5, 3, 4, 4, 3, 3, 3, 5, 3, 4],
                     'losses': [0.2666323781, 0.1172092408, 0.1324514635, 0.113727387, 0.1314307079, 0.1108090818,
                                0.05423313628, 0.07549279779, 0.08100903686, 0.08077350855, 0.06906140037,
                                0.06670520951, 0.06523596868, 0.05708781444, 0.06333710849, 0.05859748721,
                                0.06135767326, 0.05946366675, 0.05077541154, 0.0793415606, 0.05448614061,
                                0.06832695007, 0.06507051364, 0.04944604387, 0.06407337449],
                     'steps': 96,
                     'updates': 94,
                     'q_net': {'l0/W': [-9.221786499, 13.70550135],
                               'l0/b': [-0.1701468527, 0.007536444023],
                               'l1/W': [-0.3574314117, 6.951243836],
                               'l1/b': [-0.006721137092, 0.004040622482]},
                     'target_net': {'l0/W': [-8.462017059, 13.76169547],
                                    'l0/b': [-0.09415153414, 0.004021499116],
                                    'l1/W': [-0.5140146017, 7.056268229],
                                    'l1/b': [-0.03884376585, 0.002494311478]}},
             'afterstate': {'returns': [620.0, 440.0],
                            'lengths': [25, 25],
                            'losses': [0.09765028376, 0.1673642445],
                            'steps': 50,
                            'updates': 40,
                            'v_net': {'l0/W': [5.228767872, 8.425692177],
                                      'l0/b': [0.2169547081, 0.008365792418],
                                      'l1/W': [0.2398824096, 0.008206513899],
                                      'l1/b': [0.03427129239, 0.001174521482]}}}


def fingerprint(net):
    """``{array name: [sum, sum of squares]}`` of a network's weights."""
    return {name: [float(w.sum()), float((w.astype(np.float64) ** 2).sum())] for name, w in net.get_weights().items()}


def assert_same_run(agent, curve, expected):
    assert curve.returns == expected["returns"] and curve.lengths == expected["lengths"]
    assert curve.losses == pytest.approx(expected["losses"], rel=1e-6)
    assert (agent.steps, agent.updates) == (expected["steps"], expected["updates"])
    for net in ("q_net", "target_net", "v_net"):
        if net in expected:
            for name, values in fingerprint(getattr(agent, net)).items():
                assert values == pytest.approx(expected[net][name], rel=1e-6), f"{net}/{name}"


def test_a_dqn_agent_learns_as_before_and_is_loaded_back(tmp_path):
    agent = dqn.DQNAgent("tictactoe", seed=1, hidden=(16,), learn_start=20, batch_size=16, augment=True, n_step=2,
                         reward_scale=0.5, game_over_reward=-0.1, target_update=50, epsilon_steps=300, lr_end=1e-4,
                         lr_steps=200)
    curve = dqn.train(agent, episodes=25, opponent=["random", "self"], eval_every=0, progress=False)
    assert_same_run(agent, curve, REFERENCE["dqn"])
    agent.save(tmp_path / "dqn.npz")
    loaded = dqn.load(tmp_path / "dqn.npz")
    assert type(loaded) is dqn.DQNAgent and loaded.config == agent.config
    for name, weights in agent.q_net.get_weights().items():
        assert np.array_equal(loaded.q_net.get_weights()[name], weights)
        assert np.array_equal(loaded.target_net.get_weights()[name], weights)


def test_an_afterstate_agent_learns_as_before_and_is_loaded_back(tmp_path):
    agent = dqn.AfterstateAgent("puyopuyo", seed=1, hidden=(8,), reward_scale=0.01, game_over_reward=-1.0,
                                max_moves=25, learn_start=10, batch_size=8, epsilon_start=0.5, epsilon_end=0.05,
                                epsilon_steps=40)
    curve = dqn.train(agent, episodes=2, progress=False)
    assert_same_run(agent, curve, REFERENCE["afterstate"])
    agent.save(tmp_path / "afterstate")
    for loaded in (dqn.load(tmp_path / "afterstate"), dqn.DQNAgent.load(tmp_path / "afterstate.npz")):
        assert type(loaded) is dqn.AfterstateAgent and loaded.config == agent.config
        for name, weights in agent.v_net.get_weights().items():
            assert np.array_equal(loaded.v_net.get_weights()[name], weights)


def test_a_file_saved_before_kinds_were_noted_loads_as_a_dqn_agent(tmp_path):
    agent = dqn.DQNAgent("tictactoe", seed=4, hidden=(8,))
    agent.save(tmp_path / "new.npz")
    with np.load(tmp_path / "new.npz", allow_pickle=False) as saved:  # numbers and text only: no pickle
        about = json.loads(str(saved["about"]))
        weights = {name: saved[name] for name in saved.files if name != "about"}
    assert about["kind"] == "dqn" and sorted(weights) == ["q_net/l0/W", "q_net/l0/b", "q_net/l1/W", "q_net/l1/b"]
    del about["kind"]  # the files of the first DQN lessons had no kind
    np.savez(tmp_path / "old.npz", about=np.array(json.dumps(about)), **weights)
    loaded = dqn.load(tmp_path / "old")
    assert type(loaded) is dqn.DQNAgent and loaded.config == agent.config and loaded.seed == 4
    assert all(np.array_equal(loaded.q_net.get_weights()[name[len("q_net/"):]], w) for name, w in weights.items())
