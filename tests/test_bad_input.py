"""Every public helper, given bad input, refuses it with a ``GamesError`` and changes nothing.

``test_api.py`` does this for ``step``; here it is done for everything else a student calls:
``games.make`` and its options, ``reset``, ``set_position``, ``is_winning_move``, the
Minesweeper and Puyo Puyo helpers, the agents' options and the arena. Then the cases found by
the fuzz of issue 14, one by one, and the arena and ``opponent=`` replaying the same game.
"""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games import arena
from games.agents import random_agent
from games.envs.puyopuyo import action_to_placement, placement_to_action
from games.errors import BadOptionError, GamesError, IllegalActionError

# Values of every kind a student might pass by mistake (the good ones are accepted, that is fine).
ODD_VALUES = ["3", "", "safe", 2.0, 1.5, float("nan"), True, False, None, [1], [2, 1], (1,), (1, 2, 3),
              {1, 2}, {}, b"1", 1j, -1, 0, 1, 5, 8, 10**9, np.int64(5), np.float64(1.0), np.bool_(True),
              np.array(3), np.array("safe"), np.array([1, 2]), np.array(1.5), [[0, 1], [2]], object()]

odd_value = st.one_of(st.sampled_from(ODD_VALUES), st.integers(-10**6, 10**6), st.floats(), st.text(max_size=4),
                      st.lists(st.integers(-3, 9), max_size=3))

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

OPTIONS = {
    "tictactoe": ["opponent", "play_as", "illegal", "seed"],
    "connectfour": ["rows", "columns", "inarow", "opponent", "play_as", "illegal", "seed"],
    "othello": ["size", "opponent", "play_as", "illegal", "seed"],
    "minesweeper": ["preset", "rows", "cols", "mines", "first_click", "reward", "illegal", "seed"],
    "puyopuyo": ["colours", "illegal", "seed"],
}


def state(env):
    """What can be seen of a game, and its random state: equal states = the same game."""
    return (str(env), env._observation().tolist(), env.legal_actions(), env.current_player, env.terminated,
            env.winner, env.last_action, env.np_random.bit_generator.state)


def refused_or_done(call, env=None):
    """Run ``call``: it must work, or raise a GamesError with a message and leave ``env`` as it was."""
    before = state(env) if env is not None else None
    try:
        return call()
    except GamesError as error:
        assert str(error).strip()
        if env is not None:
            assert state(env) == before, f"the refused call changed the game: {error}"
        return error


# ------------------------------------------------------------------------------ options
@pytest.mark.parametrize("name", list(OPTIONS))
@SETTINGS
@given(option_index=st.integers(0, 7), value=odd_value)
def test_make_with_any_option_value_works_or_refuses_clearly(name, option_index, value):
    option = OPTIONS[name][option_index % len(OPTIONS[name])]
    env = refused_or_done(lambda: games.make(name, **{option: value}))
    if isinstance(env, games.Env):  # accepted: the game is sound and its sizes are plain ints
        assert type(env.num_actions) is int and env.legal_actions()


@pytest.mark.parametrize("name", list(OPTIONS))
def test_an_option_without_a_name_is_refused(name):
    with pytest.raises(BadOptionError, match="by name"):
        games.make(name, 8)


@pytest.mark.parametrize("name", list(OPTIONS))
@SETTINGS
@given(seed=odd_value, options=st.one_of(st.none(), st.just({}), odd_value,
                                         st.dictionaries(st.sampled_from(["board", "pairs", "size"]), odd_value)))
def test_reset_with_any_seed_and_options(name, seed, options):
    env = games.make(name, seed=1)
    env.step(env.legal_actions()[0])
    refused_or_done(lambda: env.reset(seed=seed, options=options), env)


def test_agents_options():
    agents = [games.agents.connectfour.AlphaBetaAgent, games.agents.othello.AlphaBetaAgent,
              games.agents.puyopuyo.ChainBuilder]
    for make_agent in agents:
        for value in ODD_VALUES:
            refused_or_done(lambda: make_agent(depth=value))


@SETTINGS
@given(n=odd_value, seed=odd_value)
def test_arena_counts_and_seeds(n, seed):
    refused_or_done(lambda: arena.evaluate("tictactoe", random_agent, random_agent, n=n, seed=seed, progress=False)
                    if isinstance(n, int) and n < 5 else None)


# ------------------------------------------------------------------------------ helpers
@SETTINGS
@given(board=odd_value, to_move=odd_value, moves=st.integers(0, 6))
def test_othello_set_position(board, to_move, moves):
    env = games.make("othello", size=4, seed=0)
    for _ in range(moves):
        if not env.terminated:
            env.step(env.legal_actions()[0])
    refused_or_done(lambda: env.set_position(board, to_move=to_move), env)
    refused_or_done(lambda: env.set_position(np.zeros((4, 4), int), to_move=to_move), env)
    refused_or_done(lambda: env.set_position(board), env)


@SETTINGS
@given(column=odd_value)
def test_connectfour_is_winning_move(column):
    env = games.make("connectfour", seed=0)
    answer = refused_or_done(lambda: env.is_winning_move(column), env)
    assert isinstance(answer, (bool, GamesError))


