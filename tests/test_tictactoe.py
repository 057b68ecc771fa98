"""Tic-tac-toe: the published counts, exact, through the public API; then known positions,
illegal moves, messages, ``illegal="lose"``, the built-in opponent, seeds and wrong types."""

import collections
import itertools

import numpy as np
import pytest

import games
from games.agents import random_agent
from games.envs.tictactoe import LINES
from games.errors import ActionTypeError, GameOverError, IllegalActionError


def state(env):
    """What can be seen of the game (to check that a refused action changes nothing)."""
    return (env._observation().tolist(), env.legal_actions(), env.current_player,
            env.terminated, env.winner, env.last_action, str(env), env.np_random.bit_generator.state)


def play(moves, **options):
    env = games.make("tictactoe", **options)
    result = None
    for move in moves:
        result = env.step(move)
    return env, result


# ------------------------------------------------------------------------- published counts
def test_every_game_counted_exactly():
    """255,168 games: 131,184 won by X, 77,904 by O, 46,080 drawn; 5,478 positions, 958 final ones.

    Every game is played to its end with clone() + step(), the way a search agent does.
    """
    endings = collections.Counter()
    positions, final_positions = set(), set()

    def explore(env, obs):
        positions.add(obs.tobytes())
        for action in env.legal_actions():
            child = env.clone()
            mover = child.current_player
            obs, reward, terminated, truncated, info = child.step(action)
            if terminated:
                assert reward == (0.0 if info["winner"] is None else 1.0)
                assert info["winner"] in (mover, None)
                endings[info["winner"]] += 1
                positions.add(obs.tobytes())
                final_positions.add(obs.tobytes())
            else:
                assert reward == 0.0 and child.current_player == 1 - mover
                explore(child, obs)

    env = games.make("tictactoe")
    explore(env, env.reset()[0])
    assert sum(endings.values()) == 255_168
    assert endings == {0: 131_184, 1: 77_904, None: 46_080}
    assert len(positions) == 5_478  # legal positions, the empty board included
    assert len(final_positions) == 958
    assert env.legal_actions() == list(range(9)), "exploring the clones changed the root"


# ------------------------------------------------------------------------- known positions
def other_squares(line, count):
    """``count`` squares off ``line`` that do not make a line themselves."""
    for squares in itertools.combinations([s for s in range(9) if s not in line], count):
        if not any(set(other) <= set(squares) for other in LINES):
            return list(squares)


@pytest.mark.parametrize("line", LINES)
def test_x_wins_on_every_line(line):
    o_moves = other_squares(line, 2)
    moves = [line[0], o_moves[0], line[1], o_moves[1], line[2]]
    env, (obs, reward, terminated, truncated, info) = play(moves)
    assert (reward, terminated, truncated) == (1.0, True, False)
    assert info["winner"] == env.winner == 0
    assert [obs.flat[s] for s in line] == [1, 1, 1]
    assert env.legal_actions() == [] and not info["action_mask"].any()


@pytest.mark.parametrize("line", LINES)
def test_o_wins_on_every_line(line):
    x_moves = other_squares(line, 3)
    moves = [x_moves[0], line[0], x_moves[1], line[1], x_moves[2], line[2]]
    env = games.make("tictactoe")
    for move in moves[:-1]:
        _, reward, terminated, _, info = env.step(move)
        assert (reward, terminated) == (0.0, False) and "winner" not in info
    _, reward, terminated, _, info = env.step(moves[-1])
    assert (reward, terminated, info["winner"], env.winner) == (1.0, True, 1, 1)


def test_a_full_board_without_a_line_is_a_draw():
    #  X O X
    #  X O O
    #  O X X
    env, (obs, reward, terminated, _, info) = play([0, 1, 2, 4, 3, 5, 7, 6, 8])
    assert (reward, terminated, info["winner"], env.winner) == (0.0, True, None, None)
    assert obs.tolist() == [[1, 2, 1], [1, 2, 2], [2, 1, 1]]
    assert str(env) == "XOX\nXOO\nOXX"


def test_a_line_on_the_ninth_move_wins():
    #  X O X
    #  O X O
    #  O X X   (X's ninth-move mark on 8 completes the diagonal: a win, not a draw)
    env, (_, reward, terminated, _, info) = play([0, 1, 2, 3, 4, 5, 7, 6, 8])
    assert str(env) == "XOX\nOXO\nOXX"
    assert (reward, terminated, info["winner"]) == (1.0, True, 0)


