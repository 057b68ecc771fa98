"""The random agent: a legal action chosen uniformly at random."""


def random_agent(env):
    """Pick one of ``env.legal_actions()`` at random.

    It draws from ``env.np_random``, so a game reset with a seed replays the same choices.
    """
    legal = env.legal_actions()
    return legal[int(env.np_random.integers(len(legal)))]
