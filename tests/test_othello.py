"""Othello: perft against Aart Bik's published counts, hand-made positions (passes, the end,
flips), options, messages, and the bitboard engine against a plain slow reference written here."""

import random

import numpy as np
import pytest

import games
from games.agents import random_agent
from games.errors import BadOptionError, GameOverError, IllegalActionError


def position(rows, to_move):
    """An 'othello' env set up from text rows: '.' empty, 'X' black, 'O' white."""
    env = games.make("othello", size=len(rows))
    env.set_position([[".XO".index(mark) for mark in row] for row in rows], to_move)
    return env


# ------------------------------------------------------------ perft
# Aart Bik's perft table for 8 x 8 Othello from the opening (a forced pass is one ply,
# a finished game is one leaf).
PERFT_8X8 = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288]


def perft_counts(env, max_depth):
    """perft(1) .. perft(max_depth) in one walk over the public API (clone + step).

    The moves of the last ply are counted with legal_actions() instead of being played."""
    counts = [0] * (max_depth + 1)

    def walk(node, depth):
        if node.terminated:  # an ended game is a leaf at every deeper depth
            for deeper in range(depth + 1, max_depth + 1):
                counts[deeper] += 1
            return
        legal = node.legal_actions()
        counts[depth + 1] += len(legal)
        if depth + 1 < max_depth:
            for action in legal:
                child = node.clone()
                child.step(action)
                walk(child, depth + 1)

    walk(env, 0)
    return counts[1:]


def perft_by_stepping(env, depth):
    """perft with every move of every ply played by step()."""
    if depth == 0 or env.terminated:
        return 1
    total = 0
    for action in env.legal_actions():
        child = env.clone()
        child.step(action)
        total += perft_by_stepping(child, depth - 1)
    return total


def test_perft_8x8_every_ply_played_through_step():
    env = games.make("othello", size=8)
    assert [perft_by_stepping(env, depth) for depth in range(1, 6)] == PERFT_8X8[:5]


def test_perft_8x8_to_depth_9():  # the slow one: about 10 s
    assert perft_counts(games.make("othello", size=8), 9) == PERFT_8X8


# ------------------------------------------------------------ the opening
@pytest.mark.parametrize("size, black_moves", [(4, [1, 4, 11, 14]), (6, [8, 13, 22, 27]),
                                                (8, [19, 26, 37, 44])])
def test_opening(size, black_moves):
    env = games.make("othello", size=size)
    obs, info = env.reset()
    half = size // 2
    assert obs.shape == (size, size) and obs.dtype == np.int8
    assert obs[half - 1:half + 1, half - 1:half + 1].tolist() == [[2, 1], [1, 2]]  # white top-left
    assert (obs != 0).sum() == 4 and (info["black"], info["white"]) == (2, 2)
    assert env.current_player == 0 and env.num_actions == size * size + 1
    assert env.legal_actions() == black_moves
    assert info["action_mask"].nonzero()[0].tolist() == black_moves


def test_default_size_is_6():
    env = games.make("othello")
    assert env.size == 6 and env.pass_action == 36 and env.reset()[0].shape == (6, 6)


def test_a_move_flips_and_the_turn_passes():
    env = games.make("othello", size=8)
    obs, reward, terminated, truncated, info = env.step(19)  # d3
    assert obs[2, 3] == 1 and obs[3, 3] == 1  # the white disc on d4 is now black
    assert info["flipped"] == [27] and (info["black"], info["white"]) == (4, 1)
    assert (reward, terminated, truncated, env.current_player) == (0.0, False, False, 1)
    assert env.legal_actions() == [18, 20, 34]


def test_flips_in_several_directions_at_once():
    env = position(["O.....",
                    ".X.X.X",
                    "..XXX.",
                    "XXX.XO",
                    "..XXX.",
                    ".O.X.O"], to_move=1)
    # white on row 3, column 3 traps lines towards O at (0,0), (3,5), (5,1) and (5,5)
    _, _, _, _, info = env.step(21)
    assert info["flipped"] == [7, 14, 22, 26, 28]
    # lines that end on an empty square or at the edge flip nothing: up, down, left, up-right
    assert env.board.tolist() == [[2, 0, 0, 0, 0, 0],
                                  [0, 2, 0, 1, 0, 1],
                                  [0, 0, 2, 1, 1, 0],
                                  [1, 1, 1, 2, 2, 2],
                                  [0, 0, 2, 1, 2, 0],
                                  [0, 2, 0, 1, 0, 2]]


