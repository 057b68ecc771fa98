"""The layout of sitebuild/: each module in the package's list of steps, and each upstream
patch pinned to the version it matches. Quick: no site build."""

import json
import re
from pathlib import Path

import pytest

from conftest import ROOT
import sitebuild
from sitebuild import patches, steps
from sitebuild.pyodide_source import LOCK_NAME, choose_pyodide_source, is_url

PACKAGE = ROOT / "sitebuild"


def requirement_pins():
    return dict(line.split("==") for line in (ROOT / "requirements.txt").read_text().splitlines()
                if "==" in line and not line.startswith("#"))


def test_every_module_is_in_the_packages_list():
    listed = set(re.findall(r"^\s*(?:\d+\.|-)\s+(\w+)(?:, (\w+))?", sitebuild.__doc__, re.M))
    listed = {name for pair in listed for name in pair if name}
    modules = {path.stem for path in PACKAGE.glob("*.py")} - {"__init__"}
    assert modules - {"compile_in_pyodide"} == listed  # the compiler: part of step 6, bytecode
    assert "compile_in_pyodide.py" in sitebuild.__doc__ and "compile.mjs" in sitebuild.__doc__


def test_the_steps_are_listed_in_the_order_build_site_runs_them():
    numbered = re.findall(r"^\s*\d+\.\s+(\w+)", sitebuild.__doc__, re.M)
    run = Path(steps.__file__).read_text(encoding="utf-8")
    comments = re.findall(r"^\s+# (\d+)\. ", run, re.M)
    assert [int(n) for n in comments] == list(range(1, len(numbered) + 1))


def test_build_py_is_a_short_entry_point():
    text = (ROOT / "build.py").read_text(encoding="utf-8")
    assert len(text.splitlines()) < 30 and "from sitebuild.command_line import main" in text


def test_the_patches_name_the_versions_of_requirements_txt():
    pins = requirement_pins()
    assert pins["jupyterlite-core"] == patches.JUPYTERLITE_CORE_VERSION
    assert pins["jupyterlite-pyodide-kernel"] == patches.PYODIDE_KERNEL_VERSION


def test_the_ipython_patch_names_the_version_of_the_pyodide_lock():
    source = choose_pyodide_source(None)
    if is_url(source):
        pytest.skip("the Pyodide source is a URL; this quick test reads a local lock only")
    lock = json.loads((Path(source) / LOCK_NAME).read_text())
    assert lock["packages"]["ipython"]["version"] == patches.IPYTHON_VERSION


def test_every_upstream_patch_is_in_patches_py():
    """No other module of the build defines a patch."""
    for path in PACKAGE.glob("*.py"):
        defined = re.findall(r"^def (patch_\w+)", path.read_text(encoding="utf-8"), re.M)
        assert not defined or path.name == "patches.py", (path.name, defined)
    assert {"patch_kernel_worker", "patch_ipython_embed", "patch_workspace_wait",
            "patch_service_worker", "patch_ruby"} <= set(vars(patches))


def test_the_notebook_apps_japanese_is_completed(tmp_path):
    """The Notebook app's domain gets the pack's JupyterLab words for its strings, and ours for
    the rest; what the pack translates stays."""
    from sitebuild.translations import OUR_JAPANESE, complete_japanese
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "app.js").write_text(
        'let d=t.load("notebook");c.textContent=d.__("Last Checkpoint: %1",x);d.__("Not Trusted");'
        'd.__("\\xa9 2026 Jupyter")')  # an escape JSON lacks: skipped
    (tmp_path / "build" / "lab.js").write_text('let p=t.load("jupyterlab");p.__("Kernel status")')
    translations = tmp_path / "api" / "translations"
    translations.mkdir(parents=True)
    header = {"domain": "jupyterlab", "language": "ja-JP", "plural_forms": "nplurals=1; plural=0;"}
    pack = {"data": {"jupyterlab": {"": header, "Last Checkpoint: %1": ["最後のチェックポイント: %1"],
                                    "Kernel status": ["カーネルの状態"]},
                     "notebook": {"": {**header, "domain": "notebook"}, "Trusted": ["信頼済み (パック)"]}},
            "message": ""}
    (translations / "ja_JP.json").write_text(json.dumps(pack))
    assert complete_japanese(tmp_path) == 1 + len(OUR_JAPANESE) - 1  # "Trusted" was there
    notebook = json.loads((translations / "ja_JP.json").read_text())["data"]["notebook"]
    assert notebook["Last Checkpoint: %1"] == ["最後のチェックポイント: %1"]
    assert notebook["Not Trusted"] == ["信頼されていません"] and notebook["Trusted"] == ["信頼済み (パック)"]
    assert "Kernel status" not in notebook  # only the Notebook app's own strings
    assert notebook[""]["domain"] == "notebook"
    assert complete_japanese(tmp_path / "nothing") == 0


def test_jupyterlites_own_menu_items_get_the_packs_japanese(tmp_path):
    """File → Download (JupyterLite's command, its own "jupyterlite" domain) in Japanese, like the
    file list's Download: lesson 00 names it."""
    from sitebuild.translations import complete_japanese
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "lite.js").write_text(
        'let E="jupyterlite";let l=t.load(E);s.addCommand(r,{label:l.__("Download")});l.__("Clear Browser Data")')
    translations = tmp_path / "api" / "translations"
    translations.mkdir(parents=True)
    header = {"domain": "jupyterlab", "language": "ja-JP", "plural_forms": "nplurals=1; plural=0;"}
    pack = {"data": {"jupyterlab": {"": header, "Download": ["ダウンロード"]}}, "message": ""}
    (translations / "ja_JP.json").write_text(json.dumps(pack))
    complete_japanese(tmp_path)
    lite = json.loads((translations / "ja_JP.json").read_text())["data"]["jupyterlite"]
    assert lite["Download"] == ["ダウンロード"] and lite[""]["domain"] == "jupyterlite"
    assert "Clear Browser Data" not in lite  # not in the pack: left in English
