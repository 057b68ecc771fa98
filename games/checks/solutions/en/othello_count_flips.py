# the 8 steps around a square, laid out like the table: every (d_row, d_col) but (0, 0)
DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1),
              (0, -1),           (0, 1),
              (1, -1),  (1, 0),  (1, 1)]


def count_flips(board, row, col, me):
    total = 0
    # each direction once: a direction listed twice would count its discs twice
    for d_row, d_col in DIRECTIONS:
        total += len(flips_in_direction(board, row, col, d_row, d_col, me))
    return total
