def win_if_you_can(env):
    for square in env.legal_actions():
        child = env.clone()  # 手を試すための、ゲームのコピー
        # コピーで打つので、本物のゲームは変わりません
        observation, reward, terminated, truncated, info = child.step(square)
        if reward == 1:
            return square  # このマスですぐ勝てる: ここに打ちます
        # 勝てない: 次のマスを試します（ここではまだ return しません）
    return my_random_agent(env)  # 全部のマスを試しても勝てる手がない: ランダムに打ちます
