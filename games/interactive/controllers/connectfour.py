"""Connect Four on the click-to-play board: red and yellow discs, click a column."""

from ...messages import tr
from .two_player import TwoPlayerController


class ConnectFourController(TwoPlayerController):
    target = "column"
    KINDS = ("red", "yellow")
    CELL_PX = 54

    def grid(self):
        return self.env.rows, self.env.columns, list(self.env.cells)

    def cell_of_action(self, column):
        """The cell the last disc fell into: the top one of its column."""
        env = self.env
        return (env.rows - env.heights[column]) * env.columns + column

    def cell_title(self, index, row, col):
        return tr(en="column {col}", ja="{col} 列", col=col)

    def board_label(self):
        return tr(en="Connect Four board: choose a column", ja="四目並べの盤: 列を選ぶ")
