"""What a student has done in the course: lessons opened, checks passed, hints and solutions
shown, trained agents' results. The course map of the site reads it to show each lesson as
not started, started or done.

It stays in the student's browser. In the site (Pyodide) every event goes to the browser's
IndexedDB through ``course_progress.js``, the same file the site's pages use to read it; on
plain Python (tests, a teacher's laptop) events are only kept in memory: ``events()``.
"""

import sys
from importlib import resources

from .messages import get_language

_memory = []
_browser = {}  # the JavaScript store, once loaded


def lesson_id(lesson):
    """``"10_tictactoe_1_env.ipynb"`` -> ``"en/10_tictactoe_1_env.ipynb"`` (the lesson in the student's language)."""
    return f"{get_language()}/{lesson}"


def note(lesson, kind, name="", detail=""):
    """Record that ``kind`` ("passed", "solution", "hint", "result", ...) happened now."""
    event = {"lesson": lesson, "kind": kind, "name": name, "detail": detail}
    _memory.append(event)
    if sys.platform == "emscripten":
        try:
            _store().note(lesson, kind, name, detail)
        except Exception:  # progress is a help: it must never make a student's cell fail
            pass


def events():
    """The events recorded by this Python (newest last)."""
    return list(_memory)


def _store():
    if "store" not in _browser:
        from pyodide.code import run_js  # only in Pyodide
        source = resources.files(__package__).joinpath("course_progress.js").read_text(encoding="utf-8")
        _browser["store"] = run_js(source + "\nglobalThis.gameAiLabProgress;")
    return _browser["store"]
