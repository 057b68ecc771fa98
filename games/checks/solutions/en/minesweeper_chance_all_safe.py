def chance_all_safe(hidden, mines, clicks):
    """The chance that `clicks` random clicks on different hidden cells all miss the mines."""
    safe = hidden - mines
    chance = 1.0                      # start from 1: we multiply
    for i in range(clicks):
        # before click i, i safe cells are already open: i fewer safe cells, i fewer hidden cells
        chance *= (safe - i) / (hidden - i)
    return chance                     # after the loop: every click has had its turn
