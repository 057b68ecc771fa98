"""The arena: alternation, counting, illegal moves, records, intervals, Elo."""

import json
import math
import re

import numpy as np
import pytest

import games
from games import arena
from games.agents import random_agent
from games.agents.tictactoe import minimax_agent
from games.envs.base import Env
from games.errors import BadOptionError
from games.render import Picture


def lowest(env):
    return env.legal_actions()[0]


def highest(env):
    return env.legal_actions()[-1]


def always_zero(env):
    return 0


# ----------------------------------------------------------------- Wilson intervals
def test_wilson_known_values():
    # 0/10: the upper end is z^2 / (n + z^2); 5/10 and 10/10 from the textbook formula.
    z2 = 1.959964 ** 2
    low, high = arena.wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(z2 / (10 + z2), abs=1e-9)
    low, high = arena.wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = arena.wilson(10, 10)
    assert high == 1.0 and low == pytest.approx(1 - z2 / (10 + z2), abs=1e-9)
    low, high = arena.wilson(81, 263)  # Wilson's interval for 81/263: 0.2553 .. 0.3662
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    assert arena.wilson(0, 0) == (0.0, 1.0)


def test_mean_interval():
    mean, low, high = arena.mean_interval([1, 2, 3, 4, 5])
    half = 1.959964 * math.sqrt(2.5) / math.sqrt(5)
    assert mean == 3 and low == pytest.approx(3 - half) and high == pytest.approx(3 + half)


# ----------------------------------------------------------------- one game
def test_play_records_moves_rewards_and_frames():
    record = arena.play("tictactoe", [lowest, highest], seed=0)
    # X: 0, O: 8, X: 1, O: 7, X: 2 -> X completes the top row
    assert record.moves == [0, 8, 1, 7, 2]
    assert record.movers == [0, 1, 0, 1, 0]
    assert record.rewards == [0, 0, 0, 0, 1]
    assert record.winner == 0 and record.illegal is None
    assert len(record.frames) == 6 and all(f.startswith("<svg") for f in record.frames)
    html = record.replay().html
    assert "move 5: lowest (X) plays 2" in html  # the side as the board shows it, not "player 0"
    assert record.names == ["lowest", "highest"]


@pytest.mark.parametrize("game, language, words", [
    ("connectfour", "en", ["move 1: lowest (red) plays 0", "move 2: highest (yellow) plays 6"]),
    ("connectfour", "ja", ["1 手目: lowest（赤）が 0", "2 手目: highest（黄）が 6"]),
    ("othello", "en", ["(black) plays", "(white) plays"]),
    ("othello", "ja", ["（黒）が", "（白）が"]),
    ("tictactoe", "ja", ["1 手目: lowest（X）が 0", "2 手目: highest（O）が 8"]),
])
def test_replay_captions_name_the_sides_as_the_board_shows_them(game, language, words):
    games.set_language(language)
    found = re.search(r"const data = (\{.*?\});\n", arena.play(game, [lowest, highest], seed=0).replay().html,
                      re.DOTALL)
    captions = " | ".join(json.loads(found.group(1))["captions"])
    for word in words:
        assert word in captions
    assert "player" not in captions and "プレイヤー" not in captions


def test_an_illegal_move_names_the_side_that_loses():
    record = arena.play("connectfour", [lowest, lambda env: 99], seed=0)
    assert record.illegal == 1 and "illegal move 99: yellow loses" in record.replay().html


def test_agent_name_is_one_rule_for_the_arena_and_the_board():
    from games.interactive import controllers
    from games.interactive import agent_name as board_agent_name

    class Named:
        name = "mine"

    class Unnamed:
        name = ""

    assert board_agent_name is arena.agent_name and not hasattr(controllers, "agent_name")
    assert arena.agent_name(Named()) == "mine" and arena.agent_name(lowest) == "lowest"
    assert arena.agent_name(Unnamed()) == "Unnamed"  # an empty name is no name


def test_play_without_frames_and_max_moves():
    record = arena.play("tictactoe", [lowest, highest], frames=False, max_moves=3)
    assert record.frames == [] and record.moves == [0, 8, 1] and record.truncated
    assert record.winner is None


