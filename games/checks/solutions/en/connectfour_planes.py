def planes(board, me):
    rows, columns = board.shape
    result = np.zeros((3, rows, columns))
    result[0] = board == me            # 1 where my discs are, 0 elsewhere
    result[1] = board == 3 - me        # the same for the opponent (piece 3 - me)
    for col in range(columns):
        # look from the bottom row up: the first empty cell is where a disc would land
        for row in range(rows - 1, -1, -1):
            if board[row, col] == 0:
                result[2, row, col] = 1
                break  # only one landing cell per column (a full column gets none)
    return result
