"""Self-checks for the lessons' exercises.

A check runs a student's function on a few cases and says, in the chosen language,
what is right and what to look at — it never ends in a traceback::

    games.checks.run(my_function, [
        Case(args=(3, 4), expected=7, hint_en="3 + 4", hint_ja="3 + 4"),
    ])

Each lesson's checks live in a module per game (``games.checks.tictactoe`` ...) and
are built from ``Case`` and ``run``.
"""

import importlib
import traceback
from dataclasses import dataclass, field

import numpy as np

from ..envs import make
from ..envs.values import whole_number
from ..messages import tr


@dataclass
class Case:
    """One test of a student's function: call it with ``args``; expect ``expected``.

    ``accept(result) -> bool`` replaces the equality test when several answers are right.
    ``hint_en`` / ``hint_ja`` say what the case is about, shown when it fails.
    """

    args: tuple = ()
    expected: object = None
    hint_en: str = ""
    hint_ja: str = ""
    accept: object = None
    kwargs: dict = field(default_factory=dict)

    def hint(self):
        return tr(en=self.hint_en, ja=self.hint_ja or self.hint_en)


class CheckResult:
    """What ``run`` found: ``passed`` (bool), the lines it printed, and ``failed`` / ``cases``:
    how many cases failed, of how many (the course's progress records them for the teacher)."""

    def __init__(self, passed, lines, failed=0, cases=0):
        self.passed = passed
        self.lines = lines
        self.failed = failed
        self.cases = cases

    def __bool__(self):
        return self.passed

    def __repr__(self):
        return "\n".join(self.lines)

    def _ipython_display_(self):
        pass  # the report was already printed by run(); showing it twice would confuse


def run(function, cases, title=""):
    """Run ``function`` on every case, print a friendly report, return a ``CheckResult``."""
    lines = [title] if title else []
    if not callable(function):
        lines.append(tr(en="✗ Give the check your function itself (its name without brackets), not {value!r}.",
                        ja="✗ チェックには関数そのもの（かっこを付けない名前）を渡してください。"
                           "渡されたもの: {value!r}",
                        value=function))
        return _finish(False, lines, len(cases), len(cases))
    passed = 0
    for number, case in enumerate(cases, start=1):
        ok, message = _run_case(function, case)
        passed += ok
        lines.append(("✓ " if ok else "✗ ") + tr(en="case {n}", ja="ケース {n}", n=number)
                     + (": " + case.hint() if case.hint() else "") + ("" if ok else "\n    " + message))
    all_passed = passed == len(cases)
    lines.append(tr(en="All {n} cases passed. Well done!", ja="{n} 個のケースすべて正解です。よくできました！",
                    n=len(cases)) if all_passed else
                 tr(en="{p} of {n} cases passed. Read the hints above and try again.",
                    ja="{n} 個中 {p} 個が正解です。上のヒントを読んで、もう一度やってみましょう。",
                    p=passed, n=len(cases)))
    return _finish(all_passed, lines, len(cases) - passed, len(cases))


def _run_case(function, case):
    try:
        result = function(*case.args, **case.kwargs)
    except Exception as error:  # a student's bug: explain it instead of a traceback
        where = traceback.extract_tb(error.__traceback__)[-1]
        return False, tr(en="your function raised {kind}: {error} (line {line}: {code})",
                         ja="関数の中でエラー {kind} が起きました: {error}（{line} 行目: {code}）",
                         kind=type(error).__name__, error=error, line=where.lineno, code=where.line)
    try:
        ok = case.accept(result) if case.accept is not None else _equal(result, case.expected)
    except Exception:
        ok = False
    if ok:
        return True, ""
    return False, tr(en="expected {expected!r}, got {result!r}",
                     ja="期待した答えは {expected!r}、返ってきた値は {result!r}",
                     expected=plain(case.expected), result=plain(result))


def plain(value, arrays=False):
    """``value`` with numpy numbers turned into Python ones, so a report shows 2, not np.int64(2).

    With ``arrays=True`` arrays become lists too, and lists tuples (for answers given as a
    tuple or a list alike, such as the gradients ``backward`` returns).
    """
    if isinstance(value, np.generic) or (isinstance(value, np.ndarray) and value.shape == ()):
        return value.item()
    if arrays and isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, (list, tuple)):
        items = [plain(item, arrays) for item in value]
        if arrays:
            return tuple(items)
        return type(value)(items) if type(value) in (list, tuple) else value
    if isinstance(value, dict):
        return {plain(key): plain(item, arrays) for key, item in value.items()}
    return value


def close(result, expected, rtol=1e-6, atol=1e-9):
    """True when ``result`` is a number, or an array or list of numbers, close to ``expected``
    and of its shape. True / False, None, a tuple and an autograd ``Variable`` are not numbers here."""
    if result is None or isinstance(result, (bool, np.bool_, tuple)) or is_variable(result):
        return False
    try:
        result = np.asarray(result, dtype=np.float64)
    except (TypeError, ValueError):
        return False
    return result.shape == np.shape(expected) and bool(np.allclose(result, expected, rtol=rtol, atol=atol))