def test_agent_gets_a_copy_and_cannot_change_the_game():
    def meddler(env):
        env.step(env.legal_actions()[0])  # plays on its copy only
        return env.legal_actions()[0]

    record = arena.play("tictactoe", [meddler, lowest], seed=0)
    assert record.illegal is None
    assert record.moves[:2] == [1, 0]  # its copy had square 0 taken, so it answered 1


def test_illegal_move_ends_the_game_and_is_recorded():
    record = arena.play("tictactoe", [always_zero, lowest], seed=0)
    # X plays 0, O plays 1, X plays 0 again: illegal, X loses
    assert record.moves == [0, 1, 0]
    assert record.illegal == 0 and record.illegal_action == 0 and record.winner == 1
    assert "illegal move 0" in record.replay().html


@pytest.mark.parametrize("bad", [None, "3", 2.0, True, -1, 9, np.array([1, 2])])
def test_non_actions_are_illegal_not_crashes(bad):
    record = arena.play("tictactoe", [lambda env: bad, lowest], seed=0)
    assert record.illegal == 0 and record.winner == 1 and record.moves == [bad]


def test_numpy_integers_are_fine():
    record = arena.play("tictactoe", [lambda env: np.int64(env.legal_actions()[0]), lambda env: np.array(
        env.legal_actions()[-1])], seed=0)
    assert record.illegal is None and record.moves == [0, 8, 1, 7, 2]


def test_same_seed_same_game():
    a = arena.play("tictactoe", [random_agent, random_agent], seed=7, frames=False)
    b = arena.play("tictactoe", [random_agent, random_agent], seed=7, frames=False)
    c = arena.play("tictactoe", [random_agent, random_agent], seed=8, frames=False)
    assert a.moves == b.moves
    assert a.moves != c.moves or a.winner == c.winner  # different seeds are (almost surely) another game


# ----------------------------------------------------------------- evaluate
def test_evaluate_alternates_and_counts():
    # With lowest vs highest the player who moves first always wins (see above),
    # so A wins exactly the games where it moves first: the even ones.
    result = arena.evaluate("tictactoe", lowest, highest, n=11, seed=0, progress=False)
    assert result.n == 11
    assert result.first == {"n": 6, "wins": 6, "draws": 0, "losses": 0}
    assert result.second == {"n": 5, "wins": 0, "draws": 0, "losses": 5}
    assert (result.wins, result.draws, result.losses) == (6, 0, 5)
    assert result.rate("wins") == (6 / 11, *arena.wilson(6, 11))
    assert result.score == 6 / 11
    assert result.times_a["moves"] == 6 * 3 + 5 * 2  # 3 moves as X, 2 moves as O each game


def test_evaluate_counts_illegal_moves_of_each_side():
    result = arena.evaluate("tictactoe", always_zero, lowest, n=10, seed=0, progress=False)
    assert result.illegal_a == 10 and result.illegal_b == 0 and result.losses == 10
    result = arena.evaluate("tictactoe", lowest, always_zero, n=10, seed=0, progress=False)
    assert result.illegal_b == 10 and result.wins == 10


def test_evaluate_draws_and_text():
    result = arena.evaluate("tictactoe", minimax_agent, minimax_agent, n=4, seed=0, progress=False)
    assert result.draws == 4
    text = str(result)
    assert "draws" in text and "illegal moves: A 0, B 0" in text
    games.set_language("ja")
    try:
        assert "引き分け" in str(result)
    finally:
        games.set_language("en")


def test_evaluate_takes_an_env_and_shows_progress(capsys):
    env = games.make("tictactoe")
    result = arena.evaluate(env, random_agent, random_agent, n=6, seed=3)
    assert result.n == 6
    assert "6/6" in capsys.readouterr().out


def test_evaluate_refuses_bad_input():
    with pytest.raises(BadOptionError):
        arena.evaluate("tictactoe", random_agent, n=4)  # needs two agents
    with pytest.raises(BadOptionError):
        arena.evaluate("tictactoe", random_agent, random_agent, n=0)
    with pytest.raises(BadOptionError):
        arena.evaluate(games.make("tictactoe", opponent=random_agent), random_agent, random_agent, n=2)
    with pytest.raises(BadOptionError):
        arena.play("tictactoe", [random_agent], seed=0)


