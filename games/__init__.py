"""Game AI Lab: small games, agents that play them, and the tools to make agents learn.

>>> import games
>>> env = games.make("tictactoe")
>>> obs, info = env.reset(seed=0)
>>> obs, reward, terminated, truncated, info = env.step(4)

``games.play("tictactoe", games.agents.tictactoe.minimax_agent)`` shows a board to play on
by clicking (see ``help(games.play)``).
"""

from . import agents, arena, checks
from .checks import hint, solution
from .envs import Env, list_games, make
from .errors import ActionTypeError, BadOptionError, GameOverError, GamesError, IllegalActionError, debug
from .interactive import play
from .messages import get_language, set_language
from .progress import ProgressBar
from .render import Picture, replay

__version__ = "0.1.0"

__all__ = [
    "ActionTypeError", "BadOptionError", "Env", "GameOverError", "GamesError",
    "IllegalActionError", "Picture", "ProgressBar", "agents", "arena", "checks", "debug", "get_language", "hint",
    "list_games", "make", "play", "replay", "set_language", "solution",
]


def __getattr__(name):
    # `games.dqn` (the learning code) is imported on first use, so `import games` stays quick.
    if name == "dqn":
        import importlib
        return importlib.import_module(".dqn", __name__)
    raise AttributeError(f"module 'games' has no attribute {name!r}")
