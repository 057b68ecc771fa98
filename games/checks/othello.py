"""Self-checks for the Othello lessons.

- ``check_count_flips(count_flips)``                (lesson 30) how many discs a move flips
- ``check_corner_agent(agent)``                     (lesson 31) take a corner whenever you can
- ``check_positional_score(positional_score)``      (lesson 32) weights of my discs minus the opponent's
- ``check_four_planes(four_planes)``                (lesson 33) the classic 4 planes a network sees

Boards are numpy arrays like ``env.board``: row 0 is the top row, 0 is empty,
1 a black disc (player 0, moves first), 2 a white disc (player 1).
"""

import numpy as np

from ..envs import make
from ..messages import tr
from . import Case, Shown, close, move_case, plain, run, same_planes


def board_from(rows):
    """A board from strings, top row first: '.' empty, 'X' black (1), 'O' white (2)."""
    return np.array([[".XO".index(mark) for mark in row] for row in rows], dtype=int)


def _picture(board):
    """The board as one line of text for a hint: rows joined by ' / '."""
    return " / ".join("".join(".XO"[v] for v in row) for row in np.asarray(board).tolist())


def _colour(me):
    return tr(en="black (1)", ja="黒（1）") if me == 1 else tr(en="white (2)", ja="白（2）")


# ------------------------------------------------------------------ count_flips
START_6 = ["......", "......", "..OX..", "..XO..", "......", "......"]
START_8 = ["........", "........", "........", "...OX...", "...XO...", "........", "........", "........"]

# (board rows, row, col, me, hint en, hint ja): the square is always empty
FLIP_CASES = [
    (START_6, 2, 1, 1, "the start: one white disc to the right", "最初の盤面: 右に白が 1 枚"),
    (START_6, 4, 3, 1, "the start: one white disc above (up)", "最初の盤面: 上に白が 1 枚"),
    (START_6, 1, 2, 1, "the start: one white disc below (down)", "最初の盤面: 下に白が 1 枚"),
    (START_6, 2, 4, 2, "white moves: one black disc to the left", "白の番: 左に黒が 1 枚"),
    (["......", ".O....", "..X...", "......", "......", "......"], 0, 0, 1,
     "a diagonal ↘ from the corner", "角からななめ ↘"),
    (["......", "......", "......", "......", "......", "XOOOO."], 5, 5, 1,
     "four white discs in a row to the left", "左に白が 4 枚続いている"),
    (["X.X.X.", ".OOO..", "XO.OX.", ".OOO..", "X.X.X.", "......"], 2, 2, 1,
     "all 8 directions at once", "8 方向ぜんぶ"),
    (["......", "......", "......", "......", "......", "..OOOO"], 5, 1, 1,
     "white discs up to the edge, no black disc after them: nothing flips",
     "白が盤のはしまで続いて、その先に黒がない: 返せません"),
    (["......", "......", "......", "......", "......", "X.OO.."], 5, 4, 1,
     "an empty square between: nothing flips", "間に空きマスがある: 返せません"),
    (["......", "......", "......", "......", "....X.", ".....O"], 0, 0, 1,
     "the corner: a line must not jump over the edge to the other side",
     "角: 並びが盤のはしを越えて反対側につながってはいけません"),
    (START_8, 2, 3, 1, "the 8 × 8 board: one white disc below", "8 × 8 の盤: 下に白が 1 枚"),
]


def flips_expected(board, row, col, me):
    """How many discs ``me`` flips by playing on (row, col): the engine's answer (0 if illegal)."""
    board = np.asarray(board)
    env = make("othello", size=board.shape[0])
    env.set_position(board, to_move=me - 1)
    square = row * board.shape[0] + col
    if env.terminated or square not in env.legal_actions():
        return 0
    _, _, _, _, info = env.step(square)
    return len(info["flipped"])


def check_count_flips(count_flips):
    """``count_flips(board, row, col, me)``: how many discs ``me`` (1 or 2) flips by playing on (row, col)."""
    cases = []
    for rows, row, col, me, hint_en, hint_ja in FLIP_CASES:
        board = board_from(rows)
        where = f"({row}, {col}), {_colour(me)}: {_picture(board)}"
        cases.append(Case(args=(board, row, col, me), expected=flips_expected(board, row, col, me),
                          hint_en=f"{hint_en} — {where}", hint_ja=f"{hint_ja} — {where}"))
    return run(_on_copies(count_flips), cases, title=tr(en="Check of count_flips", ja="count_flips のチェック"))


