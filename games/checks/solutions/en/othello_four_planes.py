def four_planes(env):
    board = env.board
    me = env.current_player + 1               # 1 black, 2 white
    planes = np.zeros((4, env.size, env.size))
    planes[0] = board == me                   # my discs
    planes[1] = board == 3 - me               # the opponent's discs
    for square in env.legal_actions():
        if square != env.pass_action:         # the pass is not a square of the board
            planes[2, square // env.size, square % env.size] = 1
    # the game lists only the moves of the player to move: ask a copy with the opponent to move
    # (a copy, so that the real game does not change)
    other = env.clone()
    other.set_position(board, to_move=1 - env.current_player)   # a player number, 0 or 1
    for square in other.legal_actions():
        if square != other.pass_action:
            planes[3, square // env.size, square % env.size] = 1
    return planes
