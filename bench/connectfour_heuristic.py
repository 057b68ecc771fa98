"""Connect Four one-step lookahead: the numpy version against the plain loop version,
side by side in one run, on the same positions.

    python bench/connectfour_heuristic.py [--positions 300]

Both score every legal column with the classic heuristic (threes − 100 × opponent
threes + 10⁶ × fours over every window of four) and must give the same scores.
Times are CPU time per move (time.thread_time), so other programs running at the same
time barely change them.
"""

import argparse
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # games and bench/ of this checkout

import games  # noqa: E402 - after sys.path: the games of this checkout
from bench.connectfour_reference import loop_scores  # noqa: E402 - after sys.path, like games
from games.agents import random_agent  # noqa: E402 - after sys.path: the games of this checkout
from games.agents.connectfour import (  # noqa: E402 - after sys.path: the games of this checkout
    boards_after_each_move, heuristic_scores, one_step_agent, window_matrix)


def positions(count, seed=0):
    """Positions from random games (every ply of each game until ``count`` are collected)."""
    found, game = [], 0
    while len(found) < count:
        env = games.make("connectfour", seed=seed + game)
        while not env.terminated and len(found) < count:
            found.append(env.clone())
            env.step(random_agent(env))
        game += 1
    return found


def fast_scores(env):
    me = env.current_player + 1
    columns = env.legal_actions()
    boards = boards_after_each_move(env.board.ravel(), env.heights, columns, me)
    scores = heuristic_scores(boards, me, env.inarow, window_matrix(env.rows, env.columns, env.inarow))
    return dict(zip(columns, scores.tolist()))


def cpu_per_call(function, items, repeat):
    start = time.thread_time()
    for _ in range(repeat):
        for item in items:
            function(item)
    return (time.thread_time() - start) / (repeat * len(items))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    args = parser.parse_args()
    found = positions(args.positions)
    for env in found:  # same answers first
        assert fast_scores(env) == loop_scores(np.asarray(env.board), env.current_player + 1, env.inarow)
    loop = cpu_per_call(lambda env: loop_scores(np.asarray(env.board), env.current_player + 1, env.inarow), found, 1)
    fast = cpu_per_call(fast_scores, found, 5)
    agent = cpu_per_call(lambda env: one_step_agent(env.clone()), found, 3)
    print(f"Connect Four one-step lookahead, {len(found)} positions from random games (same scores checked)")
    print(f"  loop version          {1000 * loop:8.3f} ms a move")
    print(f"  numpy version         {1000 * fast:8.3f} ms a move   ({loop / fast:5.1f}x faster)")
    print(f"  one_step_agent (whole move, with tie-break and clone) {1000 * agent:.3f} ms   "
          f"({loop / agent:5.1f}x faster than the loop version)")


if __name__ == "__main__":
    main()
