"""Game AI Lab: small games, agents that play them, and the tools to make agents learn.

>>> import games
>>> env = games.make("tictactoe")
>>> obs, info = env.reset(seed=0)
>>> obs, reward, terminated, truncated, info = env.step(4)

``games.play("tictactoe", games.agents.tictactoe.minimax_agent)`` shows a board to play on
by clicking (see ``help(games.play)``).

``games.save_agent(agent, "aiko.agent", name="Aiko", game="connectfour")`` writes an agent
to one file to hand in; ``games.load_agent(path)`` reads it back; ``games.tournament(game,
entrants)`` plays a class tournament (``help(games.tournament)``).

``games.plan("10")``, ``games.ask("10.lines")`` and ``games.reflect("10")``: a lesson's goal, its
questions and the reflection at its end (``help(games.plan)``).
"""

from . import agents, arena, checks
from .checks import hint, solution
from .envs import Env, list_games, make
from .errors import (ActionTypeError, AgentFileError, BadOptionError, GameOverError, GamesError, IllegalActionError,
                     debug)
from .interactive import play
from .learning_cycle import ask, plan, reflect
from .messages import get_language, set_language
from .progress import ProgressBar
from .render import Picture, replay
from .version import __version__  # noqa: F401 - games.__version__, as the agent files record it

__all__ = [
    "ActionTypeError", "AgentFileError", "BadOptionError", "Env", "GameOverError", "GamesError",
    "IllegalActionError", "Picture", "ProgressBar", "agents", "arena", "ask", "checks", "debug", "get_language", "hint",
    "list_games", "load_agent", "load_agents", "make", "plan", "play", "reflect", "replay", "save_agent",
    "set_language", "solution", "tournament",
]

#: names imported on first use, so that ``import games`` stays quick: name -> its module
LAZY = {"dqn": ".dqn", "save_agent": ".agent_files", "load_agent": ".agent_files", "load_agents": ".agent_files",
        "tournament": ".round_robin"}


def __getattr__(name):
    # `games.dqn` (the learning code), the agent files and the tournament are imported on first use.
    if name in LAZY:
        import importlib
        module = importlib.import_module(LAZY[name], __name__)
        return module if name == "dqn" else getattr(module, name)
    raise AttributeError(f"module 'games' has no attribute {name!r}")
