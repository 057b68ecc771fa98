"""The teacher's answer key (sitebuild/answer_key.py): `python build.py --no-solutions` writes it
beside the students' site, never into it, with every exercise's solution and every question's
answer, in the teacher's language."""

import html
import zipfile

import pytest

from sitebuild import answer_key, course, pyodide_source, steps
from sitebuild.command_line import parse_args
from sitebuild.common import CONTENT, BuildError


@pytest.fixture(scope="module")
def lessons():
    return course.read_course(CONTENT)


def the_other(language):
    return "ja" if language == "en" else "en"


def test_the_key_holds_every_exercise_and_every_question_in_the_teachers_language(lessons):
    exercises, questions = answer_key.course_exercises(), answer_key.course_questions()
    assert len(exercises) >= 32 and len(questions) >= 88
    for language in course.LANGUAGES:
        page = answer_key.answer_key_page(lessons[language], language)
        for exercise in exercises:
            assert f'id="{exercise.key}"' in page
            assert html.escape(exercise.solution_in(language)) in page, exercise.key
            assert answer_key.with_code(getattr(exercise.hints[-1], language)) in page, exercise.key  # why it works
        for question in questions:
            assert page.count(f'id="{question.key}"') == 1, question.key
            explanation = question.explain_en if language == "en" else question.explain_ja
            assert answer_key.with_code(explanation) in page, question.key
            assert answer_key.with_code(answer_key.answer_text(question, language)) in page, question.key
        other = answer_key.course_questions()[0]
        assert answer_key.with_code(other.explain_en if language == "ja" else other.explain_ja) not in page
        assert f'<html lang="{language}">' in page and "<link" not in page and "<script" not in page  # stands alone


def test_a_number_answer_says_how_far_off_still_counts():
    by_key = {q.key: q for q in answer_key.course_questions()}
    assert answer_key.answer_text(by_key["10.lines"], "en") == "8"
    assert answer_key.answer_text(by_key["21.first_wins"], "ja") == "174（±20 まで正解）"
    assert answer_key.answer_text(by_key["10.who_wins"], "ja") == "A: X"


def test_the_key_goes_beside_the_site_and_never_into_it(tmp_path):
    site = tmp_path / "_output"
    assert answer_key.default_folder(site) == tmp_path / "_output_teachers"
    answer_key.check_outside(tmp_path / "_output_teachers", site)
    for inside in (site, site / "teachers", site / "teachers" / "key"):
        with pytest.raises(BuildError, match="--answer-key"):
            answer_key.check_outside(inside, site)


def test_the_options_of_build_py():
    assert parse_args(["--no-solutions", "--answer-key", "keys"]).answer_key == "keys"
    assert parse_args([]).answer_key is None


# ---------------------------------------------------------------- a real build without solutions

@pytest.fixture(scope="module")
def built_without_solutions(tmp_path_factory):
    """The site as `python build.py --no-solutions` builds it, and the folder beside it."""
    folder = tmp_path_factory.mktemp("no-solutions-site")
    site = steps.build_site(folder / "site", pyodide_source.choose_pyodide_source(None), solutions=False)
    return site, folder


def test_a_build_without_solutions_writes_the_key_beside_the_site(built_without_solutions):
    site, folder = built_without_solutions
    keys = sorted(p.name for p in (folder / "site_teachers").iterdir())
    assert keys == ["answer-key.en.html", "answer-key.ja.html"]
    page = (folder / "site_teachers" / "answer-key.ja.html").read_text(encoding="utf-8")
    for exercise in answer_key.course_exercises():
        assert html.escape(exercise.solution_in("ja")) in page
    for question in answer_key.course_questions():
        assert f'id="{question.key}"' in page
    assert not [p for p in site.rglob("answer-key*")]


def test_the_students_site_still_holds_no_solution(built_without_solutions):
    site, _ = built_without_solutions
    solutions = [exercise.solution_in(language) for exercise in answer_key.course_exercises()
                 for language in course.LANGUAGES]
    assert not (site / "teachers" / "en" / "solutions").exists()
    assert (site / "teachers" / "en" / "10" / "index.html").is_file()  # the lessons' guides are there
    for path in site.rglob("*"):
        if path.suffix in (".html", ".js", ".json", ".ipynb", ".py", ".txt", ".md"):
            text = path.read_text(encoding="utf-8", errors="replace")
            found = [s for s in solutions if s in text or html.escape(s) in text]
            assert not found, f"{path.relative_to(site)} holds a solution"
        elif path.suffix in (".whl", ".zip"):
            with zipfile.ZipFile(path) as archive:
                names = archive.namelist()
                assert not [n for n in names if "checks/solutions/" in n], path.name
                for name in names:
                    if path.name.startswith("games-") and name.endswith(".py"):
                        text = archive.read(name).decode("utf-8", errors="replace")
                        assert not [s for s in solutions if s in text], (path.name, name)
