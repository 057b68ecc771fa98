def score_window(window, piece):
    opponent = 3 - piece          # the other player's piece: 1 <-> 2
    mine = window.count(piece)
    empty = window.count(0)
    theirs = window.count(opponent)  # the opponent's discs, counted like mine
    if mine == 4:
        return 1_000_000
    # a threat needs both: three discs AND the one empty cell to complete them
    if mine == 3 and empty == 1:
        return 1
    if theirs == 3 and empty == 1:  # the opponent's threat costs much more
        return -100
    return 0  # two discs, a blocked three, or an empty window
