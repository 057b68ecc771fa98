"""The questions of the welcome (00), the first AI (01) and the Python start track (02-04)."""

from . import question

# ---------------------------------------------------------------- 00 welcome

question(
    "00.square_four", "00_welcome.ipynb",
    en="Predict before you run the cell below: the squares are numbered 0 to 8, row by row, starting at the top "
       "left. Where will the X on square 4 be?",
    ja="下のセルを実行する前に予想しよう: マスには左上から順に、行ごとに 0 〜 8 の番号がついています。"
       "4 番のマスの X は、どこに出る？",
    choices=[("Top right", "右上"), ("In the middle", "真ん中"), ("Bottom right", "右下"),
             ("Top row, fourth square", "いちばん上の行の 4 つ目")],
    answer="B",
    explain_en="The top row is 0 1 2, the middle row 3 4 5, the bottom row 6 7 8. Counting starts at 0, so square 4 "
               "is the fifth square: the middle.",
    explain_ja="上の行が 0 1 2、真ん中の行が 3 4 5、下の行が 6 7 8 です。0 から数えるので、4 番は 5 つ目のマス、"
               "つまり真ん中です。")

question(
    "00.other_computer", "00_welcome.ipynb",
    en="You change a notebook at school. At home you open the site on another computer. What do you see?",
    ja="学校でノートブックを書きかえました。家で、別のパソコンからサイトを開きます。何が見える？",
    choices=[("My changed notebook", "書きかえたノートブック"),
             ("The original notebook, without my changes", "書きかえる前の、元のノートブック"),
             ("An empty file list", "空っぽのファイル一覧")],
    answer="B",
    explain_en="Your changes are saved in the browser of the computer you used, not on a server. To take them with "
               "you, use Download all my work, then Restore my work on the other computer.",
    explain_ja="書きかえた内容は、使ったパソコンのブラウザーの中に保存されます。サーバーにはありません。"
               "持ち運ぶには「作業をすべてダウンロード」をして、別のパソコンで「作業を元に戻す」を使います。")

# ---------------------------------------------------------------- 01 a first AI

question(
    "01.untrained_wins", "01_first_ai.ipynb",
    en="Predict before you run the cell below: the AI has not learned anything yet. It plays 100 games against a "
       "player that picks a random free square. How many of the 100 games will the AI win?",
    ja="下のセルを実行する前に予想しよう: AI はまだ何も学んでいません。空いたマスをでたらめに選ぶプレイヤーと "
       "100 局対戦します。AI は 100 局のうち何局勝つ？",
    answer=50, tolerance=10,
    explain_en="It won 50 of 100, about as many as a random player wins. Its knobs are still random, so its moves "
               "are as good as random moves. (The one who moves first wins more often, and each side moves first in "
               "half the games.)",
    explain_ja="100 局中 50 局勝ちました。でたらめに打つプレイヤーと同じくらいです。つまみがまだでたらめなので、"
               "手もでたらめと同じくらいの強さです（先に打つほうが勝ちやすく、どちらも半分ずつ先に打ちます）。")

question(
    "01.what_changed", "01_first_ai.ipynb",
    en="The AI got better while it trained. What changed inside it?",
    ja="学習のあいだに AI は強くなりました。AI の中で何が変わった？",
    choices=[("Someone wrote the rules of good play into it", "だれかが、うまい打ち方のルールを書き足した"),
             ("The numbers (knobs) of its network were nudged, a little at a time",
              "ネットワークの数（つまみ）が、少しずつ動かされた"),
             ("It stored every game it played, and looks them up", "対戦した全部のゲームを覚えておいて、それを調べる"),
             ("It now reads every game to the end, like minimax", "ミニマックスのように、ゲームの最後まで全部調べる")],
    answer="B",
    explain_en="Nobody told it how to play. After each move it nudged its knobs a little, so that good moves get a "
               "higher score. Lesson 05 shows this rule, and lesson 13 builds the whole AI.",
    explain_ja="打ち方はだれも教えていません。1 手ごとに、よい手の点数が上がるように、つまみを少しだけ動かしました。"
               "このしくみはレッスン 05 で、AI 全体はレッスン 13 で作ります。")

