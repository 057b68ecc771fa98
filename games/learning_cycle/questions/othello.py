"""The questions of the Othello lessons."""

from . import question

# ---------------------------------------------------------------- 30: the flipping rule as code

question(
    "30.square_number", "30_othello_1_env.ipynb",
    en="On the 6 × 6 board, which number has the square in row 3, column 4?",
    ja="6 × 6 の盤で、3 段目・4 列目のマスの番号はいくつ？",
    answer=22,
    explain_en="row * 6 + column = 3 * 6 + 4 = 22. It is one of the four numbers in the picture below: "
               "black may play there at the start.",
    explain_ja="段 * 6 + 列 = 3 * 6 + 4 = 22 です。下の絵に出る 4 つの番号の 1 つで、"
               "最初に黒が打てるマスです。")

question(
    "30.after_move", "30_othello_1_env.ipynb",
    en="Predict before you run the cell below: at the start (2 black, 2 white) black plays square 13. "
       "How many discs will each side have after it?",
    ja="下のセルを実行する前に予想しよう: 最初の盤面(黒 2、白 2)で、黒がマス 13 に打ちます。"
       "打ったあと、黒と白の石はいくつ？",
    choices=[("Black 3, white 2", "黒 3、白 2"), ("Black 4, white 2", "黒 4、白 2"),
             ("Black 4, white 1", "黒 4、白 1"), ("Black 5, white 0", "黒 5、白 0")],
    answer="C",
    explain_en="Black adds one disc (3) and traps one white disc, which turns black (4). "
               "A flipped disc changes colour, so white has only 1 left.",
    explain_ja="黒は石を 1 つ置いて 3 つ、はさんだ白を 1 つ返して 4 つになります。"
               "返された石は色が変わるので、白は 1 つだけになります。")

question(
    "30.no_move", "30_othello_1_env.ipynb",
    en="Predict: black is to move, but no black move traps a white disc. What will env.legal_actions() show?",
    ja="予想しよう: 黒の番ですが、どこに打っても白をはさめません。env.legal_actions() は何を表示する？",
    choices=[("[]: an empty list, there is no move", "[](空のリスト): 打てる手はない"),
             ("[36]: only the pass", "[36]: パスだけ"),
             ("Every empty square", "空いているマス全部"),
             ("An error: the game is over", "エラー: ゲームは終わっている")],
    answer="B",
    explain_en="The pass is an action too (36 on the 6 × 6 board), and it is the only legal one when you "
               "cannot trap anything. The game ends only when neither player can move.",
    explain_ja="パスも 1 つの手です(6 × 6 の盤なら 36)。はさめる場所がないときは、パスだけが打てます。"
               "ゲームが終わるのは、2 人とも打てなくなったときだけです。")

# ---------------------------------------------------------------- 31: random players, and the corners

question(
    "31.black_wins", "31_othello_2_random.ipynb",
    en="Predict before you run the cell below: two random players play 200 games. "
       "How many of them will black (who moves first) win?",
    ja="下のセルを実行する前に予想しよう: ランダムなプレイヤーどうしが 200 局対戦します。"
       "先手の黒は何局勝つ？",
    answer=98, tolerance=15,
    explain_en="Black won 98 of the 200 games (7 were draws): about half. Between random players, "
               "moving first gives no clear advantage.",
    explain_ja="黒は 200 局のうち 98 局勝ちました(引き分けが 7 局)。ほぼ半分です。"
               "ランダムなプレイヤーどうしでは、先手がはっきり有利ということはありません。")

question(
    "31.fair_test", "31_othello_2_random.ipynb",
    en="Agent A moves first in all 40 games against agent B and wins 30. What can you say?",
    ja="エージェント A が B と 40 局対戦して、40 局とも A が先手で、A が 30 勝しました。何が言える？",
    choices=[("A is stronger: 30 of 40 is a lot", "A のほうが強い。40 局中 30 勝は多いから"),
             ("Not yet: moving first may have helped A. Let each move first in half of the games",
              "まだ言えない。先手だったおかげかもしれない。先手を半分ずつにして測る"),
             ("B is stronger: it played second every time", "B のほうが強い。毎回後手だったから")],
    answer="B",
    explain_en="In a fair test only the agents differ. If A always moves first, A's wins may come from moving "
               "first: arena.evaluate lets each agent move first in half of the games.",
    explain_ja="公平なテストでは、ちがうのはエージェントだけにします。"
               "A がいつも先手だと、先手のおかげで勝ったのかもしれません。"
               "だから arena.evaluate は、先手を半分ずつ交代させます。")

