"""The build (build.py, sitebuild/): which Pyodide files the site bundles, that they are
checked, and that the site needs nothing from another web server."""

import base64
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

from bench.site_browser import start_server
from conftest import ROOT, kernel_settings
from sitebuild import bytecode, pyodide_source
from sitebuild.bundle import TERMINAL_ONLY, copy_pyodide, leave_out_the_terminal
from sitebuild.bytecode import STDLIB, compile_bytecode, find_node
from sitebuild.common import BuildError, canonical, digest
from sitebuild.games_wheel import build_games_wheel, check_wheel
from sitebuild.kernel import (KERNEL_EXTENSION, KERNEL_OWN_WHEELS, KERNEL_SKIPPED_PACKAGES,
                              KERNEL_START_PACKAGES, kernel_extension_dir)
from sitebuild.lite_folder import WIDGET_EXTENSIONS, copy_widget_extensions
from sitebuild.packages import lock_closure, site_roots
from sitebuild.patches import (KERNEL_IMPORT, MOUNT_AND_CHDIR, NO_JEDI, SERVICE_WORKER_RELAY,
                               START_LIST, START_LIST_WITHOUT_JEDI, TO_THE_DRIVE, WORKSPACE_WAIT,
                               patch_kernel_worker, patch_service_worker, patch_workspace_wait)
from sitebuild.precompress import BROTLI_SMALLEST, BROTLI_SUFFIX, COMPRESSIBLE, precompress
from sitebuild.pyodide_source import (CORE_FILES, LOCK_NAME, NOT_IN_OFFICIAL_LOCK, WIDGET_WHEELS,
                                      choose_pyodide_source, complete_lock, open_pyodide_source,
                                      read_lock)

# What the kernel needs at start (micropip, comm, ipython and their dependencies; not jedi)
# plus numpy for games. Written out so that a change of the closure is seen in review.
EXPECTED_CLOSURE = {
    "numpy",
    "micropip", "comm",
    "ipython", "asttokens", "decorator", "executing", "matplotlib-inline", "prompt-toolkit",
    "pure-eval", "pygments", "six", "stack-data", "traitlets", "wcwidth",
    # games.play's widget library: in the site, loaded only when games.play is first called
    "anywidget", "ipywidgets", "psygnal", "typing-extensions",
}
OUR_WHEELS = {"games", "piplite", "ipykernel", "pyodide-kernel"}
CDN_HOSTS = ["cdn.jsdelivr.net", "unpkg.com", "cdnjs.cloudflare.com", "esm.sh", "skypack.dev",
             "fonts.googleapis.com", "fonts.gstatic.com", "pypi.org", "files.pythonhosted.org"]
# Upstream code that names a CDN only as the fallback for a setting our site sets, or for
# Node.js; tests below check that the setting is set, and the browser test sees no request.
CDN_FALLBACKS = {
    # the kernel extension's default pyodideUrl, used only when none is configured
    "extensions/@jupyterlite/pyodide-kernel-extension/static/*.js": "cdn.jsdelivr.net",
    "extensions/@jupyterlite/pyodide-kernel-extension/static/schema/kernel.v0.schema.json":
        "cdn.jsdelivr.net|pypi.org",
    # Pyodide's package base URL when it runs in Node.js without a lock file URL
    "static/pyodide/pyodide.mjs": "cdn.jsdelivr.net",
}


@pytest.fixture(scope="module")
def source():
    return choose_pyodide_source(None)


@pytest.fixture(scope="module")
def lock(source):
    """The source's lock with what the build adds (comm if missing, the widget wheels)."""
    lock = read_lock(open_pyodide_source(source))
    complete_lock(lock)
    return lock


@pytest.fixture(scope="module")
def games_wheel(tmp_path_factory):
    return build_games_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture
def local_copy(source, lock, games_wheel, tmp_path):
    """A folder with what the site needs from the Pyodide source, to damage in a test."""
    read = open_pyodide_source(source)
    elsewhere = complete_lock(read_lock(read))  # the widget wheels: PyPI (cached)
    folder = tmp_path / "pyodide"
    folder.mkdir()
    entries = lock_closure(lock, site_roots(games_wheel)).values()
    files = {name: None for name in [LOCK_NAME, *CORE_FILES]}
    files.update({entry["file_name"]: entry["sha256"] for entry in entries})
    for name, sha256 in files.items():
        (folder / name).write_bytes(elsewhere.get(name, read)(name, sha256=sha256))
    return folder


