def column_heights(board):
    """How many puyos each of the 6 columns holds."""
    heights = [0, 0, 0, 0, 0, 0]
    for col in range(6):
        # puyos rest on the floor or on each other, so counting the puyos (not 0) gives the height
        heights[col] = np.count_nonzero(board[:, col])
    return heights
