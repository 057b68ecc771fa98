def points(reward):
    """ゲームの報酬を点数にします: 勝ちは 3 点、引き分けは 1 点、負けは 0 点。"""
    if reward == 1:  # == はくらべる記号。= 1 つだと変数に値を入れてしまいます
        return 3
    elif reward == 0:  # 上の条件が正しくなかったときだけ調べます
        return 1
    else:  # それ以外の報酬: ここでは -1、負けだけです
        return 0
