def groups_to_pop(board):
    """同じ色で 4 つ以上つながったぷよのグループすべて((row, col) の集合のリスト)。"""
    groups = []
    seen = set()
    for row in range(12):
        for col in range(6):
            if board[row, col] != 0 and (row, col) not in seen:
                group = group_of(board, row, col)
                seen |= group             # 小さいグループも: 同じグループを 2 回見つけないため
                if len(group) >= 4:       # 4 つ以上で消える（>= なので、ちょうど 4 つも消える）
                    groups.append(group)
    return groups