def run_build(*args):
    return subprocess.run([sys.executable, str(ROOT / "build.py"), *args],
                          capture_output=True, text=True, timeout=600)


# ---------------------------------------------------------------- which files

def test_the_closure_is_exactly_what_the_site_needs(lock, games_wheel):
    closure = lock_closure(lock, site_roots(games_wheel))
    assert set(closure) == EXPECTED_CLOSURE
    unwanted = {"packaging", "scipy", "pandas", "matplotlib", "pyodide-http", "jedi", "parso"}
    assert not unwanted & set(closure)


def test_the_closure_follows_dependencies():
    lock = {"packages": {
        "a": {"depends": ["B_c"]}, "b-c": {"depends": ["d"]}, "d": {"depends": []},
        "unrelated": {"depends": []}}}
    assert set(lock_closure(lock, ["a"])) == {"a", "b-c", "d"}
    with pytest.raises(BuildError, match="does not list"):
        lock_closure(lock, ["nowhere"])


def test_the_games_wheel_depends_on_numpy_only(games_wheel):
    assert games_wheel["name"] == "games"
    assert games_wheel["depends"] == ["numpy"]
    assert games_wheel["imports"] == ["games"]


def test_the_games_wheel_is_pure_python_and_holds_the_simd_kernel(games_wheel):
    """The SIMD matrix product of games/autograd is package data: the wheel stays py3-none-any."""
    assert games_wheel["path"].name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(games_wheel["path"]) as wheel:
        shipped = wheel.read("games/autograd/simd.wasm")
    assert shipped == (ROOT / "games" / "autograd" / "simd.wasm").read_bytes()


def test_kernel_start_packages_match_the_installed_kernel():
    """If jupyterlite-pyodide-kernel changes what it loads at start, build.py must follow."""
    static = kernel_extension_dir() / "static"
    worker = "".join(path.read_text(encoding="utf-8") for path in static.glob("*.worker.*.js"))
    assert 'loadPackage(["micropip"])' in worker
    piplite_list = re.search(r'for\(let \w+ of(\[[^\]]*"ipython"[^\]]*\])', worker)
    assert piplite_list, "the kernel's list of start packages was not found"
    installed_at_start = set(json.loads(piplite_list.group(1)))
    assert installed_at_start - set(KERNEL_OWN_WHEELS) == \
        set(KERNEL_START_PACKAGES + KERNEL_SKIPPED_PACKAGES) - {"micropip"}
    assert set(KERNEL_OWN_WHEELS) - {"piplite"} <= installed_at_start
    assert START_LIST in worker and KERNEL_IMPORT.search(worker)


def test_the_site_kernel_does_not_install_jedi(built_site):
    static = built_site / "extensions" / KERNEL_EXTENSION / "static"
    scripts = [path.read_text(encoding="utf-8") for path in static.glob("*.js")]
    starting = [text for text in scripts if "import pyodide_kernel" in text]
    assert starting and all(START_LIST_WITHOUT_JEDI in text and NO_JEDI in text
                            and START_LIST not in text for text in starting)
    assert "jedi" not in kernel_settings(built_site)["loadPyodideOptions"]["packages"]


def test_the_kernel_imports_ipython_before_it_moves_to_the_drive(built_site):
    """Imports at start must not ask the students' drive (one request each) for the working
    folder; the lesson's folder is looked in last."""
    static = built_site / "extensions" / KERNEL_EXTENSION / "static"
    starting = [path.read_text(encoding="utf-8") for path in static.glob("*.js")
                if "import pyodide_kernel" in path.read_text(encoding="utf-8")]
    assert starting
    for text in starting:
        assert not MOUNT_AND_CHDIR.search(text)  # no chdir to /drive at the mount
        assert re.search(r"\w+\.mount\(\w+,\{\},\w+\)", text)  # the drive is still mounted
        start = text.index("import pyodide_kernel")
        assert start < text.index(TO_THE_DRIVE, start)


