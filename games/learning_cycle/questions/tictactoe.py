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

# ---------------------------------------------------------------- lesson 11

question(
    "11.first_move", "11_tictactoe_2_random.ipynb",
    en="Predict: the same random agent plays X and O in 100 games. What happens?",
    ja="予想しよう: 同じランダムなエージェントが X と O の両方を打って、100 回対戦します。どうなる？",
    choices=[("X wins clearly more often than O", "X のほうがはっきり多く勝つ"),
             ("X and O win about equally often: it is the same agent",
              "同じエージェントなので、X と O はだいたい同じ回数勝つ"),
             ("O wins more often than X", "O のほうが多く勝つ"),
             ("Most games are draws", "ほとんど引き分けになる")],
    answer="A",
    explain_en="X won 56 games and O 35. X moves first, so X always has as many marks on the board as O, or one "
               "more: moving first is an advantage.",
    explain_ja="X が 56 回、O が 35 回勝ちました。X は先に打つので、盤面の印はいつも O と同じ数か 1 つ多くなります。"
               "先手は有利なのです。")

question(
    "11.fair_match", "11_tictactoe_2_random.ipynb",
    en="Agent A plays X in all 100 games against agent B, and A wins 60 of them. What can you say?",
    ja="エージェント A が 100 回全部で X（先手）になって B と対戦し、60 回勝ちました。何がいえる？",
    choices=[("A is stronger than B", "A は B より強い"),
             ("We cannot tell: moving first alone could give A those wins",
              "まだわからない。先手だったから勝っただけかもしれない"),
             ("B is stronger than A", "B は A より強い")],
    answer="B",
    explain_en="Even the same agent wins more as X. A fair match lets each agent move first in half of the games.",
    explain_ja="同じエージェントどうしでも、X のほうが多く勝ちます。公平に比べるには、先手を半分ずつにします。")

question(
    "11.overlap", "11_tictactoe_2_random.ipynb",
    en="The 95 % intervals of \"A wins\" and \"B wins\" overlap a lot. What does that mean?",
    ja="「A の勝ち」と「B の勝ち」の 95 % 信頼区間が大きく重なっています。これはどういう意味？",
    choices=[("B is better, because B won more games", "B のほうが多く勝ったので、B のほうが強い"),
             ("These games cannot tell the two agents apart: the difference may be luck",
              "この対戦では 2 つのエージェントの差はわからない。差は運かもしれない"),
             ("A and B are certainly exactly as strong", "A と B の強さは、ぜったいにまったく同じ")],
    answer="B",
    explain_en="Overlapping intervals say that luck alone could explain the difference. More games make the "
               "intervals narrower.",
    explain_ja="区間が重なっているときは、その差は運だけでも起こりえます。対戦の数をふやすと、区間はせまくなります。")

# ---------------------------------------------------------------- lesson 12

question(
    "12.best_move", "12_tictactoe_3_minimax.ipynb",
    en="Predict before you run the cell below: X to move, and squares 6, 7 and 8 are empty. Which move is best for X?",
    ja="下のセルを実行する前に予想しよう: X の番で、空いているのは 6, 7, 8 のマスです。X にとっていちばんよい手は？",
    choices=[("6", "6"), ("7", "7"), ("8", "8")],
    answer="C",
    explain_en="X 8 makes the column 2-5-8 and wins at once. After X 6, O plays 7 and wins; after X 7 it is a draw.",
    explain_ja="X が 8 に打つと、縦の列 2-5-8 がそろって、すぐに勝ちです。"
               "X 6 なら O が 7 で勝ち、X 7 なら引き分けです。")

question(
    "12.minus", "12_tictactoe_3_minimax.ipynb",
    en="After your move, the opponent moves next, and minimax(child) is +1: the opponent will win. "
       "What is your move worth?",
    ja="あなたが打ったあと、次は相手の番です。minimax(child) は +1 で、相手が勝ちます。あなたのその手の値はいくつ？",
    answer=-1,
    explain_en="The opponent's best is our worst: the move is worth minus the value of child, so -1. "
               "Avoid that move!",
    explain_ja="相手にとっていちばんよいことは、自分にとっていちばん悪いことです。"
               "手の値は child の値にマイナスをつけて -1。"
               "この手は打たないほうがいいですね。")

question(
    "12.empty_board", "12_tictactoe_3_minimax.ipynb",
    en="Predict: if both players always play their best, how does a game from the empty board end?",
    ja="予想しよう: 両方がいつも最善の手を打つと、空の盤面から始めたゲームはどうなる？",
    choices=[("X wins (value +1): moving first is an advantage", "先手が有利なので X の勝ち（値 +1）"),
             ("A draw (value 0)", "引き分け（値 0）"),
             ("O wins (value -1)", "O の勝ち（値 -1）")],
    answer="B",
    explain_en="The value of the empty board is 0. Moving first helps against a random player, but against a "
               "perfect player O can always hold X to a draw.",
    explain_ja="空の盤面の値は 0 です。ランダムな相手なら先手が有利ですが、"
               "完璧に打てば O はいつでも引き分けにできます。")

