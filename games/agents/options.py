"""Checks of the options agents take, with messages in the student's language."""

from ..envs.values import whole_option
from ..messages import tr


def check_depth(depth):
    """``depth`` must be a whole number >= 1 (how many moves a search looks ahead)."""
    return whole_option("depth", depth, 1, means=tr(en="how many moves to look ahead", ja="何手先まで読むか"))
