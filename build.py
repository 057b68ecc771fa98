#!/usr/bin/env python3
"""Build the Game AI Lab site: a JupyterLite site that needs no other web server.

    python build.py                      # build into _output/
    python build.py --serve              # build, then serve on http://127.0.0.1:8000/
    python build.py --output DIR --pyodide PATH_OR_URL --port 8080

The steps, one function each:

1. find the Pyodide distribution (a folder or a URL of one) and read its pyodide-lock.json;
2. build the `games` wheel from this repository;
3. work out which Pyodide packages the site needs (the kernel's start packages, numpy,
   the wheel's dependencies, and everything those depend on);
4. copy only those files into the site, checking each one's sha256;
5. compile the Python modules that a kernel and the lessons import (standard library and
   wheels) to bytecode with Pyodide itself, run by Node.js, so a browser compiles none of them;
6. write a trimmed pyodide-lock.json that also lists `games` (so `import games` just works)
   and the kernel's own wheels (so the kernel can load them all at once when it starts);
7. run `jupyter lite build` on a copy of content/ (each lesson ending with a link to the next one)
   with the settings in lite/ and jupyter_lite_config.json, with the kernel told not to load jedi,
   and a "Python is starting" notice and our logo in every page;
8. add the start page with the course map, the teachers' pages, a page for each folder of the
   file list and a 404 page (course.py), check the result and move it into place.

Everything is built in a temporary folder next to the output and moved into place only
when every step succeeded, so a failed build never leaves a site that looks finished.
"""

import argparse
import concurrent.futures
import functools
import gzip
import hashlib
import http
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import course

ROOT = Path(__file__).resolve().parent
CONTENT = ROOT / "content"
LITE = ROOT / "lite"
LITE_CONFIG = ROOT / "jupyter_lite_config.json"
LOADING_NOTICE = LITE / "loading-notice.html"
LESSON_PAGE = LITE / "lesson-page.html"
# Files of lite/ that build.py puts into pages itself (the rest is JupyterLite's settings).
PAGE_PARTS = [LOADING_NOTICE.name, LESSON_PAGE.name, course.START_PAGE.name, course.MY_WORK.name]
DEFAULT_OUTPUT = ROOT / "_output"
DOWNLOAD_CACHE = ROOT / "_build" / "pyodide-downloads"
BROTLI_CACHE = ROOT / "_build" / "brotli"

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

# What jupyterlite-pyodide-kernel 0.8.6 loads when a kernel starts (its worker,
# comlink.worker.*.js): `loadPackage(["micropip"])`, then piplite installs
# "ipykernel", "comm", "pyodide-kernel", "jedi" and "ipython". ipykernel and
# pyodide-kernel are the kernel's own wheels (static/pypi/ of the extension); the
# others come from the lock. tests/test_build.py checks this against the installed kernel.
# jedi (and parso) only make Tab completion smarter; they cost 1.7 MB and a third of a
# second at every start, so the site leaves them out (see patch_kernel_worker).
KERNEL_START_PACKAGES = ["micropip", "comm", "ipython"]
KERNEL_SKIPPED_PACKAGES = ["jedi"]
KERNEL_OWN_WHEELS = ["piplite", "ipykernel", "pyodide-kernel"]
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"

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

# Packages every notebook may import without a %pip line (besides games and its dependencies).
SITE_PACKAGES = ["numpy"]

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
# In the site, not loaded at start: the widget library (anywidget brings the rest).
ON_DEMAND_PACKAGES = ["anywidget"]
# The lab extensions that draw widgets in the page, copied from the installed jupyterlab_widgets
# and anywidget (requirements.txt), with the versions that match the wheels above.
WIDGET_EXTENSIONS = {"@jupyter-widgets/jupyterlab-manager": "5.0.16", "anywidget": "0.9.21"}

# The files the `games` wheel is built from.
WHEEL_SOURCES = ["pyproject.toml", "README.md", "games"]


class BuildError(Exception):
    """A problem the person running the build can fix; the message says how."""


# ---------------------------------------------------------------- step 1: Pyodide source

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


# ---------------------------------------------------------------- step 2: the games wheel

def build_games_wheel(work):
    """Build the wheel from a copy of the sources, so the build leaves nothing in the repository."""
    source, out = work / "wheel-source", work / "wheel"
    for name in WHEEL_SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        elif (ROOT / name).is_file():
            source.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
               "--no-index", "--quiet", "--wheel-dir", str(out), str(source)]
    result = subprocess.run(command, capture_output=True, text=True)
    wheels = sorted(out.glob("games-*.whl")) if out.is_dir() else []
    if result.returncode != 0 or len(wheels) != 1:
        raise BuildError(
            f"Building the games wheel failed (pip wheel said: {result.stderr.strip()[-600:]}). "
            f"Check pyproject.toml and that the build tools are installed "
            f"(pip install -r requirements.txt).")
    return check_wheel(wheels[0])


