"""A student's way through the site, in headless Chromium at Chromebook size (1366 x 768).

The start page, the lessons' "Next" links, the logo, and addresses that must survive a reload
(the file list of a folder, an open lesson) on a plain static server, the kind a school or
GitHub Pages has: Python's own http.server, not build.py's.
Screenshots of the start pages go to _build/browser-reports/ for review.
"""

import functools
import http.server
import threading

import pytest

from bench.site_browser import CELLS_JS, REPORTS, run_cell, wait_for_kernel
from conftest import SCREEN, content_notebooks

LESSONS_PER_LANGUAGE = sum(notebook.startswith("en/") for notebook in content_notebooks())

pytestmark = pytest.mark.browser
VIEWPORT = SCREEN  # the screen of every page here
NOTEBOOK_READY_JS = """() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    return !!(w && w.context && w.content && w.content.widgets.length); }"""


@pytest.fixture(scope="module")
def plain_url(built_site):
    """The site on a plain static file server: no gzip, no 404 page, no redirects of ours."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    handler = functools.partial(Quiet, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()



def file_list_names(page):
    page.wait_for_selector(".jp-DirListing-itemName", timeout=60000)
    return page.eval_on_selector_all(".jp-DirListing-itemText", "items => items.map(i => i.textContent)")


def test_the_start_page_shows_the_browsers_language(browser, plain_url):
    for locale, language, heading in (("en-GB", "en", "Course map"), ("ja-JP", "ja", "コースマップ")):
        context = browser.new_context(locale=locale, viewport=VIEWPORT)
        page = context.new_page()
        page.goto(plain_url)
        assert page.evaluate("document.documentElement.lang") == language
        visible = page.locator(".language:visible")
        assert visible.count() == 1 and heading in visible.inner_text()
        assert page.locator(".language:visible a.lesson").count() == LESSONS_PER_LANGUAGE
        REPORTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(REPORTS / f"start-page-{language}.png"), full_page=True)
        page.goto(plain_url + f"teachers/{language}/")
        assert page.locator("table").count() >= 1
        context.close()


def test_a_lesson_link_opens_the_lesson_and_it_survives_a_reload(page, plain_url):
    page.goto(plain_url + "en/")
    page.click("a.lesson[data-path='en/10_tictactoe_1_env.ipynb']")
    page.wait_for_function(NOTEBOOK_READY_JS, timeout=60000)
    assert "notebooks/index.html?path=en/10_tictactoe_1_env.ipynb" in page.url
    page.reload()
    page.wait_for_function(NOTEBOOK_READY_JS, timeout=60000)
    assert page.evaluate("window.jupyterapp.shell.currentWidget.context.path") == \
        "en/10_tictactoe_1_env.ipynb"
    wait_for_kernel(page)
    first_code = next(c for c in page.evaluate(CELLS_JS) if c["type"] == "code")
    result = run_cell(page, first_code["index"], timeout=120)
    assert result["executionCount"] and not any(o["output_type"] == "error" for o in result["outputs"])
    assert not page.failed, page.failed


def test_the_file_list_of_a_folder_survives_a_reload(page, plain_url):
    for language in ("en", "ja"):
        page.goto(plain_url + f"tree/{language}")  # as the app writes it, without a slash
        names = file_list_names(page)
        assert "00_welcome.ipynb" in names and "teachers.md" not in names
        page.reload()
        assert "53_puyopuyo_4_dqn.ipynb" in file_list_names(page)
    assert not page.failed, page.failed


def test_next_link_logo_and_map_link_stay_in_the_same_tab(page, plain_url):
    page.goto(plain_url + "notebooks/index.html?path=ja/12_tictactoe_3_minimax.ipynb")
    page.wait_for_function(NOTEBOOK_READY_JS, timeout=60000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:render-all-markdown')")
    next_link = page.locator(".jp-RenderedHTMLCommon a", has_text="三目並べ 4").last
    next_link.scroll_into_view_if_needed()
    next_link.click()
    page.wait_for_url("**path=ja/13_tictactoe_4_dqn.ipynb", timeout=30000)
    page.wait_for_function(NOTEBOOK_READY_JS, timeout=60000)
    assert len(page.context.pages) == 1
    logo = page.locator("#jp-NotebookLogo")
    logo.wait_for(timeout=30000)
    page.wait_for_function("() => document.getElementById('jp-NotebookLogo').classList.contains('gail-logo')")
    assert "Game AI Lab" in logo.inner_text()
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:render-all-markdown')")
    page.locator(".jp-RenderedHTMLCommon a", has_text="コースマップ").last.click()
    page.wait_for_url("**/ja/", timeout=30000)
    assert page.locator("a.lesson").count() == LESSONS_PER_LANGUAGE
    page.goto(plain_url + "notebooks/index.html?path=en/11_tictactoe_2_random.ipynb")
    page.wait_for_function(NOTEBOOK_READY_JS, timeout=60000)
    page.wait_for_function("() => document.getElementById('jp-NotebookLogo').classList.contains('gail-logo')")
    page.locator("#jp-NotebookLogo").click()
    page.wait_for_url("**/en/", timeout=30000)
    assert len(page.context.pages) == 1


def test_an_unknown_address_shows_the_way_to_the_start_page(page, site_url):
    response = page.goto(site_url + "no/such/page")
    assert response.status == 404
    assert page.locator("#not-found").get_attribute("href") == "/"
    page.goto(site_url + "lab/tree/en/20_connectfour_1_env.ipynb")  # a JupyterLab-style address
    page.wait_for_url("**notebooks/index.html?path=en/20_connectfour_1_env.ipynb", timeout=30000)
