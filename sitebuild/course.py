"""Steps 8 and 11, the course: the lessons of content/, read from the notebooks themselves.

Step 8 copies content/ and gives every lesson a last cell with links to the next lesson and to
the map; step 11 writes, into the built site,

- the start page with the course map (``/``, ``/en/``, ``/ja/``), generated from each notebook's
  first cell, so that a new notebook appears on the map with no hand edit;
- the teachers' pages (``/teachers/en/``, ``/teachers/ja/``) from ``teachers/*.md``, which are
  kept out of the students' file list;
- one page per folder of the file list (``/tree/en/``), so that a reload or a bookmark works
  on any static host, and a ``404.html`` that sends other unknown addresses to the start page.

What the map reads from a lesson: the title from its first cell, and the rest from the
``lesson`` entry of its metadata (sitebuild/lesson_facts.py: minutes, objectives, needs), the one
source of those facts, which the map, the lesson card and the teachers' pages all show:

    # Tic-tac-toe 1: the rules as code          <- the title: "<track> <step>: <what>"

A notebook whose number starts with 0 belongs to the "start" track (the welcome and the
learning-from-scratch lessons); the others are grouped by their tens (10-13, 20-23, ...).
"""

import html
import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from .common import ROOT
from .lesson_facts import LessonFactsError, lesson_facts
from . import viewpoints

LANGUAGES = ("en", "ja")
TEACHERS = ROOT / "teachers"
START_PAGE = ROOT / "lite" / "start-page.html"
MY_WORK = ROOT / "lite" / "my-work.js"
PROGRESS_STORE = ROOT / "games" / "course_progress.js"
NAV_CELL_TAG = "gail-next-lesson"  # metadata key of the generated last cell (replaced at each build)
CARD_CELL_TAG = "gail-lesson-card"  # metadata key of the generated cell under the title (the same)
LESSON_NOTES = TEACHERS / "lessons"  # <number>.<language>.md: notes on one lesson for the teachers
LESSON_TABLE = "<!-- lessons -->"  # where the teachers' page gets the table of lessons

