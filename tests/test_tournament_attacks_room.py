"""Attacks on a class tournament on CPython, round two (issue 37): an entrant's process must hold nothing of
the teacher's (files, environment, network, other processes, file descriptors), stay inside hard limits it
cannot raise, leave nothing behind, and the referee must trust nothing it says (its clock, a frame cut
short, an answer for another move); a trained file must not grow the teacher's process beyond what it holds.

Every attacker is an agent a student could hand in. Each tournament runs in a separate Python process, the
*teacher* (``as_teacher``), with a time limit, in a folder of its own that is also its home: an attack that
hangs or kills the teacher fails its test instead of stopping the test run. Most attackers do their trick at
their first move and report what they found as the text of an error, which the standings show.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

import games
from games.agents.connectfour import one_step_agent  # noqa: F401 - entrants are named by expressions (tournament)

HERE = Path(__file__).resolve()
ROOT = HERE.parent.parent
TEACHER_FILE = str(HERE)  #: a file of the teacher's, which no entrant may read
PLACE = os.path.join(tempfile.gettempdir(), "games-room-attacks")  #: the class's folder of agent files
SECRET = "GAMES_ROOM_ATTACK_SECRET"  #: an environment variable of the teacher's
MARKER = "teacher-of-the-room-attacks"  #: in the teacher's command line: how an attacker finds it
PORT = 47613  #: the teacher listens on 127.0.0.1 here
SHM_FILE = "/dev/shm/games-room-attack"
ORPHAN = "room-orphan"  #: the name an attacker's child gives itself
PLANTED = "planted_by_an_entrant.py"  #: what an attacker adds to the games package

HARNESS = textwrap.dedent("""
    # {marker}
    import importlib.util, json, sys
    sys.path.insert(0, {root!r})
    spec = importlib.util.spec_from_file_location("attacks", {here!r})
    attacks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(attacks)
    job = json.loads(sys.argv[1])
    print(json.dumps(attacks.JOBS[job["kind"]](job)), flush=True)
