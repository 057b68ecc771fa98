"""What ``games.play`` shows and does, game by game (see ``base`` for how a controller works).

``base``: the part every game shares; ``two_player``: what tic-tac-toe, Connect Four and
Othello share; then one module per game, as in ``envs/`` and ``agents/``.
"""

from .base import EVENTS, Controller, format_q, q_colour
from .connectfour import ConnectFourController
from .minesweeper import MinesweeperController
from .othello import OthelloController
from .puyopuyo import PuyoController
from .tictactoe import TicTacToeController
from .two_player import TwoPlayerController

CONTROLLERS = {"tictactoe": TicTacToeController, "connectfour": ConnectFourController,
               "othello": OthelloController, "minesweeper": MinesweeperController,
               "puyopuyo": PuyoController}

__all__ = ["CONTROLLERS", "EVENTS", "ConnectFourController", "Controller", "MinesweeperController",
           "OthelloController", "PuyoController", "TicTacToeController", "TwoPlayerController", "format_q",
           "q_colour"]