WORDS = {
    "en": {
        "language": "English",
        "tagline": "Write Python that plays games, then teach it to play well. "
                   "Everything runs in your browser: nothing to install, nothing sent anywhere.",
        "start": "Start here", "map": "Course map", "minutes": "{} min",
        "start_track": "Start: Python, and learning from scratch",
        "start_note": "Day one: the welcome, then lesson 01, where you train a first AI by running "
                      "cells. Lessons 02\u201304 teach the Python the games use: skip "
                      "them if you can already write a function, a list and a class. Lesson 05 "
                      "shows how a program learns: nudging its knobs downhill; the games' learning "
                      "lessons need it. Lessons 06\u201308 (Advanced) build the same from scratch, "
                      "for upper-secondary students and the curious.",
        "advanced": "Advanced",
        "goals": "**Today's goals**", "card_minutes": "About {} minutes.",
        "card_needs": "Do these first: {}.", "needs": "First: {}",
        "games_note": "Each game goes in the same steps: the rules, a random player, a clever "
                      "program, and an AI that learns by playing.",
        "saved_title": "Where is my work saved?",
        "saved": "In this browser, on this computer. It is there next time on the same computer "
                 "and browser, but not on another one, and not after a private window is "
                 "closed. To keep it, or to take it to another computer: <b>Download all my work</b> "
                 "below, then <b>Restore my work</b> there. To hand in one lesson: <b>File \u2192 "
                 "Download</b> in the lesson.",
        "my_work": "My work",
        "my_work_note": "Your progress and your notebooks stay in this browser. Nothing is sent anywhere.",
        "download_all": "Download all my work", "restore": "Restore my work",
        "reset": "Reset my progress",
        "solutions": "All hints and solutions, to prepare a class",
        "fresh_title": "How do I get a fresh copy of a lesson?",
        "fresh": "Close the lesson's tab first. Then open the <a href=\"{files}\">file list</a>, "
                 "select the lesson and click <b>Delete</b>. Only your copy in this browser is "
                 "deleted; the original comes back at once.",
        "files": "All files",
        "next": "**Next:** [{title}]({href})",
        "last": "**You have reached the last lesson of this track.**",
        "back_to_map": "[Course map]({href}): all lessons.",
        "not_found": "This page does not exist. Go to the course map.",
    },
    "ja": {
        "language": "日本語",
        "tagline": "ゲームをプレイする Python を書いて、強く育てよう。"
                   "すべてブラウザーの中で動きます。インストールは不要で、何もどこにも送られません。",
        "start": "ここから始めよう", "map": "コースマップ", "minutes": "{}分",
        "start_track": "はじめに: Python とゼロから作る",
        "start_note": "1 日目は「ようこそ」と 01 です。01 では、セルを実行するだけで、はじめての AI を育てます。"
                      "02〜04 では、ゲームで使う Python を学びます。関数・リスト・"
                      "クラスが書ける人は飛ばしてかまいません。05 では、プログラムが学習するしくみ(つまみを"
                      "坂の下へ動かすこと)を学びます。ゲームの学習のレッスンの前にやっておきましょう。"
                      "06〜08(発展)では、同じしくみをゼロから作ります。高校生や、もっと知りたい人向けです。",
        "advanced": "発展",
        "goals": "**今日の目標**", "card_minutes": "{}分くらいかかります。",
        "card_needs": "先にやっておくレッスン: {}。", "needs": "先に: {}",
        "games_note": "どのゲームも同じ順に進みます: ルール、ランダムなプレイヤー、かしこいプログラム、"
                      "そして対戦しながら学ぶ AI。",
        "saved_title": "作業はどこに保存される?",
        "saved": "このパソコンのこのブラウザーの中です。同じパソコンの同じブラウザーなら次回も続きから"
                 "できますが、別のパソコンやブラウザー、閉じたシークレットウィンドウでは消えています。"
                 "取っておくときや別のパソコンで続けるときは、下の <b>作業をすべてダウンロード</b>、"
                 "そのパソコンで <b>作業を元に戻す</b>。1 つのレッスンを提出するときは、レッスンで "
                 "<b>File \u2192 Download</b>。",
        "my_work": "わたしの作業",
        "my_work_note": "進み具合とノートブックは、このブラウザーの中だけにあります。どこにも送られません。",
        "download_all": "作業をすべてダウンロード", "restore": "作業を元に戻す",
        "reset": "進み具合をリセット",
        "solutions": "すべてのヒントと答えの例（授業の準備に）",
        "fresh_title": "レッスンを最初の状態に戻すには?",
        "fresh": "まずレッスンのタブを閉じます。次に<a href=\"{files}\">ファイル一覧</a>でレッスンを選び、"
                 "<b>Delete</b> を押します。消えるのはこのブラウザーのあなたの版だけで、"
                 "元のレッスンがすぐに戻ってきます。",
        "files": "すべてのファイル",
        "next": "**次のレッスン:** [{title}]({href})",
        "last": "**このコースの最後のレッスンです。**",
        "back_to_map": "[コースマップ]({href}): すべてのレッスン",
        "not_found": "このページはありません。コースマップへどうぞ。",
    },
}


class CourseError(Exception):
    """A notebook the map cannot read; the message says which one and how to fix it."""


@dataclass
class Lesson:
    path: str        # relative to content/, e.g. "en/10_tictactoe_1_env.ipynb"
    number: str      # "10"
    track: str       # "Tic-tac-toe" ("" for the start track)
    title: str       # the whole first heading
    step: str        # what follows "<track> <n>: " in the title (the whole title otherwise)
    step_number: str  # the <n> of the title ("" if none)
    summary: str     # the first of its objectives
    minutes: int     # lesson.minutes of its metadata
    objectives: tuple = ()  # lesson.objectives: what the student can do after it
    needs: tuple = ()       # lesson.needs: the numbers of the lessons it assumes
    advanced: bool = False  # lesson.advanced: a lesson of the advanced route (発展), labelled on the map

    @property
    def is_start(self):
        return self.number.startswith("0")

    @property
    def track_key(self):
        return "0" if self.is_start else self.number[0]


