"""The self-regulated learning cycle of a lesson: plan at the start, predict and answer on the
way, reflect at the end. Each is recorded in the course's progress (``course_progress``), which the
course map shows the student and the class view shows the teacher.

    games.plan("10")                        # the lesson's objectives; choose today's goal and time
    games.ask("10.lines")                   # a question: answer, then read why
    games.reflect("10")                     # rate each objective, one line on what helped / what next

Each shows a form; each also takes its answers as arguments (for tests, and without a mouse)::

    games.plan("10", goal=2, minutes=30)    # goal: an objective's number, or your own words
    games.ask("10.lines", 8)                # a letter ("B") for a multiple-choice question
    games.reflect("10", ["can", "nearly"], "Drawing the lines on paper helped.")

The lesson is named by its number because the Python kernel cannot see which notebook it runs in
(``lessons.py`` says where the objectives come from).
"""

import sys

from .. import course_progress
from ..errors import GamesError
from ..messages import get_language, tr
from . import lessons
from .questions import questions

RATINGS = (("can", "I can", "できた"), ("nearly", "nearly", "だいたい"), ("not_yet", "not yet", "まだ"))
MAX_LINE = 300
MAX_MINUTES = 180

__all__ = ["plan", "ask", "reflect"]


class Problem(Exception):
    """An answer that cannot be recorded; the message says what is allowed."""


# ---------------------------------------------------------------- plan

def plan(lesson, goal=None, minutes=None):
    """Start a lesson: see what you will be able to do, choose today's goal and say how long
    you expect to take. ``goal``: an objective's number (1, 2, ...) or your own goal in words;
    ``minutes``: a whole number. Without them, a form asks."""
    facts = _facts(lesson)
    if facts is None:
        return
    objectives = facts["objectives"]
    if goal is None and minutes is None:
        print(tr(en="🎯 Choose your goal for today, and how long you expect to take.",
                 ja="🎯 今日の目標と、かかりそうな時間を決めましょう。"))
        options = [{"value": str(n), "label": f"{n}. {o}"} for n, o in enumerate(objectives, start=1)]
        options.append({"value": "all", "label": tr(en="All of them", ja="ぜんぶ")})
        spec = {"form": "plan", "submit": tr(en="Save my plan", ja="計画を保存"), "fields": [
            {"name": "goal", "kind": "choice", "label": tr(en="My goal today", ja="今日の目標"), "options": options},
            {"name": "minutes", "kind": "number", "value": facts.get("minutes"),
             "label": tr(en="I expect to take (minutes)", ja="かかりそうな時間（分）")}]}
        _show_form(spec, lambda values: _saved(_record_plan, facts, values.get("goal"), values.get("minutes")),
                   f'games.plan("{lesson}", goal=1, minutes=30)',
                   [f"  {number}. {objective}" for number, objective in enumerate(objectives, start=1)])
        return
    _print_outcome(_saved(_record_plan, facts, goal, minutes))


def _record_plan(facts, goal, minutes):
    objectives = facts["objectives"]
    if goal == "all":
        goal_text = tr(en="All of them", ja="ぜんぶ")
    elif _is_whole(goal) and 1 <= int(goal) <= len(objectives):
        goal_text = objectives[int(goal) - 1]
    elif isinstance(goal, str) and goal.strip() and not goal.strip().isdigit():
        goal_text = _one_line(goal)
    else:
        raise Problem(tr(en="Choose your goal: an objective's number from 1 to {n}, or your own goal in words "
                            "(in quotes). Got {value!r}.",
                         ja="目標を選んでください: 1 から {n} までの番号か、自分の目標を \" \" で囲んだ言葉で。"
                            "（渡されたもの: {value!r}）", n=len(objectives), value=goal))
    if not _is_whole(minutes) or not 1 <= int(minutes) <= MAX_MINUTES:
        raise Problem(tr(en="Say how many minutes you expect to take: a whole number from 1 to {most}. "
                            "Got {value!r}.",
                         ja="かかりそうな時間を、1 から {most} までの整数（分）で書いてください。"
                            "（渡されたもの: {value!r}）",
                         most=MAX_MINUTES, value=minutes))
    course_progress.note(course_progress.lesson_id(facts["file"]), "plan", "",
                         {"goal": goal_text, "minutes": int(minutes)})
    return "saved", tr(en="✓ Saved. Today's goal: {goal} (about {m} minutes). At the end, games.reflect() asks how "
                          "it went.",
                       ja="✓ 保存しました。今日の目標: {goal}（{m} 分くらい）。最後に games.reflect() で"
                          "ふりかえります。", goal=goal_text, m=int(minutes))


# ---------------------------------------------------------------- ask

