"""The Connect Four picture: red and yellow discs in a blue grid.

Each column's number is shown in the cell where its next disc would land; the last disc
has a gold outline.
"""

from .boards import draw_grid_game


def draw_connectfour(env):
    rows, last = env.rows, env.last_action

    def action_of(row, col):
        # The last disc played answers to its column so that it gets the gold outline.
        top = rows - env.heights[col]  # row of the top disc (rows when empty)
        if row == top - 1 or (col == last and row == top):
            return col
        return None

    return draw_grid_game(env, rows=rows, cols=env.columns, cells=env.cells, style="connectfour",
                          action_of=action_of)
