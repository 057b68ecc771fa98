"""Getting the widget library (anywidget and ipywidgets) for ``games.play``, and only then.

On a computer, the library is installed with pip like any package; without it ``games.play``
says what to install.

In the Game AI Lab site (Pyodide in the browser) its wheels are in the site, listed in the
Pyodide lock file, but not loaded when Python starts: a student who never calls
``games.play`` never downloads them. Pyodide loads a lock package only for an ``import``
written in the cell itself, not for one inside ``games``; so here they are fetched from the
site (a synchronous request: the kernel runs in a Web Worker, where that is allowed), checked
against the lock's sha256 and unpacked into site-packages, as Pyodide's ``loadPackage`` does.
"""

import hashlib
import importlib
import io
import re
import sys
import sysconfig
import zipfile

from ..errors import GamesError
from ..messages import tr

WIDGET_PACKAGE = "anywidget"  # loads ipywidgets, psygnal and typing-extensions with it
WIDGET_MODULES = ("anywidget", "ipywidgets", "psygnal", "typing_extensions", "traitlets", "comm")
PIP_LINE = "pip install anywidget==0.9.21 ipywidgets==8.1.9"


def widget_class():
    """The ``GameWidget`` class, after loading the widget library if it is not loaded yet."""
    try:
        from .widget import GameWidget
    except ImportError as error:
        if (error.name or "").split(".")[0] not in WIDGET_MODULES:
            raise
        if sys.platform != "emscripten":
            raise GamesError(tr(
                en="games.play needs the widget library anywidget (with ipywidgets), which is not "
                   "installed here ({error}). Install it: {pip} (the Game AI Lab site has it already).",
                ja="games.play にはウィジェットのライブラリ anywidget（と ipywidgets）が必要ですが、"
                   "ここには入っていません（{error}）。インストールしてください: {pip}"
                   "（Game AI Lab のサイトには最初から入っています）",
                error=error, pip=PIP_LINE)) from None
        load_from_site(WIDGET_PACKAGE)
        from .widget import GameWidget
    return GameWidget


def load_from_site(name):
    """Pyodide only: install lock package ``name`` and what it depends on, from the site."""
    import js
    import pyodide_js

    packages = {canonical(key): entry for key, entry in pyodide_js.lockfile.packages.to_py().items()}
    loaded = {canonical(key) for key in js.Object.keys(pyodide_js.loadedPackages).to_py()}
    base = pyodide_js.lockfileBaseUrl or pyodide_js._api.config.indexURL
    base = base if base.endswith("/") else base + "/"
    target = sysconfig.get_path("purelib")
    for package in dependency_order(packages, name):
        if package in loaded:
            continue
        entry = packages[package]
        data = fetch_bytes(base + entry["file_name"])
        if hashlib.sha256(data).hexdigest() != entry["sha256"]:
            raise GamesError(tr(
                en="The file {file} of the site is damaged (its sha256 does not match). Reload the "
                   "page; if it happens again, tell your teacher.",
                ja="サイトのファイル {file} が壊れています（sha256 が合いません）。ページを再読み込み"
                   "してください。それでもだめなら先生に伝えてください。", file=entry["file_name"]))
        with zipfile.ZipFile(io.BytesIO(data)) as wheel:
            wheel.extractall(target)
        setattr(pyodide_js.loadedPackages, entry["name"], "default channel")  # as loadPackage marks it
    importlib.invalidate_caches()


def dependency_order(packages, name):
    """``name`` and every package it depends on (by lock name), dependencies first."""
    order, seen = [], set()

    def visit(package):
        if package in seen:
            return
        seen.add(package)
        if package not in packages:
            raise GamesError(tr(
                en="The package {name} is not in this site, so games.play cannot show a board here.",
                ja="このサイトにはパッケージ {name} がないので、games.play で盤を表示できません。",
                name=package))
        for dependency in packages[package].get("depends", []):
            visit(canonical(dependency))
        order.append(package)

    visit(canonical(name))
    return order


def canonical(name):
    """A package name as Pyodide compares them: lower case, runs of -_. as one -."""
    return re.sub(r"[-_.]+", "-", name).lower()


def fetch_bytes(url):
    """GET ``url`` synchronously, in the browser's Web Worker; the body as bytes."""
    from js import XMLHttpRequest

    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    request.send(None)
    if request.status != 200:
        raise GamesError(tr(
            en="Could not load {url} from the site (HTTP {status}). Check the connection and run the "
               "cell again.",
            ja="サイトから {url} を読み込めませんでした（HTTP {status}）。接続を確かめて、もう一度セルを"
               "実行してください。", url=url, status=request.status))
    return request.response.to_bytes()