# ---------------------------------------------------------------- lesson 13

question(
    "13.untrained_q", "13_tictactoe_4_dqn.ipynb",
    en="Predict: X wins at once in square 2. Will the untrained network give square 2 the highest Q-value?",
    ja="予想しよう: X はマス 2 に打てばすぐに勝ちです。学習前のネットワークは、マス 2 の Q 値をいちばん高くする？",
    choices=[("Yes: it sees the line of three", "はい。3 つ並ぶのがわかる"),
             ("Only by chance: its weights are random, so its guesses are too",
              "たまたまならありうる。重みがランダムなので、予想もランダム"),
             ("All free squares get the same Q-value", "空いているマスは全部同じ Q 値になる")],
    answer="B",
    explain_en="An untrained network has random weights, so its Q-values are random too. It has to learn from its "
               "games that square 2 wins.",
    explain_ja="学習前のネットワークは重みがランダムなので、Q 値もランダムです。"
               "マス 2 で勝てることは、対戦から学ぶしかありません。")

question(
    "13.final_target", "13_tictactoe_4_dqn.ipynb",
    en="The agent's move wins and ends the game: reward 1, done is True, gamma 0.9. What is the target?",
    ja="エージェントの手で勝って、ゲームが終わりました。報酬は 1、done は True、gamma は 0.9 です。"
       "目標（target）はいくつ？",
    answer=1,
    explain_en="After the end there is no next position, so the target is just the reward: 1.",
    explain_ja="ゲームが終わったら次の盤面はないので、目標は報酬だけ、つまり 1 です。")

question(
    "13.beat_minimax", "13_tictactoe_4_dqn.ipynb",
    en="Predict: your trained agent plays 10 games against the perfect minimax player. How many does it win?",
    ja="予想しよう: 学習したエージェントが、完璧に打つミニマックスと 10 回対戦します。何回勝つ？",
    choices=[("Most of them: it beats the random agent too", "ほとんど勝つ。ランダムなエージェントにも勝てたから"),
             ("About half", "半分くらい"),
             ("None: nobody beats a perfect player at tic-tac-toe", "0 回。三目並べで完璧な相手に勝つことはできない")],
    answer="C",
    explain_en="Minimax never loses at tic-tac-toe (lesson 12). The best any agent can do against it is a draw.",
    explain_ja="ミニマックスは三目並べで一度も負けません（レッスン 12）。"
               "どんなエージェントでも、できるのは引き分けまでです。")

# ---------------------------------------------------------------- lesson 14

question(
    "14.search_bar", "14_tictactoe_5_search.ipynb",
    en="Predict: which square will get the highest bar from the search?",
    ja="予想しよう: 探索の棒グラフで、いちばん高くなるのはどのマス？",
    choices=[("Square 2: X wins there at once", "マス 2。X がすぐに勝てる"),
             ("Square 5: it blocks O", "マス 5。O をふさぐ"),
             ("All squares the same", "どのマスも同じ")],
    answer="A",
    explain_en="A game that ends inside the search gets its real value: square 2 wins at once, so it is worth +1, "
               "whatever the network guesses.",
    explain_ja="探索の中でゲームが終わると、本当の値がつきます。"
               "マス 2 はすぐに勝てるので、ネットワークの予想に関係なく +1 です。")

question(
    "14.quick_win", "14_tictactoe_5_search.ipynb",
    en="Each move deeper multiplies a value by gamma (0.9). Which is worth more to the search?",
    ja="探索では、1 手深くなるごとに値に gamma（0.9）をかけます。探索にとって、値が大きいのはどっち？",
    choices=[("A win with my next move", "次の自分の手で勝つ"),
             ("A win three moves later", "3 手あとに勝つ"),
             ("Both are worth the same: a win is a win", "どちらも同じ。勝ちは勝ち")],
    answer="A",
    explain_en="The win three moves later is multiplied by 0.9 twice more: 0.81. So the search takes a quick win.",
    explain_ja="3 手あとの勝ちには 0.9 がさらに 2 回かかって 0.81 になります。だから探索は早く勝つ手を選びます。")

question(
    "14.untrained_search", "14_tictactoe_5_search.ipynb",
    en="Predict: the same 3-move search, but with an untrained network inside, plays minimax. How does it do?",
    ja="予想しよう: 同じ 3 手先までの探索に、学習していないネットワークを入れて、ミニマックスと対戦させます。結果は？",
    choices=[("It draws every game: the search does all the work", "全部引き分け。探索だけで十分"),
             ("It loses games: where the search stops, its guesses are random",
              "負ける。探索が止まったところの予想がランダムだから"),
             ("It beats minimax", "ミニマックスに勝つ")],
    answer="B",
    explain_en="3 moves are not enough to see the whole game. Where the search stops, a random network misjudges the "
               "position; your trained network judges it well.",
    explain_ja="3 手先まででは、ゲームの最後まで見えません。"
               "探索が止まったところで、ランダムなネットワークは盤面を見まちがえます。"
               "学習したネットワークなら、うまく判断できます。")
