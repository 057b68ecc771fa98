"""Self-checks for the tic-tac-toe lessons (10 to 12).

- ``check_winner(winner)``                 (lesson 10) who has three in a row?
- ``check_win_if_you_can(agent)``          (lesson 11) an agent that never misses a win
- ``check_minimax(minimax)``               (lesson 12) the value of a position with perfect play
- ``check_td_target(td_target)``           (lesson 13) the learning target of DQN

Boards are like the observation of ``games.make("tictactoe")``: a 3×3 numpy array,
0 empty, 1 an X (player 0), 2 an O (player 1). ``board_from("XO./.X./..O")`` makes one.
"""

import numpy as np

from ..envs import make
from ..envs.tictactoe import MARKS
from ..envs.values import whole_number
from ..messages import tr
from . import Case, close, game_after, plain, run, say_tips
from .exercise_book import exercise


def board_from(text):
    """A 3×3 board from text, rows split by ``/``: ``"XO./.X./..O"`` ('.' empty, X = 1, O = 2)."""
    rows = text.split("/")
    return np.array([[MARKS.index(mark) for mark in row] for row in rows], dtype=np.int8)


def board_text(board):
    """The board as one line of text, rows split by ``/`` (the inverse of ``board_from``)."""
    return "/".join("".join(MARKS[int(v)] for v in row) for row in np.asarray(board).reshape(3, 3))


def position(moves):
    """A game of tic-tac-toe after the squares ``moves`` were played (X first)."""
    return game_after("tictactoe", moves)


# ------------------------------------------------------------------ lesson 10: winner
WINNER_CASES = [
    # (board, expected, hint en, hint ja)
    (".../.../...", 0, "an empty board: nobody", "空の盤: だれも勝っていません"),
    ("XXX/OO./...", 1, "X has the top row", "X が上の横一列"),
    ("XO./XO./.O.", 2, "O has the middle column", "O が真ん中の縦一列"),
    ("O.X/.XO/XO.", 1, "X has the diagonal ╱", "X がななめ ╱"),
    ("O.X/XOX/..O", 2, "O has the diagonal ╲", "O がななめ ╲"),
    ("..X/OOX/.XX", 1, "X has the right column", "X が右の縦一列"),
    ("XOX/XOO/OXX", 0, "a full board with no line: a draw, nobody", "うまっているけれど一列がない: 引き分け"),
    ("XX./OO./...", 0, "two in a row is not yet a line", "2 つ並んだだけでは、まだ一列ではありません"),
    ("X.O/.X./O..", 0, "X has two on a diagonal, and the corner is empty", "X はななめに 2 つ、すみは空いています"),
    ("XXO/.O./O.X", 2, "O has the diagonal ╱", "O がななめ ╱"),
]


def _random_positions(count, seed):
    """Positions from random games, with the game's own answer: ``[(board, winner mark), ...]``."""
    env = make("tictactoe")
    rng = np.random.default_rng(seed)
    found = []
    game = 0
    while len(found) < count:
        obs, _ = env.reset(seed=seed + game)
        game += 1
        while not env.terminated:
            legal = env.legal_actions()
            obs, _, _, _, info = env.step(legal[int(rng.integers(len(legal)))])
        winner = info["winner"]
        found.append((obs, 0 if winner is None else winner + 1))
    return found


@exercise("winner", "10_tictactoe_1_env.ipynb", hints=[
    ("The start only looks at the rows. A column is the same idea turned on its side: for each col, "
     "compare board[0, col], board[1, col] and board[2, col].",
     "最初のコードは横の行しか見ていません。縦の列も同じ考え方です: 各 col について "
     "board[0, col]、board[1, col]、board[2, col] をくらべましょう。"),
    ("The two diagonals are just two more lines, so they need no loop: the squares (0, 0), (1, 1), (2, 2), "
     "and the squares (0, 2), (1, 1), (2, 0).",
     "ななめは 2 本だけなので、ループはいりません: マス (0, 0)、(1, 1)、(2, 2) と、"
     "マス (0, 2)、(1, 1)、(2, 0) です。"),
    ("Copy the row test and change only the squares: for a column, `if board[0, col] != 0 and "
     "board[0, col] == board[1, col] == board[2, col]: return board[0, col]`. Check `!= 0` first: "
     "three empty squares are not a line.",
     "行のテストをコピーして、マスだけを変えましょう。列なら `if board[0, col] != 0 and "
     "board[0, col] == board[1, col] == board[2, col]: return board[0, col]`。"
     "先に `!= 0` を確かめること: 空のマスが 3 つ並んでも一列ではありません。"),
])
def check_winner(winner):
    """``winner(board)`` returns 1 when X has three in a row, 2 when O has, else 0."""
    cases = [Case(args=(board_from(text),), expected=expected,
                  accept=lambda result, expected=expected: whole_number(result, floats=True) == expected,
                  hint_en=f"{text} — {hint_en}", hint_ja=f"{text} — {hint_ja}")
             for text, expected, hint_en, hint_ja in WINNER_CASES]
    for board, expected in _random_positions(6, seed=7):
        cases.append(Case(args=(board,), expected=expected,
                          accept=lambda result, expected=expected: whole_number(result, floats=True) == expected,
                          hint_en=f"{board_text(board)} — the end of a random game",
                          hint_ja=f"{board_text(board)} — ランダムな対局の終わり"))
    result = run(lambda board: plain(winner(board.copy())), cases,  # a copy: the check's board stays as it was
                 title=tr(en="Check of winner", ja="winner のチェック"))
    if not result.passed and any(_returns_bool(winner, board_from(text)) for text, *_ in WINNER_CASES):
        line = "💡 " + tr(en="Return the mark (1 for X, 2 for O, 0 for nobody), not True or False.",
                          ja="True / False ではなく、"
                             "印の番号（X なら 1、O なら 2、だれもいなければ 0）を返しましょう。")
        print(line)
        result.lines.append(line)
    return result


