"""Step 11b, the class view: a page of the teachers' site (``/teachers/<language>/class/``) that
reads the class's work files ("Download all my work") in the teacher's browser and shows every
student's progress, who may be stuck, and a CSV to keep. No server: the files never leave the
teacher's computer. The page is lite/class-view.js with the lessons' titles and exercises baked in.
"""

import html
import json
import shutil
from pathlib import Path

from . import course
from .common import ROOT

LITE = ROOT / "lite"
SCRIPTS = ("work-zip.js", "lesson-summary.js", "class-view.js")

WORDS = {
    "en": {"title": "Class view: who is where, who may be stuck",
           "intro": "Drop the class's work files here (the zip files each student made with \u201cDownload all my "
                    "work\u201d on the course map), or choose them or their folder. They are read on this computer "
                    "only; nothing is sent anywhere.",
           "files": "Choose files", "folder": "Choose a folder"},
    "ja": {"title": "クラスの様子: だれがどこまで進んだか、だれがつまずいていそうか",
           "intro": "クラスの作業ファイル（生徒がコースマップの「作業をすべてダウンロード」で作った zip ファイル）を"
                    "ここにドロップするか、ファイルかフォルダーを選んでください。このコンピューターの中だけで読み、"
                    "どこにも送りません。",
           "files": "ファイルを選ぶ", "folder": "フォルダーを選ぶ"},
}


def lessons_data(lessons, exercises):
    """What the page needs of each lesson: its file, number, title and exercises."""
    return [{"file": Path(lesson.path).name, "number": lesson.number, "title": lesson.title,
             "exercises": list(exercises[Path(lesson.path).name].exercises)
             if Path(lesson.path).name in exercises else []}
            for lesson in lessons]


def class_view_page(lessons, language, exercises):
    words = WORDS[language]
    data = json.dumps(lessons_data(lessons, exercises), ensure_ascii=False).replace("</", "<\\/")
    body = f"""<div class="language teachers class-view" lang="{language}" data-language="{language}">
<h1>{html.escape(words["title"])}</h1>
<p class="note">{html.escape(words["intro"])}</p>
<div class="drop-zone" tabindex="0">
<button type="button" class="choose-files">{html.escape(words["files"])}</button>
<button type="button" class="choose-folder">{html.escape(words["folder"])}</button>
<input type="file" class="work-files" accept=".zip,application/zip" multiple hidden>
<input type="file" class="work-folder" webkitdirectory multiple hidden>
</div>
<ul class="class-messages" role="status"></ul>
<div class="class-result"></div>
<script type="application/json" id="class-lessons">{data}</script>
</div>"""
    scripts = "".join(f"<script>\n{(LITE / name).read_text(encoding='utf-8')}</script>\n" for name in SCRIPTS)
    return course.filled_template(body, language, "../../../", scripts=scripts)


def write_class_view(site, lessons):
    """teachers/<language>/class/index.html for each language of the course."""
    exercises = course.lesson_exercises()
    for language in course.LANGUAGES:
        folder = site / "teachers" / language / "class"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "index.html").write_text(class_view_page(lessons[language], language, exercises), encoding="utf-8")


def leave_out_solutions(site):
    """``build.py --no-solutions``: no page of solutions in the teachers' site (the games wheel was
    built without them, so games.solution() says the teacher holds them; the hints stay)."""
    for language in course.LANGUAGES:
        solutions = site / "teachers" / language / "solutions"
        if solutions.is_dir():
            shutil.rmtree(solutions)
