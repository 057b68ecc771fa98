"""How long a student waits, and what a first visit downloads: one run, one JSON line.

    python bench/site_load.py                          # build the site into _build/bench-site
    python bench/site_load.py --site _output --runs 5
    python bench/site_load.py --site before=_build/old --site after=_output   # side by side

For each site, in headless Chromium, each run a fresh browser context (empty cache, like a
student's first visit): open the notebook and at once ask for its first code cell to run;
the time is from the start of the page load to the end of that cell. Reported as the median
(and every run), here and in a second Chromium limited to half a CPU core, about a school
Chromebook (a cgroup CPU quota: Chromium's CPU throttling does not slow the kernel's Web
Worker, where Python runs). With several sites the runs alternate, so a change in the
machine's load falls on all of them alike.

Also per site: the first moment something is painted (first contentful paint) and when the
"Python is starting" notice first shows; the bytes of a cold first visit as sent by the server
of `build.py --serve` (the build's Brotli files, or gzip for a site built without them), by
the same server sending gzip only (as GitHub Pages does), and by a server that does not
compress; and the memory (proportional set size) of the whole browser with one lesson open and its first cell run.
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # build.py and bench/ of this checkout

from bench.site_browser import (  # noqa: E402 - after sys.path: bench/ of this checkout
    CELLS_JS, CHROMIUM, CHROMIUM_FLAGS, RUN_CELL_JS, RequestLog, new_context, notebook_url, start_server,
)
from sitebuild import pyodide_source, steps  # noqa: E402

HALF_A_CORE = (50_000, 100_000)  # microseconds of CPU per period: cgroup cpu.max "50000 100000"

# When the notice of lite/loading-notice.html first shows, in ms since the page load started.
NOTICE_WATCH_JS = """
const noticeWatch = setInterval(() => {
    const notice = document.getElementById('gail-loading');
    if (notice && notice.getBoundingClientRect().height > 0) {
        window.noticeShownAt = performance.now();
        clearInterval(noticeWatch);
    }
}, 10);"""

APP_READY_JS = """() => {
    const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    const session = panel && panel.sessionContext && panel.sessionContext.session;
    // from here a cell run waits for the kernel (before, it would be dropped)
    return !!(panel && panel.context.isReady && session && session.kernel);
}"""

PAINT_JS = """() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return {fcp: paint ? paint.startTime / 1000 : null,
            notice: window.noticeShownAt === undefined ? null : window.noticeShownAt / 1000};
}"""


# ---------------------------------------------------------------- one visit

def first_cell_visit(browser, base_url, notebook, count_bytes=False):
    """A cold visit: page load -> the first code cell has run. Returns the timings (seconds
    since the page load started), and the bytes received if ``count_bytes``."""
    context = new_context(browser)
    context.add_init_script(NOTICE_WATCH_JS)
    log = RequestLog(context, base_url)
    received = []
    if count_bytes:
        context.on("requestfinished", lambda request: received.append(request))
    page = context.new_page()
    page.goto(notebook_url(base_url, notebook), wait_until="commit")
    page.wait_for_function(APP_READY_JS, timeout=180_000, polling=50)
    first = next(c["index"] for c in page.evaluate(CELLS_JS) if c["type"] == "code")
    result = page.evaluate(RUN_CELL_JS, [first, 600_000])
    if result["timedOut"] or any(o["output_type"] == "error" for o in result["outputs"]):
        raise SystemExit(f"the first code cell of {notebook} failed: {result['outputs']}")
    visit = {"first_cell_s": round(result["endedAt"] / 1000, 3), **page.evaluate(PAINT_JS)}
    if count_bytes:
        page.wait_for_timeout(500)  # let the last responses finish
        sizes = [request.sizes() for request in received]
        visit["requests"] = len(sizes)
        visit["bytes"] = sum(s["responseBodySize"] + s["responseHeadersSize"] for s in sizes)
    log.listening = False
    visit["external_requests"], visit["failed_requests"] = log.external, log.failed
    page.close()
    context.close()
    return visit


def memory_of_one_lesson(browser, tag, base_url, notebook):
    """Proportional set size of the whole browser (every process) with one lesson open and its
    first cell run, and without it (a blank page), in MB."""
    context = new_context(browser)
    page = context.new_page()
    page.goto("about:blank")
    page.wait_for_timeout(1000)
    blank = browser_pss_mb(tag)
    page.goto(notebook_url(base_url, notebook))
    page.wait_for_function(APP_READY_JS, timeout=180_000, polling=50)
    first = next(c["index"] for c in page.evaluate(CELLS_JS) if c["type"] == "code")
    page.evaluate(RUN_CELL_JS, [first, 600_000])
    page.wait_for_timeout(2000)
    with_lesson = browser_pss_mb(tag)
    context.close()
    return {"browser_mb": with_lesson, "lesson_mb": round(with_lesson - blank, 1)}


def browser_pss_mb(tag):
    """Sum of Pss over the Chromium started with the flag ``tag`` and all its descendants."""
    parents, command = {}, {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            parents[stat.parent.name] = fields[1]
            command[stat.parent.name] = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
    family = {pid for pid, line in command.items() if tag.encode() in line}
    grew = True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in family} - family
        family |= more
        grew = bool(more)
    total_kb = 0
    for pid in family:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total_kb += int(line.split()[1])
        except OSError:
            continue
    return round(total_kb / 1024, 1)


# ---------------------------------------------------------------- browsers

class CpuLimit:
    """A cgroup that holds a Chromium to a CPU quota (cgroup v2 cpu.max, or v1 cpu.cfs_*)."""

    def __init__(self, quota_us, period_us, name=None):
        name = name or f"site-load-bench-{os.getpid()}"
        v2, v1 = Path("/sys/fs/cgroup"), Path("/sys/fs/cgroup/cpu")
        if (v2 / "cgroup.controllers").is_file():
            self.group = v2 / name
            self.group.mkdir()
            (self.group / "cpu.max").write_text(f"{quota_us} {period_us}")
        else:
            self.group = v1 / name
            self.group.mkdir()
            (self.group / "cpu.cfs_period_us").write_text(str(period_us))
            (self.group / "cpu.cfs_quota_us").write_text(str(quota_us))
        # Chromium starts through this script: it and every process it starts are in the group.
        self.wrapper = Path(tempfile.mkdtemp()) / "chromium-limited"
        self.wrapper.write_text(f'#!/bin/sh\necho $$ > {self.group}/cgroup.procs\n'
                                f'exec {CHROMIUM} "$@"\n')
        self.wrapper.chmod(0o755)

    def close(self):
        for _ in range(50):  # the browser's processes may take a moment to leave
            try:
                self.group.rmdir()
                break
            except OSError:
                time.sleep(0.2)
        self.wrapper.unlink()
        self.wrapper.parent.rmdir()


def launch(playwright, executable, tag):
    return playwright.chromium.launch(executable_path=executable, args=[*CHROMIUM_FLAGS, tag])


# ---------------------------------------------------------------- the whole run

def timed_runs(browser, sites, notebook, runs):
    """Alternate the sites run by run; returns {label: [visit, ...]}."""
    visits = {label: [] for label in sites}
    for _ in range(runs):
        for label, urls in sites.items():
            visits[label].append(first_cell_visit(browser, urls["br"], notebook))
    return visits


def summary(visits):
    def median(key):
        values = [v[key] for v in visits if v[key] is not None]
        return round(statistics.median(values), 3) if values else None
    return {"first_cell_median_s": median("first_cell_s"),
            "first_cell_all_s": [v["first_cell_s"] for v in visits],
            "first_paint_median_s": median("fcp"), "notice_shown_median_s": median("notice")}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", action="append", default=[],
                        help="a built site or LABEL=FOLDER; repeat to compare (default: build)")
    parser.add_argument("--runs", type=int, default=5, help="fresh contexts per site and setting")
    parser.add_argument("--notebook", default="en/00_welcome.ipynb")
    parser.add_argument("--no-slow", action="store_true", help="skip the half-a-core runs")
    args = parser.parse_args()
    folders = {}
    for site in args.site or [None]:
        label, _, folder = (site or "").rpartition("=")
        folders[label or folder or "site"] = Path(folder) if folder else steps.build_site(
            ROOT / "_build" / "bench-site", pyodide_source.choose_pyodide_source(None))
    servers, sites = [], {}
    for label, folder in folders.items():
        served = {compress: start_server(folder, compress=compress) for compress in ("br", "gzip", None)}
        servers += [server for server, _ in served.values()]
        sites[label] = {compress: url for compress, (_, url) in served.items()}

    report = {"bench": "site_load", "notebook": args.notebook, "runs": args.runs,
              "load_average_start": [round(x, 2) for x in os.getloadavg()], "sites": {}}
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        tag = f"--site-load-bench={uuid.uuid4().hex}"  # finds this browser's processes
        browser = launch(playwright, CHROMIUM, tag)
        for label, urls in sites.items():
            cold = {compress: first_cell_visit(browser, url, args.notebook, count_bytes=True)
                    for compress, url in urls.items()}
            report["sites"][label] = {
                "cold_visit_requests": cold["br"]["requests"],
                "cold_visit_mb_brotli": round(cold["br"]["bytes"] / 1e6, 2),
                "cold_visit_mb_gzip": round(cold["gzip"]["bytes"] / 1e6, 2),
                "cold_visit_mb_uncompressed": round(cold[None]["bytes"] / 1e6, 2),
                "memory": memory_of_one_lesson(browser, tag, urls["br"], args.notebook),
                "external_requests": sum((visit["external_requests"] for visit in cold.values()), []),
                "failed_requests": sum((visit["failed_requests"] for visit in cold.values()), []),
            }
        for label, visits in timed_runs(browser, sites, args.notebook, args.runs).items():
            report["sites"][label]["here"] = summary(visits)
        browser.close()
        report["load_average_after_here"] = [round(x, 2) for x in os.getloadavg()]

        if not args.no_slow:
            try:
                limit = CpuLimit(*HALF_A_CORE)
            except OSError as error:
                report["half_core"] = f"skipped: no cgroup CPU quota here ({error}); run as root"
            else:
                try:
                    slow = launch(playwright, str(limit.wrapper), tag)
                    for label, visits in timed_runs(slow, sites, args.notebook, args.runs).items():
                        report["sites"][label]["half_core"] = summary(visits)
                    slow.close()
                finally:
                    limit.close()
                report["load_average_after_half_core"] = [round(x, 2) for x in os.getloadavg()]
    for server in servers:
        server.shutdown()
        server.server_close()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