def test_a_kernel_that_starts_differently_is_refused(tmp_path):
    (tmp_path / "worker.js").write_text('for(let e of["jedi","ipython","comm"])x.push(e)')
    with pytest.raises(BuildError, match="patch_kernel_worker"):
        patch_kernel_worker(tmp_path)


def test_a_kernel_that_mounts_its_drive_differently_is_refused(tmp_path):
    (tmp_path / "worker.js").write_text(
        f'for(let e of[{START_LIST})x.push(e);s.push("import pyodide_kernel");'
        f'FS.mount(d,{{}},"/drive");FS.chdirTo("/drive")')
    with pytest.raises(BuildError, match="patch_kernel_worker"):
        patch_kernel_worker(tmp_path)


def test_a_service_worker_that_relays_differently_is_refused(tmp_path):
    (tmp_path / "service-worker.js").write_text("async function onFetch(e){n=fromCache(e)}")
    with pytest.raises(BuildError, match="patch_service_worker"):
        patch_service_worker(tmp_path)


def test_a_jupyterlab_that_loads_its_workspace_differently_is_refused(tmp_path):
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "core.js").write_text("execute:async n=>{await save()}")
    with pytest.raises(BuildError, match="patch_workspace_wait"):
        patch_workspace_wait(tmp_path)


# ---------------------------------------------------------------- the built site

def test_ipython_imports_its_terminal_only_for_embed(built_site):
    with zipfile.ZipFile(wheel_of(built_site, "ipython")) as wheel:
        init = wheel.read("IPython/__init__.pyc")  # compiled: the names it uses are in it
    assert b"terminal_embed" in init
    site_lock = json.loads((built_site / "static" / "pyodide" / LOCK_NAME).read_text())
    assert "prompt-toolkit" not in site_lock["packages"]["ipython"]["depends"]


def test_the_terminal_stays_with_an_ipython_that_needs_it(tmp_path):
    """A compiled ipython wheel (as on the CDN) cannot be changed: its packages stay."""
    wheel = tmp_path / "ipython-9-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("IPython/__init__.pyc", b"compiled")
    packages = {"ipython": {"file_name": wheel.name, "depends": ["prompt_toolkit"]},
                "prompt-toolkit": {"file_name": "p.whl", "depends": ["wcwidth"]},
                "wcwidth": {"file_name": "w.whl", "depends": []}}
    assert leave_out_the_terminal(tmp_path, packages) == packages


def test_a_lesson_opens_without_waiting_for_the_workspace_save(built_site):
    patched = [p for p in (built_site / "build").glob("*.js")
               if re.search(r"void \w+\.invoke\(\)\}\}\),\w+\.addCommand\(\w+\.reset,",
                            p.read_text(encoding="utf-8"))]
    assert len(patched) == 1
    assert not WORKSPACE_WAIT.search(patched[0].read_text(encoding="utf-8"))


def test_what_cannot_work_in_a_browser_is_left_out(built_site):
    bundle = built_site / "static" / "pyodide"
    with zipfile.ZipFile(bundle / STDLIB) as stdlib:
        names = stdlib.namelist()
    left_out = ("multiprocessing/", "xmlrpc/", "smtplib")
    assert not [name for name in names if name.startswith(left_out)]
    assert "socketserver.pyc" in names or "socketserver.py" in names  # logging.config needs it
    with zipfile.ZipFile(wheel_of(built_site, "numpy")) as numpy:
        names = numpy.namelist()
    assert "numpy/__init__.pyc" in names or "numpy/__init__.py" in names
    assert not [name for name in names if name.startswith("numpy/f2py/")]


def test_old_code_pages_and_built_in_twins_are_left_out(built_site):
    with zipfile.ZipFile(built_site / "static" / "pyodide" / STDLIB) as stdlib:
        modules = {name.split(".")[0] for name in stdlib.namelist()}
    assert not {"encodings/koi8_r", "encodings/cp850", "encodings/mac_roman",
                "encodings/iso8859_5", "_pydatetime", "_pyio"} & modules
    assert {"encodings/cp437", "encodings/cp1252", "encodings/utf_8", "encodings/latin_1",
            "encodings/shift_jis", "encodings/cp932", "encodings/euc_jp", "encodings/aliases",
            "encodings/idna", "datetime", "io"} <= modules


