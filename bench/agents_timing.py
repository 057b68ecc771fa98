"""The agents' time per move: the program that ``bench/agents_pyodide.py`` runs in CPython and in a notebook
cell of the site (Pyodide), the same text in both. It prints one JSON line."""

import json
import time
import games
from games.agents import random_agent
from games.agents.connectfour import AlphaBetaAgent as ConnectFourAlphaBeta, one_step_agent
from games.agents.minesweeper import MinesweeperSolver
from games.agents.othello import AlphaBetaAgent as OthelloAlphaBeta, classic_opponent
from games.agents.puyopuyo import ChainBuilder
from games.agents.tictactoe import minimax_agent


def positions(game, count, plies, **options):
    found = []
    for seed in range(count):
        env = games.make(game, seed=seed, **options)
        for _ in range(plies):
            if env.terminated:
                break
            env.step(random_agent(env))
        if not env.terminated:
            found.append(env)
    return found


def on_positions(agent, envs):
    times = []
    for env in envs:
        view = env.clone()
        start = time.perf_counter()
        agent(view)
        times.append(time.perf_counter() - start)
    return times


def in_games(agent, game, count, moves, **options):
    times = []
    for seed in range(count):
        env = games.make(game, seed=seed, **options)
        for _ in range(moves):
            if env.terminated:
                break
            start = time.perf_counter()
            action = agent(env.clone())
            times.append(time.perf_counter() - start)
            env.step(action)
    return times


minimax_agent(games.make("tictactoe"))  # fill its memo first: that is done once per session
start = time.perf_counter()
timings = {
    "tictactoe minimax": on_positions(minimax_agent, positions("tictactoe", 50, 2)),
    "connectfour one_step": on_positions(one_step_agent, positions("connectfour", 100, 10)),
    "connectfour alphabeta6": on_positions(ConnectFourAlphaBeta(), positions("connectfour", 20, 8)),
    "othello classic": on_positions(classic_opponent, positions("othello", 100, 10)),
    "othello alphabeta4": on_positions(OthelloAlphaBeta(), positions("othello", 30, 10)),
    "minesweeper solver (expert)": in_games(MinesweeperSolver(), "minesweeper", 3, 1000, preset="expert"),
    "puyopuyo chain_builder": in_games(ChainBuilder(), "puyopuyo", 1, 40),
}
print(json.dumps({"total_s": time.perf_counter() - start,
                  "per_move": {name: [sum(t) / len(t), max(t), len(t)] for name, t in timings.items()}}))
