"""Drawing boards as pictures (SVG) and replaying games as animations.

The rules never draw: each game's ``_picture()`` calls its drawer here.
"""

from . import chart
from .picture import Picture
from .replay import Replay, replay

__all__ = ["Picture", "Replay", "chart", "replay"]
