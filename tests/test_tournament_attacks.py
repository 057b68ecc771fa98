"""Attacks on a class tournament, one test each (issue 32): an entrant must not win games it should lose, see
what it should not, stop the tournament, break the loading of the class's files, or make the same seed give
another tournament.

Every attacker below is an agent a student could hand in (``games.save_agent`` saves each of them). Each
tournament or loading runs in a separate Python process (``elsewhere``), with a time limit: an attack that
hangs or crashes the process fails its test instead of stopping the test run, and nothing it patches leaks
into the other tests.
"""

import json
import os
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import numpy as np
import pytest

import games
from games import agent_files
from games.agents import random_agent  # noqa: F401 - entrants are named by expressions (see tournament)
from games.agents.connectfour import AlphaBetaAgent, one_step_agent  # noqa: F401

HERE = Path(__file__).resolve()
ROOT = HERE.parent.parent

HARNESS = textwrap.dedent("""
    import importlib.util, json, resource, sys, time
    sys.path.insert(0, {root!r})
    spec = importlib.util.spec_from_file_location("attacks", {here!r})
    attacks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(attacks)
    import games
    job = json.loads(sys.argv[1])
    print(json.dumps(attacks.JOBS[job["kind"]](job)), flush=True)
""")


def elsewhere(kind, timeout=60, **job):
    """Run ``JOBS[kind](job)`` in a new Python process; its JSON answer, or a dict saying it hung or crashed."""
    command = [sys.executable, "-c", HARNESS.format(root=str(ROOT), here=str(HERE)), json.dumps(dict(job, kind=kind))]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=ROOT,
                              env=dict(os.environ, OPENBLAS_NUM_THREADS="1"))
    except subprocess.TimeoutExpired:
        return {"failed": f"still running after {timeout} s"}
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        return {"failed": f"exit code {done.returncode}: {done.stderr[-1500:]}"}
    return json.loads(lines[-1])


def _tournament_job(job):
    """A tournament of ``job["entrants"]`` (``{name: expression in this module}``), summed up as JSON."""
    import time as clock
    space = globals()
    entrants = {name: eval(expression, space) for name, expression in job["entrants"].items()}  # noqa: S307
    start = clock.perf_counter()
    standings = games.tournament(job["game"], entrants, progress=False, **job.get("settings", {}))
    again = None
    if job.get("twice"):
        again = games.tournament(job["game"], entrants, progress=False, **job.get("settings", {}))
        again = [g.moves for g in again.games]
    return {"seconds": clock.perf_counter() - start, "ranking": standings.ranking, "text": str(standings),
            "rows": {row["name"]: {k: row[k] for k in ("games", "wins", "losses", "forfeits") if k in row}
                     for row in standings.rows},
            "games": [{"players": [standings.names[p] for p in g.players], "moves": [int(m) for m in g.moves],
                       "seed": g.seed, "winner": None if g.winner is None else standings.names[g.winner],
                       "forfeit": g.forfeit and [standings.names[g.forfeit[0]], g.forfeit[1]],
                       "detail": g.forfeit_detail} for g in standings.games],
            "again": again}


