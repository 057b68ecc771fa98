"""The Puyo Puyo picture: the well, the pair to place and the next two, score and chain.

Every colour also has its own shape and letter (R circle, G square, B diamond, Y triangle,
P hexagon), so students who see colours differently can still tell the puyos apart.
The spawn cell has a red ×, as in the real game; the last placement has gold arrows above
its columns (and gold outlines while its puyos are still where they landed).
"""

from ..messages import tr
from .picture import Picture, line, rect, svg_document, text

CELL = 30
MARGIN = 10
TOP = 24  # strip above the well for the arrows of the last placement
PANEL = 120  # width of the side panel (pairs, score, chain)
GOLD = "#f2b705"

# colour number -> (fill, letter colour, shape, letter)
STYLES = {
    1: ("#e53935", "#ffffff", "circle", "R"),
    2: ("#43a047", "#ffffff", "square", "G"),
    3: ("#1e88e5", "#ffffff", "diamond", "B"),
    4: ("#fdd835", "#333333", "triangle", "Y"),
    5: ("#8e24aa", "#ffffff", "hexagon", "P"),
}


def draw_puyopuyo(env):
    rows, cols = env.rows, env.columns
    board = env.board.ravel().tolist()  # row-major, row 0 at the top
    left, top = MARGIN, MARGIN + TOP
    width = left + cols * CELL + 16 + PANEL
    height = top + rows * CELL + 20 + 30
    shapes = [rect(0, 0, width, height, "#ffffff"),
              rect(left, top, cols * CELL, rows * CELL, "#f4f1ea", "#333", 2, rx=3)]
    for col in range(1, cols):  # faint column lines help to count columns
        x = left + col * CELL
        shapes.append(line(x, top, x, top + rows * CELL, "#e0dbcf", 1))
    # the spawn cell: a red cross when it is free (filling it ends the game)
    spawn_x, spawn_y = left + 2 * CELL, top
    if not board[2]:
        d = CELL * 0.3
        cx, cy = spawn_x + CELL / 2, spawn_y + CELL / 2
        shapes += [line(cx - d, cy - d, cx + d, cy + d, "#e53935", 3),
                   line(cx - d, cy + d, cx + d, cy - d, "#e53935", 3)]
    for row in range(rows):
        for col in range(cols):
            colour = board[row * cols + col]
            if colour:
                shapes.append(puyo(left + col * CELL + CELL / 2, top + row * CELL + CELL / 2, colour, CELL))
    shapes += _last_placement(env, left, top)
    for col in range(cols):  # column numbers under the well
        shapes.append(text(left + col * CELL + CELL / 2, top + rows * CELL + 10, col, size=11, fill="#777"))
    shapes += _panel(env, left + cols * CELL + 16, top)
    shapes.append(text(width / 2, height - 15, _status(env), size=14))
    return Picture(svg_document(width, height, shapes, title=env.name), text=str(env))


def puyo(cx, cy, colour, size):
    """One puyo centred at (cx, cy): its colour, its own shape and its letter."""
    fill, ink, shape, letter = STYLES[colour]
    r = size * 0.43
    if shape == "circle":
        body = f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="#333" stroke-width="1"/>'
    elif shape == "square":
        body = rect(cx - r * 0.9, cy - r * 0.9, r * 1.8, r * 1.8, fill, "#333", 1, rx=r * 0.35)
    elif shape == "diamond":
        body = _polygon([(cx, cy - r * 1.1), (cx + r * 1.1, cy), (cx, cy + r * 1.1), (cx - r * 1.1, cy)], fill)
    elif shape == "triangle":
        body = _polygon([(cx, cy - r * 1.1), (cx + r * 1.1, cy + r * 0.85), (cx - r * 1.1, cy + r * 0.85)], fill)
    else:  # hexagon
        k = 0.866
        body = _polygon([(cx - r, cy), (cx - r / 2, cy - r * k * 1.15), (cx + r / 2, cy - r * k * 1.15),
                         (cx + r, cy), (cx + r / 2, cy + r * k * 1.15), (cx - r / 2, cy + r * k * 1.15)], fill)
    label_y = cy + (r * 0.2 if shape == "triangle" else 0)
    return body + text(cx, label_y, letter, size=round(size * 0.42), fill=ink, weight="bold")


def _polygon(points, fill):
    coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return f'<polygon points="{coords}" fill="{fill}" stroke="#333" stroke-width="1"/>'


def _last_placement(env, left, top):
    if env.last_placement is None:
        return []
    _, _, landed = env.last_placement
    shapes = []
    for col in sorted({cell % env.columns for cell in landed}):  # a gold arrow above each column the pair went to
        cx = left + col * CELL + CELL / 2
        shapes.append(_polygon([(cx - 7, top - 16), (cx + 7, top - 16), (cx, top - 5)], GOLD))
    if env.chain == 0:  # nothing popped: the two puyos are still where they landed
        for cell in landed:
            row, col = divmod(cell, env.columns)
            shapes.append(rect(left + col * CELL + 2, top + row * CELL + 2, CELL - 4, CELL - 4,
                               "none", GOLD, 3, rx=5))
    return shapes


def _panel(env, x, top):
    shapes = [text(x, top + 8, tr(en="pair", ja="いまのぷよ"), size=12, anchor="start", fill="#555")]
    shapes += _pair(x + 10, top + 20, env.pair, CELL)
    shapes.append(text(x, top + 100, "NEXT", size=12, anchor="start", fill="#555", weight="bold"))
    small = CELL * 0.75
    for i, pair in enumerate(env.next_pairs):
        shapes += _pair(x + 10 + i * (small + 14), top + 112, pair, small)
    lines = [tr(en="score", ja="スコア"), f"{env.score:,}", tr(en="chain", ja="連鎖"), str(env.chain)]
    for i, content in enumerate(lines):
        shapes.append(text(x, top + 190 + i * 22, content, size=13 if i % 2 == 0 else 17,
                           anchor="start", fill="#555" if i % 2 == 0 else "#111",
                           weight="normal" if i % 2 == 0 else "bold"))
    return shapes


def _pair(x, y, pair, size):
    """A pair as it appears: the second puyo on top of the pivot."""
    pivot, second = pair
    return [puyo(x + size / 2, y + size / 2, second, size), puyo(x + size / 2, y + size * 1.5, pivot, size)]


def _status(env):
    if env.terminated:
        return tr(en="Game over: score {score:,}", ja="ゲームオーバー: スコア {score:,}", score=env.score)
    if env.chain >= 2:
        return tr(en="{chain}-chain! +{points:,}", ja="{chain} 連鎖！ +{points:,}",
                  chain=env.chain, points=sum(step["score"] for step in env.chain_steps))
    if env.last_placement is not None:
        column, rotation, _ = env.last_placement
        return tr(en="last: action {action} (column {column}, rotation {rotation})",
                  ja="前の手: 行動 {action}（列 {column}, 回転 {rotation}）",
                  action=env.placement_to_action(column, rotation), column=column, rotation=rotation)
    return tr(en="Place the pair: action = (column, rotation)", ja="ぷよを置こう: 行動 = (列, 回転)")