question(
    "31.greedy_or_corners", "31_othello_2_random.ipynb",
    en="Predict before you run the cell below: which one will win more of its 40 games against random_agent?",
    ja="下のセルを実行する前に予想しよう: random_agent との 40 局で、多く勝つのはどっち？",
    choices=[("greedy_agent: it flips the most discs", "greedy_agent: いちばん多く返すから"),
             ("classic_opponent: it takes the corners", "classic_opponent: 角を取るから"),
             ("About the same", "だいたい同じ")],
    answer="B",
    explain_en="classic_opponent won 34 of 40, greedy_agent 24. Many flipped discs often flip back; "
               "a disc on a corner stays for good.",
    explain_ja="classic_opponent は 40 局中 34 勝、greedy_agent は 24 勝でした。"
               "たくさん返した石は、また返されがちです。"
               "角の石は、ずっとそのままです。")

# ---------------------------------------------------------------- 32: evaluation, and alpha-beta search

question(
    "32.score_by_hand", "32_othello_3_alphabeta.ipynb",
    en="With the classic weights, black has discs on (0, 0) and (1, 1); white has one disc, on (0, 5). "
       "What should positional_score(board, 1, WEIGHTS) give for black?",
    ja="定番の重みで、黒の石が (0, 0) と (1, 1) に、白の石が 1 つ (0, 5) にあります。"
       "黒から見た positional_score(board, 1, WEIGHTS) はいくつになるはず？",
    answer=-50,
    explain_en="Mine: 100 + (-50) = 50. The opponent's: 100. So 50 - 100 = -50: white's corner "
               "counts against black.",
    explain_ja="自分の石: 100 + (-50) = 50。相手の石: 100。だから 50 - 100 = -50 です。"
               "白の角は、黒にとってマイナスになります。")

question(
    "32.looking_ahead", "32_othello_3_alphabeta.ipynb",
    en="AlphaBetaAgent(depth=2) looks two moves ahead. Which two?",
    ja="AlphaBetaAgent(depth=2) は 2 手先まで読みます。どの 2 手？",
    choices=[("My move, then the opponent's best answer to it", "自分の手と、それに対する相手のいちばんよい返し"),
             ("My move, then a random answer of the opponent", "自分の手と、相手のランダムな返し"),
             ("My next two moves: the opponent does not move", "自分の次の 2 手(相手は打たない)")],
    answer="A",
    explain_en="The search assumes that each side picks what is best for it. So a move is only as good as "
               "the board after the opponent's best answer.",
    explain_ja="探索は、どちらも自分にいちばん得な手を選ぶと考えます。だから、ある手のよさは、"
               "相手がいちばんよく返したあとの盤面で決まります。")

question(
    "32.alphabeta_wins", "32_othello_3_alphabeta.ipynb",
    en="Predict before you run the cell below: AlphaBetaAgent(depth=4) plays 10 games against classic_opponent "
       "(which won 34 of 40 against random_agent). How many of the 10 will alpha-beta win?",
    ja="下のセルを実行する前に予想しよう: AlphaBetaAgent(depth=4) が classic_opponent"
       "(random_agent に 40 局中 34 勝した相手)と 10 局対戦します。アルファベータは何局勝つ？",
    answer=10, tolerance=1,
    explain_en="It won all 10. Looking 4 moves ahead, with corners and mobility, beats a player that looks at "
               "one move only. But 10 games are few: the interval starts at 72 %.",
    explain_ja="10 局全部勝ちました。角と着手可能数を見ながら 4 手先まで読むと、1 手しか見ない相手に勝てます。"
               "ただし 10 局は少ないので、区間は 72 % からです。")

# ---------------------------------------------------------------- lesson 33

question(
    "33.outputs", "33_othello_4_dqn.ipynb",
    en="The network gives one Q-value for each move the agent could make on the 6 × 6 board. "
       "How many outputs does it need?",
    ja="ネットワークは、6 × 6 の盤でエージェントが打てるかもしれない手の 1 つ 1 つに、Q 値を 1 つ出します。"
       "出力はいくつ必要？",
    answer=37,
    explain_en="36 squares, and one more for passing: 37. Passing is a move too when there is nowhere to play.",
    explain_ja="36 マスと、パスの 1 つで 37 個です。打てる場所がないときは、パスも 1 つの手です。")