def ask(key, answer=None):
    """A question of the lesson: a prediction before a cell's result, or a concept question.
    Answer it in the form, or as ``answer`` (a letter such as "B", or a number). Your first
    answer is the one recorded; then the explanation shows."""
    every = questions()
    entry = every.get(key) if isinstance(key, str) else None
    if entry is None:
        print(tr(en="There is no question called {key!r}. The questions are: {keys}.",
                 ja="{key!r} という問題はありません。問題: {keys}", key=key, keys=", ".join(sorted(every))))
        return
    if answer is None:
        print("❓ " + entry.text)
        if entry.choices:
            field = {"name": "answer", "kind": "choice", "label": tr(en="Your answer", ja="あなたの答え"),
                     "options": [{"value": letter, "label": f"{letter}. {text}"} for letter, text in entry.options()]}
            example = f'games.ask("{key}", "A")'
        else:
            field = {"name": "answer", "kind": "number", "label": tr(en="Your answer", ja="あなたの答え")}
            example = f'games.ask("{key}", 3)'
        spec = {"form": "ask", "submit": tr(en="Check my answer", ja="答え合わせ"), "fields": [field]}
        shown_at = _cell_count()
        if shown_at is not None:
            _first_shown.setdefault(key, shown_at)
        _show_form(spec, lambda values: _saved(_record_answer, entry, values.get("answer"), _before_run(key)),
                   example, [f"  {letter}. {text}" for letter, text in entry.options()])
        return
    print("❓ " + entry.text)
    _print_outcome(_saved(_record_answer, entry, answer, _before_run(key)))


# question key -> IPython's cell count when this kernel first showed its form
_first_shown = {}


def _cell_count():
    """IPython's count of cells run (while a cell runs, that cell's number); None without IPython."""
    ipython = sys.modules.get("IPython")  # not imported: no notebook runs this Python
    shell = ipython.get_ipython() if ipython is not None else None
    count = getattr(shell, "execution_count", None)
    return count if isinstance(count, int) else None


def _before_run(key):
    """Whether the answer comes before any other cell ran since the question was first shown (its
    form's cell ends with the count one higher); an answer given in the question's own call is
    before. None where no IPython counts the cells."""
    now = _cell_count()
    if now is None:
        return None
    return now <= _first_shown.get(key, now) + 1


def _record_answer(entry, answer, before_run=None):
    if entry.choices:
        letters = [letter for letter, _ in entry.options()]
        given = answer.strip().upper() if isinstance(answer, str) else None
        if given not in letters:
            raise Problem(tr(en="Answer with one of the letters {letters} (in quotes). Got {value!r}.",
                             ja="{letters} のどれかの文字を \" \" で囲んで答えてください。（渡されたもの: {value!r}）",
                             letters=", ".join(letters), value=answer))
        right = given == entry.answer
        shown, correct = given, f"{entry.answer}. {dict(entry.options())[entry.answer]}"
    else:
        number = _number(answer)
        if number is None:
            raise Problem(tr(en="Answer with a number. Got {value!r}.",
                             ja="数で答えてください。（渡されたもの: {value!r}）", value=answer))
        right = abs(number - entry.answer) <= entry.tolerance
        shown, correct = (int(number) if number == int(number) else number), entry.answer
    first = not any(e["name"] == entry.key for e in course_progress.events("answer"))
    detail = {"answer": shown, "right": right}
    if before_run is not None:
        detail["before_run"] = before_run
    course_progress.note(course_progress.lesson_id(entry.lesson), "answer", entry.key, detail)
    verdict = tr(en="✓ Right!", ja="✓ 正解！") if right else \
        tr(en="✗ Not quite: the answer is {c}.", ja="✗ ざんねん。答えは {c} です。", c=correct)
    again = "" if first else "\n" + tr(en="(Your first answer is the one recorded.)",
                                       ja="（記録されるのは最初の答えです。）")
    return ("right" if right else "wrong"), f"{verdict}\n{entry.explanation}{again}"


# ---------------------------------------------------------------- reflect

def reflect(lesson, ratings=None, line=None):
    """End a lesson: rate each objective "can" / "nearly" / "not yet" (できた / だいたい / まだ)
    and write one line on what helped and what to try next time. Without them, a form asks."""
    facts = _facts(lesson)
    if facts is None:
        return
    objectives = facts["objectives"]
    kept = storage_kept()  # asked now, in the cell: the browser answers a running cell, not a form's button
    if ratings is None and line is None:
        print(tr(en="🪞 How did it go? Rate each objective, then write one line.",
                 ja="🪞 ふりかえり: それぞれの目標を評価して、1 行書きましょう。"))
        options = [{"value": code, "label": tr(en=en, ja=ja)} for code, en, ja in RATINGS]
        fields = [{"name": f"rating{n}", "kind": "choice", "label": f"{n}. {objective}", "options": options}
                  for n, objective in enumerate(objectives, start=1)]
        fields.append({"name": "line", "kind": "text", "label": tr(
            en="What helped today? What will you try next time?", ja="今日、何が役に立った？ 次は何をやってみる？")})
        spec = {"form": "reflect", "submit": tr(en="Save my reflection", ja="ふりかえりを保存"), "fields": fields}
        _show_form(spec, lambda values: _saved(
            _record_reflection, facts, [values.get(f"rating{n}") for n in range(1, len(objectives) + 1)],
            values.get("line"), kept), tr(en='games.reflect("{n}", ["can", "nearly"], "what helped ...")',
                                    ja='games.reflect("{n}", ["できた", "だいたい"], "役に立ったこと……")', n=lesson))
        return
    _print_outcome(_saved(_record_reflection, facts, ratings, line, kept))


