"""The site's Content-Security-Policy: a page, a kernel or a sandbox worker may reach its own origin only.

A student's code runs in the site (a lesson's Python, a tournament entrant's Web Worker, the JavaScript of an
output). Whatever it tries, a request to another host (fetch, XMLHttpRequest, WebSocket, import(), a script, an
image, a form) is refused by the browser. What the site itself needs stays allowed: its own files, inline scripts and
eval (JupyterLab, the replays, Pyodide's run_js), WebAssembly ('wasm-unsafe-eval'), blob: workers and modules
(Pyodide's nested workers, the widgets), data: and blob: pictures.

Where the policy comes from:
- every HTML page the build writes carries it in a <meta http-equiv> (step 10, ``add_policy``): a page, and any
  worker it makes from a blob, keep to it;
- a worker loaded from a file (JupyterLab's kernel) takes its policy from the file's response headers only: the
  service worker adds the header to the site's worker scripts (``WORKER_POLICY_JS``), and ``build.py --serve``
  sends it with every file; ``_headers`` says the same to hosts that read it (Netlify, Cloudflare Pages). A blob
  worker the kernel makes (an entrant's sandbox) inherits the kernel's policy.
"""

import json
import re

from .common import BuildError

POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' data: blob:",
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "media-src 'self' data: blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
])

META = f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">'
HEAD = re.compile(r"<head(\s[^>]*)?>", re.IGNORECASE)

# Appended to JupyterLite's service worker: a worker script of the site gets the policy as a header (a meta
# element cannot reach a worker). JupyterLite's own fetch handler answers only /api/ requests, so this one is free
# to answer these.
WORKER_POLICY_JS = """
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !["worker", "sharedworker"].includes(request.destination)) return;
  if (new URL(request.url).origin !== location.origin) return;
  event.respondWith(fetch(request).then((response) => {
    const headers = new Headers(response.headers);
    headers.set("Content-Security-Policy", %s);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }));
});
"""


def with_meta(html):
    """``html`` with the policy's <meta> first in its <head> (before any script can run)."""
    if META in html:
        return html
    found = HEAD.search(html)
    if not found:
        raise BuildError("a page has no <head> to put the Content-Security-Policy in")
    return html[:found.end()] + META + html[found.end():]


def add_policy(site):
    """The policy in every HTML page of ``site``, in its service worker, and in ``_headers``."""
    for page in sorted(site.rglob("*.html")):
        try:
            page.write_text(with_meta(page.read_text(encoding="utf-8")), encoding="utf-8")
        except BuildError as error:
            raise BuildError(f"{page.relative_to(site)}: {error}") from None
    worker = site / "service-worker.js"
    if worker.is_file():
        worker.write_text(worker.read_text(encoding="utf-8") + WORKER_POLICY_JS % json.dumps(POLICY),
                          encoding="utf-8")
    (site / "_headers").write_text(f"/*\n  Content-Security-Policy: {POLICY}\n", encoding="utf-8")
