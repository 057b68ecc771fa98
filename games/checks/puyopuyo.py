"""Self-checks for the Puyo Puyo lessons.

- ``check_groups_to_pop(groups_to_pop)``      (lesson 50) which puyos pop?
- ``check_column_heights(column_heights)``    (lesson 51) how full is each column?
- ``check_evaluation(evaluate)``              (lesson 52) a board evaluation that likes chains
- ``check_colour_planes(colour_planes)``      (lesson 53) the board as the network reads it

Boards are numpy arrays like ``env.board``: 12 rows × 6 columns, row 0 is the TOP row,
0 is empty and 1 to 5 are the colours (1 red R, 2 green G, 3 blue B, 4 yellow Y, 5 purple P).
"""

import numbers

import numpy as np

from ..envs.puyopuyo import COLOUR_LETTERS
from ..messages import tr
from . import Case, Verdict, compare_planes, run
from .exercise_book import exercise

ROWS, COLUMNS = 12, 6


def board_from(rows):
    """A 12 × 6 board from strings, top row first: '.' empty, 'R', 'G', 'B', 'Y', 'P' puyos.

    Give only the bottom rows: the rows above are filled with empty cells.
    """
    rows = ["." * COLUMNS] * (ROWS - len(rows)) + list(rows)
    return np.array([[COLOUR_LETTERS.index(mark) for mark in row] for row in rows], dtype=int)


def board_text(board):
    """The rows of a board that hold puyos, as one line of text for a hint (top row first)."""
    lines = ["".join(COLOUR_LETTERS[v] for v in row) for row in np.asarray(board).tolist() if any(row)]
    return " / ".join(lines) or tr(en="(empty board)", ja="（空の盤）")


def groups_answer(board):
    """Every group of 4 or more touching same-coloured puyos, as a set of frozensets of (row, col)."""
    board = np.asarray(board)
    seen, groups = set(), set()
    for row in range(ROWS):
        for col in range(COLUMNS):
            if board[row, col] == 0 or (row, col) in seen:
                continue
            group, todo = {(row, col)}, [(row, col)]
            while todo:
                r, c = todo.pop()
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= rr < ROWS and 0 <= cc < COLUMNS and (rr, cc) not in group \
                            and board[rr, cc] == board[row, col]:
                        group.add((rr, cc))
                        todo.append((rr, cc))
            seen |= group
            if len(group) >= 4:
                groups.add(frozenset(group))
    return groups


# ------------------------------------------------------------------ groups_to_pop
GROUP_CASES = [
    # (bottom rows, hint en, hint ja)
    ([], "an empty board: nothing pops", "空の盤: 何も消えません"),
    (["R.....", "R.....", "R.....", "R....."], "four reds on top of each other: one group",
     "赤が縦に 4 つ: グループ 1 つ"),
    (["RRRGGG"], "three reds and three greens: a group needs 4 or more, so nothing pops",
     "赤 3 つと緑 3 つ: 4 つ以上でないと消えないので、何も消えません"),
    (["G.....", "G.....", "GGG..."], "five greens in an L shape: one group of 5 (a group can turn corners)",
     "L 字形の緑 5 つ: 5 個のグループ 1 つ（曲がっていてもつながっています）"),
    (["R.....", "BR....", "BBR...", "YBBR.."], "reds that touch only at their corners are not a group; "
                                               "the 5 blues are",
     "角でしか触れていない赤はつながっていません。青 5 つはグループです"),
    (["RR..RR", "RR..RR"], "two squares of red that do not touch: two groups, not one",
     "離れた赤の四角が 2 つ: グループは 1 つではなく 2 つ"),
    (["YYGG..", "YYGGR.", "BBBRRR"], "yellow, green and red groups of 4 pop; the 3 blues stay",
     "黄・緑・赤の 4 つのグループが消えます。青 3 つは残ります"),
]


def _as_groups(result):
    """The groups a student returned, as a list of frozensets of (row, col); None if not that."""
    try:
        groups = []
        for group in result:
            cells = set()
            for cell in group:
                row, col = cell
                cells.add((int(row), int(col)))
            groups.append(frozenset(cells))
        return groups
    except (TypeError, ValueError):
        return None


def _sizes_text(groups):
    sizes = sorted((len(g) for g in groups), reverse=True)
    if not sizes:
        return tr(en="no group", ja="グループなし")
    return tr(en="{n} group(s) of sizes {sizes}", ja="{n} 個のグループ（大きさ {sizes}）", n=len(sizes), sizes=sizes)


