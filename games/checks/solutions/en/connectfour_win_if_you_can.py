def win_if_you_can(env):
    for column in env.legal_actions():
        if env.is_winning_move(column):  # would a disc here make four at once for the player to move?
            return column  # yes: play it
        # no: go on with the next column
    return int(env.np_random.choice(env.legal_actions()))   # no win: play at random
