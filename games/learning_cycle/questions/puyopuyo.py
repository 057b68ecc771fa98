"""The questions of the Puyo Puyo lessons."""

from . import question

# ---------------------------------------------------------------- 50: the rules as code

question(
    "50.where_it_lands", "50_puyopuyo_1_env.ipynb",
    en="Predict before you run the cell below: after fall(board), where will the red puyo of (9, 4) be?",
    ja="下のセルを実行する前に予想しよう: fall(board) のあと、(9, 4) の赤ぷよはどこにある？",
    choices=[("(9, 4): it stays", "(9, 4): そのまま"),
             ("(10, 4): on top of the yellow one", "(10, 4): 黄ぷよの上"),
             ("(11, 4): in the bottom row", "(11, 4): いちばん下の行")],
    answer="B",
    explain_en="A puyo falls until it lands on the floor or on another puyo. The yellow one is at the bottom of "
               "column 4, so the red one stops on it, in row 10.",
    explain_ja="ぷよは、床かほかのぷよの上に乗るまで落ちます。4 列目のいちばん下には黄ぷよがあるので、"
               "赤ぷよはその上の 10 行目で止まります。")

question(
    "50.step_three", "50_puyopuyo_1_env.ipynb",
    en="Use the tables: step 3 of a chain pops one group of 4 puyos, all of one colour. "
       "How many points does that step score?",
    ja="表を使って計算しよう: 連鎖の 3 段目で、1 色のぷよが 4 つのグループ 1 つだけ消えます。この段は何点？",
    answer=640,
    explain_en="10 × 4 × (16 + 0 + 0) = 640: the chain power of step 3 is 16; one colour and a group of 4 "
               "add nothing.",
    explain_ja="10 × 4 × (16 + 0 + 0) = 640 点です。3 段目の連鎖ボーナスは 16 で、"
               "1 色だけ・4 つのグループなので、色数ボーナスと連結ボーナスは 0 です。")

question(
    "50.pair_points", "50_puyopuyo_1_env.ipynb",
    en="Predict before you run the cell below: the pair (red pivot, green on top) goes into column 1. "
       "How many points will it score?",
    ja="下のセルを実行する前に予想しよう: 軸が赤、上が緑の組ぷよを 1 列目に置きます。何点になる？",
    choices=[("0: nothing pops", "0 点: 何も消えない"), ("40: only the reds pop", "40 点: 赤だけ消える"),
             ("80: the reds and the greens pop, 40 each", "80 点: 赤と緑が 40 点ずつ消える"),
             ("360: a 2-chain", "360 点: 2 連鎖")],
    answer="D",
    explain_en="The red pivot completes 4 reds, which pop (40). Then the greens fall and make 4: "
               "step 2 of a chain, 320. Together 360, as in section 5.",
    explain_ja="赤の軸ぷよで赤が 4 つになって消えます(40 点)。すると緑が落ちて 4 つつながり、"
               "連鎖の 2 段目で 320 点。合計 360 点で、「5. 点数」の例と同じです。")

# ---------------------------------------------------------------- 51: placing at random

question(
    "51.longest_chain", "51_puyopuyo_2_random.ipynb",
    en="Predict before you run the cell below: in most of the 100 random games, what will the longest chain be?",
    ja="下のセルを実行する前に予想しよう: でたらめに置く 100 ゲームの多くで、最大連鎖はいくつ？",
    choices=[("0: nothing ever pops", "0: 何も消えない"), ("1 or 2", "1 か 2"),
             ("3 or 4", "3 か 4"), ("5 or more", "5 以上")],
    answer="B",
    explain_en="In 70 of the 100 games the longest chain was 1 or 2 (see \u201cgames by chain\u201d). "
               "Random placements pop a group now and then, but a long chain almost never happens by luck.",
    explain_ja="100 ゲームのうち 70 ゲームで、最大連鎖は 1 か 2 でした(「連鎖ごとの局数」を見よう)。"
               "でたらめでもグループはときどき消えますが、長い連鎖は運だけではほとんど起きません。")

