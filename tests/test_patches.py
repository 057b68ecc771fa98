"""sitebuild/patches.py on small made-up files: IPython's terminal imported only when asked for;
and on the installed upstream code: ruby kept in Markdown, Run All going on past a cell tagged
raises-exception (JupyterLite's kernel client), an error named as Python names it (the kernel's
wheel). (The other JavaScript patches are checked on the installed upstream code and the built site
in tests/test_build.py; tests/test_notebooks_browser.py runs the lessons with Run All.) Quick: no
site build."""

import re
import zipfile

import pytest

from sitebuild.bundle import TERMINAL_ONLY, leave_out_the_terminal
from sitebuild.common import BuildError
from sitebuild.kernel import kernel_extension_dir
from sitebuild.patches import (CANCEL_ON_ERROR, ERROR_NAME, ERROR_NAME_AS_PYTHON, EXECUTE_REPLY, IPYTHON_EMBED_IMPORT,
                               IPYTHON_EMBED_ON_CALL, KERNEL_INTERPRETER, SANITIZER_TAGS, patch_error_name,
                               patch_ipython_embed, patch_ruby, patch_run_all_past_expected_errors)

INIT = "from .core.application import Application\n" + IPYTHON_EMBED_IMPORT + "__version__ = 9\n"


def ipython_wheel(path, init):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("IPython/__init__.py", init)
        archive.writestr("IPython/terminal/embed.py", "def embed(**kwargs): pass\n")
        archive.writestr("ipython-9.12.0.dist-info/RECORD", "")
    return path


def read(path):
    with zipfile.ZipFile(path) as archive:
        return {info.filename: archive.read(info).decode() for info in archive.infolist()}


def test_ipython_imports_its_terminal_only_when_embed_is_called(tmp_path):
    wheel = ipython_wheel(tmp_path / "ipython-9.12.0-py3-none-any.whl", INIT)
    before = read(wheel)
    assert patch_ipython_embed(wheel)
    after = read(wheel)
    assert after["IPython/__init__.py"] == INIT.replace(IPYTHON_EMBED_IMPORT, IPYTHON_EMBED_ON_CALL)
    assert IPYTHON_EMBED_IMPORT not in after["IPython/__init__.py"]
    assert {k: v for k, v in after.items() if k != "IPython/__init__.py"} == \
        {k: v for k, v in before.items() if k != "IPython/__init__.py"}
    namespace = {}
    exec(IPYTHON_EMBED_ON_CALL, namespace)
    assert callable(namespace["embed"])  # valid Python, and no import until it is called


def test_another_ipython_is_left_as_it_is(tmp_path):
    wheel = ipython_wheel(tmp_path / "ipython-10-py3-none-any.whl", "from .terminal import x\n")
    data = wheel.read_bytes()
    assert not patch_ipython_embed(wheel)
    assert wheel.read_bytes() == data


def test_the_terminals_packages_leave_with_it(tmp_path):
    wheel = ipython_wheel(tmp_path / "ipython-9.12.0-py3-none-any.whl", INIT)
    packages = {"ipython": {"file_name": wheel.name, "depends": ["prompt_toolkit", "traitlets"]},
                "prompt-toolkit": {"file_name": "p.whl", "depends": ["wcwidth"]},
                "wcwidth": {"file_name": "w.whl", "depends": []},
                "traitlets": {"file_name": "t.whl", "depends": []}}
    for name in ("p.whl", "w.whl", "t.whl"):
        (tmp_path / name).write_bytes(b"a wheel")
    kept = leave_out_the_terminal(tmp_path, packages)
    assert set(kept) == {"ipython", "traitlets"} and not set(TERMINAL_ONLY) & set(kept)
    assert kept["ipython"]["depends"] == ["traitlets"]
    assert packages["ipython"]["depends"] == ["prompt_toolkit", "traitlets"]  # not changed
    assert sorted(p.name for p in tmp_path.iterdir()) == [wheel.name, "t.whl"]


# ---------------------------------------------------------------- ruby in Markdown

