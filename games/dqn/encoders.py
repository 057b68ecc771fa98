"""Encoders: turn a game position into the numbers a neural network reads.

A network wants a flat vector of floats, and it learns faster when each number means one
simple thing ("is there one of *my* discs here?"). So each game gets an encoder
``encode(env) -> 1-D float32 array`` made of *planes*: one 0/1 value per square for each
question asked about the board, laid end to end.

Two-player games are encoded **from the view of the player to move** ("my discs",
"the opponent's discs"), not as black / white. Then one network can play either side:
the position it sees always looks like "my turn".

====================  =======================================================  ==============
game                  planes                                                   size
====================  =======================================================  ==============
``tictactoe``         my marks, opponent's marks                                2 × 9 = 18
``connectfour``       my discs, opponent's discs, where a disc would land       3 × 42 = 126
``othello``           my discs, opponent's discs, my legal moves,               4 × 36 = 144
                      opponent's legal moves (the classic 4 planes)             (6 × 6)
``minesweeper``       hidden, then one plane per number 0 .. 8                  10 × 81 = 810
                                                                                (9 × 9)
``puyopuyo``          one plane per colour (12 × 6 each), then the pair to      76 × colours
                      place and the next pair (one-hot colour of each puyo)     = 304
====================  =======================================================  ==============

``encoder_for(game)`` returns the encoder of a game (by name); ``encode(env)`` picks it
from ``env.name``.

Besides the game's own encoder, ``DQNAgent(game, encoder=name)`` can read another one:
``"puyopuyo_lookahead"`` adds, to the Puyo Puyo planes, 5 hints for each of the 22
placements (legal? game over? puyos popped, chain length, how full the well gets): 414 numbers.

An ``AfterstateAgent`` reads the board *after* a move, with the encoder ``"<game>_board"``:
``"puyopuyo_board"`` is the colour planes and the pair to place next (4 × 72 + 2 × 4 = 296).

Symmetries
    A board turned or mirrored is the same game: a good move stays good on the turned
    board. ``symmetries(game, env)`` lists the turns and mirrors of a game, so that
    training can keep each transition once per symmetry (``augment=True``): the agent
    learns from several positions for the price of one game. Tic-tac-toe has 8 (4 turns,
    each mirrored or not); Connect Four 2 (left-right mirror: gravity has a direction);
    Othello the 4 that keep the official opening (turning it a quarter would give a
    position that cannot happen); the others none.
"""

from functools import lru_cache

import numpy as np

from ..agents.connectfour import window_cells, window_matrix, window_sums
from ..envs.values import look_up
from ..messages import tr


def _planes(*planes):
    """Lay 0/1 planes (bool arrays of any shape) end to end as one float32 vector."""
    return np.concatenate(planes, axis=None).astype(np.float32)  # axis=None: each plane flattened first


def mine_and_theirs(env):
    """Tic-tac-toe: my marks, then the opponent's (board values 1 and 2)."""
    board = np.asarray(env.board)
    me = env.current_player + 1  # 1 for player 0, 2 for player 1
    return _planes(board == me, board == 3 - me)


def connectfour_planes(env):
    """Connect Four: my discs, the opponent's discs, and the cells where a disc would land now."""
    board = np.asarray(env.board)
    me = env.current_player + 1
    landing = np.zeros(board.shape, dtype=bool)
    for column, height in enumerate(env.heights):
        if height < env.rows:
            landing[env.rows - 1 - height, column] = True  # row 0 is the top row
    return _planes(board == me, board == 3 - me, landing)


def threat_cells(board, mark, inarow=4):
    """The empty cells where a disc of ``mark`` would complete a line of ``inarow`` (a *threat*).

    A window (a line of ``inarow`` cells) holding ``inarow - 1`` discs of ``mark`` and nothing
    else has one empty cell: that cell is a threat. The window counts come from the agents'
    ``window_sums`` (one matrix product for all windows).
    """
    windows = window_matrix(board.shape[0], board.shape[1], inarow)
    sums = window_sums(board.reshape(1, -1), mark, inarow, windows)[0]
    threats = windows[:, sums == inarow - 1].sum(axis=1) > 0
    return threats.reshape(board.shape) & (board == 0)


def connectfour_threats(env):
    """Connect Four, with hints: the 3 planes of ``connectfour_planes``, then 3 hints per column.

    A *threat* is an empty cell that would complete four in a row. For each column, the hints
    say whether a drop there **wins** at once (it lands on my threat), **blocks** (it lands on
    the opponent's threat), or **gives a win away** (the opponent's threat is just above the
    landing cell: my disc would lift them onto it). Finding lines of four in a picture is hard
    for a small network; with these 3 × 7 numbers it learns *what to do* about them much sooner.
    """
    board = np.asarray(env.board)
    me = env.current_player + 1
    mine, theirs = threat_cells(board, me, env.inarow), threat_cells(board, 3 - me, env.inarow)
    hints = np.zeros((3, env.columns), dtype=np.float32)
    for column, height in enumerate(env.heights):
        if height < env.rows:
            row = env.rows - 1 - height  # the landing cell (row 0 is the top)
            hints[:, column] = mine[row, column], theirs[row, column], row > 0 and theirs[row - 1, column]
    return np.concatenate([connectfour_planes(env), hints.ravel()])


