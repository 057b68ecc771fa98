"""games.play on CPython: the widget object is driven through ``handle_event``, the method a
click in the page calls (tests/test_play_browser.py clicks the real page).

Each test plays through the widget and checks the view it would send to the page after
every event: full games of all five games, an agent answering (a trained DQN agent too),
illegal clicks, new games, Q-value colours, flags, Puyo's buttons, both languages, and the
clear errors for bad input and for a missing widget library.
"""

import math
import subprocess
import sys
import zipfile

import numpy as np
import pytest

import games
from games import dqn
from games.agents import random_agent
from games.agents.othello import greedy_agent
from games.agents.tictactoe import minimax_agent
from games.errors import BadOptionError, GamesError, IllegalActionError
from games.interactive import controllers, loader

pytest.importorskip("anywidget")


def kinds(widget):
    return [cell["kind"] for cell in widget.view["cells"]]


def click(widget, target):
    before = widget.view["version"]
    widget.handle_event({"event": "click", "target": target})
    assert widget.view["version"] > before  # every event sends a new view to the page
    return widget.view


@pytest.fixture(scope="module")
def trained_tictactoe():
    """A DQN agent after a few hundred games against random (a few seconds)."""
    agent = dqn.DQNAgent("tictactoe", seed=0, hidden=(32,), epsilon_steps=1500)
    dqn.train(agent, episodes=300, opponent="random", eval_every=0, progress=False)
    return agent


# ---------------------------------------------------------------- full games, all five

def test_tictactoe_against_minimax_to_the_end():
    widget = games.play("tictactoe", minimax_agent)
    assert widget.view["status"] == "Your move: you play X" and kinds(widget) == ["empty"] * 9
    while not widget.view["over"]:
        square = widget.view["playable"][0]
        view = click(widget, square)
        assert view["cells"][square]["kind"] == "x"
        assert kinds(widget).count("x") - kinds(widget).count("o") in (0, 1)
        assert widget.env.board == [{"empty": 0, "x": 1, "o": 2}[k] for k in kinds(widget)]
        assert not view["thinking"] and view["message"] == ""
    assert widget.view["result"] in ("Draw.", "The AI wins.")  # minimax never loses
    assert widget.view["playable"] == [] and widget.view["status"] == widget.view["result"]


def test_the_ai_can_move_first():
    widget = games.play("tictactoe", minimax_agent, first="ai")
    assert kinds(widget).count("o") == 0 and kinds(widget).count("x") == 1  # the AI plays X
    assert widget.view["status"] == "Your move: you play O"
    view = click(widget, widget.view["playable"][0])
    assert kinds(widget).count("o") == 1 and kinds(widget).count("x") == 2 or view["over"]


def test_a_trained_dqn_agent_answers_and_shows_its_q_values(trained_tictactoe):
    agent = trained_tictactoe
    widget = games.play("tictactoe", agent, show_q=True)
    q = agent.q_values(widget.env)
    shown = widget.view["q"]
    assert set(shown) == {str(square) for square in range(9)}
    for square, value in shown.items():
        assert value["value"] == pytest.approx(q[int(square)])
        assert value["text"] == f"{q[int(square)]:.2f}"
    best, worst = str(int(np.nanargmax(q))), str(int(np.nanargmin(q)))
    assert shown[best]["colour"] == controllers.q_colour(1.0)  # green: the highest
    assert shown[worst]["colour"] == controllers.q_colour(0.0)  # red: the lowest
    click(widget, 0)
    answer = agent(widget.env.clone()) if not widget.view["over"] else None
    assert kinds(widget).count("o") == 1  # the agent answered with its best square
    assert set(widget.view["q"]) == {str(s) for s in widget.view["playable"]}
    assert answer is None or answer in widget.view["playable"]
    while not widget.view["over"]:
        click(widget, widget.view["playable"][-1])
    assert widget.view["q"] == {}  # nothing to choose at the end


def test_connectfour_against_random_to_the_end():
    widget = games.play("connectfour", random_agent, seed=3)
    assert widget.view["target"] == "column" and widget.view["playable"] == list(range(7))
    while not widget.view["over"]:
        column = widget.view["playable"][0]
        heights = list(widget.env.heights)
        view = click(widget, column)
        board = np.array([{"empty": 0, "red": 1, "yellow": 2}[k] for k in kinds(widget)]).reshape(6, 7)
        assert (board == widget.env.board).all()
        assert widget.env.heights[column] > heights[column]  # our disc went in (and maybe the AI's)
        assert view["highlight"] and view["cells"][view["highlight"][0]]["kind"] in ("red", "yellow")
    assert widget.view["result"] in ("You win!", "The AI wins.", "Draw.")