def test_the_service_worker_leaves_the_sites_files_to_the_browser(built_site):
    text = (built_site / "service-worker.js").read_text(encoding="utf-8")
    assert "||!enableCache||" in text and not SERVICE_WORKER_RELAY.search(text)
    assert "/api/drive" in text  # it still answers the kernel's file requests


def test_the_site_bundles_only_the_closure(built_site):
    bundle = built_site / "static" / "pyodide"
    site_lock = json.loads((bundle / LOCK_NAME).read_text())
    # the terminal's packages are left out: IPython imports them only for IPython.embed()
    assert set(site_lock["packages"]) == EXPECTED_CLOSURE - set(TERMINAL_ONLY) | OUR_WHEELS
    files = {path.name for path in bundle.iterdir() if path.suffix != BROTLI_SUFFIX}
    assert files == {LOCK_NAME, *CORE_FILES} | {
        entry["file_name"] for entry in site_lock["packages"].values()}


def test_every_bundled_package_matches_its_sha256(built_site):
    """Pyodide checks these sums in the browser; a wrong one would stop the kernel."""
    bundle = built_site / "static" / "pyodide"
    site_lock = json.loads((bundle / LOCK_NAME).read_text())
    for entry in site_lock["packages"].values():
        assert digest((bundle / entry["file_name"]).read_bytes()) == entry["sha256"], entry["name"]


def test_games_is_in_the_site_lock(built_site):
    bundle = built_site / "static" / "pyodide"
    entry = json.loads((bundle / LOCK_NAME).read_text())["packages"]["games"]
    assert entry["imports"] == ["games"]
    assert entry["depends"] == ["numpy"]
    assert entry["package_type"] == "package" and entry["install_dir"] == "site"
    with zipfile.ZipFile(bundle / entry["file_name"]) as wheel:
        assert "games/__init__.py" in wheel.namelist()
        assert "games/envs/tictactoe.py" in wheel.namelist()


def test_the_kernel_settings_point_only_at_the_site(built_site):
    settings = kernel_settings(built_site)
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert settings["disablePyPIFallback"] is True
    site_lock = json.loads((built_site / "static/pyodide" / LOCK_NAME).read_text())
    for package in settings["loadPyodideOptions"]["packages"]:
        assert package in site_lock["packages"]


def test_no_setting_names_another_server(built_site):
    # every jupyter-lite.json, the indexes of contents and wheels, the Pyodide lock
    # (build/schemas/all.json is left out: upstream schemas, whose descriptions link to docs)
    settings = [path.read_text(encoding="utf-8") for path in [
        *built_site.rglob("jupyter-lite.json"), *(built_site / "api").rglob("all.json"),
        *(built_site / "extensions").rglob("all.json"), built_site / "static/pyodide" / LOCK_NAME]]
    # jupyter-lite.ipynb is a page of upstream documentation; only its metadata is settings
    settings += [json.dumps(json.loads(path.read_text(encoding="utf-8"))["metadata"])
                 for path in built_site.rglob("jupyter-lite.ipynb")]
    assert len(settings) > 5
    for text in settings:
        assert not re.search(r"(https?|wss?)://", text), text[:300]


def test_no_file_in_the_site_refers_to_a_cdn(built_site):
    pattern = re.compile("|".join(re.escape(host) for host in CDN_HOSTS).encode())
    found = {}
    for path in built_site.rglob("*"):
        if path.is_file() and path.suffix not in (".whl", ".wasm", ".zip", ".png", ".ico"):
            hosts = {m.decode() for m in pattern.findall(path.read_bytes())}
            if hosts:
                found[path.relative_to(built_site).as_posix()] = hosts
    for file, hosts in list(found.items()):
        for allowed_file, allowed_hosts in CDN_FALLBACKS.items():
            if Path(file).match(allowed_file) and all(re.fullmatch(allowed_hosts, h) for h in hosts):
                del found[file]
                break
    assert not found, f"files that refer to a CDN: {found}"


