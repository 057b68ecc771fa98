"""The kernel in the real site (headless Chromium, real Pyodide), on the server of
`build.py --serve`: how it starts, where it works, and how the site's files are sent."""

import pytest

from bench.site_browser import KERNEL_OF_PAGE_JS, new_context, notebook_url, wait_for_kernel

pytestmark = pytest.mark.browser

# Runs code in the page's kernel and returns what it printed (or its error).
EXECUTE_JS = "async (code) => {" + KERNEL_OF_PAGE_JS + """
    const future = kernelOfPage().requestExecute({code});
    const printed = [];
    future.onIOPub = (message) => {
        const content = message.content;
        if (content.text) printed.push(content.text);
        if (content.ename) printed.push(content.ename + ': ' + content.evalue);
    };
    await future.done;
    return printed.join('');
}"""

PROBE = """
import os, sys, random
with open("gail_probe.py", "w") as module:
    module.write("ANSWER = 42\\n")
with open("random.py", "w") as module:  # a student's file named like a standard module
    module.write("SHADOW = True\\n")
import gail_probe
print(os.getcwd(), gail_probe.ANSWER, sys.path.index(""), len(sys.path),
      random.__file__.startswith("/lib/"))
os.remove("gail_probe.py"); os.remove("random.py")
"""


@pytest.fixture
def lesson(browser, site_url):
    context = new_context(browser)
    drive, encodings = [], {}
    context.on("request", lambda request: drive.append(request.url)
               if request.url.endswith("/api/drive") else None)
    context.on("response", lambda response: encodings.setdefault(
        response.url.split("/")[-1], []).append(
            (response.headers.get("content-encoding"), response.from_service_worker)))
    page = context.new_page()
    page.goto(notebook_url(site_url, "en/00_welcome.ipynb"))
    wait_for_kernel(page)
    yield page, drive, encodings
    context.close()


def test_the_kernel_starts_without_asking_the_drive_and_works_in_the_lessons_folder(lesson):
    page, drive, _ = lesson
    # Before: the kernel imported IPython with the drive as its working folder, and every
    # import asked the drive whether the folder had changed (about 75 requests).
    assert len(drive) < 10, f"{len(drive)} requests to the drive while the kernel started"
    printed = page.evaluate(EXECUTE_JS, PROBE).split()
    assert printed[:2] == ["/drive/en", "42"]  # a student's own module still imports
    assert int(printed[2]) == int(printed[3]) - 1  # the lesson's folder is looked in last
    assert printed[4] == "True"  # random.py beside the lesson does not hide the real one


def test_the_browser_gets_the_sites_brotli_files_itself(lesson):
    """Brotli from the server, and not relayed by the service worker (see build.py)."""
    _, _, encodings = lesson
    # relayed, the wasm would show twice: the worker's fetch, then its answer to the page
    assert encodings["pyodide.asm.wasm"] == [("br", False)]
    assert any(name.startswith("jlab_core") and answers == [("br", False)]
               for name, answers in encodings.items())


LEFT_OUT_PROBE = """
import codecs, datetime, io
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound
print(get_lexer_by_name("python").name, end=" ")
try:
    get_lexer_by_name("lisp")
except ClassNotFound:
    print("no-lisp", end=" ")
print("日本語".encode("shift_jis") == b"\\x93\\xfa\\x96{\\x8c\\xea",
      "€".encode("cp1252"), "é".encode("latin-1"), "é".encode("iso8859-1"),
      codecs.lookup("euc-jp").name, codecs.lookup("cp932").name, end=" ")
try:
    "ж".encode("koi8-r")
except LookupError as error:
    print("LookupError:", error, end=" ")
print(datetime.date(2026, 11, 25).isoformat(), type(io.BytesIO()).__module__)
"""


def test_what_the_site_leaves_out_fails_as_unknown_and_the_rest_works(lesson):
    """build.py leaves out the Pygments lexers of other languages and the tables of old 8-bit
    code pages: asking for one is Pygments' and Python's own "unknown" error, and Python,
    Japanese encodings, UTF-8, Latin-1 and cp1252 work."""
    page, _, _ = lesson
    printed = page.evaluate(EXECUTE_JS, LEFT_OUT_PROBE)
    assert printed.split(" ", 1)[0] == "Python", printed
    assert printed.split(" ", 1)[1] == (
        "no-lisp True b'\\x80' b'\\xe9' b'\\xe9' euc_jp cp932 "
        "LookupError: unknown encoding: koi8-r 2026-11-25 _io\n"), printed
