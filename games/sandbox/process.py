"""An entrant's sandbox on CPython: a process of its own, in a locked room (``room.py``).

The referee and the entrant's process share one Unix socket and nothing else. The referee sends the
entrant's file once, then per move the number of the move, the player's view and the seed of its draws
(pickled: the room trusts the referee). The process answers JSON, which the referee reads with a length
cap and a deadline on every read (a frame cut short waits no longer than a whole one), checks field by
field (it never unpickles anything an entrant could have written), and takes only from the entrant's own
process (the system names the sender of every piece) and only for the move it asked.

The time of a move is the referee's own clock, from sending the position to reading the answer; the
entrant says nothing about it (``judging.GRACE``). A move not answered in time, a crash or a broken
answer ends the process; the next move starts a fresh one. Between its moves the whole process group is
paused (``SIGSTOP``); at the end (and when the teacher's Python exits) it is killed.

Starting a process costs about the start of Python with numpy and games (a few tenths of a second): the
first move of a tournament starts the rooms of all its entrants side by side.
"""

import atexit
import json
import os
import pickle
import secrets
import signal
import struct
import sys
import time

from . import limits, room
from .judging import GRACE, OutOfTime, judge

START_TIMEOUT = 60.0  #: seconds for a process to start and read its entrant's file (a trained agent too)
ANSWER_BYTES = 4096  #: longest answer read from an entrant's process
_running = set()  # the sandboxes with a process: all are killed when the teacher's Python exits
_waiting = []  # sandboxes made but not started: the first move of one starts them all, side by side


