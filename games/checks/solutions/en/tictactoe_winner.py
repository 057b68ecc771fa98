def winner(board):
    """1 if X has three in a row, 2 if O has, 0 if nobody."""
    # the rows, as in the start: a line needs a mark (not 0), the same three times
    for row in range(3):
        if board[row, 0] != 0 and board[row, 0] == board[row, 1] == board[row, 2]:
            return board[row, 0]
    # the columns: the same test, going down instead of across
    for col in range(3):
        if board[0, col] != 0 and board[0, col] == board[1, col] == board[2, col]:
            return board[0, col]
    # the two diagonals all go through the centre square (1, 1)
    if board[1, 1] != 0 and board[0, 0] == board[1, 1] == board[2, 2]:
        return board[1, 1]
    if board[1, 1] != 0 and board[0, 2] == board[1, 1] == board[2, 0]:
        return board[1, 1]
    return 0  # no line: nobody has won (yet, or it is a draw)
