"""Shared test helpers: the notebooks, the site built once per session, a local server, one browser.

Serving a site and driving it in headless Chromium is in bench/site_browser.py, which the
benchmarks use too: tests import those helpers from there (``from bench.site_browser import ...``).
"""

import json
import os
import sys
from pathlib import Path

import pytest

# One BLAS thread, as in the browser: on 2 shared cores threaded matrix products made DQN
# training 10-16 times slower. Set before numpy loads; notebook kernels inherit it.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # sitebuild, games and bench/ of this checkout (plain `pytest` lacks it)

from bench.site_browser import launch_chromium, start_server  # noqa: E402 - after sys.path
from sitebuild import kernel, pyodide_source, steps  # noqa: E402 - after sys.path

CONTENT = ROOT / "content"


@pytest.fixture(autouse=True)
def english():
    """Every test starts in English and leaves English behind, whatever language it switched to."""
    from games.messages import set_language
    set_language("en")
    yield
    set_language("en")


def content_notebooks():
    """Every notebook under content/, as paths relative to content/ (new ones are found by glob)."""
    return sorted(path.relative_to(CONTENT).as_posix() for path in CONTENT.rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in path.parts)


def kernel_settings(site):
    """The Pyodide kernel settings of a built site (from its jupyter-lite.json)."""
    config = json.loads((Path(site) / "jupyter-lite.json").read_text(encoding="utf-8"))
    return config["jupyter-config-data"]["litePluginSettings"][kernel.KERNEL_PLUGIN]


# ---------------------------------------------------------------- the site, served

def pytest_configure(config):
    config.addinivalue_line(
        "markers", "browser: runs notebooks in headless Chromium (deselect with -m 'not browser')")


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The site, built once per test session from this checkout (like `python build.py`).

    It goes to pytest's own temporary folder, so two test sessions never share a site.
    GAME_AI_LAB_SITE=<folder of a built site> serves that site instead of building one (to iterate).
    """
    if os.environ.get("GAME_AI_LAB_SITE"):
        return Path(os.environ["GAME_AI_LAB_SITE"])
    return steps.build_site(tmp_path_factory.mktemp("built") / "site",
                            pyodide_source.choose_pyodide_source(None))


@pytest.fixture(scope="session")
def site_url(built_site):
    server, url = start_server(built_site)
    yield url
    server.shutdown()
    server.server_close()


# ---------------------------------------------------------------- the browser

@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


SCREEN = {"width": 1366, "height": 768}  # a school Chromebook's screen


@pytest.fixture
def page(browser):
    """A page in a context of its own, a Chromebook's screen, that notes each failed request
    (``page.failed``). A test module may define its own ``page`` instead."""
    from bench.site_browser import new_context
    context = new_context(browser)
    page = context.new_page()
    page.set_viewport_size(SCREEN)
    page.failed = []
    page.on("response", lambda r: r.status >= 400 and page.failed.append(f"{r.status} {r.url}"))
    yield page
    context.close()
