"""In the built site (headless Chromium, the Pyodide kernel), an illegal move's error is at most 8 lines.

The cells are added to an opened lesson and run as a student runs them; the test reads both
the error output the kernel sent and the text the page shows under the cell.
"""

import re

import pytest

from bench.site_browser import ADD_CELL_JS, new_context, notebook_url, run_cell, wait_for_kernel

pytestmark = pytest.mark.browser
MOST_LINES = 8
ANSI = re.compile(r"\x1b\[[0-9;]*m")

SHOWN_TEXT_JS = """(index) => {
    const cell = window.jupyterapp.shell.currentWidget.content.widgets[index];
    return cell.node.querySelector('.jp-OutputArea').innerText;
}"""


def run_new_cell(page, source):
    """Add a code cell at the end of the notebook, run it; returns (its error output, the text shown)."""
    index = page.evaluate(ADD_CELL_JS, source)
    result = run_cell(page, index, timeout=120)
    errors = [output for output in result["outputs"] if output["output_type"] == "error"]
    assert len(errors) == 1, f"expected one error output, got {result['outputs']}"
    return errors[0], page.evaluate(SHOWN_TEXT_JS, index)


def lines_of(error):
    return ANSI.sub("", "\n".join(error["traceback"])).splitlines()


def test_an_illegal_move_shows_at_most_8_lines_in_the_site(browser, site_url):
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(notebook_url(site_url, "en/00_welcome.ipynb"))
        wait_for_kernel(page)

        error, shown = run_new_cell(page, "import games\nenv = games.make('tictactoe')\nenv.step(4)\nenv.step(4)")
        lines = lines_of(error)
        assert len(lines) <= MOST_LINES, "\n".join(lines)
        assert "Square 4 is already taken by X. Legal actions now: [0, 1, 2, 3, 5, 6, 7, 8]." in "\n".join(lines)
        assert "env.step(4)" in lines[1]
        shown_lines = [line for line in shown.splitlines() if line.strip()]
        assert len(shown_lines) <= MOST_LINES, shown
        assert "Square 4 is already taken by X." in shown

        error, _ = run_new_cell(page, "games.debug(True)\nenv.step(4)")
        lines = lines_of(error)
        assert len(lines) > MOST_LINES and "Traceback (most recent call last)" in "\n".join(lines)
        assert lines[-1].startswith("IllegalActionError: Square 4 is already taken by X.")
    finally:
        context.close()
