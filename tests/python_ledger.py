"""The Python a student has met: the constructs a piece of code shows, read from its syntax tree.

A construct is a short name of one thing to learn: ``"for"``, ``"and"``, ``"//"``, ``"break"``,
``"set {...}"``, ``"recursion"``, ``"max()"`` (a builtin), ``".copy()"`` (a method of a list, dict,
set or str), ``"f-string"``. :func:`constructs` lists those of a program.

A lesson teaches the constructs of its code cells. Its markdown can also declare one in a
**Python memo**: a line that starts with ``Python メモ`` (ja) or ``Python note`` (en), perhaps in bold,
declares the constructs of each piece of code in backticks on that line that is a Python program::

    **Python メモ**: `max(a, b)` は大きいほう、`min(a, b)` は小さいほうです。

The ledger at an exercise (:func:`ledger`) is what the lessons it needs (all the way back along
``needs``) and the cells before it in its own lesson show; :func:`missing` is what an exercise's
solution needs beyond its start and that ledger.
"""

import ast
import builtins
import json
import re

# the methods of Python's own containers and text: `.append()`, `.copy()`, `.join()`, ...
BUILTIN_METHODS = {name for kind in (list, dict, set, str, tuple) for name in dir(kind)
                   if not name.startswith("_")}
BUILTIN_FUNCTIONS = {name for name in dir(builtins) if not name.startswith("_")
                     and not (isinstance(getattr(builtins, name), type)
                              and issubclass(getattr(builtins, name), BaseException))}

OPERATORS = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
    ast.Pow: "**", ast.MatMult: "@", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^",
    ast.LShift: "<<", ast.RShift: ">>",
    ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=",
    ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not",
    ast.And: "and", ast.Or: "or", ast.Not: "not", ast.Invert: "~",
}

# node kinds that are one construct each, by the name a student would look it up by
KINDS = {
    ast.For: "for", ast.While: "while", ast.If: "if", ast.IfExp: "x if test else y",
    ast.Break: "break", ast.Continue: "continue", ast.Return: "return", ast.Pass: "pass",
    ast.FunctionDef: "def", ast.ClassDef: "class", ast.Lambda: "lambda",
    ast.ListComp: "list comprehension", ast.GeneratorExp: "generator expression (... for ... in ...)",
    ast.SetComp: "set comprehension", ast.DictComp: "dict comprehension",
    ast.Set: "set {...}", ast.Dict: "dict {...}", ast.List: "list [...]", ast.Tuple: "tuple",
    ast.Try: "try/except", ast.Raise: "raise", ast.With: "with", ast.Assert: "assert",
    ast.Global: "global", ast.Nonlocal: "nonlocal", ast.Delete: "del", ast.Yield: "yield",
    ast.JoinedStr: "f-string", ast.Slice: "slice [a:b]", ast.Starred: "*unpacking",
    ast.Import: "import", ast.ImportFrom: "from ... import",
}


def constructs(source):
    """The set of constructs the Python program ``source`` shows (SyntaxError if it is not one)."""
    tree = ast.parse(source)
    found = set()
    for node in ast.walk(tree):
        kind = KINDS.get(type(node))
        if kind:
            found.add(kind)
        found |= _details(node)
    return found


def _details(node):
    found = set()
    if isinstance(node, (ast.BinOp, ast.UnaryOp, ast.BoolOp)) and type(node.op) in OPERATORS:
        found.add(OPERATORS[type(node.op)])
    elif isinstance(node, ast.AugAssign):
        found.add(OPERATORS.get(type(node.op), "?") + "=")
    elif isinstance(node, ast.Compare):
        found |= {OPERATORS[type(op)] for op in node.ops}
        if len(node.ops) > 1:
            found.add("chained comparison (a == b == c)")
    elif isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name) and node.func.id in BUILTIN_FUNCTIONS:
            found.add(node.func.id + "()")
        elif isinstance(node.func, ast.Attribute) and node.func.attr in BUILTIN_METHODS:
            found.add("." + node.func.attr + "()")
        if node.keywords:
            found.add("keyword argument f(x=1)")
    elif isinstance(node, ast.FunctionDef):
        if node.name.startswith("__") and node.name.endswith("__"):
            found.add(f"def {node.name}")
        if node.args.defaults or node.args.kw_defaults:
            found.add("default value def f(x=1)")
        if any(isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == node.name
               for call in ast.walk(node)):
            found.add("recursion (a function that calls itself)")
    elif isinstance(node, ast.ClassDef) and node.bases:
        found.add("inheritance class A(B)")
    elif isinstance(node, (ast.For, ast.While)) and node.orelse:
        found.add("else after a loop")
    elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Tuple):
        found.add("index with a comma a[i, j]")
    if isinstance(node, (ast.Assign, ast.For, ast.comprehension)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if any(isinstance(target, (ast.Tuple, ast.List)) for target in targets):
            found.add("unpacking a, b = ...")
    return found


def code_of(cell_source):
    """A code cell as a Python program: IPython's `%magic` and `!shell` lines left out."""
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in cell_source.splitlines())


MEMO = re.compile(r"^\W*(Python メモ|Python note)\b", re.IGNORECASE)


def memo_constructs(markdown):
    """The constructs a markdown cell's Python memo lines declare (the code in their backticks)."""
    found = set()
    for line in markdown.splitlines():
        if MEMO.match(line):
            for code in re.findall(r"`([^`]+)`", line):
                try:
                    found |= constructs(code)
                except SyntaxError:
                    pass  # a word in backticks, not a program
    return found


def read_cells(path):
    """A notebook's cells as (kind, source) pairs: kind is "code" or "markdown"."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return [(cell["cell_type"], "".join(cell["source"])) for cell in notebook["cells"]
            if cell["cell_type"] in ("code", "markdown")], notebook["metadata"].get("lesson", {}).get("needs", [])


def shown(cells):
    """The constructs a run of cells shows: its code, and its markdown's Python memos."""
    found = set()
    for kind, source in cells:
        found |= constructs(code_of(source)) if kind == "code" else memo_constructs(source)
    return found


class Course:
    """The lessons of one language (a folder of notebooks ``NN_*.ipynb``); ``silent`` lessons
    teach nothing to the ledger (they are being rewritten)."""

    def __init__(self, folder, silent=()):
        self.lessons = {path.name[:2]: path for path in sorted(folder.glob("[0-9][0-9]_*.ipynb"))}
        self.silent = set(silent)
        self._read = {}

    def cells(self, number):
        if number not in self._read:
            self._read[number] = read_cells(self.lessons[number])
        return self._read[number]

    def needed(self, number):
        """Every lesson ``number`` needs, all the way back (itself not included)."""
        seen, todo = set(), list(self.cells(number)[1])
        while todo:
            need = todo.pop()
            if need not in seen and need in self.lessons:
                seen.add(need)
                todo.extend(self.cells(need)[1])
        return seen

    def ledger(self, number, before_cell):
        """What a student has met at cell ``before_cell`` of lesson ``number``: the lessons it
        needs and its own cells before that one."""
        met = set()
        for need in self.needed(number) - self.silent:
            met |= shown(self.cells(need)[0])
        return met | shown(self.cells(number)[0][:before_cell])


def missing(solution, start, met):
    """The constructs ``solution`` needs that neither its ``start`` shows nor ``met`` holds, sorted."""
    return sorted(constructs(solution) - constructs(start) - met)
