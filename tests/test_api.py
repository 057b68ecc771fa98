"""Every game follows the one API of issue 3 ("One API for all"), checked over ``games.list_games()``.

A new game is picked up here as soon as it is in the registry. What is checked: the shapes and
types of ``reset`` / ``step`` / ``legal_actions`` / ``info``, refused actions that change nothing,
``clone()`` that shares nothing, seeds that replay a game, pictures, help text, bad options
in both languages, and Gymnasium's own environment checker on every single-agent set-up.
"""

import math
import re
import warnings
import xml.etree.ElementTree as ElementTree

import gymnasium  # a dev-only dependency, for its environment checker
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games.agents import random_agent
from games.envs.base import option_names
from games.errors import ActionTypeError, BadOptionError, GameOverError, IllegalActionError
from games.messages import join_numbers
from games.render import Picture

# Small boards, where a game has options, so that random play also reaches the end often.
SMALL_OPTIONS = {
    "connectfour": {"rows": 4, "columns": 5, "inarow": 3},
    "othello": {"size": 4},
    "minesweeper": {"rows": 4, "cols": 5, "mines": 3},
    "puyopuyo": {"colours": 3},
}


def _is_two_player(name):
    try:
        return games.envs.game_class(name).num_players == 2
    except ModuleNotFoundError:  # not written yet (its tests skip), or fails later with the real error
        return False


TWO_PLAYER = {name for name in games.list_games() if _is_two_player(name)}


def _id(name, options):
    return name + "".join(f"-{key}={getattr(value, '__name__', value)}" for key, value in options.items())


def configurations(with_opponents=False):
    """(name, options) for every game: default options and small options; with ``opponent=``
    and both ``play_as`` for two-player games when ``with_opponents``."""
    found = []
    for name in games.list_games():
        for options in ({}, SMALL_OPTIONS.get(name)):
            if options is None:
                continue
            found.append((name, options))
            if with_opponents and name in TWO_PLAYER:
                for play_as in (0, 1):
                    found.append((name, {**options, "opponent": random_agent, "play_as": play_as}))
    return [pytest.param(name, options, id=_id(name, options)) for name, options in found]


def single_agent_configurations():
    """Every set-up where one agent plays alone: one-player games, two-player games with an opponent."""
    found = []
    for param in configurations(with_opponents=True):
        name, options = param.values
        if name not in TWO_PLAYER or "opponent" in options:
            found.append(param)
    return found


ALL = configurations(with_opponents=True)
PLAIN = configurations()


# --------------------------------------------------------------------------- helpers
def plain(value):
    """``value`` with numpy parts turned into comparable Python values (dtype and shape kept)."""
    if isinstance(value, np.ndarray):
        return ("ndarray", value.dtype.str, value.shape, value.tolist())
    if isinstance(value, np.generic):
        return ("numpy", value.dtype.str, value.item())
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(plain(item) for item in value)
    return value


def snapshot(env):
    """Everything one can see of a game, and its random state: equal snapshots = same game."""
    return plain({
        "observation": env._observation(),
        "info": env._info(),
        "legal": env.legal_actions(),
        "player": env.current_player,
        "terminated": env.terminated,
        "winner": env.winner,
        "last_action": env.last_action,
        "text": str(env),
        "random": env.np_random.bit_generator.state,
    })


def check_legal_actions(env):
    legal = env.legal_actions()
    assert isinstance(legal, list)
    assert all(type(action) is int for action in legal), legal
    assert legal == sorted(set(legal)), "legal_actions() must be ascending, without repeats"
    assert all(0 <= action < env.num_actions for action in legal)
    assert (legal == []) == env.terminated, "no legal action exactly when the game is over"
    return legal


def check_info(env, info):
    assert isinstance(info, dict)
    mask = info["action_mask"]
    assert isinstance(mask, np.ndarray) and mask.dtype == bool and mask.shape == (env.num_actions,)
    assert np.flatnonzero(mask).tolist() == check_legal_actions(env)
    if env.num_players == 2:
        assert info["current_player"] == env.current_player in (0, 1)
        if env.terminated:
            assert info["winner"] == env.winner and env.winner in (0, 1, None)


def check_reset(env, result):
    assert isinstance(result, tuple) and len(result) == 2
    obs, info = result
    assert isinstance(obs, np.ndarray)
    check_info(env, info)
    if env.opponent is not None and not env.terminated:
        assert env.current_player == env.play_as
    return obs


