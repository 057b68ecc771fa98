"""Messages for students: ``set_language``, every message in both languages, errors that say
what was wrong and what is allowed (the legal actions)."""

import ast
import pathlib
import re
import string

import numpy as np
import pytest

import games
from games.envs.base import Env
from games.errors import ActionTypeError, BadOptionError, GameOverError, GamesError, IllegalActionError
from games.messages import get_language, join_numbers, set_language, tr

JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")
PACKAGE = pathlib.Path(games.__file__).parent


# ------------------------------------------------------------------------------ set_language
def test_set_language():
    assert get_language() == "en"
    set_language("ja")
    assert get_language() == "ja" and tr(en="yes", ja="はい") == "はい"
    games.set_language("en")
    assert games.get_language() == "en" and tr(en="yes {n}", ja="はい {n}", n=3) == "yes 3"


@pytest.mark.parametrize("language", ["fr", "EN", "Japanese", "", None, 1, ["ja"]])
def test_set_language_refuses_other_languages_in_both(language):
    set_language("ja")
    with pytest.raises(ValueError) as caught:
        set_language(language)
    message = str(caught.value)
    assert "'en'" in message and "'ja'" in message
    assert JAPANESE.search(message) and "use 'en' or 'ja'" in message  # both: the language is unknown
    assert get_language() == "ja", "a refused language changes nothing"


def test_join_numbers():
    assert join_numbers([]) == ""
    assert join_numbers([0, 2, 5]) == "0, 2, 5"
    assert join_numbers(range(50), limit=3) == "0, 1, 2, …"


# ------------------------------------------------- every tr() in the package, read from source
def tr_calls():
    """Every ``tr(...)`` call in the games package, as (where, call)."""
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "tr":
                yield f"{path.relative_to(PACKAGE.parent)}:{node.lineno}", node


def fields(template):
    return {name.split(".")[0].split("[")[0].split("!")[0]
            for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_every_message_in_the_package_has_both_languages_with_the_same_fields():
    problems = []
    calls = list(tr_calls())
    assert len(calls) > 30  # the search does find them
    for where, call in calls:
        keywords = {k.arg: k.value for k in call.keywords}
        if "en" not in keywords or "ja" not in keywords:
            problems.append(f"{where}: tr() needs both en= and ja=")
            continue
        texts = {language: keywords[language].value for language in ("en", "ja")
                 if isinstance(keywords[language], ast.Constant)}
        if len(texts) < 2:  # a helper passing its own en / ja along: checked where it is called
            continue
        if not texts["en"].strip() or JAPANESE.search(texts["en"]):
            problems.append(f"{where}: en= is empty or not English: {texts['en']!r}")
        if not JAPANESE.search(texts["ja"]):
            problems.append(f"{where}: ja= has no Japanese: {texts['ja']!r}")
        if fields(texts["en"]) != fields(texts["ja"]):
            problems.append(f"{where}: en has {sorted(fields(texts['en']))}, ja has {sorted(fields(texts['ja']))}")
        given = set(keywords) - {"en", "ja", None}
        if None not in keywords and not fields(texts["en"]) <= given:  # (None: a **mapping is passed)
            problems.append(f"{where}: fields {sorted(fields(texts['en']) - given)} are not given")
    assert problems == []


def _is_translated(message):
    """A tr(...) call, a call of a ``..._message`` helper (each returns a tr() text, checked below),
    or ``why_not``, the game's own reason from ``action_of_pair``."""
    if isinstance(message, ast.Name):
        return message.id == "why_not"
    calls = [n for n in ast.walk(message) if isinstance(n, ast.Call)]
    names = [getattr(n.func, "id", None) or getattr(n.func, "attr", "") for n in calls]
    return any(name == "tr" or name.endswith("_message") for name in names)


@pytest.mark.parametrize("module", ["base.py", "values.py"])
def test_every_error_raised_in_base_carries_a_translated_message(module):
    tree = ast.parse((PACKAGE / "envs" / module).read_text(encoding="utf-8"))
    raises = [node for node in ast.walk(tree) if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)]
    assert len(raises) >= 3
    for node in raises:
        assert node.exc.args and _is_translated(node.exc.args[0]), \
            f"{module}:{node.lineno} raises without a tr() message"
    helpers = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name.endswith("_message")]
    for helper in helpers:
        returned = [n.value for n in ast.walk(helper) if isinstance(n, ast.Return)]
        assert returned and all(_is_translated(value) for value in returned), f"{module}: {helper.name}"


# ------------------------------------------------------ every error of base.py, in both languages
class Countdown(Env):
    """A pile of 5 stones; take 1 or 2 (action 0, "take none", is never allowed). One player.

    The smallest game written against the base class, to test the base on its own.
    """

    name = "countdown"
    num_actions = 3

    def _new_game(self):
        self.pile = 5

    def _legal_actions(self):
        return [take for take in (1, 2) if take <= self.pile]

    def _play(self, take):
        self.pile -= take
        self._terminated = self.pile == 0
        return 1.0 if self._terminated else 0.0

    def _observation(self):
        return np.array([self.pile])

    def _text(self):
        return "o" * self.pile


