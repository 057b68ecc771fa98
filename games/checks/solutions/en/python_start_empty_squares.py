def empty_squares(board):
    """The numbers of the empty squares of a board (a list of nine numbers)."""
    empty = []
    for square in range(9):
        if board[square] == 0:  # what is in the square: 0 means empty
            empty.append(square)  # keep the square's number, not what is in it
    return empty


# The same in one line, with a list comprehension:
#     return [square for square in range(9) if board[square] == 0]
