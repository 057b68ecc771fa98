def slope(f, x):
    h = 0.001  # 少しだけ動かす幅
    # 動かした区間の変化の割合: f の増加量を、x の増加量 h でわります
    return (f(x + h) - f(x)) / h
