"""Step 10, pages: put the page's language (lite/interface-language.html, in the head: JupyterLab's
menus follow it), the "Python is starting" notice, the progress store and the lesson page's extras
(lite/loading-notice.html, games/course_progress.js, lite/lesson-page.html) into every page of the
built site, and answer /favicon.ico."""

import re
import shutil

from . import course
from .common import LITE, BuildError

LOADING_NOTICE = LITE / "loading-notice.html"
LESSON_PAGE = LITE / "lesson-page.html"
INTERFACE_LANGUAGE = LITE / "interface-language.html"
# Files of lite/ that the build puts into pages itself (the rest is JupyterLite's settings).
PAGE_PARTS = [LOADING_NOTICE.name, LESSON_PAGE.name, INTERFACE_LANGUAGE.name, course.START_PAGE.name,
              course.MY_WORK.name]
# The script that holds a page's JupyterLite settings (config-utils.js rewrites it at start).
CONFIG_SCRIPT = re.compile(r'<script id="jupyter-config-data"[^>]*>.*?</script>', re.S)


def add_loading_notice(site):
    """Put lite/loading-notice.html first in the body of every page, so that a student sees
    "Opening the lesson" at the first paint and "Python is starting" until the kernel is ready;
    then the progress store (games/course_progress.js) and lite/lesson-page.html (our logo, a
    link to the course map, same-tab lesson links, the lesson noted as opened)."""
    store = f"<script>\n{course.PROGRESS_STORE.read_text(encoding='utf-8')}</script>\n"
    notice = (LOADING_NOTICE.read_text(encoding="utf-8") + store
              + LESSON_PAGE.read_text(encoding="utf-8"))
    pages = sorted(site.glob("*/index.html"))
    for page in pages:
        html = page.read_text(encoding="utf-8")
        body = re.search(r"<body[^>]*>", html)
        if body and "gail-loading" not in html:
            page.write_text(html[:body.end()] + "\n" + notice + html[body.end():], encoding="utf-8")
    if not any("gail-loading" in page.read_text(encoding="utf-8") for page in pages):
        raise BuildError(
            "The pages of the built site have no <body> tag to put the loading notice in. "
            "Check the installed jupyterlite-core version against requirements.txt.")


def add_interface_language(site):
    """Put lite/interface-language.html right after the settings script of every page with one:
    the page's language, and JupyterLab's menus and dialogs in it."""
    part = INTERFACE_LANGUAGE.read_text(encoding="utf-8")
    changed = 0
    for page in sorted(site.glob("*/index.html")):
        html = page.read_text(encoding="utf-8")
        found = CONFIG_SCRIPT.search(html)
        if found and "gailLanguage" not in html[:found.end()]:
            page.write_text(html[:found.end()] + "\n" + part + html[found.end():], encoding="utf-8")
            changed += 1
    if not changed:
        raise BuildError(
            "The pages of the built site have no jupyter-config-data script to choose their "
            "language in. Check the installed jupyterlite-core version against requirements.txt.")
    return changed


def add_root_favicon(site):
    """Some pages name no icon, so the browser asks for /favicon.ico: answer it, not with a 404."""
    icon = site / "static" / "favicons" / "favicon.ico"
    if icon.is_file():
        shutil.copyfile(icon, site / "favicon.ico")