def test_othello_against_greedy_with_the_ai_first():
    widget = games.play("othello", greedy_agent, size=4, first="ai", seed=1)
    assert widget.view["rows"] == 4 and kinds(widget).count("black") == 4  # black moved: 3 + 1 flipped... +1
    while not widget.view["over"]:
        view = click(widget, widget.view["playable"][0])
        assert kinds(widget).count("black") == widget.env.disc_count(0)
        assert kinds(widget).count("white") == widget.env.disc_count(1)
        assert view["side"] == [f"Black {widget.env.disc_count(0)}, white {widget.env.disc_count(1)}"]
    assert widget.view["result"].endswith(widget.view["side"][0])


def test_othello_passes_for_a_player_without_a_move():
    """Two players on one board (no opponent); a forced pass is played and said."""
    moves = None
    for seed in range(200):  # a random 4 × 4 game with a pass in it, found once
        env, played = games.make("othello", size=4), []
        env.reset(seed=seed)
        while not env.terminated and env.legal_actions() != [env.pass_action]:
            played.append(random_agent(env))
            env.step(played[-1])
        if not env.terminated:
            moves = played
            break
    assert moves is not None
    widget = games.play("othello", size=4)
    for square in moves:
        click(widget, square)
    assert "has no move and passes." in widget.view["message"]
    assert widget.env.last_action == widget.env.pass_action or widget.view["over"]


def test_minesweeper_to_a_win_with_flags():
    widget = games.play("minesweeper", rows=5, cols=5, mines=3, seed=2)
    assert kinds(widget) == ["hidden"] * 25 and widget.view["status"].startswith("Mines: 3")
    click(widget, 12)
    mines = {cell for cell, mine in enumerate(widget.env._mine) if mine}
    for mine in mines:  # flag every mine (a flag changes nothing in the game)
        widget.handle_event({"event": "flag", "target": mine})
        assert widget.view["cells"][mine]["kind"] == "flag"
    assert f"flags: {len(mines)}" in widget.view["status"]
    while not widget.view["over"]:
        cell = next(c for c in widget.view["playable"] if c not in mines)
        view = click(widget, cell)
        seen = widget.env.board.ravel()
        for index, kind in enumerate(kinds(widget)):
            if seen[index] >= 0 and seen[index] != 9:
                assert kind == f"open{seen[index]}"
        assert view["cells"][cell]["kind"].startswith("open")
    assert widget.view["result"] == "You won! Every safe cell is open."
    assert all(widget.view["cells"][m]["kind"] == "flag" for m in mines)


def test_minesweeper_a_mine_ends_the_game_and_flags_are_refused_where_they_cannot_go():
    widget = games.play("minesweeper", rows=4, cols=4, mines=5, seed=0)
    click(widget, 0)
    mine = next(cell for cell, is_mine in enumerate(widget.env._mine) if is_mine)
    opened = next(cell for cell, kind in enumerate(kinds(widget)) if kind.startswith("open"))
    before = kinds(widget)
    widget.handle_event({"event": "flag", "target": opened})
    assert kinds(widget) == before and "only hidden cells take a flag" in widget.view["message"]
    widget.handle_event({"event": "flag", "target": mine})
    view = click(widget, mine)  # a flagged cell is not opened by a click
    assert "has a flag" in view["message"] and not view["over"]
    widget.handle_event({"event": "flag_mode"})  # in flag mode a click takes the flag away
    assert widget.view["flag_mode"] and widget.view["buttons"][1]["pressed"]
    click(widget, mine)
    assert widget.view["cells"][mine]["kind"] == "hidden"
    widget.handle_event({"event": "flag_mode"})
    view = click(widget, mine)
    assert view["over"] and view["result"] == "Boom! That was a mine."
    assert view["cells"][mine]["kind"] == "mine-exploded"
    assert kinds(widget).count("mine") + 1 == 5


