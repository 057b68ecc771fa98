"""Searching many positions at once: the full-width search of ``SearchAgent``, depth by depth, with arrays.

``SearchAgent`` looks ``depth`` moves ahead and lets its network judge the positions where
it stops. Written as a tree of ``env.clone()``, every position costs a copy of the game and
a few Python calls; a depth-3 search of Othello has about 500 leaves, so that tree is many
times slower than the hand-written alpha-beta of lesson 32. Here the same search is done
with numpy arrays instead, one row per position:

1. **Down.** Start from the position of the game. At each depth, make every child of every
   position in one go (every legal move of every row), find the children where the game is
   over (their value is known: +1 won, -1 lost, 0 drawn, for the player who moved), and keep
   the others for the next depth.
2. **The leaves.** The last depth's positions are encoded together and read by the network
   in one batch (``SearchAgent._network_values``: the largest Q-value of the legal moves, for the
   player to move).
3. **Up.** Negamax, depth by depth: a move's value is minus the opponent's best value after
   it, times ``gamma``.

A depth's values are an array ``(positions × moves)``: child ``i * num_actions + a`` is
position ``i`` after action ``a`` (nan: an illegal move). These are the same values as the
tree of ``env.clone()`` (tests check it), found with a few hundred numpy calls in all,
whatever the number of positions.

``connectfour_levels`` and ``othello_levels`` do step 1 for one game each and encode the
leaves; the agent's network does step 2; ``back_up`` does step 3 for both.
"""

from functools import lru_cache, partial

import numpy as np

from ..agents.connectfour import window_cells
from ..envs.othello import Othello
from .encoders import MANY_ENCODERS


def levels_for(game, encoder=None):
    """``levels(env, depth) -> (levels, leaf states, leaf masks)`` for a game searched with arrays, or None.

    The leaves are encoded as the agent's network reads them: the game's own encoder (or, for
    Connect Four, ``"connectfour_threats"``); any other encoder is searched with the tree.
    """
    if game == "connectfour" and (encoder or game) in MANY_ENCODERS:
        return partial(connectfour_levels, encode_many=MANY_ENCODERS[encoder or game])
    if game == "othello" and (encoder or game) == "othello":
        return othello_levels
    return None


def back_up(levels, leaf_values, gamma, num_actions):
    """Negamax, depth by depth: the search value of every move at the root (nan: illegal).

    ``levels`` holds, for each depth, ``(values, further)``: the value of each child (known where
    the game ended, else nan) and the children searched further, in the order of the next
    depth's positions; ``leaf_values`` are the network's values of the last depth's positions.
    """
    later = leaf_values
    for values, further in reversed(levels):
        values[further] = gamma * -later  # my value is minus the opponent's best, a move later
        later = np.nanmax(values.reshape(-1, num_actions), axis=1) if len(values) else np.zeros(0)
    return values


# ------------------------------------------------------------------ Connect Four
def connectfour_levels(env, depth, encode_many=MANY_ENCODERS["connectfour"]):
    """Connect Four's children, depth by depth: ``(levels, leaf states, leaf masks)`` (see ``back_up``).

    A position is a row of ``boards`` (cells, row 0 on top) and of ``heights`` (discs per
    column). Each depth drops a disc in every column of every position, finds the games that
    end (a line of four, a full board), and keeps the others.
    """
    rows, columns = env.rows, env.columns
    windows = window_cells(rows, columns, env.inarow)  # the cells of every line of four
    boards, heights = env.board.reshape(1, -1), np.array([env.heights])
    mark = env.current_player + 1  # the disc of the player to move: 1 or 2
    levels = []
    for _ in range(depth):
        # child number i * columns + c: position i with a disc dropped in column c
        children, child_heights = np.repeat(boards, columns, axis=0), np.repeat(heights, columns, axis=0)
        column = np.arange(len(children)) % columns
        legal = np.flatnonzero(child_heights[np.arange(len(children)), column] < rows)
        column = column[legal]
        children[legal, (rows - 1 - child_heights[legal, column]) * columns + column] = mark
        child_heights[legal, column] += 1
        won = (children[legal] == mark)[:, windows].all(axis=2).any(axis=1)  # a window all mine: I won
        full = child_heights[legal].sum(axis=1) == rows * columns  # no line and a full board: a draw
        values = np.full(len(children), np.nan)  # nan: an illegal move
        values[legal[full]], values[legal[won]] = 0.0, 1.0  # (a line on the last cell is a win: set last)
        further = legal[~won & ~full]  # legal, and the game goes on
        levels.append((values, further))
        boards, heights, mark = children[further], child_heights[further], 3 - mark
    states = encode_many(boards, np.full(len(boards), mark), heights, rows, env.inarow)
    return levels, states, heights < rows


