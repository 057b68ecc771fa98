"""What a class tournament's sandboxes cost (issue 32): the time a move takes through an entrant's sandbox
beside a plain call, the start of a sandbox, and a whole round robin of quick agents.

    python bench/sandbox.py                      # CPython: a process per entrant
    python bench/sandbox.py --entrants 36        # the round robin with 36 entrants (default 12)
    python bench/sandbox.py --site _output --entrants 36   # the same in the built site, in headless Chromium

In the browser each entrant's sandbox is a Web Worker with its own Pyodide; ``sandbox_browser_cell.py`` runs in
a notebook cell of the site, and the browser's memory (the proportional set size, PSS, of all the processes of
the Chromium started here, not of other browsers on the machine, read from /proc twice a second) is followed while
it runs: its peak is reported.

A move through the sandbox: the referee makes the player's view (``env.player_view``), pickles it,
sends it to the entrant's process, which unpickles it, seeds its generators, asks the agent, judges
the answer and sends JSON back. The agent here answers at once (the lowest legal column), so what is
measured is the sandbox alone. Times are wall-clock, on a quiet machine: run it with nothing else busy.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def lowest(env):
    return env.legal_actions()[0]


def highest(env):
    return env.legal_actions()[-1]


def positions(count):
    """Connect Four positions of random games, where a move is asked for."""
    import games
    from games.agents import random_agent
    found, seed = [], 0
    while len(found) < count:
        env = games.make("connectfour", seed=seed)
        seed += 1
        for _ in range(10):
            if env.terminated:
                break
            found.append(env.clone())
            env.step(random_agent(env))
    return found[:count]


def per_move(count):
    """Seconds a move takes: a plain call of the agent on a clone, and the same through a process sandbox."""
    from games import sandbox
    from games.sandbox.process import ProcessSandbox
    spots = positions(count)
    plain = []
    for env in spots:
        start = time.perf_counter()
        lowest(env.clone())
        plain.append(time.perf_counter() - start)
    box = ProcessSandbox(sandbox.entry_of(lowest, "lowest", "connectfour", {}))
    started = time.perf_counter()
    box.move(spots[0].player_view(seed=0), [0, 0, 0], None)  # starts the process (the fork server too)
    first_start = time.perf_counter() - started
    boxed = []
    for ply, env in enumerate(spots):
        start = time.perf_counter()
        outcome, _ = box.move(env.player_view(seed=[0, 0, ply]), [0, 0, ply], 1.0)
        boxed.append(time.perf_counter() - start)
        assert outcome == "move"
    box.stop()
    starts = []
    for _ in range(10):  # a fresh process from the running fork server, as after a slow move
        start = time.perf_counter()
        box.move(spots[0].player_view(seed=0), [0, 0, 0], None)
        starts.append(time.perf_counter() - start)
        box.stop()
    return {"plain": statistics.mean(plain), "sandbox": statistics.mean(boxed),
            "sandbox_median": statistics.median(boxed), "first_start": first_start,
            "restart": statistics.median(starts)}


def round_robin(entrants, games_per_pair):
    """Total seconds of a Connect Four round robin of quick agents (lowest, highest and one_step in turn)."""
    import games
    from games.agents.connectfour import one_step_agent
    kinds = [lowest, highest, one_step_agent]
    field = {f"entrant {i:02d}": kinds[i % 3] for i in range(entrants)}
    start = time.perf_counter()
    standings = games.tournament("connectfour", field, games_per_pair=games_per_pair, seed=0, progress=False)
    seconds = time.perf_counter() - start
    moves = sum(len(g.moves) for g in standings.games)
    return {"seconds": seconds, "games": len(standings.games), "moves": moves}




def chromium_memory():
    """Bytes of memory the Chromium started by this program takes now: the sum of the proportional set sizes (PSS)
    of this process's descendants (other browsers on the machine are not counted)."""
    parents = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as stat:
                parents[int(pid)] = int(stat.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
    mine, total = {os.getpid()}, 0
    grown = True
    while grown:
        grown = False
        for pid, parent in parents.items():
            if parent in mine and pid not in mine:
                mine.add(pid)
                grown = True
    for pid in mine - {os.getpid()}:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as rollup:
                total += next(int(line.split()[1]) for line in rollup if line.startswith("Pss:")) * 1024
        except (OSError, StopIteration, ValueError):
            continue
    return total


def in_browser(site, moves, entrants, games_per_pair, alive=None):
    """The browser program's results and the peak of Chromium's memory while it ran."""
    import json
    import threading
    from bench.site_browser import ADD_CELL_JS, launch_chromium, new_context, run_cell, start_server, wait_for_kernel
    from playwright.sync_api import sync_playwright
    program = (f"MOVES, ENTRANTS, GAMES_PER_PAIR, ALIVE = {moves}, {entrants}, {games_per_pair}, {alive}\n"
               + (Path(__file__).parent / "sandbox_browser_cell.py").read_text(encoding="utf-8"))
    peak, running = [0], [True]

    def follow():
        while running[0]:
            peak[0] = max(peak[0], chromium_memory())
            time.sleep(0.5)
    server, base_url = start_server(site)
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            page = new_context(browser).new_page()
            page.goto(f"{base_url}notebooks/index.html?path=en/00_welcome.ipynb")
            wait_for_kernel(page)
            before = chromium_memory()
            watcher = threading.Thread(target=follow, daemon=True)
            watcher.start()
            result = run_cell(page, page.evaluate(ADD_CELL_JS, program), timeout=3600)
            running[0] = False
            watcher.join()
            browser.close()
    finally:
        server.shutdown()
    text = "".join(o.get("text", "") for o in result["outputs"] if o.get("output_type") == "stream")
    if result["timedOut"] or not text.strip():
        raise SystemExit(f"the program failed in the browser: {result['outputs']}")
    return dict(json.loads(text.strip().splitlines()[-1]), memory_before=before, memory_peak=peak[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--entrants", type=int, default=12)
    parser.add_argument("--games-per-pair", type=int, default=2)
    parser.add_argument("--alive", help="the browser's workers alive at once (default: the site's); several, "
                                        "such as 7,12,36: one fresh Chromium each, in turn")
    parser.add_argument("--site", help="a site built from this checkout: measure in headless Chromium instead")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    if args.site:
        print(f"Chromium, Pyodide in Web Workers, load average {load:.1f} at start")
        for alive in (args.alive or "").split(",") if args.alive else [None]:
            found = in_browser(args.site, min(args.moves, 500), args.entrants, args.games_per_pair,
                               int(alive) if alive else None)
            print(f"- {found['alive']} workers alive at once (the device says {found['device_memory']} GB)")
            print(f"  a move, plain call:        {1e3 * found['plain']:7.3f} ms")
            print(f"  a move through a sandbox:  {1e3 * found['sandbox']:7.3f} ms "
                  f"(median {1e3 * found['sandbox_median']:.3f} ms)")
            print(f"  first sandbox (a worker, its Pyodide, numpy, games): {found['first_start']:.2f} s")
            print(f"  round robin of {args.entrants} quick entrants, {args.games_per_pair} games a pair: "
                  f"{found['games']} games, {found['moves']} moves, {found['forfeits']} forfeits, "
                  f"{found['starts']} worker starts, {found['seconds']:.1f} s")
            print(f"  browser memory (PSS of all its processes): {found['memory_before'] / 2 ** 30:.2f} GB before, "
                  f"peak {found['memory_peak'] / 2 ** 30:.2f} GB")
        return
    move = per_move(args.moves)
    print(f"CPython {sys.version.split()[0]}, load average {load:.1f} at start")
    print(f"  a move, plain call:        {1e3 * move['plain']:7.3f} ms")
    print(f"  a move through a sandbox:  {1e3 * move['sandbox']:7.3f} ms (median {1e3 * move['sandbox_median']:.3f} ms)"
          f"  -> overhead {1e3 * (move['sandbox'] - move['plain']):.3f} ms a move")
    print(f"  first sandbox (fork server start, imports): {move['first_start']:.2f} s; "
          f"a new one after that: {1e3 * move['restart']:.0f} ms")
    result = round_robin(args.entrants, args.games_per_pair)
    print(f"  round robin of {args.entrants} quick entrants, {args.games_per_pair} games a pair: {result['games']} "
          f"games, {result['moves']} moves, {result['seconds']:.1f} s "
          f"({1e3 * result['seconds'] / result['moves']:.2f} ms a move in all)")


if __name__ == "__main__":
    main()
