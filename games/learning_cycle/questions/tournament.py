"""The questions of the class tournament."""

from . import question

question(
    "60.how_many_games", "60_class_tournament.ipynb",
    en="A tournament of 4 entrants: every pair plays games_per_pair=4 games. How many games is that in all?",
    ja="参加者 4 人の総当たり戦で、どの組も games_per_pair=4 局ずつ対局します。全部で何局？",
    answer=24,
    explain_en="4 entrants make 6 pairs (4 × 3 / 2), and each pair plays 4 games: 24. "
               "A class of 30 makes 435 pairs, so keep games_per_pair small there.",
    explain_ja="4 人だと組は 6 つ(4 × 3 ÷ 2)で、1 組 4 局なので 24 局です。"
               "30 人のクラスだと 435 組になるので、games_per_pair は小さくしておきます。")

question(
    "60.overlap", "60_class_tournament.ipynb",
    en="Two agents have Elo 1550 [1400–1700] and 1500 [1350–1650]. What has the tournament shown?",
    ja="2 つのエージェントの Elo が 1550 [1400–1700] と 1500 [1350–1650] でした。総当たり戦で何がわかった？",
    choices=[("The first one is stronger: its rating is higher", "1 つ目のほうが強い。レーティングが高いから"),
             ("They are exactly as strong", "2 つはまったく同じ強さ"),
             ("Not which one is stronger: the intervals overlap a lot",
              "どちらが強いかは、まだわからない。区間が大きく重なっているから")],
    answer="C",
    explain_en="Each rating is a measurement from a few games, and luck plays a part. With intervals that "
               "overlap this much, either could be stronger: more games would tell.",
    explain_ja="レーティングは少ない対局から測った値で、運も入っています。区間がここまで重なっていると、"
               "どちらが強くてもおかしくありません。対局を増やせばわかってきます。")

question(
    "60.more_games", "60_class_tournament.ipynb",
    en="Predict before you run the cell below: with 3 times as many games a pair, "
       "what happens to the ± of the ratings?",
    ja="下のセルを実行する前に予想しよう: 1 組の対局を 3 倍にすると、レーティングの ± はどうなる？",
    choices=[("about 3 times narrower", "3 分の 1 くらいにせまくなる"),
             ("narrower, but by much less than 3 times", "せまくなるが、3 分の 1 よりずっと広い"),
             ("the same: the agents have not changed", "同じ: エージェントは変わっていないから"),
             ("wider: more games, more luck", "広くなる: 対局が増えると運も増えるから")],
    answer="B",
    explain_en="An interval narrows like 1 / √games: 3 times the games make it only about 0.6 times as wide, "
               "and agents that win or lose almost every game narrow even more slowly.",
    explain_ja="区間の幅は 1 / √対局数 のようにせまくなります。対局が 3 倍でも、幅は 0.6 倍くらいにしかなりません。"
               "ほとんど全勝や全敗のエージェントは、もっとゆっくりです。")
