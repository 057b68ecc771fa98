"""Checks of the options agents take, with messages in the student's language."""

import numbers

from ..errors import BadOptionError
from ..messages import tr


def check_depth(depth):
    """``depth`` must be a whole number >= 1 (how many moves a search looks ahead)."""
    if not isinstance(depth, numbers.Integral) or isinstance(depth, bool) or depth < 1:
        raise BadOptionError(tr(
            en="depth={value!r} is not allowed: use a whole number ≥ 1 (how many moves to look ahead).",
            ja="depth={value!r} は使えません。何手先まで読むかを 1 以上の整数で指定してください。",
            value=depth))
    return int(depth)
