"""The code of the lessons, read without running it: every import is used, and only the public
API of games is imported.

A notebook is read as one program, its cells in order (ruff does this for .ipynb files), so a
name imported in one cell and used in a later one is used.
"""

import ast
import functools
import json
import subprocess
import sys

import nbformat
import pytest

from conftest import CONTENT, content_notebooks

# unused import, import redefined before it was used, local variable assigned but never used
UNUSED = ["F401", "F811", "F841"]
EXERCISE_MARK = "✏️"  # a cell the student is to finish: its starter code may leave a variable unused

# What a lesson must not show students: internal modules, and any name starting with "_".
INTERNAL_MODULES = ("games.messages", "games.envs.values")


def read(notebook):
    return nbformat.read(CONTENT / notebook, as_version=nbformat.NO_CONVERT)


def ruff_unused(paths):
    """ruff's findings of the UNUSED rules in the notebooks at ``paths``, as ruff's JSON."""
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--no-cache", "--output-format", "json",
         "--select", ",".join(UNUSED), *map(str, paths)],
        capture_output=True, text=True)
    assert result.returncode in (0, 1), f"ruff failed:\n{result.stderr}"
    return json.loads(result.stdout)


@functools.cache
def ruff_findings():
    """{notebook: [finding, ...]} for every notebook under content/ (one ruff run for all)."""
    findings = {}
    for finding in ruff_unused([CONTENT / notebook for notebook in content_notebooks()]):
        notebook = CONTENT.joinpath(finding["filename"]).resolve().relative_to(CONTENT.resolve()).as_posix()
        findings.setdefault(notebook, []).append(finding)
    return findings


def unused_problems(notebook, cells, findings):
    """A line for each finding, but an unused variable in an exercise's starter cell."""
    problems = []
    for finding in findings:
        cell = finding["cell"]  # ruff counts every cell, markdown too, from 1
        if finding["code"] == "F841" and EXERCISE_MARK in cells[cell - 1].source:
            continue
        problems.append(f"{notebook}, cell {cell} (counting from 1), line {finding['location']['row']}: "
                        f"{finding['message']}")
    return problems


@pytest.mark.parametrize("notebook", content_notebooks())
def test_lesson_uses_every_name_it_imports(notebook):
    problems = unused_problems(notebook, read(notebook).cells, ruff_findings().get(notebook, []))
    assert not problems, "\n".join(problems)


def test_unused_names_are_found_across_cells(tmp_path):
    """An import used in a later cell is used; one never used is found, and so is an unused
    variable, except in a cell with the exercise mark."""
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# A lesson"),
        nbformat.v4.new_code_cell("import numpy as np\nimport random"),
        nbformat.v4.new_code_cell("def f():\n    x = 1\n    return 2"),
        nbformat.v4.new_code_cell("def g():\n    y = 1  # ✏️ use y\n    return 2"),
        nbformat.v4.new_code_cell("print(np.zeros(3))"),
    ])
    nbformat.write(notebook, tmp_path / "lesson.ipynb")
    problems = unused_problems("lesson.ipynb", notebook.cells, ruff_unused([tmp_path / "lesson.ipynb"]))
    assert len(problems) == 2, problems
    assert "cell 2 (counting from 1), line 2: `random` imported but unused" in problems[0]
    assert "cell 3 (counting from 1), line 2: Local variable `x`" in problems[1]


def games_names(tree):
    """(line, dotted name) of everything a cell takes from games: imports and attributes of games."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Attribute):
            parts, inner = [], node
            while isinstance(inner, ast.Attribute):
                parts.insert(0, inner.attr)
                inner = inner.value
            if isinstance(inner, ast.Name) and inner.id == "games":
                yield node.lineno, ".".join(["games", *parts])


def internal(dotted):
    """Why ``dotted`` (a name from games) is not for lessons, or None when it is public."""
    if dotted != "games" and not dotted.startswith("games."):
        return None
    for module in INTERNAL_MODULES:
        if dotted == module or dotted.startswith(module + "."):
            return f"{module} is internal"
    if any(part.startswith("_") for part in dotted.split(".")):
        return "a name starting with _ is internal"
    return None


def cell_tree(source):
    """The cell's code as a syntax tree (IPython's %magic and !shell lines left out)."""
    lines = [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
    return ast.parse("\n".join(lines))


@pytest.mark.parametrize("notebook", content_notebooks())
def test_lesson_uses_only_the_public_api(notebook):
    problems = []
    for index, cell in enumerate(read(notebook).cells, start=1):
        if cell.cell_type != "code":
            continue
        for line, dotted in games_names(cell_tree(cell.source)):
            reason = internal(dotted)
            if reason:
                problems.append(f"{notebook}, cell {index} (counting from 1), line {line}: {dotted}: {reason}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("dotted, public", [
    ("games.messages.tr", False), ("games.messages", False), ("games.envs.values.Values", False),
    ("games.envs._grid", False), ("games.render.chart._scale", False), ("games._private", False),
    ("games.set_language", True), ("games.render.chart.bar_chart", True), ("games.envs.puyopuyo", True),
    ("numpy._core", True),
])
def test_what_counts_as_internal(dotted, public):
    assert (internal(dotted) is None) == public


def test_the_check_finds_internal_names_in_imports_and_attributes():
    code = ("import games.messages\nfrom games.messages import tr\nfrom games import _private\n"
            "from games.envs.values import Values\ngames.render.chart._scale(1)\nimport games\n")
    found = [(line, dotted) for line, dotted in games_names(ast.parse(code)) if internal(dotted)]
    assert [line for line, _ in found] == [1, 2, 3, 4, 5]
