def points(reward):
    """The points of one game (the first exercise): 3 for a win, 1 for a draw, 0 for a loss."""
    if reward == 1:
        return 3
    elif reward == 0:
        return 1
    else:
        return 0


def league_points(rewards):
    """All the points of a list of games."""
    total = 0  # no games yet, no points yet
    for reward in rewards:
        total = total + points(reward)  # add this game's points to the ones before
    return total  # after the loop: every game has been added
