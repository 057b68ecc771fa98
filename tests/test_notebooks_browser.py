"""Every notebook in content/ runs in the built site, in headless Chromium, with the real Pyodide kernel.

Each notebook is opened by its link on the start page (the course map), in the Notebook UI of
the site served on 127.0.0.1, so every link of the map is tried; the test waits for the kernel
and runs the lesson as a student does, with Run All from the menus in the lesson's language
(Run → Run All Cells, 実行 → すべてのセルを実行). It fails when the run stops before the last
code cell, on an error output, on text written to stderr, on a failed request and on any
request to another origin. A cell tagged "raises-exception" shows an error on purpose (the
student learns to read one): it must show Python's own, and the run must go on past it.

One site build, one server and one browser serve the whole session. Starting a kernel is
the slow part (Python starts and imports IPython), so the notebooks run in two browser
contexts ("lanes"): one notebook's kernel starts while the other's cells run. In each lane
Pyodide comes from the browser's cache after the first notebook, as it does for a student
opening the next lesson. A JSON report per notebook (kernel-ready seconds, seconds per cell)
goes to _build/browser-reports/.
"""

import builtins
import json
import os
import re

import pytest

from bench.site_browser import (ALLOWED_ERROR_TAG, lesson_language, new_context, notebook_url, run_all_cells,
                                run_notebooks, start_page_links, wait_for_kernel, write_report)
from conftest import CONTENT, content_notebooks

pytestmark = pytest.mark.browser
LANES = int(os.environ.get("BROWSER_TEST_LANES", "2"))


@pytest.fixture(scope="module")
def reports(request, browser, site_url):
    """The report of every selected notebook (all, unless -k chose some), run once."""
    selected = [item.callspec.params["notebook"] for item in request.session.items
                if item.module is request.module and item.originalname == "test_notebook_runs_in_the_browser"]
    links = start_page_links(browser, site_url)
    reports = run_notebooks(browser, site_url, selected, lanes=LANES, addresses=links)
    for notebook in selected:
        reports[notebook]["opened_from_the_start_page"] = notebook in links
    for report in reports.values():
        write_report(report)
    return reports


@pytest.mark.parametrize("notebook", content_notebooks())
def test_notebook_runs_in_the_browser(reports, notebook):
    report = reports[notebook]
    assert report["opened_from_the_start_page"], f"the start page has no link to {notebook}"
    assert not report["problems"], "\n".join(report["problems"])
    cells = json.loads((CONTENT / notebook).read_text(encoding="utf-8"))["cells"]
    code_cells = [c for c in cells if c["cell_type"] == "code"]
    ran = [cell["index"] for cell in report["cells"]]
    assert len(ran) == len(code_cells), \
        f"Run All stopped: {len(ran)} of {len(code_cells)} code cells ran (the last, cell {ran[-1:]})"
    for cell, ran_cell in zip(code_cells, report["cells"]):
        if ALLOWED_ERROR_TAG in cell["metadata"].get("tags", []):
            assert_shows_pythons_own_error(ran_cell, "".join(cell["source"]))
    assert not report["failed_requests"], "failed requests:\n" + "\n".join(report["failed_requests"])
    assert not report["external_requests"], \
        "requests to other origins:\n" + "\n".join(report["external_requests"])


ANSI_CODES = re.compile(r"\x1b\[[0-9;]*m")


def assert_shows_pythons_own_error(cell, source):
    """The cell shows one error, as Python reports it: a built-in exception, and a traceback that
    shows the cell's code and ends with the exception's name and message."""
    assert len(cell["errors"]) == 1, f"cell {cell['index']} should show one error: {cell['outputs']}"
    error = cell["errors"][0]
    exception = getattr(builtins, error["ename"], None)
    assert isinstance(exception, type) and issubclass(exception, BaseException), error["ename"]
    assert error["evalue"], f"cell {cell['index']}: {error['ename']} without its message"
    lines = ANSI_CODES.sub("", "\n".join(error["traceback"])).splitlines()
    assert lines[-1] == f"{error['ename']}: {error['evalue']}", lines[-3:]
    last_code_line = source.strip().splitlines()[-1].strip()
    assert any(last_code_line in line for line in lines), (last_code_line, lines)


def code_cells_of(notebook):
    cells = json.loads((CONTENT / notebook).read_text(encoding="utf-8"))["cells"]
    return [cell for cell in cells if cell["cell_type"] == "code"]


def lessons_with_an_expected_error():
    return [notebook for notebook in content_notebooks()
            if any(ALLOWED_ERROR_TAG in cell["metadata"].get("tags", []) for cell in code_cells_of(notebook))]


UNTAG_JS = """(tag) => {
    const cell = window.jupyterapp.shell.currentWidget.content.widgets.find(
        cell => (cell.model.getMetadata('tags') || []).includes(tag));
    cell.model.setMetadata('tags', cell.model.getMetadata('tags').filter(t => t !== tag));
    return window.jupyterapp.shell.currentWidget.content.widgets.indexOf(cell);
}"""


@pytest.mark.parametrize("notebook", lessons_with_an_expected_error()[:1])
def test_run_all_still_stops_at_an_error_that_is_not_expected(browser, site_url, notebook):
    """Only the tag lets Run All go on past an error: the same cell untagged stops the run, as in
    JupyterLab (the student sees where to look)."""
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(notebook_url(site_url, notebook))
        wait_for_kernel(page)
        untagged = page.evaluate(UNTAG_JS, ALLOWED_ERROR_TAG)
        results, problems = run_all_cells(page, lesson_language(notebook), len(code_cells_of(notebook)))
    finally:
        context.close()
    assert not problems, problems
    assert [cell["index"] for cell in results][-1] == untagged
    assert [o["output_type"] for o in results[-1]["outputs"]] == ["error"]
