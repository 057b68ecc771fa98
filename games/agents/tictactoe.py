"""Tic-tac-toe agents: a perfect player by minimax.

Minimax looks at every way the game can go on. A position's value for the player to
move is the best of its moves' values, and a move's value is minus the value of the
position it leaves for the opponent (what is good for one player is bad for the other).
Tic-tac-toe has fewer than 6,000 positions, so every value is computed once and
remembered (``functools.lru_cache``): after the first call the agent answers at once.

Values: a win is ``+(1 + empty squares left)``, a loss the negative, a draw 0, so a
quicker win (and a slower loss) is worth more.
"""

from functools import lru_cache

from ..envs.tictactoe import EMPTY, LINES


def winner_mark(board):
    """The mark (1 or 2) that has three in a row on ``board``, or 0."""
    for a, b, c in LINES:
        if board[a] != EMPTY and board[a] == board[b] == board[c]:
            return board[a]
    return 0


@lru_cache(maxsize=None)
def value(board, mark):
    """The value of ``board`` (a tuple of 9 cells) for ``mark`` (1 = X, 2 = O) to move."""
    empty = board.count(EMPTY)
    if winner_mark(board):  # the opponent's last move made a line: we have lost
        return -(1 + empty)
    if empty == 0:
        return 0
    return max(move_value(board, mark, square) for square in range(9) if board[square] == EMPTY)


def move_value(board, mark, square):
    """The value for ``mark`` of playing ``square`` on ``board``."""
    after = board[:square] + (mark,) + board[square + 1:]
    return -value(after, 3 - mark)


def best_moves(board, mark):
    """Every move of ``mark`` on ``board`` with the best value, ascending."""
    board = tuple(board)
    values = {square: move_value(board, mark, square) for square in range(9) if board[square] == EMPTY}
    best = max(values.values())
    return [square for square, v in values.items() if v == best]


def minimax_agent(env):
    """A perfect tic-tac-toe player: it never loses, and wins as fast as it can.

    Deterministic: among equally good moves it plays the lowest-numbered square.
    """
    return best_moves(env.board, env.current_player + 1)[0]


__all__ = ["minimax_agent", "best_moves", "value"]
