# マスのまわりの 8 つの向き（表と同じ並び）: (0, 0) 以外のすべての (d_row, d_col)
DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1),
              (0, -1),           (0, 1),
              (1, -1),  (1, 0),  (1, 1)]


def count_flips(board, row, col, me):
    total = 0
    # どの向きも 1 回だけ: 同じ向きを 2 回書くと、その石を 2 回数えてしまう
    for d_row, d_col in DIRECTIONS:
        total += len(flips_in_direction(board, row, col, d_row, d_col, me))
    return total
