"""Step 2, the games wheel: build the wheel of the `games` package from a copy of this
repository's sources, and read a wheel's name, version, dependencies and packages."""

import json
import re
import shutil
import subprocess
import sys
import zipfile

from games.learning_cycle import lessons

from .common import CONTENT, ROOT, BuildError, canonical

# The files the `games` wheel is built from.
WHEEL_SOURCES = ["pyproject.toml", "README.md", "games"]


def build_games_wheel(work, solutions=True):
    """Build the wheel from a copy of the sources, so the build leaves nothing in the repository.
    The copy gets every lesson's facts (games.plan reads them; see games/learning_cycle/lessons.py);
    ``solutions=False`` leaves the exercises' solutions out (``build.py --no-solutions``)."""
    source, out = work / "wheel-source", work / "wheel"
    for name in WHEEL_SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        elif (ROOT / name).is_file():
            source.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    write_lesson_facts(source / "games" / "learning_cycle" / lessons.FACTS_FILE)
    if not solutions:
        shutil.rmtree(source / "games" / "checks" / "solutions")
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
               "--no-index", "--quiet", "--wheel-dir", str(out), str(source)]
    result = subprocess.run(command, capture_output=True, text=True)
    wheels = sorted(out.glob("games-*.whl")) if out.is_dir() else []
    if result.returncode != 0 or len(wheels) != 1:
        raise BuildError(
            f"Building the games wheel failed (pip wheel said: {result.stderr.strip()[-600:]}). "
            f"Check pyproject.toml and that the build tools are installed "
            f"(pip install -r requirements.txt).")
    return check_wheel(wheels[0])


def write_lesson_facts(path):
    """Every lesson's objectives, title and file, read from content/ now, for the kernel."""
    path.write_text(json.dumps(lessons.all_facts(CONTENT), ensure_ascii=False, indent=1), encoding="utf-8")


def check_wheel(path):
    """Open the wheel and read its name, version, dependencies and top-level packages."""
    try:
        with zipfile.ZipFile(path) as wheel:
            broken = wheel.testzip()
            names = wheel.namelist()
            metadata_files = [n for n in names if n.endswith(".dist-info/METADATA")]
            metadata = wheel.read(metadata_files[0]).decode() if metadata_files else ""
    except (zipfile.BadZipFile, OSError, KeyError) as error:
        broken = f"({error})"
        names, metadata = [], ""
    fields = parse_metadata(metadata)
    imports = sorted({n.split("/")[0] for n in names if n.endswith("/__init__.py")} - {""})
    if broken or not fields.get("Name") or not imports:
        raise BuildError(
            f"The wheel {path.name} is corrupted or incomplete (bad member: {broken or 'none'}, "
            f"metadata found: {bool(fields)}, packages found: {imports}). Delete it and run "
            f"python build.py again; if it happens again, check pyproject.toml.")
    return {
        "path": path,
        "name": canonical(fields["Name"][0]),
        "version": fields["Version"][0],
        "depends": [canonical(requirement_name(r)) for r in fields.get("Requires-Dist", [])
                    if "extra ==" not in r],
        "imports": imports,
    }


def parse_metadata(text):
    fields = {}
    for line in text.split("\n\n")[0].splitlines():
        key, sep, value = line.partition(": ")
        if sep and not line.startswith(" "):
            fields.setdefault(key, []).append(value.strip())
    return fields


def requirement_name(requirement):
    return re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement).group(0)

