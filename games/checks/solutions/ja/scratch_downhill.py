def downhill(w, b, lr):
    """つまみ w と b を、坂の下へ 1 歩動かします。"""
    h = 0.001
    slope_w = (error2(w + h, b) - error2(w, b)) / h  # w だけを動かす。b はそのまま
    slope_b = (error2(w, b + h) - error2(w, b)) / h  # b だけを動かす。w はそのまま
    # 傾きは上り坂の向きなので、それぞれ反対へ、lr × 傾き の小さな 1 歩だけ動かします
    w = w - lr * slope_w
    b = b - lr * slope_b
    return w, b