def check_step(env, result, mover):
    """Check one step's result; ``mover`` is the player who chose the action."""
    assert isinstance(result, tuple) and len(result) == 5
    obs, reward, terminated, truncated, info = result
    assert isinstance(obs, np.ndarray)
    assert type(reward) is float and math.isfinite(reward)
    assert type(terminated) is bool and terminated == env.terminated
    assert truncated is False
    check_info(env, info)
    if env.num_players == 2:
        if env.opponent is not None and not terminated:
            assert env.current_player == env.play_as, "after step it is the agent's turn again"
        # two-player rewards: +1 / -1 / 0 at the end, from the mover's view; 0 before
        if not terminated:
            assert reward == 0.0
        elif env.winner is None:
            assert reward == 0.0
        else:
            assert reward == (1.0 if env.winner == mover else -1.0)
    return obs


def play_random_game(env, seed):
    """Play ``random_agent`` from a seeded reset to the end; return every result, as plain values.

    ``seed="made"``: no reset, play the game as ``games.make`` started it."""
    results = [plain((env._observation(), env._info()) if seed == "made" else env.reset(seed=seed))]
    while not env.terminated:
        action = random_agent(env)
        results.append((action, plain(env.step(action))))
        assert len(results) < 10_000, "the game never ends"
    return results


# ------------------------------------------------------------------- reset / step shapes
@pytest.mark.parametrize("name, options", ALL)
def test_reset_and_step_follow_the_api(name, options):
    env = games.make(name, **options)
    first = check_reset(env, env.reset(seed=1))
    assert env.legal_actions(), "a new game has something to play"
    observations = [(first, first.copy())]
    while not env.terminated:
        mover = env.current_player
        obs = check_step(env, env.step(random_agent(env)), mover)
        assert obs.shape == first.shape and obs.dtype == first.dtype
        observations.append((obs, obs.copy()))
    # A student keeps old observations (a replay buffer): the game must not change them later.
    for obs, copy in observations:
        assert np.array_equal(obs, copy)
    for (a, _), (b, _) in zip(observations, observations[1:]):
        assert not np.shares_memory(a, b)
    with pytest.raises(GameOverError):
        env.step(0)


@pytest.mark.parametrize("name, options", PLAIN)
def test_legal_actions_is_a_new_list_each_time(name, options):
    env = games.make(name, **options)
    legal = env.legal_actions()
    expected = list(legal)
    legal.append(-1)  # a student's code may change the list it was given
    legal.reverse()
    assert env.legal_actions() == expected
    assert np.flatnonzero(env.action_mask()).tolist() == expected


@pytest.mark.parametrize("name, options", PLAIN)
def test_numpy_integers_are_actions(name, options):
    for action_type in (np.int64, np.int32, np.uint8, np.array):
        env = games.make(name, seed=0, **options)
        action = env.legal_actions()[0]
        expected = games.make(name, seed=0, **options).step(action)
        assert plain(env.step(action_type(action))) == plain(expected)


# ------------------------------------------------------------ refused actions (hypothesis)
WRONG_TYPES = ["3", "", 2.0, 1.5, float("nan"), True, False, None, [1], (1,), {}, b"1", 1j,
               np.float64(1.0), np.bool_(True), np.array([1]), np.array(1.0), np.array([[0]])]

move_strategy = st.one_of(
    st.tuples(st.just("legal"), st.integers(0, 1000)),  # a legal action (the game goes on)
    st.tuples(st.just("legal"), st.integers(0, 1000)),  # ... twice as often
    st.tuples(st.just("any"), st.integers(0, 1000)),  # any action in range: often illegal
    st.tuples(st.just("above"), st.integers(0, 2**70)),  # too large
    st.tuples(st.just("below"), st.integers(1, 2**70)),  # negative
    st.tuples(st.just("numpy"), st.integers(0, 1000)),  # an np.int64 in range
    st.tuples(st.just("wrong type"), st.integers(0, len(WRONG_TYPES) - 1)),
    st.tuples(st.just("reset"), st.integers(0, 2**32)),
)


def choose(env, move):
    kind, number = move
    if kind == "legal":
        legal = env.legal_actions()
        return legal[number % len(legal)] if legal else number % env.num_actions
    if kind == "any":
        return number % env.num_actions
    if kind == "above":
        return env.num_actions + number
    if kind == "below":
        return -number
    if kind == "numpy":
        return np.int64(number % env.num_actions)
    return WRONG_TYPES[number]


