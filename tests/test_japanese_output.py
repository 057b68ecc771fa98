"""After ``games.set_language("ja")`` what the package prints and draws holds no English sentence:
results, progress bars, the agents' descriptions, replays' captions, charts, boards and the
click-to-play board's texts (tests/english_text.py says what a sentence is). The same texts in
English do hold sentences, so each check can fail. Quick: a few games each, no notebook."""

import numpy as np
import pytest

import games
from english_text import english_sentences, shown_text_of_markup
from games import arena, dqn
from games.agents import random_agent
from games.render.chart import histogram, line_chart, match_chart
from games.render.replay import replay

TWO_PLAYER = ["tictactoe", "connectfour", "othello"]
ONE_PLAYER = ["minesweeper", "puyopuyo"]


def english_in(*texts):
    """English runs of two words or more: stricter than the notebooks' check, since a board's
    caption ("X to move") or a result ("X wins!") is short."""
    return [sentence for text in texts for sentence in english_sentences(text, min_words=2)]


def drawn(picture):
    """The text a student reads on a picture (an SVG) or a replay (HTML)."""
    markup = getattr(picture, "svg", None) or getattr(picture, "html", None) or str(picture)
    return "\n".join(shown_text_of_markup(markup))


def printed(capsys, action):
    action()
    return capsys.readouterr().out


# ---------------------------------------------------------------- what a sentence is

@pytest.mark.parametrize("text", [
    "reward: 1   game over: True",
    "last evaluation: {'win': 0.98}, and more after that",
    "tictactoe: random (A) vs greedy (B), 100 games (A first in 50)",
    "<SearchAgent tictactoe: 3-move search, network 18-64-9 at its leaves, 0 moves trained>",
])
def test_an_english_sentence_is_found(text):
    assert english_sentences(text)


@pytest.mark.parametrize("text", [
    "tictactoe: my_random_agent (A) 対 random_agent (B)、100 局（A の先手 50 局）",
    "Record(game='tictactoe', seed=0, moves=9, winner=None, won=None, score=0, illegal=None)",
    "DQN 学習 |████| 100% 10/10 [1秒経過、残り0秒] ε=0.67 リターン +0.25",
    "A の勝ち   40   40.0 %  [95 %:  30.9 % –  49.8 %]",
    "Connect Four, Puyo Puyo, DQN ReLU SVG",
    "[[0 0 1]\n [2 0 0]]",
    "関数の中でエラー ValueError が起きました: max() arg is an empty sequence（3 行目: return reward + gamma）",
])
def test_japanese_names_and_code_are_not_sentences(text):
    assert english_sentences(text) == []


def test_markup_is_read_as_a_student_sees_it():
    html = ('<div title="the title of it"><style>.a b c { }</style><b>勝ち</b>'
            '<script>const data = {"captions": ["move one of the game"], "x": 1};</script></div>')
    shown = shown_text_of_markup(html)
    assert ["the title of it", "勝ち", "move one of the game"] == [t for t in shown if " " in t or t == "勝ち"]
    assert not any("a b c" in t or "const" in t for t in shown)


# ---------------------------------------------------------------- results and progress

@pytest.mark.parametrize("game", TWO_PLAYER)
def test_a_match_in_japanese(game, capsys):
    texts = {}
    for language in ("en", "ja"):
        games.set_language(language)
        result = None

        def run():
            nonlocal result
            result = arena.evaluate(game, random_agent, random_agent, n=4, seed=0, progress=True)
        bar = printed(capsys, run)
        texts[language] = [bar, str(result), drawn(match_chart(result))]
    assert english_in(*texts["en"])
    assert english_in(*texts["ja"]) == []


@pytest.mark.parametrize("game", ONE_PLAYER)
def test_a_one_player_evaluation_in_japanese(game, capsys):
    texts = {}
    for language in ("en", "ja"):
        games.set_language(language)
        result = None

        def run():
            nonlocal result
            result = arena.evaluate(game, random_agent, n=3, seed=0, progress=True, max_moves=30)
        texts[language] = [printed(capsys, run), str(result)]
    assert english_in(*texts["en"])
    assert english_in(*texts["ja"]) == []


