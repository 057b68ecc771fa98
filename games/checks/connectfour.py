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
from . import Case, Shown, game_after, move_case, plain, run, same_planes

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

    return Case(args=(board, column, piece), expected=f"row {landing}", accept=accept,
                hint_en=hint_en + f" (column {column}, piece {piece}" + _board_note(before, "; board ") + ")",
                hint_ja=hint_ja + f"（{column} 列、駒 {piece}" + _board_note(before, "、盤 ") + "）")


def _board_note(board, prefix):
    return prefix + _picture(board) if np.asarray(board).any() else ""


def check_drop_piece(drop_piece):
    """``drop_piece(board, column, piece)`` puts ``piece`` in the lowest empty cell of ``column``."""
    cases = [
        _drop_case(board_from([]), 3, 1, "an empty board: the disc falls to the bottom row",
                   "空の盤: 駒はいちばん下の段まで落ちます"),
        _drop_case(board_from(["...X...", "...O..."]), 3, 2, "a column with two discs: it lands on top of them",
                   "駒が 2 つある列: その上に乗ります"),
        _drop_case(board_from(["X......"]), 0, 1, "the leftmost column, one disc already there",
                   "いちばん左の列（駒が 1 つ）"),
        _drop_case(board_from(["......O", "......X", "......O", "......X", "......O"]), 6, 1,
                   "a column with one cell left: the disc lands on the top row",
                   "あと 1 マスだけ空いた列: 駒はいちばん上の段に入ります"),
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
     "相手の駒が 4 つ: 駒 1 の並びではありません"),
]


def check_four_in_a_row(four_in_a_row):
    """``four_in_a_row(board, piece)`` is True when ``piece`` has four in a line (any direction)."""
    cases = [Case(args=(board_from(rows), piece), expected=expected,
                  accept=lambda result, expected=expected: _is_yes_or_no(result) and bool(result) == expected,
                  hint_en=hint_en + _board_note(board_from(rows), ": "),
                  hint_ja=hint_ja + _board_note(board_from(rows), ": "))
             for rows, piece, expected, hint_en, hint_ja in FOUR_CASES]
    return run(_plain_result(four_in_a_row), cases, title=tr(en="Check of four_in_a_row", ja="four_in_a_row のチェック"))


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


def check_win_if_you_can(agent):
    """``agent(env)`` plays a winning column whenever there is one (and a legal one otherwise)."""
    if not callable(agent):
        return run(agent, [])  # run() explains what to give it
    cases = [_win_case(*position) for position in WIN_POSITIONS]
    return run(lambda call: call(agent), cases, title=tr(en="Check of your agent", ja="エージェントのチェック"))


# ----------------------------------------------------------------- score_window
WINDOW_CASES = [
    # (window, piece, expected, hint en, hint ja)
    ([1, 1, 1, 1], 1, 1_000_000, "four of mine: a line, 1,000,000", "自分の駒が 4 つ: 勝ち、1,000,000"),
    ([1, 1, 0, 1], 1, 1, "three of mine and one empty: 1", "自分が 3 つと空きが 1 つ: 1"),
    ([0, 2, 2, 2], 2, 1, "three of mine (I am piece 2) and one empty: 1", "自分（駒 2）が 3 つと空きが 1 つ: 1"),
    ([2, 0, 2, 2], 1, -100, "three of the opponent and one empty: -100", "相手が 3 つと空きが 1 つ: -100"),
    ([1, 1, 1, 0], 2, -100, "I am piece 2, the opponent has three: -100", "自分は駒 2、相手が 3 つ: -100"),
    ([1, 1, 2, 1], 1, 0, "three of mine but blocked by the opponent: 0", "自分が 3 つでも相手にふさがれている: 0"),
    ([1, 1, 0, 0], 1, 0, "only two of mine: 0", "自分が 2 つだけ: 0"),
    ([0, 0, 0, 0], 1, 0, "an empty window: 0", "空っぽの窓: 0"),
]


def check_score_window(score_window):
    """``score_window(window, piece)``: the classic score of one window (a list of 4 cells)."""
    cases = [Case(args=(list(window), piece), expected=expected, hint_en=f"{window}, piece {piece}: {hint_en}",
                  hint_ja=f"{window}、駒 {piece}: {hint_ja}")
             for window, piece, expected, hint_en, hint_ja in WINDOW_CASES]
    return run(_plain_result(score_window), cases, title=tr(en="Check of score_window", ja="score_window のチェック"))


# ----------------------------------------------------------------------- planes
PLANE_CASES = [
    # (board rows, me, hint en, hint ja)
    ([], 1, "an empty board: no discs, and every disc would land on the bottom row (row 5)",
     "空の盤: 駒はなく、どの列でも駒はいちばん下の段（5 段目）に落ちます"),
    (["...O...", "..XXO.."], 1, "red (1) to move: plane 0 = the X discs, plane 1 = the O discs",
     "赤（1）の番: 0 枚目 = X の駒、1 枚目 = O の駒"),
    (["...O...", "..XXO.."], 2, "yellow (2) to move: now plane 0 = the O discs (mine!)",
     "黄（2）の番: こんどは 0 枚目 = O の駒（自分の駒!）"),
    (["X......", "O......", "X...O..", "O..XXO."], 2, "yellow to move, more discs", "黄の番、駒が多めの盤"),
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
        parts.append(tr(en="plane {k}: 1 at {cells}", ja="{k} 枚目: 1 のマス {cells}", k=k, cells=ones or "-"))
    return "; ".join(parts)


__all__ = ["board_from", "check_drop_piece", "check_four_in_a_row", "check_planes", "check_score_window",
           "check_win_if_you_can", "planes_expected"]
