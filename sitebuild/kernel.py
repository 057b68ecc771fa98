"""The Pyodide kernel of the site (jupyterlite-pyodide-kernel 0.8.6): what it loads when it
starts, and where its lab extension is installed."""

from pathlib import Path

from .common import BuildError

# What jupyterlite-pyodide-kernel 0.8.6 loads when a kernel starts (its worker,
# comlink.worker.*.js): `loadPackage(["micropip"])`, then piplite installs
# "ipykernel", "comm", "pyodide-kernel", "jedi" and "ipython". ipykernel and
# pyodide-kernel are the kernel's own wheels (static/pypi/ of the extension); the
# others come from the lock. tests/test_build.py checks this against the installed kernel.
# jedi (and parso) only make Tab completion smarter; they cost 1.7 MB and a third of a
# second at every start, so the site leaves them out (see patches.patch_kernel_worker).
KERNEL_START_PACKAGES = ["micropip", "comm", "ipython"]
KERNEL_SKIPPED_PACKAGES = ["jedi"]
KERNEL_OWN_WHEELS = ["piplite", "ipykernel", "pyodide-kernel"]
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"


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