def test_the_wheels_of_the_site_hold_no_cdn_address(built_site):
    for wheel in (built_site / "static/pyodide").glob("games-*.whl"):
        with zipfile.ZipFile(wheel) as archive:
            for name in archive.namelist():
                text = archive.read(name)
                assert not any(host.encode() in text for host in CDN_HOSTS), name


# ---------------------------------------------------------------- bytecode

def wheel_of(built_site, name):
    site_lock = json.loads((built_site / "static/pyodide" / LOCK_NAME).read_text())
    return built_site / "static/pyodide" / site_lock["packages"][name]["file_name"]


def is_unchecked_pyc(data):
    # flags word after the magic number: 0b01 = hash-based, not checked against a source
    return int.from_bytes(data[4:8], "little") == 0b01


def test_the_kernel_modules_are_compiled_and_sourceless(built_site):
    with zipfile.ZipFile(wheel_of(built_site, "ipython")) as wheel:
        names = set(wheel.namelist())
        assert "IPython/core/interactiveshell.pyc" in names
        assert "IPython/core/interactiveshell.py" not in names
        assert is_unchecked_pyc(wheel.read("IPython/core/interactiveshell.pyc"))
    with zipfile.ZipFile(built_site / "static/pyodide" / STDLIB) as stdlib:
        names = set(stdlib.namelist())
        assert {"asyncio/__init__.pyc", "json/__init__.pyc", "typing.pyc"} <= names
        assert "typing.py" not in names


def test_pygments_keeps_only_the_lexers_its_table_names(built_site):
    """The lexers nobody uses are left out of the site; every one still in the lexer table is
    there, so asking for a missing language is Pygments' own "no lexer" error, never an
    ImportError."""
    with zipfile.ZipFile(wheel_of(built_site, "pygments")) as wheel:
        names = set(wheel.namelist())
        table = next(wheel.read(n) for n in ("pygments/lexers/_mapping.pyc",
                                             "pygments/lexers/_mapping.py") if n in names)
    modules = {n.rsplit("/", 1)[1].split(".")[0] for n in names if n.startswith("pygments/lexers/")}
    # in bytecode each string follows its type code and its length
    named = {text[:length].decode().rsplit(".", 1)[1] for length, text in (
        (m.group(1)[0], m.group(2)) for m in re.finditer(
            rb"[Zz\xda\xfa](.)(pygments\.lexers\.\w+)", table, re.S))}
    assert {"python", "special"} <= named <= modules
    assert "business" not in modules and b"ABAPLexer" not in table
    assert "lisp" not in modules and b"SchemeLexer" not in table
    assert len(modules) < 10


def test_games_is_compiled_and_keeps_its_source(built_site):
    with zipfile.ZipFile(wheel_of(built_site, "games")) as wheel:
        names = set(wheel.namelist())
    sources = {n for n in names if n.endswith(".py")}
    assert "games/envs/tictactoe.py" in sources and "games/dqn/train.py" in sources
    for source in sources:
        folder, _, module = source.rpartition("/")
        assert f"{folder}/__pycache__/{module[:-3]}.cpython-314.pyc" in names, source


def test_a_compiled_wheel_is_still_installable(built_site, tmp_path):
    """pip installs it, and every file matches its RECORD line."""
    for name in ("games", "traitlets"):
        target = tmp_path / name
        result = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                                 "--no-compile", "--target", str(target),
                                 str(wheel_of(built_site, name))], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        record = next(target.glob("*.dist-info/RECORD")).read_text().splitlines()
        for line in record:
            path, hashed, size = line.rsplit(",", 2)
            if hashed:
                data = (target / path).read_bytes()
                assert int(size) == len(data), path
                assert hashed == "sha256=" + base64.urlsafe_b64encode(
                    hashlib.sha256(data).digest()).rstrip(b"=").decode(), path


def test_compiling_again_changes_nothing(built_site, tmp_path):
    """What is compiled already (as in the official distribution's wheels) is left alone."""
    bundle = tmp_path / "pyodide"
    shutil.copytree(built_site / "static/pyodide", bundle)
    site_lock = json.loads((bundle / LOCK_NAME).read_text())
    before = {path.name: path.read_bytes() for path in bundle.iterdir()}
    assert compile_bytecode(bundle, site_lock["packages"], site_lock["info"], tmp_path) == []
    assert {path.name: path.read_bytes() for path in bundle.iterdir()} == before


