def drop_piece(board, column, piece):
    """`piece`(1 か 2)を `column` に落とし、止まった行を返します。"""
    # 0 段目がいちばん上なので、いちばん下の段（ROWS - 1）から上へ: 5, 4, 3, 2, 1, 0
    for row in range(ROWS - 1, -1, -1):
        if board[row, column] == 0:  # 下から見て最初の空きマス: 石はここで止まります
            board[row, column] = piece
            return row  # すぐに終わります。続けると列全体が埋まってしまいます
    raise ValueError(f"column {column} is full")  # この列には空きマスが 1 つもありません
