"""Where a DQN preset's training time goes: cProfile over a few training games, the top functions.

    python bench/dqn_profile.py tictactoe [games [sort [lines]]]  # CPython; sort: tottime (default), cumulative
    node bench/pyodide.mjs bench/dqn_profile.py tictactoe         # Pyodide under Node (the browser's Python)

The agent is warmed up first (learning has started), as in ``bench/dqn.py speed``.
"""

import cProfile
import pstats
import os
import sys
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one BLAS thread, as in the browser and bench/dqn.py

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import dqn  # noqa: E402 - after sys.path: the games of this checkout


def profile(game, games_timed, sort="tottime", top=30):
    agent, warm = dqn.DQNAgent(game, seed=0), 0
    while agent.steps < agent.config.learn_start + 50:
        dqn.train(agent, episodes=1, seed=warm, eval_every=0, progress=False)
        warm += 1
    profiler = cProfile.Profile()
    profiler.enable()
    curve = dqn.train(agent, episodes=games_timed, seed=1, eval_every=0, progress=False)
    profiler.disable()
    print(f"{game}: {curve.steps} moves, {agent.updates} updates so far")
    pstats.Stats(profiler).sort_stats(sort).print_stats(top)


if __name__ == "__main__":
    args = sys.argv[1:]
    name = args[0] if args else "tictactoe"
    default_games = {"tictactoe": 100, "connectfour": 30, "othello": 10, "puyopuyo": 5}[name]
    profile(name, int(args[1]) if len(args) > 1 else default_games, *args[2:3], *map(int, args[3:4]))