def _returns_bool(function, board):
    try:
        return isinstance(function(board), (bool, np.bool_))
    except Exception:
        return False


# ------------------------------------------------------------------ lesson 11: win if you can
WIN_POSITIONS = [
    # (moves so far, hint en, hint ja)
    ([0, 3, 1, 4], "X to move has two on the top row: square 2 wins", "X の番、上の段に 2 つ: 2 で勝てます"),
    ([4, 0, 2, 1, 8, 3], "X to move can win at 5 or at 6: either is right",
     "X の番、5 でも 6 でも勝てます: どちらでも正解"),
    ([0, 4, 8, 2, 3], "O to move: square 6 wins for O", "O の番: 6 で O の勝ち"),
    ([0, 4, 1, 5, 8], "O to move: X threatens 2, but O wins at once at 3: win, do not block",
     "O の番: X は 2 をねらっていますが、O は 3 ですぐ勝てます。ふせぐより勝ちましょう"),
    ([4, 0, 3, 1], "X to move: O threatens 2, but X wins at once at 5",
     "X の番: O は 2 をねらっていますが、X は 5 ですぐ勝てます"),
    ([4, 0], "no win yet: any empty square is fine", "まだ勝てる手はありません: 空いているマスならどこでも OK"),
]


def winning_moves(env):
    """The squares that win at once for the player to move (empty list when there are none)."""
    return [square for square in env.legal_actions() if env.clone().play(square) == 1.0]


def _win_case(moves, hint_en, hint_ja):
    env = position(moves)
    wins = winning_moves(env)
    right = wins or env.legal_actions()
    board = str(env).replace("\n", "/")
    return Case(args=(env,), expected=right, accept=lambda result: whole_number(result, floats=True) in right,
                hint_en=f"{board} — {hint_en}", hint_ja=f"{board} — {hint_ja}")


@exercise("win_if_you_can", "11_tictactoe_2_random.ipynb", hints=[
    ("The loop and the copy are ready. For each square, play it on `child`, not on `env` (the real game must not "
     "change): `child.step(square)` gives back five things, and the second one is the reward.",
     "ループとコピーはもうできています。マスごとに、`env` ではなく `child` で打ってみましょう（本物のゲームは"
     "変えません）。`child.step(square)` は 5 つの値を返し、その 2 つ目が報酬です。"),
    ("Return a square only when its move wins (the reward is 1). When it does not win, do nothing: the loop goes "
     "on to the next square, and the random move at the end is played only after every square was tried. "
     "An `else: return ...` inside the loop would stop at the first square.",
     "マスを返すのは、その手で勝てたとき（報酬が 1 のとき）だけです。勝てないときは何もしません。ループが次のマスに"
     "進み、最後のランダムな手は、全部のマスを試したあとで打たれます。ループの中に `else: return ...` を書くと、"
     "最初のマスで止まってしまいます。"),
    ("Two steps in place of the two ✏️ lines: `observation, reward, terminated, truncated, info = "
     "child.step(square)`, then `if reward == 1:` with `return square` on the next line, indented one step more.",
     "✏️ の 2 行の代わりに 2 つ書きます: `observation, reward, terminated, truncated, info = child.step(square)`、"
     "それから `if reward == 1:` と、次の行に一段下げて `return square` です。"),
])
def check_win_if_you_can(agent):
    """``agent(env)`` plays a winning square whenever there is one (and a legal one otherwise)."""
    cases = [_win_case(moves, hint_en, hint_ja) for moves, hint_en, hint_ja in WIN_POSITIONS]
    return run(lambda env: plain(agent(env.clone())), cases,  # a copy: the agent may try moves on it
               title=tr(en="Check of win_if_you_can", ja="win_if_you_can のチェック"))


