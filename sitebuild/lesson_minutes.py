"""The minutes of a lesson, from one stated model: the figure in each lesson's ``lesson.minutes``.

A lesson's minutes are the sum of these parts, rounded up to a whole minute:

- **Logging in: 5 minutes.** Logging in to the Chromebook, opening the course map and the lesson,
  and waiting for Python to start (the bench measures that wait: under half a minute).
- **Reading: the Japanese lesson's reading characters at 250 a minute** (a 13-year-old reading
  instructions; :func:`sitebuild.lesson_facts.reading_characters`: the markdown cells, without
  code, tags or furigana). Both languages get the Japanese lesson's figure.
- **Each exercise by its difficulty** (``DIFFICULTY`` below, one entry per exercise of
  ``games/checks``): *given* 2 minutes (the lesson shows the code: read it and run its check),
  *short* 4 minutes (up to 3 lines to fill in or change in a start that shows
  the shape), *medium* 8 minutes (4 to 7 lines, or fewer that need a new idea such as recursion
  or a formula with a condition), *long* 12 minutes (8 lines or more, or several cases of the
  student's own). That is reading the start, writing, running the check and fixing, hints included.
- **The learning cycle's forms:** the plan 1 minute, each question (``games.ask``) 2 minutes
  (read, predict, answer, read the explanation), the reflection 2 minutes.
- **Each board to play on (``games.play``): 3 minutes** of playing against the agent.
- **Each code cell: a quarter of a minute** to run it and look at what it shows (a board, a chart,
  a few lines), besides the cell's own running time.
- **The cells' own time:** the sum of every code cell's seconds, measured in Chromium held to half
  a CPU core (about a school Chromebook) by ``bench/lesson_cells.py``, which writes them to
  ``lesson_cell_seconds.json`` beside this module.

Changing the examples and trying "Try this next" are not counted: the figure is what a class needs
at least. A lesson fits a 50-minute period when the model gives at most ``lesson_facts.MAX_MINUTES``
(45): the last 5 minutes are for saving and handing in.

After a lesson changes, time its cells again and set its minutes and notes from the model::

    python bench/lesson_cells.py --site _output NN     # needs root (a cgroup) and a built site

    python -m sitebuild.lesson_minutes              # each lesson's parts and minutes
    python -m sitebuild.lesson_minutes --write NN   # set lesson.minutes (both languages) and the
                                                    # teachers' notes' minutes section (all without NN)
"""

import json
import math
import re
import sys
from pathlib import Path

from . import lesson_facts

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
NOTES = ROOT / "teachers" / "lessons"
CELL_SECONDS = Path(__file__).with_name("lesson_cell_seconds.json")

LOGIN_MINUTES = 5
READING_PER_MINUTE = 250  # Japanese characters
EXERCISE_MINUTES = {"given": 2, "short": 4, "medium": 8, "long": 12}
PLAN_MINUTES, QUESTION_MINUTES, REFLECTION_MINUTES = 1, 2, 2
PLAY_MINUTES = 3
CODE_CELL_MINUTES = 0.25  # running a cell and looking at its output

# Each exercise's difficulty (the levels of EXERCISE_MINUTES), judged from what the student writes
# beyond the start the lesson gives: the lines to add or change, and any idea new to them
# (measured by comparing each start with its solution, then read one by one).
DIFFICULTY = {
    "python_start.points": "medium",
    "python_start.league_points": "short",     # one line: the running total shown in section 5
    "python_start.empty_squares": "short",
    "python_start.has_line": "medium",          # a condition with `and`, three squares at a time
    "python_start.tally": "short",
    "python_start.TinyBoard": "medium",        # three lines, in the track's first class
    "python_start.count_marks": "short",
    "scratch.slope": "short",                  # one line: (f(x + h) - f(x)) / h, as the lesson just did
    "scratch.downhill": "medium",              # two nudges and two steps, one knob at a time
    "scratch.Cube": "short",
    "scratch.backward": "medium",
    "scratch.Mul": "short",
    "scratch.sgd_step": "short",
    "tictactoe.winner": "long",
    "tictactoe.win_if_you_can": "short",
    "tictactoe.minimax": "medium",              # one line, but it is recursion
    "tictactoe.td_target": "medium",            # a formula with a condition
    "connectfour.drop_piece": "given",
    "connectfour.four_in_a_row": "long",
    "connectfour.win_if_you_can": "short",
    "connectfour.score_window": "medium",
    "connectfour.planes": "medium",
    "othello.count_flips": "short",
    "othello.corner_agent": "short",
    "othello.positional_score": "short",
    "othello.four_planes": "long",
    "minesweeper.count_around": "medium",
    "minesweeper.chance_all_safe": "medium",
    "minesweeper.simple_rules": "long",         # two rules, each with its own cases
    "minesweeper.planes": "short",
    "puyopuyo.groups_to_pop": "short",
    "puyopuyo.column_heights": "short",
    "puyopuyo.evaluate": "medium",
    "puyopuyo.colour_planes": "short",
}


