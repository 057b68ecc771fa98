"""The Japanese lessons in the built site, in headless Chromium: JupyterLab's menus in the lesson's
language (a lesson opened from the Japanese map shows ファイル, from the English map File), with no
reload; and the readings of hard words (<ruby>) shown above them in a Markdown cell.

Screenshots go to _build/browser-reports/ for review.
"""

import json
import re

import pytest

from bench.site_browser import REPORTS
from conftest import CONTENT, content_notebooks

pytestmark = pytest.mark.browser
MENU_LABELS_JS = "labels => labels.map(label => label.textContent)"
MENUS = {"en": ["File", "Edit", "View", "Run", "Kernel", "Settings", "Help"],
         "ja": ["ファイル", "編集", "表示", "実行", "カーネル", "設定", "ヘルプ"]}
NOTEBOOK_READY_JS = """() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    return !!(w && w.content && w.content.widgets && w.content.widgets.length); }"""



def open_first_lesson_from_the_map(page, site_url, language):
    """Click the map's first lesson link; returns how many times the lesson's page loaded."""
    page.goto(f"{site_url}{language}/")
    loads = []
    page.on("load", lambda loaded: loads.append(loaded.url))
    page.locator("a.lesson").first.click()
    page.wait_for_function(NOTEBOOK_READY_JS, timeout=120000)
    page.wait_for_timeout(2000)  # time enough for a reload to show itself
    return loads


@pytest.mark.parametrize("language", ["ja", "en"])
def test_jupyterlabs_menus_speak_the_lessons_language(page, site_url, language):
    loads = open_first_lesson_from_the_map(page, site_url, language)
    assert f"path={language}%2F" in page.url or f"path={language}/" in page.url
    labels = page.eval_on_selector_all(".lm-MenuBar-itemLabel", MENU_LABELS_JS)
    page.screenshot(path=str(REPORTS / f"menus-{language}.png"))
    assert labels == MENUS[language]
    page.locator(".lm-MenuBar-item").first.click()  # a menu's items too: File > New, 新規
    items = page.eval_on_selector_all(".lm-Menu-itemLabel", MENU_LABELS_JS)
    assert ("新規" in items) == (language == "ja") and ("New" in items) == (language == "en"), items
    page.keyboard.press("Escape")
    shown = page.evaluate("document.body.innerText")  # the Notebook app's own words too
    assert ("信頼されていません" in shown) == (language == "ja") and ("Not Trusted" in shown) == (language == "en")
    assert len(loads) == 1, f"the lesson's page loaded {len(loads)} times: {loads}"
    assert not page.failed, page.failed


RUBY_MARKDOWN = ("<ruby>報酬<rp>(</rp><rt>ほうしゅう</rt><rp>)</rp></ruby>をもらいます。"
                 "<ruby>探索<rt>たんさく</rt></ruby>もします。")
INSERT_AND_RENDER_JS = """async (source) => {
    const app = window.jupyterapp, notebook = app.shell.currentWidget.content;
    notebook.model.sharedModel.insertCell(0, {cell_type: 'markdown', source});
    notebook.activeCellIndex = 0;
    await app.commands.execute('notebook:run-cell');
    notebook.widgets[0].node.scrollIntoView();
}"""
RUBY_PLACES_JS = """() => [...document.querySelectorAll('.jp-RenderedMarkdown ruby')].map(ruby => {
    const reading = ruby.querySelector('rt').getBoundingClientRect();
    const word = ruby.getBoundingClientRect();
    return {reading: ruby.querySelector('rt').textContent, above: reading.bottom <= word.top + word.height / 2,
            parentheses: [...ruby.querySelectorAll('rp')].map(rp => getComputedStyle(rp).display)};
})"""


def test_readings_show_above_the_words_in_markdown(page, site_url):
    open_first_lesson_from_the_map(page, site_url, "ja")
    page.evaluate(INSERT_AND_RENDER_JS, RUBY_MARKDOWN)
    page.wait_for_selector(".jp-RenderedMarkdown ruby", timeout=10000)
    page.screenshot(path=str(REPORTS / "ruby-in-markdown.png"))
    places = page.evaluate(RUBY_PLACES_JS)
    assert [p["reading"] for p in places] == ["ほうしゅう", "たんさく"]
    assert all(p["above"] for p in places), places
    assert places[0]["parentheses"] == ["none", "none"]  # shown only where ruby is not


# A menu path a lesson names: **ファイル → ダウンロード** in bold (or *italics*), or 「新規」→「新規フォルダ」.
BOLD_PATH = re.compile(r"\*{1,2}([^*\n]*→[^*\n]*)\*{1,2}")
QUOTED_PATH = re.compile(r"「([^」\n]+)」\s*→\s*「([^」\n]+)」")
TEXTS_JS = "nodes => nodes.map(node => (node.innerText || node.textContent).trim()).filter(text => text)"


def menu_paths(language):
    """``{("ファイル", "ダウンロード"): [lesson, ...]}``: every menu path the lessons of ``language`` name."""
    paths = {}
    for notebook in content_notebooks():
        if not notebook.startswith(f"{language}/"):
            continue
        cells = json.loads((CONTENT / notebook).read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
        found = [tuple(part.strip() for part in path.split("→")) for path in BOLD_PATH.findall(text)]
        found += QUOTED_PATH.findall(text)
        for path in found:
            paths.setdefault(path, []).append(notebook)
    return paths


def labels_a_student_sees(browser, site_url, language):
    """The labels of a lesson page's menu bar and menus, and of the file list (File → Open…): its
    buttons and its New menu. The file list has no lesson path: it speaks the browser's language."""
    context = browser.new_context(locale={"ja": "ja-JP", "en": "en-US"}[language])
    try:
        page = context.new_page()
        page.set_viewport_size({"width": 1366, "height": 768})
        open_first_lesson_from_the_map(page, site_url, language)
        bar = page.eval_on_selector_all(".lm-MenuBar-itemLabel", MENU_LABELS_JS)
        labels = set(bar)
        for index in range(len(bar)):
            page.locator(".lm-MenuBar-item").nth(index).click()
            labels |= set(page.eval_on_selector_all(".lm-Menu-itemLabel", MENU_LABELS_JS))
            page.keyboard.press("Escape")
        page.locator(".lm-MenuBar-item").first.click()
        with context.expect_page() as opened:
            page.get_by_text({"ja": "開く…", "en": "Open…"}[language], exact=True).click()
        files = opened.value
        files.wait_for_selector(".jp-DirListing-item", timeout=60000)
        labels |= set(files.eval_on_selector_all("button, jp-button", TEXTS_JS))
        files.get_by_text({"ja": "新規", "en": "New"}[language], exact=True).first.click()
        labels |= set(files.eval_on_selector_all(".lm-Menu-itemLabel", MENU_LABELS_JS))
        return {label for label in labels if label}
    finally:
        context.close()


@pytest.mark.parametrize("language", ["ja", "en"])
def test_every_menu_path_a_lesson_names_is_in_the_sites_menus(browser, site_url, language):
    paths = menu_paths(language)
    assert paths, f"no {language} lesson names a menu path: is the pattern still right?"
    labels = labels_a_student_sees(browser, site_url, language)
    missing = {" → ".join(path): lessons for path, lessons in paths.items()
               if not all(part in labels for part in path)}
    assert not missing, f"menu paths the site does not show: {missing}; it shows {sorted(labels)}"
