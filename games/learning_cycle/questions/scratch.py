"""The questions of the learning-from-scratch lessons (05, and 06-08 of the advanced route): slopes,
a gradient's sign, and where gradient descent goes."""

from . import question

# ---------------------------------------------------------------- 05 nudging the knobs downhill

question(
    "05.line_rate", "05_scratch_1_knobs.ipynb",
    en="Predict before you run the cell below: the first line prints 2.0, the rate of change of y = 2x + 1 from "
       "x = 1 to x = 3. What will the second line print, from x = 0 to x = 10?",
    ja="下のセルを実行する前に予想しよう: 1 行目は、y = 2x + 1 の x = 1 から 3 までの変化の割合 2.0 を表示します。"
       "2 行目（x = 0 から 10 まで）は何を表示する？",
    answer=2,
    explain_en="On a straight line the rate of change is the same wherever you measure it: (21 - 1) ÷ (10 - 0) = 2. "
               "It is the line's slope.",
    explain_ja="直線では、変化の割合はどこで測っても同じです: (21 - 1) ÷ (10 - 0) = 2。これが直線の傾きです。")

question(
    "05.slope_at", "05_scratch_1_knobs.ipynb",
    en="Predict before you run the cell below: the slope of y = x² is 4 at x = 2. What slope will it print at "
       "x0 = 1.5?",
    ja="下のセルを実行する前に予想しよう: y = x² の傾きは、x = 2 で 4 でした。"
       "x0 = 1.5 では、傾きはいくつと表示される？",
    answer=3, tolerance=0.05,
    explain_en="The slope of x² at any x is twice x: 2 × 1.5 = 3 (nudging gives 3.001). The curve gets steeper as x "
               "grows. 2.25 is the height of the curve there, not its slope.",
    explain_ja="x² の傾きは、どの x でも x の 2 倍です: 2 × 1.5 = 3（少し動かして求めると 3.001）。"
               "x が大きくなるほど、曲線は急になります。2.25 はそこでの曲線の高さで、傾きではありません。")

question(
    "05.which_way", "05_scratch_1_knobs.ipynb",
    en="At w = 1 the slope of the error is negative: when w grows a little, the error goes down. Which way should w "
       "move to make the error smaller?",
    ja="w = 1 での誤差の傾きはマイナスです。w を少し大きくすると、誤差は下がります。誤差を小さくするには、"
       "w をどちらに動かす？",
    choices=[("Make w bigger", "w を大きくする"), ("Make w smaller", "w を小さくする"),
             ("Leave w as it is", "w は動かさない")],
    answer="A",
    explain_en="A negative slope means downhill is to the right, so w grows. w - lr × slope does that by itself: "
               "minus a negative number is plus. With a positive slope it makes w smaller.",
    explain_ja="傾きがマイナスなら、坂の下は右（大きいほう）なので、w を大きくします。w - lr × 傾き は、"
               "それを自動でやってくれます。マイナスの数を引くと、足し算になるからです。"
               "傾きがプラスなら w は小さくなります。")

question(
    "05.one_knob_at_a_time", "05_scratch_1_knobs.ipynb",
    en="To find the slope of the error for w, you nudge w by h. What do you do with b?",
    ja="w についての誤差の傾きを求めるとき、w を h だけ動かします。b はどうする？",
    choices=[("Keep b as it is", "b はそのままにする"), ("Nudge b by h as well", "b も h だけ動かす"),
             ("Set b to 0", "b を 0 にする")],
    answer="A",
    explain_en="The slope for w says what w alone does to the error. Nudge both, and you cannot tell which knob "
               "changed it. Then nudge b alone, with w kept as it is, for the slope of b.",
    explain_ja="w の傾きは、w だけを動かしたとき誤差がどう変わるかです。両方を動かすと、どちらのつまみで"
               "変わったのかわかりません。b の傾きは、w をそのままにして、b だけを動かして求めます。")

# ---------------------------------------------------------------- 06 a number that remembers (advanced)

question(
    "06.negative_slope", "06_scratch_2_variable.ipynb",
    en="Where is the slope of y = x² negative?",
    ja="y = x² の傾きがマイナスになるのはどこ？",
    choices=[("Where x is less than 0", "x が 0 より小さいところ"),
             ("Nowhere: x² is never negative", "どこにもない: x² はマイナスにならないから"),
             ("Where x is greater than 2", "x が 2 より大きいところ")],
    answer="A",
    explain_en="The slope says which way the curve goes, not how high it is. Left of 0 the curve goes down as x grows: "
               "the slope 2x is negative (try x0 = -0.5: -1).",
    explain_ja="傾きは曲線の高さではなく、進む向きを表します。0 より左では、x が増えると曲線は下がるので、"
               "傾き 2x はマイナスです（x0 = -0.5 なら -1）。")