def drive(env, moves):
    """Play ``moves``; every refused action must raise a documented error and change nothing."""
    for move in moves:
        if move[0] == "reset":
            check_reset(env, env.reset(seed=move[1]))
            continue
        action = choose(env, move)
        before = snapshot(env)
        was_over, mover = env.terminated, env.current_player
        wrong_type = move[0] == "wrong type"
        legal = not was_over and not wrong_type and int(action) in env.legal_actions()
        try:
            result = env.step(action)
        except (IllegalActionError, GameOverError) as error:
            assert str(error)
            assert snapshot(env) == before, f"the refused action {action!r} changed the game"
            if was_over:
                assert isinstance(error, GameOverError)
            elif wrong_type:
                assert isinstance(error, ActionTypeError)
            else:
                assert not legal, f"the legal action {action!r} was refused: {error}"
                assert env.illegal == "raise" and not isinstance(error, ActionTypeError)
                assert join_numbers(env.legal_actions()) in str(error), "the message lists the legal actions"
            continue
        assert not was_over and not wrong_type, f"{action!r} should have been refused"
        check_step(env, result, mover)
        if not legal:  # an illegal move under illegal="lose"
            assert env.illegal == "lose"
            _, reward, terminated, _, info = result
            assert terminated and reward == env.illegal_penalty and info["illegal_move"] is True
            if env.num_players == 2:
                assert env.winner == 1 - mover


PROPERTY_SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("illegal", ["raise", "lose"])
@pytest.mark.parametrize("name, options", ALL)
@PROPERTY_SETTINGS
@given(seed=st.integers(0, 2**32), moves=st.lists(move_strategy, max_size=80))
def test_any_action_sequence_keeps_the_game_sound(name, options, illegal, seed, moves):
    drive(games.make(name, illegal=illegal, seed=seed, **options), moves)


# ---------------------------------------------------------------------------- clone
@pytest.mark.parametrize("name, options", ALL)
@PROPERTY_SETTINGS
@given(seed=st.integers(0, 2**32), prefix=st.integers(0, 12))
def test_clone_shares_nothing(name, options, seed, prefix):
    env = games.make(name, seed=seed, **options)
    for _ in range(prefix):  # somewhere into a game
        if env.terminated:
            break
        env.step(random_agent(env))
    before = snapshot(env)
    copy = env.clone()
    assert snapshot(copy) == before, "a clone starts as the same game, with the same random state"
    played = []
    while not copy.terminated:  # play the copy to the end: its random draws are its own
        action = random_agent(copy)
        played.append((action, plain(copy.step(action))))
    copy.reset()
    assert snapshot(env) == before, "playing the clone changed the original (or its random generator)"
    # Same position, same random state: the original, played by the same agent, plays the same game.
    for action, result in played:
        assert random_agent(env) == action
        assert plain(env.step(action)) == result


@pytest.mark.parametrize("name, options", PLAIN)
def test_clone_of_an_unseeded_game_draws_like_the_original(name, options):
    env = games.make(name, **options)
    copy = env.clone()
    assert copy.np_random.random() == env.np_random.random()
    assert copy.clone().np_random.random() == env.np_random.random()


# ---------------------------------------------------------------------------- seeds
@pytest.mark.parametrize("name, options", ALL)
def test_same_seed_same_game(name, options):
    env = games.make(name, **options)
    first = play_random_game(env, seed=11)
    play_random_game(env, seed=12)
    assert play_random_game(env, seed=11) == first
    assert play_random_game(games.make(name, seed=11, **options), seed="made") == first  # games.make(seed=) seeds


@pytest.mark.parametrize("name, options", PLAIN)
def test_an_agent_drawing_random_numbers_does_not_change_the_game(name, options):
    """The game's chance (mines, puyo pairs) comes from the seed, not from the agent's draws,
    so two agents compared on the same seeds meet the same games."""
    def first_legal_game(draw):
        env = games.make(name, **options)
        results = [plain(env.reset(seed=5))]
        while not env.terminated and len(results) < 300:
            if draw:
                env.np_random.random(3)  # what an epsilon-greedy agent does between moves
            action = env.legal_actions()[0]
            results.append(plain(env.step(action)))
        return results

    assert first_legal_game(draw=True) == first_legal_game(draw=False)


# --------------------------------------------------------------------- two-player games
@pytest.mark.parametrize("name, options", [p for p in ALL if "opponent" in p.values[1]])
def test_opponent_replies_inside_step_and_rewards_are_the_agents(name, options):
    play_as = options["play_as"]
    for seed in range(8):
        env = games.make(name, **options)
        env.reset(seed=seed)
        assert env.current_player == play_as
        assert (env.last_action is not None) == (play_as == 1), "play_as=1: the opponent moves first"
        while not env.terminated:
            _, reward, terminated, _, info = env.step(random_agent(env))
        expected = 0.0 if env.winner is None else (1.0 if env.winner == play_as else -1.0)
        assert reward == expected and info["winner"] == env.winner