def _group_case(rows, hint_en, hint_ja):
    board = board_from(rows)
    answer = groups_answer(board)

    def accept(result):
        groups = _as_groups(result)
        # each group once, and exactly the groups that pop
        return groups is not None and len(groups) == len(set(groups)) and set(groups) == answer

    text = board_text(board)
    return Case(args=(board,), expected=_sizes_text(answer), accept=accept,
                hint_en=f"{hint_en} [{text}]", hint_ja=f"{hint_ja} [{text}]")


@exercise("groups_to_pop", "50_puyopuyo_1_env.ipynb", hints=[
    ("The start already finds every group once (that is what `seen` is for); the only problem is which groups "
     "it keeps. Look at the check's case with three reds and three greens: nothing should pop there.",
     "最初のコードは、すべてのグループを 1 回ずつ見つけています（そのための `seen` です）。まちがっているのは、"
     "どのグループをリストに入れるかだけです。赤 3 つと緑 3 つのケースを見てください。そこでは何も消えないはずです。"),
    ("A group pops when it holds 4 or more puyos. A group is a set of `(row, col)`, so `len(group)` is its "
     "number of puyos. Keep `seen |= group` for every group, the small ones too, so that no group is found twice.",
     "4 つ以上のぷよがあるグループが消えます。グループは `(row, col)` の集合なので、`len(group)` がぷよの数です。"
     "`seen |= group` は小さいグループにもそのまま残しましょう。同じグループを 2 回見つけないためです。"),
    ("Put a test in front of the last line of the loop: `if len(group) >= 4:` and, indented under it, "
     "`groups.append(group)`. Careful: `> 4` would leave out the groups of exactly 4.",
     "ループの最後の行の前にテストを入れます: `if len(group) >= 4:` と書き、その下に字下げして "
     "`groups.append(group)`。注意: `> 4` だと、ちょうど 4 つのグループが入りません。"),
])
def check_groups_to_pop(groups_to_pop):
    """``groups_to_pop(board)`` returns a list of groups (each a set of (row, col)) of 4+ touching puyos."""
    cases = [_group_case(rows, hint_en, hint_ja) for rows, hint_en, hint_ja in GROUP_CASES]
    return run(groups_to_pop, cases, title=tr(en="Check of groups_to_pop", ja="groups_to_pop のチェック"))


# ------------------------------------------------------------------ column_heights
HEIGHT_CASES = [
    ([], "an empty board: every column is 0", "空の盤: どの列も 0"),
    (["R....."], "one puyo in column 0", "0 列にぷよが 1 つ"),
    (["....GR", "....RG", "B...GR"], "columns 4 and 5 hold 3 puyos, column 0 holds 1",
     "4 列と 5 列に 3 つ、0 列に 1 つ"),
    (["..R..."] + ["..GB.."] * 11, "column 2 is full (12 puyos), column 3 holds 11",
     "2 列はいっぱい（12 個）、3 列は 11 個"),
]


@exercise("column_heights", "51_puyopuyo_2_random.ipynb", hints=[
    ("`board[:, col]` is one column: its 12 cells from the top (row 0) to the bottom (row 11). An empty cell "
     "is 0, a puyo is its colour, 1 to 4. The start never changes `heights`, so every column stays 0.",
     "`board[:, col]` が 1 つの列で、上（0 行）から下（11 行）までの 12 マスです。空きマスは 0、ぷよは色の番号 "
     "1〜4 です。最初のコードは `heights` を変えていないので、どの列も 0 のままです。"),
    ("The height of a column is the number of its cells that are NOT 0, and `np.count_nonzero` counts exactly "
     "those. Do not add up the values (`sum` adds the colour numbers: a blue puyo would count 3), and do not use "
     "`len` (a column always has 12 cells).",
     "列の高さは、0 では「ない」マスの数です。`np.count_nonzero` がちょうどそれを数えます。値を足し合わせては"
     "いけません（`sum` だと色の番号を足すので、青ぷよは 3 と数えられます）。`len` もだめです（列はいつも 12 マス）。"),
    ("A loop over the 6 columns: `for col in range(6):` and inside it `heights[col] = ...`, with "
     "`np.count_nonzero` of `board[:, col]`. Keep `return heights` after the loop.",
     "6 つの列のループです: `for col in range(6):` の中で `heights[col] = ...` とし、右側は "
     "`board[:, col]` の `np.count_nonzero` です。`return heights` はループのあとに残します。"),
])
def check_column_heights(column_heights):
    """``column_heights(board)`` returns how many puyos each of the 6 columns holds (a list of 6 numbers)."""
    cases = []
    for rows, hint_en, hint_ja in HEIGHT_CASES:
        board = board_from(rows)
        expected = [int(n) for n in (board != 0).sum(axis=0)]
        shown = f" [{board_text(board)}]" if len(rows) <= 4 else ""  # a tall board is too long for a hint
        cases.append(Case(args=(board,), expected=expected,
                          accept=lambda result, expected=expected: _numbers(result) == expected,
                          hint_en=hint_en + shown, hint_ja=hint_ja + shown))
    return run(column_heights, cases, title=tr(en="Check of column_heights", ja="column_heights のチェック"))


