"""Only Python the student has met: every construct an exercise's solution needs, beyond what its
start shows, comes before it, in a lesson it needs or earlier in its own lesson (code, or a
"Python メモ" / "Python note" line). How constructs are read: tests/python_ledger.py.
"""

import pytest

import games
from python_ledger import Course, constructs, memo_constructs, missing

from conftest import CONTENT

LANGUAGES = ("en", "ja")
EXERCISES = games.checks.exercises()
COURSES = {language: Course(CONTENT / language) for language in LANGUAGES}


def start_of(entry, cells):
    """(index of the cell that checks ``entry``, the code above the check call in that cell)."""
    call = f"games.checks.{entry.game}.{entry.check.__name__}("
    for index, (kind, source) in enumerate(cells):
        lines = source.splitlines()
        at = [i for i, line in enumerate(lines) if line.startswith(call)]
        if kind == "code" and at:
            return index, "\n".join(lines[:at[0]])
    raise AssertionError(f"{entry.lesson} has no cell that calls {call}...)")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("entry", EXERCISES, ids=lambda e: e.key)
def test_a_solution_needs_only_python_met_before_it(entry, language):
    course = COURSES[language]
    number = entry.lesson[:2]
    index, start = start_of(entry, course.cells(number)[0])
    needs = missing(entry.solution_in(language), start, course.ledger(number, index))
    assert not needs, (f"lesson {entry.lesson} ({language}), exercise {entry.key}: its solution uses "
                       f"{', '.join(needs)}, which neither its start, the lessons it needs, nor its lesson "
                       "before it show: add a 'Python メモ' / 'Python note' line, teach it earlier, "
                       "or write the solution with Python met already")


#: Python beyond a first course's loops and lists, that a code cell may show only after a lesson it needs, an earlier
#: cell, or a "Python メモ" / "Python note" line has shown it (a cell the student only runs is read too)
BEYOND_THE_BASICS = {"list comprehension", "dict comprehension", "set comprehension", "lambda",
                     "generator expression (... for ... in ...)", "x if test else y", "zip()", "enumerate()",
                     "divmod()", "any()", "all()", "sorted()", "map()", "filter()"}
ADVANCED = {"06", "07", "08"}  # the advanced route (発展) assumes more Python


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_code_cell_shows_python_beyond_the_basics_only_after_a_memo_or_an_earlier_cell(language):
    course, unexplained = COURSES[language], []
    for number in sorted(set(course.lessons) - ADVANCED):
        for index, (kind, source) in enumerate(course.cells(number)[0]):
            if kind == "code":
                new = (constructs(source) & BEYOND_THE_BASICS) - course.ledger(number, index)
                unexplained += [f"{number} cell {index}: {name}" for name in sorted(new)]
    assert not unexplained, ("code cells show Python that no lesson it needs, earlier cell or Python memo has "
                             "shown: " + "; ".join(unexplained))


# ---------------------------------------------------------------- the ledger's own logic

def test_constructs_names_what_a_program_shows():
    program = ("def count(n):\n"
               "    if n > 0 and n % 2 == 0:\n"
               "        return count(n // 2)\n"
               "    return max(n, 0)\n"
               "class Big(Small):\n"
               "    def __call__(self):\n"
               "        for x in {1, 2}:\n"
               "            break\n"
               "        return ' '.join(self.words.copy()[1:])\n")
    found = constructs(program)
    for construct in ("def", "if", ">", "and", "%", "==", "//", "recursion (a function that calls itself)",
                      "max()", "class", "inheritance class A(B)", "def __call__", "for", "set {...}",
                      "break", ".join()", ".copy()", "slice [a:b]"):
        assert construct in found, construct
    # a library's own methods are not Python to learn here
    assert not any("clone" in c or "zeros" in c for c in constructs("child = env.clone()\nnp.zeros(3)"))


def test_a_memo_line_declares_the_code_in_its_backticks_and_other_lines_declare_nothing():
    markdown = ("Use `a and b` here.\n"
                "**Python メモ**: `a and b` は両方が True のとき True。`for` の中の `break` はループを終えます。\n")
    assert {"and", "break"} <= memo_constructs(markdown)
    assert memo_constructs("Use `a and b` here.") == set()
    assert "break" in memo_constructs("> Python note: `break` ends a loop at once.")


def test_missing_names_what_neither_the_start_nor_the_ledger_holds():
    start = "def has_line(board, mark):\n    for a, b, c in LINES:\n        pass\n    return False\n"
    solution = ("def has_line(board, mark):\n    for a, b, c in LINES:\n"
                "        if board[a] == mark and board[b] == mark:\n            return True\n    return False\n")
    assert missing(solution, start, {"if", "=="}) == ["and"]
    assert missing(solution, start, {"if", "==", "and"}) == []


def test_the_ledger_follows_needs_and_stops_at_the_exercises_cell(tmp_path):
    import json

    def notebook(needs, *cells):
        return json.dumps({"metadata": {"lesson": {"needs": needs}}, "cells": [
            {"cell_type": kind, "source": source, "metadata": {}} for kind, source in cells]})

    (tmp_path / "02_a.ipynb").write_text(notebook([], ("code", "x = max(1, 2)")))
    (tmp_path / "03_b.ipynb").write_text(notebook(["02"], ("code", "y = 7 // 2")))
    (tmp_path / "05_c.ipynb").write_text(notebook(["03"], ("code", "z = {1}")))
    (tmp_path / "10_d.ipynb").write_text(notebook(["05"], ("markdown", "Python note: `a % b` is what is left."),
                                                  ("code", "for i in range(3):\n    break"),
                                                  ("code", "w = lambda: 0")))
    met = Course(tmp_path, silent={"05"}).ledger("10", 2)
    assert {"max()", "//", "%", "for", "break"} <= met
    assert "set {...}" not in met  # a silent lesson teaches nothing
    assert "lambda" not in met  # the exercise's cell and those after it are not met yet
