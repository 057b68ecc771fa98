"""Self-checks for the Python start track (lessons 02 to 04), in the games' own setting.

- ``check_points(points)``               (lesson 02) if / elif / else: a game's reward as league points
- ``check_league_points(league_points)``  (lesson 02) a for loop that adds up points
- ``check_empty_squares(empty_squares)``  (lesson 03) a list: the empty squares of a board
- ``check_has_line(has_line)``            (lesson 03) tuples: does a mark have three in a row?
- ``check_tally(tally)``                  (lesson 03) a dict that counts results
- ``check_tiny_board(TinyBoard)``         (lesson 04) a class with ``self`` that refuses a taken square
- ``check_count_marks(count_marks)``      (lesson 04) a numpy board, ``board[row, col]``

A board in lessons 02-03 is a list of nine numbers (0 empty, 1 X, 2 O), squares 0 to 8 row by row,
the way lesson 10's ``TinyTicTacToe`` keeps it; in lesson 04 it is a numpy array, like a game's
observation.
"""

import copy

import numpy as np

from ..messages import tr
from . import Case, Words, plain, run, say_tips
from .exercise_book import exercise

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def _whole(value):
    """``value`` as an int when it is a whole number (not True / False), else None."""
    value = plain(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != int(value):
        return None
    return int(value)


def _number_is(expected):
    return lambda result: _whole(result) == expected


def _quiet(function, *args):
    """``function(*args)``, or None when it fails (a tip's test must not raise)."""
    try:
        return plain(function(*copy.deepcopy(args)))
    except Exception:
        return None


def _board(text):
    """A board of nine squares from text such as "XO./.X./..O" (rows split by /)."""
    return [".XO".index(mark) for mark in text.replace("/", "")]


# ------------------------------------------------------------------ lesson 01: points
def _points(reward):
    return {1: 3, 0: 1, -1: 0}[reward]


@exercise("points", "02_python_1_basics.ipynb", hints=[
    ("A game ends with a reward: 1 for a win, 0 for a draw, -1 for a loss. `points` turns it into points: "
     "3 for a win, 1 for a draw, 0 for a loss. The start already handles a win; a draw and a loss are missing.",
     "ゲームの終わりには報酬があります。勝ちは 1、引き分けは 0、負けは -1 です。`points` はそれを点数に"
     "かえます。勝ちは 3 点、引き分けは 1 点、負けは 0 点です。最初のコードは勝ちだけできています。"),
    ("Add `elif reward == 0:` with `return 1` under it, then `else:` with `return 0`. "
     "Write `==` (two equals signs) to compare; one `=` puts a value into a variable.",
     "`elif reward == 0:` と、その下に `return 1` を足します。それから `else:` と `return 0` です。"
     "くらべるときは `==`（イコール 2 つ）です。`=` 1 つは、変数に値を入れる記号です。"),
    ("The lines under `if`, `elif` and `else` start 4 spaces further right. Use `return`, not `print`: "
     "`print` only shows a value, `return` gives it back to whoever called the function.",
     "`if`、`elif`、`else` の下の行は、4 文字分右から書きます。`print` ではなく `return` を使いましょう。"
     "`print` は値を見せるだけで、`return` は関数を呼んだところに値を返します。"),
])
def check_points(points):
    """``points(reward)``: 3 for a win (1), 1 for a draw (0), 0 for a loss (-1)."""
    if not callable(points):
        return run(points, [])
    cases = [
        Case(args=(1,), expected=3, accept=_number_is(3), hint_en="a win (reward 1) gives 3 points",
             hint_ja="勝ち（報酬 1）は 3 点"),
        Case(args=(0,), expected=1, accept=_number_is(1), hint_en="a draw (reward 0) gives 1 point",
             hint_ja="引き分け（報酬 0）は 1 点"),
        Case(args=(-1,), expected=0, accept=_number_is(0), hint_en="a loss (reward -1) gives 0 points",
             hint_ja="負け（報酬 -1）は 0 点"),
    ]
    result = run(points, cases, title=tr(en="Check of points", ja="points のチェック"))
    return say_tips(result, [
        (lambda: any(_quiet(points, reward) is None for reward in (1, 0, -1)),
         "For some reward your function gave back None (nothing). Every case needs a `return`: "
         "did you use print instead of return, or leave a case without one?",
         "ある報酬で、関数が None（何もなし）を返しています。どの場合にも `return` が必要です。"
         "return のかわりに print を使っていませんか？ return のない場合が残っていませんか？"),
        (lambda: isinstance(_quiet(points, 1), str),
         "Your function returned text (in quotes). Return the number itself: `return 3`, not `return \"3\"`.",
         "関数が文字（\" \" で囲んだもの）を返しています。数そのものを返しましょう: "
         "`return \"3\"` ではなく `return 3`。"),
    ])


# ------------------------------------------------------------------ lesson 01: league_points
@exercise("league_points", "02_python_1_basics.ipynb", hints=[
    ("`rewards` is a row of rewards, one per game, such as `[1, 1, 0, -1]`. Go through it with "
     "`for reward in rewards:` and add each game's points to `total`. Does `check_points` pass? "
     "`league_points` uses your `points`.",
     "`rewards` は、`[1, 1, 0, -1]` のような、1 ゲームに 1 つの報酬の並びです。`for reward in rewards:` で"
     "順に見て、ゲームごとの点数を `total` に足します。`check_points` は合格していますか？ "
     "`league_points` は、あなたの `points` を使います。"),
    ("Inside the loop, add to the total: `total = total + points(reward)`. With `total = points(reward)` "
     "the total forgets the games before.",
     "ループの中で合計に足します: `total = total + points(reward)`。`total = points(reward)` だと、"
     "それまでのゲームの点数を忘れてしまいます。"),
    ("`return total` goes AFTER the loop, at the same indentation as `for`, not inside it: inside, the "
     "function would stop after the first game.",
     "`return total` はループの後に、`for` と同じ位置から書きます。ループの中に書くと、"
     "最初のゲームだけで関数が終わってしまいます。"),
])
def check_league_points(league_points):
    """``league_points(rewards)``: the sum of ``points`` over the games' rewards."""
    if not callable(league_points):
        return run(league_points, [])
    examples = [
        ([1, 1, 0, -1], "two wins, a draw and a loss: 3 + 3 + 1 + 0 = 7",
         "勝ち 2 回、引き分け 1 回、負け 1 回: 3 + 3 + 1 + 0 = 7"),
        ([0, 0, 0], "three draws: 1 + 1 + 1 = 3", "引き分け 3 回: 1 + 1 + 1 = 3"),
        ([-1, 1], "a loss, then a win: 0 + 3 = 3", "負けてから勝ち: 0 + 3 = 3"),
        ([], "no games yet: 0 points", "まだ 0 ゲーム: 0 点"),
    ]
    cases = []
    for rewards, hint_en, hint_ja in examples:
        total = sum(_points(reward) for reward in rewards)
        cases.append(Case(args=(rewards,), expected=total, accept=_number_is(total),
                          hint_en=hint_en, hint_ja=hint_ja))
    result = run(league_points, cases, title=tr(en="Check of league_points", ja="league_points のチェック"))
    return say_tips(result, [
        (lambda: _quiet(league_points, [1, 1, 0, -1]) == 1,
         "You added up the rewards (1 + 1 + 0 - 1 = 1). Add their points instead: points(reward).",
         "報酬そのものを足しています（1 + 1 + 0 - 1 = 1）。足すのは点数 points(reward) です。"),
        (lambda: _quiet(league_points, [1, 1, 0, -1]) == 0 and _quiet(league_points, [-1, 1]) == 3,
         "Only the last game counted: add to the total (total = total + ...), do not replace it.",
         "最後のゲームしか数えていません。合計に足しましょう（total = total + ...）。置きかえてはいけません。"),
        (lambda: _quiet(league_points, [-1, 1]) == 0 and _quiet(league_points, [0, 0, 0]) == 1,
         "Only the first game counted: `return total` must come after the loop, not inside it.",
         "最初のゲームしか数えていません。`return total` はループの中ではなく、ループの後に書きます。"),
        (lambda: _quiet(league_points, [1, 1, 0, -1]) == 4,
         "You counted the games. Add each game's points instead.",
         "ゲームの数を数えています。ゲームごとの点数を足しましょう。"),
    ])


# ------------------------------------------------------------------ lesson 02: empty_squares
@exercise("empty_squares", "03_python_2_lists.ipynb", hints=[
    ("The squares are numbered 0 to 8, and `board[square]` is what is in a square: 0 when it is empty. "
     "The loop already goes through every square; keep the number of each empty one.",
     "マスには 0 から 8 の番号があり、`board[square]` はそのマスの中身です。空いていれば 0 です。"
     "ループはもう全部のマスを順に見ています。空いているマスの番号を取っておきましょう。"),
    ("In place of `pass`: `if board[square] == 0:` and, under it, `empty.append(square)`. "
     "Append the square's number (`square`), not what is in it (`board[square]`, which is 0).",
     "`pass` のかわりに `if board[square] == 0:` と書き、その下に `empty.append(square)` です。"
     "足すのはマスの番号 `square` で、中身の `board[square]`（これは 0）ではありません。"),
    ("The whole loop is two lines: `if board[square] == 0:` and `empty.append(square)` (4 spaces further right). "
     "`return empty` stays after the loop.",
     "ループの中身は 2 行です: `if board[square] == 0:` と、4 文字分右に `empty.append(square)`。"
     "`return empty` はループの後のままにします。"),
])
def check_empty_squares(empty_squares):
    """``empty_squares(board)``: the numbers of the empty squares, smallest first."""
    if not callable(empty_squares):
        return run(empty_squares, [])
    examples = [
        (".........", "an empty board: every square", "空の盤面: 全部のマス"),
        ("....X....", "X in the middle", "真ん中に X"),
        ("XO./.X./..O", "after four moves", "4 手の後"),
        ("XOX/XOO/OX.", "one square left", "残りは 1 マス"),
    ]
    cases = []
    for text, hint_en, hint_ja in examples:
        board = _board(text)
        empty = [square for square in range(9) if board[square] == 0]
        cases.append(Case(args=(board,), expected=empty, accept=lambda r, empty=empty: plain(r) == empty,
                          hint_en=f"{text}: {hint_en}", hint_ja=f"{text}: {hint_ja}"))
    result = run(lambda board: empty_squares(list(board)), cases,
                 title=tr(en="Check of empty_squares", ja="empty_squares のチェック"))
    middle = _board("....X....")
    return say_tips(result, [
        (lambda: _quiet(empty_squares, middle) == [0] * 8,
         "The list holds 0s: you appended what is in the square. Append the square's number, square.",
         "リストに 0 が並んでいます。マスの中身を足しています。足すのはマスの番号 square です。"),
        (lambda: _quiet(empty_squares, middle) == list(range(9)),
         "Square 4 is taken but is in your list: append a square only when board[square] == 0.",
         "4 番のマスはうまっているのに、リストに入っています。board[square] == 0 のときだけ足しましょう。"),
        (lambda: _quiet(empty_squares, middle) == [4],
         "That is the taken square: keep the squares where board[square] == 0 (empty), not != 0.",
         "それはうまっているマスです。取っておくのは board[square] == 0（空き）のマスで、!= 0 ではありません。"),
        (lambda: isinstance(_quiet(empty_squares, middle), int),
         "Your function returned one number. Return the list of square numbers, like [0, 1, 2, 3, 5, 6, 7, 8].",
         "関数が数を 1 つ返しています。[0, 1, 2, 3, 5, 6, 7, 8] のような、マスの番号のリストを返しましょう。"),
    ])


# ------------------------------------------------------------------ lesson 02: has_line
@exercise("has_line", "03_python_2_lists.ipynb", hints=[
    ("`LINES` holds the eight lines as tuples of three squares, and `for a, b, c in LINES:` takes one line at a "
     "time, its three squares in `a`, `b` and `c`. The line is `mark`'s when all three squares hold `mark`.",
     "`LINES` には 8 本の列が、3 つのマスのタプルで入っています。`for a, b, c in LINES:` は 1 本ずつ取り出し、"
     "3 つのマスを `a`、`b`、`c` に入れます。3 マスとも `mark` なら、その列は `mark` のものです。"),
    ("Test the three squares with `and`: `if board[a] == mark and board[b] == mark and board[c] == mark:`, "
     "then `return True`. Compare with `mark`, not only with each other: three empty squares are equal too.",
     "3 マスを `and` でつないで調べます: `if board[a] == mark and board[b] == mark and board[c] == mark:` "
     "のあとに `return True`。`mark` とくらべましょう。3 つどうしをくらべるだけだと、空きマス 3 つも同じになります。"),
    ("Do not write `else: return False` inside the loop: the function would stop after the first line. "
     "The `return False` after the loop runs only when no line was found.",
     "ループの中に `else: return False` を書いてはいけません。最初の列を見ただけで関数が終わってしまいます。"
     "ループの後の `return False` は、どの列もなかったときだけ実行されます。"),
])
def check_has_line(has_line):
    """``has_line(board, mark)``: True when ``mark`` has three in a row on the board, else False."""
    if not callable(has_line):
        return run(has_line, [])
    examples = [
        ("XXX/OO./...", 1, True, "X has the top row", "X が上の行をそろえた"),
        ("XXX/OO./...", 2, False, "O has no line on the same board", "同じ盤面で、O は列がない"),
        ("OX./XO./X.O", 2, True, "O has the diagonal 0-4-8", "O がななめ 0-4-8 をそろえた"),
        ("..X/.X./XOO", 1, True, "X has the diagonal 2-4-6", "X がななめ 2-4-6 をそろえた"),
        ("OX./OX./..X", 1, False, "X has no line yet", "X はまだ列がない"),
        (".........", 1, False, "an empty board", "空の盤面"),
    ]
    cases = [Case(args=(_board(text), mark), expected=line, accept=lambda r, line=line: r is line,
                  hint_en=f"{text}, mark {mark}: {hint_en}", hint_ja=f"{text}、mark {mark}: {hint_ja}")
             for text, mark, line, hint_en, hint_ja in examples]
    result = run(lambda board, mark: plain(has_line(list(board), mark)), cases,
                 title=tr(en="Check of has_line", ja="has_line のチェック"))
    return say_tips(result, [
        (lambda: _quiet(has_line, _board("XXX/OO./..."), 1) is True
         and _quiet(has_line, _board("..X/.X./XOO"), 1) is False,
         "The last line of LINES was missed: did you write return False inside the loop? It belongs after it.",
         "LINES の最後の列を見ていません。ループの中に return False を書いていませんか？ ループの後に書きます。"),
        (lambda: _quiet(has_line, _board("........."), 1) is True,
         "An empty board has a line for you: compare the squares with mark, not only with each other.",
         "空の盤面で列があることになっています。3 つのマスどうしだけでなく、mark とくらべましょう。"),
        (lambda: _quiet(has_line, _board("XXX/OO./..."), 2) is True,
         "O got X's line: test that the squares hold mark, the mark you were asked about.",
         "X の列が O のものになっています。マスの中身が、聞かれた mark と同じかどうかを調べましょう。"),
        (lambda: type(_quiet(has_line, _board("XXX/OO./..."), 1)) is int,
         "Return True or False (no quotes), not 1 or 0.",
         "1 や 0 ではなく、True か False（\" \" なし）を返しましょう。"),
    ])


# ------------------------------------------------------------------ lesson 02: tally
@exercise("tally", "03_python_2_lists.ipynb", hints=[
    ("`counts` is a dict with three keys, \"X\", \"O\" and \"draw\", each counting from 0. Each `result` in the "
     "list is one of these keys: add 1 to the count under that key.",
     "`counts` は \"X\"、\"O\"、\"draw\" の 3 つのキーを持つ辞書で、どれも 0 から数えます。リストの `result` は"
     "どれもこのキーのどれかです。そのキーの数に 1 を足しましょう。"),
    ("`counts[result]` is the count of that result. Add one to it: `counts[result] = counts[result] + 1`. "
     "`counts[result] = 1` would forget the games before.",
     "`counts[result]` がその結果の数です。1 を足します: `counts[result] = counts[result] + 1`。"
     "`counts[result] = 1` だと、それまでの数を忘れてしまいます。"),
    ("One line in place of `pass`: `counts[result] += 1` (`+= 1` is a short way to write \"add 1\"). "
     "Keep `return counts` after the loop.",
     "`pass` のかわりに 1 行: `counts[result] += 1`（`+= 1` は「1 を足す」の短い書き方です）。"
     "`return counts` はループの後のままにします。"),
])
def check_tally(tally):
    """``tally(results)``: how many "X", "O" and "draw" the list holds, as a dict with all three keys."""
    if not callable(tally):
        return run(tally, [])
    examples = [
        (["X", "O", "X"], "two X wins and one O win", "X の勝ち 2 回、O の勝ち 1 回"),
        (["draw", "draw", "X", "draw"], "three draws", "引き分け 3 回"),
        (["O"], "one game", "1 ゲームだけ"),
        ([], "no games: every count is 0", "0 ゲーム: どれも 0"),
    ]
    cases = []
    for results, hint_en, hint_ja in examples:
        counts = {key: results.count(key) for key in ("X", "O", "draw")}
        cases.append(Case(args=(results,), expected=counts, accept=lambda r, counts=counts: plain(r) == counts,
                          hint_en=hint_en, hint_ja=hint_ja))
    result = run(lambda results: tally(list(results)), cases, title=tr(en="Check of tally", ja="tally のチェック"))
    return say_tips(result, [
        (lambda: _quiet(tally, ["draw", "draw", "X", "draw"]) == {"X": 1, "O": 0, "draw": 1},
         "Each count stops at 1: add 1 to it (counts[result] += 1) instead of setting it to 1.",
         "数が 1 で止まっています。1 にするのではなく、1 を足しましょう（counts[result] += 1）。"),
        (lambda: isinstance(_quiet(tally, ["X"]), dict) and set(_quiet(tally, ["X"])) != {"X", "O", "draw"},
         "Keep all three keys, \"X\", \"O\" and \"draw\", even when a count is 0.",
         "数が 0 のときも、\"X\"、\"O\"、\"draw\" の 3 つのキーを全部残しましょう。"),
    ])


# ------------------------------------------------------------------ lesson 03: TinyBoard
class _After(Words):
    """What a TinyBoard looks like after some moves: its board, its mark, the error of the last move."""

    def __init__(self, board, mark, error):
        self.board, self.mark, self.error = board, mark, error
        text = tr(en="board {board}, mark {mark}", ja="盤面 {board}、mark は {mark}", board=board, mark=mark)
        if error:
            text += tr(en=", the last move raised {error}", ja="、最後の手で {error} が起きた", error=error)
        super().__init__(text)

    def same(self, other):
        return isinstance(other, _After) and (self.board, self.mark, self.error) == (other.board, other.mark,
                                                                                      other.error)


def _play_all(TinyBoard, moves):
    """A new TinyBoard after ``moves``; an error of the LAST move is caught and named (earlier ones are bugs)."""
    game = TinyBoard()
    error = None
    for number, square in enumerate(moves):
        if number < len(moves) - 1:
            game.play(square)
            continue
        try:
            game.play(square)
        except Exception as raised:  # the move that must be refused: which error it raised is the answer
            error = type(raised).__name__
    return _After(plain(list(game.board)), plain(game.mark), error)


def _expected_after(moves):
    board, mark, error = [0] * 9, 1, None
    for square in moves:
        if board[square]:
            error = "ValueError"
            continue
        board[square], mark = mark, 3 - mark
    return _After(board, mark, error)


@exercise("TinyBoard", "04_python_3_classes.ipynb", hints=[
    ("`play` has two jobs left: refuse a taken square (`raise ValueError(...)`) before anything changes, "
     "and hand the turn to the other player after the mark is put down. `self.board` and `self.mark` "
     "belong to this board: they stay from one `play` to the next.",
     "`play` に残っている仕事は 2 つです。何かを変える前に、うまっているマスをことわる（`raise ValueError(...)`）こと。"
     "印を置いたあとで、相手に番をわたすことです。`self.board` と `self.mark` はこの盤のもので、"
     "`play` を呼ぶたびに前の続きから使えます。"),
    ("At the start of `play`: `if self.board[square] != 0:` and, under it, `raise ValueError(square)` "
     "(the message in the brackets can be any text or number). "
     "It must come before `self.board[square] = self.mark`, so a refused move changes nothing.",
     "`play` の最初に `if self.board[square] != 0:` と書き、その下に `raise ValueError(square)` です"
     "（かっこの中のメッセージは、どんな文字や数でもかまいません）。"
     "`self.board[square] = self.mark` より前に書きます。そうすれば、ことわった手は何も変えません。"),
    ("At the end of `play`: `self.mark = 3 - self.mark`. It turns 1 into 2 and 2 into 1 "
     "(an `if` / `else` works too). Write `self.mark`, not `mark`: `mark` alone is forgotten when `play` ends.",
     "`play` の最後に `self.mark = 3 - self.mark` です。1 は 2 に、2 は 1 になります（`if` / `else` でも書けます）。"
     "`mark` ではなく `self.mark` と書きましょう。`mark` だけだと、`play` が終わると忘れられてしまいます。"),
])
def check_tiny_board(TinyBoard):
    """``TinyBoard()``: ``play(square)`` puts ``self.mark`` on an empty square and switches the mark;
    a taken square raises ValueError and changes nothing."""
    if not callable(TinyBoard):
        return run(TinyBoard, [])
    examples = [
        ([4], "X plays square 4: then it is O's turn (mark 2)", "X が 4 番に打つ: 次は O の番（mark 2）"),
        ([4, 0], "X plays 4, O plays 0: X's turn again", "X が 4、O が 0 に打つ: また X の番"),
        ([4, 0, 8], "three moves", "3 手"),
        ([4, 4], "square 4 twice: ValueError, and the board and the turn stay as they were",
         "4 番に 2 回: ValueError が起きて、盤面も番もそのまま"),
        ([0, 1, 1], "square 1 twice", "1 番に 2 回"),
    ]
    cases = []
    for moves, hint_en, hint_ja in examples:
        expected = _expected_after(moves)
        cases.append(Case(args=(moves,), expected=expected, accept=expected.same,
                          hint_en=f"play {moves}: {hint_en}", hint_ja=f"play {moves}: {hint_ja}"))
    result = run(lambda moves: _play_all(TinyBoard, moves), cases,
                 title=tr(en="Check of TinyBoard", ja="TinyBoard のチェック"))

    def after(moves):
        try:
            return _play_all(TinyBoard, moves)
        except Exception:
            return _After(None, None, None)

    return say_tips(result, [
        (lambda: after([4]).mark == 1,
         "self.mark did not change: after putting the mark down, switch it (self.mark = 3 - self.mark).",
         "self.mark が変わっていません。印を置いたあとで、入れかえましょう（self.mark = 3 - self.mark）。"),
        (lambda: after([4, 4]).error is None,
         "Playing a taken square raised no error: raise ValueError when self.board[square] is not 0.",
         "うまっているマスに打っても、エラーが起きません。"
         "self.board[square] が 0 でないときは raise ValueError です。"),
        (lambda: after([4, 4]).error not in (None, "ValueError"),
         "A taken square must raise ValueError (raise ValueError(square)), not another error.",
         "うまっているマスでは、ほかのエラーではなく ValueError を起こします（raise ValueError(square)）。"),
        (lambda: after([4, 4]).error == "ValueError" and not after([4, 4]).same(_expected_after([4, 4])),
         "The refused move changed the board or the turn: check the square first, before changing anything.",
         "ことわった手で、盤面か番が変わっています。何かを変える前に、まずマスを調べましょう。"),
    ])


# ------------------------------------------------------------------ lesson 03: count_marks
@exercise("count_marks", "04_python_3_classes.ipynb", hints=[
    ("`board` is a numpy array with rows and columns, and `board[row, col]` is one square. The two loops already "
     "visit every square, for a board of any size (`board.shape` says how many rows and columns it has).",
     "`board` は行と列のある numpy の配列で、`board[row, col]` が 1 つのマスです。2 つのループは、"
     "どんな大きさの盤面でも、もう全部のマスを順に見ています（`board.shape` が行と列の数です）。"),
    ("In place of `pass`: `if board[row, col] == mark:` and, under it, `count = count + 1`. "
     "Count only the squares that hold `mark`.",
     "`pass` のかわりに `if board[row, col] == mark:` と書き、その下に `count = count + 1` です。"
     "数えるのは `mark` が入っているマスだけです。"),
    ("Or without loops, the numpy way: `return int(np.sum(board == mark))`. `board == mark` is an array of "
     "True and False, and the sum counts the Trues.",
     "ループを使わない numpy のやり方もあります: `return int(np.sum(board == mark))`。`board == mark` は "
     "True と False の配列で、合計すると True の数になります。"),
])
def check_count_marks(count_marks):
    """``count_marks(board, mark)``: how many squares of the numpy array ``board`` hold ``mark``."""
    if not callable(count_marks):
        return run(count_marks, [])
    tictactoe = np.array(_board("XO./.X./..O")).reshape(3, 3)
    connect_four = np.zeros((6, 7), dtype=int)
    connect_four[5, 2:5] = 1
    connect_four[4, 3] = 2
    connect_four[5, 6] = 2
    examples = [
        (tictactoe, 1, "X on XO./.X./..O", "XO./.X./..O の X"),
        (tictactoe, 2, "O on the same board", "同じ盤面の O"),
        (tictactoe, 0, "the empty squares (mark 0)", "空きマス（mark 0）"),
        (np.zeros((3, 3), dtype=int), 1, "X on an empty board", "空の盤面の X"),
        (connect_four, 1, "a Connect Four board: 6 rows, 7 columns", "Connect Four の盤面: 6 行 7 列"),
    ]
    cases = []
    for board, mark, hint_en, hint_ja in examples:
        count = int(np.sum(board == mark))
        cases.append(Case(args=(board, mark), expected=count, accept=_number_is(count),
                          hint_en=hint_en, hint_ja=hint_ja))
    result = run(lambda board, mark: count_marks(board.copy(), mark), cases,
                 title=tr(en="Check of count_marks", ja="count_marks のチェック"))
    return say_tips(result, [
        (lambda: _whole(_quiet(count_marks, tictactoe, 1)) == 9,
         "You counted every square: add 1 only when board[row, col] == mark.",
         "全部のマスを数えています。board[row, col] == mark のときだけ 1 を足しましょう。"),
        (lambda: _whole(_quiet(count_marks, tictactoe, 1)) == 2 and _whole(_quiet(count_marks, connect_four, 1)) != 3,
         "Right on 3 × 3 but not on 6 × 7: loop over board.shape, not over range(3).",
         "3 × 3 では正しく、6 × 7 ではちがいます。range(3) ではなく、board.shape の行と列でループしましょう。"),
    ])


__all__ = ["check_count_marks", "check_empty_squares", "check_has_line", "check_league_points", "check_points",
           "check_tally", "check_tiny_board"]