question(
    "01.versus_minimax", "01_first_ai.ipynb",
    en="Predict before you run the cell below: the trained AI plays minimax twice, once moving first and once "
       "moving second. Minimax never loses at tic-tac-toe. What happens?",
    ja="下のセルを実行する前に予想しよう: 学習した AI が、ミニマックスと 2 局対戦します。1 局は先に打ち、"
       "もう 1 局はあとに打ちます。ミニマックスは三目並べで絶対に負けません。どうなる？",
    choices=[("The AI loses both games", "AI が 2 局とも負ける"), ("Both games are draws", "2 局とも引き分け"),
             ("The AI wins one game", "AI が 1 局勝つ")],
    answer="B",
    explain_en="Both are draws. A draw is the best anyone can do against minimax, and the AI learned it by playing. "
               "Before training it lost both games.",
    explain_ja="2 局とも引き分けです。ミニマックスが相手なら、引き分けがいちばんよい結果です。AI はそれを対戦から"
               "学びました。学習の前は 2 局とも負けていました。")

# ---------------------------------------------------------------- 02 Python basics 1

question(
    "02.calc", "02_python_1_basics.ipynb",
    en="Predict before you run the cell below: what will 3 + 4 * 2 show?",
    ja="下のセルを実行する前に予想しよう: 3 + 4 * 2 の答えはいくつ？",
    answer=11,
    explain_en="Python multiplies before it adds, as in maths: 4 * 2 is 8, then 3 + 8 is 11 (not 7 * 2 = 14).",
    explain_ja="数学と同じで、Python もかけ算を先に計算します。4 * 2 = 8、それから 3 + 8 = 11 です"
               "（7 * 2 = 14 ではありません）。")

question(
    "02.last_turn", "02_python_1_basics.ipynb",
    en="Predict: range(5) counts five numbers, starting from 0. What is the last line the cell below prints?",
    ja="予想しよう: range(5) は 0 から始めて 5 つの数を数えます。下のセルが最後に表示する行は？",
    choices=[("turn 5", "ターン 5"), ("turn 4", "ターン 4"), ("turn 6", "ターン 6"), ("turn 0", "ターン 0")],
    answer="B",
    explain_en="0, 1, 2, 3, 4 are five numbers. range(5) starts at 0, so it stops at 4, one before 5: "
               "the last line is \u201cturn 4\u201d.",
    explain_ja="0, 1, 2, 3, 4 で 5 つです。range(5) は 0 から始まるので、5 の 1 つ手前の 4 で終わります。"
               "最後の行は「ターン 4」です。")

question(
    "02.draw_line", "02_python_1_basics.ipynb",
    en="Which line should points(reward) have for a draw?",
    ja="points(reward) で、引き分けのために書く行はどれ？",
    choices=[("elif reward = 0:", "elif reward = 0:"), ("elif reward == 0:", "elif reward == 0:"),
             ('elif reward == "draw":', 'elif reward == "draw":'), ("else reward == 0:", "else reward == 0:")],
    answer="B",
    explain_en="== asks \"equal?\"; a single = puts a value into a variable, so it cannot be a test. A draw is the "
               "number 0, not the text \"draw\", and else takes no test: it is for everything left (here a loss).",
    explain_ja="== は「等しい？」と聞く記号です。= 1 つは変数に値を入れる記号なので、条件には使えません。"
               "引き分けは文字の \"draw\" ではなく数の 0 です。else には条件を書きません。"
               "残り全部（ここでは負け）のためのものです。")

# ---------------------------------------------------------------- 03 Python basics 2

question(
    "03.middle", "03_python_2_lists.ipynb",
    en="Predict before you run the cell below: what will print(board[4]) show?",
    ja="下のセルを実行する前に予想しよう: print(board[4]) は何を表示する？",
    choices=[("0", "0"), ("1", "1"), ("2", "2"), ("An error", "エラー")],
    answer="B",
    explain_en="The index counts from 0, so board[4] is the fifth value: the middle square, which holds 1 (an X). "
               "Counting from 1 would give board[3], a 0.",
    explain_ja="インデックスは 0 から数えるので、board[4] は 5 つ目の値、真ん中のマスです。中身は 1（X）です。"
               "1 から数えてしまうと board[3] の 0 になります。")

