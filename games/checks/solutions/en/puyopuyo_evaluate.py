def evaluate(board):
    """How good a board is for building chains: higher is better."""
    heights = (board != 0).sum(axis=0)      # puyos in each column
    # same colour as the right neighbour, and not two empty cells (0 == 0 is no pair)
    side_by_side = (board[:, :-1] == board[:, 1:]) & (board[:, 1:] != 0)
    # same colour as the cell below
    stacked = (board[:-1] == board[1:]) & (board[1:] != 0)
    touching = int(side_by_side.sum() + stacked.sum())
    # touching pairs are groups in the making; a tall well is still dangerous
    return 10 * touching - int(heights.max())
