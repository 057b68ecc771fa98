"""Self-checks for the Connect Four lessons.

- ``check_drop_piece(drop_piece)``          (lesson 20) where does a disc land?
- ``check_four_in_a_row(four_in_a_row)``    (lesson 20) is there a line of four?
- ``check_win_if_you_can(agent)``           (lesson 21) an agent that never misses a win
- ``check_score_window(score_window)``      (lesson 22) the classic window score
- ``check_planes(planes)``                  (lesson 23) what the network sees: my discs, the opponent's,
                                            where a disc would land

Boards are numpy arrays like ``env.board``: row 0 is the top row, 0 is empty,
1 a disc of player 0 (red), 2 a disc of player 1 (yellow).
"""

import numpy as np

from ..messages import tr
from . import Case, Shown, Words, game_after, move_case, plain, run, same_planes
from .exercise_book import exercise

ROWS, COLUMNS = 6, 7


def board_from(rows):
    """A board from strings, top row first: '.' empty, 'X' = 1, 'O' = 2 (short lists fill the top)."""
    rows = list(rows)
    width = len(rows[0]) if rows else COLUMNS
    rows = ["." * width] * (ROWS - len(rows)) + rows
    return np.array([[".XO".index(mark) for mark in row] for row in rows], dtype=int)


def _picture(board):
    """The rows that hold discs, as text for a hint: 'X......' ('.' empty, X = 1, O = 2)."""
    return " / ".join("".join(".XO"[v] for v in row) for row in np.asarray(board).tolist() if any(row))


# ------------------------------------------------------------------ drop_piece
def _drop_case(board, column, piece, hint_en, hint_ja):
    before = board.copy()
    expected = board.copy()
    landing = max(r for r in range(board.shape[0]) if board[r, column] == 0)
    expected[landing, column] = piece

    def accept(result):
        # Either way is right: change the board it is given, or leave it and return a new one.
        if np.array_equal(board, expected):
            return True
        return np.array_equal(board, before) and isinstance(result, np.ndarray) \
            and np.array_equal(result, expected)

    return Case(args=(board, column, piece), expected=Words(tr(en="row {r}", ja="{r} 段目", r=landing)), accept=accept,
                hint_en=hint_en + f" (column {column}, piece {piece}" + _board_note(before, "; board ") + ")",
                hint_ja=hint_ja + f"（{column} 列、石 {piece}" + _board_note(before, "、盤 ") + "）")


def _board_note(board, prefix):
    return prefix + _picture(board) if np.asarray(board).any() else ""


@exercise("drop_piece", "20_connectfour_1_env.ipynb", hints=[
    ("Look at the column from the bottom up: row `ROWS - 1` (5) is the bottom row and row 0 the top. "
     "`range(ROWS - 1, -1, -1)` counts 5, 4, 3, 2, 1, 0.",
     "列を下から上へ調べましょう。`ROWS - 1`（5）段目がいちばん下、0 段目がいちばん上です。"
     "`range(ROWS - 1, -1, -1)` は 5, 4, 3, 2, 1, 0 と数えます。"),
    ("The disc stops in the FIRST empty cell (`== 0`) found from below. Put the disc there and stop at once with "
     "`return`, or the loop fills the whole column. Searching from the top down would find the top cell instead.",
     "石は、下から見て「最初の」空きマス（`== 0`）で止まります。そこに石を置いたら、すぐに `return` で終わりましょう。"
     "そうしないと、ループが列全体を埋めてしまいます。上から下へ探すと、いちばん上のマスが見つかってしまいます。"),
    ("`for row in range(ROWS - 1, -1, -1):`, then `if board[row, column] == 0:` and inside it "
     "`board[row, column] = piece` and `return row`. After the loop no cell was empty: the column is full, "
     "so raise a `ValueError`.",
     "`for row in range(ROWS - 1, -1, -1):` のあと `if board[row, column] == 0:` と書き、その中で "
     "`board[row, column] = piece` と `return row` です。ループが最後まで回ったら空きマスがなかったので、"
     "列はいっぱいです。`ValueError` を出しましょう。"),
])
def check_drop_piece(drop_piece):
    """``drop_piece(board, column, piece)`` puts ``piece`` in the lowest empty cell of ``column``."""
    cases = [
        _drop_case(board_from([]), 3, 1, "an empty board: the disc falls to the bottom row",
                   "空の盤: 石はいちばん下の段まで落ちます"),
        _drop_case(board_from(["...X...", "...O..."]), 3, 2, "a column with two discs: it lands on top of them",
                   "石が 2 つある列: その上に乗ります"),
        _drop_case(board_from(["X......"]), 0, 1, "the leftmost column, one disc already there",
                   "いちばん左の列（石が 1 つ）"),
        _drop_case(board_from(["......O", "......X", "......O", "......X", "......O"]), 6, 1,
                   "a column with one cell left: the disc lands on the top row",
                   "あと 1 マスだけ空いた列: 石はいちばん上の段に入ります"),
    ]
    return run(drop_piece, cases, title=tr(en="Check of drop_piece", ja="drop_piece のチェック"))


