"""Every lesson fits one class period: its facts in its metadata (sitebuild/lesson_facts.py), at most
45 minutes, at most 3,500 characters of Japanese to read, and no words of the people who measure."""

import json

import pytest

from conftest import CONTENT, content_notebooks
from sitebuild import lesson_facts as facts

NOTEBOOKS = content_notebooks()


def read(path):
    return json.loads((CONTENT / path).read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_every_lesson_has_its_facts_and_fits_a_period(path):
    lesson = facts.lesson_facts(read(path), path)
    assert lesson["minutes"] <= facts.MAX_MINUTES


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.startswith("ja/")])
def test_a_japanese_lesson_is_at_most_ten_minutes_of_reading(path):
    characters = facts.reading_characters(read(path))
    assert characters <= facts.MAX_READING, f"{path}: {characters} characters; split the lesson"


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_no_lesson_speaks_of_how_its_figures_were_measured(path):
    found = facts.research_words(read(path))
    assert not found, f"{path} says {found}: that goes to teachers/lessons/<number>.<language>.md"


# 〜できる, わかる, and the potential forms of verbs (書ける, 読める, 見られる, 表せる, ...)
CAN_DO_ENDINGS = ("できる", "わかる", "える", "ける", "げる", "せる", "てる", "ねる", "べる", "める", "れる")


def test_the_objectives_are_can_do_statements():
    for path in NOTEBOOKS:
        for objective in facts.lesson_facts(read(path), path)["objectives"]:
            if path.startswith("ja/"):
                assert objective.rstrip("。").endswith(CAN_DO_ENDINGS), (path, objective)
            else:
                assert objective.startswith("I can "), (path, objective)


def markdown(*sources):
    return {"cells": [{"cell_type": "markdown", "source": s} for s in sources]
            + [{"cell_type": "code", "source": "print('not read')"}]}


def test_what_a_student_reads_leaves_out_code_readings_tags_and_marks():
    notebook = markdown("# 題\n\n**強い** `x` [リンク](https://example.org/long/address)",
                        "<ruby>報酬<rt>ほうしゅう</rt></ruby>です。\n```python\nprint(1)\n```")
    assert facts.reading_text(notebook).split() == ["題", "強い", "x", "リンク", "報酬です。"]
    assert facts.reading_characters(notebook) == len("題強いxリンク報酬です。")


def test_research_words_are_found_in_text_but_not_in_code():
    assert facts.research_words(markdown("Measured with bench/lessons.py in CPython.")) == [
        "bench/", "CPython"]
    assert facts.research_words(markdown("Nothing here.")) == []


@pytest.mark.parametrize("lesson, message", [
    (None, "no 'lesson' entry"),
    ({"minutes": 46, "objectives": ["a", "b"], "needs": []}, "minutes is 46"),
    ({"minutes": True, "objectives": ["a", "b"], "needs": []}, "minutes is True"),
    ({"minutes": 30, "objectives": ["a"], "needs": []}, "2 to 4"),
    ({"minutes": 30, "objectives": ["a", "b\nc"], "needs": []}, "one-line"),
    ({"minutes": 30, "objectives": ["a", "b"], "needs": [10]}, "lesson numbers"),
    ({"minutes": 30, "objectives": ["a", "b"]}, "lesson numbers"),
])
def test_wrong_facts_are_refused_with_what_to_write(lesson, message):
    notebook = {"metadata": {} if lesson is None else {"lesson": lesson}}
    with pytest.raises(facts.LessonFactsError, match=message):
        facts.lesson_facts(notebook, "en/10_x.ipynb")
