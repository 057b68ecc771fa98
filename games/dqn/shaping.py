"""Reward shaping: extra hints for learning, computed by the learner from the board.

Some games give rewards too rarely for a small network to learn from them in a few
minutes. In Puyo Puyo the score comes only when puyos pop, and nothing at all says "the
well is filling up": a game is simply over when the spawn column is full.

*Potential-based shaping* adds, to the reward of each move::

    gamma × potential(position after the move) − potential(position before)

where ``potential(env)`` is a number saying how good a position looks (here: few puyos in
the well). Summed over a game these hints cancel out except for the first and the last
position, so they guide learning more than they change the goal (the last position counts:
ending with a full well costs). The game's own
rewards (the score) are not changed, and the learning curve still shows them.

Turn it on with ``DQNAgent(game, shaping="puyopuyo_room")`` (a name from ``POTENTIALS``)
or with your own function ``shaping=my_potential``.
"""

import numpy as np

from ..envs.values import look_up
from ..messages import tr


def puyopuyo_room(env):
    """Puyo Puyo: minus the share of the well that is filled (0 empty well, -1 full well)."""
    board = np.asarray(env.board)
    return -np.count_nonzero(board) / board.size


POTENTIALS = {"puyopuyo_room": puyopuyo_room}


def potential_for(shaping):
    """The potential function given by ``shaping``: a function, a name in ``POTENTIALS``, or None."""
    if shaping is None or callable(shaping):
        return shaping
    return look_up(POTENTIALS, shaping, what=tr(en="shaping", ja="報酬シェーピング（shaping）"), also=tr(
        en="a function potential(env) -> number", ja="関数 potential(env) -> 数"))
