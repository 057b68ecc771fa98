"""Connect Four: published position counts, hand-made positions, options, messages, and the
bitboard engine against a plain slow reference written here."""

import random

import numpy as np
import pytest

import games
from games.errors import BadOptionError, IllegalActionError


def play(moves, **options):
    """A new game with `moves` (columns) played; all but the last must leave the game going.

    Returns the env and what the last step returned."""
    env = games.make("connectfour", **options)
    env.reset()
    for column in moves[:-1]:
        _, reward, terminated, _, _ = env.step(column)
        assert reward == 0 and not terminated, f"the game ended early, at column {column}"
    return env, env.step(moves[-1])


# ------------------------------------------------------------ published counts
# OEIS A212693: the number of legal 7 x 6 Connect Four positions after n plies
# (positions reached by legal play, which stops at a win; transpositions counted once).
A212693 = [1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275]


def test_positions_by_ply_match_oeis_a212693():
    # Breadth-first over the public API: clone + step, positions told apart by the observation.
    level = {b"": games.make("connectfour")}
    counts = [1]
    for _ in range(8):
        following = {}
        for env in level.values():
            if env.terminated:  # a won game has no next position
                continue
            for column in env.legal_actions():
                child = env.clone()
                observation = child.step(column)[0]
                following.setdefault(observation.tobytes(), child)
        counts.append(len(following))
        level = following
    assert counts == A212693
    # the first wins come at ply 7; they are positions too, but lead nowhere
    assert any(env.terminated for env in level.values())


# ------------------------------------------------------------ hand-made positions
def test_start_and_observation_layout():
    env = games.make("connectfour")
    obs, info = env.reset()
    assert obs.shape == (6, 7) and obs.dtype == np.int8 and not obs.any()
    assert env.legal_actions() == list(range(7)) and info["action_mask"].all()
    assert env.num_actions == 7 and env.current_player == 0
    obs, reward, terminated, truncated, info = env.step(3)
    assert obs[5, 3] == 1 and obs.sum() == 1  # row 0 is the top: the disc lands in the last row
    obs, *_ = env.step(3)
    assert obs[4, 3] == 2 and env.heights == [0, 0, 0, 2, 0, 0, 0]
    assert (env.board == obs).all() and info["current_player"] == 1


@pytest.mark.parametrize("columns, direction", [
    ([0, 0, 1, 1, 2, 2, 3], "across"),
    ([6, 5, 6, 5, 6, 5, 6], "up"),
    ([0, 1, 1, 2, 6, 2, 2, 3, 6, 3, 5, 3, 3], "diagonal /"),
    ([6, 5, 5, 4, 0, 4, 4, 3, 0, 3, 1, 3, 3], "diagonal \\"),
    ([0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5, 6, 1, 0, 2, 5, 3, 6, 4], "across, on the third row"),
])
def test_player_0_wins_in_every_direction(columns, direction):
    env, (obs, reward, terminated, truncated, info) = play(columns)
    assert (reward, terminated, truncated, info["winner"]) == (1.0, True, False, 0), direction
    assert not info["action_mask"].any() and env.legal_actions() == []


def test_player_1_wins_and_the_reward_is_the_movers():
    env, (_, reward, terminated, _, info) = play([0, 1, 0, 1, 0, 1, 6, 1])
    assert (reward, terminated, info["winner"], env.winner) == (1.0, True, 1, 1)


def test_full_board_without_a_line_is_a_draw():
    # colour of (column c, height h) = (h + c // 2) % 2: no four in any direction
    order = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 4, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3,
             4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 5]
    env, (obs, reward, terminated, _, info) = play(order)
    assert (reward, terminated, info["winner"]) == (0.0, True, None)
    assert (obs != 0).all() and (obs == 1).sum() == 21
    with pytest.raises(games.GameOverError):
        env.step(0)


def test_full_column_is_refused_and_nothing_changes():
    env, _ = play([2, 2, 2, 2, 2, 2])
    before = (env.board.copy(), list(env.heights), env.current_player, list(env.discs))
    assert 2 not in env.legal_actions() and not env.action_mask()[2]
    with pytest.raises(IllegalActionError) as error:
        env.step(2)
    message = str(error.value)
    assert "Column 2 is full" in message and "0, 1, 3, 4, 5, 6" in message
    assert (env.board == before[0]).all() and env.heights == before[1]
    assert env.current_player == before[2] and env.discs == before[3]
    games.set_language("ja")
    with pytest.raises(IllegalActionError, match="2 列はもういっぱいです") as error:
        env.step(2)
    assert "今できる行動: [0, 1, 3, 4, 5, 6]" in str(error.value)
    env.step(3)  # the game goes on normally
    assert env.heights[3] == 1


def test_full_column_loses_with_illegal_lose():
    env = games.make("connectfour", illegal="lose")
    for _ in range(6):
        env.step(0)
    _, reward, terminated, _, info = env.step(0)
    assert (reward, terminated, info["winner"], info["illegal_move"]) == (-1.0, True, 1, True)


def test_is_winning_move():
    env, _ = play([0, 0, 1, 1, 2, 2])
    assert env.is_winning_move(3) and not env.is_winning_move(4)
    env, _ = play([6, 0, 6, 1, 5, 2])  # player 1 has three on the bottom row
    assert not env.is_winning_move(3) and not env.is_winning_move(6)  # (player 0 to move)
    env.step(5)
    assert env.current_player == 1 and env.is_winning_move(3) and not env.is_winning_move(4)