def _on_copies(function):
    """Call ``function`` on a copy of the board, so that a function that changes it cannot spoil a case."""
    if not callable(function):
        return function  # run() explains what to give it

    def call(board, *rest):
        return plain(function(board.copy(), *rest))
    return call


# ----------------------------------------------------------------- corner_agent
# (moves from the start of a 6 × 6 game, hint en, hint ja)
CORNER_POSITIONS = [
    ([27, 26, 19, 16, 10, 4], "black can take corner 5", "黒は角 5 を取れます"),
    ([22, 28, 34], "white to move: white can take corner 35", "白の番: 白は角 35 を取れます"),
    ([22, 28, 8, 7, 13, 19], "two corners are legal (0 and 35): either is fine",
     "角が 2 つ打てます（0 と 35）: どちらでも OK"),
    ([27, 26, 19], "no corner is legal: any legal move is fine", "打てる角がない: 打てる場所ならどこでも OK"),
]


def _corner_case(moves, hint_en, hint_ja):
    env = make("othello")
    env.reset(seed=1)  # a seed at which a purely random agent misses every corner here
    for square in moves:
        env.step(square)
    corners = (0, env.size - 1, env.size * (env.size - 1), env.size * env.size - 1)
    legal = env.legal_actions()
    right = [square for square in legal if square in corners] or legal
    picture = _picture(env.board)
    return move_case(env, right, f"{hint_en}: {picture}", f"{hint_ja}: {picture}")


def check_corner_agent(agent):
    """``agent(env)`` plays a corner whenever one is legal (and a legal move otherwise)."""
    if not callable(agent):
        return run(agent, [])
    cases = [_corner_case(*position) for position in CORNER_POSITIONS]
    return run(lambda call: call(agent), cases, title=tr(en="Check of your agent", ja="エージェントのチェック"))


# ------------------------------------------------------------ positional_score
# The lesson's classic weights of the 6 × 6 board (the same table as games.agents.othello's,
# written out here because the checks do not import the agents): corners 100, next to a corner
# -20 on the edge and -50 on the diagonal, other edge squares 10, the four starting squares 0.
CLASSIC_WEIGHTS = np.array([
    [100, -20, 10, 10, -20, 100],
    [-20, -50, 1, 1, -50, -20],
    [10, 1, 0, 0, 1, 10],
    [10, 1, 0, 0, 1, 10],
    [-20, -50, 1, 1, -50, -20],
    [100, -20, 10, 10, -20, 100],
])

ONES = np.ones((6, 6), dtype=int)

# (board rows, me, weights: "classic" or an array, hint en, hint ja)
SCORE_CASES = [
    (START_6, 1, "ones", "the start, every weight 1: 2 discs each, so 0",
     "最初の盤面、重みがすべて 1: 2 枚ずつなので 0"),
    (["X.....", "......", "..OX..", "..XO..", "......", "......"], 1, "ones",
     "every weight 1: 3 black discs − 2 white discs", "重みがすべて 1: 黒 3 枚 − 白 2 枚"),
    (["X.....", "......", "..OX..", "..XO..", "......", "......"], 1, "classic",
     "black owns a corner (weight 100)", "黒が角（重み 100）を持っている"),
    (["X.....", "......", "..OX..", "..XO..", "......", "......"], 2, "classic",
     "the same board seen by white: the opponent's corner counts against me",
     "同じ盤面を白から見る: 相手の角は自分のマイナス"),
    (["O....X", ".X....", "..OX..", "..XO..", "......", "O....."], 1, "classic",
     "a mixed board, for black", "いろいろな石がある盤面（黒から見る）"),
    (["O....X", ".X....", "..OX..", "..XO..", "......", "O....."], 2, "classic",
     "the same mixed board, for white", "同じ盤面（白から見る）"),
]


def score_expected(board, me, weights):
    board, weights = np.asarray(board), np.asarray(weights)
    return int(weights[board == me].sum() - weights[board == 3 - me].sum())