@SETTINGS
@given(value=odd_value, other=odd_value)
def test_minesweeper_helpers(value, other):
    env = games.make("minesweeper", rows=4, cols=5, mines=3, seed=0)
    env.step(0)
    for helper in (env.to_cell, env.neighbours, env.number):
        refused_or_done(lambda: helper(value), env)
    refused_or_done(lambda: env.to_action(value, other), env)


@SETTINGS
@given(value=odd_value, other=odd_value)
def test_puyopuyo_helpers(value, other):
    env = games.make("puyopuyo", seed=0)
    for helper in (action_to_placement, env.action_to_placement, placement_to_action, env.placement_to_action):
        refused_or_done(lambda: helper(value), env)
    for helper in (placement_to_action, env.placement_to_action):
        refused_or_done(lambda: helper(value, other), env)


# ------------------------------------------------------------------- the cases of issue 14
def test_set_position_with_a_wrong_to_move_changes_nothing():
    env = games.make("othello", seed=0)
    before = state(env)
    board = np.zeros((6, 6), int)
    board[0, :2] = 1, 2
    with pytest.raises(BadOptionError, match="to_move=1.0"):
        env.set_position(board, to_move=1.0)
    assert state(env) == before
    with pytest.raises(IllegalActionError):
        env.step(0)  # still illegal in the opening


def test_set_position_with_a_failing_opponent_keeps_the_old_position():
    calls = []

    def fails_the_second_time(env):
        calls.append(1)
        if len(calls) > 1:
            raise RuntimeError("a bug in the opponent")
        return random_agent(env)

    env = games.make("othello", opponent=fails_the_second_time, play_as=1, seed=0)
    before = state(env)
    with pytest.raises(RuntimeError):
        env.set_position(games.make("othello").board, to_move=0)
    assert state(env) == before


def test_a_ragged_board_gets_our_message():
    with pytest.raises(BadOptionError, match="6×6 grid"):
        games.make("othello").set_position([[0] * 6] * 5 + [[0] * 5])


@pytest.mark.parametrize("column", [7, -1, 2.0, "3", True])
def test_is_winning_move_of_a_column_that_does_not_exist(column):
    with pytest.raises(IllegalActionError):
        games.make("connectfour").is_winning_move(column)


@pytest.mark.parametrize("option", ["first_click", "illegal", "reward"])
def test_word_options_must_be_words(option):
    value = {"first_click": "safe", "illegal": "lose", "reward": "win"}[option]
    with pytest.raises(BadOptionError, match=option):
        games.make("minesweeper", **{option: np.array(value)})


def test_numpy_sizes_give_plain_ints():
    env = games.make("minesweeper", rows=np.int64(5), cols=np.int32(6), mines=np.int64(3))
    assert all(type(value) is int for value in (env.rows, env.cols, env.mines, env.num_actions))


def test_mines_that_are_not_a_whole_number():
    with pytest.raises(BadOptionError, match="whole number from 0 to"):
        games.make("minesweeper", mines=1.5)


def test_puyo_pairs_must_be_ordered():
    with pytest.raises(BadOptionError, match="pairs"):
        games.make("puyopuyo").reset(options={"pairs": [{1, 2}]})


def test_placements_read_like_step():
    assert action_to_placement(np.array(3)) == action_to_placement(3)
    assert placement_to_action([2, 1]) == placement_to_action((2, 1)) == placement_to_action(2, 1)


@pytest.mark.parametrize("name", ["minesweeper", "puyopuyo"])
def test_one_player_games_do_not_list_two_player_options(name):
    with pytest.raises(BadOptionError) as caught:
        games.make(name, colour=3)
    assert "opponent" not in str(caught.value) and "play_as" not in str(caught.value)


@pytest.mark.parametrize("name", ["tictactoe", "connectfour", "othello", "minesweeper"])
def test_reset_options_are_not_ignored(name):
    env = games.make(name, seed=0)
    before = state(env)
    with pytest.raises(BadOptionError, match="reset"):
        env.reset(seed=3, options={"board": None})
    assert state(env) == before
    env.reset(options={})  # nothing asked: fine


# ------------------------------------------------------- one way to ask an agent (item 1)
def _chooser(seed):
    """A student-like agent that draws from env.np_random, so replays depend on the generator."""
    def choose(env):
        legal = env.legal_actions()
        return legal[int(env.np_random.integers(len(legal)))]
    return choose


@pytest.mark.parametrize("name", ["tictactoe", "connectfour", "othello"])
@pytest.mark.parametrize("play_as", [0, 1])
@pytest.mark.parametrize("seed", [0, 7])
def test_the_arena_and_opponent_play_the_same_game(name, play_as, seed):
    me = _chooser(seed)
    env = games.make(name, opponent=random_agent, play_as=play_as, seed=seed)
    moves = []
    while not env.terminated:
        move = env.ask(me)
        env.step(move.action)
        moves.append(move.action)
    agents = [me, random_agent] if play_as == 0 else [random_agent, me]
    record = arena.play(name, agents, seed=seed, frames=False)
    mine = [action for mover, action in zip(record.movers, record.moves) if mover == play_as]
    assert mine == moves and record.winner == env.winner


def test_ask_reads_actions_as_step_does():
    env = games.make("minesweeper", seed=0)
    assert env.ask(lambda view: (0, 1)).action == 1
    assert env.ask(lambda view: np.array(4)).action == 4
    assert env.ask(lambda view: "4").action is None
    assert env.ask(lambda view: (0, 99)).action is None
