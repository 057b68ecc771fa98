"""What a student has done in the course: lessons opened, checks passed and failed, hints and
solutions shown, trained agents' results, and the learning cycle's plan, answers and reflection.
The course map and the teacher's class view read it.

It stays in the student's browser. In the site (Pyodide) every event goes to the browser's
IndexedDB through ``course_progress.js``, the same file the site's pages use to read it; on
plain Python (tests, a teacher's laptop) events are only kept in memory: ``events()``.

The kinds of event (``detail`` is text; for the learning cycle, JSON):

- ``opened``, ``solution``, ``hint`` (detail: the hint's number), ``result``;
- ``passed``: a check that passed; detail ``{"code": "<fingerprint>"}`` (the latest);
- ``failed``: a check that did not pass; detail ``{"failed": 2, "cases": 5, "code": "<fingerprint>"}``
  (``"2/5"`` in work files made before the fingerprint). Every failure is kept (``each=True``), so the
  class view can count the tries on different code (``games.checks.exercise_book.code_fingerprint``);
- ``plan``: detail ``{"goal": "<objective>", "minutes": 30}`` (the latest counts);
- ``answer``: name the question, detail ``{"answer": "B", "right": true, "before_run": true}`` (the FIRST
  counts). ``before_run``: no other cell ran between showing the question and answering it (IPython's cell
  count says so); missing where no IPython counted (and in work files made before it): unknown;
- ``reflect``: detail ``{"ratings": ["can", "nearly", "not_yet"], "line": "..."}`` (the latest counts).

The time on a lesson is read from these: from its ``opened`` event to its last exercise passed.
"""

import json
import sys
from importlib import resources

from .messages import get_language

_memory = []
_browser = {}  # the JavaScript store, once loaded


def lesson_id(lesson):
    """``"10_tictactoe_1_env.ipynb"`` -> ``"en/10_tictactoe_1_env.ipynb"`` (the lesson in the student's language)."""
    return f"{get_language()}/{lesson}"


def note(lesson, kind, name="", detail="", each=False):
    """Record that ``kind`` ("passed", "failed", "plan", ...) happened now. ``detail``: text, or
    a dict (kept as JSON). ``each``: keep every time it happens, not only the first and the latest."""
    if not isinstance(detail, str):
        detail = json.dumps(detail, ensure_ascii=False)
    event = {"lesson": lesson, "kind": kind, "name": name, "detail": detail}
    _memory.append(event)
    if sys.platform == "emscripten":
        try:
            _store().note(lesson, kind, name, detail, each)
        except Exception:  # progress is a help: it must never make a student's cell fail
            pass


def events(kind=None):
    """The events recorded by this Python (newest last); only those of ``kind`` if given."""
    return [event for event in _memory if kind is None or event["kind"] == kind]


def _store():
    if "store" not in _browser:
        from pyodide.code import run_js  # only in Pyodide
        source = resources.files(__package__).joinpath("course_progress.js").read_text(encoding="utf-8")
        _browser["store"] = run_js(source + "\nglobalThis.gameAiLabProgress;")
    return _browser["store"]
