"""An entrant's sandbox in the browser: a Web Worker running its own Pyodide (``worker.js``).

The teacher's kernel (itself a worker) starts it from a blob URL; the nested Pyodide loads numpy and
games from the site, like the kernel. The kernel waits for each answer without ``async``
(``pyodide.ffi.run_sync``, where the browser has JavaScript Promise Integration: Chromium): a move not
answered within the time limit ends the worker (``terminate``), and the next move starts a fresh one.

A worker with its own Pyodide, numpy and games holds about 95 MB and takes about a second to start, so only
a few live at once (``alive_limit``: fewer on a device with 4 GB of memory or less, as the browser reports it).
When another is needed, the one whose next game is farthest away is ended (``next_game``, kept by
``games.round_robin``). The round robin plays the pairs in an order that needs few starts (``BLOCK`` entrants
stay while the others come one by one), ends a worker it will not need soon, and starts the next one
(``prepare``) while games are played, on the computer's other core.
"""

import json
import time
from importlib import resources

from . import GRACE, judge

START_TIMEOUT = 120.0  #: seconds for a worker to start Pyodide, numpy, games and the entrant's file
ALIVE = 12  #: workers alive at once (about 95 MB each, after the notebook's 0.8 GB: ``bench/sandbox.py``)
ALIVE_ON_SMALL_DEVICES = 7  #: the same where the device has SMALL_DEVICE_GB or less: a tournament stays near 1.5 GB
SMALL_DEVICE_GB = 4
ANSWER_CHARACTERS = 4096

HELPER_JS = """
(source, indexURL) => {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const base = new URL(indexURL, self.location.href).href;
  // Pyodide's WebAssembly, compiled once here and handed to every worker: each starts sooner, and the
  // workers share its machine code instead of each holding a copy.
  let compiled = null;
  const pyodideModule = () => {
    if (compiled === null) compiled = WebAssembly.compileStreaming(fetch(base + "pyodide.asm.wasm")).catch(() => null);
    return compiled;
  };
  return {
    base,
    make() { return new Worker(url, { type: "module" }); },
    async ask(worker, message, milliseconds) {
      if (message.kind === "start") message.module = await pyodideModule();
      return new Promise((resolve) => {
        let timer = null;
        const done = (value) => {
          if (timer !== null) clearTimeout(timer);
          worker.onmessage = null;
          worker.onerror = null;
          resolve(value);
        };
        worker.onmessage = (event) => {  // only the answer to this message: its number, sent back
          const data = event.data;
          if (data && data.number === message.number) done(typeof data.text === "string" ? data.text : "");
        };
        worker.onerror = () => done("");
        if (milliseconds !== null && milliseconds !== undefined) timer = setTimeout(() => done(null), milliseconds);
        worker.postMessage(message);
      });
    },
  };
}
"""

_helper = []
_alive = []  # the WorkerSandboxes with a live worker, least recently used first


def available():
    """True where the kernel can wait for a worker without ``async`` (Chromium's JSPI)."""
    try:
        from pyodide.ffi import can_run_sync
    except ImportError:
        return False
    return can_run_sync()


def device_memory_gb():
    """The device's memory in GB as the browser reports it (``navigator.deviceMemory``: Chromium rounds it and
    says at most 8), or None where it does not say."""
    try:
        import js
        memory = js.navigator.deviceMemory
    except (ImportError, AttributeError):
        return None
    return float(memory) if isinstance(memory, (int, float)) and memory > 0 else None


def alive_limit(memory_gb=None):
    """How many workers may live at once on a device with ``memory_gb`` (None: this device's, if known)."""
    memory_gb = device_memory_gb() if memory_gb is None else memory_gb
    small = memory_gb is not None and memory_gb <= SMALL_DEVICE_GB
    return ALIVE_ON_SMALL_DEVICES if small else ALIVE


def farthest(boxes):
    """Of the live sandboxes, the one to end for another: the one whose next game is farthest away (or that has
    none). Ending it costs the fewest starts later (Belady's rule); the ones playing now have the nearest."""
    return max(boxes, key=lambda box: float("inf") if box.next_game is None else box.next_game)


