"""sitebuild/compile_in_pyodide.py on CPython: what the site leaves out, the Pygments lexers it
keeps, and how an archive is rewritten. The build runs the same file inside Pyodide; these tests
need no site build, no Node.js and no Pyodide."""

import ast
import base64
import hashlib
import importlib.util
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT
from sitebuild import compile_in_pyodide as compiler
from sitebuild.compile_in_pyodide import (
    cached, compile_archive, compile_module, left_out, lexer_module, prune_pygments, record_line,
)

TAG = sys.implementation.cache_tag
SITE_PACKAGES = compiler.where_installed("wheel")  # the CPython one here, Pyodide's in the build


def members(files):
    """Archive members as compile_archive reads them: (ZipInfo, bytes), in order."""
    return [(zipfile.ZipInfo(name, date_time=(2024, 1, 2, 3, 4, 6)),
             body.encode() if isinstance(body, str) else body) for name, body in files.items()]


# ---------------------------------------------------------------- left_out

@pytest.mark.parametrize("name", [
    "multiprocessing/__init__.py", "multiprocessing/pool.pyc",
    "multiprocessing/__pycache__/pool.cpython-314.pyc",
    "http/server.py", "http/server.pyc", "xmlrpc/client.py", "wsgiref/simple_server.py",
    "ftplib.py", "imaplib.pyc", "poplib.py", "smtplib.py", "numpy/f2py/__init__.py",
    "numpy/f2py/crackfortran.pyc", "_pydatetime.py", "_pyio.pyc",
])
def test_what_cannot_work_in_a_browser_and_the_built_in_twins_are_left_out(name):
    assert left_out(name, b"")


@pytest.mark.parametrize("name", [
    "http/client.py", "http/__init__.py", "http/cookies.pyc", "numpy/fft/__init__.py",
    "multiprocessingx.py", "xmlrpcs/a.py", "_pydecimal.py", "socketserver.py", "smtpd_like.py",
    "games/envs/tictactoe.py",
])
def test_what_a_kernel_may_use_stays(name):
    assert not left_out(name, b"decoding_table = ()")  # only a code page's table counts


@pytest.mark.parametrize("name", ["encodings/koi8_r.py", "encodings/cp850.pyc",
                                  "encodings/__pycache__/mac_roman.cpython-314.pyc"])
def test_old_code_pages_are_left_out(name):
    assert left_out(name, b"...decoding_table = (...)...")
    assert left_out(name, b"...decoding_map = codecs.make_identity_dict(...)...")


@pytest.mark.parametrize("name", ["encodings/cp437.py", "encodings/cp1252.pyc"])
def test_the_code_pages_of_zip_files_and_windows_stay(name):
    assert not left_out(name, b"decoding_table = (...)")


@pytest.mark.parametrize("name", ["encodings/__init__.py", "encodings/utf_8.py",
                                  "encodings/shift_jis.py", "encodings/aliases.pyc",
                                  "encodings/idna.py"])
def test_encodings_without_a_table_stay(name):
    assert not left_out(name, b"import codecs")


# ---------------------------------------------------------------- prune_pygments

MAPPING = '''"""the generated table"""
LEXERS = {
    'RustLexer': ('pygments.lexers.rust', 'Rust', ('rust', 'rs'), ('*.rs',), ('text/rust',)),
    'PythonLexer': ('pygments.lexers.python', 'Python', ('python', 'py'), ('*.py',), ()),
    'CLexer': ('pygments.lexers.c_cpp', 'C', ('c',), ('*.c',), ('text/x-chdr',)),
    'TextLexer': ('pygments.lexers.special', 'Text only', ('text',), ('*.txt',), ()),
    'ArduinoLexer': ('pygments.lexers.c_like', 'Arduino', ('arduino',), ('*.ino',), ()),
}
'''