def test_observation_and_text():
    env, (obs, *_rest) = play([4, 0])
    assert obs.dtype == np.int8 and obs.shape == (3, 3)
    assert obs.tolist() == [[2, 0, 0], [0, 1, 0], [0, 0, 0]]
    assert str(env) == "O..\n.X.\n..."
    assert env.current_player == 0 and env.last_action == 0


# --------------------------------------------------------------------------- refused actions
def test_taken_square_is_refused_with_the_legal_actions():
    env, _ = play([4])
    before = state(env)
    with pytest.raises(IllegalActionError) as caught:
        env.step(4)
    assert not isinstance(caught.value, ActionTypeError)
    message = str(caught.value)
    assert "Square 4 is already taken by X" in message
    assert "[0, 1, 2, 3, 5, 6, 7, 8]" in message
    assert state(env) == before


@pytest.mark.parametrize("action", [-1, 9, 100, -(2**64), 2**64])
def test_out_of_range_is_refused(action):
    env, _ = play([0, 4])
    before = state(env)
    with pytest.raises(IllegalActionError, match="out of range: actions are 0 to 8"):
        env.step(action)
    assert state(env) == before


def test_messages_in_japanese():
    env, _ = play([4])
    games.set_language("ja")
    with pytest.raises(IllegalActionError) as caught:
        env.step(4)
    assert str(caught.value) == "マス 4 にはもう X が置かれています。 今できる行動: [0, 1, 2, 3, 5, 6, 7, 8]"
    with pytest.raises(IllegalActionError, match="範囲外"):
        env.step(9)
    with pytest.raises(ActionTypeError, match="整数"):
        env.step("4")
    env, _ = play([0, 3, 1, 4, 2])
    with pytest.raises(GameOverError, match=r"ゲームはもう終わっています。.*env\.reset\(\)"):
        env.step(5)


@pytest.mark.parametrize("action", ["4", 4.0, 4.5, True, False, None, [4], (4,), np.float64(4.0),
                                   np.bool_(True), np.array([4]), np.array(4.0)])
@pytest.mark.parametrize("illegal", ["raise", "lose"])
def test_wrong_types_raise_action_type_error(action, illegal):
    env, _ = play([0], illegal=illegal)
    before = state(env)
    with pytest.raises(ActionTypeError) as caught:
        env.step(action)
    error = caught.value
    assert isinstance(error, IllegalActionError)
    assert isinstance(error, ValueError) and isinstance(error, TypeError)
    given = action.item() if isinstance(action, np.ndarray) and action.shape == () else action
    assert repr(given) in str(error) and type(given).__name__ in str(error)  # what was given
    assert state(env) == before


@pytest.mark.parametrize("action", [np.int64(4), np.int8(4), np.uint16(4), np.array(4)])
def test_numpy_integers_are_accepted(action):
    env, (obs, *_rest) = play([action])
    assert obs[1, 1] == 1 and env.last_action == 4 and type(env.last_action) is int


def test_step_after_the_end_raises_game_over():
    env, _ = play([0, 3, 1, 4, 2])
    assert env.terminated
    before = state(env)
    for action in (5, 0, "x", -1):
        with pytest.raises(GameOverError, match=r"The game is over: call env\.reset\(\)"):
            env.step(action)
        assert state(env) == before
    obs, info = env.reset()
    assert not obs.any() and env.legal_actions() == list(range(9)) and "winner" not in info


# ---------------------------------------------------------------------------- illegal="lose"
def test_illegal_lose_ends_the_game_for_the_mover():
    for mover, moves in ((0, [4, 0]), (1, [4])):
        env = games.make("tictactoe", illegal="lose")
        for move in moves:
            env.step(move)
        obs_before = env._observation()
        obs, reward, terminated, truncated, info = env.step(4)
        assert (reward, terminated, truncated) == (-1.0, True, False)
        assert info["illegal_move"] is True
        assert info["winner"] == env.winner == 1 - mover
        assert np.array_equal(obs, obs_before), "the illegal mark is not put on the board"
        with pytest.raises(GameOverError):
            env.step(5)
        _, info = env.reset()
        assert "illegal_move" not in info and not env.terminated


def test_illegal_lose_out_of_range_also_loses():
    env = games.make("tictactoe", illegal="lose")
    _, reward, terminated, _, info = env.step(9)
    assert (reward, terminated, info["illegal_move"], info["winner"]) == (-1.0, True, True, 1)


