"""The course map, the lessons' last cell and the pages sitebuild/course.py adds to the built site."""

import html
import json
import re
import shutil

import pytest

from conftest import CONTENT, content_notebooks
from sitebuild import course


@pytest.fixture(scope="module")
def lessons():
    return course.read_course(CONTENT)


def test_every_lesson_is_on_the_map_in_both_languages(lessons):
    on_map = {lesson.path for language in course.LANGUAGES for lesson in lessons[language]}
    assert on_map == set(content_notebooks())


def test_every_lesson_has_a_title_a_line_and_a_time(lessons):
    for language in course.LANGUAGES:
        for lesson in lessons[language]:
            assert lesson.title and lesson.summary, lesson.path
            assert 5 <= lesson.minutes <= 45 and 2 <= len(lesson.objectives) <= 4, lesson.path


def test_the_map_reads_the_titles_of_the_notebooks(lessons):
    first = {lesson.number: lesson for lesson in lessons["en"]}
    assert first["10"].track == "Tic-tac-toe"
    assert first["10"].step == "the rules as code" and first["10"].step_number == "1"
    assert first["53"].step_number == "4"
    assert first["60"].track == "Class tournament"
    assert first["00"].title == "Welcome to Game AI Lab"
    assert {lesson.track for lesson in lessons["ja"]} >= {"三目並べ", "ぷよぷよ", "ゼロから作る"}


def test_the_map_reads_minutes_objectives_and_needs_from_the_metadata_only(lessons):
    for lesson in lessons["en"] + lessons["ja"]:
        facts = json.loads((CONTENT / lesson.path).read_text(encoding="utf-8"))["metadata"]["lesson"]
        assert (lesson.minutes, list(lesson.objectives), list(lesson.needs)) == (
            facts["minutes"], facts["objectives"], facts["needs"]), lesson.path
        assert lesson.summary == course.plain_text(facts["objectives"][0])


def test_both_languages_have_the_same_lessons_times_needs_and_number_of_objectives(lessons):
    def outline(language):
        return [(lesson.path.split("/")[1], lesson.minutes, lesson.needs, len(lesson.objectives))
                for lesson in lessons[language]]
    assert outline("en") == outline("ja")


def test_a_lesson_needs_only_lessons_that_exist_and_come_before_it(lessons):
    numbers = [lesson.number for lesson in lessons["en"]]
    for lesson in lessons["en"]:
        for needed in lesson.needs:
            assert needed in numbers and needed < lesson.number, (lesson.path, needed)


def test_lessons_are_grouped_by_track(lessons):
    keys = [key for key, _ in course.tracks(lessons["en"])]
    assert keys == ["0", "1", "2", "3", "4", "5", "6"]  # the start, five games, the class tournament
    for key, members in course.tracks(lessons["en"])[1:6]:
        assert [m.step_number for m in members] == [str(n + 1) for n in range(len(members))]
        assert len(members) >= 4
        assert len({m.track for m in members}) == 1


def test_each_lesson_links_the_next_one_of_its_track(lessons):
    en = lessons["en"]
    by_number = {lesson.number: lesson for lesson in en}
    assert course.next_lesson(en, by_number["00"]).number == "01"  # day one: the welcome, then a first AI
    assert course.next_lesson(en, by_number["01"]).number == "02"  # then the Python start track
    assert course.next_lesson(en, by_number["04"]).number == "05"
    assert course.next_lesson(en, by_number["10"]).number == "11"
    assert course.next_lesson(en, by_number["53"]).number == "54"  # a DQN lesson goes on in its second part
    for _, members in course.tracks(en)[1:]:
        assert course.next_lesson(en, members[-1]) is None  # the end of the track
    cell = course.navigation_cell(en, by_number["12"])
    assert "(13_tictactoe_4_dqn.ipynb)" in cell and "Tic-tac-toe 4" in cell
    assert "(../index.html)" in cell


def test_the_card_and_the_last_cell_are_added_once_and_replaced_at_each_build(tmp_path, lessons):
    content = course.copy_content(CONTENT, tmp_path / "content")
    course.add_navigation(content, lessons)
    course.add_navigation(content, lessons)
    for path in content_notebooks():
        cells = json.loads((content / path).read_text(encoding="utf-8"))["cells"]
        original = json.loads((CONTENT / path).read_text(encoding="utf-8"))["cells"]
        assert [cells[0]] + cells[2:-1] == original
        assert cells[1]["metadata"][course.CARD_CELL_TAG] is True
        assert cells[-1]["metadata"][course.NAV_CELL_TAG] is True


