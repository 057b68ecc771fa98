"""Every exercise of the course, with graded hints and a solution: a stuck student's next step.

Each check in ``games/checks/<game>.py`` is marked with ``@exercise(name, lesson, hints)``:
the name the student's function has, the lesson's notebook, and hints from a nudge to a
near-answer, each in English and Japanese. The solutions are files beside this module, one
per exercise and language (``solutions/en/tictactoe_winner.py``), written for a student to read.

    games.hint()             # the next hint for the exercise checked last in this notebook
    games.hint("winner")     # ... for an exercise by name
    games.solution()         # a solution, to read and compare with your own

A check records in the course's progress when it passed or failed, with a fingerprint of the code
it checked (``code_fingerprint``): the teacher's class view then tells a re-run of the same code, or
of the lesson's unchanged start, from a new try. A failed report ends with one line that says how
to ask for a hint.
"""

import functools
import hashlib
import importlib
import inspect
import io
import textwrap
import tokenize
from dataclasses import dataclass
from importlib import resources

from .. import course_progress
from ..messages import get_language, tr

_EXERCISES = {}  # "tictactoe.winner" -> Exercise, in the order the check modules define them
_notebook = {"last": None, "hints_shown": {}}  # this kernel is one notebook: what it asked so far


@dataclass(frozen=True)
class Hint:
    """One hint, in both languages; ``str(hint)`` is the one in the student's language."""

    en: str
    ja: str

    def __str__(self):
        return tr(en=self.en, ja=self.ja)


@dataclass(frozen=True)
class Exercise:
    """One exercise: ``name`` (as its check prints it), ``game``, ``lesson`` (the notebook's
    file name), ``check`` (the check function) and ``hints`` (a nudge first, a near-answer last)."""

    name: str
    game: str
    lesson: str
    check: object
    hints: tuple

    @property
    def key(self):
        """The exercise's name with its game, unique in the course: ``"tictactoe.winner"``."""
        return f"{self.game}.{self.name}"

    @property
    def solution(self):
        """A solution's source code, commented in the student's language."""
        return self.solution_in(get_language())

    def solution_in(self, language):
        """The solution's source code with comments in ``language`` ("en" or "ja")."""
        folder = resources.files(__package__).joinpath("solutions", language)
        return folder.joinpath(f"{self.game}_{self.name}.py").read_text(encoding="utf-8")


def exercise(name, lesson, hints):
    """Mark a check function as the check of an exercise (see the module's docstring)."""
    def mark(check):
        game = check.__module__.rsplit(".", 1)[-1]

        @functools.wraps(check)
        def checked(*args, **kwargs):
            result = check(*args, **kwargs)
            _after_check(entry, result, code_fingerprint(*args, *kwargs.values()))
            return result

        entry = Exercise(name, game, lesson, checked, tuple(Hint(en, ja) for en, ja in hints))
        _EXERCISES[entry.key] = entry
        return checked
    return mark


def _after_check(entry, result, code):
    _notebook["last"] = entry.key
    lesson = course_progress.lesson_id(entry.lesson)
    if result.passed:
        course_progress.note(lesson, "passed", entry.name, {"code": code})
        return
    # every failure is kept, with how many cases failed and the code's fingerprint: the class view
    # counts the tries on different code, not the re-runs
    failed = {"failed": getattr(result, "failed", 0), "cases": getattr(result, "cases", 0), "code": code}
    course_progress.note(lesson, "failed", entry.name, failed, each=True)
    line = "🆘 " + tr(en="Stuck? games.hint() shows a hint ({n} in all), games.solution() a solution.",
                     ja="行きづまったら games.hint() でヒント（全部で {n} つ）、"
                        "games.solution() で答えの例が見られます。",
                     n=len(entry.hints))
    if not solutions_here():
        line = "🆘 " + tr(en="Stuck? games.hint() shows a hint ({n} in all); after the last one, ask your teacher.",
                         ja="行きづまったら games.hint() でヒント（全部で {n} つ）が見られます。"
                            "最後のヒントのあとは、先生に聞いてください。", n=len(entry.hints))
    print(line)
    result.lines.append(line)


def solutions_here():
    """False in a site built with ``python build.py --no-solutions``: the solutions' files are
    left out of it, and the teacher holds them."""
    return resources.files(__package__).joinpath("solutions").is_dir()


def exercises():
    """Every exercise of the course, in the order of the lessons."""
    from . import CHECK_MODULES
    for module in CHECK_MODULES:
        importlib.import_module(f"{__package__}.{module}")
    return sorted(_EXERCISES.values(), key=lambda e: e.lesson)


def find(name=None):
    """The exercise called ``name`` ("winner" or "tictactoe.winner"); without a name, the one
    checked last in this notebook. Prints what to do instead, and returns None, when there is none."""
    every = exercises()
    if name is None:
        if _notebook["last"] is None:
            print(tr(en="No exercise has been checked in this notebook yet. Run the cell with the check "
                        "(games.checks....), then ask again, or name the exercise: games.hint(\"{example}\").",
                     ja="このノートブックでは、まだ練習問題をチェックしていません。チェックのセル"
                        "（games.checks....）を実行してからもう一度呼ぶか、問題の名前を書いてください: "
                        "games.hint(\"{example}\")", example=every[0].name))
            return None
        return _EXERCISES[_notebook["last"]]
    if not isinstance(name, str):
        print(tr(en="Name the exercise in quotes, for example games.hint(\"winner\"), not {value!r}.",
                 ja="問題の名前は \" \" で囲んで書いてください。例: games.hint(\"winner\")（渡されたもの: {value!r}）",
                 value=name))
        return None
    matches = [e for e in every if name in (e.key, e.name)]
    if len(matches) > 1:  # the same name in two games: the game of the last check decides
        last = _EXERCISES.get(_notebook["last"])
        same_game = [e for e in matches if last and e.game == last.game]
        if len(same_game) == 1:
            return same_game[0]
        print(tr(en="Two exercises are called {name}: say which with its game, {choices}.",
                 ja="{name} という問題は 2 つあります。ゲーム名を付けてください: {choices}",
                 name=name, choices=" / ".join(f'"{e.key}"' for e in matches)))
        return None
    if not matches:
        print(tr(en="There is no exercise called {name!r}. The exercises are: {names}.",
                 ja="{name!r} という問題はありません。問題の名前: {names}",
                 name=name, names=", ".join(e.name for e in every)))
        return None
    return matches[0]


