def count_around(mines, row, col):
    """(row, col) のまわり(最大 8 マス)のうち、地雷のマスの数。"""
    rows, cols = mines.shape
    total = 0
    # 盤にある行と列だけ: -1 はだめ（「最後の行」になる）、はしの外もだめ
    for r in range(max(row - 1, 0), min(row + 2, rows)):
        for c in range(max(col - 1, 0), min(col + 2, cols)):
            if (r, c) != (row, col):   # マス自身は自分のとなりではない
                total += mines[r, c]
    return int(total)