def _numbers(result):
    """A list of whole numbers, or None when ``result`` is not a sequence of them."""
    try:
        values = list(result)
        if not all(isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in values):
            return None
        return [int(v) for v in values]
    except TypeError:
        return None


# ------------------------------------------------------------------ evaluate
EVALUATION_CASES = [
    # (board A, board B, hint en, hint ja): A must score higher than B
    (["RRGG.."], ["RGRG.."], "the same puyos: on A the same colours touch side by side, on B they do not",
     "同じぷよ: A は同じ色がとなり合っていて、B はばらばら"),
    (["R.G...", "R.G..."], ["R.G...", "G.R..."], "the same puyos: on A the same colours are stacked, on B mixed",
     "同じぷよ: A は同じ色が縦に重なっていて、B はまざっている"),
    (["RGBYRG"], ["..R...", "..G...", "..B...", "..Y...", "..R...", "..G..."],
     "the same 6 puyos: A is low and flat, B is a tower in column 2, where new pairs appear "
     "(when it is full, the game is over)",
     "同じ 6 個のぷよ: A は低く平ら、B は新しいぷよが出てくる 2 列に積み上がった塔"
     "（そこがいっぱいになるとゲームオーバー）"),
]


@exercise("evaluate", "52_puyopuyo_3_chains.ipynb", hints=[
    ("The start only scores the height, so two boards with the same puyos at the same height get the same score. "
     "Look at the first two pairs of the check: what does A have that B has not? Keep the height penalty: the "
     "third pair (a flat board against a tower) needs it.",
     "最初のコードは高さしか見ていないので、同じぷよが同じ高さにある 2 つの盤は同じ点になります。チェックの最初の "
     "2 組を見てみましょう。A にあって B にないものは何でしょう？ 高さのマイナスは残しましょう。3 組目"
     "（平らな盤と塔）にはそれが必要です。"),
    ("`board[:, :-1] == board[:, 1:]` compares every cell with its right neighbour: True where both have the same "
     "colour. But two empty cells (0 and 0) are \"the same\" too, so also require `board[:, 1:] != 0`. "
     "`board[:-1] == board[1:]` does the same for a cell and the cell below it, and `.sum()` counts the True values.",
     "`board[:, :-1] == board[:, 1:]` は、すべてのマスを右どなりとくらべ、同じ色のところが True になります。"
     "でも空きマスどうし（0 と 0）も「同じ」になってしまうので、`board[:, 1:] != 0` も条件にします。"
     "`board[:-1] == board[1:]` はマスとその下のマスを同じようにくらべます。`.sum()` で True の数を数えられます。"),
    ("`side = (board[:, :-1] == board[:, 1:]) & (board[:, 1:] != 0)` (the brackets are needed around each "
     "comparison), `stacked` the same with `board[:-1]` and `board[1:]`, then return 10 times the number of "
     "touching pairs, `side.sum() + stacked.sum()`, minus `heights.max()`.",
     "`side = (board[:, :-1] == board[:, 1:]) & (board[:, 1:] != 0)`（比較のまわりのかっこは必要です）、"
     "`stacked` も `board[:-1]` と `board[1:]` で同じように作ります。そして、となり合ったペアの数 "
     "`side.sum() + stacked.sum()` の 10 倍から `heights.max()` を引いた値を返します。"),
])
def check_evaluation(evaluate):
    """``evaluate(board)`` returns a number: higher for a board that is better to build chains on."""
    if not callable(evaluate):
        return run(evaluate, [])

    def compare(board_a, board_b):
        return evaluate(board_a), evaluate(board_b)

    def higher(result):
        a, b = result
        return all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in (a, b)) and a > b

    cases = []
    for rows_a, rows_b, hint_en, hint_ja in EVALUATION_CASES:
        a, b = board_from(rows_a), board_from(rows_b)
        cases.append(Case(args=(a, b), expected=tr(en="(score of A, score of B) with A > B",
                                                    ja="(A の点, B の点) で A > B"),
                          accept=higher, hint_en=f"{hint_en} [A: {board_text(a)}] [B: {board_text(b)}]",
                          hint_ja=f"{hint_ja} [A: {board_text(a)}] [B: {board_text(b)}]"))
    return run(compare, cases, title=tr(en="Check of evaluate: board A must score higher than board B",
                                        ja="evaluate のチェック: 盤 A の点が盤 B より高くなるはずです"))


