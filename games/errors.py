"""The errors a student can meet. Each says what was wrong and what is allowed.

In a notebook a ``GamesError`` is shown short: the student's own line and the message,
not the traceback through ``games`` (IPython calls ``_render_traceback_`` when an
exception has one). ``%tb`` in the next cell shows the full traceback of the last error,
and ``games.debug(True)`` shows every error in full.
"""

import linecache
import sys

from .messages import tr

_settings = {"debug": False}

# IPython's own colours (ultratb): red error name, green arrow and line number, grey hint.
RED, GREEN, GREY, RESET = "\x1b[0;31m", "\x1b[0;32m", "\x1b[0;90m", "\x1b[0m"


def debug(on=True):
    """``games.debug(True)``: show the full traceback of every ``games`` error; ``False``: short again."""
    _settings["debug"] = bool(on)


class GamesError(Exception):
    """Base class of every error raised on purpose by ``games``."""

    @property
    def _render_traceback_(self):
        # IPython looks this hook up with hasattr(): "no such attribute" gives its usual full traceback.
        if _settings["debug"] or sys.exc_info()[1] is not self:  # not as it happens: %tb asks again
            raise AttributeError("_render_traceback_")
        return self._short_traceback

    def _short_traceback(self):
        """The lines IPython shows: the student's line, the error and its message, and a hint."""
        lines = []
        where = _students_frame(self.__traceback__)
        if where is not None:
            filename, lineno = where
            code = linecache.getline(filename, lineno).strip()
            lines.append(_place_name(filename, lineno))
            if code:
                lines.append(f"{GREEN}----> {lineno}{RESET} {code}")
        lines.append(f"{RED}{type(self).__name__}{RESET}: {self}")
        lines.append(GREY + tr(
            en="(The full traceback: %tb in a new cell. For every error: games.debug(True).)",
            ja="（全体のトレースバックは新しいセルで %tb。毎回表示するには games.debug(True)）") + RESET)
        return lines


def _students_frame(traceback):
    """(file name, line number) of the student's line that led to the error, or None.

    That is the last notebook cell on the way to the error; without one (a script, a module
    of the student's), the last frame outside ``games``.
    """
    frames = []
    while traceback is not None:
        frame = traceback.tb_frame
        frames.append((frame.f_code.co_filename, traceback.tb_lineno, frame.f_globals.get("__name__", "")))
        traceback = traceback.tb_next
    outside = [frame for frame in frames if not _in_games(frame[2])]
    cells = [frame for frame in outside if _cell_number(frame[0]) is not None]
    if not outside:
        return None
    filename, lineno, _ = (cells or outside)[-1]
    return filename, lineno


def _in_games(module_name):
    return module_name == "games" or module_name.startswith("games.")


def _cell_number(filename):
    """The ``In[n]`` number of a notebook cell's file name, or None for any other file."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    # IPython names each cell's code (a temporary file path in ipykernel, <ipython-input-...>
    # in plain IPython) and keeps the number it ran as: its own tracebacks say "Cell In[n]".
    numbers = getattr(getattr(shell, "compile", None), "_filename_map", {})
    if filename in numbers:
        return numbers[filename]
    if filename.startswith("<ipython-input-"):  # <ipython-input-5-...>: older IPython
        return filename.split("-")[2]
    return None


def _place_name(filename, lineno):
    number = _cell_number(filename)
    if number is None:
        return tr(en="File {file}, line {line}", ja="ファイル {file} の {line} 行目", file=filename, line=lineno)
    return tr(en="Cell In[{n}], line {line}", ja="セル In[{n}] の {line} 行目", n=number, line=lineno)


class IllegalActionError(GamesError, ValueError):
    """An action that the rules do not allow now (the state is left unchanged)."""


class ActionTypeError(IllegalActionError, TypeError):
    """An action of the wrong type, such as ``"3"`` or ``2.5`` instead of ``3``."""


class GameOverError(GamesError, RuntimeError):
    """``step`` was called after the game ended: call ``reset()`` first."""


class BadOptionError(GamesError, ValueError):
    """An option of ``games.make`` (or of an agent) that is unknown or out of range."""


class AgentFileError(GamesError, ValueError):
    """An agent file (``games.save_agent`` / ``games.load_agent``) that cannot be written or read:
    a function that cannot stand alone, a damaged file, a file for another game."""
