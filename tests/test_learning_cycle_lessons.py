"""The learning cycle's cells in the lessons (issue 31): every lesson opens with games.plan, asks
at least two of its own questions and closes with games.reflect, in both languages; every
question of games/learning_cycle/questions is asked in its lesson, and a prediction is asked just
before the code cell whose result it predicts."""

import json
import re

import pytest

from conftest import CONTENT, content_notebooks
from games.learning_cycle.questions import questions

CALL = re.compile(r'games\.(plan|ask|reflect)\("([^"]*)"\)')
LESSONS = [nb for nb in content_notebooks() if re.match(r"(en|ja)/\d\d_", nb)]


def cycle_calls(notebook):
    """``[(cell index, "plan" / "ask" / "reflect", argument), ...]`` of a notebook's code cells."""
    cells = json.loads((CONTENT / notebook).read_text(encoding="utf-8"))["cells"]
    return cells, [(index, kind, argument) for index, cell in enumerate(cells) if cell["cell_type"] == "code"
                   for kind, argument in CALL.findall("".join(cell["source"]))]


@pytest.mark.parametrize("notebook", LESSONS)
def test_a_lesson_plans_asks_and_reflects(notebook):
    number = notebook.split("/")[1][:2]
    cells, calls = cycle_calls(notebook)
    kinds = [kind for _, kind, _ in calls]
    assert kinds.count("plan") == 1 and kinds.count("reflect") == 1, f"{notebook}: one plan and one reflect"
    assert kinds[0] == "plan" and kinds[-1] == "reflect", f"{notebook}: plan first, reflect last"
    assert kinds.count("ask") >= 2, f"{notebook}: at least two questions"
    assert [argument for _, kind, argument in calls if kind != "ask"] == [number, number]
    last_code = max(i for i, cell in enumerate(cells) if cell["cell_type"] == "code")
    assert calls[-1][0] == last_code, f"{notebook}: games.reflect is the lesson's last code cell"


@pytest.mark.parametrize("notebook", LESSONS)
def test_a_lesson_asks_only_its_own_questions_once(notebook):
    every = questions()
    asked = [argument for _, kind, argument in cycle_calls(notebook)[1] if kind == "ask"]
    assert len(asked) == len(set(asked)), f"{notebook} asks a question twice"
    for key in asked:
        assert key in every, f"{notebook} asks {key!r}, which no questions module has"
        assert every[key].lesson == notebook.split("/")[1], f"{key} belongs to {every[key].lesson}"
        assert key.startswith(notebook.split("/")[1][:2] + ".")


def test_every_question_is_asked_in_its_lesson_in_both_languages():
    for key, entry in questions().items():
        for language in ("en", "ja"):
            asked = [argument for _, kind, argument in cycle_calls(f"{language}/{entry.lesson}")[1] if kind == "ask"]
            assert key in asked, f"{key} is not asked in {language}/{entry.lesson}"


def test_a_prediction_comes_just_before_the_code_it_predicts():
    for key, entry in questions().items():
        if not entry.en.startswith("Predict"):
            continue
        for language in ("en", "ja"):
            cells, calls = cycle_calls(f"{language}/{entry.lesson}")
            [where] = [index for index, kind, argument in calls if argument == key]
            after = cells[where + 1] if where + 1 < len(cells) else {"cell_type": "none"}
            assert after["cell_type"] == "code" and "games.ask" not in "".join(after["source"]), \
                f"{language}/{entry.lesson}: the cell after {key} is the one it predicts"


def test_every_question_is_written_in_both_languages():
    for key, entry in questions().items():
        assert entry.en.strip() and entry.ja.strip() and entry.explain_en.strip() and entry.explain_ja.strip(), key
        assert all(en.strip() and ja.strip() for en, ja in entry.choices), key
        assert entry.en.endswith("?") and entry.ja.endswith("？"), f"{key} asks a question"
