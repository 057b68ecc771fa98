def positional_score(board, me, weights):
    opponent = 3 - me     # 1 <-> 2
    total = 0
    for row in range(len(board)):
        for col in range(len(board)):
            if board[row, col] == me:
                total += weights[row, col]
            elif board[row, col] == opponent:
                total -= weights[row, col]     # the opponent's discs count against me
            # an empty square (0) counts for nobody: no plain `else`
    return total