PYGMENTS = {
    "pygments/__init__.py": "from pygments.lexers import get_lexer_by_name\n",
    "pygments/lexers/__init__.py": "from pygments.lexers._mapping import LEXERS\n",
    "pygments/lexers/_mapping.py": MAPPING,
    "pygments/lexers/python.py": "from pygments.lexers import _python_builtins\n",
    "pygments/lexers/_python_builtins.py": "BUILTINS = ()\n",
    "pygments/lexers/special.py": "class TextLexer: pass\n",
    "pygments/lexers/rust.py": "class RustLexer: pass\n",
    "pygments/lexers/c_cpp.py": "from pygments.lexers._c_builtins import X\n",
    "pygments/lexers/_c_builtins.py": "X = 1\n",
    "pygments/lexers/c_like.py": "from pygments.lexers.c_cpp import CLexer\n",
    "pygments/styles/default.py": "class DefaultStyle: pass\n",
    "pygments-2.20.0.dist-info/RECORD": "",
}


def kept_lexers(pruned):
    names = [info.filename for info, _ in pruned]
    modules = {lexer_module(n) for n in names if n.startswith("pygments/lexers/")}
    mapping = dict((info.filename, body) for info, body in pruned)["pygments/lexers/_mapping.py"]
    return modules, mapping.decode()


def table(mapping):
    """The LEXERS table of a _mapping.py source, as Pygments reads it."""
    namespace = {}
    exec(compile(mapping, "_mapping.py", "exec"), namespace)
    return namespace["LEXERS"]


def test_only_the_python_lexers_and_what_they_import_are_kept():
    pruned = prune_pygments(members(PYGMENTS), SITE_PACKAGES, in_use=set())
    modules, mapping = kept_lexers(pruned)
    assert modules == {"__init__", "_mapping", "python", "_python_builtins", "special"}
    assert table(mapping) == {name: entry for name, entry in table(MAPPING).items()
                              if name in ("PythonLexer", "TextLexer")}
    assert list(table(mapping)) == ["PythonLexer", "TextLexer"]  # sorted, as written
    assert mapping.startswith('"""the generated table"""\nLEXERS = {\n')  # the rest as it was
    # what is not a lexer is kept, in the archive's order
    others = [(info.filename, body) for info, body in pruned
              if not info.filename.startswith("pygments/lexers/")]
    assert others == [(info.filename, body) for info, body in members(PYGMENTS)
                      if not info.filename.startswith("pygments/lexers/")]


def test_a_lexer_in_use_is_kept_with_the_lexers_it_imports():
    in_use = {SITE_PACKAGES + "pygments/lexers/c_like.py"}
    modules, mapping = kept_lexers(prune_pygments(members(PYGMENTS), SITE_PACKAGES, in_use))
    assert {"c_like", "c_cpp", "_c_builtins"} <= modules and "rust" not in modules
    assert set(table(mapping)) == {"PythonLexer", "TextLexer", "CLexer", "ArduinoLexer"}


def test_a_compiled_pygments_is_left_as_it_is():
    compiled = {name.replace(".py", ".pyc"): body for name, body in PYGMENTS.items()}
    given = members(compiled)
    assert prune_pygments(given, SITE_PACKAGES, set()) is given


def test_the_real_pygments_is_pruned_to_a_consistent_table():
    """The Pygments installed here, as a wheel's members: what is kept imports only what is
    kept, and its table names only kept modules."""
    spec = importlib.util.find_spec("pygments")
    if spec is None:
        pytest.skip("Pygments is not installed")
    package = Path(spec.origin).parent
    files = {f"pygments/{path.relative_to(package).as_posix()}": path.read_bytes()
             for path in sorted(package.rglob("*.py"))}
    pruned = prune_pygments(members(files), SITE_PACKAGES, set())
    modules, mapping = kept_lexers(pruned)
    assert {"python", "special", "_mapping", "__init__"} <= modules
    assert len(modules) < len([n for n in files if n.startswith("pygments/lexers/")]) / 10
    lexers = table(mapping)
    assert "PythonLexer" in lexers and "RustLexer" not in lexers
    assert {entry[0].rsplit(".", 1)[1] for entry in lexers.values()} <= modules
    ast.parse(mapping)


# ---------------------------------------------------------------- archives

def test_cached_is_where_python_looks_for_bytecode():
    assert cached("games/envs/tictactoe.py") == f"games/envs/__pycache__/tictactoe.{TAG}.pyc"
    assert cached("six.py") == f"__pycache__/six.{TAG}.pyc"


