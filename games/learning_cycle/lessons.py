"""A lesson's facts for ``games.plan`` and ``games.reflect``: its notebook's file name, title and
can-do objectives, in the student's language.

They have one source, each notebook's ``lesson`` metadata (sitebuild/lesson_facts.py). The kernel
cannot see the notebook it runs in, so the lesson cell names its number (``games.plan("10")``), and
the facts are looked up:

- in the site: ``lesson_facts.json`` beside this module, which the build writes into the games
  package from content/ (so a teacher's changed or added notebook is read at the next build);
- on a computer, from a checkout of the project: the notebooks in its content/ folder.
"""

import json
from importlib import resources
from pathlib import Path

FACTS_FILE = "lesson_facts.json"
CONTENT = Path(__file__).resolve().parents[2] / "content"


def all_facts(content=CONTENT):
    """``{language: {number: {"file", "title", "objectives", "minutes"}}}`` for every notebook in
    ``content`` whose metadata has a ``lesson`` entry with objectives."""
    found = {}
    for path in sorted(content.glob("*/[0-9][0-9]_*.ipynb")) if content.is_dir() else []:
        try:
            notebook = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        facts = notebook.get("metadata", {}).get("lesson")
        if not isinstance(facts, dict) or not isinstance(facts.get("objectives"), list):
            continue
        found.setdefault(path.parent.name, {})[path.name[:2]] = {
            "file": path.name, "title": _title(notebook), "minutes": facts.get("minutes"),
            "objectives": [str(objective) for objective in facts["objectives"]]}
    return found


def _title(notebook):
    for cell in notebook.get("cells", []):
        source = "".join(cell.get("source", []))
        if cell.get("cell_type") == "markdown" and source.startswith("# "):
            return source.splitlines()[0][2:].strip()
    return ""


_cache = {}


def facts(number, language):
    """The facts of lesson ``number`` ("10") in ``language``, or None when they are not known here."""
    if "all" not in _cache:
        baked = resources.files(__package__).joinpath(FACTS_FILE)
        _cache["all"] = json.loads(baked.read_text(encoding="utf-8")) if baked.is_file() else all_facts()
    return _cache["all"].get(language, {}).get(str(number))
