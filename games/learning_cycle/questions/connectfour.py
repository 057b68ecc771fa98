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