""")


def as_teacher(kind, folder, timeout=60, hash_seed="1", path=None, **job):
    """Run ``JOBS[kind](job)`` in a new Python process (in ``folder``, its home too); its JSON answer with what
    it printed, or a dict saying it hung or died."""
    environment = dict(os.environ, OPENBLAS_NUM_THREADS="1", HOME=str(folder), PYTHONHASHSEED=hash_seed,
                       **{SECRET: "the-teachers-token"})
    if path is not None:
        environment["PATH"] = path
    command = [sys.executable, "-c", HARNESS.format(marker=MARKER, root=str(ROOT), here=str(HERE)),
               json.dumps(dict(job, kind=kind))]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=folder, env=environment)
    except subprocess.TimeoutExpired:
        return {"failed": f"still running after {timeout} s"}
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        return {"failed": f"exit code {done.returncode}: {done.stderr[-1500:]}"}
    return dict(json.loads(lines[-1]), printed=done.stdout + done.stderr)


def descendants(pid):
    """The processes whose chain of parents leads to ``pid``."""
    parents = {}
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as stat:
                parents[int(entry)] = int(stat.read().rpartition(")")[2].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    found = set()
    for child in parents:
        step = child
        while step in parents and step not in (0, 1):
            step = parents[step]
            if step == pid:
                found.add(child)
                break
    return found


def named(name):
    """The processes called ``name`` (their ``comm``)."""
    found = []
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{entry}/comm") as comm:
                if comm.read().strip() == name:
                    found.append(int(entry))
        except OSError:
            continue
    return found


def _tournament_job(job):
    """A tournament of ``job["entrants"]`` (``{name: expression in this module}``), with the teacher's
    listener open; summed up as JSON with what was left behind."""
    import games as the_games
    space = globals()
    entrants = {name: eval(expression, space) for name, expression in job["entrants"].items()}  # noqa: S307
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(("127.0.0.1", PORT))
        listener.listen(8)
    except OSError:
        pass
    before = set(os.listdir("."))
    start = time.perf_counter()
    standings = the_games.tournament(job.get("game", "connectfour"), entrants, progress=False,
                                     **job.get("settings", {}))
    seconds = time.perf_counter() - start
    time.sleep(0.3)  # a process the tournament did not end has had time to show itself
    left = sorted(descendants(os.getpid()))
    orphans = named(ORPHAN)
    for pid in orphans:  # (the old code's leftovers are cleaned up here, not by the test's assertions)
        os.kill(pid, signal.SIGKILL)
    return {"seconds": seconds, "ranking": standings.ranking,
            "rows": {row["name"]: {k: row[k] for k in ("games", "wins", "losses", "forfeits")}
                     for row in standings.rows},
            "games": [{"players": [standings.names[p] for p in g.players], "moves": [int(m) for m in g.moves],
                       "forfeit": g.forfeit and [standings.names[g.forfeit[0]], g.forfeit[1]],
                       "detail": g.forfeit_detail} for g in standings.games],
            "left_running": left, "orphans": orphans, "new_files": sorted(set(os.listdir(".")) - before)}


def _interrupted_job(job):
    """A tournament the teacher interrupts (Ctrl-C) during a long move: what is left running after it."""
    import games as the_games
    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    signal.setitimer(signal.ITIMER_REAL, 3.0)
    try:
        the_games.tournament("connectfour", {"a": thinker, "b": thinker}, progress=False, time_limit=None)
        interrupted = False
    except KeyboardInterrupt:
        interrupted = True
    time.sleep(0.3)
    return {"interrupted": interrupted, "left_running": sorted(descendants(os.getpid()))}


def _loading_job(job):
    """``games.load_agents`` of a folder: the names loaded, what it printed, and the memory it took."""
    import contextlib
    import io
    import resource
    import games as the_games
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        loaded = the_games.load_agents(job["agents"], game=job.get("game"))
    return {"names": list(loaded), "said": said.getvalue(),
            "grew_mb": (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024}


def _no_room_job(job):
    """A tournament where the computer has no bubblewrap (it is not on the PATH): refused, or run when asked."""
    import games as the_games
    settings = {"unsafe_without_room": True} if job["unsafe"] else {}
    try:
        standings = the_games.tournament("tictactoe", {"a": lowest, "b": lowest}, games_per_pair=2, progress=False,
                                         **settings)
    except the_games.BadOptionError as error:
        return {"refused": str(error)}
    return {"games": len(standings.games)}


JOBS = {"tournament": _tournament_job, "interrupted": _interrupted_job, "loading": _loading_job,
        "no_room": _no_room_job}


@pytest.fixture
def teacher_folder(tmp_path):
    folder = tmp_path / "teacher"
    folder.mkdir()
    return folder


def tournament(folder, entrants, timeout=60, hash_seed="1", **settings):
    result = as_teacher("tournament", folder, timeout=timeout, hash_seed=hash_seed, entrants=entrants,
                        settings=settings)
    assert "failed" not in result, result.get("failed")
    return result


def reports(result, attacker):
    """What ``attacker`` reported, game by game (``"report:..."``; another error as it was)."""
    return [g["detail"].partition("ValueError: ")[2] or g["detail"] for g in result["games"]
            if g["forfeit"] == [attacker, "raised"]]


# ---------------------------------------------------------------- the attackers
def lowest(env):
    return env.legal_actions()[0]


def thinker(env):
    import time
    time.sleep(30)
    return env.legal_actions()[0]


def report(found):
    """Tell the test what was found, as the text of an error (the standings show it)."""
    raise ValueError("report:" + str(found)[:200])


def file_reader(env):
    """Reads a file of the teacher's, another entrant's file, and the teacher's folder."""
    import os
    found = []
    for path in (TEACHER_FILE, os.path.join(PLACE, "victim.agent")):
        try:
            with open(path, "rb") as file:
                file.read(16)
            found.append("read")
        except OSError:
            found.append("refused")
    try:
        found.append(f"listed {len(os.listdir(os.path.dirname(TEACHER_FILE)))}")
    except OSError:
        found.append("refused")
    report(" ".join(found))