def check_wheel(path):
    """Open the wheel and read its name, version, dependencies and top-level packages."""
    try:
        with zipfile.ZipFile(path) as wheel:
            broken = wheel.testzip()
            names = wheel.namelist()
            metadata_files = [n for n in names if n.endswith(".dist-info/METADATA")]
            metadata = wheel.read(metadata_files[0]).decode() if metadata_files else ""
    except (zipfile.BadZipFile, OSError, KeyError) as error:
        broken = f"({error})"
        names, metadata = [], ""
    fields = parse_metadata(metadata)
    imports = sorted({n.split("/")[0] for n in names if n.endswith("/__init__.py")} - {""})
    if broken or not fields.get("Name") or not imports:
        raise BuildError(
            f"The wheel {path.name} is corrupted or incomplete (bad member: {broken or 'none'}, "
            f"metadata found: {bool(fields)}, packages found: {imports}). Delete it and run "
            f"python build.py again; if it happens again, check pyproject.toml.")
    return {
        "path": path,
        "name": canonical(fields["Name"][0]),
        "version": fields["Version"][0],
        "depends": [canonical(requirement_name(r)) for r in fields.get("Requires-Dist", [])
                    if "extra ==" not in r],
        "imports": imports,
    }


def parse_metadata(text):
    fields = {}
    for line in text.split("\n\n")[0].splitlines():
        key, sep, value = line.partition(": ")
        if sep and not line.startswith(" "):
            fields.setdefault(key, []).append(value.strip())
    return fields


def requirement_name(requirement):
    return re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement).group(0)


def canonical(name):
    """Package names as the lock spells its keys: lower case, runs of -_. become one -."""
    return re.sub(r"[-_.]+", "-", name).lower()


# ---------------------------------------------------------------- step 3: which packages

def lock_closure(lock, wanted):
    """The packages in ``wanted`` and everything they depend on, by lock name."""
    packages = {canonical(key): entry for key, entry in lock["packages"].items()}
    needed, todo = set(), [canonical(name) for name in wanted]
    while todo:
        name = todo.pop()
        if name in needed:
            continue
        if name not in packages:
            raise BuildError(
                f"The site needs the package {name}, but the Pyodide lock file does not list "
                f"it. Use a Pyodide {PYODIDE_VERSION} distribution, or remove {name} from the "
                f"site's requirements.")
        needed.add(name)
        todo.extend(canonical(dep) for dep in packages[name]["depends"])
    return {name: packages[name] for name in needed}


def site_roots(games_wheel):
    return KERNEL_START_PACKAGES + SITE_PACKAGES + games_wheel["depends"] + ON_DEMAND_PACKAGES


# ---------------------------------------------------------------- step 4: copy and check

def digest(data):
    return hashlib.sha256(data).hexdigest()


def copy_checked(read, name, expected, destination, source):
    data = read(name, sha256=expected)
    if digest(data) != expected:
        raise BuildError(
            f"The file {name} from the Pyodide source {source} does not match its sha256 "
            f"(expected {expected}, got {digest(data)}): it is damaged or not the file of "
            f"Pyodide {PYODIDE_VERSION}. Nothing was built. Replace the file with a fresh copy "
            f"of the official distribution ({OFFICIAL_PYODIDE}{name}) and build again.")
    (destination / name).write_bytes(data)


def copy_pyodide(read, source, packages, destination, elsewhere=None):
    """Copy the core and the packages' files; ``elsewhere`` maps file names not in the source
    to their own reader (see complete_lock)."""
    elsewhere = elsewhere or {}
    destination.mkdir(parents=True)
    for name, expected in CORE_FILES.items():
        copy_checked(read, name, expected, destination, source)
    for entry in sorted(packages.values(), key=lambda e: e["file_name"]):
        name = entry["file_name"]
        copy_checked(elsewhere.get(name, read), name, entry["sha256"], destination, source)


# IPython's package imports its terminal front end, and with it prompt_toolkit (116 modules and
# 0.6 MB with wcwidth), only to offer IPython.embed(), which starts a terminal shell: nothing a
# notebook can use. When the ipython wheel holds its source (the PyPI wheels of ../shared), the
# site imports the terminal only if embed() is called, and leaves these two packages out.
IPYTHON_INIT = "IPython/__init__.py"
IPYTHON_EMBED_IMPORT = "from .terminal.embed import embed\n"
IPYTHON_EMBED_ON_CALL = (
    "def embed(**kwargs):  # Game AI Lab: the terminal is imported only when asked for\n"
    "    from .terminal.embed import embed as terminal_embed\n"
    "    return terminal_embed(**kwargs)\n")
TERMINAL_ONLY = ["prompt-toolkit", "wcwidth"]


def leave_out_the_terminal(bundle, packages):
    """The site's packages without TERMINAL_ONLY, when IPython can do without them (see above);
    the bundled ipython wheel is changed accordingly. Otherwise ``packages`` as they are."""
    wheel = bundle / packages["ipython"]["file_name"]
    with zipfile.ZipFile(wheel) as archive:
        members = [(info, archive.read(info)) for info in archive.infolist()]
    init = dict((info.filename, body) for info, body in members).get(IPYTHON_INIT, b"").decode()
    if init.count(IPYTHON_EMBED_IMPORT) != 1:
        return packages  # a compiled wheel (Pyodide's own) or another IPython: keep the terminal
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, body in members:
            if info.filename == IPYTHON_INIT:
                body = init.replace(IPYTHON_EMBED_IMPORT, IPYTHON_EMBED_ON_CALL).encode()
            archive.writestr(info, body)  # RECORD is written again when compiling (step 5)
    kept = {name: dict(entry) for name, entry in packages.items() if name not in TERMINAL_ONLY}
    kept["ipython"]["depends"] = [d for d in kept["ipython"]["depends"]
                                  if canonical(d) not in TERMINAL_ONLY]
    for name in TERMINAL_ONLY:
        if name in packages:
            (bundle / packages[name]["file_name"]).unlink()
    return kept


