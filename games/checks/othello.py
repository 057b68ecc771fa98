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
from .exercise_book import exercise


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


@exercise("count_flips", "30_othello_1_env.ipynb", hints=[
    ("Look at the table of the 8 directions above the exercise: `DIRECTIONS` holds only `(0, 1)`, "
     "\"to the right\". The cases of the check that fail tell you which directions are missing: "
     "\"one white disc above (up)\" needs `(-1, 0)`.",
     "練習問題の上にある 8 つの向きの表を見ましょう。`DIRECTIONS` には「右」の `(0, 1)` しか入っていません。"
     "チェックで ✗ になったケースを見ると、どの向きが足りないかがわかります。たとえば「上に白が 1 枚」には "
     "`(-1, 0)` が必要です。"),
    ("A direction is one step `(d_row, d_col)`, where `d_row` and `d_col` are each -1, 0 or 1. That makes "
     "3 × 3 = 9 pairs, and all of them but `(0, 0)` (which does not move at all) are directions: 8. "
     "Write each one exactly once: a direction written twice counts its discs twice. "
     "The function `count_flips` itself needs no change.",
     "向きは 1 歩の進み方 `(d_row, d_col)` で、`d_row` と `d_col` はそれぞれ -1、0、1 のどれかです。"
     "組み合わせは 3 × 3 = 9 通りで、まったく動かない `(0, 0)` 以外の 8 通りが向きです。"
     "どれも 1 回だけ書きましょう。同じ向きを 2 回書くと、その向きの石を 2 回数えてしまいます。"
     "関数 `count_flips` のほうは変えなくてかまいません。"),
    ("Copy the table into the list, row by row: the top row `(-1, -1), (-1, 0), (-1, 1)`, the middle row "
     "`(0, -1)` and the `(0, 1)` you already have, the bottom row `(1, -1), (1, 0), (1, 1)`. "
     "Then run the cell again, so that the check uses the new list.",
     "表をそのまま 1 段ずつリストに写しましょう。上の段は `(-1, -1), (-1, 0), (-1, 1)`、まん中の段は "
     "`(0, -1)` と、もうある `(0, 1)`、下の段は `(1, -1), (1, 0), (1, 1)` です。"
     "それからセルをもう一度実行して、新しいリストでチェックしましょう。"),
])
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


@exercise("corner_agent", "31_othello_2_random.ipynb", hints=[
    ("`legal` is the list of squares where the player to move may play now. A corner is a good answer only "
     "when it is in that list: a corner that is taken already, or that traps no disc, is not a legal move.",
     "`legal` は、手番のプレイヤーが今打てるマスのリストです。"
     "角を返してよいのは、それがこのリストに入っているときだけです。"
     "もう石がある角や、1 枚も返せない角には打てません。"),
    ("Go through the four corners with a loop, `for square in CORNERS:`, and test each one with `in`: "
     "`square in legal` is True when that corner is legal. Play at random only when none of the four was "
     "legal, that is after the loop has looked at all of them.",
     "`for square in CORNERS:` のループで 4 つの角を順に調べ、`in` で確かめましょう。"
     "`square in legal` は、その角に打てるとき True になります。ランダムに打つのは、4 つとも打てなかったとき、"
     "つまりループで全部を調べ終わったあとだけです。"),
    ("In the loop: `if square in legal: return square`. Keep the line `return int(env.np_random.choice(legal))` "
     "after the loop, not in an `else` inside it: there it would give up after the first corner.",
     "ループの中に `if square in legal: return square` と書きます。`return int(env.np_random.choice(legal))` の行は"
     "ループのあとに残しましょう。ループの中の `else` に入れると、最初の角を見ただけであきらめてしまいます。"),
])
def check_corner_agent(agent):
    """``agent(env)`` plays a corner whenever one is legal (and a legal move otherwise)."""
    if not callable(agent):
        return run(agent, [])
    cases = [_corner_case(*position) for position in CORNER_POSITIONS]
    return run(lambda call: call(agent), cases, title=tr(en="Check of corner_agent", ja="corner_agent のチェック"))


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