def plain_text(markdown):
    """A line of markdown as plain text: no **, *, ` or links; no closing ; , or ."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"[*`_]{1,2}(?=\S)|(?<=\S)[*`_]{1,2}", "", text)
    return text.strip().rstrip(";,.:").strip()


TITLE = re.compile(r"^#\s+(.+?)\s*$", re.M)
STEP = re.compile(r"^(.+?)\s+(\d+)\s*[:：]\s*(.+)$")


def read_lesson(notebook, content):
    """One notebook's entry on the map, from its first cell."""
    relative = notebook.relative_to(content).as_posix()
    try:
        content_of = json.loads(notebook.read_text(encoding="utf-8"))
        cells = content_of["cells"]
        first = "".join(cells[0]["source"]) if cells[0]["cell_type"] == "markdown" else ""
    except (ValueError, KeyError, IndexError) as error:
        raise CourseError(f"{relative} cannot be read as a notebook ({error}).")
    try:
        facts = lesson_facts(content_of, relative)
    except LessonFactsError as error:
        raise CourseError(str(error))
    title = TITLE.search(first)
    if not title:
        raise CourseError(
            f"{relative} has no title. Its first cell must be a markdown cell that starts with "
            f"a heading, for example '# Tic-tac-toe 1: the rules as code'; the course map "
            f"shows that title.")
    step = STEP.match(title.group(1))
    return Lesson(
        path=relative, number=notebook.name[:2], title=plain_text(title.group(1)),
        track=plain_text(step.group(1)) if step else "",
        step=plain_text(step.group(3)) if step else plain_text(title.group(1)),
        step_number=step.group(2) if step else "",
        summary=plain_text(facts["objectives"][0]), minutes=facts["minutes"],
        objectives=tuple(facts["objectives"]), needs=tuple(facts["needs"]), advanced=facts["advanced"])


def read_course(content):
    """{language: [Lesson, ...] in file-name order} for the lesson folders of content/."""
    course = {}
    for language in LANGUAGES:
        folder = content / language
        notebooks = sorted(folder.glob("*.ipynb")) if folder.is_dir() else []
        course[language] = [read_lesson(nb, content) for nb in notebooks
                            if re.match(r"\d\d_", nb.name)]
    return course


def tracks(lessons):
    """The lessons grouped in order: [(track key, [Lesson, ...]), ...]."""
    grouped = {}
    for lesson in lessons:
        grouped.setdefault(lesson.track_key, []).append(lesson)
    return list(grouped.items())


def notebook_href(path, root):
    """The address that opens a notebook in the Notebook UI (it survives a reload)."""
    return f"{root}notebooks/index.html?path={path}"


# ---------------------------------------------------------------- the lessons' last cell

def next_lesson(lessons, lesson):
    """The lesson after this one in the same track (the welcome leads to the first lesson)."""
    index = lessons.index(lesson)
    if index + 1 < len(lessons):
        following = lessons[index + 1]
        if following.track_key == lesson.track_key or lesson.number == "00":
            return following
    return None


def navigation_cell(lessons, lesson):
    """The markdown of the last cell: the next lesson, and the course map."""
    words = WORDS[lesson.path.split("/")[0]]
    following = next_lesson(lessons, lesson)
    if following:
        # a link to a notebook in the same folder: the site opens it in the same tab
        first = words["next"].format(title=following.title,
                                     href=following.path.split("/", 1)[1])
    else:
        first = words["last"]
    # the map is outside the notebooks; the site turns this address into the start page
    map_link = words["back_to_map"].format(href="../index.html")
    return f"---\n\n{first}\n\n{map_link}"


def lesson_card(lessons, lesson):
    """The markdown of the cell under a lesson's title: its objectives, its time and the lessons it
    needs, from its metadata (the same facts the map and the teachers' page show)."""
    words = WORDS[lesson.path.split("/")[0]]
    by_number = {other.number: other for other in lessons}
    lines = [words["goals"], ""] + [f"- {objective}" for objective in lesson.objectives]
    lines += ["", words["card_minutes"].format(lesson.minutes)]
    if lesson.needs:
        needed = [by_number[number] for number in lesson.needs if number in by_number]
        links = ", ".join(f"[{other.title}]({other.path.split('/', 1)[1]})" for other in needed)
        lines.append(words["card_needs"].format(links))
    return "\n".join(lines)


