def win_if_you_can(env):
    for square in env.legal_actions():
        child = env.clone()  # a copy of the game, to try the move on
        # play on the copy, so the real game does not change
        observation, reward, terminated, truncated, info = child.step(square)
        if reward == 1:
            return square  # this square wins at once: play it
        # no win here: go on with the next square (no return yet)
    return my_random_agent(env)  # every square was tried and none wins: play at random
