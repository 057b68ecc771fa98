"""The autograd, the DQN, the search and the SIMD matrix product's tests, run once inside Pyodide under Node.

In the site, training runs in Pyodide, where products go through the SIMD kernel
(games/autograd/matrix_product.py) rather than numpy's BLAS: these tests check the same
code there. pytest itself is pure Python: its source is copied from this CPython.
"""

import importlib.util
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT.parent / "shared" / "pyodide"  # bench/pyodide.mjs's default (PYODIDE_DIR overrides it)
# pytest and the pure-Python packages it imports
PYTEST_PACKAGES = ["pytest", "_pytest", "pluggy", "iniconfig", "packaging", "pygments", "py.py"]
TESTS = ["tests/test_simd.py", "tests/test_autograd_core.py", "tests/test_autograd_functions.py",
         "tests/test_autograd_layers.py", "tests/test_dqn.py", "tests/test_afterstate.py",
         "tests/test_dqn_regression.py",  # training gives CPython's numbers there too (to float rounding)
         "tests/test_search.py",  # the array searches (uint64 bitboards for Othello) give the tree's values there too
         "tests/test_chain_search.py"]


def copy_pytest(destination):
    """Copy pytest's pure-Python packages from this CPython's site-packages into ``destination``."""
    site_packages = Path(importlib.util.find_spec("pytest").origin).parent.parent
    for name in PYTEST_PACKAGES:
        source = site_packages / name
        if source.is_dir():
            shutil.copytree(source, destination / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif source.is_file():
            shutil.copy2(source, destination / name)


def test_autograd_dqn_and_kernel_tests_pass_in_pyodide():
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None or not (PYODIDE / "pyodide.mjs").is_file():
        pytest.skip("needs Node.js and the offline Pyodide in ../shared/pyodide")
    (ROOT / "_build").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=ROOT / "_build", prefix="pyodide-pytest-") as work:
        copy_pytest(Path(work))
        inside = "/project/" + Path(work).relative_to(ROOT).as_posix()  # bench/pyodide.mjs mounts ROOT there
        result = subprocess.run([node, "bench/pyodide.mjs", "tests/pytest_in_pyodide.py", inside, "-q", *TESTS],
                                cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " passed" in result.stdout and "failed" not in result.stdout
