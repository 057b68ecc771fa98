"""The questions of the Connect Four lessons."""

from . import question

# ---------------------------------------------------------------- lesson 20

question(
    "20.landing_row", "20_connectfour_1_env.ipynb",
    en="Predict: on an empty board, red drops a disc into column 3, then yellow into column 3. "
       "In which row does yellow's disc land?",
    ja="予想しよう: 空の盤面で、赤が列 3 に石を入れ、次に黄も列 3 に入れます。黄の石は何段目に落ちる？",
    answer=4,
    explain_en="Row 0 is the top row. Red falls to the bottom, row 5, and yellow lands on top of it: row 4.",
    explain_ja="0 段目がいちばん上です。赤はいちばん下の 5 段目まで落ち、黄はその上の 4 段目にのります。")

question(
    "20.across_starts", "20_connectfour_1_env.ipynb",
    en="One row has 7 columns. In how many places can four discs in a line across fit into it?",
    ja="1 つの段には 7 列あります。その段の中で、横に 4 つ並ぶ並び方は何通りある？",
    answer=4,
    explain_en="The line can start in columns 0, 1, 2 or 3; from column 4 on, it would leave the board. "
               "That is why the loop says range(columns - 3).",
    explain_ja="並びが始まれるのは列 0, 1, 2, 3 の 4 通りです。列 4 から始めると、盤からはみ出します。"
               "だからループは range(columns - 3) なのです。")

# ---------------------------------------------------------------- lesson 21

question(
    "21.first_wins", "21_connectfour_2_random.ipynb",
    en="Predict: two random agents play 300 games. About how many will the first player win?",
    ja="予想しよう: ランダムなエージェントどうしが 300 局対戦します。先手はだいたい何局勝つ？",
    answer=174, tolerance=20,
    explain_en="The first player won 174 games, the second 125 (1 draw). The players are the same, but moving first "
               "helps.",
    explain_ja="先手が 174 局、後手が 125 局勝ちました（引き分け 1 局）。同じプレイヤーでも、先に打つほうが有利です。")

question(
    "21.enough_games", "21_connectfour_2_random.ipynb",
    en="Predict: the first 20 games, the first 100, all 300. For which is the whole 95 % interval of the first "
       "player's win rate above 50 %?",
    ja="予想しよう: 最初の 20 局、最初の 100 局、300 局全部。先手の勝率の 95 % 区間が全部 50 % より上になるのは"
       "どれ？",
    choices=[("Already for 20 games", "20 局で、もう"),
             ("From 100 games on", "100 局から"),
             ("Only for all 300", "300 局全部で、やっと"),
             ("Never: moving first does not help", "ならない。先手は有利ではない")],
    answer="C",
    explain_en="After 20 and 100 games the interval still contains 50 %. Only with 300 games is it narrow enough to "
               "lie above 50 %: moving first really helps.",
    explain_ja="20 局と 100 局では、区間にまだ 50 % が入っています。300 局でやっと区間が十分せまくなり、"
               "全部 50 % より上になります。先手は本当に有利なのです。")

question(
    "21.fair_first", "21_connectfour_2_random.ipynb",
    en="Why does arena.evaluate let each agent move first in half of the games?",
    ja="arena.evaluate は、なぜどちらのエージェントも半分の対戦で先手にするの？",
    choices=[("So that the games run faster", "対戦が速く終わるように"),
             ("So that moving first does not make one agent look stronger than it is",
              "先手の有利さで、片方が本当より強く見えないように"),
             ("Because a random agent cannot move first", "ランダムなエージェントは先手になれないから")],
    answer="B",
    explain_en="Moving first wins more games by itself, as you just measured. With half the games each, that "
               "advantage is shared fairly.",
    explain_ja="今測ったように、先手というだけで多く勝ちます。半分ずつ先手にすれば、その有利さが公平に分けられます。")

# ---------------------------------------------------------------- lesson 22

