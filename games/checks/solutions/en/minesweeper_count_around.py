def count_around(mines, row, col):
    """How many of the (up to 8) cells around (row, col) are mines."""
    rows, cols = mines.shape
    total = 0
    # only rows and columns that exist: no -1 (that would be the LAST row), nothing past the edge
    for r in range(max(row - 1, 0), min(row + 2, rows)):
        for c in range(max(col - 1, 0), min(col + 2, cols)):
            if (r, c) != (row, col):   # a cell is not its own neighbour
                total += mines[r, c]
    return int(total)