class MinutesError(Exception):
    """A lesson the model cannot count yet; the message says what to add."""


def lesson_notebooks(language="ja"):
    """{lesson number: notebook path} of one language's lessons."""
    return {path.name[:2]: path for path in sorted((CONTENT / language).glob("[0-9][0-9]_*.ipynb"))}


def read_cell_seconds():
    """{lesson number: its entry} of the bench's figures (empty when there are none yet)."""
    if not CELL_SECONDS.is_file():
        return {}
    return json.loads(CELL_SECONDS.read_text(encoding="utf-8"))["lessons"]


def lesson_exercises(notebook_name):
    """The exercises (``games.checks``) whose lesson is this notebook's file name."""
    from games.checks.exercise_book import exercises
    return [e for e in exercises() if e.lesson == notebook_name]


def code_text(notebook):
    return "\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code")


def parts(number, notebook_path=None, cell_seconds=None):
    """The model's parts of lesson ``number`` (its Japanese notebook unless a path is given):
    a dict of the counts, the measured figures and each part in minutes, and ``minutes``."""
    path = notebook_path or lesson_notebooks("ja")[number]
    notebook = json.loads(Path(path).read_text(encoding="utf-8"))
    figures = (read_cell_seconds() if cell_seconds is None else cell_seconds).get(number)
    if figures is None:
        raise MinutesError(f"lesson {number} has no measured cell times in {CELL_SECONDS.name}: "
                           f"run python bench/lesson_cells.py {number}")
    exercises = []
    for exercise in lesson_exercises(Path(path).name):
        if exercise.key not in DIFFICULTY:
            raise MinutesError(f"the exercise {exercise.key} has no difficulty: add it to DIFFICULTY "
                               f"in sitebuild/lesson_minutes.py (one of {', '.join(EXERCISE_MINUTES)})")
        exercises.append((exercise.name, DIFFICULTY[exercise.key]))
    code = code_text(notebook)
    code_cells = sum(1 for cell in notebook["cells"] if cell["cell_type"] == "code")
    questions = len(re.findall(r"games\.ask\(", code))
    plays = len(re.findall(r"games\.play\(", code))
    characters = lesson_facts.reading_characters(notebook)
    counted = {
        "login": LOGIN_MINUTES,
        "reading": characters / READING_PER_MINUTE,
        "exercises": sum(EXERCISE_MINUTES[level] for _, level in exercises),
        "cycle": (PLAN_MINUTES * len(re.findall(r"games\.plan\(", code)) + QUESTION_MINUTES * questions
                  + REFLECTION_MINUTES * len(re.findall(r"games\.reflect\(", code))),
        "play": PLAY_MINUTES * plays,
        "running": CODE_CELL_MINUTES * code_cells,
        "cells": figures["cells_seconds"] / 60,
    }
    total = sum(counted.values())
    return {"number": number, "characters": characters, "exercises": exercises, "questions": questions,
            "plays": plays, "code_cells": code_cells, "figures": figures, "parts": counted, "total": total,
            "minutes": math.ceil(round(total, 6))}


def minutes(number):
    """The model's minutes of lesson ``number``."""
    return parts(number)["minutes"]


# ---------------------------------------------------------------- the teachers' notes

NOTE_HEADING = {"en": "### How the minutes were estimated", "ja": "### 分数の見積もり方"}
LEVEL_WORDS = {"ja": {"given": "コードは書いてある", "short": "短い", "medium": "ふつう", "long": "長い"}}


def slowest_cell(figures):
    """The cell that ran longest, named by its first line, with a long call's arguments left out."""
    cell = dict(max(figures["cells"], key=lambda cell: cell["seconds"]))
    line = cell["first_line"]
    if len(line) > 40 and "(" in line:
        line = line[:line.index("(")] + "(...)"
    cell["first_line"] = line
    return cell