def _js():
    if not _helper:
        import pyodide_js
        from pyodide.code import run_js
        source = resources.files(__package__).joinpath("worker.js").read_text(encoding="utf-8")
        _helper.append(run_js(HELPER_JS)(source, pyodide_js._api.config.indexURL))
    return _helper[0]


class WorkerSandbox:
    """One entrant in a Web Worker of its own; ``move`` as ``ProcessSandbox.move``."""

    STARTING = 2  #: workers that may start at once while games go on (a start takes about a second, on a core)

    def __init__(self, entry):
        self.entry = entry
        self.next_game = None  #: the position of this entrant's next game in the order of play (round_robin's)
        self.worker = None
        self.broken = None
        self.starting = None  #: the promise of the worker's answer to "start", while it starts
        self.asked = 0  #: messages sent: each carries its number, and only an answer with that number counts

    @property
    def BLOCK(self):  # noqa: N802 - round_robin reads it as a constant of the kind of sandbox
        """Entrants that stay while the others come one by one (and workers for one playing, the others starting)."""
        return alive_limit() - 1 - self.STARTING

    def _send(self, message, seconds):
        """The promise of the worker's answer to ``message`` (JSON text; None when none came in time)."""
        from pyodide.ffi import to_js
        import js
        milliseconds = None if seconds is None else max(1, int(seconds * 1000))
        self.asked += 1
        message = dict(message, number=self.asked)
        return _js().ask(self.worker, to_js(message, dict_converter=js.Object.fromEntries), milliseconds)

    def _ask(self, message, seconds):
        """The worker's JSON answer (a dict), or None when it did not answer in time or answered nonsense."""
        return self._read(self._send(message, seconds))

    @staticmethod
    def _read(promise):
        from pyodide.ffi import run_sync
        text = run_sync(promise)
        if not isinstance(text, str) or not text or len(text) > ANSWER_CHARACTERS:
            return None
        try:
            answer = json.loads(text)
        except (ValueError, RecursionError):
            return None
        return answer if isinstance(answer, dict) else None

    def prepare(self, needed_now=False):
        """Start the worker now, without waiting for it: the first move waits for what is left. False when that
        would end a worker needed no later than this one (unless this one is ``needed_now``)."""
        if self.worker is not None or self.broken is not None:
            return True
        while len(_alive) >= alive_limit():
            last = farthest(_alive)
            if not needed_now and None not in (last.next_game, self.next_game) and last.next_game <= self.next_game:
                return False
            last.stop()
        self.worker = _js().make()
        _alive.append(self)
        entry = self.entry
        self.starting = self._send({"kind": "start", "indexURL": _js().base, "entry": entry["kind"],
                                    "payload": entry["payload"], "name": entry["name"]}, START_TIMEOUT)
        return True

    def _start(self):
        self.prepare(needed_now=True)
        answer, self.starting = self._read(self.starting), None
        if answer is None or "ready" not in answer:
            self.broken = (answer or {}).get("failed") or (answer or {}).get("raised") or "the sandbox did not start"
            self.stop()

    def move(self, view, words, time_limit):
        import pickle
        if self.starting is not None or (self.worker is None and self.broken is None):
            self._start()
        if self.broken is not None:
            return "raised", self.broken
        _alive.remove(self)
        _alive.append(self)  # the most recently used
        start = time.perf_counter()
        waiting = None if time_limit is None else time_limit + GRACE
        answer = self._ask({"kind": "move", "view": pickle.dumps(view), "words": json.dumps(words)}, waiting)
        outcome = judge(answer, time.perf_counter() - start, time_limit)
        return outcome if answer is not None else self._lost(*outcome)

    def _lost(self, reason, detail):
        self.stop()
        return reason, detail

    def stop(self):
        if self.worker is not None:
            self.worker.terminate()
            self.worker = None
        self.starting = None
        if self in _alive:
            _alive.remove(self)