def test_puyopuyo_buttons_and_a_full_game():
    widget = games.play("puyopuyo", seed=4)
    view = widget.view
    assert view["layout"] == "puyo" and (view["column"], view["rotation"]) == (2, 1)
    pivot, second = widget.env.pair
    assert view["ghost"][6 + 2]["kind"] == f"puyo{pivot}" and view["ghost"][2]["kind"] == f"puyo{second}"
    buttons = {b["id"]: b["event"] for b in view["buttons"]}
    assert set(buttons) == {"left", "rotate", "right", "drop", "new_game"}
    widget.handle_event(buttons["right"])
    widget.handle_event(buttons["rotate"])  # second puyo to the left
    assert (widget.view["column"], widget.view["rotation"]) == (3, 2)
    assert widget.view["ghost"][6 + 2]["kind"] == f"puyo{second}"
    for _ in range(5):
        widget.handle_event(buttons["right"])
    assert widget.view["column"] == 5  # it stops at the wall
    widget.handle_event({"event": "click", "target": 0})  # the second puyo would stick out: moved in
    assert (widget.view["column"], widget.view["rotation"]) == (1, 2)
    widget.handle_event(buttons["drop"])
    board = widget.env.board
    assert (board[11, 0], board[11, 1]) == (second, pivot) and widget.view["moves"] == 1
    assert (widget.view["column"], widget.view["rotation"]) == (2, 1)  # the next pair starts over
    drops = 1
    while not widget.view["over"]:  # straight down column 2 until it is full
        widget.handle_event({"event": "drop"})
        drops += 1
        shown = [0 if k in ("empty", "spawn") else int(k[4:]) for k in kinds(widget)]
        assert shown == widget.env.board.ravel().tolist()
        assert drops < 60
    assert widget.view["result"].startswith("Game over: score")
    assert widget.view["buttons"][0]["disabled"]


# ---------------------------------------------------------------- messages, new game

def test_an_illegal_click_says_what_step_says_and_changes_nothing():
    widget = games.play("tictactoe", minimax_agent)
    click(widget, 4)
    before = (kinds(widget), widget.env.board.copy(), widget.view["moves"])
    env = widget.env.clone()
    with pytest.raises(IllegalActionError) as error:
        env.step(4)
    view = click(widget, 4)
    assert view["message"] == str(error.value) and view["message_kind"] == "error"
    assert (kinds(widget), widget.env.board, view["moves"]) == before
    click(widget, view["playable"][0])
    assert widget.view["message"] == ""  # a good move clears the message


def test_a_full_column_and_a_click_after_the_end():
    widget = games.play("connectfour", rows=4, columns=4, inarow=4)  # two people, one board
    for _ in range(4):
        click(widget, 0)
    view = click(widget, 0)
    assert view["message"] == "Column 0 is full. Legal actions now: [1, 2, 3]."
    widget = games.play("tictactoe")
    for square in (0, 3, 1, 4, 2):
        click(widget, square)
    assert widget.view["result"] == "X wins!"
    view = click(widget, 8)
    assert "press “New game”" in view["message"] and view["cells"][8]["kind"] == "empty"


def test_new_game_starts_again():
    widget = games.play("tictactoe", minimax_agent)
    click(widget, 0)
    widget.handle_event({"event": "new_game"})
    assert kinds(widget) == ["empty"] * 9 and widget.view["moves"] == 0 and not widget.view["over"]
    widget = games.play("minesweeper", rows=4, cols=4, mines=2, seed=1)
    widget.handle_event({"event": "flag", "target": 3})
    widget.handle_event({"event": "new_game"})
    assert kinds(widget) == ["hidden"] * 16 and widget.view["flags"] == []


def test_unknown_events_are_ignored():
    widget = games.play("tictactoe")
    for event in ({"event": "explode"}, "click", None, {"target": 3}):
        widget.handle_event(event)
    assert kinds(widget) == ["empty"] * 9 and widget.view["message"] == ""


def test_a_failing_agent_is_reported_in_the_widget():
    def broken(env):
        raise ZeroDivisionError("oops")

    widget = games.play("tictactoe", broken)
    view = click(widget, 4)
    assert view["message"] == "The AI agent broken failed: ZeroDivisionError: oops"
    assert widget.env.board[4] == 1  # our move stands; New game starts again
    view = click(widget, 0)  # not the student's turn: the AI is asked again, and fails again
    assert view["message"].startswith("The AI agent broken failed") and widget.env.board[0] == 0

    def cheat(env):
        return 4

    widget = games.play("tictactoe", cheat)
    view = click(widget, 4)
    assert "The opponent agent chose the illegal action 4" in view["message"]


def test_one_player_games_get_an_ai_move_button(trained_tictactoe):
    agent = dqn.DQNAgent("minesweeper", seed=0, options=dict(rows=4, cols=4, mines=2), hidden=(16,))
    widget = games.play("minesweeper", show_q=agent, seed=0)  # on the agent's own 4 × 4 board
    assert widget.view["rows"] == 4 and len(widget.view["q"]) == 16
    assert "ai_move" in {b["id"] for b in widget.view["buttons"]}
    widget.handle_event({"event": "ai_move"})
    assert widget.view["moves"] == 1


