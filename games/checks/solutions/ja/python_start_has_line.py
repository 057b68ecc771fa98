def has_line(board, mark):
    """mark（X は 1、O は 2）が盤面で一列そろえていれば True。"""
    for a, b, c in LINES:  # 列を 1 本ずつ: その 3 つのマスが a、b、c に入ります
        # 3 マスとも mark でなければなりません（空きマス 3 つも同じになるので、mark とくらべます）
        if board[a] == mark and board[b] == mark and board[c] == mark:
            return True  # 見つかった: ほかの列を見る必要はありません
    return False  # ループの後: どの列もありませんでした


# any() とジェネレーター式を使うと 1 行で書けます（レッスン 10 の書き方）:
#     return any(board[a] == board[b] == board[c] == mark for a, b, c in LINES)