question(
    "51.same_seeds", "51_puyopuyo_2_random.ipynb",
    en="Agents A and B both play the seeds 0 to 99. Why is that a fair race?",
    ja="エージェント A と B が、どちらも seed 0〜99 で遊びます。なぜ公平な勝負になる？",
    choices=[("The pairs of a game depend only on its seed: both get the same pairs",
              "ゲームで来るぷよは seed だけで決まるので、どちらにも同じぷよが来るから"),
             ("The seed makes both agents place the pairs the same way",
              "seed のおかげで、2 つのエージェントが同じ置き方をするから"),
             ("The seed makes every game equally long", "seed のおかげで、どのゲームも同じ長さになるから")],
    answer="A",
    explain_en="Whatever the agent does, seed 7 always brings the same pairs. So a difference in score comes "
               "from the agents, not from luckier pairs.",
    explain_ja="エージェントが何をしても、seed 7 ならいつも同じぷよが来ます。だから点数の差は、"
               "来たぷよの運ではなく、エージェントのちがいから生まれます。")

question(
    "51.low_scores", "51_puyopuyo_2_random.ipynb",
    en="Predict before you run the cell below: low_agent keeps the well low. Compared with the random agent, "
       "what will its mean score be?",
    ja="下のセルを実行する前に予想しよう: low_agent はフィールドを低く保ちます。でたらめエージェントとくらべて、"
       "平均点はどうなる？",
    choices=[("much higher: it lasts longer", "ずっと高い: 長く続くから"),
             ("about the same or lower: flat piles rarely make chains",
              "同じくらいか低い: 平らに積むと連鎖ができにくいから"),
             ("0: it never pops anything", "0 点: 何も消さないから")],
    answer="B",
    explain_en="It lasts longer, but scores no more than random (about 1 550 against 1 930 on the same 50 seeds "
               "with a right column_heights). Points come from chains, and piling flat rarely builds them.",
    explain_ja="長く続きますが、点数はでたらめ以下です(正しい column_heights で、同じ 50 個の seed で約 1 550 点と"
               "約 1 930 点)。点数は連鎖から生まれ、平らに積むだけでは連鎖はめったにできません。")

# ---------------------------------------------------------------- 52: building chains

question(
    "52.five_chain", "52_puyopuyo_3_chains.ipynb",
    en="Predict before you run the cell below: 5 groups of 4 popped one at a time score 200. "
       "As one 5-chain, about how much do they score?",
    ja="下のセルを実行する前に予想しよう: 4 つのグループを 1 つずつ 5 回消すと 200 点。"
       "1 つの 5 連鎖にすると、だいたい何点？",
    choices=[("400", "400 点"), ("1 000", "1 000 点"), ("5 000", "5 000 点"), ("50 000", "50 000 点")],
    answer="C",
    explain_en="4840 points: the chain power grows at every step (0, 8, 16, 32, 64), so the late steps "
               "score most. That is why good players wait and build.",
    explain_ja="4840 点です。連鎖ボーナスは段ごとに大きくなる(0, 8, 16, 32, 64)ので、あとの段ほど点が高くなります。"
               "だから上手な人は、すぐ消さずに組み立てます。")

question(
    "52.why_clone", "52_puyopuyo_3_chains.ipynb",
    en="What would go wrong if value_after called env.step(action) on env itself, not on a clone?",
    ja="value_after が、コピーではなく env そのものに env.step(action) をしたら、どうなる？",
    choices=[("Each try would place the pair in the real game", "試すたびに、本物のゲームにぷよを置いてしまう"),
             ("Nothing: it would only be slower", "何も問題ない。少しおそくなるだけ"),
             ("Every placement would get the same value", "どの置き方も同じ点になる")],
    answer="A",
    explain_en="The search tries up to 22 placements for one move. On a clone the real game stays as it was "
               "until the agent has chosen.",
    explain_ja="探索は 1 手のために、最大 22 通りの置き方を試します。コピーの上で試せば、"
               "エージェントが選び終わるまで本物のゲームは変わりません。")

question(
    "52.builder_score", "52_puyopuyo_3_chains.ipynb",
    en="Predict before you run the cell below: how will the chain builder's scores in the first 50 pairs "
       "compare with one pair ahead (section 3)?",
    ja="下のセルを実行する前に予想しよう: 「3. 1 手先を読む探索」とくらべて、"
       "連鎖ビルダーの最初の 50 組の点数はどうなる？",
    choices=[("about the same", "だいたい同じ"), ("about twice as high", "2 倍くらい"),
             ("more than 10 times as high", "10 倍以上")],
    answer="C",
    explain_en="It scored about 21 000 and 22 000, with 6-chains. It keeps groups waiting and fires one long "
               "chain, and chain power grows with every step.",
    explain_ja="約 21 000 点と 22 000 点で、6 連鎖でした。グループをためておいて長い連鎖を 1 回起こすので、"
               "段ごとに大きくなる連鎖ボーナスがたくさん入ります。")

