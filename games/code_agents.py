"""A student's agent function as Python text that stands alone, and that text back as a function.

``games.save_agent`` saves a function ``agent(env) -> action`` as its source: the function,
the helper functions it calls and the constants it reads, all found by looking at what the
function uses (``gather``). ``games.load_agent`` runs that text to define the function again
(``rebuild``).

What a saved function may use, besides Python's built-ins:

- the modules ``games``, ``numpy`` (``np``), ``random``, ``math`` and ``time``, and names imported
  from them (``from games.agents.connectfour import heuristic``): recorded as import lines;
- helper functions defined in the same notebook (and what they use, in turn);
- constants: numbers, text, True, False, None, and lists, tuples, sets and dicts of them.

Anything else, such as a variable holding a board, an object, a lambda or a function
defined inside another function, cannot go into the file: ``gather`` refuses, naming it.

How the names a function uses are found: Python compiles a function to bytecode, in which
each global name it reads is a ``LOAD_GLOBAL`` instruction (``dis`` lists them); the
default values of its arguments are read from its source (``ast``), since they are
worked out where the function is defined.
"""

import ast
import builtins
import dis
import inspect
import linecache
import sys
import textwrap
import types

from .errors import AgentFileError
from .messages import tr

ALLOWED_MODULES = ("games", "numpy", "random", "math", "time")  #: modules a saved function may import


def gather(function):
    """``{"entry": name, "source": text}``: ``function`` and all it needs, as source that stands alone.

    Raises ``AgentFileError`` naming each thing that cannot be saved.
    """
    found = _Found()
    _visit(function, found)
    if found.problems:
        raise AgentFileError(tr(
            en="{name} cannot be saved as a file on its own:\n{problems}\nA saved agent may use: games, numpy, "
               "random, math, time; functions of its own notebook; and constants (numbers, text, True/False/None, and "
               "lists, tuples or dicts of them). Write what is missing inside the function, or as such a constant.",
            ja="{name} はこのままでは 1 つのファイルに保存できません:\n{problems}\n保存できるエージェントが使えるもの: "
               "games・numpy・random・math・time、同じノートブックで定義した関数、定数（数・文字列・"
               "True/False/None と、それらのリスト・タプル・辞書）。足りないものは関数の中に書くか、"
               "そのような定数にしてください。",
            name=getattr(function, "__name__", "?"), problems="\n".join(f"  - {p}" for p in found.problems)))
    lines = [f"import {module} as {alias}" if module != alias else f"import {module}"
             for alias, module in sorted(found.modules.items())]
    lines += [f"from {module} import {attribute} as {alias}" if attribute != alias
              else f"from {module} import {attribute}"
              for alias, (module, attribute) in sorted(found.imported.items())]
    lines += [f"{name} = {text}" for name, text in sorted(found.constants.items())]
    parts = ["\n".join(lines)] if lines else []
    parts += [source.strip() for source in found.sources.values()]  # helpers first, the function itself last
    parts += [f"{alias} = {original}" for alias, original in sorted(found.aliases.items())]
    return {"entry": function.__name__, "source": "\n\n\n".join(parts) + "\n"}


class _Found:
    """What ``_visit`` has found so far."""

    def __init__(self):
        self.modules = {}  # alias -> module name (import numpy as np)
        self.imported = {}  # alias -> (module, attribute) (from math import sqrt)
        self.constants = {}  # name -> its value as Python text
        self.sources = {}  # function name -> its source (in the order they are finished)
        self.aliases = {}  # a second name of a helper -> its own name
        self.visiting = set()
        self.problems = []


def _visit(function, found):
    """Add ``function``'s source and everything it uses to ``found`` (helpers first)."""
    name = getattr(function, "__name__", "?")
    if name in found.visiting or name in found.sources:
        return
    found.visiting.add(name)
    if not isinstance(function, types.FunctionType):
        found.problems.append(tr(en="{name} is not a function defined with def",
                                 ja="{name} は def で定義した関数ではありません", name=name))
        return
    if name == "<lambda>":
        found.problems.append(tr(en="a lambda (write it as a function with def)",
                                 ja="lambda（def を使った関数にしてください）"))
        return
    if function.__closure__:
        found.problems.append(tr(
            en="{name} uses {names} of the function it is defined in (define {name} at the top level of a cell)",
            ja="{name} は、それを囲む関数の {names} を使っています（{name} はセルのいちばん外側で定義してください）",
            name=name, names=", ".join(function.__code__.co_freevars)))
        return
    definition = _definition(function, found)
    if definition is None:
        return
    source, node = definition
    for used in sorted(_global_names(function.__code__) | _names_in_defaults(node)):
        _resolve(used, function, found)
    for used in sorted(_names_in_defaults(node) - set(found.constants)):
        found.problems.append(tr(en="the default value {used} of {name} is not a constant",
                                 ja="{name} の引数の既定値 {used} は定数ではありません", used=used, name=name))
    found.sources[name] = source