def test_a_class_tournament_in_japanese(capsys):
    texts = {}
    for language in ("en", "ja"):
        games.set_language(language)
        standings = None

        def run():
            nonlocal standings
            standings = games.tournament("tictactoe", {"random_1": random_agent, "random_2": random_agent},
                                         games_per_pair=2)
        texts[language] = [printed(capsys, run), str(standings), drawn(standings.plot())]
    assert english_in(*texts["en"])
    assert english_in(*texts["ja"]) == []


def test_a_progress_bar_without_a_total_in_japanese(capsys):
    games.set_language("ja")
    bar = games.ProgressBar(label="対局")
    bar.update(3)
    bar.close()
    assert "秒" in capsys.readouterr().out


# ---------------------------------------------------------------- learning

def test_training_and_the_agents_described_in_japanese(capsys):
    texts = {}
    for language in ("en", "ja"):
        games.set_language(language)
        agent = dqn.DQNAgent("tictactoe", seed=0, hidden=(8,))
        curve = None

        def run():
            nonlocal curve
            curve = dqn.train(agent, episodes=6, eval_every=3, eval_games=2)
        bar = printed(capsys, run)
        search = dqn.SearchAgent.from_agent(agent, depth=2)
        afterstate = dqn.AfterstateAgent("puyopuyo", seed=0, hidden=(8,))
        chain = dqn.ChainSearchAgent.from_agent(afterstate)
        texts[language] = [bar, str(curve), drawn(curve.plot()), repr(agent), repr(search), repr(afterstate),
                           repr(chain)]
    assert english_in(*texts["en"])
    assert english_in(*texts["ja"]) == []


def test_a_one_player_training_curve_in_japanese(capsys):
    games.set_language("ja")
    agent = dqn.DQNAgent("minesweeper", seed=0, hidden=(8,))
    curve = dqn.train(agent, episodes=2, eval_every=2, eval_games=1, progress=False)
    assert "平均スコア" in str(curve) and english_in(str(curve), drawn(curve.plot())) == []


# ---------------------------------------------------------------- boards, replays, charts

@pytest.mark.parametrize("game", TWO_PLAYER + ONE_PLAYER)
def test_boards_and_replays_in_japanese(game):
    texts = {}
    for language in ("en", "ja"):
        games.set_language(language)
        agents = [random_agent] * games.make(game).num_players
        record = arena.play(game, agents, seed=1, max_moves=40)
        env = games.make(game)
        env.reset(seed=1)
        texts[language] = [drawn(record.replay()), drawn(env.render()), str(env)]
    assert english_in(*texts["en"])
    assert english_in(*texts["ja"]) == []


def test_charts_with_their_own_words_in_japanese():
    games.set_language("ja")
    pictures = [histogram([1, 2, 2, 3]), line_chart([0.9, 0.5, 0.3]), replay([games.make("tictactoe").render()])]
    assert english_in(*(drawn(p) for p in pictures)) == []


# ---------------------------------------------------------------- the click-to-play board

def board_texts(widget):
    view = widget.view
    words = [view["status"], view["message"], view["result"], *view["side"], *view["labels"].values(),
             *(b.get("text", "") + " " + b.get("title", "") for b in view["buttons"])]
    return [str(w) for w in words] + [repr(widget)]


def board_texts_of_a_game(game):
    """Every text of the board, from the start to the end of a game of random clicks."""
    opponent = random_agent if games.make(game).num_players == 2 else None
    widget = games.play(game, opponent, seed=0)
    texts = board_texts(widget)
    rng = np.random.default_rng(0)
    for _ in range(150):  # to the end of the game: its result is a text too
        if widget.view["over"] or not widget.view.get("playable"):
            break
        target = widget.view["playable"][int(rng.integers(len(widget.view["playable"])))]
        widget.handle_event({"event": "click", "target": target})
        if game == "puyopuyo":  # a click chooses the column, a drop places the pair
            widget.handle_event({"event": "drop"})
        texts += board_texts(widget)
    assert widget.view["over"]
    return texts


@pytest.mark.parametrize("game", TWO_PLAYER + ONE_PLAYER)
def test_the_click_to_play_board_in_japanese(game):
    pytest.importorskip("anywidget")
    assert english_in(*board_texts_of_a_game(game))
    games.set_language("ja")
    assert english_in(*board_texts_of_a_game(game)) == []
