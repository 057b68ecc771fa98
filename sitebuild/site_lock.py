"""Step 7, the site's lock: a trimmed pyodide-lock.json that also lists `games` (so `import
games` just works) and the kernel's own wheels (so the kernel can load them all at once when it
starts); and a check that lite/jupyter-lite.json preloads only packages the lock lists."""

import json

from .common import BuildError, canonical, digest
from .kernel import KERNEL_PLUGIN
from .pyodide_source import LOCK_NAME


def write_site_lock(lock, entries, destination):
    """Write the lock; each sha256 is of the file as bundled (compiled): Pyodide checks it."""
    for entry in entries.values():
        entry["sha256"] = digest((destination / entry["file_name"]).read_bytes())
    site_lock = {"info": lock["info"], "packages": entries}
    (destination / LOCK_NAME).write_text(json.dumps(site_lock, indent=1, sort_keys=True))
    return site_lock


def preloaded_packages(lite_dir):
    config = json.loads((lite_dir / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    return settings.get("loadPyodideOptions", {}).get("packages", [])


def check_preloads(site_lock, lite_dir):
    unknown = [p for p in preloaded_packages(lite_dir) if canonical(p) not in site_lock["packages"]]
    if unknown:
        raise BuildError(
            f"lite/jupyter-lite.json preloads {', '.join(unknown)}, which the site does not "
            f"bundle. Remove them from loadPyodideOptions.packages, or add them to "
            f"SITE_PACKAGES in sitebuild/packages.py.")

