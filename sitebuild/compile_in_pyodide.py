"""The compiler that runs inside Pyodide, under Node.js (compile.mjs runs this file's text with
pyodide.runPython), so the bytecode is exactly that of the site's Python.

It imports what a kernel and the lessons import (files_in_use), then rewrites each archive so
that those modules are compiled (compile_archive); modules nobody imports stay source (compiled
only if ever imported), because bytecode is larger than source and every student downloads it.
On the way it leaves out what a browser cannot use (left_out) and the Pygments lexers nobody
uses (prune_pygments).

It needs nothing but the standard library, so tests import it on CPython
(tests/test_compile_in_pyodide.py): only files_in_use and where_installed need Pyodide.
"""

import ast
import base64
import hashlib
import importlib
import os
import py_compile
import re
import sys
import tempfile
import zipfile

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
    """Whether the archive member ``name`` (its bytes: ``body``) is left out of the site."""
    stem = name.replace("/__pycache__/", "/").split(".")[0]
    parts = NOT_IN_A_BROWSER + BUILT_IN_TWINS
    if any(stem == part or stem.startswith(part + "/") for part in parts):
        return True
    # a code page's module is its table; the name is in its source and in its bytecode alike
    return (stem.startswith("encodings/") and stem[len("encodings/"):] not in CODE_PAGES_KEPT
            and (b"decoding_table" in body or b"decoding_map" in body))


def files_in_use(kernel_modules, lesson_modules):
    """The files of every module imported once the kernel's and the lessons' imports ran."""
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
    """Where Python looks for the bytecode of the module ``name`` (a path in an archive)."""
    folder, _, module = name.rpartition("/")
    return (folder + "/" if folder else "") + f"__pycache__/{module[:-3]}.{TAG}.pyc"


def record_line(name, body):
    """The line of a wheel's RECORD for one file."""
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
    """The members of the pygments wheel without the lexers nobody uses (see PYGMENTS_LEXERS)."""
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
    """Rewrite the archive at ``path`` (kind "stdlib" or "wheel") with its modules in ``in_use``
    compiled (all of them, beside their source, when ``keep_source``); False if unchanged."""
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