def generated_cell(tag, number, source):
    return {"cell_type": "markdown", "id": f"{tag}-{number}",
            "metadata": {tag: True, "editable": False}, "source": source}


def add_navigation(content, course):
    """Give every lesson in ``content`` (a copy of content/) its lesson card under the title and
    its last cell, replacing old ones."""
    for language, lessons in course.items():
        for lesson in lessons:
            path = content / lesson.path
            notebook = json.loads(path.read_text(encoding="utf-8"))
            cells = [c for c in notebook["cells"]
                     if NAV_CELL_TAG not in c.get("metadata", {})
                     and CARD_CELL_TAG not in c.get("metadata", {})]
            cells.insert(1, generated_cell(CARD_CELL_TAG, lesson.number, lesson_card(lessons, lesson)))
            cells.append(generated_cell(NAV_CELL_TAG, lesson.number, navigation_cell(lessons, lesson)))
            notebook["cells"] = cells
            path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n",
                            encoding="utf-8")


# ---------------------------------------------------------------- the start page

@dataclass
class LessonWork:
    exercises: list  # the names of the lesson's exercises, as their checks print them
    game: str = ""  # the game they belong to ("" for the start track's, which train no game agent)


def lesson_exercises():
    """{lesson file name: LessonWork}, from the checks of the games package."""
    from games import list_games  # here: only the map needs the package (and numpy)
    from games.checks import exercises
    found = {}
    for entry in exercises():
        work = found.setdefault(entry.lesson, LessonWork([]))
        work.exercises.append(entry.name)
        if entry.game in list_games():
            work.game = entry.game
    return found


def lesson_item(lesson, root, words, work=None, results=""):
    """One lesson on the map. Its progress (``data-state``: new, started or done) is filled in
    by lite/my-work.js from what the student's browser recorded."""
    minutes = f'<span class="time">{words["minutes"].format(lesson.minutes)}</span>'
    needs = (f'<span class="needs">{html.escape(words["needs"].format(", ".join(lesson.needs)))}</span>'
             if lesson.needs else "")
    step = f'<span class="step">{html.escape(lesson.step_number or "▶")}</span>'
    summary = f'<span class="summary">{html.escape(lesson.summary)}</span>' if lesson.summary else ""
    # beside the title, not in it: the map's scripts read a lesson's name from .title
    label = f'<span class="advanced">{html.escape(words["advanced"])}</span>' if lesson.advanced else ""
    path = html.escape(lesson.path)
    work = work or LessonWork([])
    results = f' data-results="{html.escape(results)}"' if results else ""
    return (f'<li><a class="lesson" href="{html.escape(notebook_href(lesson.path, root))}" '
            f'data-path="{path}" data-lesson="{path}" data-state="new" '
            f'data-exercises="{html.escape(",".join(work.exercises))}"{results}>{step}<span class="what">'
            f'<span class="title">{html.escape(lesson.step)}</span>{label}{summary}{needs}'
            f'<span class="progress" aria-live="polite"></span></span>{minutes}</a></li>')


def course_map(lessons, root, language, exercises):
    words = WORDS[language]
    parts = []
    for key, members in tracks(lessons):
        if key == "0":
            name, note = words["start_track"], words["start_note"]
        else:
            name, note = members[0].track or members[0].title, ""
        work = [exercises.get(Path(lesson.path).name) or LessonWork([]) for lesson in members]
        # a game's trained agents' results go on its track's last lesson, where its final agent is made
        game = next((w.game for w in work if w.game), "")
        items = "\n".join(lesson_item(lesson, root, words, w, game if lesson is members[-1] else "")
                           for lesson, w in zip(members, work))
        note_html = f'<p class="note">{html.escape(note)}</p>' if note else ""
        parts.append(f'<section class="track" data-track="{key}"><h3>{html.escape(name)}</h3>'
                     f'{note_html}<ol>{items}</ol></section>')
    return "\n".join(parts)


