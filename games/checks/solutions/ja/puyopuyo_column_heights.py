def column_heights(board):
    """6 つの列それぞれにあるぷよの数。"""
    heights = [0, 0, 0, 0, 0, 0]
    for col in range(6):
        # ぷよは床かほかのぷよの上にあるので、ぷよ（0 でないマス）の数がそのまま高さ
        heights[col] = np.count_nonzero(board[:, col])
    return heights
