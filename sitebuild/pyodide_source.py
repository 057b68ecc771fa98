"""Step 1, the Pyodide source: find the Pyodide distribution (a folder or the URL of one), read
its pyodide-lock.json, and add the pinned PyPI wheels that lock lacks (comm, the widget library)."""

import functools
import json
import os
import re
import urllib.error
import urllib.request
from pathlib import Path

from .common import ROOT, BuildError, digest

DOWNLOAD_CACHE = ROOT / "_build" / "pyodide-downloads"

PYODIDE_VERSION = "314.0.4"
OFFICIAL_PYODIDE = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
SHARED_PYODIDE = ROOT.parent / "shared" / "pyodide"
LOCK_NAME = "pyodide-lock.json"

# The Pyodide core is not listed in pyodide-lock.json, so its sha256 sums are pinned here
# (the files of the npm package pyodide@314.0.4, which are the files of the CDN folder).
CORE_FILES = {
    "pyodide.mjs": "c75dd73bb0c70674135f9f4ab746c9b5316e9fe027cafacb2be445e658f04c92",
    "pyodide.asm.mjs": "fd7a3cefa122ff6463dcf2997961eb341250e4cc4ed60281448390f0a767cca2",
    "pyodide.asm.wasm": "6c8986a8ee583401069aa403e76ee79d4633a1478ab11cea76030bc299aded9f",
    "python_stdlib.zip": "b5ca2308e9fa72eda319889a1ddf086389e9f1234ced279cc71267fe9ba56e54",
}

# The kernel installs comm at start, but the official Pyodide 314.0.4 lock does not list it
# (the kernel would fetch it from PyPI). When a lock lacks it, the build adds this PyPI wheel.
# Each pinned PyPI wheel is described as in the lock, plus the folder of files.pythonhosted.org
# it is downloaded from (see pypi_lock_entry).
NOT_IN_OFFICIAL_LOCK = {
    "comm": {
        "name": "comm", "version": "0.2.3", "file_name": "comm-0.2.3-py3-none-any.whl",
        "imports": ["comm"], "depends": [],
        "sha256": "c615d91d75f7f04f095b30d1c1711babd43bdc6419c1be9886a85f2f4e489417",
        "folder": "60/97/891a0971e1e4a8c5d2b20bbe0e524dc04548d2307fee33cdeba148fd4fc7/",
    },
}
PYPI_FILES = "https://files.pythonhosted.org/packages/"

# The widget library of games.play (games/interactive/): pure-Python wheels from PyPI, pinned
# by sha256 (the same versions as requirements.txt). They are in the site's lock, so Pyodide
# can load them, but no kernel loads them at start: games.play loads them the first time it
# is called (games/interactive/loader.py). typing-extensions replaces the lock's own entry
# (the official one is Pyodide's rebuild of the same version, which ../shared lacks).
WIDGET_WHEELS = {
    "ipywidgets": {
        "name": "ipywidgets", "version": "8.1.9", "file_name": "ipywidgets-8.1.9-py3-none-any.whl",
        "imports": ["ipywidgets"], "depends": ["comm", "ipython", "traitlets"],
        "sha256": "f2b8cbcaae10252b809fbe4d7470db75c09b769a32cbf816d20e5ca6d3c5a79d",
        "folder": "c3/55/298e9b3b864a198234997e87a1471c1b17d7f3546ace6d18fb5cf1ce24b2/",
    },
    "anywidget": {
        "name": "anywidget", "version": "0.9.21", "file_name": "anywidget-0.9.21-py3-none-any.whl",
        "imports": ["anywidget"], "depends": ["ipywidgets", "psygnal", "typing-extensions"],
        "sha256": "78c268e0fbdb1dfd15da37fb578f9cf0a0df58a430e68d9156942b7a9391a761",
        "folder": "5b/03/c17464bbf682ea87e7e3de2ddc63395e359a78ae9c01f55fc78759ecbd79/",
    },
    "psygnal": {
        "name": "psygnal", "version": "0.16.1", "file_name": "psygnal-0.16.1-py3-none-any.whl",
        "imports": ["psygnal"], "depends": [],
        "sha256": "93b96894d8c46f0a3c0bfaaf8abe73f0d6db2c20cc6d303624cf08f85abc3c92",
        "folder": "be/f2/973c1280f035cd825af70582bbee776c69545e24534b324cf135eabef57e/",
    },
    "typing-extensions": {
        "name": "typing-extensions", "version": "4.15.0",
        "file_name": "typing_extensions-4.15.0-py3-none-any.whl",
        "imports": ["typing_extensions"], "depends": [],
        "sha256": "f0fa19c6845758ab08074a0cfa8b7aecb71c999ca73d62883bc25cc018c4e548",
        "folder": "18/67/36e9267722cc04a6b9f15c7f3441c2363321a3ea07da7ae0c0707beb2a9c/",
    },
}


