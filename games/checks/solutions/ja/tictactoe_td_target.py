def td_target(reward, next_q, done, gamma):
    """Q(盤面, 手) が目指す値: 今の報酬 + gamma × 次の盤面での最大の Q 値。"""
    if done:
        # ゲームは終わり: この先はありません（next_q が空のこともあり、max([]) はエラーになります）
        return reward
    # ゲームは続く: 今の報酬に、次のいちばん大きい Q 値を少しだけ小さくして（gamma をかけて）足します
    return reward + gamma * max(next_q)
