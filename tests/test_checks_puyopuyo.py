"""The Puyo Puyo self-checks: a right answer passes, the usual mistakes fail with a hint,
and a crashing function is reported, not raised."""

import numpy as np

import games
from games.checks import puyopuyo as checks
from games.envs.puyopuyo import popping_groups


# ------------------------------------------------------------------ groups_to_pop
def group_of(board, row, col):
    colour = board[row, col]
    group, todo = {(row, col)}, [(row, col)]
    while todo:
        r, c = todo.pop()
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < 12 and 0 <= cc < 6 and board[rr, cc] == colour and (rr, cc) not in group:
                group.add((rr, cc))
                todo.append((rr, cc))
    return group


def every_group(board):
    """The starting code of lesson 50: every group, also the small ones."""
    groups, seen = [], set()
    for row in range(12):
        for col in range(6):
            if board[row, col] != 0 and (row, col) not in seen:
                group = group_of(board, row, col)
                seen |= group
                groups.append(group)
    return groups


def test_groups_right_answer_passes(capsys):
    assert checks.check_groups_to_pop(lambda board: [g for g in every_group(board) if len(g) >= 4]).passed
    assert "All 7 cases passed" in capsys.readouterr().out


def test_groups_first_attempt_fails(capsys):
    result = checks.check_groups_to_pop(every_group)
    out = capsys.readouterr().out
    assert not result.passed
    assert "✗ case 3" in out and "4 or more" in out


def test_groups_counted_twice_fails():
    def twice(board):
        groups = [g for g in every_group(board) if len(g) >= 4]
        return groups + groups
    assert not checks.check_groups_to_pop(twice).passed


def test_groups_wrong_shapes_and_crashes_do_not_raise(capsys):
    for answer in (None, 5, [5], [[(1, 2, 3)]]):
        assert not checks.check_groups_to_pop(lambda board, answer=answer: answer).passed
    assert not checks.check_groups_to_pop(lambda board: board[20, 0]).passed
    assert "IndexError" in capsys.readouterr().out


def test_groups_answer_matches_the_engine():
    for rows, _, _ in checks.GROUP_CASES:
        board = checks.board_from(rows)
        cells = board.ravel().tolist()
        engine = {frozenset(divmod(c, 6) for c in group) for group in popping_groups(cells, range(72))}
        assert checks.groups_answer(board) == engine


# ------------------------------------------------------------------ column_heights
def test_heights_right_answers_pass():
    assert checks.check_column_heights(lambda board: [int((board[:, c] != 0).sum()) for c in range(6)]).passed
    assert checks.check_column_heights(lambda board: (board != 0).sum(axis=0)).passed  # numpy is fine


def test_heights_wrong_answers_fail(capsys):
    assert not checks.check_column_heights(lambda board: [0] * 6).passed
    assert not checks.check_column_heights(lambda board: [int((board[:, c] != 0).sum()) for c in range(5)]).passed
    assert not checks.check_column_heights(lambda board: (board == 0).sum(axis=0)).passed  # the empty cells
    assert not checks.check_column_heights(lambda board: None).passed
    assert not checks.check_column_heights(lambda board: 1 / 0).passed
    assert "ZeroDivisionError" in capsys.readouterr().out


# ------------------------------------------------------------------ evaluate
def links(board):
    return int(((board[:, :-1] == board[:, 1:]) & (board[:, :-1] != 0)).sum()
               + ((board[:-1] == board[1:]) & (board[:-1] != 0)).sum())


def lowest(board):
    return -int((board != 0).sum(axis=0).max())


def test_evaluation_links_and_height_pass():
    assert checks.check_evaluation(lambda board: 10 * links(board) + lowest(board)).passed
    assert checks.check_evaluation(lambda board: np.float64(links(board) - 0.1 * (board != 0).sum(axis=0).max())).passed


def test_evaluation_half_answers_fail(capsys):
    assert not checks.check_evaluation(lowest).passed  # the starting code: height only
    out = capsys.readouterr().out
    assert "✗ case 1" in out and "✓ case 3" in out
    assert not checks.check_evaluation(links).passed  # links only: the tower is as good as the flat board
    assert not checks.check_evaluation(lambda board: 0).passed


def test_evaluation_not_numbers_and_crashes_fail_without_raising(capsys):
    assert not checks.check_evaluation(lambda board: None).passed
    assert not checks.check_evaluation(lambda board: True).passed
    assert not checks.check_evaluation(lambda board: "high").passed
    assert not checks.check_evaluation(lambda board: board.missing).passed
    assert "AttributeError" in capsys.readouterr().out
    assert not checks.check_evaluation("evaluate").passed


def test_evaluation_boards_are_real_positions():
    """Every board of the checks could be given to the game (no floating puyo, nothing popping)."""
    env = games.make("puyopuyo")
    for rows_a, rows_b, _, _ in checks.EVALUATION_CASES:
        for rows in (rows_a, rows_b):
            env.reset(seed=0, options={"board": checks.board_from(rows)})


def test_japanese_hints(capsys):
    games.set_language("ja")
    checks.check_groups_to_pop(every_group)
    assert "ケース" in capsys.readouterr().out


# ------------------------------------------------------------------ colour planes
def test_colour_planes_right_answers_pass():
    assert checks.check_colour_planes(lambda board, colours: [board == c for c in range(1, colours + 1)]).passed
    assert checks.check_colour_planes(
        lambda board, colours: np.stack([board == c for c in range(1, colours + 1)]).astype(float)).passed


def test_colour_planes_match_the_dqn_encoder():
    from games.dqn import encode
    env = games.make("puyopuyo")
    env.reset(seed=3)
    for action in (0, 5, 9, 14):
        env.step(action)
    board = env.board
    planes = np.array([board == c for c in range(1, 5)]).ravel().astype(np.float32)
    assert np.array_equal(planes, encode(env)[:planes.size])


def test_colour_planes_off_by_one_fails_with_a_short_report(capsys):
    def starter(board, colours):  # plane 0 for colour 0, which is empty!
        return np.array([board == c for c in range(colours)])

    assert not checks.check_colour_planes(starter).passed
    out = capsys.readouterr().out
    assert "plane 0 (colour 1, R)" in out
    assert "[[" not in out


def test_colour_planes_wrong_count_and_crashes(capsys):
    assert not checks.check_colour_planes(lambda board, colours: [board == c for c in range(1, 5)]).passed  # always 4
    assert not checks.check_colour_planes(lambda board, colours: None).passed
    assert not checks.check_colour_planes(lambda board, colours: board[99]).passed
    assert "IndexError" in capsys.readouterr().out
