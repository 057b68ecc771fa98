CORNERS = [0, 5, 30, 35]


def corner_agent(env):
    legal = env.legal_actions()
    # look at all four corners before giving up on them
    for square in CORNERS:
        if square in legal:       # a corner is only a move if it is legal now
            return square         # a disc on a corner can never be flipped again
    # no corner is legal: any legal square, with the game's own dice
    return int(env.np_random.choice(legal))
