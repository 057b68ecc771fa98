"""Each entrant of a class tournament plays in a sandbox of its own (issue 32).

The referee (the game, the clock, the records, the standings: ``games.round_robin``) lives where no
entrant's code runs. An entrant's sandbox is given data only: its file (``entry``: the kind and payload
that ``games.save_agent`` writes) once, then per move the player's view of the game
(``env.player_view``: no hidden state, a generator of its own) and answers with an action. Its
code cannot reach the referee, the real game or another entrant: no frame, object or module is shared.

- On CPython a sandbox is a process (``process.ProcessSandbox``): a move not answered within the time
  limit ends it, as does a crash or the memory cap; the move is lost and a fresh process plays on.
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

#: Seconds the referee waits beyond the time limit before it stops a move: the trip of the position and the
#: answer between the referee and the sandbox (well under a millisecond, but a busy computer can pause a
#: process). A move is judged by its own time, measured in the sandbox; one not answered by then is slow.
GRACE = 0.25


def judge(answer, waited, time_limit):
    """``("move", action)`` or ``(reason, detail)`` of a sandbox's answer (a dict of JSON, or None when none
    came). ``waited``: the seconds the referee waited for it."""
    if answer is None:
        if time_limit is not None and waited >= time_limit:
            return "slow", f"{waited:.2f} s"
        return "raised", "the sandbox stopped"
    seconds = answer.get("seconds")
    seconds = seconds if type(seconds) is float and 0 <= seconds <= waited else waited
    if time_limit is not None and seconds > time_limit:
        return "slow", f"{seconds:.2f} s"
    action = answer.get("action")
    if type(action) is int:
        return "move", action
    for reason in ("illegal", "raised"):
        if isinstance(answer.get(reason), str):
            return reason, answer[reason][:300]
    return "raised", "the sandbox answered nonsense"


def in_browser():
    return sys.platform == "emscripten"


def entry_of(agent, name, game, options):
    """What an entrant's sandbox is given: ``{"name", "kind", "payload"}``, from a loaded file as it was
    read, else as ``games.save_agent`` would write it (an agent that cannot be a file is refused)."""
    from .. import agent_files
    header, payload = getattr(agent, "agent_file", None), getattr(agent, "agent_payload", None)
    if isinstance(header, dict) and isinstance(payload, bytes):
        return {"name": name, "kind": header["kind"], "payload": payload}
    kind, payload, _, _ = agent_files._describe(agent, game, options)
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


def sandbox_for(entry):
    """A sandbox for ``entry`` where Python runs: a process on CPython, a Web Worker in the browser (where the
    kernel can wait for one: Chromium), else the notebook's own Python."""
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
    from .process import ProcessSandbox
    return ProcessSandbox(entry)


def cannot_be_an_entrant(name, error):
    """The error for an agent that cannot be handed to a sandbox (it could not be saved as a file either)."""
    from ..errors import BadOptionError
    return BadOptionError(tr(en="The entrant {name} cannot play in a sandbox of its own: {error}",
                             ja="参加者 {name} は、切り離された場所（サンドボックス）で対局できません: {error}",
                             name=name, error=error))


__all__ = ["GRACE", "InProcessSandbox", "judge", "cannot_be_an_entrant", "entry_of", "in_browser", "sandbox_for"]