# ------------------------------------------------------------------ Othello
@lru_cache(maxsize=None)
def othello_lines(size):
    """The engine's bitboard directions as arrays: ``(shifts, squares a line may jump over, all squares)``.

    Taken from ``envs.othello.Othello`` itself (its ``_directions``), so that the two cannot differ: a shift
    by 1 moves a disc one column, by ``size`` one row; lines sideways or diagonal jump only over discs of
    the inner columns (no wrapping round an edge).
    """
    engine = Othello(size=size)
    shifts, jumpable = zip(*engine._directions)
    return (np.array(shifts, dtype=np.uint64)[:, None], np.array(jumpable, dtype=np.uint64)[:, None],
            np.uint64(engine._full))


def othello_moves(own, opp, size):
    """The legal squares (a bitboard) of the owner of ``own``, for many positions at once (uint64 arrays).

    The engine's ``_find_moves`` with arrays: the 4 directions are the 4 rows of one array, and
    a run of opponent discs is at most ``size - 2`` long, so that many steps always finish it.
    """
    shifts, jumpable, full = othello_lines(size)
    line_opp = opp & jumpable  # (4, positions)
    moves = np.zeros_like(line_opp)
    for shift in (np.left_shift, np.right_shift):  # both ways along each direction
        run = line_opp & shift(own, shifts)
        for _ in range(size - 2):
            run = shift(run, shifts)
            moves |= run
            run &= line_opp
    return np.bitwise_or.reduce(moves, axis=0) & ~(own | opp) & full


def othello_both_moves(own, opp, size):
    """``(the moves of own's owner, the moves of opp's owner)``: ``othello_moves`` both ways, in one call (faster)."""
    both = othello_moves(np.concatenate([own, opp]), np.concatenate([opp, own]), size)
    return both[:len(own)], both[len(own):]


def othello_flips(square_bits, own, opp, size):
    """The opponent discs flipped by a disc on each of ``square_bits`` (the engine's ``_find_flips``, with arrays)."""
    shifts, jumpable, _ = othello_lines(size)
    line_opp = opp & jumpable
    flips = np.zeros_like(line_opp)
    for shift in (np.left_shift, np.right_shift):
        step, run = line_opp & shift(square_bits, shifts), np.zeros_like(line_opp)
        for _ in range(size - 2):
            run |= step
            step = shift(step, shifts)
            flips |= run * ((step & own) != 0)  # the run is closed by one of my discs: it flips
            step &= line_opp
    return np.bitwise_or.reduce(flips, axis=0)


def othello_bits(bitboards, squares):
    """Bitboards ``(..., )`` uint64 as bool arrays ``(..., squares)``: bit i is square i."""
    data = np.ascontiguousarray(bitboards, dtype="<u8")
    return np.unpackbits(data.view(np.uint8).reshape(*data.shape, 8), axis=-1, bitorder="little")[..., :squares]


def othello_levels(env, depth):
    """Othello's children, depth by depth: ``(levels, leaf states, leaf masks)`` (see ``back_up``).

    A position is ``(own, opp)``: the bitboards of the player to move and of the other, as uint64.
    Each depth plays every legal square of every position, or the pass where there is none.
    """
    size, squares, pass_action = env.size, env.size * env.size, env.pass_action
    own = np.array([env.discs[env.current_player]], dtype=np.uint64)
    opp = np.array([env.discs[1 - env.current_player]], dtype=np.uint64)
    moves, levels = othello_moves(own, opp, size), []
    for _ in range(depth):
        parent, square = np.nonzero(othello_bits(moves, squares))  # every legal square of every position
        passing = np.flatnonzero(moves == 0)  # no square: the only move is the pass
        square_bits = np.left_shift(np.uint64(1), square.astype(np.uint64))
        flips = othello_flips(square_bits, own[parent], opp[parent], size)
        # The child's player to move is the opponent: (own, opp) of the child = (their discs, mine).
        new_own = np.concatenate([opp[parent] ^ flips, opp[passing]])
        new_opp = np.concatenate([own[parent] | square_bits | flips, own[passing]])
        child = np.concatenate([parent * env.num_actions + square, passing * env.num_actions + pass_action])
        moves, other = othello_both_moves(new_own, new_opp, size)
        over = (moves == 0) & (other == 0)  # nobody can move: the game is over
        lead = np.bitwise_count(new_opp[over]).astype(int) - np.bitwise_count(new_own[over])  # the mover's
        values = np.full(len(own) * env.num_actions, np.nan)  # nan: an illegal move
        values[child[over]] = np.sign(lead)
        levels.append((values, child[~over]))
        own, opp, moves, other = new_own[~over], new_opp[~over], moves[~over], other[~over]
    return (levels, *othello_many(own, opp, moves, other, squares))


def othello_many(own, opp, moves, other, squares):
    """The 4 planes of ``encoders.othello_planes`` and the legal-move masks of many positions at once."""
    planes = othello_bits(np.stack([own, opp, moves, other], axis=1), squares)  # (positions, 4, squares)
    masks = np.concatenate([planes[:, 2], (moves == 0)[:, None]], axis=1).astype(bool)  # then the pass
    return planes.reshape(len(own), 4 * squares).astype(np.float32), masks