def language_block(course, language, root, exercises):
    words = WORDS[language]
    lessons = course[language]
    welcome = next((lesson for lesson in lessons if lesson.number == "00"), None)
    start = (f'<p><a class="start" href="{html.escape(notebook_href(welcome.path, root))}">'
             f'▶ {html.escape(words["start"])}: {html.escape(welcome.title)}</a></p>'
             if welcome else "")
    files = f"{root}tree/{language}/"
    return f"""<div class="language" lang="{language}" data-language="{language}">
<p class="tagline">{html.escape(words["tagline"])}</p>
{start}
<h2>{html.escape(words["map"])}</h2>
<p class="note">{html.escape(words["games_note"])}</p>
<div class="map">
{course_map(lessons, root, language, exercises)}
</div>
<section class="my-work">
<h3>{html.escape(words["my_work"])}</h3>
<p class="note">{html.escape(words["my_work_note"])}</p>
<p><button type="button" class="download-all">{html.escape(words["download_all"])}</button>
<button type="button" class="restore">{html.escape(words["restore"])}</button>
<input type="file" class="restore-file" accept=".zip,application/zip" hidden>
<button type="button" class="reset-progress">{html.escape(words["reset"])}</button></p>
<p class="my-work-status" role="status"></p>
</section>
<section class="help">
<h3>{html.escape(words["saved_title"])}</h3><p>{words["saved"]}</p>
<h3>{html.escape(words["fresh_title"])}</h3><p>{words["fresh"].format(files=files)}</p>
<p><a href="{files}">{html.escape(words["files"])}</a></p>
</section>
</div>"""


def filled_template(body, language, root, fixed=True, switch="", scripts=""):
    """lite/start-page.html with its blanks filled in (the start page, teachers' pages, 404)."""
    return (START_PAGE.read_text(encoding="utf-8")
            .replace("{{root}}", root).replace("{{lang}}", language)
            .replace("{{fixed}}", "true" if fixed else "false")
            .replace("{{switch}}", switch).replace("{{body}}", body)
            .replace("<!--{{scripts}}-->", scripts))


def map_scripts():
    """The progress store (the same file the kernel uses) and the map's progress and "my work"
    buttons, put into the start page so that it needs no other file."""
    return "".join(f"<script>\n{path.read_text(encoding='utf-8')}</script>\n"
                   for path in (PROGRESS_STORE, MY_WORK.with_name("fflate.js"), MY_WORK.with_name("work-zip.js"),
                                MY_WORK.with_name("lesson-summary.js"), MY_WORK))


def start_page(course, language=None, root="./", exercises=None):
    """The start page; ``language`` None: both languages, the browser's shown first."""
    exercises = lesson_exercises() if exercises is None else exercises
    shown = [language] if language else list(LANGUAGES)
    switch = " ".join(
        f'<a href="{root}{code}/" data-switch="{code}" lang="{code}">{WORDS[code]["language"]}</a>'
        for code in LANGUAGES)
    body = "\n".join(language_block(course, code, root, exercises) for code in shown)
    return filled_template(body, language or "en", root, fixed=language is not None, switch=switch,
                           scripts=map_scripts())


def write_start_pages(site, course):
    """``/`` (both languages), ``/en/`` and ``/ja/``. The root page keeps JupyterLite's
    configuration script: the apps read it from every folder above them."""
    original = (site / "index.html").read_text(encoding="utf-8")
    config = re.search(r'<script id="jupyter-config-data".*?</script>', original, re.S)
    if not config:
        raise CourseError("The site's index.html has no jupyter-config-data script; check the "
                          "installed jupyterlite-core against requirements.txt.")
    exercises = lesson_exercises()
    page = start_page(course, exercises=exercises).replace("<!--{{config}}-->", config.group(0))
    (site / "index.html").write_text(page, encoding="utf-8")
    for language in LANGUAGES:
        (site / language).mkdir(exist_ok=True)
        (site / language / "index.html").write_text(
            start_page(course, language, root="../", exercises=exercises), encoding="utf-8")


# ---------------------------------------------------------------- teachers' pages

NO_SOLUTIONS = {"en": " (not in this site: it was built with <code>--no-solutions</code>)",
                "ja": "（このサイトにはありません。<code>--no-solutions</code> で作られました）"}


