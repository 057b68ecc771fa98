def empty_squares(board):
    """盤面（9 つの数のリスト）の、空いているマスの番号。"""
    empty = []
    for square in range(9):
        if board[square] == 0:  # マスの中身: 0 なら空き
            empty.append(square)  # 取っておくのはマスの番号で、中身ではありません
    return empty


# 内包表記を使うと、同じことを 1 行で書けます:
#     return [square for square in range(9) if board[square] == 0]