# ------------------------------------------------------------------------ opponent, play_as
def scripted(*squares):
    """An opponent that plays ``squares`` in order (and records the boards it was shown)."""
    def opponent(env):
        opponent.seen.append(str(env))
        return squares[len(opponent.seen) - 1]
    opponent.seen = []
    return opponent


def test_opponent_replies_inside_step():
    opponent = scripted(4, 8)
    env = games.make("tictactoe", opponent=opponent)
    assert env.current_player == 0 and not env.reset()[0].any()
    obs, reward, terminated, _, info = env.step(0)
    assert obs.tolist() == [[1, 0, 0], [0, 2, 0], [0, 0, 0]]
    assert (reward, terminated, env.current_player, env.last_action) == (0.0, False, 0, 4)
    assert opponent.seen == ["X..\n...\n..."]


def test_opponent_win_is_your_loss():
    env = games.make("tictactoe", opponent=scripted(4, 3, 5))
    env.step(0)
    env.step(1)
    obs, reward, terminated, _, info = env.step(8)  # O completes 3-4-5
    assert (reward, terminated, info["winner"], env.winner) == (-1.0, True, 1, 1)


def test_your_win_with_an_opponent():
    env = games.make("tictactoe", opponent=scripted(3, 4))
    env.step(0)
    env.step(1)
    _, reward, terminated, _, info = env.step(2)
    assert (reward, terminated, info["winner"]) == (1.0, True, 0)


def test_play_as_1_the_opponent_moves_first_on_reset():
    def centre_first(env):
        return 4 if 4 in env.legal_actions() else env.legal_actions()[0]

    env = games.make("tictactoe", opponent=centre_first, play_as=1)
    assert env._observation().tolist() == [[0, 0, 0], [0, 1, 0], [0, 0, 0]]  # X, the opponent, opened
    assert env.current_player == 1 and env.last_action == 4
    obs, reward, terminated, _, info = env.step(2)  # we are O
    assert obs.tolist() == [[1, 0, 2], [0, 1, 0], [0, 0, 0]] and reward == 0.0 and not terminated
    assert env.current_player == info["current_player"] == 1
    obs, info = env.reset()  # a new game: the opponent opens again
    assert obs.tolist() == [[0, 0, 0], [0, 1, 0], [0, 0, 0]] and info["current_player"] == 1


def test_play_as_1_loses_when_the_opponent_completes_a_line():
    env = games.make("tictactoe", opponent=scripted(0, 1, 2), play_as=1)
    env.step(4)
    _, reward, terminated, _, info = env.step(8)
    assert (reward, terminated, info["winner"]) == (-1.0, True, 0)


def test_the_opponent_sees_a_copy():
    def vandal(env):
        move = env.legal_actions()[0]
        env.step(move)  # plays on its copy: the real game must not change
        env.board[8] = 2
        return move

    env = games.make("tictactoe", opponent=vandal)
    obs, *_ = env.step(4)
    assert obs.tolist() == [[2, 0, 0], [0, 1, 0], [0, 0, 0]]


def test_an_opponent_can_look_ahead_two_moves_in_its_copy():
    """In its copy, step() plays one plain move (the copy has no opponent of its own)."""
    calls = []

    def two_ply(env):
        calls.append(str(env))
        for mine in env.legal_actions():
            after_mine = env.clone()
            after_mine.step(mine)
            for yours in after_mine.legal_actions():  # our reply, played by the opponent itself
                after_yours = after_mine.clone()
                after_yours.step(yours)
                assert after_yours.current_player == env.current_player or after_yours.terminated
        return env.legal_actions()[-1]

    env = games.make("tictactoe", opponent=two_ply)
    obs, *_ = env.step(0)
    assert len(calls) == 1, "the opponent is asked once per move, never from inside its own lookahead"
    assert obs.tolist() == [[1, 0, 0], [0, 0, 0], [0, 0, 2]]


def test_seeds_replay_the_opponents_random_choices():
    def opponent_moves(seed):
        env = games.make("tictactoe", opponent=random_agent, seed=seed)
        moves = []
        while not env.terminated:
            env.step(env.legal_actions()[0])  # we always take the first free square
            if not env.terminated:
                moves.append(env.last_action)
        return moves

    assert opponent_moves(7) == opponent_moves(7)
    assert len({tuple(opponent_moves(seed)) for seed in range(10)}) > 3, "the seed should matter"
    env = games.make("tictactoe", opponent=random_agent, play_as=1, seed=3)
    openings = {env.reset(seed=3)[0].tobytes() for _ in range(5)}
    assert len(openings) == 1
