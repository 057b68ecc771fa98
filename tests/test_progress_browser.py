"""Learning on one's own, in the real site in headless Chromium with the real Pyodide kernel:
a check passed in a lesson shows on the course map, hints and solutions in the kernel, and all
of a student's work downloaded as one file and restored into an empty browser.
"""

import io
import json
import zipfile

import pytest

import games
from bench.site_browser import CELLS_JS, REPORTS, new_context, notebook_url, run_cell, wait_for_kernel
from conftest import content_notebooks

LESSONS_PER_LANGUAGE = sum(notebook.startswith("en/") for notebook in content_notebooks())

pytestmark = pytest.mark.browser
VIEWPORT = {"width": 1366, "height": 768}
LESSON = "en/10_tictactoe_1_env.ipynb"
NOTEBOOK_READY_JS = """() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    return !!(w && w.context && w.context.isReady && w.content && w.content.widgets.length); }"""
# A new cell at the end of the open notebook, with ``code``, run; returns its outputs.
RUN_NEW_CELL_JS = """async (code) => {
    const app = window.jupyterapp, notebook = app.shell.currentWidget.content;
    notebook.activeCellIndex = notebook.widgets.length - 1;
    await app.commands.execute('notebook:insert-cell-below');
    const cell = notebook.activeCell;
    cell.model.sharedModel.setSource(code);
    await app.commands.execute('notebook:run-cell');
    return cell.model.outputs.toJSON();
}"""
SET_SOURCE_JS = """([index, code]) => window.jupyterapp.shell.currentWidget.content.widgets[index]
    .model.sharedModel.setSource(code)"""
SAVE_JS = "async () => { await window.jupyterapp.shell.currentWidget.context.save(); }"
STATES_JS = """() => Object.fromEntries([...document.querySelectorAll('.language:not([hidden]) a.lesson')]
    .map(a => [a.dataset.lesson, a.dataset.state]))"""
# What JupyterLite keeps of the student's files, read from its IndexedDB (named after the site's
# folder, "/" here): {path: notebook source text}
STORED_JS = """() => new Promise(resolve => {
    const open = indexedDB.open('JupyterLite Storage - /');
    open.onupgradeneeded = () => open.transaction.abort();
    open.onerror = () => resolve({});
    open.onsuccess = () => {
        const all = open.result.transaction('files').objectStore('files').getAll();
        all.onsuccess = () => resolve(Object.fromEntries(all.result.map(item => [item.path,
            item.type === 'notebook' ? item.content.cells.map(c => [].concat(c.source).join('')).join('\\n') : ''])));
    };
})"""


def text_of(outputs):
    return "".join("".join(o.get("text", "")) if isinstance(o.get("text"), (str, list)) else ""
                   for o in outputs)


def open_notebook(page, base_url, notebook):
    page.goto(notebook_url(base_url, notebook))
    page.wait_for_function(NOTEBOOK_READY_JS, timeout=60000)


def open_map(page, base_url, language="en"):
    page.goto(f"{base_url}{language}/")
    page.wait_for_function("() => document.querySelector('a.lesson .progress') !== null")
    page.wait_for_timeout(500)  # the states are read from IndexedDB, asynchronously
    return page.evaluate(STATES_JS)


def wait_for_state(page, lesson, state):
    page.wait_for_function(f"() => document.querySelector('.language:not([hidden]) a.lesson[data-lesson=\"{lesson}\"]')"
                           f".dataset.state === '{state}'", timeout=10000)


def restore(page, name, data):
    page.set_input_files(".language:not([hidden]) input.restore-file",
                         files=[{"name": name, "mimeType": "application/zip", "buffer": data}])
    status = page.locator(".language:not([hidden]) .my-work-status")
    page.wait_for_function("() => document.querySelector('.language:not([hidden]) .my-work-status').textContent",
                           timeout=15000)
    text = status.inner_text()
    page.evaluate("() => document.querySelector('.language:not([hidden]) .my-work-status').textContent = ''")
    return text