question(
    "22.opponent_three", "22_connectfour_3_lookahead.ipynb",
    en="Use the table above. My discs are the 1s: what is score_window([2, 0, 2, 2], 1)?",
    ja="上の表で考えよう。自分は 1 の石です。score_window([2, 0, 2, 2], 1) はいくつ？",
    answer=-100,
    explain_en="Three of the opponent's discs (2) and one empty cell: the opponent threatens to win, -100.",
    explain_ja="相手の石（2）が 3 つと空きが 1 つ。相手が勝ちまであと 1 手なので、-100 点です。")

question(
    "22.block", "22_connectfour_3_lookahead.ipynb",
    en="Predict: yellow has three on the bottom row, in columns 0, 1 and 2. Once your score_window passes its "
       "check, which column will my_one_step play for red?",
    ja="予想しよう: 黄がいちばん下の段の列 0, 1, 2 に 3 つ並べています。score_window がチェックに合格したら、"
       "my_one_step は赤としてどの列に打つ？",
    choices=[("Column 3: it blocks yellow", "列 3。黄をふさぐ"),
             ("Column 4: on top of red's own disc", "列 4。自分の赤い石の上"),
             ("Any column: they all score the same", "どこでも。どの列も同じ点数")],
    answer="A",
    explain_en="Every column but 3 leaves yellow's three with an empty cell: -100. Only column 3 does not lose "
               "those points. (Before your score_window works, all columns score 0, and it plays at random.)",
    explain_ja="列 3 以外に打つと、黄の 3 つと空きの窓が残って -100 点です。列 3 だけがその点を失いません。"
               "（score_window が完成する前は、どの列も 0 点なので、ランダムに打ちます。）")

question(
    "22.alphabeta_wins", "22_connectfour_3_lookahead.ipynb",
    en="Predict: alpha-beta looking 3 moves ahead plays 8 games against the one-step agent. How many does it win?",
    ja="予想しよう: 3 手先まで読むアルファベータ探索が、1 手先読みのエージェントと 8 局対戦します。何局勝つ？",
    answer=8, tolerance=1,
    explain_en="It won all 8. Alpha-beta also looks at the opponent's answers, so it sees dangers and chances "
               "that looking one move ahead cannot show.",
    explain_ja="8 局全部勝ちました。アルファベータ探索は相手の返しまで読むので、1 手先だけでは見えない危険やチャンスに"
               "気づけます。")

# ---------------------------------------------------------------- lesson 23

question(
    "23.plane_numbers", "23_connectfour_4_dqn.ipynb",
    en="The board is 6 rows × 7 columns, and the network reads 3 planes of it. How many numbers is that?",
    ja="盤面は 6 段 × 7 列です。ネットワークは、0 と 1 でできたこのマス目を 3 枚読みます。数は全部でいくつ？",
    answer=126,
    explain_en="Each plane has 6 × 7 = 42 numbers, and 3 × 42 = 126.",
    explain_ja="1 枚に 6 × 7 = 42 個の数があるので、3 × 42 = 126 個です。")

question(
    "23.before_training", "23_connectfour_4_dqn.ipynb",
    en="Predict: the untrained agent plays 100 games against the random player. How does it do?",
    ja="予想しよう: 学習前のエージェントが、ランダムなプレイヤーと 100 局対戦します。結果は？",
    choices=[("It wins almost none: it has learnt nothing", "ほとんど勝てない。まだ何も学んでいない"),
             ("It wins about half, like a random player", "ランダムなプレイヤーと同じで、半分くらい勝つ"),
             ("It wins more than half", "半分より多く勝つ")],
    answer="C",
    explain_en="It won 68 of 100. Its random weights make it like a few columns, and it keeps dropping discs there. "
               "The random player rarely blocks four in a column.",
    explain_ja="100 局中 68 局勝ちました。ランダムな重みのせいで、いくつかの列が好きになり、そこに石を入れつづけます。"
               "ランダムなプレイヤーは、縦の 4 つをめったにふさぎません。")