def hint(name=None):
    """Show the next hint of an exercise: the one checked last in this notebook, or ``name``.

    Each call shows one more hint, from a nudge to a near-answer; the last one points to
    ``games.solution()``.
    """
    entry = find(name)
    if entry is None:
        return
    number = min(_notebook["hints_shown"].get(entry.key, 0) + 1, len(entry.hints))
    _notebook["hints_shown"][entry.key] = number
    course_progress.note(course_progress.lesson_id(entry.lesson), "hint", entry.name, str(number))
    print(tr(en="💡 Hint {i} of {n} for {name}:", ja="💡 {name} のヒント {i} / {n}:",
             i=number, n=len(entry.hints), name=entry.name))
    print(str(entry.hints[number - 1]))
    if number < len(entry.hints):
        print(tr(en="(games.hint() again shows the next hint.)",
                 ja="（もう一度 games.hint() を実行すると、次のヒントが出ます。）"))
    elif solutions_here():
        print(tr(en="(That was the last hint. games.solution() shows a solution.)",
                 ja="（これが最後のヒントです。games.solution() で答えの例が見られます。）"))
    else:
        print(tr(en="(That was the last hint. Still stuck? Ask your teacher.)",
                 ja="（これが最後のヒントです。まだ分からなければ、先生に聞いてください。）"))


def solution(name=None):
    """Show a solution of an exercise: the one checked last in this notebook, or ``name``.

    The course map notes that the solution was shown; a check passed afterwards still counts.
    """
    if not solutions_here():
        print(tr(en="Your teacher keeps the solutions in this course. games.hint() shows hints; after the last "
                    "one, ask your teacher.",
                 ja="このコースでは、答えの例は先生が持っています。games.hint() でヒントが見られます。"
                    "最後のヒントのあとは、先生に聞いてください。"))
        return
    entry = find(name)
    if entry is None:
        return
    course_progress.note(course_progress.lesson_id(entry.lesson), "solution", entry.name)
    print(tr(en="✅ A solution for {name} (lesson {lesson}). Read it and compare it with yours: "
                "what is different? Then write it in your own words in the exercise's cell and run "
                "the check again.",
             ja="✅ {name} の答えの例（レッスン {lesson}）。自分のコードとくらべて、どこがちがうか見てみましょう。"
                "それから練習問題のセルに自分の言葉で書き直して、もう一度チェックを実行しましょう。",
             name=entry.name, lesson=entry.lesson.removesuffix(".ipynb")))
    print()
    print(entry.solution.rstrip())



# ------------------------------------------------------------------ the code a check ran on

def code_fingerprint(*values):
    """12 hex digits naming the code a check ran on: a function or class by its source (comments,
    blank lines and indentation's width left out), anything else by its ``repr``. The same code gives
    the same fingerprint in CPython and in Pyodide, so the build can compute the lesson's start's
    (``start_fingerprint``). Only the values passed count: a helper the function calls does not."""
    digest = hashlib.sha256()
    for value in values:
        digest.update(_code_text(value).encode("utf-8", "replace"))
        digest.update(b"\0")
    return digest.hexdigest()[:12]


def start_fingerprint(parts):
    """The fingerprint ``code_fingerprint`` gives for these values: ``("source", text)`` for a
    function or class the student's notebook defines, ``("name", qualified name)`` for one it imports."""
    digest = hashlib.sha256()
    for kind, text in parts:
        digest.update((source_tokens(text) if kind == "source" else f"<{text}>").encode("utf-8", "replace"))
        digest.update(b"\0")
    return digest.hexdigest()[:12]


def source_tokens(source):
    """The source's tokens without comments and blank lines, for a fingerprint (token strings only,
    joined: Python 3.12 splits an f-string into several tokens whose strings join to the same text)."""
    marks = {tokenize.INDENT: "\x01", tokenize.DEDENT: "\x02", tokenize.NEWLINE: "\n"}
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.ENDMARKER, tokenize.ENCODING}
    try:
        tokens = tokenize.generate_tokens(io.StringIO(textwrap.dedent(source)).readline)
        return "".join(marks.get(t.type, t.string) for t in tokens if t.type not in skip)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return source.strip()


def _code_text(value):
    target = value if inspect.isfunction(value) or inspect.isclass(value) or inspect.ismethod(value) else None
    if target is None and type(value).__module__ == "__main__":
        target = type(value)  # an agent made from the student's own class
    if target is not None and str(getattr(target, "__module__", "")).split(".")[0] == "games":
        return f"<{target.__qualname__}>"  # the course's own code (games.autograd.Variable): not the student's
    if target is not None:
        try:
            return source_tokens(inspect.getsource(target))
        except (OSError, TypeError):
            code = getattr(target, "__code__", None)
            if code is not None:
                return repr((code.co_code, code.co_consts, code.co_names))
    try:
        return repr(value)[:100_000]
    except Exception:  # a student's __repr__ may fail: the type still names it
        return type(value).__qualname__