# ------------------------------------------------------------ passing and the end
PASS_4X4 = ["XXXX",
            "XXXX",
            "XXO.",
            "...."]  # white has no move; black can play at row 2, column 3


def test_forced_pass_is_the_only_legal_action():
    env = position(PASS_4X4, to_move=1)
    assert env.legal_actions() == [16] and env.action_mask().nonzero()[0].tolist() == [16]
    with pytest.raises(IllegalActionError) as error:
        env.step(15)
    assert "you must pass: play 16 (pass)" in str(error.value) and "[16]" in str(error.value)
    obs, reward, terminated, _, info = env.step(16)
    assert (reward, terminated, env.current_player, info["flipped"]) == (0.0, False, 0, [])
    assert 11 in env.legal_actions() and 16 not in env.legal_actions()
    assert "after a pass" in env.render().svg
    # black takes the last white disc: nobody can move, black wins
    obs, reward, terminated, _, info = env.step(11)
    assert (reward, terminated, info["winner"]) == (1.0, True, 0)
    assert (info["black"], info["white"]) == (12, 0) and (obs == 2).sum() == 0
    assert env.legal_actions() == [] and not info["action_mask"].any()
    assert "Black wins" in env.render().svg
    with pytest.raises(GameOverError):
        env.step(16)


def test_pass_is_refused_when_there_is_a_move():
    env = games.make("othello", size=8)
    with pytest.raises(IllegalActionError, match=r"cannot pass \(action 64\): you have a move"):
        env.step(64)
    games.set_language("ja")
    with pytest.raises(IllegalActionError, match=r"パス（行動 64）はできません"):
        env.step(64)


def test_the_mover_can_lose_with_the_last_move():
    env = position(["OOOO",
                    "OOOO",
                    "OOOO",
                    "OXO."], to_move=0)
    assert env.legal_actions() == [15]
    _, reward, terminated, _, info = env.step(15)  # the board is full, white has 13
    assert (reward, terminated, info["winner"], info["black"], info["white"]) == (-1.0, True, 1, 3, 13)


def test_a_finished_position_ends_at_once():
    env = games.make("othello", size=4)
    obs, info = env.set_position([[1, 1, 1, 1], [1, 1, 1, 1], [2, 2, 2, 2], [2, 2, 2, 2]], to_move=0)
    assert env.terminated and info["winner"] is None and env.legal_actions() == []
    assert "Draw" in env.render().svg


def test_the_opponent_passes_by_itself():
    # After black plays square 1, white has no move but black has: white passes inside
    # step, and it is black's turn again.
    env = games.make("othello", size=4, opponent=random_agent)
    env.set_position([[1, 0, 2, 0], [1, 2, 2, 2], [2, 2, 2, 2], [1, 1, 1, 1]], to_move=0)
    assert env.legal_actions() == [1, 3]
    _, reward, terminated, _, info = env.step(1)
    assert (reward, terminated, env.current_player, env.last_action) == (0.0, False, 0, 16)
    assert env.legal_actions() == [3]
    # a position with the opponent to move: it moves at once
    opening = [[0, 0, 0, 0], [0, 2, 1, 0], [0, 1, 2, 0], [0, 0, 0, 0]]
    obs, info = env.set_position(opening, to_move=1)
    assert env.current_player == 0 and (obs != 0).sum() == 5 and info["white"] == 4


# ------------------------------------------------------------ illegal moves and messages
def test_illegal_moves_say_why_and_change_nothing():
    env = games.make("othello", size=8)
    env.step(19)
    before = (env.board, list(env.discs), env.current_player, env.legal_actions())
    with pytest.raises(IllegalActionError) as error:
        env.step(27)
    assert "Square 27 (row 3, column 3) is already taken" in str(error.value)
    assert "Legal actions now: [18, 20, 34]" in str(error.value) and "64 is pass" in str(error.value)
    with pytest.raises(IllegalActionError, match="Square 0 .* flips nothing"):
        env.step(0)
    with pytest.raises(IllegalActionError, match="out of range"):
        env.step(65)
    assert (env.board == before[0]).all() and env.discs == before[1]
    assert env.current_player == before[2] and env.legal_actions() == before[3]
    games.set_language("ja")
    with pytest.raises(IllegalActionError) as error:
        env.step(0)
    assert "マス 0（0 行 0 列）では相手の石を 1 枚も返せません" in str(error.value)
    assert "今できる行動: [18, 20, 34]" in str(error.value)
    with pytest.raises(IllegalActionError, match="マス 27（3 行 3 列）にはもう石があります"):
        env.step(27)


