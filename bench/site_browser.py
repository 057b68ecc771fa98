"""The built site, served on this machine and opened in headless Chromium: the helpers that the
browser tests (through tests/conftest.py) and the benchmarks (bench/site_load.py,
bench/agents_pyodide.py) share, so both open notebooks and run cells the same way.

Import it as ``bench.site_browser`` with this checkout's folder on sys.path (pytest from the
checkout's folder has it; a benchmark puts it there first). It uses ``build`` for the server.
"""

import json
import os
import re
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
# Run All has stopped when cells are left unanswered and the kernel has been idle this long
# (between two cells of a run it is idle for a few milliseconds only).
STOPPED_AFTER_IDLE_SECONDS = 2.0
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


# How a student runs a whole lesson: the menu bar's Run menu, then Run All Cells, in the lesson's
# language (the site shows JupyterLab's menus in it: lite/interface-language.html).
RUN_ALL_MENU = {"en": ("Run", "Run All Cells"), "ja": ("実行", "すべてのセルを実行")}

# Notes every execute request the page sends, and when the kernel starts and answers each
# (by the request's id), so that a run started from the menus is timed cell by cell.
WATCH_RUN_JS = "() => {" + KERNEL_OF_PAGE_JS + """
    const kernel = kernelOfPage();
    const run = window.runWatch = {sent: [], started: {}, counts: {}, answered: {},
                                   status: kernel.status, statusAt: performance.now()};
    kernel.anyMessage.connect((_, {msg, direction}) => {
        const type = msg.header.msg_type, request = msg.parent_header && msg.parent_header.msg_id;
        if (direction === 'send' && type === 'execute_request') run.sent.push(msg.header.msg_id);
        if (direction !== 'recv') return;
        if (type === 'execute_input') {
            run.started[request] = performance.now();
            run.counts[request] = msg.content.execution_count;
        } else if (type === 'execute_reply') {
            run.answered[request] = performance.now();
        }
    });
    kernel.statusChanged.connect((_, status) => { run.status = status; run.statusAt = performance.now(); });
}"""

CLICKING_JS = "() => { window.runWatch.clickedAt = window.runWatch.statusAt = performance.now(); }"

RUN_STATE_JS = """() => {
    const run = window.runWatch, now = performance.now();
    const answered = Object.values(run.answered);
    return {sent: run.sent.length, answered: answered.length, dead: run.status === 'dead',
            secondsSinceAnswer: (now - Math.max(run.clickedAt, ...answered)) / 1000,
            idleSeconds: run.status === 'idle' ? (now - run.statusAt) / 1000 : 0};
}"""

# Every code cell after the run: its execution count, outputs, and seconds from the kernel's
# start of it to its answer.
RUN_RESULTS_JS = """() => {
    const run = window.runWatch, seconds = {};
    for (const request of Object.keys(run.counts)) {
        if (run.answered[request] !== undefined)
            seconds[run.counts[request]] = (run.answered[request] - run.started[request]) / 1000;
    }
    return window.jupyterapp.shell.currentWidget.content.widgets.map((cell, index) => ({
        index, type: cell.model.type,
        executionCount: cell.model.type === 'code' ? cell.model.executionCount : null,
        seconds: cell.model.type === 'code' ? seconds[cell.model.executionCount] : undefined,
        outputs: cell.model.type === 'code' ? cell.model.outputs.toJSON() : []}))
        .filter(cell => cell.type === 'code');
}"""


def lesson_language(notebook):
    """The language of a lesson (path relative to content/): its folder's."""
    return "ja" if notebook.split("/")[0] == "ja" else "en"


def run_all_from_the_menus(page, language):
    """Click Run → Run All Cells (実行 → すべてのセルを実行), as a student does."""
    menu, item = RUN_ALL_MENU[language]
    page.locator(".lm-MenuBar-item").filter(
        has=page.locator(".lm-MenuBar-itemLabel", has_text=exactly(menu))).click()
    page.locator(".lm-Menu-item").filter(
        has=page.locator(".lm-Menu-itemLabel", has_text=exactly(item))).click()


def exactly(text):
    return re.compile(f"^{re.escape(text)}$")


def run_all_cells(page, language, code_cells, timeout=CELL_TIMEOUT_SECONDS):
    """Run the open notebook with Run All from the menus and wait until the kernel has answered
    every one of its ``code_cells``, or the run has stopped. Returns (code cells' results,
    problems): a result per cell that ran (index, execution_count, seconds, outputs)."""
    page.evaluate(WATCH_RUN_JS)
    page.evaluate(CLICKING_JS)
    run_all_from_the_menus(page, language)
    problems = []
    while True:
        state = page.evaluate(RUN_STATE_JS)
        if state["answered"] >= code_cells:
            break
        if state["idleSeconds"] >= STOPPED_AFTER_IDLE_SECONDS:  # the rest is not coming
            if not state["sent"]:
                problems.append("Run All from the menus sent no cell to the kernel")
            break  # Run All stopped: the test says after which cell
        if state["dead"]:
            problems.append(f"the kernel died after {state['answered']} of {code_cells} code cells")
            break
        if state["secondsSinceAnswer"] > timeout:
            problems.append(f"a cell did not finish in {timeout:.0f} s (the kernel had answered "
                            f"{state['answered']} of {code_cells} code cells)")
            break
        page.wait_for_timeout(100)
    results = [cell for cell in page.evaluate(RUN_RESULTS_JS) if cell["executionCount"] is not None]
    return results, problems


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
    for the kernel, runs the whole notebook as a student does (Run All from the menus, in the
    lesson's language) and returns the report. With two lanes,
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
            cells = {cell["index"]: cell for cell in self.page.evaluate(CELLS_JS)}
            code_cells = sum(cell["type"] == "code" for cell in cells.values())
            results, report["problems"] = run_all_cells(
                self.page, lesson_language(self.notebook), code_cells)
            for result in results:
                report["cells"].append(self._report(cells[result["index"]], result, report["problems"]))
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

    @staticmethod
    def _report(cell, result, problems):
        problems += problems_in_outputs(cell["index"], result["outputs"], cell["tags"])
        return {"index": cell["index"], "seconds": round(result["seconds"] or 0, 3),
                "execution_count": result["executionCount"], "tags": cell["tags"],
                "outputs": [o["output_type"] for o in result["outputs"]],
                "errors": [{"ename": o.get("ename"), "evalue": o.get("evalue"),
                            "traceback": o.get("traceback", [])}
                           for o in result["outputs"] if o["output_type"] == "error"]}

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
