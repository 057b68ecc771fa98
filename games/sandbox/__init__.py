"""Each entrant of a class tournament plays in a sandbox of its own (issue 32).

The referee (the game, the clock, the records, the standings: ``games.round_robin``) lives where no
entrant's code runs. An entrant's sandbox is given data only: its file (``entry``: the kind and payload
that ``games.save_agent`` writes) once, then per move the player's view of the game
(``env.player_view``: no hidden state, a generator of its own) and answers with an action. Its
code cannot reach the referee, the real game or another entrant: no frame, object or module is shared.

- On CPython a sandbox is a process in a locked room made by bubblewrap (``process.ProcessSandbox``,
  ``room.py``): no network, no file of the teacher's, no other process in sight, hard limits. A move not
  answered within the time limit ends it, as does a crash; the move is lost and a fresh process plays on.
  Where no room can be made, a tournament runs only when the teacher says ``unsafe_without_room=True``.
- In the browser (Pyodide) a sandbox is a Web Worker with a Pyodide of its own (``browser.WorkerSandbox``):
  a move not answered in time ends the worker, and a fresh one plays on.
- Where the kernel cannot wait for a worker (a browser without JavaScript Promise Integration), an
  entrant plays in the notebook's own Python (``InProcessSandbox``), made fresh from its file and given
  a deep copy of the view: the answer is judged the same way, but a move cannot be stopped halfway,
  and the code could reach the notebook.

``sandbox_for(entry)`` picks the one that fits where Python runs.
"""

import pickle
import sys
import time

from ..messages import tr
from .judging import GRACE, OutOfTime, judge


def in_browser():
    return sys.platform == "emscripten"


def entry_of(agent, name, game, options):
    """What an entrant's sandbox is given: ``{"name", "kind", "payload"}``, from a loaded file as it was
    read, else as ``games.save_agent`` would write it (an agent that cannot be a file is refused)."""
    from ..agent_kinds import describe
    header, payload = getattr(agent, "agent_file", None), getattr(agent, "agent_payload", None)
    if isinstance(header, dict) and isinstance(payload, bytes):
        return {"name": name, "kind": header["kind"], "payload": payload}
    kind, payload, _, _ = describe(agent, game, options)
    return {"name": name, "kind": kind, "payload": payload}


class InProcessSandbox:
    """An entrant in the notebook's own Python (the browser, for now): made from its file, given a copy."""

    def __init__(self, entry):
        from .player import Player, error_text
        try:
            self.player, self.broken = Player(entry), None
        except Exception as error:  # noqa: BLE001 - a file that does not build loses its games, with the reason
            self.player, self.broken = None, error_text(error)

    def move(self, view, words, time_limit):
        if self.broken is not None:
            return "raised", self.broken
        view = pickle.loads(pickle.dumps(view))  # nothing shared with the real game (rule tables, say)
        start = time.perf_counter()
        answer = self.player.move(view, words)
        return judge(answer, time.perf_counter() - start, time_limit)

    def stop(self):
        pass


_warned = []  # the note on a browser without worker sandboxes is printed once


def sandbox_for(entry, unsafe_without_room=False):
    """A sandbox for ``entry`` where Python runs: a process in a locked room on CPython, a Web Worker in the
    browser (where the kernel can wait for one: Chromium), else the notebook's own Python.

    On CPython without a room (no bubblewrap), a ``BadOptionError`` says so, unless ``unsafe_without_room``:
    then the entrant runs in a process of its own, outside any room."""
    if in_browser():
        from . import browser
        if browser.available():
            return browser.WorkerSandbox(entry)
        if not _warned:
            _warned.append(True)
            print(tr(en="Note: this browser cannot stop a move halfway, so the entrants play in this notebook's own "
                        "Python (their answers are judged the same way). Use Chrome, Edge or Chromium for a tournament "
                        "in which each entrant plays in a sandbox of its own.",
                     ja="注意: このブラウザーでは手の途中で止められないので、参加者はこのノートブックの Python の中で"
                        "対局します（答えの判定は同じです）。参加者をそれぞれ切り離して対局させるには、Chrome・Edge・"
                        "Chromium を使ってください。"))
        return InProcessSandbox(entry)
    from . import room
    from .process import ProcessSandbox
    problem = room.problem()
    if problem is not None and not unsafe_without_room:
        from ..errors import BadOptionError
        raise BadOptionError(tr(
            en="No locked room for the entrants on this computer ({problem}): install bubblewrap (apt-get install "
               "bubblewrap) and run again, or, only if you trust every entrant's code with your files and network, "
               "pass unsafe_without_room=True.",
            ja="このコンピューターでは参加者を閉じ込める部屋を作れません（{problem}）。bubblewrap を入れて"
               "（apt-get install bubblewrap）もう一度実行するか、全員のコードにあなたのファイルとネットワークを"
               "任せてよい場合に限り unsafe_without_room=True を渡してください。",
            problem=problem))
    return ProcessSandbox(entry, in_room=problem is None)


def cannot_be_an_entrant(name, error):
    """The error for an agent that cannot be handed to a sandbox (it could not be saved as a file either)."""
    from ..errors import BadOptionError
    return BadOptionError(tr(en="The entrant {name} cannot play in a sandbox of its own: {error}",
                             ja="参加者 {name} は、切り離された場所（サンドボックス）で対局できません: {error}",
                             name=name, error=error))


__all__ = ["GRACE", "InProcessSandbox", "OutOfTime", "judge", "cannot_be_an_entrant", "entry_of", "in_browser",
           "sandbox_for"]