# ---------------------------------------------------------------- lesson 53

question(
    "53.one_output", "53_puyopuyo_4_dqn.ipynb",
    en="There are up to 22 placements, but the network is asked only \"how good is this board?\". "
       "How many outputs does it need?",
    ja="置き方は最大 22 通りありますが、ネットワークへの質問は「この盤はどれくらいよい？」だけです。"
       "出力はいくつ必要？",
    answer=1,
    explain_en="One: the value V of the board. The agent asks it once for each placement's board after, "
               "so all 22 placements share what it learns.",
    explain_ja="1 つです。盤の値 V だけです。"
               "エージェントは置き方ごとに、置いたあとの盤について同じネットワークに聞きます。"
               "だから、学んだことを 22 通りの置き方みんなで使えます。")

question(
    "53.untrained_vs_random", "53_puyopuyo_4_dqn.ipynb",
    en="Predict before you run the cell below: the untrained agent (V = 0 for every board, so it looks only at "
       "the points it gets now) and the random agent play the same 20 games. Which scores more?",
    ja="下のセルを実行する前に予想しよう: 学習前のエージェント(どの盤も V = 0 なので、今もらえる点だけを見る)と"
       "でたらめエージェントが、同じ 20 ゲームを遊びます。点が高いのはどっち？",
    choices=[("About the same: the untrained agent has learned nothing",
              "だいたい同じ。学習前のエージェントは何も学んでいない"),
             ("The untrained agent, clearly", "学習前のエージェントのほうが、はっきり高い"),
             ("The random agent", "でたらめエージェント")],
    answer="B",
    explain_en="In our run it scored about twice as much (5253 against 2579 points). Clearing whenever it can "
               "keeps the field low, so the game goes on longer.",
    explain_ja="わたしたちが実行したときは、約 2 倍でした(5253 点と 2579 点)。"
               "消せるときに消すとフィールドが低いままなので、ゲームが長く続きます。")

# ---------------------------------------------------------------- lesson 54

question(
    "54.zero_network", "54_puyopuyo_5_search.ipynb",
    en="The search scores a board with \"lesson 52's rules + V ÷ 0.01\". If the network had learned nothing, "
       "V would be 0 for every board. Where would ChainSearchAgent put each pair then?",
    ja="探索は盤を「レッスン 52 のルール + V ÷ 0.01」で評価します。ネットワークが何も学んでいなければ、"
       "どの盤も V = 0 です。そのとき ChainSearchAgent は、ぷよをどこに置く？",
    choices=[("Exactly where the chain builder puts it", "連鎖ビルダーとまったく同じところ"),
             ("Somewhere at random", "ランダムなところ"),
             ("Always in the same column", "いつも同じ列")],
    answer="A",
    explain_en="Adding 0 changes no score, so the ranking is the chain builder's. Any difference you see comes "
               "from what your network learned.",
    explain_ja="0 を足しても評価は変わらないので、順位は連鎖ビルダーと同じです。"
               "ちがいが出たら、それはあなたのネットワークが学んだことから来ています。")

question(
    "54.more_points", "54_puyopuyo_5_search.ipynb",
    en="Predict before you run the cell below: the chain builder alone and the builder with your network play "
       "the same 3 games. Which scores more?",
    ja="下のセルを実行する前に予想しよう: 連鎖ビルダーだけと、あなたのネットワークを入れた連鎖ビルダーが、"
       "同じ 3 ゲームを遊びます。点が高いのはどっち？",
    choices=[("The chain builder alone: 60 practice games spoil its good rules",
              "連鎖ビルダーだけ。60 回の練習では、よいルールをこわしてしまう"),
             ("The builder with your network", "ネットワークを入れた連鎖ビルダー"),
             ("Exactly the same: the search is the same", "まったく同じ。探索が同じだから")],
    answer="B",
    explain_en="In our run it scored more in all 3 games. In 200 games it scored 12 % more on average, "
               "and more in 134 of them: not every game, because luck counts a lot.",
    explain_ja="わたしたちが実行したときは、3 ゲームとも高い点でした。200 ゲームでは平均で 12 % 多く、"
               "134 ゲームで高い点でした。運も大きいので、毎回ではありません。")
