"""Checking the values a student gives (options, actions, names, grids), in one place.

Every check either returns the value in plain Python form (an ``int``, a ``list``) or raises
one of the errors of ``games.errors`` with a message in the student's language that says what
was wrong and what is allowed. A check never changes anything, so a caller runs its checks
first and changes its state only once they have all passed.
"""

import math
import numbers

import numpy as np

from ..errors import BadOptionError
from ..messages import get_language, tr


def whole_number(value, floats=False):
    """``value`` as an ``int`` when it is a whole number (Python or numpy, or a 0-d array), else None.

    True and False are not whole numbers here, though Python counts them as 1 and 0. With
    ``floats=True`` a float with a whole value counts too (6.0 is 6; 2.5 and nan are not).
    """
    if isinstance(value, np.ndarray) and value.shape == ():
        value = value.item()  # np.array(3) is how numpy sometimes hands back one number
    if isinstance(value, (bool, np.bool_)):
        return None
    if isinstance(value, numbers.Integral):
        return int(value)
    if floats and isinstance(value, numbers.Real) and math.isfinite(value) and float(value).is_integer():
        return int(value)
    return None


def whole_pair(value):
    """``value`` as two ints when it is a tuple or list of two whole numbers, else None."""
    if isinstance(value, (tuple, list)) and len(value) == 2:
        first, second = whole_number(value[0]), whole_number(value[1])
        if first is not None and second is not None:
            return first, second
    return None


def whole_option(name, value, low, high=None, means=None):
    """The option ``name=value`` as an int from ``low`` to ``high`` (no upper end when None).

    ``means`` (a ``tr(...)`` text) says in a few words what the number is for.
    """
    number = whole_number(value)
    if number is not None and low <= number and (high is None or number <= high):
        return number
    allowed = tr(en="a whole number ≥ {low}", ja="{low} 以上の整数", low=low) if high is None else \
        tr(en="a whole number from {low} to {high}", ja="{low} から {high} までの整数", low=low, high=high)
    meaning = _in_brackets(means)
    raise BadOptionError(tr(
        en="{name}={value!r} is not allowed: use {allowed}{meaning}.",
        ja="{name}={value!r} は使えません。{allowed}を指定してください{meaning}。",
        name=name, value=value, allowed=allowed, meaning=meaning))


def choice_option(name, value, choices, means=None):
    """The option ``name=value``, which must be one of the words ``choices`` (a str, not a look-alike)."""
    if isinstance(value, str) and value in choices:
        return value
    words = ", ".join(map(repr, choices))
    meaning = _in_brackets(means)
    raise BadOptionError(tr(
        en="{name}={value!r} is not an option: use one of {words}{meaning}.",
        ja="{name}={value!r} は使えません。{words} のどれかを指定してください{meaning}。",
        name=name, value=value, words=words, meaning=meaning))


def look_up(table, name, what, also=None):
    """``table[name]``, or an error that lists the names there are.

    ``what`` (a ``tr(...)`` text) names the kind of thing looked up, such as "game";
    ``also`` (a ``tr(...)`` text) names one more thing that is allowed instead of a name.
    """
    if isinstance(name, str) and name in table:
        return table[name]
    names = ", ".join(table)
    if also:
        names += tr(en=", or {also}", ja="、または{also}", also=also)
    raise BadOptionError(tr(
        en="There is no {kind} called {name!r}. Use one of: {names}.",
        ja="{name!r} という{kind}はありません。次のどれかを指定してください: {names}",
        kind=what, name=name, names=names))


def number_grid(grid, rows, cols, low, high, floats=False):
    """``grid`` (a list of rows or an array) as a flat list of ints, or None when it is not a
    ``rows`` × ``cols`` grid of whole numbers from ``low`` to ``high``.

    Ragged rows, strings and floats give None, never numpy's own error. With ``floats=True``
    floats with whole values count (an ``np.zeros`` board filled with 1.0 and 2.0); a grid
    that holds 1.5 still gives None (``first_fraction`` finds it, for the message).
    """
    try:
        array = np.asarray(grid)
    except (TypeError, ValueError):  # ragged rows: numpy cannot make a grid of them
        return None
    if array.shape != (rows, cols) or array.dtype == bool:
        return None
    if floats and np.issubdtype(array.dtype, np.floating):
        if first_fraction(array) is not None:
            return None
    elif not np.issubdtype(array.dtype, np.integer):
        return None
    if array.size and (array.min() < low or array.max() > high):
        return None
    return [int(v) for v in array.ravel()]


def first_fraction(grid):
    """``(row, col, value)`` of the first number of ``grid`` that is not whole (1.5, nan), else None."""
    try:
        array = np.asarray(grid)
    except (TypeError, ValueError):
        return None
    if array.ndim != 2 or not np.issubdtype(array.dtype, np.floating):
        return None
    for (row, col), value in np.ndenumerate(array):
        if not (math.isfinite(value) and float(value).is_integer()):
            return row, col, float(value)
    return None


def _in_brackets(text):
    """`` (text)`` in English, ``（text）`` in Japanese; nothing when there is no text."""
    if not text:
        return ""
    return f"（{text}）" if get_language() == "ja" else f" ({text})"


__all__ = ["choice_option", "first_fraction", "look_up", "number_grid", "whole_number", "whole_option",
           "whole_pair"]
