def evaluate(board):
    """連鎖を組むのにどれだけよい盤か: 大きいほどよい。"""
    heights = (board != 0).sum(axis=0)      # 各列のぷよの数
    # 右どなりと同じ色。ただし空どうし（0 == 0）はペアではない
    side_by_side = (board[:, :-1] == board[:, 1:]) & (board[:, 1:] != 0)
    # 1 つ下のマスと同じ色
    stacked = (board[:-1] == board[1:]) & (board[1:] != 0)
    touching = int(side_by_side.sum() + stacked.sum())
    # となり合ったペアはグループの作りかけ。でも高いフィールドはやっぱり危険
    return 10 * touching - int(heights.max())
