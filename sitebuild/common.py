"""What every step shares: the repository's folders, BuildError, sha256 sums, package names."""

import hashlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the repository
CONTENT = ROOT / "content"
LITE = ROOT / "lite"
LITE_CONFIG = ROOT / "jupyter_lite_config.json"
DEFAULT_OUTPUT = ROOT / "_output"


class BuildError(Exception):
    """A problem the person running the build can fix; the message says how."""


def digest(data):
    return hashlib.sha256(data).hexdigest()


def canonical(name):
    """Package names as the lock spells its keys: lower case, runs of -_. become one -."""
    return re.sub(r"[-_.]+", "-", name).lower()