def _definition(function, found):
    """``(source, ast node)`` of ``function``'s ``def``, or None (a problem is noted)."""
    name = function.__name__
    try:
        source = textwrap.dedent(inspect.getsource(function))
        node = ast.parse(source).body[0]
    except (OSError, TypeError, SyntaxError, IndexError):
        found.problems.append(tr(
            en="the source of {name} cannot be found (define it in a notebook cell or a .py file)",
            ja="{name} のソースコードが見つかりません（ノートブックのセルか .py ファイルで定義してください）",
            name=name))
        return None
    if not isinstance(node, ast.FunctionDef) or node.name != name:
        found.problems.append(tr(en="{name} is not written as a plain def", ja="{name} は普通の def で書かれていません",
                                 name=name))
        return None
    if node.decorator_list:
        found.problems.append(tr(en="{name} has a decorator (@...): save a plain function",
                                 ja="{name} にはデコレーター（@...）が付いています。普通の関数を保存してください",
                                 name=name))
        return None
    if not plain_definition(node, constants=_names_in_defaults(node)):
        found.problems.append(tr(
            en="a default value or annotation of {name} computes something (a call, arithmetic, an index...): "
               "use a constant there",
            ja="{name} の引数の既定値か注釈で何かを計算しています（呼び出し・計算・添字など）。そこには定数を"
               "使ってください", name=name))
        return None
    return source, node


def _global_names(code):
    """The global names read by ``code`` and the functions and comprehensions inside it."""
    names = {instruction.argval for instruction in dis.get_instructions(code)
             if instruction.opname in ("LOAD_GLOBAL", "LOAD_NAME")}
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            names |= _global_names(constant)
    return {name for name in names if isinstance(name, str)}


def _names_in_defaults(node):
    """The names read by the default values of a ``def``'s arguments (worked out where it is defined)."""
    defaults = node.args.defaults + [d for d in node.args.kw_defaults if d is not None]
    return {n.id for default in defaults for n in ast.walk(default) if isinstance(n, ast.Name)}


def _resolve(name, function, found):
    """Note how the saved file gets the global ``name`` that ``function`` reads."""
    space = function.__globals__
    if name not in space:
        if not hasattr(builtins, name):
            found.problems.append(tr(en="{name} is not defined", ja="{name} が定義されていません", name=name))
        return
    value = space[name]
    if isinstance(value, types.ModuleType):
        if _allowed(value.__name__):
            found.modules[name] = value.__name__
        else:
            found.problems.append(tr(en="the module {module} (allowed: {allowed})",
                                     ja="モジュール {module}（使えるのは {allowed}）",
                                     module=value.__name__, allowed=", ".join(ALLOWED_MODULES)))
    elif isinstance(value, types.FunctionType) and value.__globals__ is space:
        _visit(value, found)  # a helper of the same notebook: saved with its source
        if value.__name__ != name:
            found.aliases[name] = value.__name__
    elif _importable(value):
        found.imported[name] = (value.__module__, value.__name__)
    elif is_constant(value):
        found.constants[name] = repr(value)
    else:
        found.problems.append(tr(
            en="{name} is a {kind}, not a constant",
            ja="{name} は {kind} で、定数ではありません", name=name, kind=type(value).__name__))


def _allowed(module_name):
    return module_name.split(".")[0] in ALLOWED_MODULES


def _importable(value):
    """True for a function or class of an allowed module that ``from module import name`` gives back."""
    module, name = getattr(value, "__module__", None), getattr(value, "__name__", None)
    if not (isinstance(module, str) and isinstance(name, str) and _allowed(module)):
        return False
    return getattr(sys.modules.get(module), name, None) is value


