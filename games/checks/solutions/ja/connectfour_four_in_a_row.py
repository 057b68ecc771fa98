def four_in_a_row(board, piece):
    rows, columns = board.shape
    # 横 ─ : (row, col) から右へ 4 マス
    for row in range(rows):
        for col in range(columns - 3):
            if all(board[row, col + k] == piece for k in range(4)):
                return True
    # 縦 │ : (row, col) から下へ 4 マス。最後は row + 3 なので、row は終わりの 3 つ手前まで
    for row in range(rows - 3):
        for col in range(columns):
            if all(board[row + k, col] == piece for k in range(4)):
                return True
    # ななめ ╲ : 右下へ進むので、段も列も終わりの 3 つ手前まで
    for row in range(rows - 3):
        for col in range(columns - 3):
            if all(board[row + k, col + k] == piece for k in range(4)):
                return True
    # ななめ ╱ : 右上へ進む。row - 3 が 0 より小さくならないように、row は 3 から
    for row in range(3, rows):
        for col in range(columns - 3):
            if all(board[row - k, col + k] == piece for k in range(4)):
                return True
    return False  # どの向きにも 4 つ並んでいない