def write_teachers_pages(site, course, solutions=True):
    """teachers/<language>.md as HTML pages (with the start page's style): a table of contents,
    the day-one checklist and the course, then each lesson's guide (its notes and its questions
    with their answers), also on a page of its own (teachers/<language>/<number>/); beside them a
    page of every exercise's hints and solution (teachers/<language>/solutions/)."""
    from .answer_key import course_questions
    render = markdown_renderer()
    questions = course_questions()
    for language in LANGUAGES:
        source = TEACHERS / f"{language}.md"
        if not source.is_file():
            raise CourseError(f"The teachers' page {source.relative_to(ROOT)} is missing.")
        text = source.read_text(encoding="utf-8")
        if LESSON_TABLE not in text:
            raise CourseError(f"{source.relative_to(ROOT)} has no {LESSON_TABLE} line: it marks "
                              "where the table of lessons goes.")
        text = text.replace(LESSON_TABLE, lesson_table(course[language], language))
        text = text.replace(viewpoints.FLAG_MARKER, "\n".join(f"- {rule}" for rule in viewpoints.FLAG_RULES[language]))
        if not solutions:  # the link to the solutions page becomes plain words
            text = re.sub(r"\[([^\]]*)\]\(solutions/\)", lambda m: m.group(1) + NO_SOLUTIONS[language], text)
        sections = lesson_sections(course[language], language, questions)
        notes = f"\n\n## {TEACHER_WORDS[language]['notes']}\n\n" + "\n\n".join(sections.values())
        glossary = TEACHERS / f"glossary.{language}.md"  # one word for one thing, with its reading
        if glossary.is_file():
            notes += "\n\n" + glossary.read_text(encoding="utf-8")
        body = with_contents(render(text + notes), course[language], language)
        page = filled_template(f'<div class="language teachers" lang="{language}" '
                               f'data-language="{language}">{body}</div>', language, "../../")
        folder = site / "teachers" / language
        (folder / "solutions").mkdir(parents=True, exist_ok=True)
        (folder / "index.html").write_text(page, encoding="utf-8")
        (folder / "solutions" / "index.html").write_text(
            solutions_page(course[language], language), encoding="utf-8")
        for number, html_page in lesson_pages(course[language], language, sections, render).items():
            (folder / number).mkdir(exist_ok=True)
            (folder / number / "index.html").write_text(html_page, encoding="utf-8")


def markdown_renderer():
    """Markdown to HTML as mistune.html does (raw HTML kept, tables), with checklists ("- [ ] ...")."""
    import mistune
    return mistune.create_markdown(escape=False, plugins=["strikethrough", "footnotes", "table", "speedup",
                                                         "task_lists"])


def slug(text):
    """An id for a heading: its words, lower case, joined by "-" (Japanese stays as it is)."""
    return re.sub(r"[^\w]+", "-", html.unescape(re.sub(r"<[^>]+>", "", text)).lower()).strip("-") or "section"


def with_contents(body, lessons, language):
    """The page's HTML with an id on every second-level heading and, before the first one, a table
    of contents: those headings, and under the lessons' guides every lesson (its place on this page
    and its page of its own)."""
    words = TEACHER_WORDS[language]
    entries, used = [], set()

    def named(match):
        ident = slug(match.group(1))
        while ident in used:
            ident += "-"
        used.add(ident)
        entries.append((ident, match.group(1)))
        return f'<h2 id="{ident}">{match.group(1)}</h2>'

    body = re.sub(r"<h2>(.*?)</h2>", named, body)
    items = []
    for ident, text in entries:
        inner = ""
        if re.sub(r"<[^>]+>", "", text) == words["notes"]:
            inner = "<ol>" + "".join(
                f'<li><a href="#lesson-{lesson.number}">{lesson.number} {html.escape(lesson.title)}</a> '
                f'(<a href="{lesson.number}/">{words["own_page"]}</a>)</li>' for lesson in lessons) + "</ol>"
        items.append(f'<li><a href="#{ident}">{text}</a>{inner}</li>')
    contents = f'<nav class="contents"><h2>{words["contents"]}</h2><ol>{"".join(items)}</ol></nav>'
    first = body.find("<h2")
    return body if first < 0 else body[:first] + contents + body[first:]


