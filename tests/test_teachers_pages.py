"""The teachers' pages (sitebuild/course.py, teachers/*.md): the day-one checklist, a table of
contents, each lesson's guide with its questions and answers and on a page of its own, and the
glossary's words everywhere."""

import re

import pytest

from sitebuild import answer_key, course, lesson_minutes
from sitebuild.common import CONTENT, ROOT

TEACHERS = ROOT / "teachers"


@pytest.fixture(scope="module")
def lessons():
    return course.read_course(CONTENT)


@pytest.fixture(scope="module")
def site(tmp_path_factory, lessons):
    folder = tmp_path_factory.mktemp("teachers")
    course.write_teachers_pages(folder, lessons)
    return folder


def page_of(site, language, number=None):
    path = site / "teachers" / language / (f"{number}/index.html" if number else "index.html")
    return path.read_text(encoding="utf-8")


def section_of(page, number):
    start = page.index(f'id="lesson-{number}"')
    return page[start:page.index("</section>", start)]


def test_each_lessons_guide_lists_its_questions_with_their_answers(site, lessons):
    questions = answer_key.course_questions()
    for language in course.LANGUAGES:
        page = page_of(site, language)
        for lesson in lessons[language]:
            asked = [q for q in questions if q.lesson == lesson.path.split("/")[1]]
            for where in (section_of(page, lesson.number), page_of(site, language, lesson.number)):
                for question in asked:
                    assert f'id="{question.key}"' in where, (language, question.key)
                    assert answer_key.with_code(answer_key.answer_text(question, language)) in where
                    explanation = question.explain_en if language == "en" else question.explain_ja
                    assert answer_key.with_code(explanation) in where


def test_the_notes_keep_their_minutes_section_last(site, lessons):
    for language in course.LANGUAGES:
        heading = {"en": "<h4>How the minutes were estimated</h4>", "ja": "<h4>分数の見積もり方</h4>"}[language]
        for lesson in lessons[language]:
            if not (lesson_minutes.NOTES / f"{lesson.number}.{language}.md").is_file():
                continue
            section = section_of(page_of(site, language), lesson.number)
            assert section.count(heading) == 1, (language, lesson.number)
            assert section.rfind("<h4>") == section.index(heading), (language, lesson.number)


def test_a_table_of_contents_and_a_page_per_lesson(site, lessons):
    for language in course.LANGUAGES:
        page = page_of(site, language)
        contents = page[page.index('<nav class="contents">'):page.index("</nav>", page.index('<nav class="contents">'))]
        assert page.index('<nav class="contents">') < page.index("<h2 id=")
        for ident in re.findall(r'<h2 id="([^"]+)">', page):
            assert f'href="#{ident}"' in contents
        for lesson in lessons[language]:
            assert f'href="#lesson-{lesson.number}"' in contents and f'href="{lesson.number}/"' in contents
            own = page_of(site, language, lesson.number)
            assert section_of(own, lesson.number) in page  # the same guide as on the whole page
            assert 'href="../"' in own and "../../../favicon.ico" in own
        first, last = lessons[language][0].number, lessons[language][-1].number
        assert 'rel="prev"' not in page_of(site, language, first) and 'rel="next"' not in page_of(site, language, last)


def test_the_day_one_checklist(site):
    for language, words in (("en", ["/en/", "web filter", "26 MB", "出席番号", "Google Classroom",
                                     "log out", "answer key", "lesson 10"]),
                            ("ja", ["/ja/", "フィルター", "26 MB", "出席番号", "Google Classroom",
                                    "ログアウト", "解答集", "レッスン 10"])):
        page = page_of(site, language)
        day_one = page[page.index("<h2 id="):page.index("<h2 id=", page.index("<h2 id=") + 1)]
        assert day_one.count('type="checkbox"') >= 6, language
        for word in words:
            assert word in day_one, (language, word)


# ---------------------------------------------------------------- the glossary's words

