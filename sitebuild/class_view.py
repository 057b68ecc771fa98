"""Step 11b, the class view: a page of the teachers' site (``/teachers/<language>/class/``) that
reads the class's work files ("Download all my work") in the teacher's browser and shows every
student's progress, who may be stuck, and a CSV to keep. No server: the files never leave the
teacher's computer. The page is lite/class-view.js with the lessons' titles and exercises baked in.
"""

import ast
import html
import json
import shutil
from pathlib import Path

from games.checks import exercise_book

from . import course, viewpoints
from .common import ROOT

LITE = ROOT / "lite"
SCRIPTS = ("lesson-summary.js", "class-view.js")
READER = ("fflate.js", "work-zip.js", "work-reader.js")  # one file, run in a Web Worker per lane

WORDS = {
    "en": {"title": "Class view: who is where, who may be stuck",
           "intro": "Drop the class's work files here (the zip files each student made with \u201cDownload all my "
                    "work\u201d on the course map), or choose them or their folder. They are read on this computer "
                    "only; nothing is sent anywhere.",
           "files": "Choose files", "folder": "Choose a folder",
           "list": "Class list", "list_help": "One student a line: number and name (\u201c12, Aiko Sato\u201d), or "
                                           "names only (numbered 1, 2, 3 \u2026 in order). A CSV with the columns "
                                           "出席番号 (or number) and name works too.",
           "use": "Use this list", "csv": "Choose a CSV", "clear": "Clear", "rules": "How the flags are decided"},
    "ja": {"title": "クラスの様子: だれがどこまで進んだか、だれがつまずいていそうか",
           "intro": "クラスの作業ファイル（生徒がコースマップの「作業をすべてダウンロード」で作った zip ファイル）を"
                    "ここにドロップするか、ファイルかフォルダーを選んでください。このコンピューターの中だけで読み、"
                    "どこにも送りません。",
           "files": "ファイルを選ぶ", "folder": "フォルダーを選ぶ",
           "list": "クラス名簿", "list_help": "1 行に 1 人: 出席番号と名前（「12, 佐藤愛子」）、または名前だけ"
                                           "（上から 1, 2, 3 … 番）。出席番号と名前の列がある CSV も使えます。",
           "use": "この名簿を使う", "csv": "CSV を選ぶ", "clear": "消す", "rules": "しるしの決め方"},
}


FLAG_RULES = viewpoints.FLAG_RULES


# The evidence for 観点別評価 the class view shows per student and lesson: one wording with the
# per-lesson A/B/C criteria of the teachers' pages (sitebuild/viewpoints.py).
EVIDENCE = viewpoints.EVIDENCE


def lessons_data(lessons, exercises, starts=None, predictions=None):
    """What the page needs of each lesson: its file, number, title, exercises, the fingerprints of
    its exercises' start code (a failure of an unchanged start is not a try) and its questions that
    ask for a prediction."""
    starts = exercise_starts() if starts is None else starts
    predictions = prediction_questions() if predictions is None else predictions
    return [{"file": Path(lesson.path).name, "number": lesson.number, "title": lesson.title,
             "exercises": list(exercises[Path(lesson.path).name].exercises)
             if Path(lesson.path).name in exercises else [],
             "starts": starts.get(Path(lesson.path).name, {}),
             "predictions": predictions.get(Path(lesson.path).name, [])}
            for lesson in lessons]


