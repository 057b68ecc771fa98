"""Every notebook in content/ runs top to bottom on CPython with a real ipykernel, without errors.

The browser test runs them in Pyodide; this one is quicker and shows a failing cell's
traceback in full. Cells tagged "raises-exception" may raise (nbclient's convention).

The Japanese training lessons (``ja/*_4_dqn``, and the search lessons that go on from them,
``ja/*_5_search``) are left to the browser test: their code is the English lesson's
(tests/test_notebooks_valid.py checks it, token by token, strings aside), and running their minutes
of training twice more here would cost CI about 2.5 minutes of its 30.
"""

import os

import nbclient
import nbformat
import pytest

from bench.site_browser import problems_in_outputs
from conftest import CONTENT, ROOT, content_notebooks

CELL_TIMEOUT_SECONDS = int(os.environ.get("NOTEBOOK_CELL_TIMEOUT", "600"))


def on_cpython(notebook):
    return not (notebook.startswith("ja/") and ("_4_dqn" in notebook or "_5_search" in notebook))


@pytest.mark.parametrize("notebook", [nb for nb in content_notebooks() if on_cpython(nb)])
def test_notebook_runs_on_cpython(notebook, monkeypatch, tmp_path):
    # The kernel imports games from this checkout, installed or not.
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    path = CONTENT / notebook
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        nb, kernel_name="python3", timeout=CELL_TIMEOUT_SECONDS,
        # a folder of its own: the files a lesson writes (saved agents) do not land in content/
        resources={"metadata": {"path": str(tmp_path)}})
    client.execute()

    problems = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            problems += problems_in_outputs(index, cell.outputs, cell.metadata.get("tags", []))
    assert not problems, "\n".join(problems)
