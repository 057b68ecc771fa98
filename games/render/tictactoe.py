"""The tic-tac-toe picture: blue X and red O marks, and whose turn it is (X or O) below."""

from ..messages import tr
from .boards import draw_grid_game
from .sides import side_name


def draw_tictactoe(env):
    return draw_grid_game(env, rows=3, cols=3, cells=env.board, style="marks", caption=_caption(env))


def _caption(env):
    if env.terminated:
        if env.winner is None:
            return tr(en="Draw", ja="引き分け")
        return tr(en="{mark} wins", ja="{mark} の勝ち", mark=side_name("tictactoe", env.winner))
    return tr(en="{mark} to move", ja="{mark} の番", mark=side_name("tictactoe", env.current_player))
