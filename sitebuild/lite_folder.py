"""Step 4, the lite folder: a fresh folder for `jupyter lite build` with our settings (lite/,
jupyter_lite_config.json), the Pyodide kernel's lab extension (its worker patched, see
patches.patch_kernel_worker) and the widget extensions. The Pyodide bundle goes into it next."""

import json
import shutil

from .common import LITE, LITE_CONFIG, BuildError
from .kernel import KERNEL_EXTENSION, installed_labextension, kernel_extension_dir
from .pages import PAGE_PARTS
from .patches import patch_kernel_worker

# The lab extensions that draw widgets in the page, copied from the installed jupyterlab_widgets
# and anywidget (requirements.txt), with the versions of pyodide_source.WIDGET_WHEELS.
WIDGET_EXTENSIONS = {"@jupyter-widgets/jupyterlab-manager": "5.0.16", "anywidget": "0.9.21"}


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


def labextensions_dir(lite_dir):
    return lite_dir.parent / "labextensions"

