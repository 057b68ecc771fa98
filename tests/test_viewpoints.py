"""観点別評価 from evidence (issue 36): each lesson's guide grades the three viewpoints A, B or C in the class
view's own words, with the lesson's own counts of checks and questions."""

import html
import json
import re

import pytest

from conftest import CONTENT
from sitebuild import class_view, course, viewpoints


@pytest.fixture(scope="module")
def lessons():
    return course.read_course(CONTENT)


@pytest.mark.parametrize("language", course.LANGUAGES)
def test_every_lessons_guide_grades_the_three_viewpoints(lessons, language):
    sections = course.lesson_sections(lessons[language], language)
    for number, text in sections.items():
        assert viewpoints.HEADING[language] in text, f"lesson {number}'s guide has no A/B/C criteria"
        table = text.split(viewpoints.HEADING[language])[1].split("\n#")[0]
        for viewpoint in viewpoints.VIEWPOINTS[language]:
            assert f"| {viewpoint} |" in table, (number, viewpoint)


@pytest.mark.parametrize("language", course.LANGUAGES)
def test_the_criteria_use_the_class_views_words_and_the_lessons_counts(lessons, language):
    lesson10 = course.lesson_sections(lessons[language], language)["10"]
    table = lesson10.split(viewpoints.HEADING[language])[1].split("\n#")[0]
    quoted = r"「([^」]+)」" if language == "ja" else r"\u201c([^\u201d]+)\u201d"
    labels = set(re.findall(quoted, table))
    assert labels and labels <= set(viewpoints.EVIDENCE[language].values()), labels
    assert "(1)" in table  # lesson 10 has one exercise, `winner`
    assert " 2 " in table  # and two prediction questions
    page = class_view.class_view_page(lessons[language], language, course.lesson_exercises())
    shown = json.loads(re.search(r'id="class-words">(.*?)</script>', page, re.S).group(1))
    assert shown == viewpoints.EVIDENCE[language]


def test_a_lesson_without_exercises_is_graded_on_its_questions():
    table = viewpoints.criteria("en", checks=0, predictions=1, concepts=2)
    assert "\u201cQuestions right\u201d: all 2" in table and "Checks" not in table


@pytest.mark.parametrize("language", course.LANGUAGES)
def test_thinking_asks_for_predictions_made_before_running(language):
    table = viewpoints.criteria(language, checks=1, predictions=2, concepts=1)
    thinking = next(line for line in table.splitlines() if line.startswith(f"| {viewpoints.VIEWPOINTS[language][1]} |"))
    a, b, c = thinking.strip("| ").split(" | ")[1:]
    before = viewpoints.EVIDENCE[language]["predBefore"]
    assert before in a and before in b and before in c, thinking
    # a lesson with only predictions grades knowledge on the predictions answered, as before
    only = viewpoints.criteria(language, checks=0, predictions=3, concepts=0)
    knowledge = next(line for line in only.splitlines() if line.startswith(f"| {viewpoints.VIEWPOINTS[language][0]} |"))
    assert viewpoints.EVIDENCE[language]["predN"] in knowledge and before not in knowledge


@pytest.mark.parametrize("language", course.LANGUAGES)
def test_the_teachers_page_explains_the_flags_in_the_class_views_words(tmp_path, lessons, language):
    course.write_teachers_pages(tmp_path, lessons)
    page = (tmp_path / "teachers" / language / "index.html").read_text(encoding="utf-8")
    assert viewpoints.FLAG_MARKER not in page
    for rule in viewpoints.FLAG_RULES[language]:
        assert html.escape(rule, quote=False) in page, rule
