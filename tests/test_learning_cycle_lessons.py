"""The learning cycle inside the lessons: every question of games/learning_cycle/questions is asked in
its own lesson, in both languages; every games.ask cell names a question of that lesson; a lesson that
opens with games.plan closes with games.reflect of the same number, with at least two questions between."""

import json
import re

import pytest

from conftest import CONTENT, content_notebooks
from games.learning_cycle.questions import questions

CALL = re.compile(r'^games\.(plan|ask|reflect)\("([^"]+)"\)$', re.MULTILINE)


def calls(notebook):
    """[(function, argument, cell index)] of the plan / ask / reflect calls in a notebook's code cells."""
    cells = json.loads((CONTENT / notebook).read_text(encoding="utf-8"))["cells"]
    return [(match[1], match[2], index) for index, cell in enumerate(cells) if cell["cell_type"] == "code"
            for match in CALL.finditer("".join(cell["source"]))]


@pytest.mark.parametrize("key", sorted(questions()))
def test_every_question_is_asked_in_its_lesson_in_both_languages(key):
    lesson = questions()[key].lesson
    assert key.split(".")[0] == lesson[:2], f"{key} belongs to lesson {lesson}: name it {lesson[:2]}.something"
    for language in ("en", "ja"):
        assert ("ask", key) in [(f, a) for f, a, _ in calls(f"{language}/{lesson}")], \
            f'{language}/{lesson} has no cell games.ask("{key}")'


@pytest.mark.parametrize("notebook", [nb for nb in content_notebooks() if "games.plan(" in
                                      (CONTENT / nb).read_text(encoding="utf-8")])
def test_a_lesson_with_a_plan_asks_and_reflects_in_order(notebook):
    number, found = notebook.split("/")[1][:2], calls(notebook)
    kinds = [function for function, _, _ in found]
    assert kinds[0] == "plan" and kinds[-1] == "reflect" and kinds.count("plan") == kinds.count("reflect") == 1, kinds
    assert all(argument == number for function, argument, _ in found if function != "ask"), found
    asked = [argument for function, argument, _ in found if function == "ask"]
    assert len(asked) >= 2, f"{notebook} asks {len(asked)} question(s); a lesson asks at least 2"
    every = questions()
    for key in asked:
        assert key in every and every[key].lesson == notebook.split("/")[1], f"{notebook} asks {key!r}"