question(
    "33.before_training", "33_othello_4_dqn.ipynb",
    en="Predict before you run the cell below: the untrained agent plays 50 games against classic_opponent. "
       "How does it do?",
    ja="下のセルを実行する前に予想しよう: 学習前のエージェントが classic_opponent と 50 局対戦します。結果は？",
    choices=[("It loses most games: its weights are random, so its moves are too",
              "ほとんど負ける。重みがランダムなので、打つ手もランダムのようなもの"),
             ("It wins about half: it sees the whole board", "半分くらい勝つ。盤面全体が見えているから"),
             ("It wins most games: the channels show it where it can play",
              "ほとんど勝つ。打てる場所がチャンネルでわかるから")],
    answer="A",
    explain_en="It won 6 of the 50 and lost 39. Knowing where it can play is not knowing which move is good: "
               "that it has to learn from its games.",
    explain_ja="50 局で 6 勝、39 敗でした。打てる場所がわかっても、どの手がよいかはわかりません。"
               "それは対戦から学ぶしかありません。")

question(
    "33.corner", "33_othello_4_dqn.ipynb",
    en="Predict: black can take corner 5. Which square will the trained agent play?",
    ja="予想しよう: 黒は角 5 を取れます。学習したエージェントは、どのマスに打つ？",
    choices=[("Corner 5: it learned from its games that corners pay",
              "角 5。角を取ると有利になることを、対戦から学んだ"),
             ("Not the corner: nobody told it the corner rule", "角ではない。角のルールはだれも教えていない"),
             ("The square that flips the most stones", "いちばん多く石を返すマス")],
    answer="A",
    explain_en="In our run corner 5 got the highest Q-value (0.42) and the agent played it. Nobody gave it the rule: "
               "games where it took corners ended better.",
    explain_ja="わたしたちが実行したときは、角 5 の Q 値がいちばん大きく(0.42)、エージェントはそこに打ちました。"
               "ルールはだれも教えていません。角を取った対戦のほうが、よい結果になったのです。")

# ---------------------------------------------------------------- lesson 34

question(
    "34.search_helps", "34_othello_5_search.ipynb",
    en="Predict before you run the cell below: the network alone and the network inside the search each play "
       "10 games against the alpha-beta search. Which does better?",
    ja="下のセルを実行する前に予想しよう: ネットワークだけのエージェントと、探索にネットワークを入れたエージェントが、"
       "アルファベータ探索とそれぞれ 10 局対戦します。よい成績なのはどっち？",
    choices=[("The network alone: the search only copies it", "ネットワークだけ。探索はそれをまねるだけ"),
             ("The network inside the search", "探索にネットワークを入れたほう"),
             ("Both the same: it is the same network", "どちらも同じ。同じネットワークだから")],
    answer="B",
    explain_en="The network alone lost all 10; inside the search it won 7. Looking 3 moves ahead catches "
               "mistakes that one look at the board misses.",
    explain_ja="ネットワークだけでは 10 局全敗、探索に入れると 7 勝でした。"
               "3 手先まで読むと、盤面をひと目見ただけでは気づかないミスを見つけられます。")

question(
    "34.untrained_search", "34_othello_5_search.ipynb",
    en="The same 3-move search, but with an untrained network (random weights) inside, plays the alpha-beta "
       "search. What do you expect?",
    ja="同じ 3 手先までの探索に、学習していないネットワーク(重みがランダム)を入れて、アルファベータ探索と対戦させます。"
       "どうなると思う？",
    choices=[("It does as well: the search does the work", "同じくらい強い。探索がやってくれる"),
             ("It loses: where the search stops, its values are random",
              "負ける。探索をやめたところの値がランダムだから"),
             ("It does even better: random values surprise the opponent",
              "もっと強い。ランダムな値に相手がまどわされる")],
    answer="B",
    explain_en="It scored only 5 %. The search looks ahead, but it needs a good judge where it stops: "
               "that is what your network learned.",
    explain_ja="得点は 5 % だけでした。探索は先を読みますが、読むのをやめたところでは、よい判断が必要です。"
               "それが、あなたのネットワークが学んだことです。")
