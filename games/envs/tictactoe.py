"""Tic-tac-toe (○×ゲーム / 三目並べ).

Description
    Two players take turns marking an empty square of a 3×3 grid. Player 0 plays
    X and moves first, player 1 plays O. Three marks in a row, a column or a
    diagonal win. A full grid with no line is a draw.

Action Space
    ``Discrete(9)``: the square to mark, numbered row by row::

        0 | 1 | 2
        3 | 4 | 5
        6 | 7 | 8

    Only empty squares are legal (``info["action_mask"]``).

Observation Space
    ``int8`` array of shape ``(3, 3)``: 0 empty, 1 an X (player 0), 2 an O (player 1).

Rewards
    From the view of the player who just moved: +1 for completing a line, 0 otherwise.
    With ``opponent=``: +1 when you win, -1 when the opponent wins, 0 otherwise.
    With ``illegal="lose"``: -1 for an illegal move (and the game ends).

Starting State
    An empty grid, X (player 0) to move.

Episode End
    A player completes a line (``info["winner"]`` is 0 or 1), or all nine squares are
    marked (a draw: ``info["winner"]`` is None). There is no truncation.

Arguments
    ``games.make("tictactoe", opponent=None, play_as=0, illegal="raise", seed=None)``

    - ``opponent``: an agent that answers your moves inside ``step``.
    - ``play_as``: 0 to move first (X), 1 to move second (O); used with ``opponent``.
    - ``illegal``: ``"raise"`` (an error that lists the legal moves) or ``"lose"``.
    - ``seed``: the seed of ``reset``.
"""

import numpy as np

from ..messages import tr
from ..render.sides import SIDES
from ..render.tictactoe import draw_tictactoe
from .base import Env

EMPTY, X, O = 0, 1, 2  # noqa: E741 - the marks' own names (O is the letter, not zero)
MARKS = "." + "".join(english for english, _ in SIDES["tictactoe"])  # text board: empty, X, O

# Every line of three squares, and for each square the lines through it.
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
LINES_THROUGH = [[line for line in LINES if square in line] for square in range(9)]


class TicTacToe(Env):
    __doc__ = __doc__

    name = "tictactoe"
    num_players = 2
    num_actions = 9

    def _new_game(self):
        self.board = [EMPTY] * 9

    def _legal_actions(self):
        return [square for square in range(9) if self.board[square] == EMPTY]

    def _is_legal(self, action):
        return self.board[action] == EMPTY

    def _why_illegal(self, action):
        return tr(en="Square {square} is already taken by {mark}.",
                  ja="マス {square} にはもう {mark} が置かれています。",
                  square=action, mark=MARKS[self.board[action]])

    def _play(self, action):
        mark = self._current_player + 1
        board = self.board
        board[action] = mark
        # Only lines through the new mark can have just been completed.
        for a, b, c in LINES_THROUGH[action]:
            if board[a] == board[b] == board[c]:
                self._terminated = True
                self._winner = self._current_player
                return 1.0
        if EMPTY not in board:
            self._terminated = True
        self._current_player = 1 - self._current_player
        return 0.0

    def _observation(self):
        return np.array(self.board, dtype=np.int8).reshape(3, 3)

    def _copy_state(self, new):
        new.board = self.board.copy()

    def _picture(self):
        return draw_tictactoe(self)

    def _text(self):
        rows = ("".join(MARKS[v] for v in self.board[r * 3:r * 3 + 3]) for r in range(3))
        return "\n".join(rows)
