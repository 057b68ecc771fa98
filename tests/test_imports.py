"""No import circle in ``games``: module A imports B, B imports C, ..., and nothing leads back to A.

A circle works only by luck (the order in which modules happen to be imported), and it
makes the code hard to read: there is no module to start reading from. So this test reads
every module's ``import`` lines with ``ast`` (at the top of the file and inside functions:
a lazy import is still a dependency), builds the graph "module -> modules it imports" and
looks for a circle in it.

Two edges of the usual package pattern are left out, because Python runs a package's
``__init__`` before any module inside it, whatever the imports say:

- a module importing its own package (``from . import NAME``, ``from .. import NAME`` where
  ``NAME`` is not a module): the package's ``__init__`` has already run, so this asks for no
  new code (``games/checks/exercise_book.py`` reads ``CHECK_MODULES`` from ``games/checks``);
- hence a package's ``__init__`` may import its own modules (to re-export names, or lazily in
  ``__getattr__``) without making a circle with them.

(A name built while the program runs, as in ``importlib.import_module(f"{__name__}.{name}")``,
cannot be read here: in ``games`` these are packages lazily importing their own modules.)
"""

import ast
import functools
from pathlib import Path

import games

ROOT = Path(games.__file__).parent


def module_name(path):
    """``games/dqn/agent.py`` -> ``games.dqn.agent``; ``games/dqn/__init__.py`` -> ``games.dqn``."""
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules():
    """``{module name: path}`` for every ``.py`` file of ``games``."""
    return {module_name(path): path for path in sorted(ROOT.rglob("*.py"))}


def imported_modules(name, path, modules):
    """The ``games`` modules that the module ``name`` imports anywhere in its code."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]  # where ``from . import`` looks
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: one dot = this package, two dots = the package above, ...
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module
            for alias in node.names:  # ``from P import m`` imports the module P.m when there is one
                found.add(f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else source)
    return {module for module in found if module in modules}


@functools.cache
def import_graph():
    """``{module: modules it imports}``, without a module's imports of its own packages (see the top)."""
    modules = all_modules()
    graph = {}
    for name, path in modules.items():
        imported = imported_modules(name, path, modules)
        graph[name] = {m for m in imported if m != name and not name.startswith(m + ".")}
    return graph


def find_circle(graph):
    """A list of modules ``[a, b, ..., a]`` going round a circle, or None (depth-first search)."""
    state = {}  # module -> "open" while we are inside it, "done" once all it leads to is checked
    path = []

    def visit(module):
        state[module] = "open"
        path.append(module)
        for other in sorted(graph[module]):
            if state.get(other) == "open":  # back to a module we are still inside: a circle
                return path[path.index(other):] + [other]
            if other not in state:
                circle = visit(other)
                if circle:
                    return circle
        path.pop()
        state[module] = "done"
        return None

    for module in sorted(graph):
        if module not in state:
            circle = visit(module)
            if circle:
                return circle
    return None


def test_the_graph_sees_imports_at_the_top_and_inside_functions():
    graph = import_graph()
    assert "games.arena" in graph["games.dqn.train"]  # ``from .. import arena``, at the top
    assert "games.agents.tictactoe" in graph["games.dqn.train"]  # inside ``opponent_agent``
    assert "games.render.chart" in graph["games.dqn.train"]  # inside ``Curve.plot``
    assert "games.dqn.agent" in graph["games.dqn"]  # a package's __init__ importing its modules is kept...
    assert "games.checks" not in graph["games.checks.exercise_book"]  # ...a module importing its package is not


def test_the_circle_finder_finds_a_circle():
    assert find_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_no_import_circle_in_games():
    circle = find_circle(import_graph())
    assert circle is None, "import circle: " + " -> ".join(circle)