@pytest.fixture
def page(browser):
    context = new_context(browser)
    page = context.new_page()
    page.set_viewport_size(VIEWPORT)
    yield page
    context.close()


def test_a_check_passed_in_a_lesson_shows_on_the_map_and_work_travels_in_one_file(browser, page, site_url, tmp_path):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    states = open_map(page, site_url)
    assert len(states) == LESSONS_PER_LANGUAGE and set(states.values()) == {"new"}
    assert "00_welcome" in page.locator(".language:not([hidden]) a.start").get_attribute("href")

    # the welcome has no exercise: opening it is enough
    open_notebook(page, site_url, "en/00_welcome.ipynb")

    # lesson 10: a failing check, two hints and the solution in the real kernel, then the check passes
    open_notebook(page, site_url, LESSON)
    wait_for_kernel(page)
    cells = page.evaluate(CELLS_JS)
    first = next(c for c in cells if c["type"] == "code")
    exercise = next(c for c in cells if "check_winner(" in c["source"])
    run_cell(page, first["index"], timeout=120)
    report = text_of(run_cell(page, exercise["index"], timeout=120)["outputs"])
    assert "🆘 Stuck? games.hint()" in report.strip().splitlines()[-1]
    hint = text_of(page.evaluate(RUN_NEW_CELL_JS, "games.hint()"))
    entry = games.checks.exercise_book.find("tictactoe.winner")
    assert "Hint 1 of 3 for winner" in hint and entry.hints[0].en in hint
    assert "Hint 2 of 3" in text_of(page.evaluate(RUN_NEW_CELL_JS, "games.hint()"))
    solution = text_of(page.evaluate(RUN_NEW_CELL_JS, "games.solution()"))
    assert "A solution for winner" in solution and "def winner(board):" in solution
    page.evaluate(SET_SOURCE_JS, [exercise["index"], entry.solution_in("en")
                                  + "\n\ngames.checks.tictactoe.check_winner(winner)\n"])
    assert "All 16 cases passed" in text_of(run_cell(page, exercise["index"], timeout=120)["outputs"])
    page.evaluate(SAVE_JS)
    # a trained agent's result (a short stand-in for lesson 13's training) goes on the game's last lesson
    page.evaluate(RUN_NEW_CELL_JS, "from games import dqn\nagent = dqn.DQNAgent('tictactoe', seed=0)\n"
                  "agent.steps = 1\nprint(games.arena.evaluate('tictactoe', agent, games.agents.random_agent, "
                  "n=4, progress=False))")

    # the map: the lesson is done, with its solution seen; "start" leads to the first unfinished lesson
    open_map(page, site_url)
    wait_for_state(page, LESSON, "done")
    states = page.evaluate(STATES_JS)
    assert states["en/00_welcome.ipynb"] == "done" and states["en/11_tictactoe_2_random.ipynb"] == "new"
    line = page.locator(f".language:not([hidden]) a.lesson[data-lesson='{LESSON}'] .progress").inner_text()
    assert "1 of 1 exercises passed" in line and "solution seen: winner" in line
    assert "01_first_ai" in page.locator(".language:not([hidden]) a.start").get_attribute("href")
    dqn_line = page.locator(".language:not([hidden]) a.lesson[data-lesson='en/14_tictactoe_5_search.ipynb'] .progress")
    assert "your AI against random_agent: A wins" in dqn_line.inner_text()
    REPORTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(REPORTS / "course-map-progress-en.png"), full_page=True)
    page.reload()
    wait_for_state(page, LESSON, "done")  # a reload keeps it

    # download all my work: one zip with the changed notebook and the progress
    with page.expect_download() as download:
        page.click(".language:not([hidden]) button.download-all")
    backup = tmp_path / download.value.suggested_filename
    download.value.save_as(backup)
    assert backup.name.startswith("game-ai-lab-work-") and backup.suffix == ".zip"
    with zipfile.ZipFile(backup) as archive:
        assert archive.testzip() is None
        manifest = json.loads(archive.read("game-ai-lab-work.json"))
        notebook = json.loads(archive.read(LESSON))
    assert any("check_winner(winner)" in "".join(c["source"]) and "for col in range(3)" in "".join(c["source"])
               for c in notebook["cells"])
    kinds = {(e["lesson"], e["kind"], e["name"]) for e in manifest["progress"]}
    assert {(LESSON, "passed", "winner"), (LESSON, "solution", "winner"),
            ("en/00_welcome.ipynb", "opened", "")} <= kinds
    data = backup.read_bytes()

    # another browser, empty: bad files change nothing; the backup brings everything back
    other = new_context(browser)
    fresh = other.new_page()
    fresh.set_viewport_size(VIEWPORT)
    fresh.on("pageerror", lambda error: errors.append(str(error)))
    assert set(open_map(fresh, site_url).values()) == {"new"}
    assert "not a backup" in restore(fresh, "notes.zip", b"just some text")
    foreign = io.BytesIO()
    with zipfile.ZipFile(foreign, "w") as archive:
        archive.writestr("photo.txt", "hello")
    assert "has no game-ai-lab-work.json" in restore(fresh, "other.zip", foreign.getvalue())
    assert "damaged" in restore(fresh, "cut.zip", data[:len(data) // 2] + data[-22:])
    assert set(fresh.evaluate(STATES_JS).values()) == {"new"} and fresh.evaluate(STORED_JS) == {}

    message = restore(fresh, backup.name, data)
    assert message.startswith("Restored ") and "files and your progress" in message, message
    wait_for_state(fresh, LESSON, "done")
    assert fresh.evaluate(STATES_JS)["en/00_welcome.ipynb"] == "done"
    stored = fresh.evaluate(STORED_JS)
    assert "for col in range(3)" in stored[LESSON]

    # JupyterLite itself opens the restored notebook, with the student's change
    open_notebook(fresh, site_url, LESSON)
    sources = "\n".join(c["source"] for c in fresh.evaluate(CELLS_JS))
    assert "for col in range(3)" in sources

    # changed again here (newer than the backup): restoring keeps both
    fresh.evaluate(SET_SOURCE_JS, [0, "# my newer notes\n"])
    fresh.evaluate(SAVE_JS)
    open_map(fresh, site_url)
    message = restore(fresh, backup.name, data)
    assert "newer in this browser" in message, message
    stored = fresh.evaluate(STORED_JS)
    assert "# my newer notes" in stored[LESSON]
    assert "for col in range(3)" in stored["en/10_tictactoe_1_env (from backup).ipynb"]

    # reset: the map forgets the checks; the notebooks stay
    fresh.once("dialog", lambda dialog: dialog.accept())
    fresh.click(".language:not([hidden]) button.reset-progress")
    wait_for_state(fresh, LESSON, "started")  # the student's copy is still there
    assert fresh.evaluate(STATES_JS)["en/11_tictactoe_2_random.ipynb"] == "new"
    other.close()
    assert not errors, errors


def test_the_map_and_the_messages_in_japanese(page, site_url):
    open_map(page, site_url, "ja")
    assert page.locator("button.download-all").inner_text() == "作業をすべてダウンロード"
    message = restore(page, "memo.zip", b"not a zip")
    assert "バックアップではありません" in message and "何も変えていません" in message


def test_the_teachers_page_links_every_hint_and_solution(page, site_url):
    for language, heading in (("en", "All hints and solutions"), ("ja", "すべてのヒントと答えの例")):
        page.goto(f"{site_url}teachers/{language}/")
        page.click("a[href='solutions/']")
        assert heading in page.locator("h1").inner_text()
        exercises = len(games.checks.exercises())  # every exercise of the course
        assert page.locator("section.exercise").count() == exercises
        assert page.locator("section.exercise pre").count() == exercises
