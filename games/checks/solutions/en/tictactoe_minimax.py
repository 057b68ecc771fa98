def minimax(env):
    """The value of the position for the player to move: 1 win, 0 draw, -1 loss (both play their best)."""
    best = -1
    for square in env.legal_actions():
        child = env.clone()
        observation, reward, terminated, truncated, info = child.step(square)
        if terminated:
            value = reward  # 1: this move wins; 0: it fills the board, a draw
        else:
            # in child the opponent moves, and minimax(child) is its value for the opponent;
            # the opponent's best is our worst, hence the minus sign
            value = -minimax(child)
        best = max(best, value)  # we pick our best move
    return best