class ProcessSandbox:
    """One entrant in a process of its own; ``move`` returns ``("move", action)`` or ``(reason, detail)``.

    ``in_room``: in a bubblewrap room (the default), else only in a process of its own (``unsafe_without_room``
    of ``games.tournament``: the limits, the clock and the checks of answers still hold, but the process can
    read what the teacher can and reach the network).
    """

    def __init__(self, entry, in_room=True):
        self.entry, self.in_room = entry, in_room
        self.process = self.channel = self.entrant = None
        self.broken = None  #: why the entrant's file does not build (then every move is lost with it)
        self.moves = 0
        self.running_seconds = 0.0  #: wall-clock seconds its current process has been let run
        self.folder = None  #: without a room: the process's own temporary folder
        _waiting.append(self)

    # ------------------------------------------------------------ starting
    def _spawn(self):
        """Start the process (it imports what it needs while other rooms start too); ``_start`` greets it."""
        if self.process is not None or self.broken is not None:
            return
        import socket
        import subprocess
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        if hasattr(socket, "SO_PASSCRED"):  # every piece read comes with the process that wrote it
            ours.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
        arguments = [room.script(self.in_room), str(theirs.fileno())]
        environment, where = dict(room.ENVIRONMENT), None
        if self.in_room:
            command = room.command(arguments)
        else:
            import tempfile
            self.folder = where = tempfile.mkdtemp(prefix="entrant-")
            environment.update(HOME=where, TMPDIR=where)
            command = [sys.executable, *room.PYTHON_FLAGS, *arguments]
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, pass_fds=(theirs.fileno(),), close_fds=True,
                                        start_new_session=True, env=environment, cwd=where)
        _running.add(self)
        theirs.close()
        self.channel, self.entrant, self.moves, self.running_seconds = ours, None, 0, 0.0

    def _start(self, stop_at=None):
        """Greet the process (its hello names the entrant's process), hand it the file, wait until it is ready
        (``OutOfTime`` at ``stop_at``)."""
        if self.process is None:
            for box in [self] + [box for box in _waiting if box is not self]:  # the others' rooms start meanwhile
                box._spawn()
            _waiting.clear()
        deadline = time.perf_counter() + START_TIMEOUT
        if stop_at is not None and stop_at < deadline:
            deadline = stop_at
        hello = _parsed(self._read(deadline))
        if hello is None or hello.get("hello") is not True or self.entrant is None:
            if deadline == stop_at and time.perf_counter() >= stop_at:
                self.stop()
                raise OutOfTime
            return self._broken("the sandbox did not start")
        if not self._send(pickle.dumps(self.entry), deadline):
            return self._broken("the sandbox did not start")
        answer = _parsed(self._read(deadline))
        if answer is None or answer.get("ready") is not True:
            if deadline == stop_at and time.perf_counter() >= stop_at:
                self.stop()
                raise OutOfTime
            failed = (answer or {}).get("failed")
            return self._broken(failed[:300] if isinstance(failed, str) else "the sandbox did not start")
        self._signal(signal.SIGSTOP)
        return None

    def _broken(self, reason):
        self.broken = reason
        self.stop()

    # ------------------------------------------------------------ a move
    def move(self, view, words, time_limit, stop_at=None):
        """Ask for one move; ``("move", int)``, or ``("slow" | "raised" | "illegal", detail)``.

        ``stop_at``: the ``time.perf_counter()`` at which the tournament's own time runs out; a move (or a start)
        still unanswered then raises ``OutOfTime``, with no verdict on it. The answer comes within
        ``time_limit + GRACE`` seconds once the process is started (a start takes a few tenths of a second, at
        most ``START_TIMEOUT``)."""
        if self.broken is None and (self.entrant is None or self._tired(time_limit)):
            self._start(stop_at)
        if self.broken is not None:
            return "raised", self.broken
        if _wait_for(self.channel.fileno(), 0):  # it wrote on its channel after its answer (for a later move?)
            if self.process.poll() is not None:  # or it has ended between its moves
                return self._lost("raised", _crash_text(self.process.returncode, self.in_room))
            return self._lost("raised", "the sandbox wrote on its channel between its moves")
        self.moves += 1
        # the answer must echo a token it could only read in this request: answers written ahead are refused
        asked = f"{self.moves}-{secrets.token_hex(8)}"
        request = pickle.dumps((asked, view, words))
        self._signal(signal.SIGCONT)
        start = time.perf_counter()
        deadline = None if time_limit is None else start + time_limit + GRACE
        cut = stop_at is not None and (deadline is None or stop_at < deadline)  # the tournament ends first
        read_until = stop_at if cut else deadline
        data = self._read(read_until) if self._send(request, read_until) else None
        waited = time.perf_counter() - start
        if data is None and cut and time.perf_counter() >= stop_at:
            self.stop()
            raise OutOfTime
        self.running_seconds += waited
        answer = _parsed(data)
        if answer is not None:
            if answer.get("move") != asked:  # written on the channel by the entrant itself: refused
                return self._lost("raised", f"the sandbox answered for move {str(answer.get('move'))[:30]}, "
                                            f"not the move asked ({asked})")
            self._signal(signal.SIGSTOP)  # between its moves it does nothing: no thread of its own slows others
            return judge(answer, waited, time_limit)
        # No answer: out of time, crashed, or nonsense on the channel. In each case the process is ended.
        if deadline is not None and time.perf_counter() >= deadline:
            return self._lost("slow", f"{waited:.2f} s")
        try:
            code = self.process.wait(1.0)  # a process that closed the channel is ending: wait for its exit code
        except Exception:  # noqa: BLE001 - still running (subprocess.TimeoutExpired)
            code = None
        if code is not None:
            return self._lost("raised", _crash_text(code, self.in_room))
        return self._lost("raised", "the sandbox answered nonsense")

    def _tired(self, time_limit):
        """True when the process may run out of CPU time (``limits.CPU_SECONDS``) within the next move: a
        fresh one is started first. Its CPU time is read only once it could be near."""
        margin = (time_limit if time_limit is not None else 60.0) + GRACE + 5.0
        if self.running_seconds * limits.PROCESSES < limits.CPU_SECONDS - margin:
            return False
        used = _cpu_seconds(self.entrant[0])
        if used is not None and used < limits.CPU_SECONDS - margin:
            return False
        self.stop()
        return True

    def _lost(self, reason, detail):
        """The move is lost; the process is ended (the next move starts a fresh one)."""
        self.stop()
        return reason, detail

    # ------------------------------------------------------------ the channel
    def _send(self, data, deadline):
        """Send a frame; False when the process does not take it in time or has gone."""
        left = None if deadline is None else deadline - time.perf_counter()
        if left is not None and left <= 0:
            return False
        try:
            self.channel.settimeout(left)
            self.channel.sendall(struct.pack(">I", len(data)) + data)
        except OSError:  # the socket's timeout too
            return False
        return True

    def _read(self, deadline):
        """The bytes of the next frame of the entrant's process, or None: not whole by ``deadline``, longer
        than ``ANSWER_BYTES``, the channel closed, or a piece of it written by another process."""
        head = self._exactly(4, deadline)
        if head is None:
            return None
        length = struct.unpack(">I", head)[0]
        return self._exactly(length, deadline) if length <= ANSWER_BYTES else None

    def _exactly(self, count, deadline):
        import socket
        data = b""
        while len(data) < count:
            left = None if deadline is None else deadline - time.perf_counter()
            if left is not None and left <= 0:
                return None
            if not _wait_for(self.channel.fileno(), left):
                continue
            try:
                chunk, ancillary, _, _ = self.channel.recvmsg(count - len(data), CREDENTIALS_SPACE,
                                                              socket.MSG_DONTWAIT)
            except BlockingIOError:
                continue
            except OSError:
                return None
            if not chunk or not self._from_entrant(ancillary):
                return None
            data += chunk
        return data

    def _from_entrant(self, ancillary):
        """True when the system says the entrant's process wrote this piece; the first (its hello, before any
        code of the entrant runs) names that process."""
        import socket
        if not hasattr(socket, "SCM_CREDENTIALS"):  # no names on this system (not Linux): the process started
            if self.entrant is None:
                self.entrant = (self.process.pid, None)
            return True
        senders = [struct.unpack("=iII", data[:12])[0] for level, kind, data in ancillary
                   if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS and len(data) >= 12]
        if len(senders) != 1:
            return False
        if self.entrant is None:
            self.entrant = (senders[0], _pidfd(senders[0]))
        return senders[0] == self.entrant[0]

    # ------------------------------------------------------------ pausing and ending
    def _signal(self, which):
        """Send ``which`` to the process group and to the entrant's process (which may have left the group)."""
        targets = [(os.killpg, self.process.pid)] if self.process is not None else []
        if self.entrant is not None:
            pid, pidfd = self.entrant
            targets.append((signal.pidfd_send_signal, pidfd) if pidfd is not None else (os.kill, pid))
        for send, target in targets:
            try:
                send(target, which)
            except OSError:  # it has ended: the next step finds out
                pass

    def stop(self):
        """Kill the process, its group and everything in its room, and wait until the entrant's process is gone."""
        if self.process is not None:
            self._signal(signal.SIGKILL)
            self.process.kill()
            try:
                self.process.wait(5)
            except Exception:  # noqa: BLE001 - subprocess.TimeoutExpired: killed, not yet reaped
                pass
        if self.entrant is not None and self.entrant[1] is not None:
            _wait_for(self.entrant[1], 5.0)  # a pidfd is readable once its process has exited
            os.close(self.entrant[1])
        if self.channel is not None:
            self.channel.close()
        if self.folder is not None:
            import shutil
            shutil.rmtree(self.folder, ignore_errors=True)
        _running.discard(self)
        if self in _waiting:
            _waiting.remove(self)
        self.process = self.channel = self.entrant = self.folder = None