@pytest.mark.parametrize("name, options", [p for p in PLAIN if p.values[0] in TWO_PLAYER])
def test_illegal_lose_with_an_opponent(name, options):
    for play_as in (0, 1):
        env = games.make(name, opponent=random_agent, play_as=play_as, illegal="lose", seed=3, **options)
        _, reward, terminated, _, info = env.step(-1)
        assert (reward, terminated, info["illegal_move"]) == (-1.0, True, True)
        assert info["winner"] == env.winner == 1 - play_as


class FlakyOpponent:
    """A random opponent that, once told to, fails: with its own bug or with a bad action."""

    def __init__(self, failure):
        self.failure = failure
        self.failing = False

    def __call__(self, env):
        if not self.failing:
            return random_agent(env)
        if self.failure == "bug":
            env.np_random.random()  # it draws from the game's generator first: that is undone too
            raise ZeroDivisionError("the opponent's own bug")
        return {"out of range": env.num_actions, "wrong type": "1"}[self.failure]


@pytest.mark.parametrize("failure, error", [("bug", ZeroDivisionError), ("out of range", IllegalActionError),
                                            ("wrong type", IllegalActionError)])
@pytest.mark.parametrize("name, options", [p for p in PLAIN if p.values[0] in TWO_PLAYER])
def test_a_failing_opponent_leaves_the_game_as_it_was(name, options, failure, error):
    for play_as in (0, 1):
        opponent = FlakyOpponent(failure)
        env = games.make(name, opponent=opponent, play_as=play_as, seed=0, **options)
        env.step(env.legal_actions()[0])
        opponent.failing = True
        before = snapshot(env)
        with pytest.raises(error):
            env.step(env.legal_actions()[0])
        assert snapshot(env) == before, "your move must be taken back when the opponent fails"
        if play_as == 1:  # the opponent moves first in reset
            with pytest.raises(error):
                env.reset(seed=1)
            assert snapshot(env) == before, "a failed reset must leave the old game"
        opponent.failing = False
        env.step(env.legal_actions()[0])  # and the game goes on normally
        assert env.terminated or env.current_player == play_as


# ----------------------------------------------------------------------- pictures, text
def check_picture(env):
    picture = env.render()
    assert isinstance(picture, Picture)
    assert picture._repr_svg_() == picture.svg
    root = ElementTree.fromstring(picture.svg)  # well-formed XML, or this raises
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    text = str(env)
    assert isinstance(text, str) and text.strip()


@pytest.mark.parametrize("name, options", ALL)
def test_render_and_text(name, options):
    for language in ("en", "ja"):
        games.set_language(language)
        env = games.make(name, seed=2, **options)
        check_picture(env)
        while not env.terminated:
            env.step(random_agent(env))
            check_picture(env)
        before = snapshot(env)
        env.render()
        str(env)
        repr(env)
        assert snapshot(env) == before


# ----------------------------------------------------------------------------- help
SECTIONS = ["Description", "Action Space", "Observation Space", "Rewards", "Starting State",
            "Episode End", "Arguments"]


@pytest.mark.parametrize("name", games.list_games())
def test_help_text_has_every_section_and_option(name):
    doc = games.envs.game_class(name).__doc__ or ""
    places = []
    for section in SECTIONS:
        found = re.search(rf"^\s*{section}\s*$", doc, re.MULTILINE)
        assert found, f"the help of {name} has no section {section!r}"
        places.append(found.start())
    assert places == sorted(places), f"the sections of {name}'s help are not in the order {SECTIONS}"
    arguments = doc[places[-1]:]
    for option in option_names(games.envs.game_class(name)):
        if option == "opponent" and name not in TWO_PLAYER:
            continue
        assert option in arguments, f"option {option!r} of {name} is not explained under Arguments"


# ------------------------------------------------------------------------ bad options
BAD_OPTIONS = {
    "any": [{"colour_scheme": "dark"}, {"illegal": "sometimes"}, {"seed": -1}, {"seed": "42"},
            {"seed": 1.5}],
    "two players": [{"play_as": 2}, {"play_as": True}, {"opponent": "random"}],
    "one player": [{"opponent": random_agent}],
    "connectfour": [{"rows": 0}, {"columns": -3}, {"rows": 2.5}, {"inarow": 99}, {"inarow": 1}],
    "othello": [{"size": 5}, {"size": 2}, {"size": 10}, {"size": "8"}],
    "minesweeper": [{"rows": 0}, {"mines": -1}, {"rows": 3, "cols": 3, "mines": 99},
                    {"first_click": "lucky"}],
    "puyopuyo": [{"colours": 2}, {"colours": 9}, {"colours": "4"}],
}


