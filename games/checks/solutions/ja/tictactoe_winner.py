def winner(board):
    """X が一列そろえたら 1、O なら 2、だれもいなければ 0。"""
    # 横の行（最初のコードと同じ）: 印があって（0 でない）、3 つとも同じなら一列
    for row in range(3):
        if board[row, 0] != 0 and board[row, 0] == board[row, 1] == board[row, 2]:
            return board[row, 0]
    # 縦の列: 同じテストを、横ではなく下に向かって
    for col in range(3):
        if board[0, col] != 0 and board[0, col] == board[1, col] == board[2, col]:
            return board[0, col]
    # ななめの 2 本は、どちらも真ん中のマス (1, 1) を通る
    if board[1, 1] != 0 and board[0, 0] == board[1, 1] == board[2, 2]:
        return board[1, 1]
    if board[1, 1] != 0 and board[0, 2] == board[1, 1] == board[2, 0]:
        return board[1, 1]
    return 0  # 一列がない: だれも勝っていない（まだ続くか、引き分け）
