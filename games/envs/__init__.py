"""The games, and ``make`` / ``list_games`` to create them by name."""

import importlib

from ..errors import BadOptionError
from ..messages import tr
from .base import Env

# name -> (module, class). Modules load on first use, so `import games` stays quick.
GAMES = {
    "tictactoe": ("tictactoe", "TicTacToe"),
    "connectfour": ("connectfour", "ConnectFour"),
    "othello": ("othello", "Othello"),
    "minesweeper": ("minesweeper", "Minesweeper"),
    "puyopuyo": ("puyopuyo", "PuyoPuyo"),
}


def list_games():
    """The names ``make`` accepts."""
    return list(GAMES)


def game_class(name):
    """The class of the game called ``name`` (for ``help()``)."""
    if not isinstance(name, str) or name not in GAMES:
        raise BadOptionError(tr(
            en="There is no game called {name!r}. Games: {names}.",
            ja="{name!r} というゲームはありません。ゲーム一覧: {names}",
            name=name, names=", ".join(GAMES)))
    module_name, class_name = GAMES[name]
    module = importlib.import_module(f"{__name__}.{module_name}")
    return getattr(module, class_name)


def make(name, **options):
    """Create the game ``name`` (see ``list_games()``) with its options.

    Example: ``env = games.make("connectfour", rows=6, columns=7)``.
    ``help(games.make("othello"))`` explains the game, its actions and its options.
    """
    return game_class(name)(**options)


__all__ = ["Env", "GAMES", "list_games", "make", "game_class"]
