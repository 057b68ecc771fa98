"""Connect Four agents: the classic one-step lookahead, and alpha-beta search.

The classic heuristic
    Look at every *window*: every run of ``inarow`` cells in a line (across, up-down or
    diagonal; a 6 × 7 board has 69 windows of four). For the player ``me``::

        score = threes − 100 × opponent threes + 1,000,000 × fours

    - a *three* is a window with ``inarow − 1`` of my discs and one empty cell
      (one move from a line: 3 discs and 1 empty with the usual ``inarow = 4``);
    - an *opponent three* is the same with the opponent's discs;
    - a *four* is a window full of my discs (a line: I have won).

    ``one_step_agent`` tries every column, scores the board after its disc falls, and
    plays the best; equal scores are broken at random with ``env.np_random`` (one draw
    of ``integers(number of best columns)`` per move, none when one column is best).

Why it is fast
    The windows are computed once per board size (``window_cells``, ``window_matrix``).
    Then every window of every candidate board is counted at once by numpy, instead of
    Python loops over rows and columns (see ``bench/connectfour_heuristic.py`` for how
    much faster it is).

``AlphaBetaAgent(depth)`` looks ``depth`` moves ahead (its moves and the opponent's
replies), scores the boards at the end with the same heuristic from its own view,
and skips branches that cannot change the choice (alpha-beta pruning).
"""

from functools import lru_cache

import numpy as np

from .options import check_depth

THREE_PENALTY = 100  # an opponent three costs 100 of my threes
FOUR_BONUS = 10 ** 6  # a line of my own beats everything else
WIN = 10 ** 9  # the value of a won game in the search (bigger than any heuristic score)


@lru_cache(maxsize=None)
def window_cells(rows, columns, inarow):
    """Every window of ``inarow`` cells, as an int array of shape ``(windows, inarow)``.

    A cell is numbered ``row * columns + col`` (row 0 at the top, as in ``env.board``).
    """
    windows = []
    for row in range(rows):
        for col in range(columns):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):  # across, down, two diagonals
                end_row, end_col = row + d_row * (inarow - 1), col + d_col * (inarow - 1)
                if 0 <= end_row < rows and 0 <= end_col < columns:
                    windows.append([(row + d_row * k) * columns + col + d_col * k for k in range(inarow)])
    return np.array(windows, dtype=np.intp).reshape(-1, inarow)


@lru_cache(maxsize=None)
def window_matrix(rows, columns, inarow):
    """A 0/1 matrix of shape ``(cells, windows)``: entry ``[cell, w]`` is 1 when window ``w`` holds ``cell``."""
    windows = window_cells(rows, columns, inarow)
    matrix = np.zeros((rows * columns, len(windows)))
    for w, cells in enumerate(windows):
        matrix[cells, w] = 1.0
    return matrix


def window_sums(boards, me, inarow, matrix):
    """For each board and window, ``mine + (inarow + 1) × theirs``: an int array ``(k, windows)``.

    ``boards`` has shape ``(k, cells)`` (0 empty, 1 player 0, 2 player 1); ``me`` is 1 or 2;
    ``matrix`` is ``window_matrix(rows, columns, inarow)``.
    """
    # Give my disc the value 1 and the opponent's disc inarow + 1: then a window's sum
    # tells exactly how many of each it holds (there are at most inarow of each).
    value = np.zeros(3)
    value[me], value[3 - me] = 1.0, inarow + 1.0
    # All the sums at once: one matrix product (small whole numbers are exact in floats).
    return (value[boards] @ matrix).astype(np.intp)


def count_windows(boards, me, inarow, matrix):
    """Count the windows of each board: ``(threes, opponent threes, fours, opponent fours)``."""
    sums = window_sums(boards, me, inarow, matrix)
    threes = (sums == inarow - 1).sum(axis=1)  # inarow - 1 of mine, the rest (one cell) empty
    opponent_threes = (sums == (inarow - 1) * (inarow + 1)).sum(axis=1)
    fours = (sums == inarow).sum(axis=1)
    opponent_fours = (sums == inarow * (inarow + 1)).sum(axis=1)
    return threes, opponent_threes, fours, opponent_fours


@lru_cache(maxsize=None)
def score_of_sum(inarow):
    """What a window adds to the classic score, by its ``window_sums`` value."""
    table = np.zeros(inarow * (inarow + 1) + 1, dtype=np.int64)
    table[inarow - 1] = 1  # a three of mine
    table[(inarow - 1) * (inarow + 1)] = -THREE_PENALTY  # an opponent three
    table[inarow] = FOUR_BONUS  # a four of mine
    return table


def heuristic_scores(boards, me, inarow, matrix):
    """The classic score of each board in ``boards`` (shape ``(k, cells)``) for ``me``."""
    # one table look-up and one sum instead of three comparisons and three sums
    return score_of_sum(inarow)[window_sums(boards, me, inarow, matrix)].sum(axis=1)


def heuristic(board, me, inarow=4):
    """The classic score of one board (a 2-D array like ``env.board``) for ``me`` (1 or 2)."""
    board = np.asarray(board)
    matrix = window_matrix(board.shape[0], board.shape[1], inarow)
    return int(heuristic_scores(board.reshape(1, -1), me, inarow, matrix)[0])


def boards_after_each_move(board, heights, columns, mark):
    """``(len(columns), cells)`` boards: ``board`` (flat) with ``mark`` dropped in each column."""
    rows, width = len(board) // len(heights), len(heights)
    cells = [(rows - 1 - heights[c]) * width + c for c in columns]
    boards = np.repeat(board[None, :], len(columns), axis=0)
    boards[np.arange(len(columns)), cells] = mark
    return boards


