"""The names of the two sides of each two-player game, as its board shows them.

Captions, replays and the click-to-play boards all name a side with ``side_name``: "red"
and "yellow" in Connect Four, "black" and "white" in Othello, X and O in tic-tac-toe, in
the student's language. Only a game without names here falls back to "player 0".
"""

from ..messages import tr

# game -> ((English, Japanese) of player 0, (English, Japanese) of player 1)
SIDES = {
    "tictactoe": (("X", "X"), ("O", "O")),
    "connectfour": (("red", "赤"), ("yellow", "黄")),
    "othello": (("black", "黒"), ("white", "白")),
}


def side_name(game, player):
    """The name of ``player`` (0 or 1) of ``game`` (a game name), in the student's language."""
    names = SIDES.get(game)
    if names is None or player not in (0, 1):
        return tr(en="player {p}", ja="プレイヤー {p}", p=player)
    english, japanese = names[player]
    return tr(en=english, ja=japanese)


__all__ = ["SIDES", "side_name"]
