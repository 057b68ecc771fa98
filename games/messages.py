"""Messages for students, in Japanese or English.

Every message a student can see is written at the place it is raised, in both
languages, with ``tr``::

    raise IllegalActionError(tr(
        en="Column {col} is full.",
        ja="{col} 列はもういっぱいです。",
        col=3,
    ))

``games.set_language("ja")`` switches every message (errors, progress bars,
checks) to Japanese.
"""

LANGUAGES = ("en", "ja")

_current = {"language": "en"}


def set_language(language):
    """Choose the language of messages: ``"en"`` (English) or ``"ja"`` (日本語)."""
    if language not in LANGUAGES:
        raise ValueError(
            f"Unknown language {language!r}: use 'en' or 'ja'. / "
            f"言語 {language!r} は使えません。'en' か 'ja' を指定してください。"
        )
    _current["language"] = language


def get_language():
    """The language chosen with ``set_language`` (``"en"`` at start)."""
    return _current["language"]


def tr(en, ja, **fields):
    """The message in the current language, with ``{fields}`` filled in."""
    template = ja if _current["language"] == "ja" else en
    return template.format(**fields) if fields else template


def join_numbers(numbers, limit=40):
    """``[0, 2, 5]`` -> ``"0, 2, 5"`` (long lists are cut with an ellipsis)."""
    numbers = list(numbers)
    shown = ", ".join(str(n) for n in numbers[:limit])
    return shown + (", …" if len(numbers) > limit else "")