def one_step_agent(env):
    """Play the column whose resulting board has the best classic score (ties: at random)."""
    me = env.current_player + 1
    columns = env.legal_actions()
    boards = boards_after_each_move(env.board.ravel(), env.heights, columns, me)
    scores = heuristic_scores(boards, me, env.inarow, window_matrix(env.rows, env.columns, env.inarow))
    best = np.flatnonzero(scores == scores.max())
    if len(best) == 1:
        return columns[best[0]]
    return columns[best[int(env.np_random.integers(len(best)))]]


class SearchTooLong(Exception):
    """The search has looked at more boards than its budget allows."""


class AlphaBetaAgent:
    """Look ``depth`` moves ahead with minimax and alpha-beta pruning.

    The boards at the end of the look-ahead are scored with the classic heuristic from
    this agent's view; a won game is worth ``±(WIN + moves left to search)`` so that a
    quicker win (and a later loss) is preferred. Equally good moves are chosen at random
    with ``env.np_random`` (one draw per move, only when there is a tie).

    ``depth=6`` (the default) takes about 0.03 s a move on average on a 6 × 7 board here
    (CPU time); each extra move of depth costs about 3 to 4 times more. In the rare
    positions where pruning works badly and the search would look at more than
    ``max_nodes`` boards (about 0.3 s), it stops and looks ``depth − 2`` moves ahead
    instead, so that no move takes long (``shallower_moves`` counts how often).
    """

    def __init__(self, depth=6, max_nodes=100_000):
        self.depth = check_depth(depth)
        self.max_nodes = max_nodes
        self.name = f"alphabeta{depth}"
        self.nodes = 0  # boards looked at in the last move (for curiosity and benchmarks)
        self.shallower_moves = 0

    def __call__(self, env):
        self.me = env.current_player + 1
        self.inarow = env.inarow
        self.matrix = window_matrix(env.rows, env.columns, env.inarow)
        columns = env.legal_actions()
        try:
            values = self._root_values(env.board.ravel().copy(), list(env.heights), columns, self.depth)
        except SearchTooLong:  # (the board copy was left half-played: start again from env)
            self.shallower_moves += 1
            values = self._root_values(env.board.ravel().copy(), list(env.heights), columns,
                                       max(1, self.depth - 2), budget=False)
        best = max(values.values())
        best_columns = [c for c in columns if values[c] == best]
        if len(best_columns) == 1:
            return best_columns[0]
        return best_columns[int(env.np_random.integers(len(best_columns)))]

    def _root_values(self, board, heights, columns, depth, budget=True):
        """``{column: value}``: exact for the best columns (ties must be seen exactly to be broken
        fairly); a worse column may get only an upper bound (that is what pruning saves)."""
        self.nodes, self.budget = 0, self.max_nodes if budget else None
        values, best = {}, -np.inf
        for column, value in self._ordered(board, heights, columns, self.me, depth):
            if value is None:
                # a window just below the best so far: a move as good as the best gets its exact value
                value = self._play_and_search(board, heights, column, self.me, depth, best - 1, np.inf)
            values[column] = value
            best = max(best, value)
        return values

    def _ordered(self, board, heights, columns, mark, depth):
        """Each move with its value if the game ends there or the search stops there, else None;
        the most promising moves first (so that alpha-beta prunes more)."""
        self.nodes += len(columns)
        if self.budget is not None and self.nodes > self.budget:
            raise SearchTooLong
        children = boards_after_each_move(board, heights, columns, mark)
        sums = window_sums(children, self.me, self.inarow, self.matrix)
        scores = score_of_sum(self.inarow)[sums].sum(axis=1).tolist()
        mine = (sums == self.inarow).any(axis=1).tolist()  # a line of mine: I have won
        theirs = (sums == self.inarow * (self.inarow + 1)).any(axis=1).tolist()
        board_full = sum(heights) + 1 == len(board)
        moves = []
        for i, column in enumerate(columns):
            if mine[i]:
                value = WIN + depth
            elif theirs[i]:
                value = -WIN - depth
            elif depth == 1:
                value = scores[i]
            elif board_full:
                value = 0  # no line and no empty cell left: a draw
            else:
                value = None
            moves.append((scores[i], column, value))
        moves.sort(reverse=mark == self.me, key=lambda move: move[0])
        return [(column, value) for _, column, value in moves]

    def _play_and_search(self, board, heights, column, mark, depth, alpha, beta):
        rows, width = len(board) // len(heights), len(heights)
        cell = (rows - 1 - heights[column]) * width + column
        board[cell] = mark
        heights[column] += 1
        value = self._search(board, heights, 3 - mark, depth - 1, alpha, beta)
        heights[column] -= 1
        board[cell] = 0
        return value

    def _search(self, board, heights, mark, depth, alpha, beta):
        """The minimax value (for this agent) of the position with ``mark`` to move."""
        rows = len(board) // len(heights)
        columns = [c for c in range(len(heights)) if heights[c] < rows]
        maximizing = mark == self.me
        best = -np.inf if maximizing else np.inf
        for column, value in self._ordered(board, heights, columns, mark, depth):
            if value is None:
                value = self._play_and_search(board, heights, column, mark, depth, alpha, beta)
            if maximizing:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break  # the other player will never allow this position: stop looking
        return best


alphabeta_agent = AlphaBetaAgent()  # depth 6

__all__ = ["AlphaBetaAgent", "alphabeta_agent", "count_windows", "heuristic", "heuristic_scores",
           "one_step_agent", "window_cells", "window_matrix", "window_sums"]