def bad_option_cases():
    cases = []
    for name in games.list_games():
        kinds = ["any", "two players" if name in TWO_PLAYER else "one player", name]
        cases += [pytest.param(name, options, id=_id(name, options))
                  for kind in kinds for options in BAD_OPTIONS.get(kind, [])]
    return cases


JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.parametrize("name, options", bad_option_cases())
def test_bad_options_are_refused_in_both_languages(name, options):
    messages = {}
    for language in ("en", "ja"):
        games.set_language(language)
        with pytest.raises(BadOptionError) as caught:
            games.make(name, **options)
        messages[language] = str(caught.value)
    assert not JAPANESE.search(messages["en"]), messages["en"]
    assert JAPANESE.search(messages["ja"]), messages["ja"]
    # The message quotes what was wrong: the unknown option's name, or the value given.
    allowed = option_names(games.envs.game_class(name))
    shown = [repr(key) if key not in allowed else repr(value)
             for key, value in options.items() if not callable(value)]
    for message in messages.values():
        assert not shown or any(text in message for text in shown), (shown, message)


def test_unknown_game_and_misspelt_option():
    with pytest.raises(BadOptionError, match="tictactoe"):
        games.make("tic-tac-toe")
    with pytest.raises(BadOptionError, match="Did you mean 'opponent'"):
        games.make("tictactoe", oponent=random_agent)
    games.set_language("ja")
    with pytest.raises(BadOptionError, match="もしかして 'opponent'"):
        games.make("tictactoe", oponent=random_agent)


# ---------------------------------------------------------------- Gymnasium's checker
class GymnasiumView(gymnasium.Env):
    """Only what Gymnasium's checker needs on top of a game: the two spaces, ``metadata``,
    keyword-only ``reset(seed=, options=)`` and ``_np_random``. ``reset`` and ``step`` are
    the game's own, unchanged.

    The observation space is a ``Box`` over the whole range of the observation's dtype: the
    games document their exact values in their help, not as a Gymnasium space.
    """

    metadata = {"render_modes": []}

    def __init__(self, env):
        self.game = env
        obs, _ = env.clone().reset()
        limits = np.iinfo(obs.dtype) if np.issubdtype(obs.dtype, np.integer) else np.finfo(obs.dtype)
        self.observation_space = gymnasium.spaces.Box(limits.min, limits.max, obs.shape, obs.dtype)
        self.action_space = gymnasium.spaces.Discrete(env.num_actions)

    def reset(self, *, seed=None, options=None):
        return self.game.reset(seed=seed, options=options)

    def step(self, action):
        return self.game.step(action)

    @property
    def _np_random(self):
        return self.game.np_random


@pytest.mark.parametrize("name, options", single_agent_configurations())
def test_gymnasium_env_checker(name, options):
    # illegal="lose": a Gymnasium env accepts every action of its action space, and the
    # checker plays random ones (with illegal="raise" an illegal one is refused by design).
    env = games.make(name, illegal="lose", **options)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # Gymnasium's render modes (rgb_array, ansi, human) are not ours: render() returns a
        # Picture, checked in test_render_and_text.
        check_env(GymnasiumView(env), skip_render_check=True)
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize("game, pair, bad_pair, shown", [
    ("minesweeper", (1, 2), (1, 99), "(row, col)"),
    ("puyopuyo", (2, 1), (5, 0), "(column, rotation)"),
])
def test_pair_actions(game, pair, bad_pair, shown):
    """Minesweeper and Puyo Puyo also take a pair; a wrong one is explained, a wrong type names the pair form."""
    env = games.make(game)
    env.reset(seed=0)
    before = env.clone()
    with pytest.raises(IllegalActionError, match="Legal actions now") as caught:
        env.step(bad_pair)
    assert not isinstance(caught.value, ActionTypeError)
    assert np.array_equal(env.board, before.board)  # refused: nothing changed
    with pytest.raises(ActionTypeError, match=re.escape(shown)):
        env.step("a")
    games.set_language("ja")
    try:
        with pytest.raises(ActionTypeError, match="タプル"):
            env.step(1.5)
    finally:
        games.set_language("en")
    env.step(pair)  # a good pair is played
    lenient = games.make(game, illegal="lose")
    lenient.reset(seed=0)
    _, _, terminated, _, info = lenient.step(bad_pair)
    assert terminated and info.get("illegal_move")
