"""The site's Content-Security-Policy: in the <head> of a page before anything else, and sent with every file by
``build.py --serve`` (the browser test runs it in Chromium)."""

import urllib.request

import pytest

from sitebuild import csp, serve
from sitebuild.common import BuildError


def test_the_policy_allows_the_own_origin_only():
    directives = dict(part.split(" ", 1) for part in csp.POLICY.split("; "))
    for name in ("default-src", "connect-src", "script-src", "img-src", "worker-src", "form-action"):
        sources = directives[name].split()
        assert "'self'" in sources and not any(s in sources for s in ("*", "http:", "https:", "ws:", "wss:"))
    assert "'wasm-unsafe-eval'" in directives["script-src"] and directives["object-src"] == "'none'"


def test_a_page_gets_the_policy_first_in_its_head():
    page = csp.with_meta('<!doctype html><html><head lang="en"><script>1</script></head></html>')
    assert page.index(csp.META) < page.index("<script>") and csp.with_meta(page) == page
    with pytest.raises(BuildError):
        csp.with_meta("<html><body></body></html>")


def test_the_built_site_gets_it_in_pages_service_worker_and_headers(tmp_path):
    (tmp_path / "teachers").mkdir()
    (tmp_path / "index.html").write_text("<html><head></head></html>")
    (tmp_path / "teachers" / "index.html").write_text("<html><HEAD><title>t</title></HEAD></html>")
    (tmp_path / "service-worker.js").write_text("self.addEventListener('fetch', () => {});")
    csp.add_policy(tmp_path)
    assert all(csp.META in page.read_text() for page in tmp_path.rglob("*.html"))
    assert "Content-Security-Policy" in (tmp_path / "service-worker.js").read_text()
    assert csp.POLICY in (tmp_path / "_headers").read_text()


def test_the_server_sends_the_policy_with_every_file(tmp_path):
    (tmp_path / "index.html").write_text("<html><head></head></html>")
    (tmp_path / "worker.js").write_text("postMessage(1);")
    server = serve.make_server(tmp_path, 0)
    import threading
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        for path in ("", "worker.js", "missing"):
            try:
                response = urllib.request.urlopen(f"http://127.0.0.1:{server.server_address[1]}/{path}")
            except urllib.error.HTTPError as error:
                response = error
            assert response.headers["Content-Security-Policy"] == csp.POLICY, path
    finally:
        server.shutdown()
        server.server_close()
