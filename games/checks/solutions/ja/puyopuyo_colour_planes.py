def colour_planes(board, colours=4):
    """色ごとに True/False のチャンネルを 1 つ: チャンネル 0 は色 1(赤)、チャンネル 1 は色 2、…"""
    # 色は 1 から `colours` まで（0 は空きマス）。range は終わりの数の 1 つ手前で止まる
    return np.array([board == colour for colour in range(1, colours + 1)])