def test_illegal_lose():
    env = games.make("othello", illegal="lose")
    _, reward, terminated, _, info = env.step(0)
    assert (reward, terminated, info["winner"], info["illegal_move"]) == (-1.0, True, 1, True)


@pytest.mark.parametrize("size", [5, 2, 10, 0, 7, "8", 8.0, True, None])
def test_bad_size_is_refused(size):
    with pytest.raises(BadOptionError, match=rf"size={size!r} is not allowed: the board is 4, 6 or 8"):
        games.make("othello", size=size)


def test_bad_size_in_japanese_and_bad_positions():
    games.set_language("ja")
    with pytest.raises(BadOptionError, match="size=5 は使えません。盤の大きさは 4、6、8"):
        games.make("othello", size=5)
    env = games.make("othello", size=4)
    with pytest.raises(BadOptionError, match="4×4"):
        env.set_position([[0] * 4] * 3)
    with pytest.raises(BadOptionError, match="to_move=2"):
        env.set_position([[0] * 4] * 4, to_move=2)



def test_set_position_takes_a_board_of_whole_floats():
    """A board made with np.zeros (floats) and filled with 1.0 and 2.0 is a board of 0, 1, 2."""
    env = games.make("othello")
    board = np.zeros((6, 6))
    board[2, 2] = board[3, 3] = 2.0
    board[2, 3] = board[3, 2] = 1.0
    obs, info = env.set_position(board)
    assert obs.dtype == np.int8 and (obs == games.make("othello").board).all()
    assert env.legal_actions() == [8, 13, 22, 27] and env.current_player == 0
    env.set_position(board.tolist(), to_move=1)  # lists of Python floats too
    assert env.current_player == 1 and env.disc_count(0) == env.disc_count(1) == 2


@pytest.mark.parametrize("language, words", [("en", "board holds 1.5 at row 0, column 1: .* whole number"),
                                             ("ja", "board の 0 行 1 列が 1.5 です。.*整数")])
def test_set_position_refuses_a_fraction_clearly_and_changes_nothing(language, words):
    games.set_language(language)
    env = games.make("othello")
    env.step(8)
    before = env.board
    board = np.zeros((6, 6))
    board[2, 2], board[0, 1] = 2.0, 1.5
    with pytest.raises(BadOptionError, match=words):
        env.set_position(board)
    for bad in (float("nan"), 3.0, -1.0):  # not whole, or whole but not 0, 1 or 2
        board[0, 1] = bad
        with pytest.raises(BadOptionError):
            env.set_position(board)
    assert (env.board == before).all() and env.current_player == 1
    with pytest.raises(BadOptionError, match="to_move"):  # to_move stays a whole number, as before
        env.set_position(np.zeros((6, 6)), to_move=1.0)


# ------------------------------------------------------------ other checks
def test_clone_shares_nothing():
    env = games.make("othello", size=6)
    copy = env.clone()
    copy.step(8)
    assert env.board.sum() == 6 and env.current_player == 0 and env.legal_actions() == [8, 13, 22, 27]
    assert copy.current_player == 1


def test_render_marks_legal_squares_and_text():
    env = games.make("othello", size=6)
    svg = env.render().svg
    # only the four legal squares carry their number
    numbers = [n for n in range(36) if f">{n}</text>" in svg]
    assert numbers == [8, 13, 22, 27] and "Black to move · ●2 ○2" in svg
    assert svg.count("<circle") == 36
    env.step(8)  # flips square 14, which gets a small gold dot
    assert env.render().svg.count("<circle") == 36 + 1
    assert str(env).splitlines() == ["......", "..X...", "..XX..", "..XO..", "......", "......"]


