def td_target(reward, next_q, done, gamma):
    """What Q(position, move) should become: the reward now, plus gamma times the best Q-value next."""
    if done:
        # the game is over: nothing comes after it (next_q may even be empty, and max([]) is an error)
        return reward
    # the game goes on: the reward now, plus the best Q-value next, worth a little less (gamma)
    return reward + gamma * max(next_q)
