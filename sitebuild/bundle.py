"""Step 5, the bundle: copy the Pyodide files the site needs into the lite folder, checking
each one's sha256; leave out IPython's terminal when IPython can do without it; add our own
wheels (games, and the kernel's wheels) with their lock entries."""

from .common import BuildError, canonical, digest
from .games_wheel import check_wheel
from .kernel import KERNEL_OWN_WHEELS, kernel_extension_dir
from .patches import patch_ipython_embed
from .pyodide_source import CORE_FILES, OFFICIAL_PYODIDE, PYODIDE_VERSION

# What IPython imports only for its terminal (see patches.patch_ipython_embed): 116 modules
# and 0.6 MB that the site leaves out when it can.
TERMINAL_ONLY = ["prompt-toolkit", "wcwidth"]


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
    to their own reader (see pyodide_source.complete_lock)."""
    elsewhere = elsewhere or {}
    destination.mkdir(parents=True)
    for name, expected in CORE_FILES.items():
        copy_checked(read, name, expected, destination, source)
    for entry in sorted(packages.values(), key=lambda e: e["file_name"]):
        name = entry["file_name"]
        copy_checked(elsewhere.get(name, read), name, entry["sha256"], destination, source)


def leave_out_the_terminal(bundle, packages):
    """The site's packages without TERMINAL_ONLY, when IPython can do without them (see
    patches.patch_ipython_embed, which changes the bundled ipython wheel accordingly).
    Otherwise ``packages`` as they are."""
    wheel = bundle / packages["ipython"]["file_name"]
    if not patch_ipython_embed(wheel):
        return packages  # a compiled wheel (Pyodide's own) or another IPython: keep the terminal
    kept = {name: dict(entry) for name, entry in packages.items() if name not in TERMINAL_ONLY}
    kept["ipython"]["depends"] = [d for d in kept["ipython"]["depends"]
                                  if canonical(d) not in TERMINAL_ONLY]
    for name in TERMINAL_ONLY:
        if name in packages:
            (bundle / packages[name]["file_name"]).unlink()
    return kept


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