# ------------------------------------------------------------- four_in_a_row
FOUR_CASES = [
    # (rows of the board, piece, expected, hint en, hint ja)
    ([], 1, False, "an empty board: no line", "空の盤: 並びはありません"),
    (["XXXX..."], 1, True, "across: four X on the bottom row", "横: いちばん下の段に X が 4 つ"),
    (["...OOOO", "..XXXOX"], 2, True, "across at the right edge (columns 3 to 6)",
     "横: 右のはし（3〜6 列）"),
    (["X......", "X......", "X......", "XO.OO.."], 1, True, "up-down: four X in column 0",
     "縦: 0 列に X が 4 つ"),
    (["......O", "......O", "......O", "......O", "......X", "......X"], 2, True,
     "up-down at the top right corner (rows 0 to 3)", "縦: 右上のすみ（0〜3 段）"),
    (["...X...", "..XO...", ".XOO...", "XOOX..."], 1, True, "diagonal ╱ (up to the right)",
     "ななめ ╱（右上がり）"),
    (["O......", "XO.....", "XXO....", "XXXO..."], 2, True, "diagonal ╲ (down to the right)",
     "ななめ ╲（右下がり）"),
    (["XXX.OOO"], 1, False, "only three in a row: not yet a line", "3 つ並んだだけ: まだ勝ちではありません"),
    (["XX.XX.."], 1, False, "a gap in the middle: not a line", "間にすき間がある: 並びではありません"),
    (["OOOO...", "XXXOX.."], 1, False, "four of the OTHER player: not a line for piece 1",
     "相手の石が 4 つ: 石 1 の並びではありません"),
]


@exercise("four_in_a_row", "20_connectfour_1_env.ipynb", hints=[
    ("The start finds lines across. Each missing direction is the same double loop with other cells, for k in "
     "`range(4)`: up-down │ looks at `(row + k, col)`, ╲ at `(row + k, col + k)`, ╱ at `(row - k, col + k)`.",
     "最初のコードは横の並びを見つけます。足りない向きも、同じ二重ループでマスを変えるだけです（k は `range(4)`）。"
     "縦 │ は `(row + k, col)`、╲ は `(row + k, col + k)`、╱ は `(row - k, col + k)` を見ます。"),
    ("Choose the `range`s so that all four cells stay on the board. Going down needs `row + 3 <= rows - 1`, so "
     "`range(rows - 3)`; going right needs `range(columns - 3)`, as across does; ╱ goes up, so `row - 3` must not "
     "be below 0: `range(3, rows)`. Careful: Python reads `board[-1, ...]` as the bottom row, with no error!",
     "4 つのマスが全部盤に入るように `range` を選びます。下へ進むなら `row + 3 <= rows - 1` なので `range(rows - 3)`、"
     "右へ進むなら横と同じ `range(columns - 3)` です。╱ は上へ進むので、`row - 3` が 0 より小さくならないように "
     "`range(3, rows)` です。注意: Python は `board[-1, ...]` をエラーにせず、いちばん下の段として読んでしまいます。"),
    ("Copy the across block three times and change the ranges and the cells: up-down `range(rows - 3)`, "
     "`range(columns)`, `board[row + k, col]`; ╲ `range(rows - 3)`, `range(columns - 3)`, `board[row + k, col + k]`; "
     "╱ `range(3, rows)`, `range(columns - 3)`, `board[row - k, col + k]`. Keep `return False` at the very end.",
     "横のブロックを 3 回コピーして、`range` とマスを変えましょう。縦は `range(rows - 3)`、`range(columns)`、"
     "`board[row + k, col]`。╲ は `range(rows - 3)`、`range(columns - 3)`、`board[row + k, col + k]`。"
     "╱ は `range(3, rows)`、`range(columns - 3)`、"
     "`board[row - k, col + k]`。`return False` はいちばん最後に残します。"),
])
def check_four_in_a_row(four_in_a_row):
    """``four_in_a_row(board, piece)`` is True when ``piece`` has four in a line (any direction)."""
    cases = [Case(args=(board_from(rows), piece), expected=expected,
                  accept=lambda result, expected=expected: _is_yes_or_no(result) and bool(result) == expected,
                  hint_en=hint_en + _board_note(board_from(rows), ": "),
                  hint_ja=hint_ja + _board_note(board_from(rows), ": "))
             for rows, piece, expected, hint_en, hint_ja in FOUR_CASES]
    return run(_plain_result(four_in_a_row), cases,
               title=tr(en="Check of four_in_a_row", ja="four_in_a_row のチェック"))


