"""Each lesson's cells timed in Chromium held to half a CPU core: the figures of the minutes model.

    python bench/lesson_cells.py                          # build the site, time every lesson
    python bench/lesson_cells.py --site _output 01 05 06  # only these lessons, on a built site
    python bench/lesson_cells.py --site _output --slowdown 10   # half a core against full speed

A school Chromebook runs Python in the browser about three times slower than a developer's
machine. Chromium's CPU throttling (DevTools) slows the page but not the Web Worker that runs the
Pyodide kernel, so the whole browser (every process it starts) is held to half a CPU core by a
cgroup CPU quota (``bench/site_load.py``'s ``CpuLimit``; needs root), with a weight that gets it
its whole quota on a busy machine (each lesson's share of periods spent at the quota is
recorded: near 1 when its cells compute). Every lesson runs alone
(one notebook at a time, so no other kernel's start shares the half core), each code cell in
order as written, in the English lesson: the Japanese lesson runs the same code (only its comments,
printed words and ``games.set_language("ja")`` differ), so its cells take the same time.

Each lesson's figures (the seconds of each code cell, their sum, and the seconds from opening
the lesson with an empty browser cache to an idle kernel, with the date, the machine and the quota) are merged into
``sitebuild/lesson_cell_seconds.json``: timing some lessons again replaces only theirs. The
minutes model (``sitebuild/lesson_minutes.py``) reads the cells' sum from there.

``--slowdown NN`` times lesson NN at full speed and at half a core, taking turns (``--rounds``),
and records the ratio of the least cell sums: the check that half a core slows Python as a
Chromebook does (3.1 times when first measured).
"""

import argparse
import datetime
import json
import os
import platform
import signal
import sys
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # build.py and bench/ of this checkout

from bench.site_browser import Lane, start_server  # noqa: E402 - after sys.path
from bench.site_load import HALF_A_CORE, CpuLimit, launch  # noqa: E402
from sitebuild import pyodide_source, steps  # noqa: E402

FIGURES = ROOT / "sitebuild" / "lesson_cell_seconds.json"
LANGUAGE = "en"  # the ja lessons run the same code (comments and printed words aside): the same times


class NamedLane(Lane):
    """A lane whose report names each code cell by its first line (what a teacher recognises)."""

    @staticmethod
    def _report(cell, result, problems):
        timed = Lane._report(cell, result, problems)
        timed["first_line"] = next((line for line in cell["source"].splitlines() if line.strip()), "")[:80]
        return timed


def lesson_notebooks(selected=()):
    """The lessons' notebooks (``en/NN_name.ipynb``), only those whose name starts with or
    contains one of ``selected`` if given."""
    notebooks = sorted(f"{LANGUAGE}/{path.name}" for path in (ROOT / "content" / LANGUAGE).glob("[0-9][0-9]_*.ipynb"))
    if selected:
        notebooks = [n for n in notebooks if any(n.split("/")[1].startswith(s) or s in n for s in selected)]
        if not notebooks:
            raise SystemExit(f"no lesson matches {' '.join(selected)}")
    return notebooks


def machine():
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()}"


def hold_half_a_core(limited=True):
    """A CpuLimit of half a core whose group also outweighs other work (a large cpu.shares /
    cpu.weight): on a busy machine it still gets its whole quota, no more. With ``limited``
    False, the same weight and no quota: full speed, as far as the machine's other work allows."""
    limit = CpuLimit(*HALF_A_CORE, name=f"lesson-cells-bench-{os.getpid()}-{'half' if limited else 'full'}")
    weight = limit.group / "cpu.shares"
    if weight.exists():
        weight.write_text("10240")
        if not limited:
            (limit.group / "cpu.cfs_quota_us").write_text("-1")
    else:
        (limit.group / "cpu.weight").write_text("10000")
        if not limited:
            (limit.group / "cpu.max").write_text(f"max {HALF_A_CORE[1]}")
    return limit


def cpu_stat(limit):
    """The group's CFS counters: periods, and periods in which it used its whole quota."""
    lines = dict(line.split() for line in (limit.group / "cpu.stat").read_text().splitlines())
    return int(lines.get("nr_periods", 0)), int(lines.get("nr_throttled", 0))


def lesson_figures(report, chromium_version, quota, periods):
    """One lesson's entry of the figures file, from its run's report and the group's CFS counters
    over it (the share of periods in which the browser used its whole half core)."""
    return {
        "notebook": report["notebook"],
        "measured": datetime.date.today().isoformat(),
        "machine": machine(),
        "chromium": chromium_version,
        "cpu_quota": quota,
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "periods_at_quota": round(periods[1] / periods[0], 2) if periods[0] else None,
        "kernel_ready_seconds_cold": report["kernel_ready_seconds"],
        "cells_seconds": report["cells_seconds"],
        "cells": [{"index": c["index"], "seconds": c["seconds"], "first_line": c["first_line"]}
                  for c in report["cells"]],
    }


