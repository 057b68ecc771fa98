def tally(results):
    """How many of the results are "X", "O" and "draw"."""
    counts = {"X": 0, "O": 0, "draw": 0}  # every key starts at 0, so all three are always there
    for result in results:
        counts[result] += 1  # add 1 to the count under this key (= 1 would forget the games before)
    return counts