def _wait_for(descriptor, seconds):
    """True once ``descriptor`` can be read (None: no end), False after ``seconds``."""
    import select
    poll = select.poll()
    poll.register(descriptor, select.POLLIN)
    return bool(poll.poll(None if seconds is None else max(0, int(seconds * 1000 + 0.999))))


def _pidfd(pid):
    """A handle of the process ``pid`` that never names another one (Linux 5.3+), or None."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def _cpu_seconds(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime
    except (OSError, ValueError, IndexError):
        return None


def _parsed(data):
    """A JSON object's dict, or None."""
    if data is None:
        return None
    try:
        answer = json.loads(data)
    except (ValueError, RecursionError):
        return None
    return answer if isinstance(answer, dict) else None


def _crash_text(code, in_room):
    """What a process's exit code says (bwrap answers 128 + the signal for a process a signal ended)."""
    number = -code if code < 0 else code - 128 if in_room and code > 128 else None
    if number:
        return f"the sandbox crashed (signal {number})"
    return "the sandbox stopped"


CREDENTIALS_SPACE = 64  #: bytes for the ancillary data of one read (one SCM_CREDENTIALS takes 32 on Linux)


@atexit.register
def _stop_all():
    """Nothing of an entrant outlives the teacher's Python."""
    for box in list(_running):
        box.stop()
