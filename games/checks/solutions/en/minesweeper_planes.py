def planes(view):
    """The board as planes of True/False: hidden, then one plane for each number."""
    hidden = (view == -1)
    # the numbers 0 to 8: an open 0 is information too (no mine around it)
    numbers = [view == number for number in range(0, 9)]
    return np.array([hidden] + numbers)   # 1 + 9 = 10 planes, hidden first