def game_over():
    env = games.make("tictactoe")
    for square in (0, 3, 1, 4, 2):
        env.step(square)
    env.step(5)


def tictactoe_with(opponent_action):
    env = games.make("tictactoe", opponent=lambda env: opponent_action)
    env.step(4)


TRIGGERS = {
    "illegal option": (BadOptionError, lambda: games.make("tictactoe", illegal="maybe")),
    "opponent in a one-player game": (BadOptionError, lambda: Countdown(opponent=print)),
    "opponent not an agent": (BadOptionError, lambda: games.make("tictactoe", opponent="random")),
    "play_as": (BadOptionError, lambda: games.make("tictactoe", play_as=2)),
    "seed at make": (BadOptionError, lambda: games.make("tictactoe", seed=-5)),
    "seed at reset": (BadOptionError, lambda: games.make("tictactoe").reset(seed="7")),
    "unknown option": (BadOptionError, lambda: games.make("tictactoe", colour="red")),
    "misspelt option": (BadOptionError, lambda: games.make("tictactoe", ilegal="lose")),
    "unknown game": (BadOptionError, lambda: games.make("chess")),
    "game over": (GameOverError, game_over),
    "wrong type": (ActionTypeError, lambda: games.make("tictactoe").step("4")),
    "out of range": (IllegalActionError, lambda: games.make("tictactoe").step(9)),
    "not allowed now (the base's own reason)": (IllegalActionError, lambda: Countdown().step(0)),
    "square taken (the game's reason)": (IllegalActionError, lambda: tictactoe_with(4)),
    "opponent gave a wrong type": (IllegalActionError, lambda: tictactoe_with(None)),
    "opponent gave an illegal action": (IllegalActionError, lambda: tictactoe_with(12)),
}


@pytest.mark.parametrize("expected, trigger", TRIGGERS.values(), ids=TRIGGERS.keys())
def test_each_error_in_both_languages(expected, trigger):
    messages = {}
    for language in ("en", "ja"):
        set_language(language)
        with pytest.raises(GamesError) as caught:
            trigger()
        assert type(caught.value) is expected
        messages[language] = str(caught.value)
    assert messages["en"].strip() and not JAPANESE.search(messages["en"]), messages["en"]
    assert JAPANESE.search(messages["ja"]), messages["ja"]


def test_error_classes():
    assert issubclass(IllegalActionError, ValueError)
    assert issubclass(ActionTypeError, IllegalActionError) and issubclass(ActionTypeError, TypeError)
    assert issubclass(GameOverError, RuntimeError) and issubclass(BadOptionError, ValueError)
    assert all(issubclass(error, GamesError)
               for error in (IllegalActionError, ActionTypeError, GameOverError, BadOptionError))
    assert games.IllegalActionError is IllegalActionError


def test_the_one_player_base_works_on_its_own():
    env = Countdown(seed=1)
    assert env.legal_actions() == [1, 2] and env.current_player == 0 and str(env) == "ooooo"
    obs, reward, terminated, truncated, info = env.step(2)
    assert obs.tolist() == [3] and (reward, terminated, truncated) == (0.0, False, False)
    assert set(info) == {"action_mask"} and info["action_mask"].tolist() == [False, True, True]
    env.step(2)
    assert env.legal_actions() == [1]
    _, reward, terminated, _, info = env.step(1)
    assert (reward, terminated, env.winner) == (1.0, True, None) and "winner" not in info


# ------------------------------------------------------------ messages name the legal actions
def test_illegal_action_messages_list_the_legal_actions():
    env = games.make("tictactoe")
    for square in (4, 0, 8):
        env.step(square)
    for language, legal_words in (("en", "Legal actions now: [1, 2, 3, 5, 6, 7]"),
                                  ("ja", "今できる行動: [1, 2, 3, 5, 6, 7]")):
        set_language(language)
        for action in (0, 4, 8, 9, -1):
            with pytest.raises(IllegalActionError) as caught:
                env.step(action)
            assert legal_words in str(caught.value)
            assert str(action) in str(caught.value)


def test_the_base_reason_names_the_action():
    env = Countdown()
    for take in (2, 2):
        env.step(take)
    with pytest.raises(IllegalActionError, match=r"^Action 2 is not allowed now\. Legal actions now: \[1\]\.$"):
        env.step(2)
    set_language("ja")
    with pytest.raises(IllegalActionError, match=r"^行動 2 は今はできません。 今できる行動: \[1\]$"):
        env.step(2)


def test_option_messages_name_the_options():
    with pytest.raises(BadOptionError) as caught:
        games.make("tictactoe", ilegal="lose")
    assert str(caught.value) == ("tictactoe has no option 'ilegal'. Its options are: opponent, play_as, "
                                 "illegal, seed. Did you mean 'illegal'?")
    set_language("ja")
    with pytest.raises(BadOptionError) as caught:
        games.make("tictactoe", colour="red", size=3)
    assert str(caught.value) == ("tictactoe には 'colour', 'size' というオプションはありません。"
                                 "使えるオプション: opponent, play_as, illegal, seed")
