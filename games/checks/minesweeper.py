"""Self-checks for the Minesweeper lessons.

- ``check_count_around(count_around)``      (lesson 40) how many mines are around a cell?
- ``check_chance_all_safe(chance_all_safe)``  (lesson 41) the chance that random clicks all miss the mines
- ``check_simple_rules(simple_rules)``       (lesson 42) the single-cell deductions
- ``check_planes(planes)``                   (lesson 43) the board as the network reads it

Boards are numpy arrays. A mine map has True (or 1) where a mine is. A view is what a
player sees, like ``env.board``: -1 a hidden cell, 0 to 8 a revealed number.
"""

import itertools

import numpy as np

from ..messages import tr
from . import Case, Verdict, close, compare_planes, run
from .exercise_book import exercise


def layout(rows):
    """``(view, mines)`` from strings, top row first: '*' a hidden mine, '#' a hidden safe cell,
    '.' a revealed safe cell (its number is worked out from the mines)."""
    mines = np.array([[mark == "*" for mark in row] for row in rows])
    hidden = np.array([[mark in "*#" for mark in row] for row in rows])
    view = np.where(hidden, -1, numbers_of(mines))
    return view, mines


def numbers_of(mines):
    """The number of every cell: how many of its (up to 8) neighbours are mines."""
    mines = np.asarray(mines).astype(int)
    rows, cols = mines.shape
    padded = np.pad(mines, 1)  # a border of empty cells: no mines outside the board
    around = sum(padded[1 + dr:1 + dr + rows, 1 + dc:1 + dc + cols]
                 for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
    return around


def view_text(view):
    """A view as one line of text for a hint: '#' hidden, numbers as digits, rows split by '/'."""
    return " / ".join("".join("#" if value < 0 else str(value) for value in row)
                      for row in np.asarray(view).tolist())


def mines_text(mines):
    """A mine map as one line of text for a hint: '*' a mine, '.' no mine."""
    return " / ".join("".join("*" if value else "." for value in row) for row in np.asarray(mines).tolist())


# ------------------------------------------------------------------ count_around
COUNT_BOARD = ["....*",
               ".**..",
               ".....",
               "**..*"]

COUNT_CASES = [
    # (row, col, hint en, hint ja)
    (2, 2, "a cell in the middle: all 8 neighbours count, the diagonal ones too",
     "まん中のマス: 8 つのとなり全部を数えます（ななめも）"),
    (1, 1, "(1, 1) is a mine itself: a cell is not its own neighbour, do not count it",
     "(1, 1) は自分が地雷です: 自分自身はとなりではないので数えません"),
    (0, 1, "the top edge: there is no row above row 0 (in Python, index -1 means the LAST row!)",
     "上のはし: 0 行目の上に行はありません（Python ではインデックス -1 は「最後の行」です！）"),
    (2, 0, "the left edge: there is no column -1 (index -1 would be the last column)",
     "左のはし: -1 列はありません（-1 だと最後の列になってしまいます）"),
    (3, 4, "the bottom-right corner: row 4 and column 5 do not exist",
     "右下のすみ: 4 行目と 5 列目はありません"),
]


@exercise("count_around", "40_minesweeper_1_env.ipynb", hints=[
    ("Read which cases of the check fail: a cell in the middle, a cell that is a mine itself, and cells at the "
     "edges. Each of the three bugs listed above the exercise shows up in a different case: fix them one at a time "
     "and run the check after each fix.",
     "チェックのどのケースが ✗ になったかを読みましょう。まん中のマス、自分が地雷のマス、はしのマスがあります。"
     "練習問題の上にある 3 つのバグは、それぞれ別のケースで見つかります。"
     "1 つずつ直して、直すたびにチェックを実行しましょう。"),
    ("The two loops visit 9 cells: the 8 neighbours and `(row, col)` itself, which must be skipped. At the edges, "
     "`row - 1` can be -1 (numpy then reads the LAST row, with no error) and `row + 1` can be `rows` (an "
     "`IndexError`): loop only over the rows and columns that are on the board.",
     "二重ループ（ループの中のループ）は 9 マスを回ります。8 つのとなりと、`(row, col)` 自身です。"
     "自分自身は飛ばさなければいけません。"
     "はしでは、`row - 1` が -1 になることがあり（numpy はエラーにならず「最後の行」を読みます）、"
     "`row + 1` が `rows` になることもあります（`IndexError`）。盤の中にある行と列だけをループしましょう。"),
    ("Take `rows, cols = mines.shape`, loop with `for r in range(max(row - 1, 0), min(row + 2, rows)):` and "
     "the same for `c` with `col` and `cols`, and add `mines[r, c]` only `if (r, c) != (row, col)`.",
     "`rows, cols = mines.shape` として、`for r in range(max(row - 1, 0), min(row + 2, rows)):` でループし、"
     "`c` も `col` と `cols` で同じように書きます。"
     "そして `if (r, c) != (row, col)` のときだけ `mines[r, c]` を足します。"),
])
def check_count_around(count_around):
    """``count_around(mines, row, col)``: how many of the 8 cells around ``(row, col)`` are mines."""
    mines = np.array([[mark == "*" for mark in row] for row in COUNT_BOARD])
    answers = numbers_of(mines)
    picture = mines_text(mines)
    cases = [Case(args=(mines.copy(), row, col), expected=int(answers[row, col]),
                  hint_en=f"{hint_en} [mines: {picture}; cell ({row}, {col})]",
                  hint_ja=f"{hint_ja} [地雷: {picture}、マス ({row}, {col})]")
             for row, col, hint_en, hint_ja in COUNT_CASES]
    return run(count_around, cases, title=tr(en="Check of count_around", ja="count_around のチェック"))


# ------------------------------------------------------------------ chance_all_safe
def chance_all_safe_answer(hidden, mines, clicks):
    """The chance that ``clicks`` random clicks on different hidden cells all miss the mines."""
    chance = 1.0
    for i in range(clicks):  # after each safe click there is one safe cell and one hidden cell fewer
        chance *= (hidden - mines - i) / (hidden - i)
    return chance


CHANCE_CASES = [
    # (hidden, mines, clicks, hint en, hint ja)
    (10, 1, 1, "one click on 10 hidden cells, 1 mine: 9 safe cells out of 10",
     "かくれたマス 10 個・地雷 1 個で 1 回クリック: 10 マス中 9 マスが安全"),
    (10, 1, 2, "two clicks: after a safe click, 8 safe cells are left among 9 hidden ones",
     "2 回クリック: 1 回目が安全なら、残りはかくれたマス 9 個のうち安全なマス 8 個"),
    (4, 2, 2, "4 hidden cells, 2 mines, 2 clicks: 2/4 × 1/3",
     "かくれたマス 4 個・地雷 2 個で 2 回: 2/4 × 1/3"),
    (5, 2, 4, "5 hidden cells, 2 mines: there are only 3 safe cells, so 4 safe clicks are impossible",
     "かくれたマス 5 個・地雷 2 個: 安全なマスは 3 個だけなので、4 回続けて安全はありえません"),
    (80, 10, 70, "the beginner board after the first click: 70 safe clicks in a row",
     "初級の盤で最初のクリックのあと: 70 回続けて安全"),
]


@exercise("chance_all_safe", "41_minesweeper_2_random.ipynb", hints=[
    ("Write out the first clicks on the beginner board, as the lesson does: 70/80, then 69/79, then 68/78. "
     "The start uses 70/80 for every click. What changes from one click to the next?",
     "レッスンのように、初級の盤の最初のクリックを書き出してみましょう: 70/80、次は 69/79、その次は 68/78。"
     "最初のコードは、どのクリックにも 70/80 を使っています。クリックのたびに何が変わるでしょう？"),
    ("After each safe click there is one safe cell fewer AND one hidden cell fewer. So click number `i` "
     "(counting from 0) is safe with the chance `(safe - i) / (hidden - i)`, and the chance that all are safe "
     "is the product of these chances: start from 1 (not 0, or the product stays 0) and multiply in a loop.",
     "安全なクリックのあとは、安全なマスが 1 つ減り、かくれたマスも 1 つ減ります。だから `i` 回目のクリック"
     "（0 から数える）が安全な確率は `(safe - i) / (hidden - i)` です。全部が安全な確率はそのかけ算なので、"
     "1 から始めて（0 から始めると、ずっと 0 のままです）、ループでかけていきましょう。"),
    ("`chance = 1.0`, then `for i in range(clicks):` with `chance *= (safe - i) / (hidden - i)` inside, and "
     "`return chance` after the loop, not inside it.",
     "`chance = 1.0` として、`for i in range(clicks):` の中で `chance *= (safe - i) / (hidden - i)`。"
     "`return chance` はループの中ではなく、ループのあとに書きます。"),
])
def check_chance_all_safe(chance_all_safe):
    """``chance_all_safe(hidden, mines, clicks)``: the chance that every click is safe."""

    cases = []
    for hidden, mines, clicks, hint_en, hint_ja in CHANCE_CASES:
        answer = chance_all_safe_answer(hidden, mines, clicks)
        cases.append(Case(args=(hidden, mines, clicks), expected=float(f"{answer:.6g}"),
                          # tiny chances count: no absolute tolerance
                          accept=lambda result, answer=answer: close(result, answer, atol=0.0),
                          hint_en=f"{hint_en} (hidden={hidden}, mines={mines}, clicks={clicks})",
                          hint_ja=f"{hint_ja}（hidden={hidden}, mines={mines}, clicks={clicks}）"))
    return run(chance_all_safe, cases, title=tr(en="Check of chance_all_safe", ja="chance_all_safe のチェック"))


# ------------------------------------------------------------------ simple_rules
def single_cell_rules(view):
    """What one pass of each single-cell rule proves: ``(safe cells, mines)`` as sets of (row, col).

    Rule 1: a number equal to its count of hidden neighbours: they are all mines.
    Rule 2: a number whose mines are all found (by rule 1): its other hidden neighbours are safe.
    """
    view = np.asarray(view)
    rows, cols = view.shape

    def hidden_around(row, col):
        return [(r, c) for r in range(max(row - 1, 0), min(row + 2, rows))
                for c in range(max(col - 1, 0), min(col + 2, cols))
                if (r, c) != (row, col) and view[r, c] < 0]

    revealed = [(row, col) for row in range(rows) for col in range(cols) if view[row, col] >= 0]
    mines = set()
    for row, col in revealed:
        hidden = hidden_around(row, col)
        if hidden and len(hidden) == view[row, col]:
            mines.update(hidden)
    safe = set()
    for row, col in revealed:
        hidden = hidden_around(row, col)
        if sum(cell in mines for cell in hidden) == view[row, col]:
            safe.update(cell for cell in hidden if cell not in mines)
    return safe, mines


def certain_cells(view):
    """Every hidden cell that is the same in all the mine layouts that fit the numbers: ``(safe, mines)``.

    A plain search over every layout of the hidden cells: the check's boards have few of them.
    """
    view = np.asarray(view)
    hidden = [(int(row), int(col)) for row, col in np.argwhere(view < 0)]
    revealed = view >= 0
    fitting = []  # the layouts that fit the numbers: for each hidden cell, is it a mine?
    for candidate in itertools.product((False, True), repeat=len(hidden)):
        mines = np.zeros(view.shape, dtype=bool)
        for cell, mine in zip(hidden, candidate):
            mines[cell] = mine
        if (numbers_of(mines)[revealed] == view[revealed]).all():
            fitting.append(candidate)
    safe = {cell for i, cell in enumerate(hidden) if not any(fit[i] for fit in fitting)}
    mines = {cell for i, cell in enumerate(hidden) if all(fit[i] for fit in fitting)}
    return safe, mines


def _as_cells(cells):
    """A collection of (row, col) as a set of pairs of ints, or None when it is not one."""
    try:
        found = set()
        for cell in cells:
            row, col = cell
            if isinstance(row, bool) or isinstance(col, bool):
                return None
            found.add((int(row), int(col)))
        return found
    except (TypeError, ValueError):
        return None


RULE_CASES = [
    # (layout, hint en, hint ja)
    (["*.",
      ".."], "a 1 with only one hidden neighbour: that cell is a mine (rule 1)",
     "となりのかくれたマスが 1 つだけの「1」: そのマスは地雷です（ルール 1）"),
    (["**#",
      "...",
      "..."], "the 2 on the left has exactly 2 hidden neighbours: both mines (rule 1); then the middle 2 "
              "has its 2 mines, so its third hidden neighbour is safe (rule 2)",
     "左の「2」のとなりのかくれたマスはちょうど 2 つ: 両方地雷（ルール 1）。すると、まん中の「2」はもう地雷が "
     "2 つそろったので、残りのかくれたマスは安全です（ルール 2）"),
    (["*#*",
      "...",
      "..."], "1-2-1: no single number decides anything here (that needs the subset rule): "
              "do not claim cells you are not sure of",
     "1-2-1: ここでは数字 1 つだけでは何も決まりません（部分集合のルールが必要）。確かでないマスを答えに入れないこと"),
    ([".#*..",
      ".*#..",
      "...**",
      "....#"], "a bigger board: first every mine rule 1 finds, then every safe cell rule 2 finds",
     "大きめの盤: まずルール 1 で地雷を全部見つけ、それからルール 2 で安全なマスを全部見つけます"),
    (["...",
      "...",
      "..."], "nothing hidden, no mine: nothing to find", "かくれたマスも地雷もない盤: 見つけるものはありません"),
]


def _rule_case(rows, hint_en, hint_ja):
    view, _ = layout(rows)
    need_safe, need_mines = single_cell_rules(view)
    sure_safe, sure_mines = certain_cells(view)

    def accept(result):
        # Everything rule 1 and rule 2 prove must be there; more is fine if it is certain
        # (a student who also uses the subset rule is right), a guess is not.
        if not isinstance(result, (tuple, list)) or len(result) != 2:
            return False
        safe, mines = _as_cells(result[0]), _as_cells(result[1])
        if safe is None or mines is None:
            return False
        return need_safe <= safe <= sure_safe and need_mines <= mines <= sure_mines

    text = view_text(view)
    return Case(args=(view.copy(),), expected=(need_safe, need_mines), accept=accept,
                hint_en=f"{hint_en} [view: {text}]", hint_ja=f"{hint_ja} [盤: {text}]")


@exercise("simple_rules", "42_minesweeper_3_logic.ipynb", hints=[
    ("Rule 2 needs the mines rule 1 found, so give it a loop of its own over every cell, after the loop of "
     "rule 1. Look at the second board of the check: the middle 2 only tells you something once both mines "
     "of the left 2 are known.",
     "ルール 2 にはルール 1 で見つけた地雷が必要です。だから、ルール 1 のループのあとに、すべてのマスを回る"
     "別のループを書きましょう。チェックの 2 つ目の盤を見てください。まん中の「2」は、左の「2」の地雷が "
     "2 つともわかってはじめて役に立ちます。"),
    ("For each revealed number, take its hidden neighbours with `hidden_around(view, row, col)` and count how "
     "many of them are in `mines`. When that count equals the number, all its mines are found, so its hidden "
     "neighbours that are NOT in `mines` are safe. A cell of `mines` must never go into `safe`.",
     "開いている数字ごとに、`hidden_around(view, row, col)` でとなりのかくれたマスを取り出し、そのうちいくつが "
     "`mines` に入っているかを数えます。その数が数字と同じなら地雷は全部見つかっているので、`mines` に"
     "「入っていない」かくれたマスが安全です。`mines` のマスを `safe` に入れてはいけません。"),
    ("In the second loop, for the revealed cells (`view[row, col] >= 0`): `hidden = hidden_around(view, row, col)`, "
     "`found = [cell for cell in hidden if cell in mines]`, and `if len(found) == view[row, col]:` add to `safe` "
     "every cell of `hidden` that is not in `mines`.",
     "2 つ目のループで、開いているマス（`view[row, col] >= 0`）について: `hidden = hidden_around(view, row, col)`、"
     "`found = [cell for cell in hidden if cell in mines]` として、`if len(found) == view[row, col]:` のときに、"
     "`hidden` のうち `mines` に入っていないマスを全部 `safe` に加えます。"),
])
def check_simple_rules(simple_rules):
    """``simple_rules(view)`` returns ``(safe, mines)``: sets of ``(row, col)`` proved by the single-cell rules."""
    cases = [_rule_case(rows, hint_en, hint_ja) for rows, hint_en, hint_ja in RULE_CASES]
    return run(simple_rules, cases, title=tr(en="Check of simple_rules (the answer is (safe, mines))",
                                             ja="simple_rules のチェック（答えは (安全なマス, 地雷)）"))


# ------------------------------------------------------------------ planes
def planes_answer(view):
    """The 10 planes of a view, as in ``games.dqn`` (shape (10, rows, cols)): hidden, then 0 .. 8."""
    view = np.asarray(view)
    return np.array([view == -1] + [view == number for number in range(9)])


PLANE_CASES = [
    (["*.",
      ".."], "a 2 × 2 board: one hidden cell and three 1s", "2 × 2 の盤: かくれたマス 1 つと「1」が 3 つ"),
    (["*#*",
      "...",
      "..."], "1-2-1 above a row of 0s: the 0s get their own plane too (an open 0 is information!)",
     "0 の行の上に 1-2-1: 0 にも専用のチャンネルがあります（開いた 0 も大事な情報です！）"),
    (["#*##",
      "....",
      "*...",
      "#..."], "a 4 × 4 board with numbers 0, 1 and 2", "0, 1, 2 のある 4 × 4 の盤"),
    (["*..*",
      "....",
      "*..*"], "nothing hidden but the mines: 3 rows, 4 columns (mind the order: rows first)",
     "地雷以外は全部開いた 3 行 4 列の盤（順番に注意: 行が先です）"),
]


def _plane_name(index):
    return tr(en="hidden", ja="かくれたマス") if index == 0 else \
        tr(en="number {n}", ja="数字 {n}", n=index - 1)


@exercise("planes", "43_minesweeper_4_dqn.ipynb", hints=[
    ("Count the planes the start makes: one for the hidden cells, plus one for each number in `range(1, 9)`. "
     "How many is that, and how many does the lesson ask for?",
     "最初のコードが作るチャンネルを数えてみましょう。かくれたマスのチャンネルが 1 つと、"
     "`range(1, 9)` の数字ごとに 1 つです。全部でいくつでしょう？ レッスンではいくつ必要でしたか？"),
    ("`range(1, 9)` gives 1, 2, ..., 8: the number 0 has no plane. An open 0 tells the network something too "
     "(no mine around it), so it needs its own plane, right after the plane of the hidden cells.",
     "`range(1, 9)` は 1, 2, ..., 8 です。数字の 0 のチャンネルがありません。開いた 0 もネットワークにとって大事な情報"
     "（まわりに地雷がない）なので、かくれたマスのチャンネルのすぐあとに、0 のチャンネルが必要です。"),
    ("Change only the first number of the `range`, so that it starts at 0 and still ends at 8 (a `range` stops "
     "just before its second number). Then `[hidden] + numbers` is 1 + 9 = 10 planes: hidden, 0, 1, ..., 8, "
     "the order the check expects.",
     "`range` の最初の数だけを変えて、0 から始まり 8 で終わるようにしましょう（`range` は 2 つ目の数の 1 つ手前で"
     "止まります）。すると `[hidden] + numbers` は 1 + 9 = 10 チャンネルになります。かくれたマス、0、1、……、8 の順で、"
     "チェックが期待する順番どおりです。"),
])
def check_planes(planes):
    """``planes(view)``: 10 planes of True/False (or 1/0), shape (10, rows, cols): hidden, then each number 0 to 8."""
    if not callable(planes):
        return run(planes, [])

    def judged(view, answer):
        return compare_planes(planes(view), answer, _plane_name)

    cases = []
    for rows, hint_en, hint_ja in PLANE_CASES:
        view, _ = layout(rows)
        answer = planes_answer(view)
        text = view_text(view)
        cases.append(Case(args=(view.copy(), answer), accept=lambda result: result.right,
                          expected=Verdict(True, tr(en="{n} planes of shape {shape}",
                                                   ja="形 {shape} のチャンネルが {n} 個",
                                                   n=len(answer), shape=answer.shape[1:])),
                          hint_en=f"{hint_en} [view: {text}]", hint_ja=f"{hint_ja} [盤: {text}]"))
    return run(judged, cases, title=tr(en="Check of planes: hidden, then one plane for each number 0 to 8",
                                       ja="planes のチェック: かくれたマス、それから数字 0〜8 のチャンネルを 1 つずつ"))


__all__ = ["check_chance_all_safe", "check_count_around", "check_planes", "check_simple_rules",
           "layout", "numbers_of", "planes_answer", "single_cell_rules", "view_text"]
