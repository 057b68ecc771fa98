"""games.sandbox: an entrant's sandbox answers a move with data only, judged inside it; a process sandbox is
ended on a slow or crashed move and a fresh one plays the next."""

import time

import pytest

import games
from games import sandbox
from games.sandbox import InProcessSandbox, judge
from games.sandbox.process import ProcessSandbox


def lowest(env):
    return env.legal_actions()[0]


def stuck_at_the_start(env):
    """Never answers on an empty board; answers at once after that."""
    while env.moves_played == 0:
        pass
    return env.legal_actions()[-1]


def crashes(env):
    import os
    os._exit(3)


def spills(env):
    """Writes an answer of its own on the pipe to the referee, then returns a string."""
    import gc
    for thing in gc.get_objects():
        if type(thing).__name__ == "Connection":
            thing.send_bytes(b'{"action": 0, "move": 1}')
    return "zero"


def entry(agent):
    return sandbox.entry_of(agent, agent.__name__, "connectfour", {})


def view(ply=0):
    """The view of Connect Four after ``ply`` moves in column 3."""
    env = games.make("connectfour")
    env.reset(seed=0)
    for _ in range(ply):
        env.step(3)
    return env.player_view(seed=[0, 0, ply])


def test_a_process_answers_moves_and_a_stuck_one_is_ended_and_started_again():
    box = ProcessSandbox(entry(stuck_at_the_start))
    try:
        box._start()  # (starting is not timed)
        start = time.perf_counter()
        assert box.move(view(), [0, 0, 0], 0.3)[0] == "slow"
        assert time.perf_counter() - start < 0.3 + sandbox.GRACE + 1.0
        assert box.process is None  # ended
        assert box.move(view(1), [0, 0, 1], 0.3) == ("move", 6)  # a fresh process: not stuck
    finally:
        box.stop()


def test_a_crashed_process_loses_the_move_and_the_next_one_starts_fresh():
    box = ProcessSandbox(entry(crashes))
    try:
        reason, detail = box.move(view(), [0, 0, 0], 2.0)
        assert reason == "raised" and "stopped" in detail
        assert box.move(view(), [0, 0, 0], 2.0)[0] == "raised"
    finally:
        box.stop()


def test_an_answer_written_on_the_pipe_by_the_entrant_is_its_own_answer_only():
    box = ProcessSandbox(entry(spills))
    try:
        outcome = box.move(view(), [0, 0, 0], 2.0)
        assert outcome in (("move", 0), ("illegal", "'zero' (str)"))
    finally:
        box.stop()


def test_a_file_that_does_not_build_loses_every_move_with_the_reason():
    bad = {"name": "x", "kind": "builtin", "payload": b'{"path": "games.agents.connectfour.window_cells"}'}
    for box in (ProcessSandbox(bad), InProcessSandbox(bad)):
        reason, detail = box.move(view(), [0, 0, 0], 1.0)
        assert reason == "raised" and "names no built-in agent" in detail
        box.stop()


def test_in_process_sandbox_judges_the_same_way():
    box = InProcessSandbox(entry(lowest))
    assert box.move(view(), [0, 0, 0], 1.0) == ("move", 0)


@pytest.mark.parametrize("answer, waited, outcome", [
    ({"action": 3, "seconds": 0.01}, 0.02, ("move", 3)),
    ({"action": 3, "seconds": 0.01}, 0.6, ("slow", "0.60 s")),  # the referee's clock, not the time it says
    ({"action": 3, "seconds": -1.0}, 0.6, ("slow", "0.60 s")),  # a time that cannot be is not believed
    ({"action": True, "seconds": 0.01}, 0.02, ("raised", "the sandbox answered nonsense")),
    ({"illegal": "'a' (str)", "seconds": 0.01}, 0.02, ("illegal", "'a' (str)")),
    (None, 0.7, ("slow", "0.70 s")), (None, 0.1, ("raised", "the sandbox stopped")),
])
def test_judge(answer, waited, outcome):
    assert judge(answer, waited, 0.4) == outcome


def test_a_tournament_in_a_script_without_a_main_guard(tmp_path):
    """multiprocessing would run such a script again in every entrant's process; the sandbox keeps it out."""
    import subprocess
    import sys
    from pathlib import Path
    script = tmp_path / "class_tournament.py"
    script.write_text("print('the script starts', flush=True)\nimport games\n"
                      "from games.agents import random_agent\n\n\ndef lowest(env):\n"
                      "    return env.legal_actions()[0]\n\n\n"
                      "standings = games.tournament('tictactoe', {'lowest': lowest, 'random': random_agent}, "
                      "games_per_pair=2, progress=False)\nprint('games:', len(standings.games))\n")
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120,
                          env={**__import__("os").environ, "PYTHONPATH": str(root)})
    assert done.stdout.splitlines()[:2] == ["the script starts", "games: 2"], (done.stdout, done.stderr[-2000:])


def sleeps(env):
    import time
    time.sleep(5)
    return 0


def test_the_tournaments_own_time_ends_a_move_with_no_verdict():
    """``stop_at`` (the tournament's own time running out) raises OutOfTime, and the process is ended."""
    box = ProcessSandbox(entry(sleeps))
    try:
        box._start()
        start = time.perf_counter()
        with pytest.raises(sandbox.OutOfTime):
            box.move(view(), [0, 0, 0], None, stop_at=start + 0.3)
        assert time.perf_counter() - start < 2.0 and box.process is None
    finally:
        box.stop()


def test_fewer_workers_live_on_a_device_with_little_memory():
    from games.sandbox import browser
    assert browser.alive_limit(2) == browser.alive_limit(4) == browser.ALIVE_ON_SMALL_DEVICES
    assert browser.alive_limit(8) == browser.ALIVE > browser.ALIVE_ON_SMALL_DEVICES
    assert browser.device_memory_gb() is None and browser.alive_limit() == browser.ALIVE  # CPython: no browser


def test_the_worker_ended_for_another_is_the_one_needed_last():
    from types import SimpleNamespace

    from games.sandbox.browser import farthest
    soon, later, never = (SimpleNamespace(next_game=n) for n in (3, 40, None))
    assert farthest([soon, later]) is later and farthest([soon, never, later]) is never
