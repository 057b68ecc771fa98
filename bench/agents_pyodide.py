"""The agents' time per move in the browser (Pyodide) and in CPython, side by side.

    python bench/agents_pyodide.py                 # build the site into _build/bench-agents-site
    python bench/agents_pyodide.py --site _output  # use a site already built from this checkout

The same Python program (``bench/agents_timing.py``) runs in CPython here and in a notebook cell of the
site in headless Chromium; it prints one JSON line each and the Pyodide / CPython ratio.
Times are wall-clock seconds per move (there is no other clock in the browser), so run it
on a quiet machine.
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # build.py, games and bench/ of this checkout

TIMING = (Path(__file__).parent / "agents_timing.py").read_text(encoding="utf-8")  # the same program in both

SET_SOURCE_JS = """([index, source]) => {
    window.jupyterapp.shell.currentWidget.content.widgets[index].model.sharedModel.setSource(source);
}"""


def run_in_cpython():
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(TIMING, "<timing>", "exec"), {"__name__": "timing"})
    return json.loads(out.getvalue().strip().splitlines()[-1])


def run_in_pyodide(site, notebook="en/00_welcome.ipynb"):
    from bench.site_browser import (CELLS_JS, launch_chromium, new_context, notebook_url, run_cell, start_server,
                                    wait_for_kernel)
    from playwright.sync_api import sync_playwright
    server, base_url = start_server(site)
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            # open pages the way the browser tests do (their context watches the kernel start)
            context = new_context(browser)
            page = context.new_page()
            page.goto(notebook_url(base_url, notebook))
            wait_for_kernel(page)
            first_code = next(c["index"] for c in page.evaluate(CELLS_JS) if c["type"] == "code")
            page.evaluate(SET_SOURCE_JS, [first_code, TIMING])
            result = run_cell(page, first_code, timeout=1200)
            browser.close()
    finally:
        server.shutdown()
    texts = [o.get("text", "") for o in result["outputs"] if o["output_type"] == "stream"]
    lines = "".join(texts if isinstance(texts[0], str) else sum(texts, [])).strip().splitlines() if texts else []
    if result["timedOut"] or not lines:
        raise SystemExit(f"the timing cell failed in Pyodide: {result['outputs']}")
    return json.loads(lines[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="a site built from this checkout (default: build one now)")
    args = parser.parse_args()
    from sitebuild import pyodide_source, steps
    site = Path(args.site) if args.site else steps.build_site(
        ROOT / "_build" / "bench-agents-site", pyodide_source.choose_pyodide_source(None))
    load = os.getloadavg()[0]
    started = time.perf_counter()
    cpython = run_in_cpython()
    pyodide = run_in_pyodide(site)
    print(f"agents' time per move (wall clock), load average {load:.1f} at start, "
          f"{time.perf_counter() - started:.0f} s in all")
    print(f"  {'agent':<32}{'moves':>6}{'CPython mean':>14}{'max':>9}{'Pyodide mean':>14}{'max':>9}{'ratio':>7}")
    for name, (mean, worst, moves) in cpython["per_move"].items():
        p_mean, p_worst, _ = pyodide["per_move"][name]
        print(f"  {name:<32}{moves:>6}{1000 * mean:>12.2f}ms{1000 * worst:>7.0f}ms"
              f"{1000 * p_mean:>12.2f}ms{1000 * p_worst:>7.0f}ms{p_mean / mean:>7.1f}")
    print(f"  whole timing run: CPython {cpython['total_s']:.1f} s, Pyodide {pyodide['total_s']:.1f} s, "
          f"ratio {pyodide['total_s'] / cpython['total_s']:.1f}")


if __name__ == "__main__":
    main()