def _loading_job(job):
    """``games.load_agents`` of a folder: the names loaded, what it printed, and the memory it took."""
    import contextlib
    import io
    import resource
    import time as clock
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    said = io.StringIO()
    start = clock.perf_counter()
    with contextlib.redirect_stdout(said):
        loaded = games.load_agents(job["folder"], game=job.get("game"))
    return {"names": list(loaded), "said": said.getvalue(), "seconds": clock.perf_counter() - start,
            "grew_mb": (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024}


JOBS = {"tournament": _tournament_job, "loading": _loading_job}


def tournament(entrants, game="connectfour", **settings):
    """The summed-up tournament of ``entrants`` (run elsewhere); fails the test if it hung or crashed."""
    result = elsewhere("tournament", entrants=entrants, game=game, settings=settings)
    assert "failed" not in result, result.get("failed")
    return result


# ---------------------------------------------------------------- the attackers
def lowest(env):
    """What every attacker plays when its trick is done: the lowest legal action (loses to a real agent)."""
    return env.legal_actions()[0]


def frame_walker(env):
    """Walks up the call stack to the real game and rigs it so that its own next move wins."""
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
    return lowest(env)


def plays_illegally(*anything):
    return 99


def gc_swapper(env):
    """Finds the opponent's function among all of Python's objects and swaps its code for an illegal move."""
    import gc
    import types
    for thing in gc.get_objects():
        if isinstance(thing, types.FunctionType) and thing.__name__ == "one_step_agent":
            thing.__code__ = plays_illegally.__code__
    return lowest(env)


def module_patcher(env):
    """Patches games itself: the alpha-beta agent's move."""
    import games
    games.agents.connectfour.AlphaBetaAgent.__call__ = plays_illegally
    return lowest(env)


def elo_faker(env):
    """Patches the rating fit: the first entrant (itself) gets 3000."""
    import games

    def rigged_fit(points, played, *more, **settings):
        return [3000.0] + [1000.0] * (len(points) - 1)
    games.round_robin.fit_elo = rigged_fit
    games.arena.fit_elo = rigged_fit
    return lowest(env)


def record_forger(env):
    """Patches how finished games are kept: every game is won by the first entrant (itself)."""
    import games
    keep = games.round_robin._keep
    if getattr(keep, "forged", False):
        return lowest(env)

    def forged(record, players, *more):
        kept = keep(record, players, *more)
        kept.winner, kept.forfeit = 0, None
        return kept
    forged.forged = True
    games.round_robin._keep = forged
    return lowest(env)


def clock_stopper(env):
    """Finds the referee up the call stack, switches off its time limit, then thinks for a long time."""
    import sys
    import time
    frame = sys._getframe(1)
    while frame is not None:
        for thing in frame.f_locals.values():
            if hasattr(thing, "time_limit"):
                thing.time_limit = None
        frame = frame.f_back
    time.sleep(0.6)
    return lowest(env)


def dice_meddler(env):
    """Sets the random generator it is given to a fixed state (today the opponent draws from the same one)."""
    env.np_random.bit_generator.state = np.random.default_rng(0).bit_generator.state
    return lowest(env)


def dice_quiet(env):
    """The same moves as dice_meddler, touching no generator."""
    return lowest(env)


def table_breaker(env):
    """Empties Connect Four's line tables: with shifts of 0, any disc is a line of four."""
    for shifts in env._line_shifts:
        shifts[:] = [0] * len(shifts)
    return lowest(env)


def puyo_spy(env):
    """Reports the pairs after the two shown (what its copy of the game holds)."""
    raise ValueError(repr([env._pair_at(env._pair_index + k) for k in range(3, 13)]))


def mine_spy(env):
    """Steps on copies of the game to find the mines, then reports them."""
    hidden = env.legal_actions()
    if len(hidden) == env.num_actions:
        return 0
    mines = []
    for cell in hidden:
        child = env.clone()
        try:
            child.step(cell)
        except Exception:  # noqa: BLE001 - a copy that refuses to say is fine for the spy
            continue
        if child.terminated and not child._won:
            mines.append(cell)
    raise ValueError(repr(sorted(mines)))


def forever(env):
    while True:
        pass


def c_crasher(env):
    """A very deep recursion in C (repr of a deeply nested list), with Python's guard lifted: a crash."""
    import sys
    sys.setrecursionlimit(10 ** 7)
    nested = []
    for _ in range(3_000_000):
        nested = [nested]
    return len(repr(nested))


def memory_hog(env):
    hog = bytearray(1 << 32)  # 4 GB
    return lowest(env) + hog[0]


def system_exit(env):
    raise SystemExit(0)


def keyboard_interrupt(env):
    raise KeyboardInterrupt


def generator_exit(env):
    raise GeneratorExit


def raising_answer(env):
    """An answer that raises when it is read as a number, or shown."""
    def boom(self):
        raise RuntimeError("gotcha")
    return type("Sneaky", (), {"__index__": boom, "__int__": boom, "__repr__": boom})()


def slow_answer(env):
    """An answer that takes a second to read as a number."""
    def slowly(self):
        import time
        time.sleep(1.0)
        return 0
    return type("Slow", (), {"__index__": slowly, "__int__": slowly})()


def recursion_lowerer(env):
    import sys
    sys.setrecursionlimit(60)
    return lowest(env)


def count_down(n):
    return 0 if n == 0 else count_down(n - 1)


def deep_thinker(env):
    """An honest agent that recurses 200 deep (fine with Python's usual limit)."""
    count_down(200)
    return env.legal_actions()[-1]


def uses_random_module(env):
    import random
    return random.choice(env.legal_actions())


# ---------------------------------------------------------------- win games it should lose
def test_the_lowest_column_loses_every_game_to_the_strong_agents_used_below():
    result = tournament({"lowest": "lowest", "one_step": "one_step_agent", "alphabeta": "AlphaBetaAgent(depth=2)"},
                        games_per_pair=2)
    assert result["rows"]["lowest"]["wins"] == 0


@pytest.mark.parametrize("cheater, opponent", [
    ("frame_walker", "AlphaBetaAgent(depth=2)"), ("gc_swapper", "one_step_agent"),
    ("module_patcher", "AlphaBetaAgent(depth=2)"), ("record_forger", "AlphaBetaAgent(depth=2)"),
])
def test_a_cheater_loses_the_games_it_would_lose(cheater, opponent):
    result = tournament({cheater: cheater, "opponent": opponent}, games_per_pair=4)
    assert result["rows"][cheater]["wins"] == 0
    assert result["rows"]["opponent"]["wins"] == 4 and result["ranking"][0] == "opponent"
    assert all(g["forfeit"] is None or g["forfeit"][0] == cheater for g in result["games"])


def test_a_faked_rating_fit_changes_no_standings():
    result = tournament({"elo_faker": "elo_faker", "one_step": "one_step_agent", "random": "random_agent"},
                        games_per_pair=2)
    assert result["ranking"][-1] == "elo_faker" and "3000" not in result["text"]


def test_switching_off_its_own_time_limit_still_loses_for_slowness():
    result = tournament({"clock_stopper": "clock_stopper", "random": "random_agent"}, games_per_pair=2,
                        time_limit=0.2)
    assert result["rows"]["clock_stopper"]["forfeits"]["slow"] == 2


def test_an_entrant_cannot_set_its_opponents_dice():
    quiet = tournament({"a": "dice_quiet", "random": "random_agent"}, games_per_pair=4, seed=2)
    meddled = tournament({"a": "dice_meddler", "random": "random_agent"}, games_per_pair=4, seed=2)
    assert [g["moves"] for g in quiet["games"]] == [g["moves"] for g in meddled["games"]]


def test_an_entrant_cannot_change_the_rules_for_later_games():
    result = tournament({"breaker": "table_breaker", "one_step": "one_step_agent", "random": "random_agent"},
                        games_per_pair=2)
    others = [g for g in result["games"] if "breaker" not in g["players"]]
    assert others and all(len(g["moves"]) >= 7 for g in others)  # four in a row needs 7 moves at least


# ---------------------------------------------------------------- see what it should not
def test_the_copy_of_a_puyo_game_holds_no_pairs_beyond_the_two_shown():
    result = tournament({"spy": "puyo_spy"}, game="puyopuyo", games_per_pair=3, seed=4)
    for g in result["games"]:
        real = games.make("puyopuyo")
        real.reset(seed=g["seed"])
        truth = repr([real._pair_at(k) for k in range(3, 13)])
        assert g["forfeit"] == ["spy", "raised"] and truth not in g["detail"]


def test_the_copy_of_a_minesweeper_game_holds_no_unrevealed_mines():
    result = tournament({"spy": "mine_spy"}, game="minesweeper", games_per_pair=3, seed=1)
    seen = 0
    for g in result["games"]:
        if g["forfeit"] is None:
            continue  # the first click ended the game
        real = games.make("minesweeper")
        real.reset(seed=g["seed"])
        real.step(g["moves"][0])
        truth = repr(sorted(cell for cell in range(real.num_actions) if real._mine[cell]))
        assert truth not in g["detail"]
        seen += 1
    assert seen


# ---------------------------------------------------------------- stop the tournament
@pytest.mark.parametrize("attacker, reasons", [
    ("forever", {"slow"}), ("c_crasher", {"raised", "slow"}), ("memory_hog", {"raised"}),
    ("system_exit", {"raised"}), ("keyboard_interrupt", {"raised"}), ("generator_exit", {"raised"}),
    ("raising_answer", {"raised", "illegal"}), ("slow_answer", {"slow", "illegal"}),
])
def test_an_attacker_loses_its_games_and_the_tournament_finishes(attacker, reasons):
    result = tournament({attacker: attacker, "random": "random_agent", "one_step": "one_step_agent"},
                        games_per_pair=2, time_limit=0.5)
    lost = result["rows"][attacker]["forfeits"]
    assert sum(lost.values()) == 4 and {reason for reason, n in lost.items() if n} <= reasons
    assert result["rows"]["random"]["games"] == 4 and result["rows"]["one_step"]["games"] == 4
    assert sum(result["rows"]["one_step"]["forfeits"].values()) == 0


def test_a_lowered_recursion_limit_does_not_make_the_next_entrant_fail():
    result = tournament({"lowerer": "recursion_lowerer", "deep": "deep_thinker", "random": "random_agent"},
                        games_per_pair=2)
    assert sum(result["rows"]["deep"]["forfeits"].values()) == 0


# ---------------------------------------------------------------- break loading
def write_agent(folder, filename, payload, kind="code", **header):
    """An agent file written by hand, with a right checksum (what a cheat who read the source can make)."""
    whole = {"format": agent_files.FORMAT, "format_version": 1, "kind": kind, "name": filename, "agent": "agent",
             "game": "connectfour", "options": {}, "date": "", "games_version": games.__version__, **header}
    payload = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    whole["sha256"] = agent_files.checksum(whole, payload)
    path = Path(folder) / f"{filename}.agent"
    with open(path, "wb") as file:
        np.savez(file, header=np.array(json.dumps(whole)), payload=np.frombuffer(payload, dtype=np.uint8))
    return path


def code(source):
    return {"entry": "agent", "source": textwrap.dedent(source)}


def with_a_good_file(folder):
    games.save_agent(lowest, Path(folder) / "good.agent", name="Good", game="connectfour")


def load_folder(folder, timeout=60):
    result = elsewhere("loading", timeout=timeout, folder=str(folder), game="connectfour")
    assert "failed" not in result, result.get("failed")
    return result


def test_a_constant_that_calls_a_function_of_the_file_runs_nothing(tmp_path):
    marker = tmp_path / "ran.txt"
    write_agent(tmp_path, "sneaky", code(f"""
        def set():
            open({str(marker)!r}, "w").write("ran")
            return 0


        X = set()


        def agent(env):
            return env.legal_actions()[0]
        """))
    with_a_good_file(tmp_path)
    result = load_folder(tmp_path)
    assert not marker.exists()
    assert result["names"] == ["Good"] and "sneaky.agent" in result["said"]


@pytest.mark.parametrize("default", ["10 ** 10 ** 9", "numpy.r_[0:10 ** 12]"])
def test_a_default_that_computes_something_huge_is_refused_at_once(tmp_path, default):
    write_agent(tmp_path, "huge", code(f"""
        import numpy


        def agent(env, x={default}):
            return env.legal_actions()[0]
        """))
    with_a_good_file(tmp_path)
    result = load_folder(tmp_path, timeout=30)
    assert result["names"] == ["Good"] and "huge.agent" in result["said"] and result["seconds"] < 5


def test_a_deeply_nested_header_is_refused(tmp_path):
    path = write_agent(tmp_path, "nested", code("def agent(env):\n    return 0\n"))
    deep = "[" * 200_000 + "]" * 200_000
    with open(path, "wb") as file:
        np.savez(file, header=np.array('{"format": "game-ai-lab agent", "x": ' + deep + "}"),
                 payload=np.zeros(3, np.uint8))
    with_a_good_file(tmp_path)
    result = load_folder(tmp_path)
    assert result["names"] == ["Good"] and "nested.agent" in result["said"]


def test_a_zip_bomb_is_refused_before_it_is_inflated(tmp_path):
    header = np.lib.format.header_data_from_array_1_0(np.zeros(300 << 20, np.uint8))
    with zipfile.ZipFile(tmp_path / "bomb.agent", "w", zipfile.ZIP_DEFLATED) as bomb:
        with bomb.open("header.npy", "w") as member:
            np.lib.format.write_array(member, np.array('{"format": "game-ai-lab agent"}'))
        with bomb.open("payload.npy", "w", force_zip64=True) as member:
            np.lib.format.write_array_header_1_0(member, header)
            zeros = bytes(1 << 20)
            for _ in range(300):
                member.write(zeros)
    assert (tmp_path / "bomb.agent").stat().st_size < 2 << 20
    with_a_good_file(tmp_path)
    result = load_folder(tmp_path)
    assert result["names"] == ["Good"] and "bomb.agent" in result["said"] and result["grew_mb"] < 100


def test_a_trained_agent_with_huge_layers_is_refused(tmp_path):
    from games import dqn
    small = dqn.DQNAgent("connectfour", seed=0, hidden=(8,))
    small.save(tmp_path / "small.npz")
    with np.load(tmp_path / "small.npz") as saved:
        arrays = {name: saved[name] for name in saved.files}
    about = json.loads(str(arrays["about"]))
    about["config"]["hidden"] = [200_000, 200_000]
    arrays["about"] = np.array(json.dumps(about))
    np.savez(tmp_path / "huge.npz", **arrays)
    (tmp_path / "small.npz").unlink()
    write_agent(tmp_path, "huge", (tmp_path / "huge.npz").read_bytes(), kind="trained")
    (tmp_path / "huge.npz").unlink()
    with_a_good_file(tmp_path)
    result = load_folder(tmp_path)
    assert result["names"] == ["Good"] and "huge.agent" in result["said"] and result["grew_mb"] < 200


@pytest.mark.parametrize("builtin", [
    {"path": "games.agents.connectfour.window_cells", "settings": {"rows": 6, "columns": 7, "inarow": 4}},
    {"path": "games.agents.connectfour.AlphaBetaAgent", "settings": {"depth": 60}},
    {"path": "games.agents.connectfour.AlphaBetaAgent", "settings": {"max_nodes": 10 ** 12}},
])
def test_a_built_in_entry_must_be_an_agent_with_bounded_settings(tmp_path, builtin):
    write_agent(tmp_path, "odd", builtin, kind="builtin")
    with_a_good_file(tmp_path)
    result = load_folder(tmp_path)
    assert result["names"] == ["Good"] and "odd.agent" in result["said"]


def test_a_name_with_a_newline_forges_no_row(tmp_path):
    games.save_agent(lowest, tmp_path / "low.agent", name="Low", game="connectfour")
    forged = "Mallory\n 1 Eve       99   99    0    0      99   2400 [2300-2500]"
    write_agent(tmp_path, "eve", code("def agent(env):\n    return env.legal_actions()[-1]\n"), name=forged)
    result = load_folder(tmp_path)
    assert all(name.isprintable() and len(name) <= 40 for name in result["names"])


@pytest.mark.parametrize("payload, header", [
    (b"not json at all", {}), (json.dumps({"entry": "agent"}).encode(), {}),
    (json.dumps(code("def agent(env):\n    return 0\n")).encode(), {"options": "none"}),
    (json.dumps(code("def agent(env):\n    return 0\n")).encode(), {"name": 7}),
])
def test_one_malformed_file_leaves_out_only_itself(tmp_path, payload, header):
    write_agent(tmp_path, "malformed", payload, **header)
    with_a_good_file(tmp_path)
    result = load_folder(tmp_path)
    assert result["names"] == ["Good"] and "malformed.agent" in result["said"]


# ---------------------------------------------------------------- break reproducibility
def test_the_same_seed_gives_the_same_tournament_with_the_random_module():
    result = elsewhere("tournament", game="connectfour", twice=True, settings={"games_per_pair": 4, "seed": 7},
                       entrants={"uses_random": "uses_random_module", "random": "random_agent"})
    assert "failed" not in result, result.get("failed")
    assert [g["moves"] for g in result["games"]] == result["again"]

