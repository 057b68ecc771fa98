"""Othello agents: the classic opponent of the 6 × 6 DQN exercise, a greedy agent, and
alpha-beta search with positional weights and mobility.

``classic_opponent`` — exactly how it decides (all random draws come from ``env.np_random``,
so a game reset with a seed replays the same choices)::

    1. If a corner is legal: draw u = env.np_random.random().
       If u < 0.9, play the legal corner that flips the most discs (ties: the lowest number).
    2. Otherwise (no corner, or u >= 0.9): draw v = env.np_random.random().
       If v < 0.8, play a move that flips the most discs; when several tie, draw
       env.np_random.integers(number tied) to pick one of them (in ascending order).
    3. Otherwise: draw env.np_random.integers(number of legal moves) and play that legal
       move (every legal move, corners and the greedy move included, equally likely).

    When pass is the only legal action it passes, with no draw.

``greedy_agent`` plays a move that flips the most discs (ties at random, as in step 2).

``AlphaBetaAgent(depth)`` searches ``depth`` moves ahead. A position is scored for the
player to move as::

    positional weights of my discs − of the opponent's  (corners are precious; the
    squares next to a corner give it away)
    + MOBILITY × (my legal moves − the opponent's legal moves)

and a finished game as ±(WIN + disc difference).
"""

from functools import lru_cache

import numpy as np

from .options import check_depth

MOBILITY = 5  # one more legal move than the opponent is worth this much
WIN = 10 ** 6


def corners(size):
    """The four corner squares of a ``size`` × ``size`` board."""
    last = size - 1
    return (0, last, last * size, last * size + last)


def flips_of(env, action):
    """How many discs ``action`` flips (the engine counts them without playing: ``env.flip_count``)."""
    return env.flip_count(action)


def most_flipping(env, actions):
    """The moves among ``actions`` that flip the most discs, ascending."""
    flips = {action: flips_of(env, action) for action in actions}
    best = max(flips.values())
    return [action for action in actions if flips[action] == best]


def classic_opponent(env):
    """The classic opponent of the 6 × 6 DQN exercise (see the module docstring for its draws)."""
    legal = env.legal_actions()
    if legal == [env.pass_action]:
        return env.pass_action
    rng = env.np_random
    legal_corners = [square for square in legal if square in corners(env.size)]
    if legal_corners and rng.random() < 0.9:
        return most_flipping(env, legal_corners)[0]
    if rng.random() < 0.8:
        best = most_flipping(env, legal)
        return best[0] if len(best) == 1 else best[int(rng.integers(len(best)))]
    return legal[int(rng.integers(len(legal)))]


def greedy_agent(env):
    """Play a move that flips the most discs; ties at random (``env.np_random``)."""
    legal = env.legal_actions()
    if legal == [env.pass_action]:
        return env.pass_action
    best = most_flipping(env, legal)
    return best[0] if len(best) == 1 else best[int(env.np_random.integers(len(best)))]


@lru_cache(maxsize=None)
def positional_weights(size):
    """A weight for every square: corners 100, the squares touching a corner -20 (on the edge)
    and -50 (the diagonal "X-square"), other edge squares 10, inner squares 1 (0 in the centre).
    """
    weights = np.ones((size, size), dtype=int)
    weights[0, :] = weights[-1, :] = weights[:, 0] = weights[:, -1] = 10
    half = size // 2
    weights[half - 1:half + 1, half - 1:half + 1] = 0  # the starting squares
    for row, col in ((0, 0), (0, size - 1), (size - 1, 0), (size - 1, size - 1)):
        d_row, d_col = (1 if row == 0 else -1), (1 if col == 0 else -1)
        weights[row, col] = 100
        weights[row + d_row, col] = weights[row, col + d_col] = -20
        weights[row + d_row, col + d_col] = -50
    return weights


@lru_cache(maxsize=None)
def weight_masks(size):
    """``[(weight, bitboard of the squares with that weight)]``: scoring is then a few bit counts."""
    weights = positional_weights(size).ravel()
    return [(int(w), sum(1 << square for square in np.flatnonzero(weights == w).tolist()))
            for w in np.unique(weights) if w != 0]