def test_puyo_q_values_of_an_afterstate_agent():
    agent = dqn.AfterstateAgent("puyopuyo", seed=0, hidden=(8,))
    widget = games.play("puyopuyo", show_q=agent, seed=0)
    values = agent.q_values(widget.env)
    shown = widget.view["q"]
    for column, value in shown.items():
        action = widget.env.placement_to_action(int(column), 1)
        assert value["value"] == pytest.approx(values[action])
    assert len(shown) == 6
    widget.handle_event({"event": "rotate"})  # rotation 2: column 0 cannot take the pair
    assert set(widget.view["q"]) == {"1", "2", "3", "4", "5"}


def test_japanese():
    games.set_language("ja")
    widget = games.play("tictactoe", minimax_agent)
    assert widget.view["status"] == "あなたの番です（あなたはX）"
    assert widget.view["buttons"][0]["text"] == "新しいゲーム"
    click(widget, 4)
    view = click(widget, 4)
    assert view["message"].startswith("マス 4 にはもう X が置かれています。")
    widget = games.play("minesweeper", rows=4, cols=4, mines=2)
    assert widget.view["status"].startswith("地雷 2 個")
    with pytest.raises(BadOptionError, match="一人用のゲーム"):
        games.play("puyopuyo", random_agent)


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("call, words", [
    (lambda: games.play("chess"), "There is no game called 'chess'"),
    (lambda: games.play("tictactoe", "minimax"), "opponent must be an agent"),
    (lambda: games.play("minesweeper", random_agent), "one-player game: it takes no opponent"),
    (lambda: games.play("tictactoe", random_agent, show_q=True), "random_agent has none"),
    (lambda: games.play("tictactoe", show_q=True), "there is no opponent"),
    (lambda: games.play("tictactoe", show_q="yes"), "show_q must be True, False or an agent"),
    (lambda: games.play("tictactoe", first="ai"), "first='ai' needs an opponent"),
    (lambda: games.play("tictactoe", random_agent, first="me"), "first='me' is not an option"),
    (lambda: games.play("tictactoe", random_agent, play_as=1), "instead of play_as"),
    (lambda: games.play("othello", sise=8), "Did you mean 'size'?"),
])
def test_bad_input_gets_a_clear_message(call, words):
    with pytest.raises(BadOptionError) as error:
        call()
    assert words in str(error.value)


def test_an_agent_of_another_game_or_board_is_refused():
    agent = dqn.DQNAgent("othello", seed=0, hidden=(8,))
    with pytest.raises(BadOptionError, match="learnt othello: it cannot play connectfour"):
        games.play("connectfour", agent)
    with pytest.raises(BadOptionError, match="cannot read this board"):
        games.play("othello", agent, size=8)
    assert games.play("othello", agent).view["rows"] == 6  # its own board, by default


def test_without_the_widget_library_the_error_says_what_to_install(monkeypatch):
    for name in [m for m in sys.modules if m.split(".")[0] == "anywidget" or m == "games.interactive.widget"]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "anywidget", None)  # `import anywidget` fails
    with pytest.raises(GamesError) as error:
        games.play("tictactoe")
    assert f"Install it: {loader.PIP_LINE}" in str(error.value)
    games.set_language("ja")
    with pytest.raises(GamesError, match="インストールしてください"):
        games.play("tictactoe")


def test_import_games_does_not_import_the_widget_library():
    code = "import sys, games; print(sorted(m for m in sys.modules if m.split('.')[0] in ('anywidget', 'ipywidgets')))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


# ---------------------------------------------------------------- pieces

def test_q_colours_go_from_red_to_green():
    assert controllers.q_colour(0.0) == "#ef8a80" and controllers.q_colour(1.0) == "#78c878"
    assert controllers.q_colour(0.5) == "#fade78"
    assert controllers.q_colour(-3) == controllers.q_colour(0.0)
    assert controllers.format_q(0.5349) == "0.53" and controllers.format_q(1240.4) == "1,240"
    assert math.isfinite(float(controllers.format_q(-0.07)))


def test_the_loader_orders_dependencies_first():
    packages = {"anywidget": {"depends": ["ipywidgets", "typing_extensions"]},
                "ipywidgets": {"depends": ["comm"]}, "comm": {"depends": []},
                "typing-extensions": {"depends": []}}
    assert loader.dependency_order(packages, "anywidget") == ["comm", "ipywidgets", "typing-extensions", "anywidget"]
    with pytest.raises(GamesError, match="not in this site"):
        loader.dependency_order(packages, "psygnal")


