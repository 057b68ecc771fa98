def planes(view):
    """盤を True/False のチャンネルにします: かくれたマス、それから数字ごとに 1 チャンネル。"""
    hidden = (view == -1)
    # 数字 0 から 8: 開いた 0 も大事な情報（まわりに地雷がない）
    numbers = [view == number for number in range(0, 9)]
    return np.array([hidden] + numbers)   # 1 + 9 = 10 チャンネル、かくれたマスが最初