# ------------------------------------------------------------------ colour planes
PLANE_CASES = [
    ([], 4, "an empty board: 4 planes, all False", "空の盤: 4 チャンネル、全部 False"),
    (["R....Y"], 4,
     "a red puyo in column 0 and a yellow one in column 5: plane 0 is red (colour 1), plane 3 yellow (4)",
     "0 列に赤、5 列に黄: チャンネル 0 が赤（色 1）、チャンネル 3 が黄（色 4）"),
    (["G.....", "GBBY..", "RRBYY."], 4, "all four colours", "4 色全部"),
    (["B.....", "GRB..."], 3, "only 3 colours (colours=3): 3 planes", "3 色だけ（colours=3）: チャンネルは 3 つ"),
]


@exercise("colour_planes", "53_puyopuyo_4_dqn.ipynb", hints=[
    ("Which colour does plane 0 of the start show? `range(colours)` begins at 0, and 0 on the board is an empty "
     "cell, not red.",
     "最初のコードのチャンネル 0 は、どの色を表しているでしょう？ `range(colours)` は 0 から始まりますが、盤の 0 は"
     "空きマスで、赤ではありません。"),
    ("The colours are numbered from 1 (red) to `colours`. A `range` stops just before its end, so to get "
     "1, 2, ..., `colours` the end must be one more than `colours`.",
     "色は 1（赤）から `colours` までの番号です。`range` は終わりの数の 1 つ手前で止まるので、1, 2, ..., `colours` "
     "にするには、終わりを `colours` より 1 大きくする必要があります。"),
    ("Only the `range` changes: start it at 1 and end it at `colours + 1`, still inside `np.array([...])`. With "
     "`colours=3` that makes 3 planes, for the colours 1, 2 and 3.",
     "変えるのは `range` だけです。1 から始めて `colours + 1` で終わるようにします。`np.array([...])` は"
     "そのままです。`colours=3` なら、色 1、2、3 の 3 チャンネルになります。"),
])
def check_colour_planes(colour_planes):
    """``colour_planes(board, colours)``: one True/False plane (12 × 6) per colour 1 .. colours."""
    if not callable(colour_planes):
        return run(colour_planes, [])

    def plane_name(index):
        return tr(en="plane {i} (colour {c}, {letter})", ja="チャンネル {i}（色 {c}、{letter}）",
                  i=index, c=index + 1, letter=COLOUR_LETTERS[index + 1])

    def judged(board, colours, answer):
        return compare_planes(colour_planes(board, colours), answer, plane_name)

    cases = []
    for rows, colours, hint_en, hint_ja in PLANE_CASES:
        board = board_from(rows)
        answer = np.array([board == colour for colour in range(1, colours + 1)])
        cases.append(Case(args=(board, colours, answer), accept=lambda result: result.right,
                          expected=Verdict(True, tr(en="{n} planes of shape (12, 6)",
                                                   ja="形 (12, 6) のチャンネルが {n} 個", n=colours)),
                          hint_en=f"{hint_en} [{board_text(board)}]", hint_ja=f"{hint_ja} [{board_text(board)}]"))
    return run(judged, cases, title=tr(en="Check of colour_planes: one plane per colour 1, 2, ...",
                                       ja="colour_planes のチェック: 色 1, 2, ... ごとに 1 チャンネル"))


__all__ = ["board_from", "board_text", "check_colour_planes", "check_column_heights", "check_evaluation",
           "check_groups_to_pop", "groups_answer"]
