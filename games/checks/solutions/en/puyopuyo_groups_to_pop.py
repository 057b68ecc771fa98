def groups_to_pop(board):
    """Every group of 4 or more touching puyos of one colour (a list of sets of (row, col))."""
    groups = []
    seen = set()
    for row in range(12):
        for col in range(6):
            if board[row, col] != 0 and (row, col) not in seen:
                group = group_of(board, row, col)
                seen |= group             # every group, small ones too: never find it twice
                if len(group) >= 4:       # 4 or more pop (>= : a group of exactly 4 pops too)
                    groups.append(group)
    return groups
