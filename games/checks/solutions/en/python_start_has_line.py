def has_line(board, mark):
    """True when mark (1 for X, 2 for O) has three in a row on the board."""
    for a, b, c in LINES:  # one line at a time: its three squares go into a, b and c
        # all three squares must hold mark (three empty squares are equal too, so compare with mark)
        if board[a] == mark and board[b] == mark and board[c] == mark:
            return True  # found one: no need to look at the other lines
    return False  # after the loop: no line was found


# The same in one line, with any() and a generator expression (as lesson 10 writes it):
#     return any(board[a] == board[b] == board[c] == mark for a, b, c in LINES)
