"""How strong and how quick the agents are: the targets of the agents issue, measured.

    python bench/agents.py                  # every target, full size (long: run it with nohup)
    python bench/agents.py --quick          # every target, small samples (a few minutes)
    python bench/agents.py --only othello   # one target: tictactoe, connectfour, othello,
                                            #   minesweeper, puyopuyo (several: repeat --only)

Each line gives the result with its 95 % interval. At the end, the time per move of every
agent at its default settings: CPU time (time.thread_time, what the agent itself costs;
other programs running at the same time do not change it) and wall time (what a student
waits, which does grow when the machine is busy).
"""

import argparse
import os
import platform
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from games import arena  # noqa: E402
from games.agents import random_agent  # noqa: E402
from games.agents.connectfour import AlphaBetaAgent as ConnectFourAlphaBeta  # noqa: E402
from games.agents.connectfour import one_step_agent  # noqa: E402
from games.agents.minesweeper import MinesweeperSolver  # noqa: E402
from games.agents.othello import AlphaBetaAgent as OthelloAlphaBeta  # noqa: E402
from games.agents.othello import classic_opponent, greedy_agent  # noqa: E402
from games.agents.puyopuyo import ChainBuilder  # noqa: E402
from games.agents.tictactoe import minimax_agent  # noqa: E402

TIMED = {}  # "game: agent" -> Timed


class Timed:
    """Wraps an agent and records its CPU and wall time per move."""

    def __init__(self, game, agent):
        self.agent = agent
        self.name = arena.agent_name(agent)
        self.cpu, self.wall = [], []
        TIMED.setdefault(f"{game}: {self.name}", []).append(self)

    def __call__(self, env):
        wall, cpu = time.perf_counter(), time.thread_time()
        action = self.agent(env)
        self.cpu.append(time.thread_time() - cpu)
        self.wall.append(time.perf_counter() - wall)
        return action


def pct(rate):
    p, low, high = rate
    return f"{100 * p:5.1f} % [{100 * low:5.1f}, {100 * high:5.1f}]"


def match(game, a, b, n, seed=0, **options):
    start = time.perf_counter()
    result = arena.evaluate(game, Timed(game, a), Timed(game, b), n=n, seed=seed, progress=False, **options)
    print(f"  {result.names[0]} vs {result.names[1]} ({game}{' ' + str(options) if options else ''}, "
          f"{n} games, A first in half): wins {pct(result.rate('wins'))}, draws {result.draws}, "
          f"losses {result.losses} (as first {result.first['losses']}, as second {result.second['losses']}), "
          f"illegal {result.illegal_a}/{result.illegal_b}  [{time.perf_counter() - start:.0f} s]", flush=True)
    return result


def tictactoe(quick):
    print("tic-tac-toe: minimax vs random (target: 0 losses in 10,000 games, half as first, half as second)")
    result = match("tictactoe", minimax_agent, random_agent, n=1000 if quick else 10_000)
    print(f"  -> losses {result.losses}: {'OK' if result.losses == 0 else 'MISSED'}")


def connectfour(quick):
    print("Connect Four (target: one-step vs random >= 99 % wins over 1,000 games; alpha-beta depth >= 4 "
          "vs one-step >= 90 %)")
    result = match("connectfour", one_step_agent, random_agent, n=200 if quick else 1000)
    print(f"  -> {'OK' if result.rate()[0] >= 0.99 else 'MISSED'}")
    searcher = ConnectFourAlphaBeta()  # the default depth
    result = match("connectfour", searcher, one_step_agent, n=100 if quick else 1000)
    print(f"  -> depth {searcher.depth}: {'OK' if result.rate()[0] >= 0.90 else 'MISSED'}")


def othello(quick):
    n = 100 if quick else 500
    print("Othello 6x6 vs the classic opponent (target: alpha-beta >= 90 % wins over 500 games; "
          "random is the baseline)")
    result = match("othello", OthelloAlphaBeta(), classic_opponent, n=n)
    print(f"  -> {'OK' if result.rate()[0] >= 0.90 else 'MISSED'}")
    match("othello", random_agent, classic_opponent, n=n)
    match("othello", greedy_agent, classic_opponent, n=n)