# ------------------------------------------------------------------ lesson 12: minimax
MINIMAX_POSITIONS = [
    # (moves so far, hint en, hint ja)
    ([0, 3, 1, 4], "X to move can win at once (square 2): +1", "X の番ですぐ勝てる（2）: +1"),
    ([0, 4, 1], "O to move must block square 2; then nobody can win: 0",
     "O の番: 2 をふさげば、どちらも勝てない: 0"),
    ([4, 1, 0, 8, 6], "O to move, but X threatens 2 and 3 at once: O loses, -1",
     "O の番ですが、X が 2 と 3 の 2 か所をねらっている: O の負け、-1"),
    ([4, 1, 0], "O to move must block square 8 — and then X makes two threats: -1",
     "O の番: 8 をふさいでも、次に X が 2 か所をねらえる: -1"),
    ([0, 4, 8, 1, 7], "O to move: O must block 6, and no one wins: 0",
     "O の番: 6 をふさげば、だれも勝てない: 0"),
    ([4, 0, 8, 2, 1, 7, 3, 5], "only square 6 is left: a draw, 0", "残りは 6 だけ: 引き分け、0"),
    ([0, 1, 4, 8], "X to move: 8 is blocked, but X can make two threats: +1",
     "X の番: 8 はふさがれたが、X は 2 か所をねらう手を打てる: +1"),
]


def true_value(env):
    """The value of a position for the player to move with perfect play: +1, 0 or -1.

    A plain minimax over copies of the game: the check's positions have at most 6 empty squares.
    """
    best = -1
    for square in env.legal_actions():
        child = env.clone()
        _, reward, terminated, _, _ = child.step(square)
        best = max(best, int(reward) if terminated else -true_value(child))
    return best


@exercise("minimax", "12_tictactoe_3_minimax.ipynb", hints=[
    ("Only the line `value = 0` changes. In `child` it is the opponent's turn, and `minimax(child)` is the value "
     "of that position for the opponent: +1 if the opponent wins from there.",
     "書きかえるのは `value = 0` の行だけです。`child` では相手の番で、"
     "`minimax(child)` はその盤面の相手から見た値です。"
     "そこから相手が勝てるなら +1 になります。"),
    ("The opponent's best is your worst: if the opponent wins from `child` (+1), your move is worth -1, and a draw "
     "stays 0. So the move is worth minus the value of `child`. Yes, `minimax` calls itself: each `child` has one "
     "move more, so it always reaches the end of the game.",
     "相手の最善は、こちらの最悪です。`child` から相手が勝てる（+1）なら、こちらの手の値は -1、引き分けなら 0 の"
     "ままです。だから手の値は `child` の値のマイナスです。そう、`minimax` は自分自身を呼びます。`child` は 1 手進んだ"
     "盤面なので、いつかかならずゲームの終わりにたどりつきます。"),
    ("Replace the `0` with a call of `minimax` on `child`, with a minus sign in front. Call it on `child`, not on "
     "`env`: `env` never changes, so that would never end.",
     "`0` を、`child` を渡して `minimax` を呼んだものに、マイナスをつけて書きかえましょう。渡すのは `env` ではなく "
     "`child` です。`env` は変わらないので、`env` を渡すといつまでも終わりません。"),
])
def check_minimax(minimax):
    """``minimax(env)`` returns +1, 0 or -1: the result for the player to move, with perfect play."""
    cases = []
    for moves, hint_en, hint_ja in MINIMAX_POSITIONS:
        env = position(moves)
        expected = true_value(env)
        board = str(env).replace("\n", "/")
        cases.append(Case(args=(env,), expected=expected,
                          accept=lambda result, expected=expected: whole_number(result, floats=True) == expected,
                          hint_en=f"{board} — {hint_en}", hint_ja=f"{board} — {hint_ja}"))
    answers = {}

    def attempt(env):
        result = plain(minimax(env.clone()))  # a copy: minimax may play moves on it
        answers[id(env)] = result
        return result

    result = run(attempt, cases, title=tr(en="Check of minimax", ja="minimax のチェック"))
    given = [(whole_number(answers.get(id(case.args[0])), floats=True), case.expected) for case in cases]
    if not result.passed and all(a == -e for a, e in given) and any(e for _, e in given):
        line = "💡 " + tr(en="Every answer has the wrong sign: the value is from the view of the player "
                             "to move, and the opponent's best is your worst (value = -minimax(child)).",
                          ja="答えの符号がすべて逆です。値は「今の手番のプレイヤー」から見たもので、"
                             "相手にとっての最善は自分にとっての最悪です（値 = -minimax(child)）。")
        print(line)
        result.lines.append(line)
    return result