question(
    "06.chain_slope", "06_scratch_2_variable.ipynb",
    en="a = x², and y = 3a. At x = 2, a changes 4 times as fast as x. How many times as fast as x does y change?",
    ja="a = x²、y = 3a とします。x = 2 では、a は x の 4 倍の速さで変わります。y は x の何倍の速さで変わる？",
    answer=12,
    explain_en="Along a chain the slopes multiply: 4 × 3 = 12. backward walks back from y and multiplies one local "
               "slope at each function.",
    explain_ja="つながった関数では、傾きをかけ算します: 4 × 3 = 12。backward は y からさかのぼり、"
               "関数ごとにその場の傾きをかけていきます。")

# ---------------------------------------------------------------- 07 backpropagation (advanced)

question(
    "07.slope_of_x", "07_scratch_3_backprop.ipynb",
    en="Predict before you run the cell below: z = x² + y² at x = 2 and y = 3. What will x.grad, the slope of z for "
       "x, be?",
    ja="下のセルを実行する前に予想しよう: x = 2、y = 3 のときの z = x² + y² です。"
       "x.grad（x についての z の傾き）はいくつ？",
    answer=4,
    explain_en="Nudge x and y stays still, so only x² changes: its slope is 2x = 4. For y it is 2y = 6.",
    explain_ja="x を少し動かしても y は動かないので、変わるのは x² だけです。"
               "その傾きは 2x = 4。y については 2y = 6 です。")

question(
    "07.diamond", "07_scratch_3_backprop.ipynb",
    en="Predict: here a = x² is used by two functions. Will backward and the measured slope agree?",
    ja="予想しよう: ここでは a = x² が 2 つの関数に使われています。backward と測った傾きは一致する？",
    choices=[("Yes, the same number", "一致する"),
             ("No: backward gives a wrong slope", "一致しない: backward の傾きがまちがう"),
             ("No: measuring fails with two functions", "一致しない: 関数が 2 つあると測れない")],
    answer="B",
    explain_en="The loop goes back from a to x when only one of a's two slopes has arrived. Measuring works on any "
               "function: it only runs it twice.",
    explain_ja="ループは、a の 2 つの傾きのうち 1 つしか届いていないうちに x へさかのぼってしまいます。"
               "測る方法は、関数を 2 回計算するだけなので、どんな関数でも使えます。")

question(
    "07.mul_nudge", "07_scratch_3_backprop.ipynb",
    en="z = x0 · x1 with x0 = 2 and x1 = 5. You make x0 bigger by 0.01. By how much does z grow?",
    ja="z = x0 · x1 で、x0 = 2、x1 = 5 です。x0 を 0.01 だけ大きくすると、z はいくつ増える？",
    answer=0.05, tolerance=0.0005,
    explain_en="z grows by x1 × 0.01 = 5 × 0.01 = 0.05: the slope of z for x0 is x1. So Mul's backward returns "
               "x1 × gy for x0.",
    explain_ja="z は x1 × 0.01 = 5 × 0.01 = 0.05 増えます。x0 についての z の傾きは x1 だからです。"
               "だから Mul の backward は、x0 の傾きとして x1 × gy を返します。")

# ---------------------------------------------------------------- 08 a network that learns (advanced)

question(
    "08.learned_w", "08_scratch_4_network.ipynb",
    en="Predict before you run the cell below: the points were made with w = 2 and b = 1, plus a little noise. "
       "w starts at 0. Where will w be after 40 epochs?",
    ja="下のセルを実行する前に予想しよう: 点は w = 2、b = 1 に少しばらつきを足して作りました。"
       "w は 0 から始まります。40 エポックのあと、w はいくつくらいになる？",
    choices=[("Still near 0", "まだ 0 の近く"), ("Close to 2, but not exactly 2", "2 の近く。でもぴったり 2 ではない"),
             ("Exactly 2.000", "ぴったり 2.000"), ("Far above 2", "2 よりずっと大きい")],
    answer="B",
    explain_en="Each step goes a little downhill, so w walks to where the loss is lowest: 1.953 here. The noisy points "
               "put that place a little away from the hidden 2.",
    explain_ja="一歩ごとに少しずつ坂を下るので、w は損失がいちばん小さいところへ進みます。ここでは 1.953 です。"
               "点にばらつきがあるので、その場所はかくされた 2 から少しずれています。")

question(
    "08.step_sign", "08_scratch_4_network.ipynb",
    en="p.data is 1.0 and p.grad is -3 (the loss goes down when p grows). After one step with lr = 0.1, what is "
       "p.data?",
    ja="p.data が 1.0、p.grad が -3 です（p を大きくすると損失は下がる）。lr = 0.1 で一歩進むと、p.data はいくつ？",
    answer=1.3, tolerance=0.001,
    explain_en="p ← p - lr · grad = 1.0 - 0.1 × (-3) = 1.3. A negative slope means downhill is to the right, so "
               "p grows.",
    explain_ja="p ← p - lr · grad = 1.0 - 0.1 × (-3) = 1.3。傾きがマイナスなら坂の下は右（大きいほう）なので、"
               "p は大きくなります。")
