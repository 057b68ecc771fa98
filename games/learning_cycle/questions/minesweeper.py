"""The questions of the Minesweeper lessons."""

from . import question

# ---------------------------------------------------------------- 40: the rules as code

question(
    "40.corner_neighbours", "40_minesweeper_1_env.ipynb",
    en="A cell in the middle of the board has 8 neighbours. How many does a corner cell have?",
    ja="盤のまん中のマスには、となりのマスが 8 つあります。すみのマスには、となりがいくつある？",
    answer=3,
    explain_en="The corner (0, 0) touches only (0, 1), (1, 0) and (1, 1): the other 5 would be off the board. "
               "Your count_around must not look there.",
    explain_ja="すみの (0, 0) のとなりは (0, 1)、(1, 0)、(1, 1) の 3 つだけです。ほかの 5 つは盤の外です。"
               "count_around は、そこを見てはいけません。")

question(
    "40.open_area", "40_minesweeper_1_env.ipynb",
    en="Predict before you run the cell below: (4, 0) is a 0. Which cells will be open after click(view, 4, 0)?",
    ja="下のセルを実行する前に予想しよう: (4, 0) は 0 のマスです。click(view, 4, 0) のあと、開いているのはどのマス？",
    choices=[("Only (4, 0)", "(4, 0) だけ"),
             ("The six 0s at the bottom left, no numbers", "左下の 0 のマス 6 つだけ(数字のマスは開かない)"),
             ("The six 0s and the numbers around them: 12 cells",
              "左下の 0 のマス 6 つと、まわりの数字のマス: 全部で 12 マス"),
             ("Every cell that is not a mine", "地雷でないマス全部")],
    answer="C",
    explain_en="A 0 opens its neighbours, and a neighbour that is a 0 opens its own. The area stops at the "
               "numbers: they open, but do not open their neighbours.",
    explain_ja="0 のマスはとなりを開き、開いたマスがまた 0 なら、そのとなりも開きます。"
               "数字のマスは開きますが、そのとなりは開かないので、そこで止まります。")

# ---------------------------------------------------------------- 41: clicking at random

question(
    "41.random_wins", "41_minesweeper_2_random.ipynb",
    en="Predict before you run the cell below: the random agent plays 100 games on the beginner board "
       "(9 × 9, 10 mines). How many will it win?",
    ja="下のセルを実行する前に予想しよう: でたらめエージェントが初級の盤(9 × 9、地雷 10 個)で 100 ゲーム遊びます。"
       "何回勝つ？",
    answer=0, tolerance=2,
    explain_en="It won none of the 100 games: it lasted about 5 clicks on average. Each click is a new risk, "
               "and a win needs many safe clicks in a row. Section 3 works out why.",
    explain_ja="100 ゲームで 1 回も勝てませんでした。平均 5 回くらいのクリックで地雷をふみます。"
               "クリックのたびに危険があり、勝つには安全なクリックがたくさん続かないといけません。"
               "理由は「3. なぜ負けるの?」で考えます。")

question(
    "41.second_click", "41_minesweeper_2_random.ipynb",
    en="10 hidden cells, 1 mine. Your first random click was safe. What is the chance that the second "
       "click (on another hidden cell) is safe too?",
    ja="かくれたマスが 10 個、地雷が 1 個。1 回目のでたらめなクリックは安全でした。"
       "2 回目のクリック(別のかくれたマス)も安全な確率は？",
    choices=[("9/10, the same as the first", "9/10(1 回目と同じ)"), ("8/9", "8/9"),
             ("8/10", "8/10"), ("1/9", "1/9")],
    answer="B",
    explain_en="After the safe click 9 cells are still hidden, and 8 of them are safe: 8/9. Each click has its "
               "own chance, so the exercise needs a loop.",
    explain_ja="安全なクリックのあと、かくれたマスは 9 個で、そのうち 8 個が安全です。だから 8/9。"
               "クリックごとに確率が変わるので、練習問題ではループを使います。")