def _plain_result(function):
    if not callable(function):
        return function  # run() explains what to give it
    return lambda *args: plain(function(*args))


def _is_yes_or_no(value):
    """True/False (or 1/0): a list or a string would be 'true' too, but is not an answer."""
    return isinstance(value, (bool, int))


# ------------------------------------------------------------- win_if_you_can
# (moves played so far, hint en, hint ja); the answer is every winning column, or any legal one
WIN_POSITIONS = [
    ([1, 6, 2, 6, 3, 5], "X has three across on the bottom row (two ways to win!)",
     "X は下の段に横 3 つ（勝ち方が 2 通り!）"),
    ([2, 0, 2, 1, 2, 0], "X has three up-down", "X は縦に 3 つ"),
    ([0, 1, 1, 2, 2, 3, 2, 3, 3, 6], "a diagonal ╱ is one disc short", "ななめ ╱ があと 1 つ"),
    ([6, 0, 5, 2, 6, 3, 4], "O (the second player) to move: O can win", "O（後手）の番: O が勝てます"),
    ([3, 3, 2, 4], "no win yet: any legal column is fine", "まだ勝てる手はありません: 打てる列ならどこでも OK"),
]


def _win_case(moves, hint_en, hint_ja):
    env = game_after("connectfour", moves)
    wins = [c for c in env.legal_actions() if env.is_winning_move(c)]
    right = wins or env.legal_actions()
    picture = _picture(env.board)
    return move_case(env, right, f"{hint_en}: {picture}", f"{hint_ja}: {picture}")


@exercise("win_if_you_can", "21_connectfour_2_random.ipynb", hints=[
    ("Replace `pass` with a test of `column`: `env.is_winning_move(column)` says whether a disc dropped there "
     "wins at once for the player to move.",
     "`pass` を、`column` を調べるテストに書きかえましょう。`env.is_winning_move(column)` は、そこに石を落とすと"
     "手番のプレイヤーがすぐ勝てるかどうかを教えてくれます。"),
    ("Return the column only when it wins. When it does not, do nothing: the loop goes on to the next column, and "
     "the random move after the loop is played only when no column wins. If you try moves yourself, do it on "
     "`env.clone()`, never on `env`.",
     "列を返すのは、その列で勝てるときだけです。勝てないときは何もしません。ループが次の列に進み、ループのあとの"
     "ランダムな手は、どの列でも勝てないときだけ打たれます。自分で手を試すなら、`env` ではなく `env.clone()` で"
     "試しましょう。"),
    ("In place of `pass`: `if env.is_winning_move(column):` and, on the next line, indented one step more, "
     "`return column`.",
     "`pass` の代わりに `if env.is_winning_move(column):` と書き、次の行に一段下げて `return column` です。"),
])
def check_win_if_you_can(agent):
    """``agent(env)`` plays a winning column whenever there is one (and a legal one otherwise)."""
    if not callable(agent):
        return run(agent, [])  # run() explains what to give it
    cases = [_win_case(*position) for position in WIN_POSITIONS]
    return run(lambda call: call(agent), cases,
               title=tr(en="Check of win_if_you_can", ja="win_if_you_can のチェック"))