# ---------------------------------------------------------------- step 5: bytecode

# Python run inside Pyodide under Node.js, so the bytecode is exactly that of the site's Python.
# It imports what a kernel and the lessons import, then rewrites each archive so that those
# modules are compiled; modules nobody imports stay source (compiled only if ever imported),
# because bytecode is larger than source and every student downloads it.
COMPILER_PY = r"""
import base64, hashlib, importlib, os, py_compile, sys, tempfile, zipfile

UNUSED = (".pyi", ".h", ".pxd", ".pyx", ".c", ".a")  # type stubs, C headers and libraries
# a wheel's copies of its Jupyter extensions (JavaScript): the site serves them from extensions/
UNUSED_FOLDERS = ("/labextension/", "/nbextension/", ".data/data/share/jupyter/", ".data/data/etc/jupyter/")
TAG = sys.implementation.cache_tag
# Left out of every student's download; the build stops if a kernel or a lesson imports one:
# - what cannot work in a browser tab: a page cannot start processes (multiprocessing), listen
#   for connections (the servers) or open the sockets of mail and FTP clients, and f2py needs a
#   Fortran compiler;
NOT_IN_A_BROWSER = ("multiprocessing", "http/server", "xmlrpc", "wsgiref", "ftplib", "imaplib",
                    "poplib", "smtplib", "numpy/f2py")
# - the pure-Python twins of modules Pyodide has built in (datetime, io): never imported;
BUILT_IN_TWINS = ("_pydatetime", "_pyio")
# - the tables of old 8-bit code pages (DOS, Mac, ISO 8859, KOI8, ...; 0.27 MB). UTF-8, Latin-1
#   and the Japanese encodings stay, and so do cp437 (zip files) and cp1252 (Windows, Western).
CODE_PAGES_KEPT = ("cp437", "cp1252")

def left_out(name, body):
    stem = name.replace("/__pycache__/", "/").split(".")[0]
    parts = NOT_IN_A_BROWSER + BUILT_IN_TWINS
    if any(stem == part or stem.startswith(part + "/") for part in parts):
        return True
    # a code page's module is its table; the name is in its source and in its bytecode alike
    return (stem.startswith("encodings/") and stem[len("encodings/"):] not in CODE_PAGES_KEPT
            and (b"decoding_table" in body or b"decoding_map" in body))

def files_in_use(kernel_modules, lesson_modules):
    for name in kernel_modules:
        importlib.import_module(name)  # must work: the build stops otherwise
    for name in lesson_modules:
        try:
            importlib.import_module(name)
        except Exception:
            pass  # a lesson may import what the site lacks; the browser test will say so
    return {getattr(m, "__file__", None) for m in list(sys.modules.values())} - {None}

def where_installed(kind):
    ending = ".zip" if kind == "stdlib" else "site-packages"
    return next(p for p in sys.path if p.endswith(ending)) + "/"

def cached(name):
    folder, _, module = name.rpartition("/")
    return (folder + "/" if folder else "") + f"__pycache__/{module[:-3]}.{TAG}.pyc"

def record_line(name, body):
    hashed = base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=").decode()
    return f"{name},sha256={hashed},{len(body)}"

def compile_module(body, installed_as):
    with tempfile.TemporaryDirectory() as tmp:
        source, target = os.path.join(tmp, "m.py"), os.path.join(tmp, "m.pyc")
        with open(source, "wb") as file:
            file.write(body)
        # unchecked hash: valid whatever the file times are after the wheel is unpacked
        py_compile.compile(source, cfile=target, dfile=installed_as, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        with open(target, "rb") as file:
            return file.read()

# Pygments brings lexers for about 600 languages (nearly all of its download); in a notebook
# only the kernel uses it, to colour Python: tracebacks, help (`?`), IPython.display.Code.
# JupyterLab colours code cells and Markdown itself. Kept: these modules, what they import, and
# what the kernel and lessons import. Others are left out and removed from its lexer table, so
# asking for one says "no lexer for alias" as for any unknown language.
PYGMENTS_LEXERS = {"__init__", "_mapping", "python", "special"}

def lexer_module(name):
    return name[len("pygments/lexers/"):].removesuffix(".py")

def prune_pygments(members, prefix, in_use):
    # the members of the pygments wheel without the lexers nobody uses (see PYGMENTS_LEXERS)
    import ast, re
    sources = {lexer_module(info.filename): body for info, body in members
               if info.filename.startswith("pygments/lexers/") and info.filename.endswith(".py")}
    if "_mapping" not in sources:
        return members  # a compiled wheel (Pyodide's own): left as it is
    keep = {m for m in PYGMENTS_LEXERS if m in sources}
    keep |= {m for m in sources if prefix + f"pygments/lexers/{m}.py" in in_use}
    todo = list(keep - {"_mapping"})  # the table names every module: not an import
    while todo:  # and the modules they import (builtins tables, base lexers)
        body = sources[todo.pop()].decode("utf-8")
        imported = re.findall(r"pygments\.lexers\.(\w+)", body)
        imported += re.findall(r"from pygments\.lexers import (_\w+)", body)
        for used in imported:
            if used in sources and used not in keep:
                keep.add(used)
                todo.append(used)
    mapping = sources["_mapping"].decode("utf-8")
    table = next(node for node in ast.parse(mapping).body
                 if isinstance(node, ast.Assign) and node.targets[0].id == "LEXERS").value
    lexers = ast.literal_eval(table)
    kept = {name: entry for name, entry in lexers.items() if entry[0].rsplit(".", 1)[1] in keep}
    lines = "".join(f"    {name!r}: {entry!r},\n" for name, entry in sorted(kept.items()))
    mapping = mapping.replace(ast.get_source_segment(mapping, table), "{\n" + lines + "}")
    pruned = []
    for info, body in members:
        name = info.filename
        if name.startswith("pygments/lexers/") and name.endswith(".py"):
            module = lexer_module(name)
            if module not in keep:
                continue
            if module == "_mapping":
                body = mapping.encode("utf-8")
        pruned.append((info, body))
    return pruned

def compile_archive(path, kind, keep_source, in_use):
    prefix = where_installed(kind)
    with zipfile.ZipFile(path) as archive:
        members = [(info, archive.read(info)) for info in archive.infolist() if not info.is_dir()]
    if any(info.filename == "pygments/__init__.py" for info, _ in members):
        members = prune_pygments(members, prefix, in_use)
    dropped = [info.filename for info, body in members if left_out(info.filename, body)]
    imported = [name for name in dropped if prefix + name in in_use]
    if imported:
        raise RuntimeError(f"the build leaves out {imported[0]} (see left_out), but it is imported")
    members = [(info, body) for info, body in members if info.filename not in dropped]
    names = {info.filename for info, _ in members}
    wanted = {name for name in names if name.endswith(".py") and cached(name) not in names
              and (keep_source or prefix + name in in_use)}
    if not wanted and not dropped:
        return False  # nothing imported from it, or compiled already (the official wheels)
    written, record = [], None
    for info, body in members:
        name = info.filename
        if name.endswith(".dist-info/RECORD"):
            record = info
        elif kind == "wheel" and (name.endswith(UNUSED) or any(f in name for f in UNUSED_FOLDERS)):
            continue
        elif name not in wanted:
            written.append((info, name, body))
        elif keep_source:  # tracebacks show the lines; Python reads the __pycache__ file
            pyc = compile_module(body, prefix + name)
            written += [(info, name, body), (info, cached(name), pyc)]
        else:  # sourceless, as in Pyodide's own distribution: smaller
            written.append((info, name + "c", compile_module(body, prefix + name)))
    if record is not None:
        lines = [record_line(name, body) for _, name, body in written] + [f"{record.filename},,"]
        written.append((record, record.filename, ("\n".join(lines) + "\n").encode()))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for original, name, body in written:
            member = zipfile.ZipInfo(name, date_time=original.date_time)  # reproducible
            member.external_attr = original.external_attr
            archive.writestr(member, body, zipfile.ZIP_DEFLATED, 9)
    return True
"""

