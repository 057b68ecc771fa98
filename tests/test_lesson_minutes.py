"""Every lesson's minutes come from the minutes model (sitebuild/lesson_minutes.py) and fit a period.

The model's measured part, each lesson's cell seconds at half a CPU core, is in
sitebuild/lesson_cell_seconds.json, written by bench/lesson_cells.py. After a lesson changes,
time it again (``python bench/lesson_cells.py NN``) and set its minutes and its teachers'
notes from the model (``python -m sitebuild.lesson_minutes --write NN``).
"""

import json

import pytest

from sitebuild import lesson_facts, lesson_minutes

LESSONS = sorted(lesson_minutes.lesson_notebooks("ja"))


def metadata_minutes(number, language):
    path = lesson_minutes.lesson_notebooks(language)[number]
    return json.loads(path.read_text(encoding="utf-8"))["metadata"]["lesson"]["minutes"]


def test_both_languages_have_the_same_lessons():
    assert sorted(lesson_minutes.lesson_notebooks("en")) == LESSONS


@pytest.mark.parametrize("number", LESSONS)
def test_the_minutes_are_the_models(number):
    model = lesson_minutes.minutes(number)
    for language in ("ja", "en"):
        assert metadata_minutes(number, language) == model, (
            f"lesson {number} ({language}) says {metadata_minutes(number, language)} minutes, the model "
            f"{model}: python -m sitebuild.lesson_minutes --write {number}")


@pytest.mark.parametrize("number", LESSONS)
def test_the_lesson_fits_a_period(number):
    counted = lesson_minutes.parts(number)
    assert counted["minutes"] <= lesson_facts.MAX_MINUTES, (
        f"lesson {number} needs {counted['minutes']} minutes on the model ({counted['parts']}): "
        "trim or split it")


@pytest.mark.parametrize("number", LESSONS)
def test_the_teachers_notes_give_the_figures(number):
    counted = lesson_minutes.parts(number)
    for language in ("ja", "en"):
        note = lesson_minutes.NOTES / f"{number}.{language}.md"
        if not note.is_file():
            continue
        assert lesson_minutes.note_section(counted, language) in note.read_text(encoding="utf-8"), (
            f"{note.name}: its minutes section is not the model's: "
            f"python -m sitebuild.lesson_minutes --write {number}")


def test_every_exercise_has_a_difficulty():
    from games.checks.exercise_book import exercises
    keys = {exercise.key for exercise in exercises()}
    assert sorted(keys - set(lesson_minutes.DIFFICULTY)) == [], "exercises with no difficulty"
    assert sorted(set(lesson_minutes.DIFFICULTY) - keys) == [], "difficulties of exercises that are gone"
    assert set(lesson_minutes.DIFFICULTY.values()) <= set(lesson_minutes.EXERCISE_MINUTES)


def test_the_figures_say_how_they_were_measured():
    for number, figures in lesson_minutes.read_cell_seconds().items():
        assert "50000 us of CPU per 100000 us" in figures["cpu_quota"], number
        assert figures["measured"] and figures["machine"] and figures["cells"], number
        assert figures["cells_seconds"] == pytest.approx(sum(c["seconds"] for c in figures["cells"]), abs=0.01)


def test_the_model_adds_its_parts_and_rounds_up(tmp_path):
    # 500 characters (2 minutes), a plan, two questions and a reflection (7), a board (3),
    # no exercise, two code cells (0.5) running 30 s (0.5), logging in (5): 18 minutes.
    notebook = {"cells": [
        {"cell_type": "markdown", "source": ["あ" * 500]},
        {"cell_type": "code", "source": ['games.plan("99")\ngames.ask("99.a")\ngames.ask("99.b")']},
        {"cell_type": "code", "source": ['games.play("tictactoe", agent)\ngames.reflect("99")']},
    ], "metadata": {}}
    path = tmp_path / "99_made_up.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    counted = lesson_minutes.parts("99", path, {"99": {"cells_seconds": 30.0}})
    assert counted["parts"] == {"login": 5, "reading": 2.0, "exercises": 0, "cycle": 7, "play": 3,
                                "running": 0.5, "cells": 0.5}
    assert counted["minutes"] == 18
    counted = lesson_minutes.parts("99", path, {"99": {"cells_seconds": 31.0}})
    assert counted["minutes"] == 19  # rounded up


def test_a_lesson_with_no_figures_says_how_to_measure_it(tmp_path):
    path = tmp_path / "98_new.ipynb"
    path.write_text(json.dumps({"cells": [], "metadata": {}}), encoding="utf-8")
    with pytest.raises(lesson_minutes.MinutesError, match="bench/lesson_cells.py 98"):
        lesson_minutes.parts("98", path, {})
