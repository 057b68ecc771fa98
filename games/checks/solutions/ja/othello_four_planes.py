def four_planes(env):
    board = env.board
    me = env.current_player + 1               # 1 黒、2 白
    planes = np.zeros((4, env.size, env.size))
    planes[0] = board == me                   # 自分の石
    planes[1] = board == 3 - me               # 相手の石
    for square in env.legal_actions():
        if square != env.pass_action:         # パスは盤のマスではない
            planes[2, square // env.size, square % env.size] = 1
    # ゲームが教えてくれるのは手番のプレイヤーの手だけ: 相手の番にしたコピーに聞く
    # （コピーなので、本物のゲームは変わらない）
    other = env.clone()
    other.set_position(board, to_move=1 - env.current_player)   # プレイヤーの番号 0 か 1
    for square in other.legal_actions():
        if square != other.pass_action:
            planes[3, square // env.size, square % env.size] = 1
    return planes
