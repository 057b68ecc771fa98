def tally(results):
    """結果のうち "X"、"O"、"draw" がそれぞれいくつあるか。"""
    counts = {"X": 0, "O": 0, "draw": 0}  # どのキーも 0 から始めるので、3 つのキーはいつもそろっています
    for result in results:
        counts[result] += 1  # このキーの数に 1 を足します（= 1 だと、それまでの数を忘れます）
    return counts