def upstream_scripts(folder, holding=SANITIZER_TAGS):
    """The scripts of the installed jupyterlite-core's JupyterLab (its app archive) that hold the
    text ``holding``, in folder/build."""
    import tarfile
    from pathlib import Path

    import jupyterlite_core
    archive = next(Path(jupyterlite_core.__file__).parent.glob("jupyterlite-app-*.tgz"))
    (folder / "build").mkdir()
    with tarfile.open(archive) as app:
        for member in app:
            if member.name.startswith("package/build/") and member.name.endswith(".js"):
                script = app.extractfile(member).read()
                if holding.encode() in script:
                    (folder / "build" / Path(member.name).name).write_bytes(script)
    return folder


def test_markdown_keeps_ruby_in_the_installed_jupyterlab(tmp_path):
    site = upstream_scripts(tmp_path)
    name = patch_ruby(site)
    text = (site / "build" / name).read_text(encoding="utf-8")
    tags = re.search(r'allowedTags:\[([^\]]*"ruby"[^\]]*)\]', text).group(1)
    assert {'"ruby"', '"rt"', '"rp"', '"p"', '"span"'} <= set(tags.split(","))
    assert SANITIZER_TAGS not in text


def test_a_jupyterlab_that_lists_its_tags_differently_is_refused(tmp_path):
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "app.js").write_text('allowedTags:["p","q","s"]', encoding="utf-8")
    with pytest.raises(BuildError, match="patch_ruby"):
        patch_ruby(tmp_path)


# ---------------------------------------------------------------- Run All past an expected error

def test_run_all_goes_on_past_an_expected_error_in_the_installed_jupyterlite(tmp_path):
    site = upstream_scripts(tmp_path, holding='"execute_reply"')
    name = patch_run_all_past_expected_errors(site)
    text = (site / "build" / name).read_text(encoding="utf-8")
    assert not EXECUTE_REPLY.search(text)  # the kernel's answer carries its request's stop_on_error:
    assert re.search(r'msgType:"execute_reply",channel:"shell",parentHeader:(\w+)\.header,session:\1\.header\.'
                     r'session,content:\w+,metadata:\{stop_on_error:!1!==\1\.content\.stop_on_error\}\}\)', text)
    cancel = CANCEL_ON_ERROR.search(text)  # the queue is cancelled only when that was not false
    assert text[cancel.end():].startswith(f"!1!=={cancel.group(1)}.metadata.stop_on_error&&(")
    with pytest.raises(BuildError, match="patch_run_all_past_expected_errors"):
        patch_run_all_past_expected_errors(site)  # patched once only: the texts are no longer there as they were


def test_a_kernel_client_that_cancels_differently_is_refused(tmp_path):
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "services.js").write_text(
        'msgType:"execute_reply",channel:"shell",parentHeader:e.header,session:e.header.session,content:s})',
        encoding="utf-8")
    with pytest.raises(BuildError, match="patch_run_all_past_expected_errors"):
        patch_run_all_past_expected_errors(tmp_path)


# ---------------------------------------------------------------- an error's name

def test_the_installed_kernel_names_an_error_as_python_does(tmp_path):
    installed = next((kernel_extension_dir() / "static" / "pypi").glob("pyodide_kernel-*.whl"))
    wheel = tmp_path / installed.name
    wheel.write_bytes(installed.read_bytes())
    before = read(wheel)
    patch_error_name(wheel)
    after = read(wheel)
    source = after[KERNEL_INTERPRETER]
    assert ERROR_NAME not in source and source.count(ERROR_NAME_AS_PYTHON) == 1
    compile(source, KERNEL_INTERPRETER, "exec")
    assert {k: v for k, v in after.items() if k != KERNEL_INTERPRETER} == \
        {k: v for k, v in before.items() if k != KERNEL_INTERPRETER}
    name = eval(ERROR_NAME_AS_PYTHON.split(":", 1)[1].split(",")[0], {"etype": NameError})
    assert name == "NameError"


def test_a_kernel_that_names_errors_differently_is_refused(tmp_path):
    wheel = tmp_path / "pyodide_kernel-9-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr(KERNEL_INTERPRETER, '"ename": etype.__qualname__,\n')
    with pytest.raises(BuildError, match="patch_error_name"):
        patch_error_name(wheel)