def file_writer(env):
    """Adds an entrant, rewrites another, adds a module to the installed games, and leaves a usercustomize.py and
    an IPython start-up file behind in the teacher's home."""
    import os
    import site

    import games
    found = []
    try:
        with open(os.path.join(PLACE, "victim.agent"), "ab") as file:
            file.write(b"rewritten")
        found.append("rewrote")
    except OSError:
        found.append("refused")
    for path in (os.path.join(PLACE, "added.agent"), os.path.join(os.path.dirname(games.__file__), PLANTED),
                 os.path.join(site.getusersitepackages(), "usercustomize.py"),
                 os.path.expanduser("~/.ipython/profile_default/startup/00-planted.py"),
                 "planted-in-the-working-folder.txt"):
        try:
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
            with open(path, "w") as file:
                file.write("print('planted')\n")
            found.append("wrote")
        except OSError:
            found.append("refused")
    report(" ".join(found))


def big_writer(env):
    """Writes a file of 64 MB in its working folder."""
    written = 0
    try:
        with open("big.bin", "wb") as file:
            for _ in range(64):
                file.write(bytes(1 << 20))
                file.flush()
                written += 1
    except OSError:
        pass
    report(f"wrote {written} MB")


def network_reacher(env):
    """Connects to the teacher's server on 127.0.0.1."""
    import socket
    try:
        socket.create_connection(("127.0.0.1", PORT), timeout=1).close()
        report("connected")
    except OSError:
        report("refused")


def environment_spy(env):
    import os
    report(os.environ.get(SECRET, "nothing"))


def limit_raiser(env):
    """Raises its own memory limit to its hard limit."""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
    except (OSError, ValueError):
        pass
    report("raised" if resource.getrlimit(resource.RLIMIT_AS)[0] > soft or soft == resource.RLIM_INFINITY else "held")


def descriptor_counter(env):
    """Counts the file descriptors it holds (but the one that lists them)."""
    import os
    report(f"descriptors {len(os.listdir('/proc/self/fd')) - 1}")


def output_forger(env):
    """Writes a forged row of standings to file descriptors 1 and 2."""
    import os
    for descriptor in (1, 2):
        try:
            os.write(descriptor, b"\n\x1b[32m 1 FORGED-ROW   99   99    0    0\x1b[0m\n")
        except OSError:
            pass
    report("written")


def shm_filler(env):
    """Leaves 64 MB in /dev/shm."""
    try:
        with open(SHM_FILE, "wb") as file:
            for _ in range(64):
                file.write(bytes(1 << 20))
        report("filled")
    except OSError:
        report("refused")


def forker(env):
    """Forks a child that leaves the process group and stays after the tournament."""
    import ctypes
    import os
    import time
    try:
        pid = os.fork()
    except OSError:
        report("refused")
    if pid == 0:
        os.setsid()
        ctypes.CDLL(None).prctl(15, ORPHAN.encode(), 0, 0, 0)  # PR_SET_NAME
        time.sleep(20)
        os._exit(0)
    report("forked")


def child_hogs(env):
    """Three children take 400 MB each (more than one process may take in all)."""
    import os
    held = 0
    children = []
    for _ in range(3):
        try:
            pid = os.fork()
        except OSError:
            break
        if pid == 0:
            try:
                hog = bytearray(400 << 20)
                hog[::4096] = b"\x01" * len(range(0, 400 << 20, 4096))
                os._exit(0)
            except MemoryError:
                os._exit(1)
        children.append(pid)
    for pid in children:
        held += os.waitpid(pid, 0)[1] == 0
    report(f"children holding 400 MB: {held}")


