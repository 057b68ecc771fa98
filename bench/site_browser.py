"""The built site, served on this machine and opened in headless Chromium: the helpers that the
browser tests (through tests/conftest.py) and the benchmarks (bench/site_load.py,
bench/agents_pyodide.py) share, so both open notebooks and run cells the same way.

Import it as ``bench.site_browser`` with this checkout's folder on sys.path (pytest from the
checkout's folder has it; a benchmark puts it there first). It uses ``build`` for the server.
"""

import json
import os
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from sitebuild import serve

ROOT = Path(__file__).resolve().parent.parent
REPORTS = ROOT / "_build" / "browser-reports"

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-sync",
    # Any host other than the local server resolves to nothing, so an external request
    # fails loudly here instead of quietly succeeding on a CI machine with internet.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
CELL_TIMEOUT_SECONDS = float(os.environ.get("NOTEBOOK_CELL_TIMEOUT", "600"))
KERNEL_TIMEOUT_SECONDS = 180
ALLOWED_ERROR_TAG = "raises-exception"  # the nbclient convention for a cell meant to fail


def problems_in_outputs(cell_index, outputs, tags=()):
    """Error outputs and stderr text of one cell, as readable lines (empty when all is well)."""
    problems = []
    for output in outputs:
        if output.get("output_type") == "error" and ALLOWED_ERROR_TAG not in tags:
            problems.append(f"cell {cell_index}: {output.get('ename')}: {output.get('evalue')}")
        elif output.get("output_type") == "stream" and output.get("name") == "stderr":
            problems.append(f"cell {cell_index} wrote to stderr: {output.get('text', '')[:300]!r}")
    return problems


# ---------------------------------------------------------------- the site, served

def start_server(folder, compress="br"):
    """Serve ``folder`` on 127.0.0.1 (a free port) in a thread; returns (server, base URL)."""
    server = serve.make_server(folder, 0, compress=compress)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


# ---------------------------------------------------------------- the browser

def launch_chromium(playwright):
    if not Path(CHROMIUM).exists():
        raise RuntimeError(
            f"Chromium is not at {CHROMIUM}. The browser tests need Debian's chromium: "
            f"apt-get install -y chromium (or set CHROMIUM_PATH).")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)


class RequestLog:
    """Every request of a browser context: which failed, and which left the local server."""

    def __init__(self, context, base_url):
        self.origin = origin(base_url)
        self.count = 0
        self.failed, self.external = [], []
        self.listening = True
        context.on("request", self._on_request)
        context.on("requestfailed", self._on_failed)
        context.on("response", self._on_response)

    def restart(self):
        self.failed, self.external = [], []
        self.listening = True

    def _on_request(self, request):
        if not self.listening:
            return
        self.count += 1
        if urlsplit(request.url).scheme in ("http", "https", "ws", "wss") \
                and origin(request.url) != self.origin:
            self.external.append(request.url)

    def _on_failed(self, request):
        if self.listening:
            self.failed.append(f"{request.url} ({request.failure})")

    def _on_response(self, response):
        if self.listening and response.status >= 400:
            self.failed.append(f"{response.url} (HTTP {response.status})")


def origin(url):
    parts = urlsplit(url)
    return f"{parts.scheme.replace('ws', 'http', 1)}://{parts.netloc}"


def notebook_url(base_url, notebook):
    """The Notebook UI page of a notebook (path relative to content/)."""
    return f"{base_url}notebooks/index.html?path={notebook}"


# JavaScript run in the page. `window.jupyterapp` exists because lite/jupyter-lite.json sets
# exposeAppInBrowser; the notebook panel is the app's current widget.
KERNEL_OF_PAGE_JS = """const kernelOfPage = () => {
    const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    const session = panel && panel.sessionContext && panel.sessionContext.session;
    return session && session.kernel;
};"""

# Added to every page of a context: notes when the kernel is first idle (in ms since the
# page was opened), so the time is right even while the test is busy with another page.
KERNEL_WATCH_JS = KERNEL_OF_PAGE_JS + """
const kernelWatch = setInterval(() => {
    const kernel = kernelOfPage();
    if (kernel && kernel.status === 'idle') {
        window.kernelReadyAt = performance.now();
        clearInterval(kernelWatch);
    }
}, 25);"""

KERNEL_STATE_JS = "() => {" + KERNEL_OF_PAGE_JS + """
    const dialog = document.querySelector('.jp-Dialog');
    if (dialog) return 'dialog: ' + dialog.innerText.slice(0, 300);
    if (window.kernelReadyAt !== undefined) return 'ready';
    const kernel = kernelOfPage();
    return kernel ? kernel.status : 'no kernel yet';
}"""

# Adds a code cell at the end of the open notebook; returns its index (for run_cell).
ADD_CELL_JS = """(source) => {
    const model = window.jupyterapp.shell.currentWidget.content.model;
    model.sharedModel.insertCell(model.cells.length, {cell_type: 'code', source});
    return model.cells.length - 1;
}"""

CELLS_JS = """() => window.jupyterapp.shell.currentWidget.content.widgets.map(
    (cell, index) => ({index, type: cell.model.type, tags: cell.model.getMetadata('tags') || [],
                       source: cell.model.sharedModel.getSource()}))"""