@lru_cache(maxsize=None)
def windows_of_cell(rows, columns, inarow):
    """For each cell, the windows that hold it, as an int array ``(cells, most windows of a cell)``; a cell
    in fewer windows is padded with the number of windows (one past the last window)."""
    windows = window_cells(rows, columns, inarow)
    holding = [np.flatnonzero((windows == cell).any(axis=1)) for cell in range(rows * columns)]
    table = np.full((rows * columns, max(map(len, holding))), len(windows))
    for cell, found in enumerate(holding):
        table[cell, :len(found)] = found
    return table


def connectfour_many(boards, marks, heights, rows, inarow=4, hints=True):
    """Many Connect Four positions at once, given as arrays: the numbers of ``connectfour_threats``
    (or of ``connectfour_planes`` with ``hints=False``), one row per position.

    ``boards``: ``(k, cells)``, row 0 on top (0 empty, 1 or 2 a disc); ``marks``: ``(k,)``, the
    mark (1 or 2) of the player to move; ``heights``: ``(k, columns)``, the discs in each column.
    A search encodes its hundreds of leaves with this in one go: a few numpy calls in all, instead
    of a few per position.
    """
    k, columns = heights.shape
    mine = boards == marks[:, None]
    theirs = (boards != 0) & ~mine
    position, column = np.nonzero(heights < rows)  # every open column of every position
    landing = (rows - 1 - heights[position, column]) * columns + column  # its landing cell
    landing_plane = np.zeros_like(mine)
    landing_plane[position, landing] = True
    planes = np.concatenate([mine, theirs, landing_plane], axis=1).astype(np.float32)
    if not hints:
        return planes
    windows = window_cells(rows, columns, inarow)  # (windows, inarow): the cells of every line
    # As window_sums: my disc counts 1, the opponent's inarow + 1, so one sum per window tells both counts.
    # (Gathering the cells of each window does fewer sums than a matrix product: it is faster in the site's numpy.)
    sums = (mine + (inarow + 1) * theirs.astype(np.int8))[:, windows].sum(axis=2)
    lines = np.concatenate([sums == inarow - 1, sums == (inarow - 1) * (inarow + 1)])  # mine, then theirs
    lines = np.pad(lines, ((0, 0), (0, 1)))  # an extra window, never a line: windows_of_cell's padding
    threats = lines[:, windows_of_cell(rows, columns, inarow)].any(axis=2) & np.tile(boards == 0, (2, 1))
    my_threats, their_threats = threats[:k], threats[k:]
    found = np.zeros((k, 3, columns), dtype=np.float32)  # win, block, give away: as in connectfour_threats
    found[position, 0, column] = my_threats[position, landing]
    found[position, 1, column] = their_threats[position, landing]
    above = landing - columns  # the cell above the landing cell (none on the top row)
    found[position, 2, column] = (above >= 0) & their_threats[position, np.maximum(above, 0)]
    return np.concatenate([planes, found.reshape(k, 3 * columns)], axis=1)