def test_the_card_shows_the_objectives_the_time_and_links_to_the_lessons_needed(lessons):
    for language, goals, time in (("en", "Today's goals", "About {} minutes"),
                                  ("ja", "今日の目標", "{}分くらい")):
        for lesson in lessons[language]:
            card = course.lesson_card(lessons[language], lesson)
            assert goals in card and time.format(lesson.minutes) in card
            assert all(f"- {objective}" in card for objective in lesson.objectives)
            for needed in lesson.needs:
                assert re.search(rf"\]\({needed}_[^)]+\.ipynb\)", card), (lesson.path, needed)


def test_a_notebook_without_its_lesson_facts_is_named(tmp_path):
    folder = tmp_path / "content" / "ja"
    folder.mkdir(parents=True)
    notebook = json.loads((CONTENT / "ja" / "10_tictactoe_1_env.ipynb").read_text(encoding="utf-8"))
    del notebook["metadata"]["lesson"]
    (folder / "10_tictactoe_1_env.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    with pytest.raises(course.CourseError, match=r"ja/10_tictactoe_1_env.ipynb: its metadata has no 'lesson'"):
        course.read_course(tmp_path / "content")
    notebook["metadata"]["lesson"] = {"minutes": 50, "objectives": ["a", "b"], "needs": []}
    (folder / "10_tictactoe_1_env.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    with pytest.raises(course.CourseError, match=r"minutes is 50.*from 5 to 45"):
        course.read_course(tmp_path / "content")


def test_a_notebook_without_a_title_is_named(tmp_path):
    folder = tmp_path / "content" / "en"
    folder.mkdir(parents=True)
    shutil.copy(CONTENT / "en" / "10_tictactoe_1_env.ipynb", folder)
    notebook = json.loads((folder / "10_tictactoe_1_env.ipynb").read_text(encoding="utf-8"))
    notebook["cells"][0]["source"] = ["Just some text"]
    (folder / "70_new_game_1.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    with pytest.raises(course.CourseError, match=r"en/70_new_game_1.ipynb has no title.*'# "):
        course.read_course(tmp_path / "content")


def test_a_new_notebook_appears_on_the_map_with_no_other_edit(tmp_path):
    content = course.copy_content(CONTENT, tmp_path / "content")
    notebook = json.loads((content / "en" / "10_tictactoe_1_env.ipynb").read_text(encoding="utf-8"))
    notebook["cells"][0]["source"] = ["# Chess 1: the knight's moves\n", "\n", "A knight jumps."]
    notebook["metadata"]["lesson"] = {"minutes": 20, "needs": ["10"],
                                      "objectives": ["I can say how a knight jumps.", "I can count its moves."]}
    (content / "en" / "70_chess_1_knight.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    page = course.start_page(course.read_course(content), "en", root="../")
    assert "the knight&#x27;s moves" in page and "I can say how a knight jumps" in page
    assert "20 min" in page and "First: 10" in page
    assert "notebooks/index.html?path=en/70_chess_1_knight.ipynb" in page


# ---------------------------------------------------------------- in the built site

def test_the_site_has_a_start_page_in_both_languages(built_site):
    root = (built_site / "index.html").read_text(encoding="utf-8")
    assert 'id="jupyter-config-data"' in root  # the apps read it from every folder above them
    for language in course.LANGUAGES:
        page = (built_site / language / "index.html").read_text(encoding="utf-8")
        for lesson in course.read_course(CONTENT)[language]:
            assert f'data-path="{lesson.path}"' in page and f'data-path="{lesson.path}"' in root
        assert "teachers/" not in page  # the teachers' page (and its solutions) is not linked for students


def test_the_teachers_pages_are_not_in_the_students_file_list(built_site):
    for language in course.LANGUAGES:
        listing = json.loads((built_site / "api" / "contents" / language / "all.json").read_text())
        names = {item["name"] for item in listing["content"]}
        # the lessons, and the class tournament's folder for the students' agent files
        assert names and all(name.endswith(".ipynb") for name in names - {"tournament"})
        page = (built_site / "teachers" / language / "index.html").read_text(encoding="utf-8")
        assert "<table>" in page and "00_welcome" in page


def test_every_folder_of_the_file_list_has_its_own_page(built_site):
    for language in course.LANGUAGES:
        settings = json.loads((built_site / "tree" / language / "jupyter-lite.json").read_text())
        assert settings["jupyter-config-data"]["treePath"] == language
        page = (built_site / "tree" / language / "index.html").read_text(encoding="utf-8")
        assert 'data-jupyter-lite-root="../.."' in page and "../../build/" in page


def test_the_built_lessons_end_with_the_link_to_the_next(built_site):
    notebook = json.loads((built_site / "files" / "en" / "10_tictactoe_1_env.ipynb")
                          .read_text(encoding="utf-8"))
    last = notebook["cells"][-1]
    assert last["metadata"][course.NAV_CELL_TAG] and "(11_tictactoe_2_random.ipynb)" in \
        "".join(last["source"])


def test_each_lesson_on_the_map_names_its_exercises_and_starts_as_new():
    page = course.start_page(course.read_course(CONTENT), "en", root="../")
    assert 'data-lesson="en/10_tictactoe_1_env.ipynb" data-state="new" data-exercises="winner"' in page
    assert 'data-lesson="en/20_connectfour_1_env.ipynb" data-state="new" ' \
           'data-exercises="drop_piece,four_in_a_row"' in page
    assert 'data-lesson="en/00_welcome.ipynb" data-state="new" data-exercises=""' in page
    # the last lesson of each game shows the student's trained agents' results
    assert 'data-lesson="en/24_connectfour_5_search.ipynb" data-state="new" data-exercises="" ' \
           'data-results="connectfour"' in page
    assert len(re.findall(r'<a class="lesson"[^>]* data-results="', page)) == 5
    # the progress store and the buttons' script are in the page itself: it loads no other file
    assert "globalThis.gameAiLabProgress = " in page and 'class="download-all"' in page
    assert course.MY_WORK.read_text(encoding="utf-8") in page


def test_the_solutions_page_shows_every_exercise_in_the_teachers_language():
    lessons = course.read_course(CONTENT)
    import games
    for language in course.LANGUAGES:
        page = course.solutions_page(lessons[language], language)
        for entry in games.checks.exercises():
            assert f'id="{entry.key}"' in page
            assert course.with_code(entry.hints[0].ja if language == "ja" else entry.hints[0].en) in page
            assert html.escape(entry.solution_in(language)) in page


def test_the_site_has_the_solutions_page_and_the_lessons_note_they_were_opened(built_site):
    for language in course.LANGUAGES:
        assert (built_site / "teachers" / language / "solutions" / "index.html").is_file()
    page = (built_site / "notebooks" / "index.html").read_text(encoding="utf-8")
    assert "globalThis.gameAiLabProgress = " in page and 'gameAiLabProgress.note(opened, "opened")' in page


def test_each_lesson_is_on_the_start_page_once():
    page = course.start_page(course.read_course(CONTENT), "en", root="../")
    assert page.count('data-lesson="en/10_tictactoe_1_env.ipynb"') == 1
    assert "{{" not in page.replace("<!--{{config}}-->", "")  # the root page puts its settings there


def test_the_map_and_the_teachers_page_show_the_same_minutes(built_site):
    lessons = course.read_course(CONTENT)
    for language in course.LANGUAGES:
        start = (built_site / language / "index.html").read_text(encoding="utf-8")
        on_map = dict(re.findall(r'data-path="[a-z]+/(\d\d)_[^"]*"[^>]*>.*?<span class="time">(\d+)', start))
        teachers = (built_site / "teachers" / language / "index.html").read_text(encoding="utf-8")
        in_table = dict(re.findall(r"<td><code>(\d\d)_[^<]*</code>.*?(\d+) (?:min|分)</td>\s*</tr>",
                                   teachers, re.S))
        expected = {lesson.number: str(lesson.minutes) for lesson in lessons[language]}
        assert on_map == expected and in_table == expected, language


def test_the_teachers_page_holds_each_lessons_notes_in_the_lessons_order(tmp_path, monkeypatch):
    notes = tmp_path / "lessons"
    notes.mkdir()
    (notes / "12.en.md").write_text("## Minimax\n\n### How the figures were measured\n\nBy hand.\n")
    (notes / "10.en.md").write_text("## The rules\n\nA plan.\n")
    monkeypatch.setattr(course, "LESSON_NOTES", notes)
    text = course.lesson_notes(course.read_course(CONTENT)["en"], "en")
    assert text.index("### The rules") < text.index("### Minimax") < text.index("#### How the figures")
    # a lesson with no notes still has its guide: a heading of its title, and its questions
    japanese = course.lesson_notes(course.read_course(CONTENT)["ja"], "ja")
    assert "### レッスン 10: 三目並べ 1: ルールをコードにする" in japanese and 'id="10.who_wins"' in japanese


def test_a_site_without_solutions_does_not_link_them_from_the_teachers_page(tmp_path):
    lessons = course.read_course(CONTENT)
    for solutions in (True, False):
        site = tmp_path / str(solutions)
        course.write_teachers_pages(site, lessons, solutions)
        for language in course.LANGUAGES:
            page = (site / "teachers" / language / "index.html").read_text(encoding="utf-8")
            assert ('href="solutions/"' in page) is solutions
            assert (course.NO_SOLUTIONS[language] in page) is not solutions