def test_a_build_without_node_says_how_to_get_it(monkeypatch):
    monkeypatch.setattr(bytecode.shutil, "which", lambda name: None)
    with pytest.raises(BuildError, match="apt-get install -y nodejs"):
        find_node()


def test_every_lesson_page_shows_a_loading_notice(built_site):
    for app in ("notebooks", "lab", "tree"):
        html = (built_site / app / "index.html").read_text(encoding="utf-8")
        assert re.search(r"<body[^>]*>\s*<!-- Game AI Lab", html), app  # first in the page
        assert "Python is starting" in html and "Python を起動しています" in html


# ---------------------------------------------------------------- serving

def test_the_server_gzips_for_browsers_that_accept_it(built_site):
    server, base = start_server(built_site)
    try:
        wasm = built_site / "static/pyodide/pyodide.asm.wasm"
        request = urllib.request.Request(base + "static/pyodide/pyodide.asm.wasm",
                                         headers={"Accept-Encoding": "gzip, deflate"})
        with urllib.request.urlopen(request) as response:
            assert response.headers["Content-Encoding"] == "gzip"
            assert response.headers["Content-Type"] == "application/wasm"
            body = response.read()
            modified = response.headers["Last-Modified"]
        assert gzip.decompress(body) == wasm.read_bytes() and len(body) < wasm.stat().st_size / 2
        with urllib.request.urlopen(base + "static/pyodide/pyodide.asm.wasm") as response:
            assert response.headers["Content-Encoding"] is None  # not asked for: not sent
        request.add_header("If-Modified-Since", modified)
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(request)
        assert answer.value.code == 304
        wheel = "static/pyodide/" + wheel_of(built_site, "numpy").name
        with urllib.request.urlopen(urllib.request.Request(
                base + wheel, headers={"Accept-Encoding": "gzip"})) as response:
            assert response.headers["Content-Encoding"] is None  # compressed already
    finally:
        server.shutdown()
        server.server_close()


def test_every_text_file_of_the_site_has_an_equal_brotli_copy(built_site):
    import brotli
    sidecars = {path.with_name(path.name[:-len(BROTLI_SUFFIX)])
                for path in built_site.rglob("*" + BROTLI_SUFFIX)}
    wanted = {path for path in built_site.rglob("*") if path.suffix in COMPRESSIBLE
              and path.stat().st_size >= BROTLI_SMALLEST}
    assert sidecars == wanted
    for name in ["static/pyodide/pyodide.asm.wasm", "notebooks/index.html",
                 "files/en/00_welcome.ipynb"]:
        original = (built_site / name).read_bytes()
        packed = (built_site / (name + BROTLI_SUFFIX)).read_bytes()
        assert brotli.decompress(packed) == original and len(packed) < len(original) / 2, name


def test_the_server_sends_brotli_then_gzip_then_the_file(built_site):
    import brotli
    server, base = start_server(built_site)
    gzip_only, gzip_base = start_server(built_site, compress="gzip")
    try:
        wasm = (built_site / "static/pyodide/pyodide.asm.wasm").read_bytes()
        url = "static/pyodide/pyodide.asm.wasm"
        answers = {}
        for server_base, codings in [(base, "gzip, deflate, br, zstd"), (base, "gzip"),
                                     (base, "identity"), (gzip_base, "gzip, br")]:
            request = urllib.request.Request(server_base + url,
                                             headers={"Accept-Encoding": codings})
            with urllib.request.urlopen(request) as response:
                answers[server_base, codings] = (response.headers["Content-Encoding"], response.read())
        coding, body = answers[base, "gzip, deflate, br, zstd"]
        assert coding == "br" and brotli.decompress(body) == wasm
        coding, body = answers[base, "gzip"]
        assert coding == "gzip" and gzip.decompress(body) == wasm
        assert answers[base, "identity"] == (None, wasm)
        assert answers[gzip_base, "gzip, br"][0] == "gzip"
    finally:
        for each in (server, gzip_only):
            each.shutdown()
            each.server_close()


