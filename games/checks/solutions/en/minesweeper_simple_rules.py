def simple_rules(view):
    """(safe cells, mines) that the two rules prove, as sets of (row, col)."""
    rows, cols = view.shape
    safe, mines = set(), set()
    # Rule 1: a number equal to its count of hidden neighbours: they are all mines.
    for row in range(rows):
        for col in range(cols):
            if view[row, col] >= 1:
                hidden = hidden_around(view, row, col)
                if len(hidden) == view[row, col]:
                    mines.update(hidden)
    # Rule 2: a number whose mines are all in `mines`: its other hidden neighbours are safe.
    # A loop of its own, after rule 1: now `mines` holds every mine rule 1 can find.
    for row in range(rows):
        for col in range(cols):
            if view[row, col] >= 0:   # every revealed number (a 0 too), never a hidden cell
                hidden = hidden_around(view, row, col)
                found = [cell for cell in hidden if cell in mines]
                if len(found) == view[row, col]:
                    # all its mines are known: the rest cannot be a mine
                    safe.update(cell for cell in hidden if cell not in mines)
    return safe, mines
