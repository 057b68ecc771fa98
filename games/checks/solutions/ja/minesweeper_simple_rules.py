def simple_rules(view):
    """2 つのルールでわかる (安全なマス, 地雷) を、(row, col) の集合で返します。"""
    rows, cols = view.shape
    safe, mines = set(), set()
    # ルール 1: 数字がとなりのかくれたマスの数と同じなら、それらはすべて地雷。
    for row in range(rows):
        for col in range(cols):
            if view[row, col] >= 1:
                hidden = hidden_around(view, row, col)
                if len(hidden) == view[row, col]:
                    mines.update(hidden)
    # ルール 2: 数字の地雷がすべて `mines` にあれば、ほかのかくれたとなりは安全。
    # ルール 1 のあとに別のループで: これで `mines` にはルール 1 で見つかる地雷が全部入っている
    for row in range(rows):
        for col in range(cols):
            if view[row, col] >= 0:   # 開いている数字すべて（0 も）。かくれたマスは調べない
                hidden = hidden_around(view, row, col)
                found = [cell for cell in hidden if cell in mines]
                if len(found) == view[row, col]:
                    # 地雷が全部わかっている: 残りは地雷ではありえない
                    safe.update(cell for cell in hidden if cell not in mines)
    return safe, mines
