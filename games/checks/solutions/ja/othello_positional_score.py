def positional_score(board, me, weights):
    opponent = 3 - me     # 1 <-> 2
    total = 0
    for row in range(len(board)):
        for col in range(len(board)):
            if board[row, col] == me:
                total += weights[row, col]
            elif board[row, col] == opponent:
                total -= weights[row, col]     # 相手の石は自分のマイナス
            # 空きマス（0）はどちらにも数えない: ただの `else` にしない
    return total