# ----------------------------------------------------------------- score_window
WINDOW_CASES = [
    # (window, piece, expected, hint en, hint ja)
    ([1, 1, 1, 1], 1, 1_000_000, "four of mine: a line, 1,000,000", "自分の石が 4 つ: 勝ち、1,000,000"),
    ([1, 1, 0, 1], 1, 1, "three of mine and one empty: 1", "自分が 3 つと空きが 1 つ: 1"),
    ([0, 2, 2, 2], 2, 1, "three of mine (my discs are the 2s) and one empty: 1", "自分（石 2）が 3 つと空きが 1 つ: 1"),
    ([2, 0, 2, 2], 1, -100, "three of the opponent and one empty: -100", "相手が 3 つと空きが 1 つ: -100"),
    ([1, 1, 1, 0], 2, -100, "my discs are the 2s, the opponent has three: -100", "自分は石 2、相手が 3 つ: -100"),
    ([1, 1, 2, 1], 1, 0, "three of mine but blocked by the opponent: 0", "自分が 3 つでも相手にふさがれている: 0"),
    ([1, 1, 0, 0], 1, 0, "only two of mine: 0", "自分が 2 つだけ: 0"),
    ([0, 0, 0, 0], 1, 0, "an empty window: 0", "空っぽの窓: 0"),
]


@exercise("score_window", "22_connectfour_3_lookahead.ipynb", hints=[
    ("The start already counts `mine` and `empty` and knows `opponent`. Count the opponent's discs in the same "
     "way: `window.count(opponent)`.",
     "最初のコードは `mine` と `empty` をもう数えていて、`opponent` もわかっています。相手の石も同じように "
     "`window.count(opponent)` で数えましょう。"),
    ("A threat is three discs of one player AND one empty cell: test both numbers with `and`. Three of mine with "
     "a disc of the opponent in the window is blocked and worth 0, and so is a window with only two of mine.",
     "リーチは「どちらかの石が 3 つ」かつ「空きが 1 つ」です。`and` で 2 つの数を両方調べましょう。自分の石が 3 つでも"
     "相手の石が 1 つ入っている窓はふさがれているので 0 点、自分の石が 2 つだけの窓も 0 点です。"),
    ("Two `if`s before `return 0`: the first checks `mine == 3` and `empty == 1` and returns 1; the second checks "
     "the count of the opponent's discs `== 3` and `empty == 1` and returns -100.",
     "`return 0` の前に `if` を 2 つ書きます。1 つ目は `mine == 3` と `empty == 1` を調べて 1 を返し、"
     "2 つ目は相手の石の数が `== 3` と `empty == 1` を調べて -100 を返します。"),
])
def check_score_window(score_window):
    """``score_window(window, piece)``: the classic score of one window (a list of 4 cells)."""
    cases = [Case(args=(list(window), piece), expected=expected, hint_en=f"{window}, piece {piece}: {hint_en}",
                  hint_ja=f"{window}、石 {piece}: {hint_ja}")
             for window, piece, expected, hint_en, hint_ja in WINDOW_CASES]
    return run(_plain_result(score_window), cases, title=tr(en="Check of score_window", ja="score_window のチェック"))


# ----------------------------------------------------------------------- planes
PLANE_CASES = [
    # (board rows, me, hint en, hint ja)
    ([], 1, "an empty board: no discs, and every disc would land on the bottom row (row 5)",
     "空の盤: 石はなく、どの列でも石はいちばん下の段（5 段目）に落ちます"),
    (["...O...", "..XXO.."], 1, "red (1) to move: plane 0 = the X discs, plane 1 = the O discs",
     "赤（1）の番: チャンネル 0 = X の石、チャンネル 1 = O の石"),
    (["...O...", "..XXO.."], 2, "yellow (2) to move: now plane 0 = the O discs (mine!)",
     "黄（2）の番: こんどはチャンネル 0 = O の石（自分の石!）"),
    (["X......", "O......", "X...O..", "O..XXO."], 2, "yellow to move, more discs", "黄の番、石が多めの盤"),
    (["O......", "X......", "O......", "X......", "O...X..", "X..OOX."], 1,
     "column 0 is full: no landing cell there", "0 列はいっぱい: そこには落ちる場所がありません"),
]


