"""The straightforward Connect Four heuristic, with Python loops: the reference the fast
version in ``games.agents.connectfour`` is checked against (tests) and timed against (bench).

This is how the classic one-step lookahead is usually first written: for each column,
copy the grid, drop the disc, and count windows row by row with nested loops.
"""

import numpy as np


def drop_disc(grid, column, mark):
    """A copy of ``grid`` (row 0 at the top) with ``mark`` dropped in ``column``."""
    grid = grid.copy()
    for row in range(grid.shape[0] - 1, -1, -1):
        if grid[row][column] == 0:
            grid[row][column] = mark
            return grid
    raise ValueError("full column")


def count_windows(grid, discs, mark, inarow):
    """Windows of ``inarow`` cells holding ``discs`` discs of ``mark`` and empty cells otherwise."""
    rows, columns = grid.shape
    count = 0

    def check(window):
        return window.count(mark) == discs and window.count(0) == inarow - discs

    for row in range(rows):  # across
        for col in range(columns - inarow + 1):
            count += check(list(grid[row, col:col + inarow]))
    for row in range(rows - inarow + 1):  # up-down
        for col in range(columns):
            count += check(list(grid[row:row + inarow, col]))
    for row in range(rows - inarow + 1):  # diagonal down-right
        for col in range(columns - inarow + 1):
            count += check([grid[row + k, col + k] for k in range(inarow)])
    for row in range(inarow - 1, rows):  # diagonal up-right
        for col in range(columns - inarow + 1):
            count += check([grid[row - k, col + k] for k in range(inarow)])
    return count


def loop_heuristic(grid, mark, inarow=4):
    threes = count_windows(grid, inarow - 1, mark, inarow)
    fours = count_windows(grid, inarow, mark, inarow)
    opponent_threes = count_windows(grid, inarow - 1, 3 - mark, inarow)
    return threes - 100 * opponent_threes + 10 ** 6 * fours


def loop_scores(grid, mark, inarow=4):
    """{column: score of the grid after dropping ``mark`` there} for every open column."""
    return {col: loop_heuristic(drop_disc(grid, col, mark), mark, inarow)
            for col in range(grid.shape[1]) if grid[0][col] == 0}


def loop_one_step_agent(env, rng=None):
    """The loop version of ``one_step_agent`` (ties broken with ``env.np_random``, like it)."""
    mark = env.current_player + 1
    scores = loop_scores(np.asarray(env.board), mark, env.inarow)
    best = max(scores.values())
    columns = [col for col, score in scores.items() if score == best]
    if len(columns) == 1:
        return columns[0]
    return columns[int(env.np_random.integers(len(columns)))]
