"""Step 3, which packages: the Pyodide packages the site needs (the kernel's start packages,
numpy, the games wheel's dependencies, the widget library) and everything they depend on."""

from .common import BuildError, canonical
from .kernel import KERNEL_START_PACKAGES
from .pyodide_source import PYODIDE_VERSION

# Packages every notebook may import without a %pip line (besides games and its dependencies).
SITE_PACKAGES = ["numpy"]
# In the site, not loaded at start: the widget library of games.play (anywidget brings the rest;
# see pyodide_source.WIDGET_WHEELS).
ON_DEMAND_PACKAGES = ["anywidget"]


def lock_closure(lock, wanted):
    """The packages in ``wanted`` and everything they depend on, by lock name."""
    packages = {canonical(key): entry for key, entry in lock["packages"].items()}
    needed, todo = set(), [canonical(name) for name in wanted]
    while todo:
        name = todo.pop()
        if name in needed:
            continue
        if name not in packages:
            raise BuildError(
                f"The site needs the package {name}, but the Pyodide lock file does not list "
                f"it. Use a Pyodide {PYODIDE_VERSION} distribution, or remove {name} from the "
                f"site's requirements.")
        needed.add(name)
        todo.extend(canonical(dep) for dep in packages[name]["depends"])
    return {name: packages[name] for name in needed}


def site_roots(games_wheel):
    return KERNEL_START_PACKAGES + SITE_PACKAGES + games_wheel["depends"] + ON_DEMAND_PACKAGES