def choose_pyodide_source(option):
    """--pyodide, then $PYODIDE_SOURCE, then ../shared/pyodide, then the official CDN folder."""
    for source in (option, os.environ.get("PYODIDE_SOURCE")):
        if source:
            return source
    if SHARED_PYODIDE.is_dir():
        return str(SHARED_PYODIDE)
    return OFFICIAL_PYODIDE


def is_url(source):
    return re.match(r"^https?://", source) is not None


def open_pyodide_source(source):
    """A function ``read(name, sha256=None)`` that returns the bytes of a distribution file."""
    if is_url(source):
        base = source if source.endswith("/") else source + "/"
        return functools.partial(download, base)
    folder = Path(source).expanduser().resolve()
    if not (folder / LOCK_NAME).is_file():
        raise BuildError(
            f"The Pyodide source {source} is not a Pyodide distribution folder: it has no "
            f"{LOCK_NAME}. Pass --pyodide with the folder that holds pyodide.mjs and "
            f"{LOCK_NAME} (for example ../shared/pyodide), or the URL of such a folder "
            f"(for example {OFFICIAL_PYODIDE}).")
    return functools.partial(read_local, folder)


def read_local(folder, name, sha256=None):
    path = folder / name
    if not path.is_file():
        raise BuildError(
            f"The file {name} is missing from the Pyodide folder {folder}. The site needs it. "
            f"Copy it there from the Pyodide {PYODIDE_VERSION} distribution "
            f"({OFFICIAL_PYODIDE}{name}), or pass --pyodide with a complete folder or URL.")
    return path.read_bytes()


def download(base, name, sha256=None):
    """Fetch ``base + name``; files already downloaded with the right sha256 come from _build/."""
    cached = DOWNLOAD_CACHE / name
    if sha256 and cached.is_file() and digest(cached.read_bytes()) == sha256:
        return cached.read_bytes()
    url = base + name
    try:
        with urllib.request.urlopen(url, timeout=120) as response:
            data = response.read()
    except (urllib.error.URLError, OSError) as error:
        raise BuildError(
            f"Could not download {url} ({error}). Check the address and the network "
            f"connection, or pass --pyodide with a local Pyodide {PYODIDE_VERSION} folder.")
    if sha256 and digest(data) == sha256:
        DOWNLOAD_CACHE.mkdir(parents=True, exist_ok=True)
        cached.write_bytes(data)
    return data


def read_lock(read):
    try:
        lock = json.loads(read(LOCK_NAME))
        lock["packages"]["numpy"]  # noqa: B018  (a real lock always has numpy)
    except (ValueError, KeyError, TypeError):
        raise BuildError(
            f"The {LOCK_NAME} of the Pyodide source is not a Pyodide lock file (it cannot be "
            f"read as JSON with a 'packages' table that has numpy). Use an unmodified Pyodide "
            f"{PYODIDE_VERSION} distribution.")
    return lock


def complete_lock(lock):
    """Add the entries the kernel needs that the lock lacks; returns {file name: where to get it}."""
    missing = {name: wheel for name, wheel in NOT_IN_OFFICIAL_LOCK.items()
               if name not in lock["packages"]}
    added = {}
    for name, wheel in {**missing, **WIDGET_WHEELS}.items():  # the widget wheels: always ours
        lock["packages"][name] = pypi_lock_entry(wheel)
        added[wheel["file_name"]] = functools.partial(download, PYPI_FILES + wheel["folder"])
    return added


def pypi_lock_entry(wheel):
    """The lock entry of a pinned PyPI wheel (NOT_IN_OFFICIAL_LOCK, WIDGET_WHEELS)."""
    entry = {key: value for key, value in wheel.items() if key != "folder"}
    return {**entry, "install_dir": "site", "package_type": "package", "unvendored_tests": False}

