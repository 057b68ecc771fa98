"""Step 6, bytecode: compile the Python modules that a kernel and the lessons import (standard
library and wheels) with Pyodide itself, run by Node.js, so a browser compiles none of them.

The compiler is compile_in_pyodide.py, run inside Pyodide by compile.mjs; this module writes
their job and reads the answer.
"""

import json
import re
import shutil
import subprocess
from pathlib import Path

from .common import CONTENT, ROOT, BuildError, digest

HERE = Path(__file__).resolve().parent
COMPILER = HERE / "compile_in_pyodide.py"
NODE_DRIVER = HERE / "compile.mjs"

STDLIB = "python_stdlib.zip"
# What a kernel imports when it starts (see kernel.KERNEL_START_PACKAGES); the lessons' imports are
# added from content/. The compiled bytecode covers these and everything they import.
KERNEL_IMPORTS = ["piplite.piplite", "pyodide_kernel"]
# Our own wheel is compiled whole and keeps its source: a student's traceback shows its lines.
KEEP_SOURCE = {"games"}


def lesson_imports():
    """The modules the notebooks of content/ import, and every module of games (dqn is lazy)."""
    found = set()
    for notebook in sorted(CONTENT.rglob("*.ipynb")):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                source = "".join(cell["source"])
                found |= set(re.findall(r"^\s*(?:from|import)\s+([A-Za-z_][\w.]*)", source, re.M))
    found |= {".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
              for path in (ROOT / "games").rglob("*.py")}
    return sorted(found)


def find_node():
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        raise BuildError(
            "Node.js is not installed. The build runs Pyodide in Node.js to compile the site's "
            "Python modules ahead of time. Install it: apt-get install -y nodejs.")
    return node


def compile_bytecode(bundle, entries, lock_info, work):
    """Compile, in ``bundle``, the modules a kernel and the lessons import (see
    compile_in_pyodide.py). ``entries`` are the site's lock entries. Returns the names of the
    files that changed."""
    packages = {name: {**entry, "sha256": digest((bundle / entry["file_name"]).read_bytes())}
                for name, entry in entries.items()}
    archives = [{"file": STDLIB, "kind": "stdlib", "keep_source": False}] + [
        {"file": entry["file_name"], "kind": "wheel", "keep_source": name in KEEP_SOURCE}
        for name, entry in entries.items()]
    job = work / "compile-job.json"
    job.write_text(json.dumps({
        "pyodide": str(bundle), "lock": {"info": lock_info, "packages": packages},
        "kernel_imports": KERNEL_IMPORTS, "lesson_imports": lesson_imports(),
        "archives": archives, "compiler": COMPILER.read_text(encoding="utf-8")}))
    result = subprocess.run([find_node(), str(NODE_DRIVER), str(job)],
                            capture_output=True, text=True)
    try:
        answer = json.loads(result.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        answer = {}
    if "error" in answer:
        raise BuildError(f"Compiling the site's Python modules with Pyodide in Node.js failed: "
                         f"{answer['error']}")
    try:
        return answer["compiled"]
    except KeyError:
        error = [line for line in result.stderr.splitlines() if "Error" in line and len(line) < 400]
        raise BuildError(
            f"Compiling the site's Python modules with Pyodide in Node.js failed "
            f"({' / '.join(error[-3:]) or 'exit code ' + str(result.returncode)}). Node.js 18 or "
            f"newer is needed (apt-get install -y nodejs); check `node --version`.")