TEACHER_WORDS = {
    "en": {"lesson": "Lesson", "objectives": "Students can", "exercises": "Exercises",
           "needs": "Needs", "time": "Time", "notes": "Lesson by lesson", "minutes": "{} min",
           "contents": "Contents", "own_page": "its own page", "questions": "Questions and their answers",
           "back": "All of the teachers' page", "previous": "Previous lesson", "next": "Next lesson"},
    "ja": {"lesson": "レッスン", "objectives": "できるようになること", "exercises": "練習問題",
           "needs": "前提", "time": "時間", "notes": "レッスンごとの手引き", "minutes": "{} 分",
           "contents": "目次", "own_page": "このレッスンだけのページ", "questions": "問題と答え",
           "back": "先生方へのページ全体", "previous": "前のレッスン", "next": "次のレッスン"},
}


def table_text(text):
    """Text for a cell of a markdown table: no line breaks, no column bars."""
    return " ".join(text.split()).replace("|", "\\|")


def lesson_table(lessons, language):
    """The teachers' table of lessons, from the lessons' metadata (the minutes the map shows)."""
    words = TEACHER_WORDS[language]
    work = lesson_exercises()
    rows = [f'| {words["lesson"]} | {words["objectives"]} | {words["exercises"]} | {words["needs"]} '
            f'| {words["time"]} |', "|---|---|---|---|---|"]
    for lesson in lessons:
        exercises = work.get(Path(lesson.path).name, LessonWork([])).exercises
        rows.append("| " + " | ".join([
            f"`{Path(lesson.path).stem}`<br>{table_text(lesson.title)}",
            "<br>".join(table_text(o) for o in lesson.objectives),
            ", ".join(f"`{name}`" for name in exercises),
            ", ".join(lesson.needs),
            words["minutes"].format(lesson.minutes)]) + " |")
    return "\n".join(rows)


def lesson_sections(lessons, language, questions=None):
    """{number: markdown} of every lesson's guide, in the lessons' order: its notes
    (teachers/lessons/<number>.<language>.md, one heading level down; a heading of its title if
    there are none) and its questions with their answers, generated from the questions' modules so
    that they never drift, placed before the notes' generated section on the minutes."""
    from .answer_key import course_exercises, course_questions, question_list
    from .lesson_minutes import NOTE_HEADING
    words = TEACHER_WORDS[language]
    exercises = course_exercises()
    questions = course_questions() if questions is None else questions
    minutes = "\n#" + NOTE_HEADING[language] + "\n"
    sections = {}
    for lesson in lessons:
        source = LESSON_NOTES / f"{lesson.number}.{language}.md"
        if source.is_file():
            text = re.sub(r"^(#+) ", r"#\1 ", source.read_text(encoding="utf-8").strip(), flags=re.M)
        else:
            text = f"### {words['lesson']} {lesson.number}: {lesson.title}"
        asked = question_list(Path(lesson.path).name, language, questions)
        generated = f"#### {words['questions']}\n\n{asked}\n\n" if asked else ""
        generated += viewpoints.lesson_criteria(Path(lesson.path).name, language, exercises, questions) + "\n"
        where = text.find(minutes)  # both go before the notes' generated section on the minutes, which stays last
        text = text[:where + 1] + generated + text[where + 1:] if where >= 0 else text + "\n\n" + generated
        sections[lesson.number] = (f'<section class="lesson-notes" id="lesson-{lesson.number}" '
                                   f'data-lesson="{lesson.number}">\n\n{text.strip()}\n\n</section>')
    return sections


def lesson_notes(lessons, language, questions=None):
    """Every lesson's guide (lesson_sections) under one heading of their own."""
    sections = lesson_sections(lessons, language, questions)
    return f"\n\n## {TEACHER_WORDS[language]['notes']}\n\n" + "\n\n".join(sections.values()) + "\n"


def lesson_pages(lessons, language, sections, render):
    """{number: HTML} a page of its own for each lesson's guide (teachers/<language>/<number>/),
    to print or to open from a link: the same text as on the whole page."""
    words = TEACHER_WORDS[language]
    numbers = [lesson.number for lesson in lessons]
    pages = {}
    for index, number in enumerate(numbers):
        links = [f'<a href="../">{html.escape(words["back"])}</a>']
        if index > 0:
            links.append(f'<a href="../{numbers[index - 1]}/" rel="prev">← {words["previous"]}</a>')
        if index + 1 < len(numbers):
            links.append(f'<a href="../{numbers[index + 1]}/" rel="next">{words["next"]} →</a>')
        nav = f'<p class="lesson-links">{" · ".join(links)}</p>'
        pages[number] = filled_template(
            f'<div class="language teachers lesson-page" lang="{language}" data-language="{language}">'
            f'{nav}{render(sections[number])}</div>', language, "../../../")
    return pages