def is_variable(value):
    """An autograd ``Variable`` (the lessons' own or the package's): its number is ``.data``."""
    return (hasattr(value, "data") and hasattr(value, "creator")) or type(value).__name__ == "Variable"


def _equal(result, expected):
    if isinstance(result, np.ndarray) or isinstance(expected, np.ndarray):
        return bool(np.array_equal(np.asarray(result), np.asarray(expected)))
    return bool(result == expected)


def move_case(env, right, hint_en, hint_ja):
    """A case for an agent: in position ``env`` any move in ``right`` is a good answer.

    The case's argument is ``call(agent)``, which asks the agent on a copy of the position
    (the agent may look ahead by playing moves on it). Run the cases with
    ``run(lambda call: call(agent), cases)``.
    """
    def call(agent):
        return plain(agent(env.clone()))

    return Case(args=(call,), expected=right, accept=lambda result: whole_number(result, floats=True) in right,
                hint_en=hint_en, hint_ja=hint_ja)


def say_tips(result, tips):
    """After a failed check, print the tips whose condition holds: ``tips`` is a list of
    ``(condition, en, ja)``, ``condition()`` says whether the tip fits the student's answer."""
    if result.passed:
        return result
    for condition, en, ja in tips:
        try:
            hit = condition()
        except Exception:  # the student's code fails here too: the report above says where
            hit = False
        if hit:
            line = "💡 " + tr(en=en, ja=ja)
            print(line)
            result.lines.append(line)
    return result


def game_after(game, moves):
    """A new game of ``game`` after the actions ``moves`` were played (seed 0)."""
    env = make(game)
    env.reset(seed=0)
    for action in moves:
        env.step(action)
    return env


# What a report shows of an answer: words as they are (not in quotes), never a big array.
class Words:
    """Text a report shows as it is, not in quotes (such as what a check expected)."""

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


class Verdict(Words):
    """What a comparison found: ``right`` (True / False) and the words that say what differs."""

    def __init__(self, right, text):
        super().__init__(text)
        self.right = right


class Shown:
    """A student's array answer with a short, readable repr for the report (planes are big arrays).

    ``describe(array)`` writes the text; an answer that is not an array of numbers shows as it is.
    """

    def __init__(self, value, describe):
        self.value = value
        self.describe = describe

    def __repr__(self):
        try:
            array = np.asarray(self.value, dtype=float)
        except (TypeError, ValueError):
            return repr(self.value)
        return self.describe(array)


def compare_planes(result, answer, plane_name=None):
    """Compare a student's planes with ``answer`` (planes × rows × cols): a ``Verdict``.

    The same numbers in another shape of the same size (such as one flat row, the vector a
    network reads) are right too. ``plane_name(i)`` names plane ``i`` where one differs.
    """
    try:
        array = np.asarray(result.value if isinstance(result, Shown) else result, dtype=float)
    except (TypeError, ValueError):
        return Verdict(False, tr(en="{kind} (not planes of numbers)", ja="{kind}（数の並んだチャンネルではありません）",
                                 kind=type(result).__name__))
    if array.ndim == 0:  # one number, or None
        return Verdict(False, repr(result)[:60])
    shape = answer.shape
    if array.size == answer.size and array.shape != shape:
        array = array.reshape(shape)
    if array.shape != shape:
        if array.ndim == 3:
            return Verdict(False, tr(en="{n} planes of shape {shape}", ja="形 {shape} のチャンネルが {n} 個",
                                     n=array.shape[0], shape=array.shape[1:]))
        return Verdict(False, tr(en="an array of shape {shape}", ja="形 {shape} の配列", shape=array.shape))
    wrong = [i for i in range(shape[0]) if not np.array_equal(array[i], answer[i].astype(float))]
    if wrong:
        names = ", ".join(plane_name(i) if plane_name else str(i) for i in wrong)
        return Verdict(False, tr(en="the right shape, but these planes are not right: {planes}",
                                 ja="形は正しいですが、次のチャンネルがちがいます: {planes}", planes=names))
    return Verdict(True, tr(en="right", ja="正解"))


def same_planes(result, expected):
    """Right if the numbers of the planes are right (see ``compare_planes``)."""
    return compare_planes(result, expected).right


def _finish(passed, lines, failed, cases):
    print("\n".join(lines))
    return CheckResult(passed, lines, failed, cases)


CHECK_MODULES = ("python_start", "scratch", "tictactoe", "connectfour", "othello", "minesweeper", "puyopuyo")


from .exercise_book import exercises as exercises, hint as hint, solution as solution  # noqa: E402 - after CHECK_MODULES, which it reads


def __getattr__(name):
    # games.checks.tictactoe works right after `import games`, like games.agents.othello
    if name in CHECK_MODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