# the glossary's preferred word for each variant it does not use (teachers/glossary.*.md)
VARIANTS = {
    "ja": {r"ブラウザ(?!ー)": "ブラウザー", r"コンピュータ(?!ー)": "コンピューター", r"フォルダ(?!ー)": "フォルダー",
           "局面": "盤面", "四目並べ": "コネクトフォー", "振り返り": "ふりかえり", "めあて": "目標",
           "隠れたマス": "かくれたマス"},
    "en": {r"\bConnect 4\b": "Connect Four", r"\bpieces?\b": "disc", r"\btic tac toe\b": "tic-tac-toe"},
}


def prose(text):
    """Text without code (fenced blocks, `spans`, <pre> and <code>) and HTML tags: code names stay."""
    text = re.sub(r"```.*?```|`[^`\n]*`", " ", text, flags=re.S)
    text = re.sub(r"<pre>.*?</pre>|<code>.*?</code>|<script.*?</script>|<style.*?</style>", " ", text, flags=re.S)
    return re.sub(r"<[^>]+>", " ", text)


def slips(text, language):
    """["variant (use preferred): ...context...", ...] for every variant the glossary does not use."""
    text = prose(text)
    found = []
    for variant, preferred in VARIANTS[language].items():
        for match in re.finditer(variant, text, flags=re.I if language == "en" else 0):
            context = text[max(0, match.start() - 20):match.end() + 20]
            found.append(f"{match.group(0)} (use {preferred}): ...{context}...")
    return found


def without_last_column(glossary):
    """The glossary without its column of the words it does not use."""
    return "\n".join(line.rsplit("|", 2)[0] if line.startswith("|") else line for line in glossary.splitlines())


def test_the_check_finds_the_variants():
    assert slips("ブラウザの中で、同じ局面を振り返り", "ja") and not slips("ブラウザーの中で `ブラウザ`", "ja")
    assert [slip.split(" (")[0] for slip in slips("Drop a piece in Connect 4", "en")] == ["Connect 4", "piece"]
    assert not slips("`drop_piece(board, piece)` <code>piece</code>", "en")


@pytest.mark.parametrize("language", course.LANGUAGES)
def test_the_teachers_pages_use_the_glossarys_words(language):
    text = (TEACHERS / f"{language}.md").read_text(encoding="utf-8")
    text += without_last_column((TEACHERS / f"glossary.{language}.md").read_text(encoding="utf-8"))
    assert slips(text, language) == []


@pytest.mark.parametrize("language", course.LANGUAGES)
def test_the_generated_pages_use_the_glossarys_words(tmp_path, monkeypatch, lessons, language):
    """What the build writes itself: the teachers' page without the lessons' notes (their own test is
    below), each lesson's questions and answers, the table, the solutions page, the answer key, the
    course map and the lesson's card."""
    monkeypatch.setattr(course, "LESSON_NOTES", tmp_path / "no-notes")
    monkeypatch.setattr(course, "TEACHERS", tmp_path / "teachers")
    (tmp_path / "teachers").mkdir()
    # the top page as the build reads it, the glossary left out (its last column names the variants)
    (tmp_path / "teachers" / f"{language}.md").write_text(
        (TEACHERS / f"{language}.md").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "teachers" / f"{'ja' if language == 'en' else 'en'}.md").write_text(
        course.LESSON_TABLE, encoding="utf-8")
    course.write_teachers_pages(tmp_path / "site", lessons)
    pages = [p.read_text(encoding="utf-8") for p in (tmp_path / "site" / "teachers" / language).rglob("*.html")]
    pages.append(answer_key.answer_key_page(lessons[language], language))
    pages.append(course.start_page(lessons, language, root="../"))
    pages += [course.lesson_card(lessons[language], lesson) for lesson in lessons[language]]
    for text in pages:
        assert slips(text, language) == []


@pytest.mark.parametrize("language", course.LANGUAGES)
def test_the_lessons_notes_use_the_glossarys_words(language):
    found = {}
    for note in sorted((TEACHERS / "lessons").glob(f"*.{language}.md")):
        if slips(note.read_text(encoding="utf-8"), language):
            found[note.name] = slips(note.read_text(encoding="utf-8"), language)
    assert found == {}