question(
    "41.tiny_board", "41_minesweeper_2_random.ipynb",
    en="Predict before you run the cell below: on a 4 × 4 board with 1 mine, what share of its games will the "
       "random agent win?",
    ja="下のセルを実行する前に予想しよう: 4 × 4 の盤に地雷が 1 個。でたらめエージェントは何 % くらい勝つ？",
    choices=[("About 5 %", "5 % くらい"), ("About 25 %", "25 % くらい"),
             ("About 50 %", "50 % くらい"), ("About 90 %", "90 % くらい")],
    answer="C",
    explain_en="It won 53.5 % of 200 games. With 1 mine many cells are 0s, so one click often opens "
               "most of the board. Each extra mine makes winning much rarer.",
    explain_ja="200 ゲームで 53.5 % 勝ちました。地雷が 1 個だと 0 のマスが多いので、1 回のクリックで"
               "盤の大部分が開くことがよくあります。地雷が増えるたびに、勝つのはずっと難しくなります。")

# ---------------------------------------------------------------- 42: logic and probabilities

question(
    "42.rest_is_safe", "42_minesweeper_3_logic.ipynb",
    en="A 1 has two hidden neighbours, P and Q. Rule 1 has proved that P is a mine. What do you know about Q?",
    ja="ある「1」のとなりに、かくれたマス P と Q があります。ルール 1 で P は地雷だと証明できました。"
       "Q について何がわかる？",
    choices=[("Q is a mine too", "Q も地雷"), ("Q is safe", "Q は安全"),
             ("Nothing yet: Q may be a mine or not", "まだ何もわからない(地雷かもしれないし、ちがうかもしれない)")],
    answer="B",
    explain_en="The 1 says: exactly one mine among P and Q. P is that mine, so Q is safe. This is rule 2, "
               "the one you write now.",
    explain_ja="「1」は、P と Q の中に地雷がちょうど 1 個あるという約束です。P がその地雷なので、Q は安全です。"
               "これがルール 2 で、これから書くルールです。")

question(
    "42.solver_wins", "42_minesweeper_3_logic.ipynb",
    en="Predict before you run the cell below: what share of 50 beginner games will the solver win?",
    ja="下のセルを実行する前に予想しよう: ソルバーは初級の盤 50 ゲームのうち、何 % くらい勝つ？",
    choices=[("About 10 %", "10 % くらい"), ("About 50 %", "50 % くらい"), ("About 90 %", "90 % くらい"),
             ("100 %: logic never loses", "100 %: 論理なら負けない")],
    answer="C",
    explain_en="It won 44 of 50 (88 %). It still loses when logic is stuck and even the safest guess "
               "hits a mine.",
    explain_ja="50 ゲーム中 44 勝(88 %)でした。論理で決められず、いちばん安全なマスを選んでも、"
               "運悪く地雷だったときには負けます。")

# ---------------------------------------------------------------- lesson 43

question(
    "43.outputs", "43_minesweeper_4_dqn.ipynb",
    en="The network reads 250 numbers and gives one Q-value for each square of the 5 × 5 board. "
       "How many outputs does it have?",
    ja="ネットワークは 250 個の数を読んで、5 × 5 の盤のマスごとに Q 値を 1 つ出します。出力はいくつ？",
    answer=25,
    explain_en="One for each square: 5 × 5 = 25. The 250 inputs are the 10 channels of those 25 squares; "
               "the outputs are the 25 squares it could click.",
    explain_ja="マスごとに 1 つなので、5 × 5 = 25 個です。入力の 250 個は 25 マスのチャンネル 10 枚分で、"
               "出力はクリックできる 25 マスです。")

question(
    "43.who_wins", "43_minesweeper_4_dqn.ipynb",
    en="Predict before you run the cell below: on the same 200 boards, how will the trained DQN agent do?",
    ja="下のセルを実行する前に予想しよう: 同じ 200 の盤で、学習した DQN エージェントの成績はどうなる？",
    choices=[("About as well as random clicks: 3000 games are too few",
              "でたらめと同じくらい。3000 ゲームでは少なすぎる"),
             ("Much better than random clicks, but not quite as good as the solver",
              "でたらめよりずっとよいが、ソルバーには少しおよばない"),
             ("Better than the logic solver", "論理ソルバーよりよい")],
    answer="B",
    explain_en="Random clicks won 28 %, the DQN agent about 90 % and the solver about 97 %. The network learned "
               "from its games what the solver knows as rules, but not all of it.",
    explain_ja="でたらめは 28 %、DQN は約 90 %、ソルバーは約 97 % 勝ちました。"
               "ソルバーがルールとして知っていることを、ネットワークは遊びながら学びましたが、全部ではありません。")