question(
    "03.square_nine", "03_python_2_lists.ipynb",
    en="Predict: what will print(board[9]) do?",
    ja="予想しよう: print(board[9]) はどうなる？",
    choices=[("Print the last square", "最後のマスを表示する"), ("Print 0, an empty square", "空きマスの 0 を表示する"),
             ("Stop with an error: there is no square 9", "エラーで止まる: 9 番のマスはない")],
    answer="C",
    explain_en="The nine squares are numbered 0 to 8. The last one is board[8], and board[9] is outside the list: "
               "an IndexError.",
    explain_ja="9 つのマスの番号は 0 から 8 です。最後のマスは board[8] で、"
               "board[9] はリストの外なので IndexError になります。")

question(
    "03.no_empty", "03_python_2_lists.ipynb",
    en="empty_squares gets a full board: no square holds 0. What should it return?",
    ja="empty_squares に、空きマスが 1 つもない（0 がない）盤面をわたします。何を返せばいい？",
    choices=[("[], an empty list", "[]（空のリスト）"), ("None", "None"), ("0", "0"), ("An error", "エラー")],
    answer="A",
    explain_en="The answer is still a list, only an empty one: []. Then the code that uses it, such as a for loop "
               "or len, works for a full board too.",
    explain_ja="答えはやはりリストで、中身が何もないだけです: []。こうしておけば、for や len で使うコードが、"
               "うまった盤面でもそのまま動きます。")

# ---------------------------------------------------------------- 04 Python basics 3

question(
    "04.two_scoreboards", "04_python_3_classes.ipynb",
    en="Predict before you run the cell below: mine gets a win and a draw, yours gets a loss. What will "
       "print(mine.points, yours.points) show?",
    ja="下のセルを実行する前に予想しよう: mine は勝ちと引き分け、yours は負けを 1 つ記録します。"
       "print(mine.points, yours.points) は何を表示する？",
    choices=[("4 0", "4 0"), ("4 4", "4 4"), ("3 1", "3 1"), ("0 0", "0 0")],
    answer="A",
    explain_en="Each object keeps its own self.points: mine has 3 + 1 = 4, and a loss adds nothing to yours.",
    explain_ja="オブジェクトは、それぞれ自分の self.points を持っています。"
               "mine は 3 + 1 = 4、yours は負けなので 0 のままです。")

question(
    "04.raise_first", "04_python_3_classes.ipynb",
    en="Why must play(square) raise the error before it puts the mark down?",
    ja="play(square) は、なぜ印を置く前にエラーを raise しなければならない？",
    choices=[("So that a refused move changes nothing", "ことわった手で、何も変わらないようにするため"),
             ("Because raise must be the first line of a method", "raise はメソッドの最初の行に書く決まりだから"),
             ("So that the method runs faster", "メソッドを速くするため")],
    answer="A",
    explain_en="raise stops the method at once. Raised after the mark is down, it would leave an O written over an "
               "X: the game would be broken.",
    explain_ja="raise はその場でメソッドを止めます。印を置いたあとで raise すると、X の上に O が書かれたまま残り、"
               "ゲームがこわれてしまいます。")

question(
    "04.column", "04_python_3_classes.ipynb",
    en="Predict: board has an O (2) at board[0, 2] and an X (1) at board[1, 1]. What will print(board[:, 2]) show?",
    ja="予想しよう: board の board[0, 2] には O（2）、board[1, 1] には X（1）が入っています。"
       "print(board[:, 2]) は何を表示する？",
    choices=[("[0 0 2]", "[0 0 2]"), ("[2 0 0]", "[2 0 0]"), ("[0 1 0]", "[0 1 0]"), ("2", "2")],
    answer="B",
    explain_en="board[:, 2] is column 2, every row from top to bottom: 2 (row 0), 0, 0. [0 0 2] is board[0], row 0.",
    explain_ja="board[:, 2] は 2 列目を上の行から順に並べたもの: 2（0 行目）、0、0 です。"
               "[0 0 2] は board[0]、0 行目です。")
