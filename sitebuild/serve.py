"""Serving the built site (`python build.py --serve`, and the tests): a static file server on
127.0.0.1 that sends the build's Brotli files, or gzip, to browsers that accept them, and the
site's 404.html for an unknown address; every file with the site's Content-Security-Policy (csp.py)."""

import functools
import gzip
import http
import http.server
import io
import sys
from pathlib import Path

from .common import BuildError
from .csp import POLICY
from .precompress import BROTLI_SUFFIX, COMPRESSIBLE


@functools.lru_cache(maxsize=256)
def gzipped(path, mtime_ns, size):
    """The gzip of a file, made once per version of it (the arguments are the cache key)."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


def brotli_beside(path):
    """The file's Brotli sidecar written by the build (see precompress), if it is up to date."""
    sidecar = path.with_name(path.name + BROTLI_SUFFIX)
    try:
        if sidecar.stat().st_mtime_ns >= path.stat().st_mtime_ns:
            return sidecar
    except OSError:
        pass
    return None


def accepted(header, coding):
    return coding in [part.split(";")[0].strip() for part in header.split(",")]


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".json": "application/json",
                      ".ipynb": "application/json", ".whl": "application/octet-stream"}
    compress = "br"  # "br": the build's .br files, else gzip; "gzip": gzip only; None: neither

    def end_headers(self):
        self.send_header("Content-Security-Policy", POLICY)  # every file: a worker takes it from its header only
        super().end_headers()

    def send_head(self):
        """Send Brotli or gzip to a browser that accepts it; anything else as the standard
        server does."""
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        if not (self.compress and path.suffix in COMPRESSIBLE and path.is_file()):
            return super().send_head()
        codings = self.headers.get("Accept-Encoding", "")
        sidecar = brotli_beside(path) if self.compress == "br" and accepted(codings, "br") else None
        if not sidecar and not accepted(codings, "gzip"):
            return super().send_head()
        stat = path.stat()
        modified = self.date_time_string(int(stat.st_mtime))
        if self.headers.get("If-Modified-Since") == modified:
            self.send_response(http.HTTPStatus.NOT_MODIFIED)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        body = (sidecar.read_bytes() if sidecar
                else gzipped(str(path), stat.st_mtime_ns, stat.st_size))
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "br" if sidecar else "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", modified)
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def send_error(self, code, message=None, explain=None):
        """An unknown address gets the site's 404.html (as GitHub Pages and Netlify do)."""
        page = Path(self.directory) / "404.html"
        if code != http.HTTPStatus.NOT_FOUND or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(code)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_message(self, format, *args):
        pass  # quiet: the URL printed at start is what matters


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # a browser closing a tab is no error


def make_server(folder, port, compress="br"):
    """A static file server for ``folder`` on 127.0.0.1 only (port 0: any free port) that sends
    text, wasm and JSON compressed to browsers that accept it: the build's Brotli files, else
    gzip (``compress="gzip"``: gzip only; ``None``: never compressed)."""
    handler = functools.partial(type("Handler", (SiteHandler,), {"compress": compress}),
                                directory=str(folder))
    return SiteServer(("127.0.0.1", port), handler)


def serve(folder, port):
    try:
        server = make_server(folder, port)
    except OSError as error:
        raise BuildError(
            f"Cannot serve on 127.0.0.1:{port} ({error.strerror}). Another program probably "
            f"uses that port: pass --port with another number, e.g. --port 8123.")
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"Serving the site at {url}  (press Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("Stopped.")
    finally:
        server.server_close()