def is_constant(value, depth=0):
    """True for a number, text, True/False/None, or a list/tuple/set/dict of them whose ``repr`` reads back equal."""
    if depth > 20:
        return False
    if value is None or type(value) in (bool, int, float, str):
        simple = True
    elif type(value) in (list, tuple, set, frozenset):
        simple = all(is_constant(item, depth + 1) for item in value)
    elif type(value) is dict:
        simple = all(is_constant(k, depth + 1) and is_constant(v, depth + 1) for k, v in value.items())
    else:
        return False
    if not simple or depth:
        return simple
    try:  # inf and nan have no literal, for example
        return ast.literal_eval(repr(value)) == value
    except (ValueError, SyntaxError):
        return False


MAX_SOURCE_CHARACTERS = 200_000  #: a saved function's whole text (a lesson's agent is a few thousand)
MAX_LITERAL_DEPTH = 20  #: lists in lists ... in a constant, as ``is_constant`` allows
MAX_LITERAL_ITEMS = 100_000  #: numbers and texts in one constant


def rebuild(saved, filename):
    """The function defined by ``saved`` (``{"entry", "source"}``, as ``gather`` made it).

    The source is checked first (``check_source``): it may hold only import lines of the allowed
    modules, constants written as plain literals and ``def``s whose defaults are plain literals, so
    defining the function runs none of its author's code.
    """
    tree = check_source(saved, filename)
    source, entry = saved["source"], saved["entry"]
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)  # for tracebacks
    space = {"__name__": "saved_agent", "__builtins__": builtins}
    try:
        exec(compile(tree, filename, "exec"), space)  # noqa: S102 - only imports, literals and defs (checked)
    except Exception as error:  # noqa: BLE001 - an annotation naming nothing, say: the file is refused, clearly
        raise AgentFileError(tr(en="{file}: defining its functions failed ({error}).",
                                ja="{file}: 関数を定義できませんでした（{error}）。",
                                file=filename, error=f"{type(error).__name__}: {error}")) from None
    function = space.get(entry)
    if not isinstance(function, types.FunctionType):
        raise AgentFileError(tr(en="{file}: it defines no function {entry}.",
                                ja="{file}: 関数 {entry} が定義されていません。",
                                file=filename, entry=entry))
    return function


def check_source(saved, filename):
    """The parsed source of a saved function (``{"entry", "source"}``), checked without running any of it.

    Allowed at the top level: ``import`` / ``from ... import`` of the allowed modules; ``NAME = literal``
    (numbers, text, True/False/None, and lists, tuples, sets and dicts of them, at most 20 deep);
    ``NAME = other_name`` for a function defined above it; and ``def`` with no decorator, whose
    defaults are such literals and whose annotations are literals or names (``int``, ``np.ndarray``).
    Raises ``AgentFileError`` naming the line and what is wrong.
    """
    if not (isinstance(saved, dict) and isinstance(saved.get("source"), str) and isinstance(saved.get("entry"), str)):
        raise AgentFileError(tr(en="{file}: it holds no function (its text and name are missing).",
                                ja="{file}: 関数が入っていません（コードか名前がありません）。", file=filename))
    source, entry = saved["source"], saved["entry"]
    if len(source) > MAX_SOURCE_CHARACTERS:
        raise AgentFileError(tr(en="{file}: its Python text is {n} characters long; at most {limit} are allowed.",
                                ja="{file}: Python のコードが {n} 文字あります。{limit} 文字までです。",
                                file=filename, n=len(source), limit=MAX_SOURCE_CHARACTERS))
    try:
        tree = ast.parse(source, filename)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
        raise AgentFileError(tr(en="{file}: its Python text does not parse ({error}).",
                                ja="{file}: 中の Python のコードが読めません（{error}）。",
                                file=filename, error=type(error).__name__)) from None
    defined, constants = set(), set()
    shadowed = {name for node in ast.walk(tree) for name in _bound_names(node)}
    for statement in tree.body:
        problem = _statement_problem(statement, defined, shadowed, constants)
        if problem is not None:
            raise AgentFileError(tr(en="{file}: line {line} {problem}.", ja="{file}: {line} 行目: {problem}。",
                                    file=filename, line=statement.lineno, problem=problem))
        if isinstance(statement, ast.FunctionDef):
            defined.add(statement.name)
        elif isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Name):
            defined.update(target.id for target in statement.targets)
        elif isinstance(statement, ast.Assign):
            constants.update(target.id for target in statement.targets)
    if entry not in defined:
        raise AgentFileError(tr(en="{file}: it defines no function {entry}.",
                                ja="{file}: 関数 {entry} が定義されていません。", file=filename, entry=entry))
    return tree