def test_the_wheel_ships_the_board_drawing(tmp_path):
    from sitebuild import games_wheel
    wheel = games_wheel.build_games_wheel(tmp_path)
    with zipfile.ZipFile(wheel["path"]) as archive:
        names = set(archive.namelist())
    assert {"games/interactive/board.js", "games/interactive/board.css"} <= names
    assert wheel["depends"] == ["numpy"]  # the widget library is not a dependency of games


def test_minesweeper_a_flag_off_the_board_gets_the_envs_message():
    widget = games.play("minesweeper", rows=4, cols=4, mines=2, seed=1)
    widget.handle_event({"event": "flag", "target": 16})
    assert kinds(widget) == ["hidden"] * 16 and widget.view["flags"] == []
    assert widget.view["message"] == "Action 16 is out of range: actions are 0 to 15."
    widget.handle_event({"event": "flag", "target": [3, 3]})  # (row, col), as env.step takes
    assert widget.view["flags"] == [15] and widget.view["message"] == ""


# ---------------------------------------------------------------- one place per fact

def test_one_controller_module_per_game_and_othello_code_only_in_othello():
    import inspect

    from games.interactive.controllers import base, connectfour, minesweeper, othello, puyopuyo, tictactoe, two_player
    modules = {"tictactoe": tictactoe, "connectfour": connectfour, "othello": othello,
               "minesweeper": minesweeper, "puyopuyo": puyopuyo}
    for game, controller in controllers.CONTROLLERS.items():
        assert inspect.getmodule(controller) is modules[game]
    shared = inspect.getsource(two_player) + inspect.getsource(base)
    assert "env.pass_action" not in shared and "env.flipped" not in shared  # Othello's own: in othello.py
    assert "env.pass_action" in inspect.getsource(othello) and "env.flipped" in inspect.getsource(othello)


def test_the_puyo_board_takes_its_facts_from_the_engine():
    from games.envs import puyopuyo as engine
    widget = games.play("puyopuyo", seed=0)
    view = widget.view
    assert (view["rows"], view["cols"]) == (engine.ROWS, engine.COLUMNS)
    assert view["column"] == engine.SPAWN_COLUMN and view["rotation"] == 1
    assert view["cells"][engine.SPAWN_CELL]["kind"] == "spawn"
    assert [c for c in range(len(view["cells"])) if view["cells"][c]["kind"] == "spawn"] == [engine.SPAWN_CELL]
    # the pair over the well: the pivot's letter and, for each rotation, the second where the engine says
    pivot, second = view["pair"]
    for _ in range(4):
        d_row, d_col = engine.SECOND_AT[view["rotation"]]
        ghost = view["ghost"]
        row = 0 if d_row > 0 else 1
        assert ghost[row * engine.COLUMNS + view["column"]]["text"] == engine.COLOUR_LETTERS[pivot]
        assert ghost[(row + d_row) * engine.COLUMNS + view["column"] + d_col]["text"] == \
            engine.COLOUR_LETTERS[second]
        widget.handle_event({"event": "rotate"})
        view = widget.view
    # a column is playable exactly when the engine lists the placement
    for rotation in range(4):
        fits = [c for c in range(engine.COLUMNS) if (c, rotation) in engine.ACTION_OF]
        assert [c for c in range(engine.COLUMNS) if controllers.PuyoController.fits(c, rotation)] == fits


def test_a_mine_is_the_engines_mine_value():
    from games.envs.minesweeper import MINE
    widget = games.play("minesweeper", rows=2, cols=2, mines=3, first_click="any", seed=0)
    for cell in range(4):  # open cells until a mine goes off: that cell shows as the exploded mine
        widget.handle_event({"event": "click", "target": cell})
        if widget.view["over"]:
            break
    assert widget.view["over"] and widget.env.board.ravel()[cell] == MINE
    assert widget.view["cells"][cell]["kind"] == "mine-exploded"


def test_a_column_heads_number_and_q_value_are_on_lines_of_their_own():
    """The Puyo (and Connect Four) column heads: the number and the Q-value must not overlap.
    They are two spans in a column flexbox, in normal flow (no absolute position), and the
    head grows to hold both. (The browser tests draw it; this checks the rules are there.)"""
    import re
    from importlib import resources
    css = resources.files("games.interactive").joinpath("board.css").read_text(encoding="utf-8")
    js = resources.files("games.interactive").joinpath("board.js").read_text(encoding="utf-8")

    def rule(selector):
        found = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", css)
        assert found, selector
        return found.group(1)

    head = rule(".gail-column-head ")
    assert "flex-direction: column" in head and "height: auto" in head and "overflow: hidden" in head
    assert "position: static" in rule(".gail-column-head > .gail-q")
    assert 'element("span", "gail-head-mark"' in js and "header.textContent" not in js
