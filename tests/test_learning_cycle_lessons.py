"""The lessons use the learning cycle as written: every question of games.learning_cycle.questions is
asked in its own lesson, in both languages, and a lesson with questions opens with games.plan and
ends with games.reflect, each naming the lesson's own number."""

import json
import re

import pytest

from conftest import CONTENT
from games.learning_cycle.questions import questions

LANGUAGES = ("en", "ja")
ASK = re.compile(r'games\.ask\("([^"]+)"')


def code_cells(language, lesson_file):
    notebook = json.loads((CONTENT / language / lesson_file).read_text(encoding="utf-8"))
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]


def lessons_with_questions():
    return sorted({entry.lesson for entry in questions().values()})


@pytest.mark.parametrize("key", sorted(questions()))
def test_every_question_is_asked_in_its_lesson_in_both_languages(key):
    entry = questions()[key]
    assert key.startswith(entry.lesson[:2] + "."), f"{key}: a key starts with its lesson's number"
    for language in LANGUAGES:
        assert f'games.ask("{key}")' in code_cells(language, entry.lesson), \
            f"{language}/{entry.lesson} never asks {key}"


@pytest.mark.parametrize("lesson_file", lessons_with_questions())
def test_a_lesson_asks_only_its_own_questions_and_at_least_two(lesson_file):
    every = questions()
    for language in LANGUAGES:
        asked = [key for cell in code_cells(language, lesson_file) for key in ASK.findall(cell)]
        assert len(asked) >= 2, f"{language}/{lesson_file} asks {asked}: at least two questions"
        assert len(asked) == len(set(asked)), f"{language}/{lesson_file} asks a question twice: {asked}"
        for key in asked:
            assert key in every and every[key].lesson == lesson_file, \
                f"{language}/{lesson_file} asks {key!r}, which is not one of its questions"


@pytest.mark.parametrize("lesson_file", lessons_with_questions())
def test_a_lesson_with_questions_opens_with_a_plan_and_ends_with_a_reflection(lesson_file):
    number = lesson_file[:2]
    for language in LANGUAGES:
        cells = code_cells(language, lesson_file)
        assert cells[0].rstrip().endswith(f'games.plan("{number}")'), \
            f"{language}/{lesson_file}: the first code cell ends with games.plan(\"{number}\")"
        assert cells[-1].strip() == f'games.reflect("{number}")', \
            f"{language}/{lesson_file}: the last cell is games.reflect(\"{number}\")"


@pytest.mark.parametrize("key", sorted(questions()))
def test_a_question_is_asked_and_explained_in_both_languages(key):
    entry = questions()[key]
    assert entry.en.rstrip().endswith("?") and entry.ja.rstrip().endswith("？"), key
    assert entry.explain_en.strip() and entry.explain_ja.strip(), key
    assert all(en.strip() and ja.strip() for en, ja in entry.choices), key