RUN_CELL_JS = """async ([index, timeoutMs]) => {
    const app = window.jupyterapp;
    const notebook = app.shell.currentWidget.content;
    notebook.activeCellIndex = index;
    const start = performance.now();
    const timeout = new Promise(resolve => setTimeout(() => resolve('timeout'), timeoutMs));
    const outcome = await Promise.race([app.commands.execute('notebook:run-cell'), timeout]);
    const cell = notebook.widgets[index];
    return {
        seconds: (performance.now() - start) / 1000,
        endedAt: performance.now(),
        timedOut: outcome === 'timeout',
        executionCount: cell.model.executionCount,
        outputs: cell.model.outputs.toJSON(),
    };
}"""


def new_context(browser):
    context = browser.new_context()
    context.add_init_script(KERNEL_WATCH_JS)
    return context


def wait_for_kernel(page, timeout=KERNEL_TIMEOUT_SECONDS):
    """Wait until the notebook's kernel is idle; returns the seconds it took since the page opened."""
    deadline = time.monotonic() + timeout
    state = None
    while time.monotonic() < deadline:
        state = page.evaluate(KERNEL_STATE_JS)
        if state == "ready":
            return page.evaluate("window.kernelReadyAt") / 1000
        if state.startswith("dialog:") or state == "dead":
            break
        page.wait_for_timeout(50)
    raise AssertionError(f"the kernel did not become ready (last state: {state!r})")


def run_cell(page, index, timeout=CELL_TIMEOUT_SECONDS):
    return page.evaluate(RUN_CELL_JS, [index, timeout * 1000])


class Lane:
    """A browser context that runs one notebook at a time, in the Notebook UI of the site.

    open() starts the notebook (its kernel starts in the browser by itself); finish() waits
    for the kernel, runs every code cell in order and returns the report. With two lanes,
    one notebook's kernel starts while the other's cells run.
    """

    def __init__(self, browser, base_url):
        self.base_url = base_url
        self.context = new_context(browser)
        self.log = RequestLog(self.context, base_url)
        self.page = self.notebook = None

    def open(self, notebook, address=None):
        self.notebook = notebook
        self.log.restart()
        self.page = self.context.new_page()
        self.page_errors = []
        self.page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        self.opened = time.monotonic()
        self.page.goto(address or notebook_url(self.base_url, notebook))

    def finish(self):
        report = {"notebook": self.notebook, "kernel_ready_seconds": None, "cells": [],
                  "problems": []}
        try:
            report["kernel_ready_seconds"] = round(wait_for_kernel(self.page), 3)
            for cell in self.page.evaluate(CELLS_JS):
                if cell["type"] == "code":
                    report["cells"].append(self._run(cell, report["problems"]))
        except Exception as error:  # this notebook fails (a dead kernel, a crashed page); the rest run
            report["problems"].append(f"{type(error).__name__}: {error}")
        finally:
            self.log.listening = False  # closing the page cuts off requests: no failure
            if not self.page.is_closed():
                self.page.close()
        report["problems"] += [f"JavaScript error in the page: {e}" for e in self.page_errors]
        report["cells_seconds"] = round(sum(c["seconds"] for c in report["cells"]), 3)
        report["total_seconds"] = round(time.monotonic() - self.opened, 3)
        report["failed_requests"] = self.log.failed
        report["external_requests"] = self.log.external
        self.notebook = None
        return report

    def _run(self, cell, problems):
        result = run_cell(self.page, cell["index"])
        if result["timedOut"]:
            problems.append(f"cell {cell['index']} did not finish in {CELL_TIMEOUT_SECONDS:.0f} s")
        problems += problems_in_outputs(cell["index"], result["outputs"], cell["tags"])
        return {"index": cell["index"], "seconds": round(result["seconds"], 3),
                "execution_count": result["executionCount"],
                "outputs": [o["output_type"] for o in result["outputs"]]}

    def close(self):
        self.context.close()


def run_notebooks(browser, base_url, notebooks, lanes=2, addresses=None):
    """Run every notebook, ``lanes`` at a time; returns {notebook: report}. ``addresses`` maps
    a notebook to the URL that opens it (default: its Notebook UI page)."""
    addresses = addresses or {}
    waiting = list(notebooks)
    lanes = [Lane(browser, base_url) for _ in range(max(1, min(lanes, len(waiting))))]
    for lane in lanes:
        notebook = waiting.pop(0)
        lane.open(notebook, addresses.get(notebook))
    reports = {}
    while any(lane.notebook for lane in lanes):
        for lane in lanes:
            if lane.notebook:
                report = lane.finish()
                reports[report["notebook"]] = report
                if waiting:
                    notebook = waiting.pop(0)
                    lane.open(notebook, addresses.get(notebook))
    for lane in lanes:
        lane.close()
    return reports


def start_page_links(browser, base_url):
    """{notebook: URL} of every lesson link on the start pages /en/ and /ja/, as a student's
    browser resolves them."""
    context = browser.new_context()
    page = context.new_page()
    links = {}
    try:
        for language in ("en", "ja"):
            page.goto(f"{base_url}{language}/")
            for path, href in page.eval_on_selector_all(
                    "a.lesson", "links => links.map(a => [a.dataset.path, a.href])"):
                links[path] = href
    finally:
        context.close()
    return links


def write_report(report, folder=REPORTS):
    folder.mkdir(parents=True, exist_ok=True)
    name = report["notebook"].replace("/", "__").removesuffix(".ipynb") + ".json"
    (folder / name).write_text(json.dumps(report, indent=1, ensure_ascii=False))
    return folder / name