def test_a_brotli_copy_older_than_its_file_is_not_sent(tmp_path):
    import brotli
    page = tmp_path / "page.js"
    page.write_text("old " * 1000)
    precompress(tmp_path, cache=tmp_path.parent / (tmp_path.name + "-cache"))
    os.utime(page.with_name("page.js.br"), ns=(1, 1))  # as if page.js had been edited since
    page.write_text("new " * 1000)
    server, base = start_server(tmp_path)
    try:
        request = urllib.request.Request(base + "page.js", headers={"Accept-Encoding": "br, gzip"})
        with urllib.request.urlopen(request) as response:
            assert response.headers["Content-Encoding"] == "gzip"
            assert gzip.decompress(response.read()) == page.read_bytes()
    finally:
        server.shutdown()
        server.server_close()
    assert brotli.decompress(page.with_name("page.js.br").read_bytes()).startswith(b"old")


def test_the_server_sends_module_and_wasm_types(built_site):
    server, base = start_server(built_site)
    try:
        for path, expected in [("static/pyodide/pyodide.mjs", "text/javascript"),
                               ("static/pyodide/pyodide.asm.wasm", "application/wasm"),
                               ("index.html", "text/html")]:
            with urllib.request.urlopen(base + path) as response:
                assert response.headers["Content-Type"].startswith(expected), path
    finally:
        server.shutdown()
        server.server_close()


# ---------------------------------------------------------------- refusals

@pytest.mark.parametrize("victim", ["numpy", "pyodide.asm.mjs"])
def test_a_tampered_file_is_refused(local_copy, lock, tmp_path, victim):
    name = lock["packages"][victim]["file_name"] if victim in lock["packages"] else victim
    data = bytearray((local_copy / name).read_bytes())
    data[len(data) // 2] ^= 0xFF
    (local_copy / name).write_bytes(bytes(data))
    output = tmp_path / "site"
    output.mkdir()
    (output / "index.html").write_text("an old site")  # an earlier build must not survive

    result = run_build("--pyodide", str(local_copy), "--output", str(output))

    assert result.returncode != 0
    assert name in result.stderr and "sha256" in result.stderr
    assert "Traceback" not in result.stderr
    assert not output.exists()
    assert not list(tmp_path.glob(".site-building-*")), "the temporary build folder was left"


def test_a_missing_file_is_refused(local_copy, lock, tmp_path):
    name = lock["packages"]["traitlets"]["file_name"]
    (local_copy / name).unlink()
    result = run_build("--pyodide", str(local_copy), "--output", str(tmp_path / "site"))
    assert result.returncode != 0
    assert name in result.stderr and "missing" in result.stderr
    assert not (tmp_path / "site").exists()


def test_a_folder_that_is_not_pyodide_is_refused(tmp_path):
    result = run_build("--pyodide", str(tmp_path / "nowhere"), "--output", str(tmp_path / "site"))
    assert result.returncode != 0
    assert "not a Pyodide distribution folder" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "site").exists()


def test_an_unknown_flag_is_refused():
    result = run_build("--frobnicate")
    assert result.returncode != 0
    assert "--frobnicate" in result.stderr and "--help" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("damage", ["truncated", "not a zip", "no package"])