def test_a_record_line_is_as_pip_writes_it():
    body = b"print('hi')\n"
    hashed = base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=").decode()
    assert record_line("a/b.py", body) == f"a/b.py,sha256={hashed},{len(body)}"


def test_compiled_modules_need_no_source_times():
    pyc = compile_module(b"x = 1\n", "/lib/python/x.py")
    assert pyc[:4] == importlib.util.MAGIC_NUMBER
    assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, source never checked
    assert pyc == compile_module(b"x = 1\n", "/lib/python/x.py")  # reproducible


def make_wheel(path, files):
    with zipfile.ZipFile(path, "w") as archive:
        for info, body in members(files):
            archive.writestr(info, body)


def read_wheel(path):
    with zipfile.ZipFile(path) as archive:
        return {info.filename: (info.date_time, archive.read(info)) for info in archive.infolist()}


WHEEL = {
    "pkg/__init__.py": "from . import used\n",
    "pkg/used.py": "VALUE = 1\n",
    "pkg/unused.py": "VALUE = 2\n",
    "pkg/stubs.pyi": "VALUE: int\n",
    "pkg/labextension/index.js": "// served from extensions/ instead\n",
    "pkg-1.0.dist-info/METADATA": "Name: pkg\nVersion: 1.0\n",
    "pkg-1.0.dist-info/RECORD": "stale\n",
}


def test_a_wheel_keeps_source_only_where_asked(tmp_path):
    wheel = tmp_path / "pkg-1.0-py3-none-any.whl"
    make_wheel(wheel, WHEEL)
    in_use = {SITE_PACKAGES + "pkg/__init__.py", SITE_PACKAGES + "pkg/used.py"}
    assert compile_archive(str(wheel), "wheel", False, in_use)
    files = read_wheel(wheel)
    assert set(files) == {"pkg/__init__.pyc", "pkg/used.pyc", "pkg/unused.py",
                          "pkg-1.0.dist-info/METADATA", "pkg-1.0.dist-info/RECORD"}
    assert files["pkg/used.pyc"][1] == compile_module(b"VALUE = 1\n", SITE_PACKAGES + "pkg/used.py")
    assert all(date == (2024, 1, 2, 3, 4, 6) for date, _ in files.values())  # reproducible
    record = files["pkg-1.0.dist-info/RECORD"][1].decode().splitlines()
    assert record[-1] == "pkg-1.0.dist-info/RECORD,,"
    assert sorted(record[:-1]) == sorted(record_line(name, body)
                                         for name, (_, body) in files.items()
                                         if not name.endswith("RECORD"))
    assert not compile_archive(str(wheel), "wheel", False, in_use)  # compiled already


def test_our_own_wheel_keeps_its_source_beside_the_bytecode(tmp_path):
    wheel = tmp_path / "pkg-1.0-py3-none-any.whl"
    make_wheel(wheel, WHEEL)
    assert compile_archive(str(wheel), "wheel", True, set())
    files = read_wheel(wheel)
    for module in ("pkg/__init__.py", "pkg/used.py", "pkg/unused.py"):
        assert files[module][1] == WHEEL[module].encode()
        assert cached(module) in files


def test_an_archive_that_holds_what_is_left_out_is_rewritten_without_it(tmp_path):
    wheel = tmp_path / "stdlib.zip"
    make_wheel(wheel, {"smtplib.py": "pass\n", "json/__init__.pyc": b"compiled"})
    assert compile_archive(str(wheel), "wheel", False, set())
    assert set(read_wheel(wheel)) == {"json/__init__.pyc"}


def test_importing_what_is_left_out_stops_the_build(tmp_path):
    wheel = tmp_path / "stdlib.zip"
    make_wheel(wheel, {"smtplib.py": "pass\n"})
    with pytest.raises(RuntimeError, match="leaves out smtplib.py"):
        compile_archive(str(wheel), "wheel", False, {SITE_PACKAGES + "smtplib.py"})


def test_the_compiler_is_the_file_the_build_runs():
    from sitebuild import bytecode
    assert bytecode.COMPILER == Path(compiler.__file__).resolve()
    assert bytecode.NODE_DRIVER.parent == ROOT / "sitebuild"
    assert "compile_archive" in bytecode.NODE_DRIVER.read_text(encoding="utf-8")
