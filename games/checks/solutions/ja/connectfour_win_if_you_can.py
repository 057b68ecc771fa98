def win_if_you_can(env):
    for column in env.legal_actions():
        if env.is_winning_move(column):  # ここに落とすと、手番のプレイヤーがすぐ 4 つ並ぶ?
            return column  # 並ぶ: ここに打ちます
        # 並ばない: 次の列を調べます
    return int(env.np_random.choice(env.legal_actions()))   # 勝てる手がない: ランダムに打ちます
