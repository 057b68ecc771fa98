def minimax(env):
    """手番のプレイヤーから見た盤面の値: 勝ち 1、引き分け 0、負け -1(両者が最善をつくすとき)。"""
    best = -1
    for square in env.legal_actions():
        child = env.clone()
        observation, reward, terminated, truncated, info = child.step(square)
        if terminated:
            value = reward  # 1: この手で勝ち。0: 盤がうまって引き分け
        else:
            # child では相手の番で、minimax(child) は相手から見た値です。
            # 相手の最善はこちらの最悪なので、マイナスをつけます
            value = -minimax(child)
        best = max(best, value)  # こちらはいちばんよい手を選びます
    return best
