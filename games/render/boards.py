"""Pictures of grid boards: X/O marks (tic-tac-toe) and discs (Connect Four, Othello).

Empty squares show their action number in grey, so a student sees which number to play;
the last move has a gold outline.
"""

from ..messages import tr
from .picture import Picture, circle, line, rect, svg_document, text
from .sides import side_name

CELL = 48
MARGIN = 8
CAPTION = 26
GOLD = "#f2b705"

# colours of player 0 and player 1 for each style
DISC_COLOURS = {"connectfour": ("#d62828", "#f7c948"), "othello": ("#111111", "#fafafa")}
BOARD_COLOURS = {"marks": "#ffffff", "connectfour": "#1d4ed8", "othello": "#2e8b57"}


def draw_grid_game(env, rows, cols, cells, style, action_of=None, caption=None, dotted=()):
    """Draw ``cells`` (row-major, 0 empty, 1 player 0, 2 player 1) as a picture.

    ``action_of(row, col)`` gives the action number to print in an empty cell (None for none);
    by default it is ``row * cols + col``. The cells in ``dotted`` (indices, such as the discs
    the last Othello move flipped) get a small gold dot.
    """
    if action_of is None:
        action_of = lambda row, col: row * cols + col  # noqa: E731 - a one-line default
    width, height = cols * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN + CAPTION
    shapes = [rect(0, 0, width, height, "#ffffff"),
              rect(MARGIN, MARGIN, cols * CELL, rows * CELL, BOARD_COLOURS[style], "#333", 2, rx=4)]
    last = getattr(env, "last_action", None)
    for row in range(rows):
        for col in range(cols):
            x, y = MARGIN + col * CELL, MARGIN + row * CELL
            value = cells[row * cols + col]
            shapes.append(_cell(style, x, y, value, action_of(row, col)))
            if last is not None and last == action_of(row, col) and value:
                shapes.append(rect(x + 3, y + 3, CELL - 6, CELL - 6, "none", GOLD, 3, rx=6))
            if row * cols + col in dotted:
                shapes.append(circle(x + CELL / 2, y + CELL / 2, CELL * 0.09, GOLD, "#333", 1))
    caption = caption or _status(env)
    shapes.append(text(width / 2, height - CAPTION / 2, caption, size=_fitting_size(caption, width - 8)))
    return Picture(svg_document(width, height, shapes, title=env.name), text=str(env))


def _cell(style, x, y, value, action):
    cx, cy = x + CELL / 2, y + CELL / 2
    if style == "marks":
        parts = [rect(x, y, CELL, CELL, "#fff", "#555", 1.5)]
        if value == 1:
            d = CELL * 0.28
            parts += [line(cx - d, cy - d, cx + d, cy + d, "#1d4ed8", 5),
                      line(cx - d, cy + d, cx + d, cy - d, "#1d4ed8", 5)]
        elif value == 2:
            parts.append(circle(cx, cy, CELL * 0.3, "none", "#d62828", 5))
        elif action is not None:
            parts.append(text(cx, cy, action, size=12, fill="#aaa"))
        return "".join(parts)
    if style == "othello":
        parts = [rect(x, y, CELL, CELL, "none", "#1b5e20", 1)]
    else:
        parts = []
    if value:
        parts.append(circle(cx, cy, CELL * 0.4, DISC_COLOURS[style][value - 1], "#333", 1))
    else:
        hole = "#ffffff" if style == "connectfour" else "none"
        parts.append(circle(cx, cy, CELL * 0.4, hole, "none"))
        if action is not None:
            parts.append(text(cx, cy, action, size=11, fill="#9aa" if style == "othello" else "#99a"))
    return "".join(parts)


def _fitting_size(caption, room, size=14):
    """A font size at which `caption` fits in `room` pixels (small boards, long captions)."""
    # rough widths: about 0.6 em for Latin letters and digits, 1 em for Japanese characters
    ems = sum(1.0 if ord(char) >= 0x2E80 else 0.6 for char in caption)
    return min(size, max(8, int(room / max(ems, 1))))


def _status(env):
    if env.terminated:
        if env.winner is None:
            return tr(en="Draw", ja="引き分け")
        return tr(en="{side} wins", ja="{side}の勝ち", side=side_name(env.name, env.winner).capitalize())
    return tr(en="{side} to move", ja="{side}の番", side=side_name(env.name, env.current_player).capitalize())
