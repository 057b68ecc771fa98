"""Step 12, checks: the things that, if wrong, would send students' browsers to a CDN or break
imports; and JupyterLab's Japanese, which the Japanese lessons' pages ask for."""

import json

from .common import BuildError
from .kernel import KERNEL_EXTENSION, KERNEL_PLUGIN
from .lite_folder import WIDGET_EXTENSIONS
from .pyodide_source import CORE_FILES, LOCK_NAME


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
    check_japanese_interface(output)


# lite/interface-language.html sets this locale on the pages of Japanese lessons; jupyter lite
# build writes its translations from the language pack installed where it runs.
JAPANESE_LOCALE = "ja_JP"
LANGUAGE_PACK = "jupyterlab-language-pack-ja-JP"


def check_japanese_interface(output):
    """JupyterLab's Japanese is in the site: else a Japanese lesson's page would ask for a file
    that is not there, and show its menus in English."""
    translations = output / "api" / "translations" / f"{JAPANESE_LOCALE}.json"
    domains = json.loads(translations.read_text(encoding="utf-8")).get("data", {}) if translations.is_file() else {}
    if "jupyterlab" not in domains:
        raise BuildError(
            f"The site has no Japanese for JupyterLab's menus (api/translations/{JAPANESE_LOCALE}.json): "
            f"jupyter lite build takes it from the language pack {LANGUAGE_PACK} and needs jupyterlab_server "
            f"to read it. Install the build requirements: pip install -r requirements.txt.")
