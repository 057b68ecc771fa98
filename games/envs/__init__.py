"""The games, and ``make`` / ``list_games`` to create them by name."""

import importlib

from ..errors import BadOptionError
from ..messages import tr
from .base import Env, shown_options
from .values import look_up

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
    module_name, class_name = look_up(GAMES, name, what=tr(en="game", ja="ゲーム"))
    module = importlib.import_module(f"{__name__}.{module_name}")
    return getattr(module, class_name)


def make(name, *unnamed, **options):
    """Create the game ``name`` (see ``list_games()``) with its options, given by name.

    Example: ``env = games.make("connectfour", rows=6, columns=7)``.
    ``help(games.make("othello"))`` explains the game, its actions and its options.
    """
    game = game_class(name)
    if unnamed:  # games.make("othello", 8): which option is 8 meant for?
        raise BadOptionError(tr(
            en="Give {game}'s options by name, such as games.make({game!r}, {example}=...); "
               "you gave {values} without a name. Its options are: {allowed}.",
            ja="{game} のオプションは games.make({game!r}, {example}=...) のように名前をつけて渡してください。"
               "名前のない値: {values}。使えるオプション: {allowed}",
            game=name, example=shown_options(game)[0], values=", ".join(map(repr, unnamed)),
            allowed=", ".join(shown_options(game))))
    return game(**options)


__all__ = ["Env", "GAMES", "list_games", "make", "game_class"]