# ------------------------------------------------------------ against a slow reference
class ReferenceOthello:
    """Plain rules on a list of rows: walk the eight directions square by square."""

    DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]

    def __init__(self, size):
        n = self.size = size
        self.grid = [[0] * n for _ in range(n)]
        h = n // 2
        self.grid[h - 1][h - 1] = self.grid[h][h] = 2
        self.grid[h - 1][h] = self.grid[h][h - 1] = 1
        self.player, self.over, self.winner = 0, False, None

    def flips(self, row, col, player):
        if self.grid[row][col]:
            return []
        me, them, flipped = player + 1, 2 - player, []
        for dr, dc in self.DIRECTIONS:
            r, c, line = row + dr, col + dc, []
            while 0 <= r < self.size and 0 <= c < self.size and self.grid[r][c] == them:
                line.append(r * self.size + c)
                r, c = r + dr, c + dc
            if line and 0 <= r < self.size and 0 <= c < self.size and self.grid[r][c] == me:
                flipped += line
        return sorted(flipped)

    def moves(self, player):
        n = self.size
        return [r * n + c for r in range(n) for c in range(n) if self.flips(r, c, player)]

    def legal(self):
        if self.over:
            return []
        return self.moves(self.player) or [self.size * self.size]

    def count(self, mark):
        return sum(row.count(mark) for row in self.grid)

    def play(self, action):
        """Returns (reward of the mover, squares flipped)."""
        n, mover = self.size, self.player
        flipped = []
        if action != n * n:
            row, col = divmod(action, n)
            flipped = self.flips(row, col, mover)
            for square in flipped + [action]:
                self.grid[square // n][square % n] = mover + 1
        self.player = 1 - mover
        if self.moves(0) or self.moves(1):
            return 0.0, flipped
        self.over = True
        mine, theirs = self.count(mover + 1), self.count(2 - mover)
        if mine == theirs:
            return 0.0, flipped
        self.winner = mover if mine > theirs else 1 - mover
        return (1.0 if mine > theirs else -1.0), flipped


@pytest.mark.parametrize("size, games_played", [(4, 300), (6, 60), (8, 25)])
def test_bitboard_engine_matches_slow_reference(size, games_played):
    rng = random.Random(size)
    env = games.make("othello", size=size)
    endings, passes = set(), 0
    for _ in range(games_played):
        env.reset()
        reference = ReferenceOthello(size)
        while not reference.over:
            legal = reference.legal()
            assert env.legal_actions() == legal
            assert env.action_mask().nonzero()[0].tolist() == legal
            action = rng.choice(legal)
            passes += action == size * size
            obs, reward, terminated, _, info = env.step(action)
            expected_reward, flipped = reference.play(action)
            assert (reward, terminated) == (expected_reward, reference.over)
            assert obs.tolist() == reference.grid and info["flipped"] == flipped
            assert (info["black"], info["white"]) == (reference.count(1), reference.count(2))
            assert env.current_player == reference.player or terminated
        assert env.winner == reference.winner
        endings.add(reference.winner)
    assert {0, 1} <= endings
    if size == 4:
        assert None in endings and passes > 0  # draws and passes happen on the small board


@pytest.mark.parametrize("size", [4, 6, 8])
def test_flip_count_is_what_step_would_flip_and_plays_nothing(size):
    rng = np.random.default_rng(size)
    env = games.make("othello", size=size)
    env.reset(seed=size)
    checked = 0
    while not env.terminated:
        before = (env.discs.copy(), bytes(env.cells), env.current_player)
        for action in range(env.num_actions):
            child = env.clone()
            if action in env.legal_actions():
                _, _, _, _, info = child.step(action)
                assert env.flip_count(action) == len(info["flipped"])
                checked += 1
            else:
                assert env.flip_count(action) == 0  # not legal now: it flips nothing
        assert (env.discs, bytes(env.cells), env.current_player) == before  # nothing was played
        legal = env.legal_actions()
        env.step(legal[int(rng.integers(len(legal)))])
    assert checked > 20


def test_flip_count_refuses_a_square_off_the_board_in_the_students_language():
    env = games.make("othello")
    with pytest.raises(IllegalActionError, match="out of range: actions are 0 to 36"):
        env.flip_count(99)
    games.set_language("ja")
    try:
        with pytest.raises(IllegalActionError) as error:
            env.flip_count(-1)
        assert any("\u3040" <= ch <= "\u30ff" for ch in str(error.value))
    finally:
        games.set_language("en")
