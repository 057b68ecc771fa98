def points(reward):
    """The points a game's reward is worth: 3 for a win, 1 for a draw, 0 for a loss."""
    if reward == 1:  # == compares; a single = would put a value into a variable
        return 3
    elif reward == 0:  # checked only when the test above was not true
        return 1
    else:  # every other reward: here only -1, a loss
        return 0
