"""Tic-tac-toe on the click-to-play board: X and O marks, click a square."""

from ...envs.tictactoe import MARKS
from ...messages import tr
from .two_player import TwoPlayerController


class TicTacToeController(TwoPlayerController):
    TEXTS = tuple(MARKS[1:])  # X and O, as the text board shows them
    CELL_PX = 72

    def grid(self):
        return 3, 3, list(self.env.board)

    def board_name(self):
        return tr(en="Tic-tac-toe", ja="三目並べ")
