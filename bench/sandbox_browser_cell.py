"""The browser part of bench/sandbox.py, run as a notebook cell of the built site (not imported here): a move
through a Web Worker sandbox beside a plain call, the first worker's start, and a round robin of quick agents.

bench/sandbox.py puts the settings first: MOVES, ENTRANTS, GAMES_PER_PAIR, and ALIVE (None: the site's own).
"""
# ruff: noqa: F821 - the settings come from the lines bench/sandbox.py puts first

import json
import statistics
import time

import games
from games import sandbox
from games.agents.connectfour import one_step_agent
from games.sandbox import browser
from games.sandbox.browser import WorkerSandbox


def lowest(env):
    return env.legal_actions()[0]


def highest(env):
    return env.legal_actions()[-1]


spots, seed = [], 0
while len(spots) < MOVES:
    env = games.make("connectfour", seed=seed)
    seed += 1
    for _ in range(10):
        if env.terminated:
            break
        spots.append(env.clone())
        env.step(env.legal_actions()[(seed * 7 + len(spots)) % len(env.legal_actions())])
plain = []
for env in spots:
    start = time.perf_counter()
    lowest(env.clone())
    plain.append(time.perf_counter() - start)
if ALIVE:
    browser.ALIVE = browser.ALIVE_ON_SMALL_DEVICES = ALIVE
starts, prepare = [0], WorkerSandbox.prepare


def counted(box, needed_now=False):
    was_down = box.worker is None and box.broken is None
    started = prepare(box, needed_now)
    starts[0] += was_down and box.worker is not None
    return started


WorkerSandbox.prepare = counted
box = WorkerSandbox(sandbox.entry_of(lowest, "lowest", "connectfour", {}))
start = time.perf_counter()
box.move(spots[0].player_view(seed=0), [0, 0, 0], None)
first_start = time.perf_counter() - start
boxed = []
for ply, env in enumerate(spots):
    start = time.perf_counter()
    box.move(env.player_view(seed=[0, 0, ply]), [0, 0, ply], 1.0)
    boxed.append(time.perf_counter() - start)
box.stop()
kinds = [lowest, highest, one_step_agent]
field = {f"entrant {i:02d}": kinds[i % 3] for i in range(ENTRANTS)}
start = time.perf_counter()
standings = games.tournament("connectfour", field, games_per_pair=GAMES_PER_PAIR, seed=0, progress=False)
print(json.dumps({"plain": statistics.mean(plain), "sandbox": statistics.mean(boxed),
                  "sandbox_median": statistics.median(boxed), "first_start": first_start,
                  "seconds": time.perf_counter() - start, "games": len(standings.games),
                  "moves": sum(len(g.moves) for g in standings.games),
                  "forfeits": sum(sum(row["forfeits"].values()) for row in standings.rows),
                  "starts": starts[0], "alive": browser.alive_limit(), "device_memory": browser.device_memory_gb()}))