# ----------------------------------------------------------------- one-player games
class Coins(Env):
    """A toy one-player game: three moves, action 1 scores a point."""

    name = "coins"
    num_actions = 2

    def _new_game(self):
        self.moves = []

    def _legal_actions(self):
        return [0, 1]

    def _play(self, action):
        self.moves.append(action)
        self._terminated = len(self.moves) == 3
        return float(action)

    def _observation(self):
        return np.array(self.moves)

    def _extra_info(self):
        return {"won": sum(self.moves) >= 2} if self._terminated else {}

    def _copy_state(self, new):
        new.moves = self.moves.copy()

    def _picture(self):
        return Picture("<svg></svg>")

    def _text(self):
        return str(self.moves)


def test_solo_evaluation_scores_and_wins():
    def ones(env):
        return 1

    result = arena.evaluate(Coins(), ones, n=5, seed=0, progress=False)
    assert result.scores == [3.0] * 5 and result.mean_score() == (3.0, 3.0, 3.0)
    assert result.win_rate() == (1.0, *arena.wilson(5, 5))
    assert type(result) is arena.SoloResult and not hasattr(result, "chain_counts")  # no Puyo figures
    result = arena.evaluate(Coins(), random_agent, n=50, seed=10, progress=False)
    # random_agent draws from env.np_random, carried from move to move: game i replays seed 10 + i
    expected = []
    for i in range(50):
        rng = np.random.default_rng(10 + i)
        expected.append(float(sum(int(rng.integers(2)) for _ in range(3))))
    assert result.scores == expected
    assert result.wins == [score >= 2 for score in expected]
    assert "mean score" in str(result) and "win rate" in str(result)


def test_puyo_puyo_results_carry_its_chains():
    result = arena.evaluate("puyopuyo", random_agent, n=4, seed=3, progress=False, max_moves=60)
    records = [arena.play("puyopuyo", random_agent, seed=3 + i, frames=False, max_moves=60) for i in range(4)]
    assert result.scores == [record.score for record in records]  # the same games
    for record in records:
        assert len(record.chains) == len(record.moves)
        assert record.longest_chain == max(chain for chain in record.chains)
    assert result.longest_chains == [record.longest_chain for record in records]
    assert sum(result.chain_counts().values()) == 4 and sorted(result.chain_counts()) == list(result.chain_counts())
    assert ("longest chain" in str(result)) == any(result.longest_chains)
    illegal = arena.play("puyopuyo", lambda env: 99, seed=0, frames=False)
    assert illegal.chains == [None] and illegal.longest_chain == 0


def test_solo_illegal_move_is_a_lost_game():
    result = arena.evaluate(Coins(), lambda env: 5, n=3, seed=0, progress=False)
    assert result.illegal == 3 and result.win_rate()[0] == 0.0
    with pytest.raises(BadOptionError):
        arena.evaluate(Coins(), random_agent, random_agent, n=3)


# ----------------------------------------------------------------- Elo
def test_elo_of_two_agents_matches_the_logistic_formula():
    # 760 wins in 1000 games, plus the one imagined draw: p = 760.5 / 1001
    elo = arena.fit_elo([[0, 760], [240, 0]], [[0, 1000], [0, 0]])
    p = 760.5 / 1001
    assert elo[0] - elo[1] == pytest.approx(400 * math.log10(p / (1 - p)), abs=1e-6)
    assert elo.mean() == pytest.approx(1500)


def test_elo_orders_a_chain_of_agents_and_stays_finite():
    # A beats B 70 %, B beats C 70 %, A beats C always
    points = [[0, 70, 100], [30, 0, 70], [0, 30, 0]]
    played = [[0, 100, 100], [0, 0, 100], [0, 0, 0]]
    elo = arena.fit_elo(points, played)
    assert elo[0] > elo[1] > elo[2] and np.all(np.isfinite(elo))
