"""A lesson's facts, in one place: the ``lesson`` entry of each notebook's metadata.

Every notebook of content/ carries, in its metadata (JupyterLab: *Property Inspector* →
*Notebook metadata*)::

    "lesson": {
        "minutes": 40,                       # the model's figure (lesson_minutes.py), training included
        "objectives": ["I can ...", ...],    # 2-4 can-do statements, in the notebook's language
        "needs": ["01", "10"],               # the lessons it assumes (their numbers), [] for none
        "advanced": true                     # optional: a lesson of the advanced route (発展), which no
    }                                        # lesson outside that route may need

The course map, the teachers' page, the lesson card the build puts under a lesson's title, and
``games.plan()`` read them from here; nothing reads them out of the lesson's prose.

A lesson fits one 50-minute period: ``minutes`` at most ``MAX_MINUTES``, and at most
``MAX_READING`` characters of text for the student to read (:func:`reading_characters`), about
fourteen minutes for a 13-year-old reading Japanese at 250 characters a minute. ``minutes`` is
not guessed: it is the figure of the minutes model in ``lesson_minutes.py`` beside this module.
"""

import re

MAX_MINUTES = 45
MAX_READING = 3500
OBJECTIVES = (2, 4)  # at least, at most

# Words of the people who measure, not of the students who learn: how a figure was measured
# goes to the teachers' page ("How the figures were measured"), never into a lesson.
RESEARCH_WORDS = ("bench/", "OpenSpiel", "CPython", "MCTS", "millisecond", "ミリ秒", " ms ")


class LessonFactsError(Exception):
    """A notebook whose ``lesson`` metadata is missing or wrong; the message says how to fix it."""


def lesson_facts(notebook, where="the notebook"):
    """The checked ``lesson`` entry of a notebook (a dict as read with json), or LessonFactsError."""
    facts = notebook.get("metadata", {}).get("lesson")
    if not isinstance(facts, dict):
        raise LessonFactsError(f"{where}: its metadata has no 'lesson' entry "
                               "(minutes, objectives, needs): see sitebuild/lesson_facts.py")
    minutes = facts.get("minutes")
    if not isinstance(minutes, int) or isinstance(minutes, bool) or not 5 <= minutes <= MAX_MINUTES:
        raise LessonFactsError(f"{where}: lesson.minutes is {minutes!r}; it must be a whole number "
                               f"from 5 to {MAX_MINUTES} (split a longer lesson)")
    objectives = facts.get("objectives")
    low, high = OBJECTIVES
    if (not isinstance(objectives, list) or not low <= len(objectives) <= high
            or not all(isinstance(o, str) and o.strip() and "\n" not in o for o in objectives)):
        raise LessonFactsError(f"{where}: lesson.objectives must be a list of {low} to {high} "
                               "one-line can-do statements")
    needs = facts.get("needs")
    if not isinstance(needs, list) or not all(isinstance(n, str) and re.fullmatch(r"\d\d", n) for n in needs):
        raise LessonFactsError(f"{where}: lesson.needs must be a list of lesson numbers such as "
                               "[\"01\", \"10\"] ([] for none)")
    advanced = facts.get("advanced", False)
    if not isinstance(advanced, bool):
        raise LessonFactsError(f"{where}: lesson.advanced is {advanced!r}; it must be true or false (or left out)")
    return {"minutes": minutes, "objectives": list(objectives), "needs": list(needs), "advanced": advanced}


def reading_text(notebook):
    """What a student reads in a lesson: its markdown cells as text, with code blocks, HTML tags,
    furigana readings (``<rt>``), link targets and markdown marks left out."""
    parts = []
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "markdown":
            continue
        text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        text = re.sub(r"```.*?```", "", text, flags=re.S)
        text = re.sub(r"<rt>.*?</rt>|<rp>.*?</rp>", "", text, flags=re.S)
        text = re.sub(r"<[^>]+>", "", text)
        text = re.sub(r"\]\([^)]*\)", "]", text)
        text = re.sub(r"[#*_`\[\]|>$\\]", "", text)
        parts.append(text)
    return "\n".join(parts)


def reading_characters(notebook):
    """How many characters a student reads in a lesson (whitespace not counted)."""
    return len(re.sub(r"\s", "", reading_text(notebook)))


def research_words(notebook):
    """The research words (RESEARCH_WORDS) found in a lesson's student text."""
    text = reading_text(notebook)
    return [word for word in RESEARCH_WORDS if word.lower() in text.lower()]