def planes_expected(board, me):
    """Plane 0: 1.0 where ``me`` has a disc; plane 1: where the opponent has one; plane 2: the cell
    where a disc dropped in each column would land (none in a full column)."""
    board = np.asarray(board)
    landing = np.zeros(board.shape, dtype=bool)
    for column in range(board.shape[1]):
        empty = np.flatnonzero(board[:, column] == 0)
        if len(empty):
            landing[empty[-1], column] = True  # the lowest empty cell (row 0 is the top)
    return np.stack([board == me, board == 3 - me, landing]).astype(np.float32)


@exercise("planes", "23_connectfour_4_dqn.ipynb", hints=[
    ("Plane 1 is made like plane 0, with the other player: the opponent's discs are `3 - me`. Plane 2 needs a loop "
     "over the columns.",
     "チャンネル 1 はチャンネル 0 と同じ作り方で、相手の石にするだけです。"
     "相手の石は `3 - me` です。チャンネル 2 は、列ごとのループで作ります。"),
    ("In a column the empty cells are those where `board` is 0, and a disc lands on the LOWEST of them: the one "
     "with the largest row number (row 0 is the top). Exactly one 1 per column, and none in a full column.",
     "列の中で `board` が 0 のマスが空きマスで、石はそのうち「いちばん下」、つまり段の番号がいちばん大きいマスに"
     "止まります（0 段目がいちばん上）。1 は列ごとにちょうど 1 つで、いっぱいの列には置きません。"),
    ("`result[1] = board == 3 - me`. Then `for col in range(columns):` and inside it go up from the bottom, "
     "`for row in range(rows - 1, -1, -1):`; at the first `board[row, col] == 0` set `result[2, row, col] = 1` "
     "and `break`.",
     "`result[1] = board == 3 - me` です。次に `for col in range(columns):` の中で、下から上へ "
     "`for row in range(rows - 1, -1, -1):` と調べ、最初に `board[row, col] == 0` になったところで "
     "`result[2, row, col] = 1` にして `break` しましょう。"),
])
def check_planes(planes):
    """``planes(board, me)``: a ``(3, rows, columns)`` array of 1 and 0: my discs, the opponent's discs,
    and where a disc would land in each column."""
    cases = []
    for rows, me, hint_en, hint_ja in PLANE_CASES:
        board = board_from(rows)
        expected = planes_expected(board, me)
        cases.append(Case(args=(board, me), expected=Shown(expected, _planes_text),
                          accept=lambda result, expected=expected: same_planes(result, expected),
                          hint_en=f"{hint_en}" + _board_note(board, ": "),
                          hint_ja=f"{hint_ja}" + _board_note(board, ": ")))
    return run(_as_planes_text(planes), cases, title=tr(en="Check of planes", ja="planes のチェック"))


def _as_planes_text(function):
    if not callable(function):
        return function  # run() explains what to give it
    return lambda *args: Shown(function(*args), _planes_text)


def _planes_text(planes):
    """'shape (2, 6, 7); plane 0 has 1 at [(5, 2), (5, 3)]; ...' — what a planes array holds."""
    planes = np.asarray(planes)
    if planes.ndim != 3:
        return tr(en="shape {shape}", ja="形 {shape}", shape=planes.shape)
    parts = [tr(en="shape {shape}", ja="形 {shape}", shape=tuple(planes.shape))]
    for k, plane in enumerate(planes):
        ones = [(int(r), int(c)) for r, c in zip(*np.nonzero(plane))]
        parts.append(tr(en="plane {k}: 1 at {cells}", ja="チャンネル {k}: 1 のマス {cells}", k=k, cells=ones or "-"))
    return "; ".join(parts)


__all__ = ["board_from", "check_drop_piece", "check_four_in_a_row", "check_planes", "check_score_window",
           "check_win_if_you_can", "planes_expected"]
