"""Every notebook in content/ runs in the built site, in headless Chromium, with the real Pyodide kernel.

Each notebook is opened by its link on the start page (the course map), in the Notebook UI of
the site served on 127.0.0.1, so every link of the map is tried; the test waits
for the kernel, runs every code cell in order, and fails on an error output, on text written
to stderr, on a failed request and on any request to another origin.

One site build, one server and one browser serve the whole session. Starting a kernel is
the slow part (Python starts and imports IPython), so the notebooks run in two browser
contexts ("lanes"): one notebook's kernel starts while the other's cells run. In each lane
Pyodide comes from the browser's cache after the first notebook, as it does for a student
opening the next lesson. A JSON report per notebook (kernel-ready seconds, seconds per cell)
goes to _build/browser-reports/.
"""

import json
import os

import pytest

from bench.site_browser import run_notebooks, start_page_links, write_report
from conftest import CONTENT, content_notebooks

pytestmark = pytest.mark.browser
LANES = int(os.environ.get("BROWSER_TEST_LANES", "2"))


@pytest.fixture(scope="module")
def reports(request, browser, site_url):
    """The report of every selected notebook (all, unless -k chose some), run once."""
    selected = [item.callspec.params["notebook"] for item in request.session.items
                if item.module is request.module and hasattr(item, "callspec")]
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
    assert len(report["cells"]) == len(code_cells), "not every code cell ran"
    assert not report["failed_requests"], "failed requests:\n" + "\n".join(report["failed_requests"])
    assert not report["external_requests"], \
        "requests to other origins:\n" + "\n".join(report["external_requests"])
