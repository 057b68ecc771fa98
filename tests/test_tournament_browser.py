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


def last_line(browser, site_url, cell, timeout):
    """The JSON of the last line ``cell`` prints, run in a notebook of the built site."""
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(f"{site_url}notebooks/index.html?path=en/00_welcome.ipynb")
        wait_for_kernel(page)
        result = run_cell(page, page.evaluate(ADD_CELL_JS, cell), timeout=timeout)
    finally:
        context.close()
    text = "".join(output.get("text", "") for output in result["outputs"])
    assert not result["timedOut"] and text.strip(), result["outputs"]
    return json.loads(text.strip().splitlines()[-1])


def test_a_stuck_entrant_forfeits_in_time_and_a_frame_walker_loses(browser, site_url):
    summary = last_line(browser, site_url, CELL, 300)
    rows = {row["name"]: row for row in summary["rows"]}
    assert rows["forever"]["forfeits"]["slow"] == 4 and rows["forever"]["wins"] == 0
    slow = [float(detail.split()[0]) for *_, reason, detail in summary["games"] if reason == "slow"]
    assert len(slow) == 4 and all(seconds <= 1.0 + 2.0 for seconds in slow), slow
    walker_vs_alphabeta = [g for g in summary["games"] if set(g[:2]) == {"walker", "alphabeta"}]
    assert len(walker_vs_alphabeta) == 2 and all(g[2] == "alphabeta" for g in walker_vs_alphabeta)
    assert rows["alphabeta"]["forfeits"] == {"raised": 0, "illegal": 0, "slow": 0}


STOPPERS = ("system_exit", "keyboard_interrupt", "generator_exit", "raising_answer", "c_crasher", "memory_hog")
ATTACKS = [  # (entrants, game, settings): the attacks of tests/test_tournament_attacks.py, in the browser
    ({"gc_swapper": "gc_swapper", "opponent": "one_step_agent"}, "connectfour", {"games_per_pair": 2}),
    ({"module_patcher": "module_patcher", "opponent": "AlphaBetaAgent(depth=2)"}, "connectfour", {"games_per_pair": 2}),
    ({"record_forger": "record_forger", "opponent": "AlphaBetaAgent(depth=2)"}, "connectfour", {"games_per_pair": 2}),
    ({"elo_faker": "elo_faker", "one_step": "one_step_agent", "random": "random_agent"}, "connectfour",
     {"games_per_pair": 2}),
    ({"breaker": "table_breaker", "one_step": "one_step_agent", "random": "random_agent"}, "connectfour",
     {"games_per_pair": 2}),
    ({"a": "dice_quiet", "random": "random_agent"}, "connectfour", {"games_per_pair": 2, "seed": 2}),
    ({"a": "dice_meddler", "random": "random_agent"}, "connectfour", {"games_per_pair": 2, "seed": 2}),
    ({"spy": "puyo_spy"}, "puyopuyo", {"games_per_pair": 2, "seed": 4}),
    ({"spy": "mine_spy"}, "minesweeper", {"games_per_pair": 2, "seed": 1}),
    *[({name: name, "random": "random_agent"}, "connectfour", {"games_per_pair": 2, "time_limit": 2.0})
      for name in STOPPERS],
    ({"lowerer": "recursion_lowerer", "deep": "deep_thinker"}, "connectfour", {"games_per_pair": 2}),
    ({"uses_random": "uses_random_module", "random": "random_agent"}, "connectfour",
     {"games_per_pair": 2, "seed": 7}),
    ({"uses_random": "uses_random_module", "random": "random_agent"}, "connectfour",
     {"games_per_pair": 2, "seed": 7}),
]


def attack_cell():
    """A notebook cell defining the attackers of the CPython suite and running each attack's tournament."""
    import inspect

    import test_tournament_attacks as attacks
    names = {expression.split("(")[0] for entrants, _, _ in ATTACKS for expression in entrants.values()}
    helpers = ["lowest", "plays_illegally", "count_down"]
    own = [getattr(attacks, name) for name in sorted(names | set(helpers))]  # not the imported built-ins
    source = "\n\n".join(inspect.getsource(f) for f in own if f.__module__ == attacks.__name__)
    return (f"import json\nimport numpy as np\nimport games\nfrom games.agents import random_agent\n"
            f"from games.agents.connectfour import AlphaBetaAgent, one_step_agent\n\n\n{source}\n\n"
            f"results = []\nfor entrants, game, settings in {ATTACKS!r}:\n"
            f"    s = games.tournament(game, {{n: eval(e) for n, e in entrants.items()}}, progress=False, **settings)\n"
            f"    results.append({{'rows': {{r['name']: r for r in s.rows}}, 'text': str(s), 'ranking': s.ranking,\n"
            f"                    'games': [[[s.names[p] for p in g.players], [int(m) for m in g.moves], g.seed,\n"
            f"                               g.winner is not None and s.names[g.winner], g.forfeit and\n"
            f"                               [s.names[g.forfeit[0]], g.forfeit[1]], g.forfeit_detail]\n"
            f"                              for g in s.games]}})\n"
            f"print(json.dumps(results))\n")


