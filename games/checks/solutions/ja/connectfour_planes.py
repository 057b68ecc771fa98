def planes(board, me):
    rows, columns = board.shape
    result = np.zeros((3, rows, columns))
    result[0] = board == me            # 自分の石があるところは 1、ほかは 0
    result[1] = board == 3 - me        # 相手（石 3 - me）についても同じように
    for col in range(columns):
        # いちばん下の段から上へ: 最初の空きマスが、石の止まる場所です
        for row in range(rows - 1, -1, -1):
            if board[row, col] == 0:
                result[2, row, col] = 1
                break  # 止まる場所は列ごとに 1 つだけ（いっぱいの列にはありません）
    return result
