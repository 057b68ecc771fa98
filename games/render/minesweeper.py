"""The Minesweeper picture: hidden cells raised, numbers in the classic colours.

Row numbers run down the left side and column numbers along the top; on small boards
every hidden cell also shows its action number. Mines appear only once the game has
ended (the one that went off on a red cell); the last click has a gold outline.
"""

from ..messages import tr
from .picture import Picture, circle, line, rect, svg_document, text

MARGIN = 6
LABEL = 18  # room for the row and column numbers
CAPTION = 28
GOLD = "#f2b705"
HIDDEN, MINE = -1, 9
# the classic colours of the numbers 1 to 8
NUMBER_COLOURS = {1: "#0000ff", 2: "#008000", 3: "#ff0000", 4: "#000080",
                  5: "#800000", 6: "#008080", 7: "#000000", 8: "#808080"}


def draw_minesweeper(env):
    rows, cols = env.rows, env.cols
    cell = 30 if rows * cols <= 100 else 24
    show_actions = rows * cols <= 100  # action numbers fit only on small boards
    seen = env.board.tolist()
    left, top = MARGIN + LABEL, MARGIN + LABEL
    width, height = left + cols * cell + MARGIN, top + rows * cell + CAPTION
    shapes = [rect(0, 0, width, height, "#ffffff"),
              rect(left - 2, top - 2, cols * cell + 4, rows * cell + 4, "#7b7b7b", rx=2)]
    for col in range(cols):
        shapes.append(text(left + col * cell + cell / 2, top - LABEL / 2, col, size=10, fill="#888"))
    for row in range(rows):
        shapes.append(text(left - LABEL / 2, top + row * cell + cell / 2, row, size=10, fill="#888"))
    for row in range(rows):
        for col in range(cols):
            action = row * cols + col
            x, y = left + col * cell, top + row * cell
            value = seen[row][col]
            if value == HIDDEN:
                shapes.append(_raised(x, y, cell, action if show_actions else None))
            elif value == MINE:
                exploded = env.won is False and env.last_action == action
                background = "#ff4d4d" if exploded else ("#b7e4b0" if env.won else "#e6e6e6")
                shapes.append(rect(x, y, cell, cell, background, "#a8a8a8", 1))
                shapes.append(_mine(x + cell / 2, y + cell / 2, cell))
            else:
                shapes.append(rect(x, y, cell, cell, "#e6e6e6", "#a8a8a8", 1))
                if value:
                    shapes.append(text(x + cell / 2, y + cell / 2, value, size=round(cell * 0.6),
                                       fill=NUMBER_COLOURS[value], weight="bold"))
    if env.last_action is not None:
        row, col = divmod(env.last_action, cols)
        shapes.append(rect(left + col * cell + 1.5, top + row * cell + 1.5, cell - 3, cell - 3,
                           "none", GOLD, 3, rx=3))
    shapes.append(text(width / 2, height - CAPTION / 2, _status(env), size=14))
    return Picture(svg_document(width, height, shapes, title=env.name), text=str(env))


def _raised(x, y, size, action):
    """A hidden cell drawn as a raised button: light top-left edges, dark bottom-right."""
    edge = max(2, size // 10)
    parts = [rect(x, y, size, size, "#c6c6c6"),
             line(x + 1, y + 1, x + size - 1, y + 1, "#ffffff", edge),
             line(x + 1, y + 1, x + 1, y + size - 1, "#ffffff", edge),
             line(x + size - 1, y + 1, x + size - 1, y + size - 1, "#7b7b7b", edge),
             line(x + 1, y + size - 1, x + size - 1, y + size - 1, "#7b7b7b", edge)]
    if action is not None:
        parts.append(text(x + size / 2, y + size / 2, action, size=10, fill="#8a8a8a"))
    return "".join(parts)


def _mine(cx, cy, size):
    r = size * 0.24
    spikes = [line(cx - r * 1.5, cy, cx + r * 1.5, cy, "#111", 2),
              line(cx, cy - r * 1.5, cx, cy + r * 1.5, "#111", 2),
              line(cx - r * 1.05, cy - r * 1.05, cx + r * 1.05, cy + r * 1.05, "#111", 2),
              line(cx - r * 1.05, cy + r * 1.05, cx + r * 1.05, cy - r * 1.05, "#111", 2)]
    return "".join(spikes) + circle(cx, cy, r, "#111") + circle(cx - r * 0.35, cy - r * 0.35, r * 0.28, "#fff")


def _status(env):
    if env.terminated:
        if env.won:
            return tr(en="You won! Every safe cell is open.", ja="クリア！安全なマスを全部開けました。")
        return tr(en="Boom! That was a mine.", ja="ドカン！地雷でした。")
    return tr(en="{mines} mines, {left} safe cells left", ja="地雷 {mines} 個、残りの安全なマス {left}",
              mines=env.mines, left=env.safe_cells_left)
