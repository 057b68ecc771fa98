CORNERS = [0, 5, 30, 35]


def corner_agent(env):
    legal = env.legal_actions()
    # あきらめる前に、4 つの角を全部調べる
    for square in CORNERS:
        if square in legal:       # 角でも、今打てるときだけ打てる
            return square         # 角の石は二度と返されない
    # 打てる角がない: ゲームのサイコロで、打てるマスのどれか
    return int(env.np_random.choice(legal))