def minesweeper(quick, first_clicks=("safe",)):
    n = 200 if quick else 1000
    targets = {"beginner": 0.90, "intermediate": 0.80, "expert": 0.38}
    print("Minesweeper solver. Rule: first_click='safe' = the first revealed cell is never a mine, the "
          "mines are placed uniformly at random among the other cells (it may show a number); "
          "the solver's first click is the top-left corner. Targets: beginner >= 90 %, "
          "intermediate >= 80 %, expert >= 38 %.")
    print("  For comparison, a strong published C++ solver (b1f6c1c4/MineSweeperProb, 10^8 games each): "
          "'safe' rule with a corner start 91.7 % / 78.1 % / 39.6 %; 'zero' rule (start at 3,3) "
          "97.1 % / 88.9 % / 52.8 % (beginner / intermediate / expert). So 80 % on intermediate under "
          "'safe' is above what is known to be reachable.")
    for first_click in first_clicks:
        for preset, target in targets.items():
            start = time.perf_counter()
            result = arena.evaluate("minesweeper", Timed("minesweeper", MinesweeperSolver()), n=n, seed=0,
                                    progress=False, preset=preset, first_click=first_click)
            rate = result.win_rate()
            verdict = "" if first_click != "safe" else ("  OK" if rate[0] >= target else "  MISSED")
            print(f"  {preset:<12} first_click={first_click!r}: win rate {pct(rate)} over {n} games"
                  f"{verdict}  [{time.perf_counter() - start:.0f} s]", flush=True)


def puyopuyo(quick):
    n, moves = (20, 100) if quick else (200, 100)
    print(f"Puyo Puyo (Tsu scoring), {n} games of at most {moves} pairs each, 4 colours "
          f"(target: search agent's mean score >= 10x random's)")
    results = {}
    for agent in (ChainBuilder(), random_agent):
        start = time.perf_counter()
        result = arena.evaluate("puyopuyo", Timed("puyopuyo", agent), n=n, seed=0, progress=False, max_moves=moves)
        mean, low, high = result.mean_score()
        died = sum(1 for m in result.moves if m < moves)
        print(f"  {result.name:<14} mean score {mean:9.0f} [{low:.0f}, {high:.0f}]; games lost before "
              f"{moves} pairs: {died}; longest chain per game: {result.chain_counts()}  "
              f"[{time.perf_counter() - start:.0f} s]", flush=True)
        results[result.name] = mean
    ratio = results["chain_builder"] / results["random_agent"]
    print(f"  -> ratio {ratio:.1f}x: {'OK' if ratio >= 10 else 'MISSED'}")


def timing_table():
    print("Time per move at default settings (target: < 1 s). CPU = the agent's own time; "
          "wall = what you wait (grows when the machine is busy)")
    print(f"  {'agent':<40}{'moves':>9}{'CPU mean':>11}{'CPU max':>10}{'wall mean':>11}{'wall max':>10}")
    for name, wrappers in TIMED.items():
        cpu = [t for w in wrappers for t in w.cpu]
        wall = [t for w in wrappers for t in w.wall]
        if not cpu:
            continue
        print(f"  {name:<40}{len(cpu):>9}{1000 * sum(cpu) / len(cpu):>9.2f}ms{1000 * max(cpu):>8.1f}ms"
              f"{1000 * sum(wall) / len(wall):>9.2f}ms{1000 * max(wall):>8.1f}ms")
    slowest = max((max(t for w in ws for t in w.cpu) for ws in TIMED.values() if any(w.cpu for w in ws)), default=0)
    print(f"  -> slowest move {slowest:.3f} s CPU: {'OK' if slowest < 1 else 'MISSED'}")


TARGETS = {"tictactoe": tictactoe, "connectfour": connectfour, "othello": othello,
           "minesweeper": minesweeper, "puyopuyo": puyopuyo}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small samples (minutes, not hours)")
    parser.add_argument("--only", action="append", choices=list(TARGETS), help="run only this target")
    parser.add_argument("--zero", action="store_true", help="Minesweeper: also measure first_click='zero'")
    args = parser.parse_args()
    print(f"bench/agents.py on Python {platform.python_version()} ({platform.machine()}), "
          f"{'quick' if args.quick else 'full'} run, load average at start "
          f"{os.getloadavg()[0]:.1f}", flush=True)
    start = time.perf_counter()
    for name in args.only or list(TARGETS):
        if name == "minesweeper":
            minesweeper(args.quick, ("safe", "zero") if args.zero else ("safe",))
        else:
            TARGETS[name](args.quick)
    timing_table()
    print(f"total {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