def check_positional_score(positional_score):
    """``positional_score(board, me, weights)``: the weights of my squares minus those of the opponent's."""
    cases = []
    for rows, me, weights, hint_en, hint_ja in SCORE_CASES:
        board = board_from(rows)
        weights = ONES.copy() if weights == "ones" else CLASSIC_WEIGHTS.copy()
        label = tr(en="weights all 1", ja="重みはすべて 1") if np.all(weights == 1) else \
            tr(en="the classic weights", ja="定番の重み")
        expected = score_expected(board, me, weights)
        cases.append(Case(args=(board, me, weights), expected=expected,
                          accept=lambda result, expected=expected: close(result, expected),
                          hint_en=f"{hint_en} ({label}, {_colour(me)}): {_picture(board)}",
                          hint_ja=f"{hint_ja}（{label}、{_colour(me)}）: {_picture(board)}"))
    return run(_on_copies(positional_score), cases,
               title=tr(en="Check of positional_score", ja="positional_score のチェック"))


# ------------------------------------------------------------------ four planes
PASS_POSITION = ["......", "..X...", ".XXXXX", "XXXXX.", ".X.O..", "..OOO."]  # black must pass

# (moves from the start, or a board and the player to move; hint en, hint ja)
PLANE_POSITIONS = [
    ([], None, 0, "the start, black to move", "最初の盤面、黒の番"),
    ([8], None, 1, "after black played 8: white to move, so 'my discs' are the white ones",
     "黒が 8 に打ったあと: 白の番なので「自分の石」は白"),
    ([8, 7, 13], None, 1, "a few moves later, white to move", "何手か進んで、白の番"),
    (None, PASS_POSITION, 0, "black to move but black must pass: black has no legal square",
     "黒の番だが黒はパス: 黒の打てるマスはない"),
]


def four_planes_expected(env):
    """My discs, the opponent's discs, my legal squares, the opponent's legal squares (0/1, ``(4, n, n)``)."""
    n = env.size
    board = env.board
    me = env.current_player + 1
    planes = np.zeros((4, n, n), dtype=np.float32)
    planes[0], planes[1] = board == me, board == 3 - me
    for plane, player in ((2, env.current_player), (3, 1 - env.current_player)):
        if env.terminated:
            continue
        view = env.clone()
        view.set_position(board, to_move=player)
        for square in view.legal_actions():
            if square != view.pass_action:
                planes[plane, square // n, square % n] = 1
    return planes


def _plane_env(moves, board, to_move):
    env = make("othello")
    env.reset(seed=0)
    if board is not None:
        env.set_position(board_from(board), to_move=to_move)
    for square in moves or []:
        env.step(square)
    return env


def check_four_planes(four_planes):
    """``four_planes(env)``: a ``(4, size, size)`` array: my discs, the opponent's discs, my legal squares,
    the opponent's legal squares (1 or 0), from the view of the player to move."""
    cases = []
    for moves, board, to_move, hint_en, hint_ja in PLANE_POSITIONS:
        env = _plane_env(moves, board, to_move)
        expected = four_planes_expected(env)
        picture = _picture(env.board)

        def call(function, env=env):
            return Shown(function(env.clone()), _squares_text)  # a copy: the function may play on it

        cases.append(Case(args=(call,), expected=Shown(expected, _squares_text),
                          accept=lambda result, expected=expected: same_planes(result, expected),
                          hint_en=f"{hint_en}: {picture}", hint_ja=f"{hint_ja}: {picture}"))
    if not callable(four_planes):
        return run(four_planes, [])
    return run(lambda call: call(four_planes), cases,
               title=tr(en="Check of four_planes", ja="four_planes のチェック"))


def _squares_text(planes):
    """'shape (4, 6, 6); plane 0: 1 on squares [14, 21]; ...' — which squares of each plane hold 1."""
    if planes.ndim != 3:
        return tr(en="shape {shape}", ja="形 {shape}", shape=tuple(planes.shape))
    n = planes.shape[-1]
    parts = [tr(en="shape {shape}", ja="形 {shape}", shape=tuple(planes.shape))]
    for k, plane in enumerate(planes):
        squares = [int(r) * n + int(c) for r, c in zip(*np.nonzero(plane))]
        parts.append(tr(en="plane {k}: 1 on squares {squares}", ja="{k} 枚目: 1 のマス {squares}",
                        k=k, squares=squares or "-"))
    return "; ".join(parts)


__all__ = ["board_from", "check_corner_agent", "check_count_flips", "check_four_planes", "check_positional_score",
           "flips_expected", "four_planes_expected", "score_expected"]