def note_section(counted, language):
    """The minutes section of a lesson's teachers' notes, in ``language``."""
    p, f = counted["parts"], counted["figures"]
    slow = slowest_cell(f)
    if language == "ja":
        exercises = "、".join(f"`{name}`（{LEVEL_WORDS['ja'][level]}、{EXERCISE_MINUTES[level]} 分）"
                             for name, level in counted["exercises"]) or "なし"
        play = f"盤面で対戦 {p['play']} 分、" if counted["plays"] else ""
        body = (
            f"先生用ページの「レッスンの分数の見積もり方」のモデルで **{counted['minutes']} 分**です。"
            f"ログインしてレッスンを開くまで {p['login']} 分、日本語 {counted['characters']:,} 字を 1 分 "
            f"{READING_PER_MINUTE} 字で読んで {p['reading']:.1f} 分、練習問題 {exercises}、計画・問題 "
            f"{counted['questions']} つ・ふりかえりで {p['cycle']} 分、{play}"
            f"{counted['code_cells']} 個のコードセルを実行して結果を見るのに {p['running']:.1f} 分、"
            f"セルの実行時間 {p['cells']:.1f} 分。合計 {counted['total']:.1f} 分を切り上げました。\n\n"
            f"セルの実行時間は、ブラウザー全体を CPU の半分のコアに制限した Chromium（学校の Chromebook に近い速さ）で"
            f"レッスンのコードセルをすべて実行して測りました（`bench/lesson_cells.py`、{f['measured']}）: "
            f"合計 {f['cells_seconds']:.1f} 秒、いちばん長いのは `{slow['first_line']}` のセルで "
            f"{slow['seconds']:.1f} 秒。レッスンを開いてから Python が使えるまで "
            f"{f['kernel_ready_seconds_cold']:.0f} 秒"
            f"（ブラウザーのキャッシュが空のとき）で、ログインの 5 分に含めています。")
    else:
        exercises = ", ".join(f"`{name}` ({level}, {EXERCISE_MINUTES[level]} min)"
                              for name, level in counted["exercises"]) or "none"
        play = f"playing on the board {p['play']}; " if counted["plays"] else ""
        body = (
            f"**{counted['minutes']} minutes** on the model of the teachers' page (\"How the lesson minutes are "
            f"estimated\"): logging in and opening the lesson {p['login']}; reading {counted['characters']:,} "
            f"characters of the Japanese lesson at {READING_PER_MINUTE} a minute {p['reading']:.1f}; exercises: "
            f"{exercises}; the plan, {counted['questions']} questions and the reflection {p['cycle']}; {play}"
            f"running {counted['code_cells']} code cells and looking at what they show {p['running']:.1f}; "
            f"the cells' own time {p['cells']:.1f}. The sum, {counted['total']:.1f}, rounded up.\n\n"
            f"The cells' time was measured by running every code cell of the lesson in Chromium with the whole "
            f"browser held to half a CPU core, about a school Chromebook (`bench/lesson_cells.py`, {f['measured']}): "
            f"{f['cells_seconds']:.1f} s in all, the longest the cell `{slow['first_line']}` with "
            f"{slow['seconds']:.1f} s. Python was ready {f['kernel_ready_seconds_cold']:.0f} s after the lesson "
            f"opened (with an empty browser cache), within the 5 minutes of logging in.")
    return f"{NOTE_HEADING[language]}\n\n{body}\n"


def with_note_section(text, section, language):
    """The notes' text with its minutes section replaced by ``section`` (added at the end if none)."""
    heading = re.escape(NOTE_HEADING[language])
    pattern = re.compile(rf"^{heading}\n.*?(?=^#{{1,3}} |\Z)", re.S | re.M)
    if pattern.search(text):
        return pattern.sub(lambda _: section + "\n", text, count=1).rstrip("\n") + "\n"
    return text.rstrip("\n") + "\n\n" + section


def write(numbers=None):
    """Set each lesson's ``lesson.minutes`` (both languages) and its notes' minutes section to the model."""
    for number in numbers or lesson_notebooks("ja"):
        counted = parts(number)
        for language in ("ja", "en"):
            path = lesson_notebooks(language)[number]
            notebook = json.loads(path.read_text(encoding="utf-8"))
            notebook["metadata"]["lesson"]["minutes"] = counted["minutes"]
            path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            note = NOTES / f"{number}.{language}.md"
            if note.is_file():
                note.write_text(with_note_section(note.read_text(encoding="utf-8"),
                                                  note_section(counted, language), language), encoding="utf-8")


def main(arguments):
    if "--write" in arguments:
        write([a for a in arguments if a != "--write"] or None)
    for number in lesson_notebooks("ja"):
        try:
            counted = parts(number)
        except MinutesError as error:
            print(f"{number}: {error}")
            continue
        shown = "  ".join(f"{name} {value:.1f}" for name, value in counted["parts"].items())
        print(f"{number}: {counted['minutes']:2d} min  ({shown})"
              + ("  OVER 45" if counted["minutes"] > lesson_facts.MAX_MINUTES else ""))


if __name__ == "__main__":
    main(sys.argv[1:])