def _bound_names(node):
    """The names a statement binds anywhere in the file (so that ``set()`` is known to be the built-in)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return [(alias.asname or alias.name).split(".")[0] for alias in node.names]
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
        return [node.id]
    if isinstance(node, ast.arg):
        return [node.arg]
    return []


def _statement_problem(statement, defined, shadowed, constants):
    """Why a top-level statement may not be in a saved file, or None when it may."""
    not_allowed = tr(en="is not an import, a constant or a def: a saved agent holds only those",
                     ja="import・定数・def のどれでもありません。保存されたエージェントにはそれしか入りません")
    if isinstance(statement, ast.Import):
        return None if all(_allowed(alias.name) for alias in statement.names) else not_allowed
    if isinstance(statement, ast.ImportFrom):
        plain = statement.level == 0 and _allowed(statement.module or "")
        return None if plain and all(alias.name != "*" for alias in statement.names) else not_allowed
    if isinstance(statement, ast.FunctionDef):
        if statement.decorator_list:
            return not_allowed
        return None if plain_definition(statement, shadowed, constants) else tr(
            en="is a def whose default values or annotations compute something: use plain constants there",
            ja="def の引数の既定値か注釈で何かを計算しています。そこには普通の定数を使ってください")
    if isinstance(statement, ast.Assign) and all(isinstance(t, ast.Name) for t in statement.targets):
        if isinstance(statement.value, ast.Name):  # a second name of a helper defined above
            return None if statement.value.id in defined else not_allowed
        return None if plain_literal(statement.value, shadowed) else tr(
            en="is not a plain constant (numbers, text, True/False/None, and lists, tuples, sets or dicts of them)",
            ja="普通の定数（数・文字列・True/False/None と、それらのリスト・タプル・集合・辞書）ではありません")
    return not_allowed


def plain_literal(node, shadowed=frozenset(), names=frozenset()):
    """True for a constant written out: numbers, text, True/False/None, ``-3``, and lists, tuples,
    sets and dicts of them (at most ``MAX_LITERAL_DEPTH`` deep), or ``set()`` when ``set`` is the built-in.
    Nothing in it calls or computes anything; the only names it may read are ``names`` (constants
    defined above it)."""
    todo, items = [(node, 0)], 0
    while todo:
        node, depth = todo.pop()
        items += 1
        if depth > MAX_LITERAL_DEPTH or items > MAX_LITERAL_ITEMS:
            return False
        if isinstance(node, ast.Constant):
            continue
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)) \
                and isinstance(node.operand, ast.Constant) and type(node.operand.value) in (int, float, complex):
            continue
        if isinstance(node, ast.Name) and node.id in names:
            continue
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            todo += [(item, depth + 1) for item in node.elts]
        elif isinstance(node, ast.Dict) and None not in node.keys:
            todo += [(item, depth + 1) for item in node.keys + node.values]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "set" \
                and not node.args and not node.keywords and "set" not in shadowed:
            continue  # the empty set has no other literal
        else:
            return False
    return True


def _plain_annotation(node):
    """An annotation may be a literal or a name such as ``int`` or ``np.ndarray``: looking it up runs nothing."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, (ast.Name, ast.Constant))


def plain_definition(node, shadowed=frozenset(), constants=frozenset()):
    """True when defining the function ``node`` runs nothing: its default values are plain literals (or
    ``constants``, names of constants defined above it) and its annotations literals or names (both are
    worked out when the ``def`` runs)."""
    arguments = node.args
    defaults = arguments.defaults + [d for d in arguments.kw_defaults if d is not None]
    annotations = [node.returns] + [a.annotation for a in arguments.posonlyargs + arguments.args
                                    + arguments.kwonlyargs + [arguments.vararg, arguments.kwarg] if a is not None]
    return all(plain_literal(d, shadowed, constants) for d in defaults) and \
        all(_plain_annotation(a) for a in annotations if a is not None)