def _teachers_and_sandboxes():
    """``(teacher pids, processes started under the teacher but not this one or its own parents)``."""
    import os
    parents, lines = {}, {}
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{entry}/stat") as stat:
                parents[int(entry)] = int(stat.read().rpartition(")")[2].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                lines[int(entry)] = cmdline.read()
        except (OSError, ValueError, IndexError):
            continue
    teachers = {pid for pid, line in lines.items() if MARKER.encode() in line}
    mine, step = set(), os.getpid()
    while step in parents and step not in mine:
        mine.add(step)
        step = parents[step]
    others = set()
    for pid in parents:
        step = pid
        while step in parents and step not in (0, 1):
            step = parents[step]
            if step in teachers:
                others.add(pid)
                break
    return teachers, others - mine - teachers


def teacher_killer(env):
    """Kills the teacher's Python."""
    import os
    teachers, _ = _teachers_and_sandboxes()
    for pid in teachers:
        os.kill(pid, 9)
    return lowest(env)


def sandbox_killer(env):
    """Kills every other process the teacher started (the other entrants' sandboxes), then plays on."""
    import os
    _, others = _teachers_and_sandboxes()
    for pid in others:
        try:
            os.kill(pid, 9)
        except OSError:
            pass
    return lowest(env)


def _channels():
    """The file descriptors of its sockets: the channel to the referee among them."""
    import os
    found = []
    for name in os.listdir("/proc/self/fd"):
        try:
            if os.readlink(f"/proc/self/fd/{name}").startswith("socket:"):
                found.append(int(name))
        except OSError:
            continue
    return found


def half_framer(env):
    """Writes 4 bytes of length and 1 byte of an answer on its channel, then sleeps."""
    import os
    import struct
    import time
    for descriptor in _channels():
        try:
            os.write(descriptor, struct.pack("!i", 100) + b"{")
        except OSError:
            pass
    time.sleep(20)
    return lowest(env)


QUEUED = []  #: answers it queued already (the same process keeps them between moves)


def queuer(env):
    """Queues answers for the next moves on its channel (claiming a millisecond each), then sleeps past the limit."""
    import json
    import os
    import struct
    import time
    if not QUEUED:
        QUEUED.append(True)
        for number in range(1, 60):
            data = json.dumps({"action": 3, "move": number, "seconds": 0.001}).encode()
            for descriptor in _channels():
                try:
                    os.write(descriptor, struct.pack("!i", len(data)) + data)
                except OSError:
                    pass
    time.sleep(1.0)
    return lowest(env)


CALLS = []  #: its moves so far, in this process


def clock_patcher(env):
    """Stops the clock its sandbox reads, then, from its third move on (once its process is warm), takes 0.22 s
    against a limit of 0.1 s."""
    import time
    real = getattr(time, "real_perf_counter", time.perf_counter)
    if not hasattr(time, "real_perf_counter"):
        time.real_perf_counter = real
        frozen = real() + 0.001
        time.perf_counter = lambda: frozen
    CALLS.append(True)
    until = real() + (0.22 if len(CALLS) > 2 else 0.0)
    while real() < until:
        pass
    return env.legal_actions()[0]


def set_walker(env):
    """An honest agent whose move depends on the order in which a set of strings is walked."""
    return int(next(iter({str(action) for action in env.legal_actions()})))


# ---------------------------------------------------------------- reach the teacher
PROBES = ["file_reader", "file_writer", "big_writer", "network_reacher", "environment_spy", "limit_raiser",
          "descriptor_counter", "output_forger", "shm_filler", "forker", "child_hogs"]


@pytest.fixture(scope="module")
def probed(tmp_path_factory):
    """One tournament of every probe and a quiet entrant, in the folder of the class's files."""
    folder = tmp_path_factory.mktemp("teacher")
    os.makedirs(PLACE, exist_ok=True)
    for leftover in ("added.agent",):
        Path(PLACE, leftover).unlink(missing_ok=True)
    games.save_agent(lowest, Path(PLACE) / "victim.agent", name="Victim", game="connectfour")
    victim = Path(PLACE, "victim.agent").read_bytes()
    Path(SHM_FILE).unlink(missing_ok=True)
    try:
        result = tournament(folder, {**{name: name for name in PROBES}, "quiet": "lowest"}, games_per_pair=1)
        yield dict(result, victim_unchanged=Path(PLACE, "victim.agent").read_bytes() == victim,
                   planted=Path(ROOT, "games", PLANTED).exists()), folder
    finally:
        Path(ROOT, "games", PLANTED).unlink(missing_ok=True)  # (where the old code let it be written)
        Path(SHM_FILE).unlink(missing_ok=True)
        for pid in named(ORPHAN):
            os.kill(pid, signal.SIGKILL)


def test_an_entrant_reads_no_file_of_the_teacher_nor_another_entrant(probed):
    result, _ = probed
    found = reports(result, "file_reader")
    assert found and all(text == "report:refused refused refused" for text in found), found


def test_an_entrant_writes_nothing_outside_its_room_and_leaves_nothing_behind(probed):
    result, folder = probed
    found = reports(result, "file_writer")
    # (its own home and working folder are its room's: what it writes there goes with the room)
    assert found and all(text.startswith("report:refused refused refused ") for text in found), found
    assert not Path(PLACE, "added.agent").exists() and result["victim_unchanged"] and not result["planted"]
    assert result["new_files"] == [] and sorted(os.listdir(folder)) == []  # its working folder and its home


def test_an_entrant_writes_no_file_larger_than_its_limit(probed):
    result, _ = probed
    found = reports(result, "big_writer")
    assert found and all(int(text.split()[1]) <= 16 for text in found), found


def test_an_entrant_cannot_reach_the_teachers_server_on_localhost(probed):
    result, _ = probed
    found = reports(result, "network_reacher")
    assert found and all(text == "report:refused" for text in found), found


def test_an_entrant_sees_nothing_of_the_teachers_environment(probed):
    result, _ = probed
    found = reports(result, "environment_spy")
    assert found and all(text == "report:nothing" for text in found), found


def test_an_entrant_cannot_raise_its_own_memory_limit(probed):
    result, _ = probed
    found = reports(result, "limit_raiser")
    assert found and all(text == "report:held" for text in found), found


def test_an_entrant_holds_only_its_channel_to_the_referee(probed):
    result, _ = probed
    found = reports(result, "descriptor_counter")
    assert found and all(text == "report:descriptors 1" for text in found), found


def test_an_entrant_writes_nothing_into_the_teachers_output(probed):
    result, _ = probed
    assert reports(result, "output_forger") and "FORGED-ROW" not in result["printed"]


def test_an_entrant_cannot_fill_shared_memory(probed):
    result, _ = probed
    assert reports(result, "shm_filler") and not Path(SHM_FILE).exists()


def test_an_entrant_starts_no_process_that_outlives_the_tournament(probed):
    result, _ = probed
    assert reports(result, "forker") and result["orphans"] == [] and result["left_running"] == []


def test_an_entrants_children_cannot_take_more_memory_than_it_may(probed):
    result, _ = probed
    found = reports(result, "child_hogs")
    assert found and all(text == "report:children holding 400 MB: 0" for text in found), found


def test_nothing_of_a_tournament_is_left_running_when_the_teacher_interrupts_it(teacher_folder):
    result = as_teacher("interrupted", teacher_folder)
    assert result.get("interrupted") is True, result
    assert result["left_running"] == []


# ---------------------------------------------------------------- stop the tournament, harm the others
def test_an_entrant_cannot_kill_the_teacher(teacher_folder):
    result = tournament(teacher_folder, {"killer": "teacher_killer", "quiet": "lowest"}, games_per_pair=2)
    assert result["rows"]["quiet"]["games"] == 2


def test_an_entrant_cannot_kill_the_other_entrants(teacher_folder):
    result = tournament(teacher_folder, {"killer": "sandbox_killer", "a": "one_step_agent", "b": "lowest"},
                        games_per_pair=2)
    assert sum(result["rows"]["a"]["forfeits"].values()) == 0 and sum(result["rows"]["b"]["forfeits"].values()) == 0


def test_half_an_answer_loses_the_move_in_time_instead_of_hanging(teacher_folder):
    result = tournament(teacher_folder, {"half": "half_framer", "quiet": "lowest"}, games_per_pair=2,
                        time_limit=0.3, timeout=50)
    assert result["rows"]["half"]["forfeits"]["slow"] == 2 and result["seconds"] < 15


# ---------------------------------------------------------------- the referee trusts nothing it says
def test_answers_queued_for_later_moves_are_refused(teacher_folder):
    result = tournament(teacher_folder, {"queuer": "queuer", "quiet": "lowest"}, games_per_pair=2, time_limit=0.3)
    lost = [g for g in result["games"] if g["forfeit"] and g["forfeit"][0] == "queuer"]
    assert len(lost) == 2 and all(g["forfeit"][1] in ("raised", "slow") for g in lost), result["games"]


def test_a_patched_clock_does_not_hide_a_slow_move(teacher_folder):
    result = tournament(teacher_folder, {"patcher": "clock_patcher", "quiet": "lowest"}, games_per_pair=2,
                        time_limit=0.1)
    assert result["rows"]["patcher"]["forfeits"]["slow"] == 2


def test_the_same_seed_gives_the_same_moves_whatever_the_teachers_hash_seed(teacher_folder):
    runs = [tournament(teacher_folder, {"walker": "set_walker", "quiet": "lowest"}, games_per_pair=4,
                       hash_seed=seed) for seed in ("1", "2")]
    assert [g["moves"] for g in runs[0]["games"]] == [g["moves"] for g in runs[1]["games"]]


# ---------------------------------------------------------------- no room, no tournament by accident
def test_without_bubblewrap_a_tournament_runs_only_when_the_teacher_says_so(teacher_folder, tmp_path):
    bare = tmp_path / "bin"  # a PATH with Python's folder but no bwrap
    bare.mkdir()
    path = os.pathsep.join([str(bare), os.path.dirname(sys.executable)])
    refused = as_teacher("no_room", teacher_folder, path=path, unsafe=False)
    assert "bubblewrap" in refused.get("refused", ""), refused
    assert as_teacher("no_room", teacher_folder, path=path, unsafe=True).get("games") == 2


# ---------------------------------------------------------------- loading bounded by the file
def test_a_trained_file_that_says_a_huge_board_is_refused_before_the_teacher_grows(tmp_path):
    from games import agent_files, dqn
    small = dqn.DQNAgent("minesweeper", seed=0, hidden=(8,))
    small.save(tmp_path / "small.npz")
    with np.load(tmp_path / "small.npz") as saved:
        arrays = {name: saved[name] for name in saved.files}
    about = json.loads(str(arrays["about"]))
    options = {"rows": 99, "cols": 99, "mines": 5}
    about["config"].update(options=options, hidden=[512])
    arrays["about"] = np.array(json.dumps(about))
    np.savez(tmp_path / "huge.npz", **arrays)
    payload = (tmp_path / "huge.npz").read_bytes()
    header = {"format": agent_files.FORMAT, "format_version": 1, "kind": "trained", "name": "Huge", "agent": "dqn",
              "game": "minesweeper", "options": options, "date": "", "games_version": games.__version__}
    header["sha256"] = agent_files.checksum(header, payload)
    folder = tmp_path / "class"
    folder.mkdir()
    with open(folder / "huge.agent", "wb") as file:
        np.savez(file, header=np.array(json.dumps(header)), payload=np.frombuffer(payload, dtype=np.uint8))
    assert (folder / "huge.agent").stat().st_size < 1 << 20
    result = as_teacher("loading", tmp_path, agents=str(folder))
    assert "failed" not in result, result.get("failed")
    assert result["names"] == [] and "huge.agent" in result["said"] and result["grew_mb"] < 100, result
