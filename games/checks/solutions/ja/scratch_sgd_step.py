def sgd_step(params, lr):
    """すべてのパラメータを、坂の下へ 1 歩動かします。"""
    for p in params:
        # p.grad は損失の上り坂の向き: 反対へ、lr の大きさの小さな 1 歩を進みます
        p.data = p.data - lr * p.grad
    # return はいりません: リストの中のパラメータそのものが書きかわっています
