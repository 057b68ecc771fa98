def four_in_a_row(board, piece):
    rows, columns = board.shape
    # across ─ : 4 cells to the right of (row, col)
    for row in range(rows):
        for col in range(columns - 3):
            if all(board[row, col + k] == piece for k in range(4)):
                return True
    # up-down │ : 4 cells down from (row, col); the last is row + 3, so row stops 3 before the end
    for row in range(rows - 3):
        for col in range(columns):
            if all(board[row + k, col] == piece for k in range(4)):
                return True
    # diagonal ╲ : down and to the right, so both ranges stop 3 before the end
    for row in range(rows - 3):
        for col in range(columns - 3):
            if all(board[row + k, col + k] == piece for k in range(4)):
                return True
    # diagonal ╱ : up and to the right; row - 3 must not go below 0, so row starts at 3
    for row in range(3, rows):
        for col in range(columns - 3):
            if all(board[row - k, col + k] == piece for k in range(4)):
                return True
    return False  # no direction has four in a line