# ------------------------------------------------------------ options
def test_other_sizes_and_inarow():
    env, (obs, reward, terminated, _, info) = play([0, 0, 1, 1, 2], rows=3, columns=5, inarow=3)
    assert obs.shape == (3, 5) and env.num_actions == 5 and reward == 1 and info["winner"] == 0
    env, (_, reward, *_) = play([0, 1, 0, 1, 0], rows=3, columns=5, inarow=3)
    assert reward == 1
    # a line longer than the grid is high: 5 across on a 2 x 5 grid
    env, (_, reward, terminated, _, _) = play([0, 0, 1, 1, 2, 2, 3, 3, 4], rows=2, columns=5, inarow=5)
    assert (reward, terminated) == (1.0, True)
    # inarow=2: a diagonal of two is already a line
    env, (_, reward, terminated, _, info) = play([0, 1, 1], rows=2, columns=3, inarow=2)
    assert (reward, terminated, info["winner"]) == (1.0, True, 0)
    # and a longer line than 4: 5 up on a 7 x 9 grid
    env, (_, reward, *_) = play([8, 0, 8, 0, 8, 0, 8, 0, 8], rows=7, columns=9, inarow=5)
    assert reward == 1
    env, (_, reward, terminated, *_) = play([8, 0, 8, 0, 8, 0, 8], rows=7, columns=9, inarow=5)
    assert (reward, terminated) == (0.0, False)


@pytest.mark.parametrize("options, message", [
    ({"rows": 1}, "rows=1 is not allowed: use a whole number from 2 to 20"),
    ({"rows": 21}, "rows=21 is not allowed"),
    ({"columns": 0}, "columns=0 is not allowed"),
    ({"columns": 7.0}, "columns=7.0 is not allowed"),
    ({"rows": True}, "rows=True is not allowed"),
    ({"rows": "6"}, "rows='6' is not allowed"),
    ({"inarow": 8}, "inarow=8 is not allowed: use a whole number from 2 to 7"),
    ({"inarow": 1}, "inarow=1 is not allowed"),
    ({"inarow": 4.5}, "inarow=4.5 is not allowed"),
    ({"rows": 3, "columns": 3, "inarow": 4}, "a line must fit on the 3×3 grid"),
])
def test_bad_options_are_refused_clearly(options, message):
    with pytest.raises(BadOptionError) as error:
        games.make("connectfour", **options)
    assert message in str(error.value)


def test_bad_option_message_in_japanese():
    games.set_language("ja")
    with pytest.raises(BadOptionError, match="inarow=8 は使えません。2 から 7 までの整数"):
        games.make("connectfour", inarow=8)
    with pytest.raises(BadOptionError, match="rows=0 は使えません"):
        games.make("connectfour", rows=0)


def test_clone_shares_nothing():
    env, _ = play([3, 3, 4])
    copy = env.clone()
    copy.step(5)
    copy.step(5)
    assert env.heights[5] == 0 and env.board[5, 5] == 0 and env.current_player == 1
    assert copy.heights[5] == 2 and copy.current_player == 1


def test_render_and_text():
    env, _ = play([3, 3, 4])
    picture = env.render()
    assert picture.svg.startswith("<svg") and picture.svg.count("<circle") == 42
    assert "Yellow to move" in picture.svg and "Player" not in picture.svg  # as the board shows it
    assert str(env).splitlines() == [".......", ".......", ".......", ".......",
                                      "...O...", "...XX..", "0123456"]


# ------------------------------------------------------------ against a slow reference
class ReferenceConnectFour:
    """Plain rules on a list of rows (row 0 at the top), walking from the new disc."""

    def __init__(self, rows, columns, inarow):
        self.rows, self.columns, self.inarow = rows, columns, inarow
        self.grid = [[0] * columns for _ in range(rows)]
        self.player, self.over, self.winner = 0, False, None

    def legal(self):
        return [] if self.over else [c for c in range(self.columns) if self.grid[0][c] == 0]

    def play(self, column):
        row = max(r for r in range(self.rows) if self.grid[r][column] == 0)
        mark = self.player + 1
        self.grid[row][column] = mark
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            count = 1
            for sign in (1, -1):
                r, c = row + sign * dr, column + sign * dc
                while 0 <= r < self.rows and 0 <= c < self.columns and self.grid[r][c] == mark:
                    count += 1
                    r, c = r + sign * dr, c + sign * dc
            if count >= self.inarow:
                self.over, self.winner = True, self.player
                return 1.0
        if all(self.grid[0][c] for c in range(self.columns)):
            self.over = True
        self.player = 1 - self.player
        return 0.0


@pytest.mark.parametrize("rows, columns, inarow, games_played", [
    (6, 7, 4, 300), (4, 4, 3, 200), (2, 9, 5, 100), (8, 3, 3, 100), (5, 11, 6, 50), (20, 20, 9, 5),
])
def test_bitboard_engine_matches_slow_reference(rows, columns, inarow, games_played):
    rng = random.Random(rows * 100 + columns)
    env = games.make("connectfour", rows=rows, columns=columns, inarow=inarow)
    endings = set()
    for _ in range(games_played):
        env.reset()
        reference = ReferenceConnectFour(rows, columns, inarow)
        while not reference.over:
            legal = reference.legal()
            assert env.legal_actions() == legal
            column = rng.choice(legal)
            assert env.is_winning_move(column) == (ReferenceConnectFour.play(_copy(reference), column) == 1)
            obs, reward, terminated, _, info = env.step(column)
            assert reward == reference.play(column)
            assert terminated == reference.over and obs.tolist() == reference.grid
            assert (info["action_mask"].nonzero()[0].tolist()) == reference.legal()
        assert env.winner == reference.winner
        endings.add(reference.winner)
    if games_played >= 100:
        assert {0, 1} <= endings  # both players won some games


def _copy(reference):
    copy = ReferenceConnectFour(reference.rows, reference.columns, reference.inarow)
    copy.grid = [row[:] for row in reference.grid]
    copy.player = reference.player
    return copy
