"""games.tournament in the built site (headless Chromium, the Pyodide kernel): each entrant plays in a Web
Worker with its own Pyodide. An entrant that never answers loses each game for slowness within the time
limit and two seconds, and the tournament finishes; one that walks up the call stack to the real game
finds only its own sandbox, and loses its games against alpha-beta."""

import json

import pytest

from bench.site_browser import ADD_CELL_JS, new_context, run_cell, wait_for_kernel

pytestmark = pytest.mark.browser

CELL = '''
import json, time
import games
from games.agents.connectfour import AlphaBetaAgent


def forever(env):
    while True:
        pass


def frame_walker(env):
    import sys
    me, frame = env.current_player, sys._getframe(1)
    while frame is not None:
        real = frame.f_locals.get("self")
        if real is not env and type(real) is type(env):
            def rigged(action):
                del real._play
                real._terminated, real._winner = True, me
                return 1.0
            real._play = rigged
            break
        frame = frame.f_back
    return env.legal_actions()[0]


start = time.perf_counter()
standings = games.tournament("connectfour", {"forever": forever, "walker": frame_walker,
                                             "alphabeta": AlphaBetaAgent(depth=2)},
                             games_per_pair=2, time_limit=1.0, progress=False)
print(json.dumps({"seconds": time.perf_counter() - start, "rows": standings.rows,
                  "games": [[standings.names[p] for p in g.players] + [g.winner is not None and
                            standings.names[g.winner], g.forfeit and g.forfeit[1], g.forfeit_detail]
                            for g in standings.games]}))
'''


def test_a_stuck_entrant_forfeits_in_time_and_a_frame_walker_loses(browser, site_url):
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(f"{site_url}notebooks/index.html?path=en/00_welcome.ipynb")
        wait_for_kernel(page)
        result = run_cell(page, page.evaluate(ADD_CELL_JS, CELL), timeout=300)
    finally:
        context.close()
    text = "".join(output.get("text", "") for output in result["outputs"])
    assert not result["timedOut"] and text.strip(), result["outputs"]
    summary = json.loads(text.strip().splitlines()[-1])
    rows = {row["name"]: row for row in summary["rows"]}
    assert rows["forever"]["forfeits"]["slow"] == 4 and rows["forever"]["wins"] == 0
    slow = [float(detail.split()[0]) for *_, reason, detail in summary["games"] if reason == "slow"]
    assert len(slow) == 4 and all(seconds <= 1.0 + 2.0 for seconds in slow), slow
    walker_vs_alphabeta = [g for g in summary["games"] if set(g[:2]) == {"walker", "alphabeta"}]
    assert len(walker_vs_alphabeta) == 2 and all(g[2] == "alphabeta" for g in walker_vs_alphabeta)
    assert rows["alphabeta"]["forfeits"] == {"raised": 0, "illegal": 0, "slow": 0}
