def score_window(window, piece):
    opponent = 3 - piece          # 相手の石: 1 <-> 2
    mine = window.count(piece)
    empty = window.count(0)
    theirs = window.count(opponent)  # 相手の石も、自分のと同じように数えます
    if mine == 4:
        return 1_000_000
    # リーチには両方が必要: 石が 3 つ、かつ 4 つ目を置ける空きマスが 1 つ
    if mine == 3 and empty == 1:
        return 1
    if theirs == 3 and empty == 1:  # 相手のリーチは、ずっと大きく数えます
        return -100
    return 0  # 石が 2 つ、ふさがれた 3 つ、空っぽの窓など
