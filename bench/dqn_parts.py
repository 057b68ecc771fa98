"""µs per call of each part of a DQN training step (the least of several repeats), for each preset.

    python bench/dqn_parts.py [game ...]                  # CPython; a game, or lesson13 .. lesson43
    node bench/pyodide.mjs bench/dqn_parts.py [game ...]  # Pyodide under Node (the browser's Python)
    node bench/pyodide.mjs bench/dqn_parts.py --before [game ...]
        # also the games copied by ``bench/dqn.py compare DIR`` (_build/bench-before/games_before), side by side

Each part runs on the same warmed-up agent and batch, over and over: what one call costs,
without the profiler's own overhead (cProfile in bench/dqn_profile.py says where, this says how much).
"""

import importlib
import os
import sys
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one BLAS thread, as in the browser and bench/dqn.py

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.dqn import cpu_time  # noqa: E402 - CPU time, in Pyodide too (a shared machine slows wall time)
from games import dqn, make  # noqa: E402 - after sys.path: the games of this checkout

CALLS, REPEATS = 20, 25  # short runs, many of them: the least is the least disturbed


def us_per_call(work):
    best = float("inf")
    for _ in range(REPEATS):
        start = cpu_time()
        for _ in range(CALLS):
            work()
        best = min(best, cpu_time() - start)
    return 1e6 * best / CALLS


# The DQN lessons' agents (content/en/*_4_dqn.ipynb), by the name "lesson13" ... "lesson43"
LESSON_AGENTS = {
    "lesson13": ("tictactoe", dict(hidden=(64,), epsilon_steps=10000, target_update=250, augment=True, lr_end=1e-4,
                                   lr_steps=30000)),
    "lesson23": ("connectfour", dict(encoder="connectfour_threats", hidden=(64,), gamma=0.8, augment=True, lr=2e-3,
                                     lr_end=3e-4, lr_steps=30000, epsilon_steps=12000, learn_start=200,
                                     target_update=500, train_every=4, batch_size=64, buffer_size=50000)),
    "lesson33": ("othello", dict(hidden=(32,), lr=3e-3, lr_end=5e-4, lr_steps=24000, gamma=0.95, n_step=3, augment=True,
                                 epsilon_steps=8000, learn_start=200, target_update=200, train_every=4, batch_size=128,
                                 buffer_size=50000)),
    "lesson43": ("minesweeper", dict(options=dict(rows=5, cols=5, mines=2, reward="progress"), hidden=(64,), lr=2e-3,
                                     lr_end=3e-4, lr_steps=20000, batch_size=64, train_every=4, epsilon_steps=5000,
                                     buffer_size=50000)),
}


def parts(name, dqn=dqn):
    autograd = importlib.import_module(dqn.__name__.replace(".dqn", ".autograd"))  # of the same checkout
    Variable, clip_grads, F = autograd.Variable, autograd.clip_grads, autograd.functions
    game, options = LESSON_AGENTS.get(name, (name, {}))
    agent, warm = dqn.DQNAgent(game, seed=0, **options), 0
    while agent.steps < agent.config.learn_start + 50:
        dqn.train(agent, episodes=1, seed=warm, eval_every=0, progress=False)
        warm += 1
    config, memory, net = agent.config, agent.memory, agent.q_net
    batch = memory.sample(config.batch_size)
    targets = agent.td_targets(batch)
    rows = np.arange(len(targets))

    def forward():
        return net(batch["states"])[rows, batch["actions"]]

    def loss():
        return F.huber_loss(forward(), Variable(targets))

    def backward():
        net.cleargrads()
        loss().backward()

    q_taken = forward()
    env = make(game, **config.options)
    env.reset(seed=0)
    state, mask = agent.encode(env), env.action_mask()
    return {
        "sample": us_per_call(lambda: memory.sample(config.batch_size)),
        "td_targets": us_per_call(lambda: agent.td_targets(batch)),
        "forward": us_per_call(forward),
        "huber": us_per_call(lambda: F.huber_loss(q_taken, Variable(targets))),
        "forward+backward": us_per_call(backward),
        "clip_grads": us_per_call(lambda: clip_grads(agent.optimizer.params, 1e9)),
        "adam": us_per_call(agent.optimizer.update),
        "learn": us_per_call(lambda: agent.learn(batch)),
        "encode": us_per_call(lambda: agent.encode(env)),
        "choose": us_per_call(lambda: agent.choose(state, mask)),
    }


def main(argv):
    modules = {"": dqn}
    if argv[:1] == ["--before"]:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_build" / "bench-before"))
        modules = {"before": importlib.import_module("games_before.dqn"), "after": dqn}
        argv = argv[1:]
    for name in argv or ["tictactoe", "connectfour", "othello", "puyopuyo"]:
        for label, module in modules.items():
            print(f"{name:12}{label:7}", " ".join(f"{part} {us:.0f}" for part, us in parts(name, module).items()),
                  flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
