"""The agents' time per move in the browser (Pyodide) and in CPython, side by side.

    python bench/agents_pyodide.py                 # build the site into _build/bench-agents-site
    python bench/agents_pyodide.py --site _output  # use a site already built from this checkout

The same Python code (TIMING below) runs in CPython here and in a notebook cell of the
site in headless Chromium; it prints one JSON line each and the Pyodide / CPython ratio.
Times are wall-clock seconds per move (there is no other clock in the browser), so run it
on a quiet machine.
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # build.py, games and bench/ of this checkout

TIMING = r'''
import json, time
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
'''

SET_SOURCE_JS = """([index, source]) => {
    window.jupyterapp.shell.currentWidget.content.widgets[index].model.sharedModel.setSource(source);
}"""


def run_in_cpython():
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(TIMING, "<timing>", "exec"), {"__name__": "timing"})
    return json.loads(out.getvalue().strip().splitlines()[-1])


def run_in_pyodide(site, notebook="en/00_welcome.ipynb"):
    from bench.site_browser import (CELLS_JS, launch_chromium, new_context, notebook_url, run_cell, start_server,
                                    wait_for_kernel)
    from playwright.sync_api import sync_playwright
    server, base_url = start_server(site)
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            # open pages the way the browser tests do (their context watches the kernel start)
            context = new_context(browser)
            page = context.new_page()
            page.goto(notebook_url(base_url, notebook))
            wait_for_kernel(page)
            first_code = next(c["index"] for c in page.evaluate(CELLS_JS) if c["type"] == "code")
            page.evaluate(SET_SOURCE_JS, [first_code, TIMING])
            result = run_cell(page, first_code, timeout=1200)
            browser.close()
    finally:
        server.shutdown()
    texts = [o.get("text", "") for o in result["outputs"] if o["output_type"] == "stream"]
    lines = "".join(texts if isinstance(texts[0], str) else sum(texts, [])).strip().splitlines() if texts else []
    if result["timedOut"] or not lines:
        raise SystemExit(f"the timing cell failed in Pyodide: {result['outputs']}")
    return json.loads(lines[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="a site built from this checkout (default: build one now)")
    args = parser.parse_args()
    from sitebuild import pyodide_source, steps
    site = Path(args.site) if args.site else steps.build_site(
        ROOT / "_build" / "bench-agents-site", pyodide_source.choose_pyodide_source(None))
    load = os.getloadavg()[0]
    started = time.perf_counter()
    cpython = run_in_cpython()
    pyodide = run_in_pyodide(site)
    print(f"agents' time per move (wall clock), load average {load:.1f} at start, "
          f"{time.perf_counter() - started:.0f} s in all")
    print(f"  {'agent':<32}{'moves':>6}{'CPython mean':>14}{'max':>9}{'Pyodide mean':>14}{'max':>9}{'ratio':>7}")
    for name, (mean, worst, moves) in cpython["per_move"].items():
        p_mean, p_worst, _ = pyodide["per_move"][name]
        print(f"  {name:<32}{moves:>6}{1000 * mean:>12.2f}ms{1000 * worst:>7.0f}ms"
              f"{1000 * p_mean:>12.2f}ms{1000 * p_worst:>7.0f}ms{p_mean / mean:>7.1f}")
    print(f"  whole timing run: CPython {cpython['total_s']:.1f} s, Pyodide {pyodide['total_s']:.1f} s, "
          f"ratio {pyodide['total_s'] / cpython['total_s']:.1f}")


if __name__ == "__main__":
    main()