def time_lesson(browser, base_url, notebook):
    """The timing report of one lesson, run alone in a fresh browser context (an empty cache, as
    on a student's first visit, whichever lessons run before it)."""
    lane = NamedLane(browser, base_url)
    try:
        lane.open(notebook)
        return lane.finish()
    finally:
        lane.close()


def read_figures():
    if FIGURES.is_file():
        return json.loads(FIGURES.read_text(encoding="utf-8"))
    return {"about": "Each lesson's code cells timed in Chromium held to half a CPU core "
                     "(bench/lesson_cells.py): the measured part of the minutes model "
                     "(sitebuild/lesson_minutes.py). English lessons; the Japanese ones run the same code.",
            "lessons": {}}


def write_figures(figures):
    figures["lessons"] = dict(sorted(figures["lessons"].items()))
    FIGURES.write_text(json.dumps(figures, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def quota_text():
    quota, period = HALF_A_CORE
    return f"{quota} us of CPU per {period} us (half a core), the whole browser in one cgroup"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lessons", nargs="*", help="lesson numbers or parts of names (default: all)")
    parser.add_argument("-k", dest="more", action="append", default=[], metavar="NAME",
                        help="a lesson, as pytest's -k (repeat for more)")
    parser.add_argument("--site", type=Path, help="a built site (default: build one into _build/lesson-cells-site)")
    parser.add_argument("--slowdown", metavar="NN", help="time this lesson at full speed and at half a core")
    parser.add_argument("--rounds", type=int, default=2, help="turns of each speed for --slowdown")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))  # SystemExit: the cgroup is removed
    site = args.site or steps.build_site(ROOT / "_build" / "lesson-cells-site",
                                         pyodide_source.choose_pyodide_source(None))
    server, base_url = start_server(site)
    from playwright.sync_api import sync_playwright
    limit = hold_half_a_core()
    figures = read_figures()
    failed = []
    try:
        with sync_playwright() as playwright:
            tag = f"--lesson-cells-bench={uuid.uuid4().hex}"
            slow = launch(playwright, str(limit.wrapper), tag)
            if args.slowdown:
                figures["slowdown"] = slowdown(playwright, slow, base_url, args.slowdown, args.rounds, tag)
                print(json.dumps(figures["slowdown"]))
            else:
                for notebook in lesson_notebooks(args.lessons + args.more):
                    before = cpu_stat(limit)
                    report = time_lesson(slow, base_url, notebook)
                    after = cpu_stat(limit)
                    if report["problems"]:
                        failed.append(notebook)
                        print(f"{notebook}: not recorded: {report['problems']}", file=sys.stderr)
                        continue
                    number = Path(notebook).name[:2]
                    figures["lessons"][number] = lesson_figures(report, slow.version, quota_text(),
                                                               [b - a for a, b in zip(before, after)])
                    write_figures(figures)  # after each lesson: a long run keeps what it measured
                    print(f"{notebook}: cells {report['cells_seconds']:.1f} s, "
                          f"kernel ready {report['kernel_ready_seconds']:.1f} s", flush=True)
            slow.close()
    finally:
        limit.close()
        server.shutdown()
        server.server_close()
    write_figures(figures)
    if failed:
        raise SystemExit(f"not recorded (errors in the run): {', '.join(failed)}")


def slowdown(playwright, slow, base_url, lesson, rounds, tag):
    """Lesson ``lesson`` at full speed and at half a core, taking turns; the least cell sums. The
    full-speed browser has the same weight as the slow one, so other work slows both alike."""
    full = hold_half_a_core(limited=False)
    try:
        fast = launch(playwright, str(full.wrapper), tag)
        return compare(fast, slow, base_url, lesson, rounds)
    finally:
        full.close()


def compare(fast, slow, base_url, lesson, rounds):
    notebook = lesson_notebooks([lesson])[0]
    sums = {"full_speed": [], "half_core": []}
    for _ in range(rounds):
        for label, browser in (("full_speed", fast), ("half_core", slow)):
            report = time_lesson(browser, base_url, notebook)
            if report["problems"]:
                raise SystemExit(f"{notebook} failed: {report['problems']}")
            sums[label].append(report["cells_seconds"])
    fast.close()  # its processes leave the group before it is removed
    least = {label: min(values) for label, values in sums.items()}
    return {"notebook": notebook, "measured": datetime.date.today().isoformat(), "machine": machine(),
            "load_average": [round(x, 2) for x in os.getloadavg()],
            "cells_seconds": sums, "ratio": round(least["half_core"] / least["full_speed"], 2)}


if __name__ == "__main__":
    main()