def exercise_starts(content=ROOT / "content"):
    """{lesson file: {exercise: [fingerprints]}}: what a check records when it runs on a lesson's
    code as the notebook gives it (the cell that calls ``games.checks.<game>.check_<x>(...)`` and
    defines what it passes), in every language of the course."""
    names = {(e.game, e.check.__name__): e.name for e in exercise_book.exercises()}
    found = {}
    for notebook in sorted(content.glob("*/*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        defined = {}  # name -> ("source", text) of the functions and classes of the cells run so far
        for cell in cells:
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            try:
                tree = ast.parse(source)
            except SyntaxError:
                continue  # an IPython magic: no check there
            for node in tree.body:
                if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                    defined[node.name] = _defined(tree, source, node.name)
            for call in ast.walk(tree):
                exercise = names.get(_check_called(call))
                if exercise is None or not all(isinstance(arg, ast.Name) for arg in call.args):
                    continue
                parts = [defined.get(arg.id, ("name", arg.id)) for arg in call.args]
                starts = found.setdefault(notebook.name, {}).setdefault(exercise, [])
                fingerprint = exercise_book.start_fingerprint(parts)
                if fingerprint not in starts:
                    starts.append(fingerprint)
    return found


def _check_called(node):
    """("tictactoe", "check_winner") for a call of ``games.checks.tictactoe.check_winner(...)``."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return None
    module = node.func.value
    if isinstance(module, ast.Attribute) and isinstance(module.value, ast.Attribute) \
            and module.value.attr == "checks":
        return module.attr, node.func.attr
    return None


def _defined(tree, source, name):
    """("source", text) of the last function or class ``name`` the cell defines, else ("name", name)."""
    lines = source.splitlines(keepends=True)
    made = [node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == name]
    if not made:
        return "name", name
    node = made[-1]
    first = min([node.lineno] + [d.lineno for d in node.decorator_list])
    return "source", "".join(lines[first - 1:node.end_lineno])


def prediction_questions():
    """{lesson file: [question keys]} of the questions that ask for a prediction before a cell runs
    (their English text starts with "Predict"); the others are concept questions."""
    from games.learning_cycle.questions import questions
    found = {}
    for key, question in questions().items():
        if viewpoints.is_prediction(question):
            found.setdefault(question.lesson, []).append(key)
    return found


def class_view_page(lessons, language, exercises):
    words = WORDS[language]
    data = json.dumps(lessons_data(lessons, exercises), ensure_ascii=False).replace("</", "<\\/")
    body = f"""<div class="language teachers class-view" lang="{language}" data-language="{language}">
<h1>{html.escape(words["title"])}</h1>
<details class="class-list"><summary>{html.escape(words["list"])}</summary>
<p class="note">{html.escape(words["list_help"])}</p>
<textarea rows="5" cols="40" aria-label="{html.escape(words["list"])}"></textarea>
<p><button type="button" class="use-list">{html.escape(words["use"])}</button>
<button type="button" class="choose-list">{html.escape(words["csv"])}</button>
<button type="button" class="clear-list">{html.escape(words["clear"])}</button>
<input type="file" class="list-file" accept=".csv,.txt,text/csv,text/plain" hidden>
<span class="list-status" role="status"></span></p>
</details>
<p class="note">{html.escape(words["intro"])}</p>
<div class="drop-zone" tabindex="0">
<button type="button" class="choose-files">{html.escape(words["files"])}</button>
<button type="button" class="choose-folder">{html.escape(words["folder"])}</button>
<input type="file" class="work-files" accept=".zip,application/zip" multiple hidden>
<input type="file" class="work-folder" webkitdirectory multiple hidden>
</div>
<ul class="class-messages" role="status"></ul>
<div class="class-result"></div>
<details class="flag-rules"><summary>{html.escape(words["rules"])}</summary>
<ul>{"".join(f"<li>{html.escape(rule)}</li>" for rule in FLAG_RULES[language])}</ul></details>
<script type="application/json" id="class-lessons">{data}</script>
<script type="application/json" id="class-words">{json.dumps(EVIDENCE[language], ensure_ascii=False)}</script>
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
        (folder / "work-reader.js").write_text(
            "".join((LITE / name).read_text(encoding="utf-8") + "\n" for name in READER), encoding="utf-8")


def leave_out_solutions(site):
    """``build.py --no-solutions``: no page of solutions in the teachers' site (the games wheel was
    built without them, so games.solution() says the teacher holds them; the hints stay)."""
    for language in course.LANGUAGES:
        solutions = site / "teachers" / language / "solutions"
        if solutions.is_dir():
            shutil.rmtree(solutions)
