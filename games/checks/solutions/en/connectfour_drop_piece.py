def drop_piece(board, column, piece):
    """Drop `piece` (1 or 2) into `column`; return the row where it lands."""
    # row 0 is the top, so look from the bottom row (ROWS - 1) up: 5, 4, 3, 2, 1, 0
    for row in range(ROWS - 1, -1, -1):
        if board[row, column] == 0:  # the first empty cell from below: the disc stops here
            board[row, column] = piece
            return row  # stop at once, or the disc would fill the whole column
    raise ValueError(f"column {column} is full")  # no empty cell at all in this column