def with_code(text):
    """A hint as HTML: its `code` in backticks shown as code, as a notebook's markdown would."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


def solutions_page(lessons, language):
    """Every exercise of the course with its hints and solution, in the order of the lessons:
    the same text that games.hint() and games.solution() show a student."""
    from games.checks import exercises  # here: only this page and the map need the package
    words = WORDS[language]
    by_lesson = {}
    for entry in exercises():
        by_lesson.setdefault(entry.lesson, []).append(entry)
    parts = [f'<h1>{html.escape(words["solutions"])}</h1>']
    for lesson in lessons:
        for entry in by_lesson.get(Path(lesson.path).name, []):
            hints = "".join(f"<li>{with_code(getattr(hint, language))}</li>" for hint in entry.hints)
            parts.append(f'<section class="exercise" id="{html.escape(entry.key)}">'
                         f'<h2>{html.escape(lesson.title)}: <code>{html.escape(entry.name)}</code></h2>'
                         f'<ol class="hints">{hints}</ol>'
                         f'<pre><code>{html.escape(entry.solution_in(language))}</code></pre></section>')
    body = "\n".join(parts)
    return filled_template(f'<div class="language teachers" lang="{language}" data-language="{language}">'
                           f'{body}</div>', language, "../../../")


# ---------------------------------------------------------------- addresses that survive a reload

def write_folder_pages(site, content):
    """A copy of the file list's page in tree/<folder>/ for each folder of content/, one level
    deeper, with the settings that tell it which folder to show (JupyterLite itself only has
    tree/index.html, so /tree/en is a 404 on a static host after a reload)."""
    page = (site / "tree" / "index.html").read_text(encoding="utf-8")
    for folder in sorted(p for p in content.rglob("*") if p.is_dir()):
        relative = folder.relative_to(content).as_posix()
        depth = relative.count("/") + 2  # tree/<relative>/ is this many folders below the root
        up = "../" * depth
        copy = re.sub(r'(["\'])\.\./', lambda m: m.group(1) + up, page)
        copy = copy.replace('data-jupyter-lite-root=".."', f'data-jupyter-lite-root="{up[:-1]}"')
        target = site / "tree" / relative
        target.mkdir(parents=True, exist_ok=True)
        (target / "index.html").write_text(copy, encoding="utf-8")
        settings = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
            "fullStaticUrl": f"{up}build", "settingsUrl": f"{up}build/schemas",
            "treePath": relative}}
        (target / "jupyter-lite.json").write_text(json.dumps(settings, indent=1))
        (target / "jupyter-lite.ipynb").write_text(json.dumps({
            "metadata": {"jupyter-lite": settings}, "nbformat": 4, "nbformat_minor": 5,
            "cells": []}, indent=1))


def write_not_found_page(site):
    """404.html: hosts such as GitHub Pages and Netlify show it for any unknown address (and so
    does `build.py --serve`). It sends old JupyterLab-style addresses to the Notebook UI and
    anything else to the start page."""
    text = " / ".join(WORDS[code]["not_found"] for code in LANGUAGES)
    body = f'<div class="language"><p><a id="not-found" href="./">{html.escape(text)}</a></p></div>'
    (site / "404.html").write_text(filled_template(body, "en", "/"), encoding="utf-8")


def write_pages(site, content, course, solutions=True):
    write_start_pages(site, course)
    write_teachers_pages(site, course, solutions)
    write_folder_pages(site, content)
    write_not_found_page(site)


def copy_content(content, destination):
    """The notebooks and files the site serves: content/ without editor leftovers."""
    shutil.copytree(content, destination, ignore=shutil.ignore_patterns(
        ".ipynb_checkpoints", "__pycache__", ".DS_Store"))
    return destination