# Node.js side: start Pyodide from the bundle with every site package, import, then compile
# each archive in place.
COMPILER_JS = r"""
import fs from "node:fs";
import path from "node:path";
const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(path.join(job.pyodide, "pyodide.mjs"));
const pyodide = await loadPyodide({
  indexURL: job.pyodide + "/", packageBaseUrl: job.pyodide + "/",
  lockFileContents: JSON.stringify(job.lock),
  packages: Object.keys(job.lock.packages), stdout: () => {}, stderr: () => {},
  // no column ranges: sourceless modules cannot show them, and they make bytecode 20% larger
  env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" },
});
try {
  pyodide.runPython(job.compiler);
  const inUse = pyodide.globals.get("files_in_use")(pyodide.toPy(job.kernel_imports),
                                                   pyodide.toPy(job.lesson_imports));
  const compileArchive = pyodide.globals.get("compile_archive");
  const compiled = [];
  for (const archive of job.archives) {
    const file = path.join(job.pyodide, archive.file);
    pyodide.FS.writeFile("/tmp/archive.zip", fs.readFileSync(file));
    if (compileArchive("/tmp/archive.zip", archive.kind, archive.keep_source, inUse)) {
      fs.writeFileSync(file, pyodide.FS.readFile("/tmp/archive.zip"));
      compiled.push(archive.file);
    }
  }
  console.log(JSON.stringify({ compiled }));
} catch (error) {  // the last line of a Python error says what went wrong
  console.log(JSON.stringify({ error: String(error.message).trim().split("\n").pop() }));
  process.exitCode = 1;
}
"""