def _rating_code(value):
    for code, en, ja in RATINGS:
        if isinstance(value, str) and value.strip().lower() in (code, en.lower(), ja, en.lower().replace("i ", "")):
            return code
    return None


def _record_reflection(facts, ratings, line, kept=None):
    objectives = facts["objectives"]
    words = " / ".join(tr(en=f'"{en}"', ja=f'"{ja}"') for _, en, ja in RATINGS)
    codes = [_rating_code(value) for value in ratings] if isinstance(ratings, (list, tuple)) else []
    if len(codes) != len(objectives) or None in codes:
        raise Problem(tr(en="Rate each of the {n} objectives with {words}, in a list. Got {value!r}.",
                         ja="{n} 個の目標それぞれを {words} で評価して、リストで渡してください。"
                            "（渡されたもの: {value!r}）",
                         n=len(objectives), words=words, value=ratings))
    if not isinstance(line, str) or not line.strip():
        raise Problem(tr(en="Write one line on what helped today and what you will try next time.",
                         ja="今日役に立ったことと、次にやってみることを 1 行書いてください。"))
    course_progress.note(course_progress.lesson_id(facts["file"]), "reflect", "",
                         {"ratings": codes, "line": _one_line(line)})
    saved = tr(en="✓ Saved. Well done today!", ja="✓ 保存しました。おつかれさま！")
    return "saved", saved + "\n" + keep_your_work(kept)


def keep_your_work(kept=None):
    """The reminder at a lesson's end: download the work, and whether this browser keeps it
    (``kept``: what ``storage_kept()`` said)."""
    if kept is True:
        where = tr(en="This browser keeps your work.", ja="このブラウザーは作業を保存し続けます。")
    elif kept is False:
        where = tr(en="This browser may delete your work (for example when you sign out).",
                   ja="このブラウザーは、作業を消すことがあります（サインアウトしたときなど）。")
    else:
        where = tr(en="Your work is kept only in this browser.", ja="作業はこのブラウザーの中にだけあります。")
    return "💾 " + where + " " + tr(
        en="On the course map, press \u201cDownload all my work\u201d and keep the file.",
        ja="コースマップの「作業をすべてダウンロード」を押して、ファイルを取っておきましょう。")


def storage_kept():
    """True / False: whether the browser keeps this site's storage for good
    (``navigator.storage.persisted()``); None where it cannot tell (plain Python, other browsers)."""
    if sys.platform != "emscripten":
        return None
    try:
        import js
        from pyodide.ffi import can_run_sync, run_sync
        if not can_run_sync():
            return None
        return bool(run_sync(js.navigator.storage.persisted()))
    except Exception:  # an old browser, or storage turned off: we cannot tell
        return None


# ---------------------------------------------------------------- shared

def _facts(lesson):
    found = lessons.facts(lesson, get_language())
    if found is None:
        print(tr(en="This course has no lesson {n} with objectives (check the lesson's number, as in "
                    "games.plan(\"10\")).",
                 ja="このコースには、目標の書かれたレッスン {n} がありません（games.plan(\"10\") のように、"
                    "レッスンの番号を確かめてください）。", n=lesson))
    return found


def _saved(record, *args):
    """Run ``record``: (state, text) of what it saved, or ("problem", what is wrong)."""
    try:
        return record(*args)
    except Problem as problem:
        return "problem", str(problem)


def _print_outcome(outcome):
    state, text = outcome
    print(("⚠️ " if state == "problem" else "") + text)


def _show_form(spec, answer, example, choices=()):
    """Show the form; where no widget library is here, print the ``choices`` and say how to answer
    with arguments."""
    try:
        form_class = _form_class()
    except (ImportError, GamesError):  # no widget library here (plain Python, or Pyodide outside the site)
        print("\n".join(choices))
        print(tr(en="(No form can be shown here. Answer in code instead, for example: {example})",
                 ja="（ここではフォームを表示できません。かわりにコードで答えてください。例: {example}）",
                 example=example))
        return
    from IPython.display import display
    display(form_class(spec, answer))


def _form_class():
    try:
        from .form import FormWidget
    except ImportError:
        if sys.platform != "emscripten":
            raise
        from ..interactive.loader import WIDGET_PACKAGE, load_from_site
        load_from_site(WIDGET_PACKAGE)
        from .form import FormWidget
    return FormWidget


def _is_whole(value):
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return isinstance(value, str) and value.strip().isdigit() or (isinstance(value, float) and value.is_integer())


def _number(value):
    if isinstance(value, bool):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if number == number and abs(number) != float("inf") else None


def _one_line(text):
    return " ".join(str(text).split())[:MAX_LINE]
