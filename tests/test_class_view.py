"""The class view's reading of work files, off the browser (issue 36): the fingerprint a check records
for the code it ran on, and the one the build computes for each exercise's start, agree; the zip reader
(lite/work-zip.js with the vendored fflate, in Node.js) refuses what a crafted file could do to it."""

import io
import json
import shutil
import subprocess
import zipfile

import pytest

from conftest import ROOT
from games import course_progress
from sitebuild.class_view import exercise_starts

LESSON = "10_tictactoe_1_env.ipynb"


def exercise_cell(language):
    cells = json.loads((ROOT / "content" / language / LESSON).read_text(encoding="utf-8"))["cells"]
    return next("".join(c["source"]) for c in cells
                if c["cell_type"] == "code" and "games.checks.tictactoe.check_winner(" in "".join(c["source"]))


@pytest.fixture(scope="module")
def shell():
    from IPython.core.interactiveshell import InteractiveShell
    shell = InteractiveShell.instance()
    shell.run_cell("import games, numpy as np")
    yield shell
    InteractiveShell.clear_instance()


def last_failure():
    return json.loads(course_progress.events("failed")[-1]["detail"])


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_start_run_unchanged_is_known_and_an_edit_is_not(shell, language):
    starts = exercise_starts()[LESSON]["winner"]
    source = exercise_cell(language)
    shell.run_cell(source)  # IPython runs the cell as the kernel does: the start fails by design
    assert last_failure()["code"] in starts
    shell.run_cell("# a comment and a blank line change nothing\n\n" + source.replace("# ✏️", "#"))
    assert last_failure()["code"] in starts
    shell.run_cell(source.replace("return 0", "return 0 if board is not None else 0"))
    edited = last_failure()["code"]
    assert edited not in starts
    shell.run_cell(source.replace("return 0", "return 0 if board is not None else 0"))
    assert last_failure()["code"] == edited  # the same code again: the same fingerprint


# ---------------------------------------------------------------- the zip reader, in Node.js

needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")


def read_zip(data, options="{}"):
    """What lite/work-zip.js's readZip makes of ``data``: {name: length} or the error's class and message."""
    script = "\n".join([
        "globalThis.fflate = require(" + json.dumps(str(ROOT / "lite" / "fflate.js")) + ");",
        (ROOT / "lite" / "work-zip.js").read_text(encoding="utf-8"),
        "const data = new Uint8Array(require('fs').readFileSync(0));",
        "try { const files = gameAiLabZip.readZip(data.buffer, " + options + ");",
        "  console.log(JSON.stringify(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.length]))));",
        "} catch (e) { console.log(JSON.stringify({error: e.constructor.name, message: e.message})); }"])
    result = subprocess.run(["node", "-e", script], input=data, capture_output=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def zipped(entries, deflated=False):
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", compression=zipfile.ZIP_DEFLATED if deflated else zipfile.ZIP_STORED) as archive:
        for name, content in entries:
            archive.writestr(name, content)
    return data.getvalue()


@needs_node
def test_stored_and_deflated_entries_are_read():
    assert read_zip(zipped([("a.json", "{}"), ("b/c.txt", "x" * 5000)])) == {"a.json": 2, "b/c.txt": 5000}
    assert read_zip(zipped([("a.json", "y" * 100000)], deflated=True)) == {"a.json": 100000}


@needs_node
def test_what_a_crafted_zip_could_do_is_refused():
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns of the duplicate name we mean to write
        twice = zipped([("a.json", "1"), ("a.json", "2")])
    assert read_zip(twice) == {"error": "Damaged", "message": "two entries named a.json"}
    many = zipped([(f"{n}.txt", "") for n in range(50)])
    assert read_zip(many, "{maxEntries: 40}")["message"] == "more than 40 entries"
    bomb = zipped([("a.json", b" " * (20 * 1024 * 1024))], deflated=True)
    assert len(bomb) < 100_000
    assert read_zip(bomb, "{maxBytes: 1024 * 1024}") == {"error": "Damaged", "message": "a.json is too large"}
    assert read_zip(zipped([("a", "x" * 600), ("b", "x" * 600)]), "{maxTotal: 1000}")["message"] == "too large in all"
    # an entry that says it is small and is not: unpacked into a buffer of the size it states, then refused
    lying = bytearray(bomb)
    at = lying.rfind(b"PK\x01\x02")
    lying[at + 24:at + 28] = (100).to_bytes(4, "little")
    assert read_zip(bytes(lying)) == {"error": "Damaged", "message": "a.json"}
    assert read_zip(b"%PDF-1.7\n" + b"0" * 2000)["error"] == "NotAZip"
    flipped = bytearray(zipped([("a.json", "{\"x\": 1}")]))
    flipped[flipped.find(b"{")] = ord("[")  # one byte changed: the CRC says so
    assert read_zip(bytes(flipped)) == {"error": "Damaged", "message": "a.json"}