STDLIB = "python_stdlib.zip"
# What a kernel imports when it starts (see KERNEL_START_PACKAGES); the lessons' imports are
# added from content/. The compiled bytecode covers these and everything they import.
KERNEL_IMPORTS = ["piplite.piplite", "pyodide_kernel"]
# Our own wheel is compiled whole and keeps its source: a student's traceback shows its lines.
KEEP_SOURCE = {"games"}


def lesson_imports():
    """The modules the notebooks of content/ import, and every module of games (dqn is lazy)."""
    found = set()
    for notebook in sorted(CONTENT.rglob("*.ipynb")):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                source = "".join(cell["source"])
                found |= set(re.findall(r"^\s*(?:from|import)\s+([A-Za-z_][\w.]*)", source, re.M))
    found |= {".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
              for path in (ROOT / "games").rglob("*.py")}
    return sorted(found)


def find_node():
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        raise BuildError(
            "Node.js is not installed. The build runs Pyodide in Node.js to compile the site's "
            "Python modules ahead of time. Install it: apt-get install -y nodejs.")
    return node


def compile_bytecode(bundle, entries, lock_info, work):
    """Compile, in ``bundle``, the modules a kernel and the lessons import (see COMPILER_PY).
    ``entries`` are the site's lock entries. Returns the names of the files that changed."""
    packages = {name: {**entry, "sha256": digest((bundle / entry["file_name"]).read_bytes())}
                for name, entry in entries.items()}
    archives = [{"file": STDLIB, "kind": "stdlib", "keep_source": False}] + [
        {"file": entry["file_name"], "kind": "wheel", "keep_source": name in KEEP_SOURCE}
        for name, entry in entries.items()]
    job = work / "compile-job.json"
    job.write_text(json.dumps({
        "pyodide": str(bundle), "lock": {"info": lock_info, "packages": packages},
        "kernel_imports": KERNEL_IMPORTS, "lesson_imports": lesson_imports(),
        "archives": archives, "compiler": COMPILER_PY}))
    script = work / "compile.mjs"
    script.write_text(COMPILER_JS)
    result = subprocess.run([find_node(), str(script), str(job)], capture_output=True, text=True)
    try:
        answer = json.loads(result.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        answer = {}
    if "error" in answer:
        raise BuildError(f"Compiling the site's Python modules with Pyodide in Node.js failed: "
                         f"{answer['error']}")
    try:
        return answer["compiled"]
    except KeyError:
        error = [line for line in result.stderr.splitlines() if "Error" in line and len(line) < 400]
        raise BuildError(
            f"Compiling the site's Python modules with Pyodide in Node.js failed "
            f"({' / '.join(error[-3:]) or 'exit code ' + str(result.returncode)}). Node.js 18 or "
            f"newer is needed (apt-get install -y nodejs); check `node --version`.")


# ---------------------------------------------------------------- step 6: the site's lock

def installed_labextension(name):
    """The folder of the installed lab extension ``name`` (the first on Jupyter's path), or None."""
    from jupyter_core.paths import jupyter_path
    for folder in jupyter_path("labextensions"):
        candidate = Path(folder) / name
        if (candidate / "package.json").is_file():
            return candidate
    return None


def kernel_extension_dir():
    """The installed jupyterlite-pyodide-kernel lab extension (holds the kernel's own wheels)."""
    found = installed_labextension(KERNEL_EXTENSION)
    if found:
        return found
    raise BuildError(
        f"The lab extension {KERNEL_EXTENSION} is not installed, so the site would have no "
        f"Python kernel. Install the build requirements: pip install -r requirements.txt.")


def lock_entry(wheel, destination):
    """Copy a wheel next to the lock and describe it the way pyodide-lock.json does."""
    data = wheel["path"].read_bytes()
    (destination / wheel["path"].name).write_bytes(data)
    return {
        "name": wheel["name"], "version": wheel["version"],
        "file_name": wheel["path"].name, "install_dir": "site",
        "sha256": digest(data), "package_type": "package",
        "imports": wheel["imports"], "depends": wheel["depends"],
        "unvendored_tests": False,
    }


def kernel_wheels():
    pypi = kernel_extension_dir() / "static" / "pypi"
    found = {}
    for path in sorted(pypi.glob("*.whl")):
        wheel = check_wheel(path)
        if wheel["name"] in KERNEL_OWN_WHEELS:
            found[wheel["name"]] = wheel  # sorted: the newest version of a name wins
    missing = set(KERNEL_OWN_WHEELS) - set(found)
    if missing:
        raise BuildError(
            f"The installed Pyodide kernel has no wheel for {', '.join(sorted(missing))} in "
            f"{pypi}. Reinstall it: pip install -r requirements.txt.")
    return list(found.values())


def site_entries(packages, extra_wheels, destination):
    """The lock entries of the site: the Pyodide packages, then our wheels (copied in)."""
    entries = {name: dict(entry) for name, entry in sorted(packages.items())}
    for wheel in extra_wheels:
        entries[wheel["name"]] = lock_entry(wheel, destination)
    return entries


def write_site_lock(lock, entries, destination):
    """Write the lock; each sha256 is of the file as bundled (compiled): Pyodide checks it."""
    for entry in entries.values():
        entry["sha256"] = digest((destination / entry["file_name"]).read_bytes())
    site_lock = {"info": lock["info"], "packages": entries}
    (destination / LOCK_NAME).write_text(json.dumps(site_lock, indent=1, sort_keys=True))
    return site_lock


# ---------------------------------------------------------------- step 7: jupyter lite build

def stage_lite_dir(lite_dir):
    """A fresh lite folder: our settings, the Pyodide kernel extension (the only extension:
    jupyter_lite_config.json ignores whatever else is installed) and, later, the Pyodide bundle."""
    shutil.copytree(LITE, lite_dir, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns(".jupyterlite.doit.db", ".cache", "_output",
                                                  *PAGE_PARTS))
    shutil.copy2(LITE_CONFIG, lite_dir / "jupyter_lite_config.json")
    extension = labextensions_dir(lite_dir) / KERNEL_EXTENSION
    shutil.copytree(kernel_extension_dir(), extension, ignore=shutil.ignore_patterns("*.map"))
    patch_kernel_worker(extension / "static")
    copy_widget_extensions(lite_dir)


def copy_widget_extensions(lite_dir):
    """The lab extensions that show games.play's board (see WIDGET_EXTENSIONS)."""
    for name, version in WIDGET_EXTENSIONS.items():
        found = installed_labextension(name)
        installed = json.loads((found / "package.json").read_text())["version"] if found else None
        if installed != version:
            raise BuildError(
                f"The lab extension {name} {version} is needed (games.play draws its boards with "
                f"it), but {'version ' + installed if installed else 'none'} is installed. Install "
                f"the build requirements: pip install -r requirements.txt.")
        shutil.copytree(found, labextensions_dir(lite_dir) / name,
                        ignore=shutil.ignore_patterns("*.map"))


# The kernel's start code, as the installed kernel's JavaScript spells it, and what the site
# runs instead: the same without jedi, and IPython told to complete without it (the kernel
# turns jedi on by itself, and a Tab would then print a NameError).
START_LIST = '"pyodide-kernel","jedi","ipython"]'
START_LIST_WITHOUT_JEDI = '"pyodide-kernel","ipython"]'
KERNEL_IMPORT = re.compile(r'(\w+)\.push\("import pyodide_kernel"\)')
NO_JEDI = "pyodide_kernel.kernel_instance.interpreter.Completer.use_jedi = False"

# The kernel mounts the students' files at /drive and makes it the working folder before it
# imports IPython. With "" first on sys.path, every import then asks the drive (one request
# through the service worker to the page, 5-25 ms each) whether the folder has changed: about
# 75 requests at start and 30 more for a first `import games`, over a second in all.
# The site imports the kernel in Pyodide's own home folder, then moves to the drive, and looks
# in the lesson's folder last: a student's own module still imports, and a file named
# random.py no longer hides the standard library's. Only an import that fails everywhere else
# reaches that folder, and the first one lists it (25 requests): numpy.random's import of
# secrets does (it tries _hashlib, which Pyodide lacks), so secrets is imported before the move.
MOUNT_AND_CHDIR = re.compile(r"(\w+)\.mount\((\w+),\{\},(\w+)\),\1\.chdir\(\3\),")
TO_THE_DRIVE = ('import os, sys, secrets", "os.path.isdir(\'/drive\') and os.chdir(\'/drive\')", '
                '"sys.path.remove(\'\') if \'\' in sys.path else None", "sys.path.append(\'\')')


def patch_kernel_worker(static):
    """Stop the kernel installing jedi at start, and let it import IPython before it moves to
    the students' drive (see MOUNT_AND_CHDIR), in every script that holds its start code."""
    patched = 0
    for script in sorted(static.glob("*.js")):
        text = script.read_text(encoding="utf-8")
        if "jedi" not in text:
            continue
        if (text.count(START_LIST) != 1 or len(KERNEL_IMPORT.findall(text)) != 1
                or not MOUNT_AND_CHDIR.search(text)):
            patched = 0  # another kernel version: the build stops rather than guess
            break
        text = text.replace(START_LIST, START_LIST_WITHOUT_JEDI)
        text = KERNEL_IMPORT.sub(
            lambda m: f'{m.group(1)}.push("import pyodide_kernel","{NO_JEDI}","{TO_THE_DRIVE}")',
            text)
        text = MOUNT_AND_CHDIR.sub(lambda m: f"{m.group(1)}.mount({m.group(2)},{{}},{m.group(3)}),",
                                   text)
        script.write_text(text, encoding="utf-8")
        patched += 1
    if patched:
        return patched
    raise BuildError(
        f"The installed {KERNEL_EXTENSION} does not start its kernel the way build.py expects "
        f"(it looks for {START_LIST}, \"import pyodide_kernel\" and the drive's mount in its "
        f"worker). Install the version in requirements.txt, or update patch_kernel_worker in "
        f"build.py.")


def labextensions_dir(lite_dir):
    return lite_dir.parent / "labextensions"


def preloaded_packages(lite_dir):
    config = json.loads((lite_dir / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    return settings.get("loadPyodideOptions", {}).get("packages", [])


def run_jupyter_lite(lite_dir, output, content):
    command = [sys.executable, "-m", "jupyterlite_core", "build",
               "--lite-dir", str(lite_dir), "--contents", str(content),
               "--output-dir", str(output), "--no-sourcemaps",
               f"--FederatedExtensionAddon.extra_labextensions_path={labextensions_dir(lite_dir)}"]
    result = subprocess.run(command, cwd=lite_dir, capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError(
            f"jupyter lite build failed (it said: {result.stderr.strip()[-800:]}). Check the "
            f"notebooks in content/ and the settings in lite/ and jupyter_lite_config.json.")


# JupyterLite's service worker answers the kernel's file requests (/api/drive). With its cache
# off, as in this site, it also relays every other file of the site: a second request and a
# hop through the worker's thread for each of about 250 files, and one more copy in memory.
# The site lets the browser fetch those files itself (80 requests fewer on a first visit, and
# the first result 0.3 s sooner here); the file requests and the cache setting work as before.
SERVICE_WORKER_RELAY = re.compile(r"shouldDrop\((\w+),(\w+)\)\|\|\((\w+)=maybeFromCache\((\w+)\)\)")


def patch_service_worker(site):
    """Let the browser fetch the site's files without the service worker (see above)."""
    worker = site / "service-worker.js"
    text = worker.read_text(encoding="utf-8") if worker.is_file() else ""
    if len(SERVICE_WORKER_RELAY.findall(text)) != 1 or "enableCache" not in text:
        raise BuildError(
            "The service worker of the installed jupyterlite-core does not relay files the way "
            "build.py expects. Install the version in requirements.txt, or update "
            "patch_service_worker in build.py.")
    worker.write_text(SERVICE_WORKER_RELAY.sub(
        lambda m: f"shouldDrop({m.group(1)},{m.group(2)})||!enableCache||"
                  f"({m.group(3)}=maybeFromCache({m.group(4)}))", text), encoding="utf-8")


# ---------------------------------------------------------------- step 8: check, move

def check_site(output, site_lock):
    """The things that, if wrong, would send students' browsers to a CDN or break imports."""
    config = json.loads((output / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    problems = []
    if settings.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        problems.append(f"pyodideUrl is {settings.get('pyodideUrl')!r}")
    if settings.get("disablePyPIFallback") is not True:
        problems.append("disablePyPIFallback is not true")
    extensions = [e["name"] for e in config["jupyter-config-data"].get("federated_extensions", [])]
    if KERNEL_EXTENSION not in extensions:
        problems.append(f"the kernel extension {KERNEL_EXTENSION} is not in the site")
    problems += [f"the widget extension {name} is not in the site"
                 for name in WIDGET_EXTENSIONS if name not in extensions]
    for name in [*CORE_FILES, LOCK_NAME, *(e["file_name"] for e in site_lock["packages"].values())]:
        if not (output / "static" / "pyodide" / name).is_file():
            problems.append(f"static/pyodide/{name} is missing")
    if problems:
        raise BuildError(
            f"The built site is not self-contained: {'; '.join(problems)}. Check the kernel "
            f"settings in lite/jupyter-lite.json and build again.")


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


# JupyterLab's "load the workspace" command, which runs before a lesson can open, ends by
# waiting for its debounced save of the workspace (half a second, and more on a slow computer).
# The site starts that save and goes on: the save still happens, the lesson opens sooner.
WORKSPACE_WAIT = re.compile(r"await (\w+)\.invoke\(\)\}\}\),(\w+)\.addCommand\((\w+)\.reset,")


def patch_workspace_wait(site):
    """Let a lesson open without waiting for the workspace save (see WORKSPACE_WAIT)."""
    found = []
    for script in sorted((site / "build").glob("*.js")):
        text = script.read_text(encoding="utf-8")
        if len(WORKSPACE_WAIT.findall(text)) == 1:
            script.write_text(WORKSPACE_WAIT.sub(
                lambda m: f"void {m.group(1)}.invoke()}}}}),{m.group(2)}.addCommand({m.group(3)}.reset,",
                text), encoding="utf-8")
            found.append(script.name)
    if len(found) != 1:
        raise BuildError(
            f"The JupyterLab of the installed jupyterlite-core does not load its workspace the way "
            f"build.py expects (found {len(found)} scripts to patch). Install the version in "
            f"requirements.txt, or update patch_workspace_wait in build.py.")
    return found[0]


def add_root_favicon(site):
    """Some pages name no icon, so the browser asks for /favicon.ico: answer it, not with a 404."""
    icon = site / "static" / "favicons" / "favicon.ico"
    if icon.is_file():
        shutil.copyfile(icon, site / "favicon.ico")


def check_preloads(site_lock, lite_dir):
    unknown = [p for p in preloaded_packages(lite_dir) if canonical(p) not in site_lock["packages"]]
    if unknown:
        raise BuildError(
            f"lite/jupyter-lite.json preloads {', '.join(unknown)}, which the site does not "
            f"bundle. Remove them from loadPyodideOptions.packages, or add them to "
            f"SITE_PACKAGES in build.py.")


def course_step(step, *args):
    """Run a step of course.py; its problems are build problems."""
    try:
        return step(*args)
    except course.CourseError as error:
        raise BuildError(f"The course map cannot be made: {error}")


def remove_old_output(output):
    """Always a clean build: an incremental one can silently drop pyodideUrl."""
    if output.exists():
        shutil.rmtree(output)
    for stale in (ROOT / ".jupyterlite.doit.db", LITE / ".jupyterlite.doit.db"):
        stale.unlink(missing_ok=True)


def build_site(output, pyodide_source):
    """Every step, in order. Returns the output folder."""
    output = Path(output).resolve()
    remove_old_output(output)
    output.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f".{output.name}-building-", dir=output.parent) as tmp:
        work = Path(tmp)
        read = open_pyodide_source(pyodide_source)
        lock = read_lock(read)
        elsewhere = complete_lock(lock)
        games_wheel = build_games_wheel(work)
        packages = lock_closure(lock, site_roots(games_wheel))
        lite_dir = work / "lite"
        stage_lite_dir(lite_dir)
        bundle = lite_dir / "static" / "pyodide"
        copy_pyodide(read, pyodide_source, packages, bundle, elsewhere)
        packages = leave_out_the_terminal(bundle, packages)
        entries = site_entries(packages, [games_wheel, *kernel_wheels()], bundle)
        compile_bytecode(bundle, entries, lock["info"], work)
        site_lock = write_site_lock(lock, entries, bundle)
        check_preloads(site_lock, lite_dir)
        content = course.copy_content(CONTENT, work / "content")
        lessons = course_step(course.read_course, content)
        course.add_navigation(content, lessons)
        run_jupyter_lite(lite_dir, work / "site", content)
        add_loading_notice(work / "site")
        add_root_favicon(work / "site")
        patch_workspace_wait(work / "site")
        patch_service_worker(work / "site")
        course_step(course.write_pages, work / "site", content, lessons)
        check_site(work / "site", site_lock)
        precompress(work / "site")
        (work / "site").rename(output)
    return output


def precompress(site, cache=BROTLI_CACHE):
    """Write a Brotli copy beside every text, wasm and JSON file of the site (``x.js.br``).
    ``--serve`` sends them; so do nginx (``brotli_static on``) and Caddy (``precompressed br``).
    Brotli's best setting takes half a minute for the wasm, so each result is kept in
    ``cache`` under the sha256 of what it compresses, and a rebuild takes a moment."""
    try:
        import brotli  # here, not at the top: serving and the other steps do not need it
    except ImportError:
        raise BuildError("The Python package Brotli is needed to compress the site. Install the "
                         "build requirements: pip install -r requirements.txt.") from None
    cache.mkdir(parents=True, exist_ok=True)
    files = [path for path in sorted(site.rglob("*")) if path.suffix in COMPRESSIBLE
             and path.is_file() and path.stat().st_size >= BROTLI_SMALLEST]

    def compress(path):
        data = path.read_bytes()
        kept = cache / f"{digest(data)}.q11{BROTLI_SUFFIX}"
        if not kept.is_file():
            partial = kept.with_suffix(".part")
            # quality 11 is Brotli's best; a larger window than the default made the wasm larger
            partial.write_bytes(brotli.compress(data, quality=11))
            partial.replace(kept)
        shutil.copyfile(kept, path.with_name(path.name + BROTLI_SUFFIX))

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        list(pool.map(compress, files))
    return len(files)


# ---------------------------------------------------------------- serving

# Text-like files shrink 3-5 times with gzip (pyodide.asm.wasm from 9.6 to 3.5 MB), and a
# quarter more with Brotli (2.7 MB); wheels, zips and pictures are compressed already.
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".ipynb", ".wasm", ".svg", ".map",
                ".txt", ".md", ".ttf", ".eot", ".webmanifest"}
BROTLI_SUFFIX = ".br"
BROTLI_SMALLEST = 1024  # a smaller file gains less than its .br costs on disk


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


# ---------------------------------------------------------------- command line

class ArgumentParser(argparse.ArgumentParser):
    def error(self, message):
        fail(f"{message}. Run `python build.py --help` to see the options.", code=2)


def parse_args(argv):
    parser = ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", default=str(DEFAULT_OUTPUT),
                        help="folder to write the site to (default: _output/)")
    parser.add_argument("--pyodide", metavar="PATH_OR_URL",
                        help="Pyodide distribution folder or URL (default: $PYODIDE_SOURCE, "
                             f"then ../shared/pyodide, then {OFFICIAL_PYODIDE})")
    parser.add_argument("--serve", action="store_true",
                        help="serve the site on 127.0.0.1 after building it")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000)")
    return parser.parse_args(argv)


def fail(message, code=1):
    print(textwrap.fill(f"build.py: {message}", width=100, break_long_words=False,
                        break_on_hyphens=False), file=sys.stderr)
    sys.exit(code)


def main(argv=None):
    args = parse_args(argv)
    source = choose_pyodide_source(args.pyodide)
    try:
        output = build_site(args.output, source)
        print(f"Built the site in {output} (Pyodide from {source}).", flush=True)
        if args.serve:
            serve(output, args.port)
    except BuildError as error:
        fail(error)


if __name__ == "__main__":
    main()
