def count_marks(board, mark):
    """numpy の配列 board で、mark が入っているマスの数。"""
    rows, cols = board.shape  # どんな盤面でも使えます: 3 × 3、6 × 7、…
    count = 0
    for row in range(rows):
        for col in range(cols):
            if board[row, col] == mark:  # mark が入っているマスだけ数えます
                count = count + 1
    return count


# ループを使わない numpy のやり方: board == mark は True と False の配列で、
# 合計すると True の数になります。
#     return int(np.sum(board == mark))