def test_the_attacks_of_the_cpython_suite_fail_in_the_browser_too(browser, site_url):
    check_attacks(last_line(browser, site_url, attack_cell(), 900))


def check_attacks(results):
    """The results of ``attack_cell`` show every attack failed (the checks of the CPython suite)."""
    import games
    gc, patcher, forger, elo, breaker, quiet, meddled, puyo, mines = results[:9]
    stoppers, (lowered, random_once, random_again) = results[9:-3], results[-3:]
    for outcome, cheater in ((gc, "gc_swapper"), (patcher, "module_patcher"), (forger, "record_forger")):
        assert outcome["rows"][cheater]["wins"] == 0 and outcome["rows"]["opponent"]["wins"] == 2
    assert elo["ranking"][-1] == "elo_faker" and "3000" not in elo["text"]
    assert all(len(g[1]) >= 7 for g in breaker["games"] if "breaker" not in g[0])
    assert [g[1] for g in quiet["games"]] == [g[1] for g in meddled["games"]]
    for g in puyo["games"]:
        real = games.make("puyopuyo")
        real.reset(seed=g[2])
        assert g[4] == ["spy", "raised"] and repr([real._pair_at(k) for k in range(3, 13)]) not in g[5]
    for g in mines["games"]:
        if g[4] is not None:
            real = games.make("minesweeper")
            real.reset(seed=g[2])
            real.step(g[1][0])
            assert repr(sorted(c for c in range(real.num_actions) if real._mine[c])) not in g[5]
    for name, outcome in zip(STOPPERS, stoppers):
        assert sum(outcome["rows"][name]["forfeits"].values()) == 2, (name, outcome["rows"][name])
        assert outcome["rows"]["random"]["forfeits"] == {"raised": 0, "illegal": 0, "slow": 0}
    assert sum(lowered["rows"]["deep"]["forfeits"].values()) == 0
    assert [g[1] for g in random_once["games"]] == [g[1] for g in random_again["games"]]


FEW_WORKERS_CELL = '''
import json
import games
from games.agents.connectfour import one_step_agent
from games.sandbox import browser
from games.sandbox.browser import WorkerSandbox


def lowest(env):
    return env.legal_actions()[0]


def highest(env):
    return env.legal_actions()[-1]


field = {f"entrant {i}": [lowest, highest, one_step_agent][i % 3] for i in range(9)}
most, starts, prepare = [0], [0], WorkerSandbox.prepare


def counted(box, needed_now=False):
    was_down = box.worker is None and box.broken is None
    started = prepare(box, needed_now)
    starts[0] += was_down and box.worker is not None
    most[0] = max(most[0], len(browser._alive))
    return started


WorkerSandbox.prepare = counted
results = {}
for alive in (5, 12):
    browser.ALIVE = browser.ALIVE_ON_SMALL_DEVICES = alive
    most[0] = starts[0] = 0
    s = games.tournament("connectfour", field, games_per_pair=2, seed=3, progress=False)
    results[alive] = {"most": most[0], "starts": starts[0], "left": len(browser._alive),
                      "games": [[list(g.players), [int(m) for m in g.moves], g.winner, g.forfeit] for g in s.games]}
print(json.dumps(results))
'''


def test_a_round_robin_with_few_workers_alive_keeps_to_them_and_plays_every_game_alike(browser, site_url):
    """Nine entrants, five workers at most (two of them starting while games go on): never more alive at once, none
    left after, every game the same as with twelve workers, and each entrant started at most 3 times on average."""
    few, each = last_line(browser, site_url, FEW_WORKERS_CELL, 600).values()
    assert few["most"] <= 5 and few["left"] == 0 and each["left"] == 0
    assert 9 <= each["starts"] < few["starts"] <= 27, (few["starts"], each["starts"])
    assert few["games"] == each["games"] and len(few["games"]) == 9 * 8
    assert not any(forfeit for *_, forfeit in few["games"])
