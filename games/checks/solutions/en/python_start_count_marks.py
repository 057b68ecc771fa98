def count_marks(board, mark):
    """How many squares of the numpy array board hold mark."""
    rows, cols = board.shape  # works for any board: 3 x 3, 6 x 7, ...
    count = 0
    for row in range(rows):
        for col in range(cols):
            if board[row, col] == mark:  # count only the squares that hold mark
                count = count + 1
    return count


# The numpy way, without loops: board == mark is an array of True and False,
# and the sum counts the Trues.
#     return int(np.sum(board == mark))
