"""An entrant's sandbox on CPython: a process of its own.

The referee's process sends the entrant's file once, then per move the player's view and the
seed of its draws (pickled: the child trusts the referee). The child answers with JSON bytes, which
the referee reads with a length cap and checks field by field: it never unpickles anything an entrant
could have written. A move not answered in time, a crash (a segfault, a memory cap exceeded: the child
runs under ``RLIMIT_AS``) or a broken answer ends the process; the next move starts a fresh one. Between
its moves an entrant's process is paused (``SIGSTOP``): a thread it left running cannot slow the others.

Processes come from a fork server that has imported numpy and games once, so starting one takes a few
milliseconds and they share those pages; where there is no fork server (Windows), from ``spawn``.
"""

import contextlib
import json
import os
import time

from . import GRACE, judge

MEMORY_LIMIT = 1 << 30  #: bytes an entrant's process may take beyond what it has at its start
START_TIMEOUT = 60.0  #: seconds for a process to start and read its entrant's file (a trained agent too)
ANSWER_BYTES = 4096  #: longest answer read from an entrant's process
_context = None


def _processes():
    """The multiprocessing context: a fork server that has imported games once, else spawn."""
    global _context
    import multiprocessing  # here, not at the top: a browser has no processes (the site leaves it out)
    if _context is None:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one thread: threads' buffers would eat the memory cap
        if "forkserver" in multiprocessing.get_all_start_methods():
            _context = multiprocessing.get_context("forkserver")
            _context.set_forkserver_preload(["games.sandbox.player", "games.dqn"])
        else:
            _context = multiprocessing.get_context("spawn")
    return _context


def child_main(connection, entry):
    """The entrant's process: cap its memory, build its agent, then answer moves until told to stop."""
    import sys
    _cap_memory()
    sys.stdout = sys.stderr = open(os.devnull, "w")  # an entrant's prints go nowhere
    from .player import Player, error_text
    try:
        player = Player(entry)
    except BaseException as error:  # noqa: BLE001 - a file that does not build loses its games, with the reason
        connection.send_bytes(json.dumps({"failed": error_text(error)}).encode())
        return
    connection.send_bytes(b'{"ready": true}')
    while True:
        try:
            request = connection.recv()
        except EOFError:
            return
        if request is None:
            return
        number, view, words = request
        answer = player.move(view, words)
        connection.send_bytes(json.dumps(dict(answer, move=number)).encode())


def _cap_memory():
    """Limit the process's address space to what it has now plus ``MEMORY_LIMIT`` (Linux; elsewhere no cap)."""
    try:
        import resource
        with open("/proc/self/statm") as statm:
            now = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (ImportError, OSError, ValueError):
        return
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = now + MEMORY_LIMIT
    resource.setrlimit(resource.RLIMIT_AS, (limit if hard == resource.RLIM_INFINITY else min(limit, hard), hard))


class ProcessSandbox:
    """One entrant in a process of its own; ``move`` returns ``("move", action)`` or ``(reason, detail)``."""

    def __init__(self, entry):
        self.entry = entry
        self.process = self.connection = None
        self.broken = None  #: why the entrant's file does not build (then every move is lost with it)
        self.moves = 0

    def _start(self):
        parent_end, child_end = _processes().Pipe()
        self.process = _processes().Process(target=child_main, args=(child_end, self.entry), daemon=True)
        with _main_script_hidden():
            self.process.start()
        child_end.close()
        self.connection = parent_end
        answer = self._answer(START_TIMEOUT)
        if answer is None or "ready" not in answer:
            self.broken = (answer or {}).get("failed") or "the sandbox did not start"
            self.stop()
        else:
            _signal(self.process, "SIGSTOP")

    def _answer(self, timeout):
        """The next JSON answer of the process (a dict), or None when it did not come in time or is broken."""
        try:
            if not self.connection.poll(timeout):
                return None
            answer = json.loads(self.connection.recv_bytes(ANSWER_BYTES))
        except (EOFError, OSError, ValueError, RecursionError):
            return None
        return answer if isinstance(answer, dict) else None

    def move(self, view, words, time_limit):
        """Ask for one move; ``("move", int)``, or ``("slow" | "raised" | "illegal", detail)``."""
        if self.process is None and self.broken is None:
            self._start()
        if self.broken is not None:
            return "raised", self.broken
        self.moves += 1
        _signal(self.process, "SIGCONT")
        start = time.perf_counter()
        try:
            self.connection.send((self.moves, view, words))
        except (OSError, ValueError):
            return self._lost("raised", "the sandbox stopped")
        deadline = None if time_limit is None else start + time_limit + GRACE
        while True:
            left = None if deadline is None else max(0.0, deadline - time.perf_counter())
            answer = self._answer(left)
            if answer is None or answer.get("move") == self.moves:
                break  # (an answer to an older move, from an entrant that wrote on the pipe itself, is skipped)
        waited = time.perf_counter() - start
        if answer is not None:
            _signal(self.process, "SIGSTOP")  # between its moves it does nothing: no thread of its own slows others
            return judge(answer, waited, time_limit)
        # No answer: out of time, crashed, or nonsense on the pipe. In each case the process is ended.
        if deadline is not None and time.perf_counter() >= deadline:
            return self._lost("slow", f"{waited:.2f} s")
        self.process.join(1.0)  # a process that closed the pipe is ending: wait for its exit code
        if not self.process.is_alive():
            return self._lost("raised", _crash_text(self.process.exitcode))
        return self._lost("raised", "the sandbox answered nonsense")

    def _lost(self, reason, detail):
        """The move is lost; the process is ended (the next move starts a fresh one)."""
        self.stop()
        return reason, detail

    def stop(self):
        if self.process is not None and self.process.pid is not None:
            if self.process.is_alive():
                self.process.kill()
            self.process.join(5)
        if self.connection is not None:
            self.connection.close()
        self.process = self.connection = None


@contextlib.contextmanager
def _main_script_hidden():
    """While a process starts: multiprocessing would run the teacher's script again in it (to find the
    functions ``__main__`` defines), which an entrant's process never needs, and which would start the
    tournament again inside it when the script has no ``if __name__ == "__main__":``."""
    import sys
    main = sys.modules.get("__main__")
    saved = {name: main.__dict__[name] for name in ("__file__", "__spec__") if main and name in main.__dict__}
    for name in saved:
        if name == "__spec__":
            main.__spec__ = None
        else:
            del main.__file__
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(main, name, value)


def _signal(process, name):
    """Pause (SIGSTOP) or resume (SIGCONT) an entrant's process, where the system has these signals."""
    import signal
    if hasattr(signal, name) and process.pid is not None:
        try:
            os.kill(process.pid, getattr(signal, name))
        except OSError:  # it has ended: the next step finds out
            pass


def _crash_text(code):
    if code is not None and code < 0:
        return f"the sandbox crashed (signal {-code})"
    return "the sandbox stopped"
