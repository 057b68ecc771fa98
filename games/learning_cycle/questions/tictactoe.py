"""The questions of the tic-tac-toe lessons."""

from . import question

question(
    "10.who_wins", "10_tictactoe_1_env.ipynb",
    en="Predict before you run the cell below: X plays 4, 2, 6 and O plays 0, 1. Who has won?",
    ja="下のセルを実行する前に予想しよう: X は 4, 2, 6、O は 0, 1 に打ちます。勝ったのはどちら？",
    choices=[("X", "X"), ("O", "O"), ("Nobody yet", "まだどちらも勝っていない")],
    answer="A",
    explain_en="X has 2, 4 and 6: the diagonal from the top right to the bottom left. So the last step gives "
               "the reward 1.",
    explain_ja="X は 2, 4, 6 にあります。右上から左下へのななめの列です。だから最後の step は報酬 1 を返します。")

question(
    "10.taken_square", "10_tictactoe_1_env.ipynb",
    en="Predict: square 4 is already taken. What will env.step(4) do?",
    ja="予想しよう: マス 4 はもう埋まっています。env.step(4) はどうなる？",
    choices=[("It puts the mark there anyway", "そのまま印を置く"),
             ("It refuses the move and says which squares are free", "その手を受けつけず、空いているマスを教える"),
             ("The computer plays instead", "かわりにコンピューターが打つ")],
    answer="B",
    explain_en="The game refuses an illegal move, says why and which moves are allowed, and leaves the board as it "
               "was. An AI that learns must never break the rules.",
    explain_ja="ゲームはルール違反の手を受けつけず、理由と打てる手を教え、盤面はそのままにします。"
               "学習する AI も、ルールをやぶることはできません。")

question(
    "10.lines", "10_tictactoe_1_env.ipynb",
    en="How many lines of three squares must winner(board) look at in all?",
    ja="winner(board) は、3 マスの列を全部でいくつ調べる必要がある？",
    answer=8,
    explain_en="3 rows, 3 columns and 2 diagonals: 8 lines, the 8 of LINES above.",
    explain_ja="横 3 本、縦 3 本、ななめ 2 本で 8 本です。上の LINES の 8 本と同じです。")