@exercise("positional_score", "32_othello_3_alphabeta.ipynb", hints=[
    ("The start adds the weight of every square where `board[row, col] == me`. The opponent's discs are the "
     "squares that hold `3 - me`: 2 when you are black (1), 1 when you are white (2). Do not write 2 for the "
     "opponent: the check also asks for white.",
     "最初のコードは、`board[row, col] == me` のマスの重みを足しています。相手の石は `3 - me` のマスです。"
     "自分が黒（1）なら 2、白（2）なら 1 です。相手を 2 と決めつけないこと: チェックは白の場合も試します。"),
    ("There are three kinds of square: mine (add its weight), the opponent's (subtract its weight) and empty "
     "(count nothing). So a plain `else` is not enough: an empty square is not the opponent's.",
     "マスには 3 種類あります。自分の石（重みを足す）、相手の石（重みを引く）、空きマス（何もしない）です。"
     "だから、ただの `else` ではいけません。空きマスは相手の石ではありません。"),
    ("At the ✏️ line, at the same indentation as the `if`: `elif board[row, col] == 3 - me:` and, under it, "
     "`total -= weights[row, col]`. (With numpy the whole function is one line: "
     "`weights[board == me].sum()` minus the same for `3 - me`.)",
     "✏️ の行に、`if` と同じ字下げで `elif board[row, col] == 3 - me:` と書き、その下に "
     "`total -= weights[row, col]` を書きます。（numpy なら関数全体が 1 行です: "
     "`weights[board == me].sum()` から、`3 - me` について同じものを引きます。）"),
])
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


@exercise("four_planes", "33_othello_4_dqn.ipynb", hints=[
    ("`env.legal_actions()` gives square numbers, but a plane is a grid of rows and columns: square `s` is at "
     "row `s // env.size`, column `s % env.size`. When the player must pass, the list holds only "
     "`env.pass_action` (36 on 6 × 6), which is no square of the board: leave it out.",
     "`env.legal_actions()` が返すのはマスの番号ですが、プレーンは行と列のマス目です。マス `s` は "
     "`s // env.size` 行、`s % env.size` 列にあります。パスしかできないときは、リストには "
     "`env.pass_action`（6 × 6 なら 36）だけが入っています。これは盤のマスではないので、除きましょう。"),
    ("Plane 3 needs the moves of the player who is NOT to move, but the game only lists the moves of the player "
     "to move. So make a copy where the opponent is to move: `other = env.clone()`, then "
     "`other.set_position(env.board, to_move=1 - env.current_player)`. `to_move` is a player number, 0 or 1 "
     "(not the disc 1 or 2), and never call `set_position` on `env` itself: that would change the real game.",
     "チャンネル 3 に必要なのは、手番では「ない」プレイヤーの手です。"
     "でもゲームが教えてくれるのは手番のプレイヤーの手だけです。"
     "そこで、相手の番にしたコピーを作ります: `other = env.clone()` として、"
     "`other.set_position(env.board, to_move=1 - env.current_player)`。`to_move` はプレイヤーの番号 0 か 1 です"
     "（石の 1 や 2 ではありません）。"
     "`env` そのものに `set_position` を使ってはいけません。本物のゲームが変わってしまいます。"),
    ("For plane 2: `for square in env.legal_actions():`, then `if square != env.pass_action:` and "
     "`planes[2, square // env.size, square % env.size] = 1`. Plane 3 is the same loop over "
     "`other.legal_actions()` (leave out `other.pass_action`), writing into `planes[3]`.",
     "チャンネル 2 は `for square in env.legal_actions():` のループで、`if square != env.pass_action:` のときに "
     "`planes[2, square // env.size, square % env.size] = 1` とします。チャンネル 3 も同じループを "
     "`other.legal_actions()` について書き（`other.pass_action` は除く）、`planes[3]` に入れます。"),
])
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
        parts.append(tr(en="plane {k}: 1 on squares {squares}", ja="チャンネル {k}: 1 のマス {squares}",
                        k=k, squares=squares or "-"))
    return "; ".join(parts)


__all__ = ["board_from", "check_corner_agent", "check_count_flips", "check_four_planes", "check_positional_score",
           "flips_expected", "four_planes_expected", "score_expected"]