class AlphaBetaAgent:
    """Negamax search with alpha-beta pruning, ``depth`` moves deep (a pass counts as a move).

    It reads the bitboards ``env.discs`` and uses the engine's own move finder, so that a
    position is looked at in a few microseconds. Equally good moves: chosen at random
    with ``env.np_random`` (one draw, only when there is a tie).

    ``depth=4`` (the default) answers in about 0.05 s a move on 6 × 6.
    """

    def __init__(self, depth=4, mobility=MOBILITY):
        self.depth = check_depth(depth)
        self.mobility = mobility
        self.name = f"alphabeta{depth}"
        self.nodes = 0

    def __call__(self, env):
        legal = env.legal_actions()
        if legal == [env.pass_action]:
            return env.pass_action
        values = self.move_values(env)
        best = max(values.values())
        best_moves = [square for square in legal if values[square] == best]
        if len(best_moves) == 1:
            return best_moves[0]
        return best_moves[int(env.np_random.integers(len(best_moves)))]

    def move_values(self, env):
        """``{move: value}`` for the player to move. The best moves' values are exact; a worse
        move may get only an upper bound (that is what pruning saves)."""
        self.env = env  # for its move finder: env._find_moves(own, opp), env._find_flips(bit, own, opp)
        self.masks = weight_masks(env.size)
        self.order = sorted(range(env.size * env.size), key=lambda s: -positional_weights(env.size).ravel()[s])
        self.nodes = 0
        own, opp = env.discs[env.current_player], env.discs[1 - env.current_player]
        values, best = {}, -np.inf
        for square in self._ordered(env.legal_actions()):
            bit = 1 << square
            flips = env._find_flips(bit, own, opp)
            # a window just below the best so far: a move as good as the best gets its exact value
            values[square] = -self._negamax(opp ^ flips, own | bit | flips, self.depth - 1, -np.inf, -(best - 1))
            best = max(best, values[square])
        return values

    def _ordered(self, squares):
        rank = {square: i for i, square in enumerate(self.order)}
        return sorted(squares, key=rank.__getitem__)

    def score(self, own, opp, own_moves=None, opp_moves=None):
        """The value of a position for the owner of ``own`` (to move)."""
        env = self.env
        if own_moves is None:
            own_moves = env._find_moves(own, opp)
        if opp_moves is None:
            opp_moves = env._find_moves(opp, own)
        if not own_moves and not opp_moves:  # the game is over
            difference = own.bit_count() - opp.bit_count()
            return 0 if difference == 0 else (WIN + difference if difference > 0 else -WIN + difference)
        positional = sum(w * ((own & mask).bit_count() - (opp & mask).bit_count()) for w, mask in self.masks)
        return positional + self.mobility * (own_moves.bit_count() - opp_moves.bit_count())

    def _negamax(self, own, opp, depth, alpha, beta):
        """The value for the owner of ``own``, who is to move."""
        self.nodes += 1
        env = self.env
        moves = env._find_moves(own, opp)
        if depth == 0:
            return self.score(own, opp, own_moves=moves)
        if not moves:
            if not env._find_moves(opp, own):
                return self.score(own, opp, 0, 0)  # nobody can move: the game is over
            return -self._negamax(opp, own, depth - 1, -beta, -alpha)  # pass
        best = -np.inf
        for square in self.order:
            bit = 1 << square
            if not moves & bit:
                continue
            flips = env._find_flips(bit, own, opp)
            value = -self._negamax(opp ^ flips, own | bit | flips, depth - 1, -beta, -alpha)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break  # the opponent will never allow this: stop looking
        return best


alphabeta_agent = AlphaBetaAgent()  # depth 4

__all__ = ["AlphaBetaAgent", "alphabeta_agent", "classic_opponent", "corners", "flips_of", "greedy_agent",
           "most_flipping", "positional_weights"]