def test_a_corrupted_wheel_is_refused(games_wheel, tmp_path, damage):
    wheel = tmp_path / games_wheel["path"].name
    data = games_wheel["path"].read_bytes()
    if damage == "truncated":
        wheel.write_bytes(data[: len(data) // 2])
    elif damage == "not a zip":
        wheel.write_bytes(b"this is not a wheel")
    else:
        with zipfile.ZipFile(wheel, "w") as archive:
            archive.writestr("games-0.1.0.dist-info/METADATA", "Name: games\nVersion: 0.1.0\n")
    with pytest.raises(BuildError, match="corrupted or incomplete"):
        check_wheel(wheel)


def test_the_bundle_is_verified_when_copied(local_copy, lock, games_wheel, tmp_path):
    """The copy step itself (not only the command line) refuses a wrong file."""
    name = lock["packages"]["six"]["file_name"]
    (local_copy / name).write_bytes(b"not six")
    packages = lock_closure(lock, site_roots(games_wheel))
    with pytest.raises(BuildError, match="does not match its sha256"):
        copy_pyodide(open_pyodide_source(str(local_copy)), str(local_copy),
                     packages, tmp_path / "bundle")


def test_a_lock_without_comm_gets_the_pinned_pypi_wheel(lock):
    official_like = {"info": lock["info"],
                     "packages": {k: v for k, v in lock["packages"].items() if k != "comm"}}
    elsewhere = complete_lock(official_like)
    entry = official_like["packages"]["comm"]
    assert entry["sha256"] == NOT_IN_OFFICIAL_LOCK["comm"]["sha256"]
    widgets = {wheel["file_name"] for wheel in WIDGET_WHEELS.values()}
    assert set(elsewhere) == {entry["file_name"]} | widgets
    assert set(complete_lock(official_like)) == widgets  # comm is there now


def test_the_widget_wheels_are_the_pinned_pypi_wheels(lock):
    for name, wheel in WIDGET_WHEELS.items():
        entry = lock["packages"][name]
        assert entry["file_name"] == wheel["file_name"] and entry["sha256"] == wheel["sha256"]
        assert entry["version"] in entry["file_name"] and entry["install_dir"] == "site"
    # the same versions as requirements.txt (the lab extensions come from those packages)
    pins = dict(line.split("==") for line in (ROOT / "requirements.txt").read_text().splitlines()
                if "==" in line and not line.startswith("#"))
    for name in ("anywidget", "ipywidgets", "psygnal"):
        assert pins[name] == WIDGET_WHEELS[name]["version"], name
    assert WIDGET_EXTENSIONS["anywidget"] == pins["anywidget"]


def test_a_wrong_widget_extension_version_is_refused(monkeypatch, tmp_path):
    monkeypatch.setitem(WIDGET_EXTENSIONS, "anywidget", "0.0.1")
    with pytest.raises(BuildError, match="anywidget 0.0.1 is needed"):
        copy_widget_extensions(tmp_path / "lite")


def test_the_site_has_the_widget_extensions_but_loads_no_widget_package_at_start(built_site):
    config = json.loads((built_site / "jupyter-lite.json").read_text())
    extensions = {e["name"] for e in config["jupyter-config-data"]["federated_extensions"]}
    assert set(WIDGET_EXTENSIONS) <= extensions
    for name in WIDGET_EXTENSIONS:
        assert (built_site / "extensions" / name / "package.json").is_file()
    preloaded = {canonical(p) for p in kernel_settings(built_site)["loadPyodideOptions"]["packages"]}
    assert not preloaded & set(WIDGET_WHEELS)
    site_lock = json.loads((built_site / "static/pyodide" / LOCK_NAME).read_text())
    assert not set(site_lock["packages"]["games"]["depends"]) & set(WIDGET_WHEELS)
    with zipfile.ZipFile(wheel_of(built_site, "anywidget")) as wheel:
        names = wheel.namelist()
    assert "anywidget/widget.pyc" in names  # compiled: games.play imports it
    assert not [n for n in names if "labextension" in n or n.endswith(".js")]  # the site serves those


def test_a_url_source_is_downloaded_and_checked(local_copy, lock, games_wheel, tmp_path,
                                                monkeypatch):
    """The official CDN folder is used the same way: files fetched over HTTP, then checked."""
    monkeypatch.setattr(pyodide_source, "DOWNLOAD_CACHE", tmp_path / "cache")
    server, url = start_server(local_copy)
    try:
        read = open_pyodide_source(url)
        served_lock = read_lock(read)
        elsewhere = complete_lock(served_lock)
        packages = lock_closure(served_lock, site_roots(games_wheel))
        copy_pyodide(read, url, packages, tmp_path / "bundle", elsewhere)
        assert (tmp_path / "bundle" / "pyodide.asm.wasm").read_bytes() == \
            (local_copy / "pyodide.asm.wasm").read_bytes()
        assert (tmp_path / "cache" / "pyodide.asm.wasm").exists()

        name = lock["packages"]["numpy"]["file_name"]
        (local_copy / name).write_bytes(b"tampered on the server")
        (tmp_path / "cache" / name).write_bytes(b"and in the cache")
        with pytest.raises(BuildError, match="does not match its sha256"):
            copy_pyodide(read, url, packages, tmp_path / "bundle2", elsewhere)
    finally:
        server.shutdown()
        server.server_close()