question(
    "23.q_count", "23_connectfour_4_dqn.ipynb",
    en="The next cell prints the agent's Q-values for this position. How many numbers will it print?",
    ja="次のセルは、この盤面でのエージェントの Q 値を表示します。数はいくつ表示される？",
    answer=7,
    explain_en="One Q-value for each column, where a disc can be dropped: 7. Not 42: you choose a column, not a cell.",
    explain_ja="石を入れる列ごとに Q 値が 1 つで、7 個です。42 個ではありません。選ぶのはマスではなく列だからです。")

# ---------------------------------------------------------------- lesson 24

question(
    "24.win_value", "24_connectfour_5_search.ipynb",
    en="Predict: column 0 wins at once. What value will the search give column 0?",
    ja="予想しよう: 列 0 に入れるとすぐに勝ちです。探索は列 0 にどんな値をつける？",
    answer=1, tolerance=0.05,
    explain_en="A game that ends inside the search gets its real value: a win now is +1, whatever the network "
               "guesses. Only later wins are multiplied by gamma.",
    explain_ja="探索の中でゲームが終わると、本当の値がつきます。"
               "今すぐ勝てるなら、ネットワークの予想に関係なく +1 です。gamma がかかるのは、もっとあとの勝ちだけです。")

question(
    "24.two_threats", "24_connectfour_5_search.ipynb",
    en="Predict: column 1 does not win at once, but red has two winning columns (0 and 4) and yellow can block "
       "only one. With gamma = 0.8, what value will the search give column 1?",
    ja="予想しよう: 列 1 ではすぐには勝てません。でも赤には勝てる列が 2 つ(0 と 4)あり、黄は 1 つしかふさげません。"
       "gamma = 0.8 のとき、探索は列 1 にどんな値をつける？",
    choices=[("1: red still wins", "1: 赤はやっぱり勝つから"),
             ("0.8 × 0.8 = 0.64: red wins, two moves later", "0.8 × 0.8 = 0.64: 赤は 2 手あとに勝つから"),
             ("The network's Q-value of column 1", "ネットワークの列 1 の Q 値"),
             ("0: it is not a win", "0: 勝ちの手ではないから")],
    answer="B",
    explain_en="Red plays 1, yellow blocks 0 or 4, red wins at the other one. That win is two moves deeper, so it "
               "is multiplied by gamma twice: 0.8 × 0.8 = 0.64. The search sees it to the end of the game, so the "
               "network's guess is not used.",
    explain_ja="赤が 1 に入れ、黄が 0 か 4 をふさぎ、赤がもう一方で勝ちます。その勝ちは 2 手深いので、"
               "gamma を 2 回かけて 0.8 × 0.8 = 0.64 です。探索は対局の終わりまで見えるので、"
               "ネットワークの予想は使いません。")

question(
    "24.search_helps", "24_connectfour_5_search.ipynb",
    en="Predict: your network alone, then your network inside the search, each play 10 games against lesson 22's "
       "alpha-beta. Which does better?",
    ja="予想しよう: ネットワークだけのエージェントと、探索の中にネットワークを入れたエージェントが、"
       "それぞれレッスン 22 のアルファベータ探索と 10 局対戦します。よい結果なのはどっち？",
    choices=[("The network alone", "ネットワークだけ"),
             ("The network inside the search", "探索の中のネットワーク"),
             ("Both the same: it is the same network", "同じネットワークなので、どちらも同じ")],
    answer="B",
    explain_en="When we ran it, the network alone won 1 of the 10 games; inside the search, 7. The search checks "
               "a few moves ahead, so it sees threats the network alone misses.",
    explain_ja="試したときは、ネットワークだけでは 10 局中 1 勝、探索の中では 7 勝でした。"
               "探索は数手先まで確かめるので、ネットワークだけでは見落とすリーチに気づけます。")
