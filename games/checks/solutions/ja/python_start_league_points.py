def points(reward):
    """1 ゲームの点数（1 つ目の練習問題）: 勝ちは 3 点、引き分けは 1 点、負けは 0 点。"""
    if reward == 1:
        return 3
    elif reward == 0:
        return 1
    else:
        return 0


def league_points(rewards):
    """ゲームのリスト全部の点数。"""
    total = 0  # まだ 0 ゲーム、まだ 0 点
    for reward in rewards:
        total = total + points(reward)  # このゲームの点数を、それまでの点数に足します
    return total  # ループの後: 全部のゲームを足し終わりました
