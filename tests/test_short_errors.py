"""A ``games`` error shows short in a notebook: the student's line and the message, in at most 8 lines.

The unit tests call the hook IPython calls (``_render_traceback_``); the kernel test runs
cells in a real ipykernel, as a student's notebook does (the browser test does the same in
the site's Pyodide kernel).
"""

import linecache
import os
import re

import nbclient
import nbformat
import pytest

import games
from conftest import ROOT
from games.errors import IllegalActionError

MOST_LINES = 8
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def plain(lines):
    """The lines as a student reads them: colours gone, joined lines split."""
    return ANSI.sub("", "\n".join(lines)).splitlines()


def run_as_cell(source, number=7):
    """Run ``source`` as IPython runs cell In[number] (the file name IPython gives it); return the error."""
    filename = f"<ipython-input-{number}-0123456789ab>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    try:
        exec(compile(source, filename, "exec"), {"games": games})
    except games.GamesError as error:
        assert hasattr(error, "_render_traceback_"), "as it happens, IPython finds the hook"
        return error, error._render_traceback_()
    finally:
        del linecache.cache[filename]
    raise AssertionError("the cell raised no games error")


@pytest.fixture(autouse=True)
def short_errors():
    games.debug(False)
    yield
    games.debug(False)


def test_an_illegal_move_shows_the_students_line_and_the_message():
    _, lines = run_as_cell("env = games.make('tictactoe')\nenv.step(4)\nenv.step(4)\n")
    shown = plain(lines)
    assert len(shown) <= MOST_LINES
    assert shown[0] == "Cell In[7], line 3"
    assert shown[1] == "----> 3 env.step(4)"
    assert shown[2] == ("IllegalActionError: Square 4 is already taken by X. "
                        "Legal actions now: [0, 1, 2, 3, 5, 6, 7, 8].")
    assert "%tb" in shown[3] and "games.debug(True)" in shown[3]
    assert not any("games/" in line or "base.py" in line for line in shown)


def test_the_short_form_is_in_the_students_language():
    games.set_language("ja")
    _, lines = run_as_cell("env = games.make('tictactoe')\nenv.step(4)\nenv.step(4)\n", number=2)
    shown = plain(lines)
    assert shown[0] == "セル In[2] の 3 行目"
    assert "マス 4 にはもう X が置かれています。" in shown[2]
    assert "%tb" in shown[3]


def test_an_error_inside_the_students_own_function_points_at_that_function():
    # The student's agent, defined in the cell, makes the illegal move inside the game.
    source = ("def agent(view):\n"
              "    view.step(0)\n"
              "    return view.step(0)\n"
              "env = games.make('tictactoe', opponent=agent)\n"
              "env.step(4)\n")
    _, lines = run_as_cell(source)
    assert plain(lines)[:2] == ["Cell In[7], line 3", "----> 3 return view.step(0)"]


def test_outside_a_notebook_the_last_line_outside_games_is_shown():
    env = games.make("tictactoe")
    env.step(4)
    try:
        env.step(4)
    except IllegalActionError as error:
        shown = plain(error._render_traceback_())
    assert shown[0].startswith("File ") and "test_short_errors.py, line " in shown[0]
    assert shown[1].endswith(" env.step(4)")


def test_full_traceback_when_asked_again_or_in_debug_mode():
    error, _ = run_as_cell("games.make('tictactoe', illegal='maybe')\n")
    assert isinstance(error, games.BadOptionError)
    # Later (%tb in another cell) no error is being handled: IPython's own full traceback.
    assert not hasattr(error, "_render_traceback_")
    games.debug(True)
    try:
        games.make("tictactoe").step(9)
    except IllegalActionError as error:
        assert not hasattr(error, "_render_traceback_")


def test_pythons_own_errors_are_unchanged():
    assert not hasattr(ValueError("x"), "_render_traceback_")


# ---------------------------------------------------------------- in a real kernel

def run_cells(sources, monkeypatch):
    """Run the cells in a real ipykernel (as a notebook runs); returns each cell's error output or None."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in sources]
    nbclient.NotebookClient(nb, kernel_name="python3", timeout=120, allow_errors=True).execute()
    return [next((o for o in cell.outputs if o.output_type == "error"), None) for cell in nb.cells]


def test_in_a_real_kernel_an_illegal_move_takes_at_most_8_lines(monkeypatch):
    illegal, full, in_debug, numpy_error = run_cells([
        "import games\nenv = games.make('tictactoe')\nenv.step(4)\nenv.step(4)",
        "%tb",
        "games.debug(True)\nenv.step(4)",
        "import numpy\nnumpy.zeros(3).reshape(2)",
    ], monkeypatch)

    shown = plain(illegal.traceback)
    assert len(shown) <= MOST_LINES, "\n".join(shown)
    assert "Square 4 is already taken by X. Legal actions now: [0, 1, 2, 3, 5, 6, 7, 8]." in shown[-2]
    assert shown[:2] == ["Cell In[1], line 4", "----> 4 env.step(4)"]

    for long_form in (full, in_debug):
        lines = plain(long_form.traceback)
        assert len(lines) > MOST_LINES and "Traceback (most recent call last)" in lines[1]
        assert any("games/envs/base.py" in line for line in lines)
        assert lines[-1].startswith("IllegalActionError: Square 4 is already taken by X.")

    assert "Traceback (most recent call last)" in plain(numpy_error.traceback)[1]
