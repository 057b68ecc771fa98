def chance_all_safe(hidden, mines, clicks):
    """ちがうかくれたマスを `clicks` 回ランダムにクリックして、すべて地雷をさける確率。"""
    safe = hidden - mines
    chance = 1.0                      # かけ算なので 1 から始める
    for i in range(clicks):
        # i 回目のクリックの前に、安全なマスが i 個開いている: 安全なマスもかくれたマスも i 個少ない
        chance *= (safe - i) / (hidden - i)
    return chance                     # ループのあと: すべてのクリックをかけ終わってから返す