# ------------------------------------------------------------------ lesson 13: td_target
TD_CASES = [
    # (reward, next Q-values, done, gamma, expected, hint en, hint ja)
    (1.0, [], True, 0.9, 1.0, "the move won: the game is over, nothing comes after it: the target is the reward, 1",
     "勝った手: ゲームは終わり、この先はありません。目標は報酬の 1"),
    (-1.0, [0.3, 0.1], True, 0.9, -1.0, "the game is over (lost): the next Q-values do not count, the target is -1",
     "ゲーム終了(負け): 次の Q 値は使いません。目標は -1"),
    (0.0, [0.5, -0.2, 0.1], False, 0.9, 0.45, "the game goes on: 0 + 0.9 × 0.5 (the best next Q-value)",
     "ゲームは続く: 0 + 0.9 × 0.5(次の盤面のいちばん大きい Q 値)"),
    (0.0, [-0.5, -0.8], False, 0.9, -0.45, "every next Q-value is negative: the best is -0.5, so 0.9 × (-0.5)",
     "次の Q 値はどれもマイナス: いちばん大きいのは -0.5 なので 0.9 × (-0.5)"),
    (0.5, [1.0, 0.0], False, 0.5, 1.0, "reward 0.5 now, gamma 0.5: 0.5 + 0.5 × 1.0",
     "今の報酬 0.5、gamma 0.5: 0.5 + 0.5 × 1.0"),
]


@exercise("td_target", "13_tictactoe_4_dqn.ipynb", hints=[
    ("Run the check and look at the cases that fail: they are the ones where `done` is True. When the game is "
     "over, is there a next position whose Q-values could count?",
     "チェックを実行して、✗ になったケースを見てみましょう。どれも `done` が True のケースです。ゲームが終わったとき、"
     "Q 値を使える「次の盤面」はあるでしょうか？"),
    ("When `done` is True the target is the reward alone. Only when the game goes on do you add `gamma` times the "
     "best next Q-value. Test `done` first: after a winning move `next_q` is an empty list, and `max([])` is an error.",
     "`done` が True のとき、目標は報酬だけです。ゲームが続くときだけ、`gamma` × 次の盤面のいちばん大きい Q 値を"
     "足します。`done` を先に調べましょう。勝った手のあとは `next_q` が空のリストで、`max([])` はエラーになります。"),
    ("Put `if done:` before the line of the start, and inside it return only `reward`. Keep the start's line "
     "`return reward + gamma * max(next_q)` after it: it is right for a game that goes on.",
     "最初のコードの行の前に `if done:` を書き、その中では `reward` だけを返します。最初の "
     "`return reward + gamma * max(next_q)` の行はそのあとに残しましょう。ゲームが続くときは、それで正しいのです。"),
])
def check_td_target(td_target):
    """``td_target(reward, next_q, done, gamma)``: ``reward`` if ``done``, else ``reward + gamma × max(next_q)``."""
    cases = [Case(args=(reward, list(next_q), done, gamma), expected=expected,
                  accept=lambda result, expected=expected: close(result, expected),
                  hint_en=hint_en, hint_ja=hint_ja)
             for reward, next_q, done, gamma, expected, hint_en, hint_ja in TD_CASES]
    result = run(lambda *args: plain(td_target(*args)), cases,
                 title=tr(en="Check of td_target", ja="td_target のチェック"))
    if result.passed:
        return result

    def answer(reward, next_q, done, gamma):
        return plain(td_target(reward, list(next_q), done, gamma))

    tips = [
        (lambda: close(answer(-1.0, [0.3, 0.1], True, 0.9), -1.0 + 0.9 * 0.3),
         "When the game is over (done is True), there is no next position: return the reward alone.",
         "ゲームが終わったとき(done が True)は次の盤面がありません。報酬だけを返しましょう。"),
        (lambda: close(answer(0.0, [0.5, -0.2, 0.1], False, 0.9), 0.5),
         "Multiply the best next Q-value by gamma (a reward later is worth a little less).",
         "次の盤面のいちばん大きい Q 値に gamma をかけましょう(あとでもらう報酬は少しだけ価値が下がります)。"),
        (lambda: close(answer(0.0, [-0.5, -0.8], False, 0.9), 0.0),
         "Take the largest of the next Q-values with max(next_q), even when they are all negative.",
         "次の Q 値のうちいちばん大きいものを max(next_q) で選びましょう。全部マイナスのときも同じです。"),
        (lambda: answer(0.0, [0.5, -0.2, 0.1], False, 0.9) is None,
         "td_target returned None: did you forget `return`?",
         "td_target が None を返しています。`return` を書き忘れていませんか？"),
    ]
    return say_tips(result, tips)


__all__ = ["board_from", "board_text", "check_minimax", "check_td_target", "check_win_if_you_can",
           "check_winner", "position", "true_value", "winning_moves"]