def _bits(bitboard, squares):
    """A bitboard (an int, bit i = square i) as a bool array of ``squares`` values."""
    data = np.frombuffer(bitboard.to_bytes(squares // 8 + 1, "little"), dtype=np.uint8)
    return np.unpackbits(data, count=squares, bitorder="little").view(bool)


def othello_planes(env):
    """Othello: my discs, the opponent's discs, my legal moves, the opponent's legal moves."""
    squares = env.size * env.size
    me = env.current_player
    mine, theirs = env.discs[me], env.discs[1 - me]
    # The engine's own move finder (bitboards) answers "where could each side play?" at once.
    my_moves = env._find_moves(mine, theirs) if not env.terminated else 0
    their_moves = env._find_moves(theirs, mine) if not env.terminated else 0
    return _planes(_bits(mine, squares), _bits(theirs, squares),
                   _bits(my_moves, squares), _bits(their_moves, squares))


def minesweeper_planes(env):
    """Minesweeper: a plane of hidden cells, then one plane for each number 0 .. 8."""
    board = np.asarray(env.board)
    hidden = (board < 0) | (board > 8)  # a mine (9) is only shown once the game is over
    return _planes(hidden, *(board == number for number in range(9)))


def _puyo_planes(env, pairs):
    """One plane per colour of the well (12 × 6 each), then each puyo of ``pairs``, one-hot by colour."""
    board = np.asarray(env.board)
    colours = range(1, env.colours + 1)
    puyos = np.array([puyo for pair in pairs for puyo in pair])
    return _planes(*(board == colour for colour in colours), puyos[:, None] == np.array(colours))


def puyopuyo_planes(env):
    """Puyo Puyo: one plane per colour, then the current pair and the next pair, one-hot."""
    return _puyo_planes(env, [env.pair, env.next_pairs[0]])


def puyopuyo_board(env):
    """Puyo Puyo, the board after a placement (read by the ``AfterstateAgent``): one plane per colour,
    then the pair to place next, one-hot (the player already sees it)."""
    return _puyo_planes(env, [env.pair])


def puyopuyo_lookahead(env):
    """Puyo Puyo, with hints: the planes of ``puyopuyo_planes``, then what each of the 22 placements would do.

    For each placement (tried on a copy of the game): is it legal, does it end the game,
    how many puyos it pops (/ 10), how long a chain it sets off (/ 4), and how full the well
    is afterwards (share of the 72 cells). Seeing groups of four in a picture of the board is
    hard for a small network; with these numbers it can learn *what to want* instead.
    """
    hints = np.zeros((env.num_actions, 5), dtype=np.float32)
    if not env.terminated:
        for action in env.legal_actions():
            after = env.clone()
            _, _, ended, _, info = after.step(action)
            popped = sum(step["cleared"] for step in info["chain_steps"])
            well = np.asarray(after.board)
            hints[action] = (1.0, ended, popped / 10, info["chain"] / 4, np.count_nonzero(well) / well.size)
    return np.concatenate([puyopuyo_planes(env), hints.T.ravel()])


ENCODERS = {
    "tictactoe": mine_and_theirs,
    "connectfour": connectfour_planes,
    "othello": othello_planes,
    "minesweeper": minesweeper_planes,
    "puyopuyo": puyopuyo_planes,
    "connectfour_threats": connectfour_threats,  # not a game: an encoder to choose with DQNAgent(encoder=...)
    "puyopuyo_lookahead": puyopuyo_lookahead,  # not a game: an encoder to choose with DQNAgent(encoder=...)
    "puyopuyo_board": puyopuyo_board,  # not a game: the board after a move, for AfterstateAgent("puyopuyo")
}


#: The encoders that also read many positions given as arrays (``connectfour_many``): ``SearchAgent`` uses them.
MANY_ENCODERS = {
    "connectfour": lambda boards, marks, heights, rows, inarow: connectfour_many(
        boards, marks, heights, rows, inarow, hints=False),
    "connectfour_threats": connectfour_many,
}


def encoder_for(game):
    """The encoder of the game called ``game`` (a name such as ``"othello"``), or the encoder of that name."""
    return look_up(ENCODERS, game, what=tr(en="encoder", ja="エンコーダー"))


def encode(env):
    """The position of ``env`` as a network input (the encoder is chosen by ``env.name``)."""
    return encoder_for(env.name)(env)


# ------------------------------------------------------------------ symmetries
def _grids(game, env):
    """The symmetries of the game's grid, each as an array ``src``: turned[i] = board[src[i]]."""
    if game == "tictactoe":
        grid = np.arange(9).reshape(3, 3)
        turned = [np.rot90(grid, k) for k in range(4)]
        return turned + [t.T for t in turned]  # the 4 turns, and each mirrored across a diagonal
    if game == "connectfour":
        grid = np.arange(env.rows * env.columns).reshape(env.rows, env.columns)
        return [grid, grid[:, ::-1]]
    if game == "othello":
        grid = np.arange(env.size * env.size).reshape(env.size, env.size)
        return [grid, grid.T, grid[::-1, ::-1], grid[::-1, ::-1].T]
    return []


def symmetries(game, env, state_size=None):
    """``[(state_src, action_src), ...]`` for each symmetry of ``game`` (the first is "unchanged").

    Turned state = ``state[state_src]``; turned legal-action mask = ``mask[action_src]``;
    an action ``a`` becomes ``argsort(action_src)[a]``. Every plane of the encoding is
    turned the same way; actions that are not squares (Othello's pass) stay as they are.
    """
    state_size = state_size or len(encoder_for(game)(env))  # another encoder: give its size
    grids = _grids(game, env)
    if not grids:
        return [(np.arange(state_size), np.arange(env.num_actions))]
    found = []
    for grid in grids:
        src, cells = grid.ravel(), grid.size
        whole = state_size // cells
        state_src = np.concatenate([src + plane * cells for plane in range(whole)])
        if game == "connectfour":  # actions are columns: the mirrored top row
            action_src = grid[0] % grid.shape[1]
            if state_size > whole * cells:  # after the planes, numbers per column (hints): mirrored too
                extra = np.arange(whole * cells, state_size).reshape(-1, grid.shape[1])
                state_src = np.concatenate([state_src, extra[:, action_src].ravel()])
        else:  # actions are squares, then perhaps actions that are not (a pass)
            action_src = np.concatenate([src, np.arange(cells, env.num_actions)])
        found.append((state_src, action_src))
    return found
