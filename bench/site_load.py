"""How long a student waits: page load -> kernel idle, and the first `import games` cell.

    python bench/site_load.py                 # build the site into _build/bench-site, 3 runs
    python bench/site_load.py --site _output --runs 5

Each run uses a cold browser context (empty cache, like a student's first visit) in one
headless Chromium, then opens the notebook once more in the same context (warm cache, like
the next lesson). Prints one JSON line: the medians, and the median time at which each phase
of the cold kernel start ended (seconds since the page was opened): JupyterLab's page ready,
the kernel's worker started, Pyodide downloaded, the last wheel downloaded, kernel ready.
Between the middle two Python starts and then fetches the wheels the kernel preloads; after
the last wheel it unpacks them and imports the kernel (mostly IPython).
"""

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from conftest import (  # noqa: E402
    CELLS_JS, RequestLog, build, kernel_settings, launch_chromium, new_context, notebook_url,
    run_cell, start_server, wait_for_kernel,
)

FIRST_IMPORT = "import games"


def one_cold_run(browser, base_url, notebook):
    """Open the notebook in a fresh context; then once more in the same one (warm cache)."""
    context = new_context(browser)
    log = RequestLog(context, base_url)
    page = context.new_page()
    start = time.monotonic()
    marks = {}

    def mark(name, keep_first=True):
        if keep_first and name in marks:
            return
        marks[name] = round(time.monotonic() - start, 3)

    def on_request_finished(request):
        if request.url.endswith("/pyodide.asm.wasm"):
            mark("pyodide_downloaded")
        elif request.url.endswith(".whl") and "first_cell_started" not in marks:
            mark("last_wheel_downloaded", keep_first=False)

    page.on("worker", lambda worker: mark("kernel_worker_started"))
    context.on("requestfinished", on_request_finished)
    page.goto(notebook_url(base_url, notebook))
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget")
    mark("page_ready")
    kernel_ready = wait_for_kernel(page)
    marks["kernel_ready"] = round(kernel_ready, 3)
    first = next(c["index"] for c in page.evaluate(CELLS_JS)
                 if c["type"] == "code" and FIRST_IMPORT in c["source"])
    mark("first_cell_started")
    result = run_cell(page, first)
    page.close()
    if result["timedOut"] or any(o["output_type"] == "error" for o in result["outputs"]):
        raise SystemExit(f"the first `{FIRST_IMPORT}` cell failed: {result['outputs']}")

    warm_page = context.new_page()
    warm_page.goto(notebook_url(base_url, notebook))
    warm_ready = wait_for_kernel(warm_page)
    log.listening = False
    context.close()
    return {"kernel_ready_s": round(kernel_ready, 3), "first_import_s": round(result["seconds"], 3),
            "warm_kernel_ready_s": round(warm_ready, 3), "phases_s": marks,
            "requests": log.count, "external_requests": log.external,
            "failed_requests": log.failed}


def median_of(runs, key):
    return round(statistics.median(run[key] for run in runs), 3)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", help="an already built site (default: build one now)")
    parser.add_argument("--runs", type=int, default=3, help="cold runs (at least 3)")
    parser.add_argument("--notebook", default="en/00_welcome.ipynb")
    args = parser.parse_args()
    site = Path(args.site) if args.site else build.build_site(
        ROOT / "_build" / "bench-site", build.choose_pyodide_source(None))
    server, base_url = start_server(site)

    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        runs = [one_cold_run(browser, base_url, args.notebook) for _ in range(max(3, args.runs))]
        browser.close()
    server.shutdown()

    phases = sorted({name for run in runs for name in run["phases_s"]},
                    key=lambda name: statistics.median(r["phases_s"].get(name, 0) for r in runs))
    settings = kernel_settings(site)
    print(json.dumps({
        "bench": "site_load",
        "notebook": args.notebook,
        "runs": len(runs),
        "kernel_ready_s": median_of(runs, "kernel_ready_s"),
        "first_import_s": median_of(runs, "first_import_s"),
        "warm_kernel_ready_s": median_of(runs, "warm_kernel_ready_s"),
        "phases_median_s": {name: round(statistics.median(r["phases_s"][name] for r in runs
                                                          if name in r["phases_s"]), 3)
                            for name in phases},
        "preloaded": settings.get("loadPyodideOptions", {}).get("packages", []),
        "all_kernel_ready_s": [r["kernel_ready_s"] for r in runs],
        "all_first_import_s": [r["first_import_s"] for r in runs],
        "external_requests": [url for r in runs for url in r["external_requests"]],
        "failed_requests": [url for r in runs for url in r["failed_requests"]],
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }))


if __name__ == "__main__":
    main()
