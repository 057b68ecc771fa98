"""games.save_agent / games.load_agent: every kind of agent as one file, and back, playing the same moves.

Bad files (damaged, cut short, edited, for another game) are refused with a clear message, and
nothing in them runs: the tampered files here would create a marker file if their code ran.
"""

import json
import math
import random

import numpy as np
import pytest

import games
from games import agent_files, code_agents, dqn
from games.agents import random_agent
from games.agents.connectfour import AlphaBetaAgent, one_step_agent, window_cells
from games.errors import AgentFileError


def save(agent, path, **settings):
    """``games.save_agent``, and the path of the file it wrote."""
    games.save_agent(agent, path, **settings)
    return str(path) if str(path).endswith(".agent") else f"{path}.agent"

WINDOWS = window_cells(6, 7, 4).tolist()  # a constant the saved agent reads
WIN_SCORE = 1_000_000


def score_window(window, piece):
    mine, empty = window.count(piece), window.count(0)
    if mine == 4:
        return WIN_SCORE
    return 1 if mine == 3 and empty == 1 else 0


def board_score(board, piece):
    cells = board.ravel().tolist()
    return sum(score_window([cells[i] for i in window], piece) for window in WINDOWS)


def my_one_step(env, bonus=WIN_SCORE):
    """A student's one-step agent (lesson 22): two helpers, two constants, numpy and math."""
    piece = env.current_player + 1
    scores = {}
    for column in env.legal_actions():
        child = env.clone()
        child.play(column)
        scores[column] = board_score(child.board, piece) + bonus * 0 + math.floor(0.5)
    best = max(scores.values())
    return int(env.np_random.choice([c for c in scores if scores[c] == best])) + int(np.zeros(1)[0])


def positions(game, count=100, seed=0, **options):
    """``count`` positions of ``game`` where a move is asked for, from random games."""
    found, rng = [], np.random.default_rng(seed)
    env = games.make(game, **options)
    while len(found) < count:
        env.reset(seed=int(rng.integers(1 << 30)))
        while not env.terminated and len(found) < count:
            if len(env.legal_actions()) > 1:
                found.append(env.clone())
            env.step(int(rng.choice(env.legal_actions())))
    return found


def same_moves(agent, loaded, game, **options):
    """The moves of ``agent`` and ``loaded`` on 100 positions (each on its own copy: same random draws)."""
    spots = positions(game, **options)
    return [agent(p.clone()) for p in spots] == [loaded(p.clone()) for p in spots]


# ---------------------------------------------------------------- round trips, every kind
def test_a_function_with_helpers_and_constants_plays_the_same_moves_after_loading(tmp_path, capsys):
    path = save(my_one_step, tmp_path / "aiko", name="Aiko", game="connectfour")
    assert path.endswith(".agent")
    loaded = games.load_agent(path, game="connectfour")
    said = capsys.readouterr().out
    assert "by Aiko" in said and "runs here" in said  # who wrote it, and that it runs code
    assert loaded is not my_one_step and loaded.__globals__ is not my_one_step.__globals__
    assert loaded.name == "Aiko" and loaded.agent_file["agent"] == "my_one_step"
    assert same_moves(my_one_step, loaded, "connectfour")
    source = json.loads(agent_files.read(path)[1])["source"]
    assert "WINDOWS = [[0, 1, 2, 3]" in source and "def board_score" in source and "import numpy as np" in source
    assert "import math" in source and "WIN_SCORE = 1000000" in source


def test_a_loaded_function_can_be_saved_again(tmp_path):
    loaded = games.load_agent(save(my_one_step, tmp_path / "a", name="Aiko", game="connectfour"))
    again = games.load_agent(save(loaded, tmp_path / "b", name="Ben", game="connectfour"))
    assert same_moves(my_one_step, again, "connectfour")


def test_built_in_agents_are_saved_by_name_and_settings(tmp_path):
    path = save(one_step_agent, tmp_path / "one", name="Chie")
    header, payload = agent_files.read(path)
    assert header["kind"] == "builtin" and header["game"] == "connectfour"  # the game is the module's
    assert json.loads(payload) == {"path": "games.agents.connectfour.one_step_agent", "settings": None}
    loaded = games.load_agent(path)
    assert loaded.name == "Chie" and one_step_agent.__name__ == "one_step_agent"  # the built-in is not renamed
    assert same_moves(one_step_agent, loaded, "connectfour")
    searcher = AlphaBetaAgent(depth=2, max_nodes=5000)
    loaded = games.load_agent(save(searcher, tmp_path / "ab", name="Dan"))
    assert (loaded.depth, loaded.max_nodes) == (2, 5000)
    assert same_moves(searcher, loaded, "connectfour")
    with pytest.raises(AgentFileError, match="game="):  # random_agent plays every game: say which
        save(random_agent, tmp_path / "r", name="Eri")


def test_a_dqn_agent_plays_the_same_moves_after_loading(tmp_path):
    agent = dqn.DQNAgent("connectfour", seed=3, hidden=(8,))
    loaded = games.load_agent(save(agent, tmp_path / "dqn", name="Fumi"), game="connectfour")
    assert type(loaded) is dqn.DQNAgent and loaded.name == "Fumi"
    assert same_moves(agent, loaded, "connectfour")
    spot = positions("connectfour", 1)[0]
    assert np.array_equal(agent.q_values(spot), loaded.q_values(spot))


def test_an_afterstate_agent_plays_the_same_moves_after_loading(tmp_path):
    agent = dqn.AfterstateAgent("puyopuyo", seed=4, hidden=(8,))
    header, _ = agent_files.read(save(agent, tmp_path / "after", name="Gen"))
    assert header["kind"] == "trained" and header["game"] == "puyopuyo"
    loaded = games.load_agent(tmp_path / "after.agent", game="puyopuyo")
    assert type(loaded) is dqn.AfterstateAgent
    assert same_moves(agent, loaded, "puyopuyo")


def test_a_search_agent_the_lessons_final_agent_plays_the_same_moves_after_loading(tmp_path):
    trained = dqn.DQNAgent("connectfour", seed=5, hidden=(8,))
    final_agent = dqn.SearchAgent.from_agent(trained, depth=1)  # not the default depth: a lost setting fails
    loaded = games.load_agent(save(final_agent, tmp_path / "final", name="Hana"), game="connectfour")
    assert type(loaded) is dqn.SearchAgent and loaded.config.depth == 1
    assert same_moves(final_agent, loaded, "connectfour")
    spot = positions("connectfour", 1)[0]
    assert np.array_equal(final_agent.move_values(spot), loaded.move_values(spot), equal_nan=True)


def test_the_file_records_who_when_what_and_the_version(tmp_path):
    header, _ = agent_files.read(save(my_one_step, tmp_path / "x", name="  Aiko ", game="othello",
                                                  options={"size": 8}))
    assert header["name"] == "Aiko" and header["game"] == "othello" and header["options"] == {"size": 8}
    assert header["games_version"] == games.__version__ and header["date"].endswith("UTC")
    assert header["kind"] == "code" and len(header["sha256"]) == 64


# ---------------------------------------------------------------- functions that cannot stand alone
BOARD = games.make("tictactoe")  # a variable holding an object: not a constant


def uses_an_object(env):
    return BOARD.legal_actions()[0]


def calls_a_lambda(env):
    return PICK(env)


PICK = lambda env: env.legal_actions()[0]  # noqa: E731 - the lambda is the point of the test


def uses_os(env):
    return len(json.dumps(env.legal_actions()))


def make_closure():
    first = 0

    def agent(env):
        return env.legal_actions()[first]
    return agent


def uses_a_missing_name(env):
    return NOT_DEFINED_ANYWHERE  # noqa: F821 - the missing name is the point of the test


@pytest.mark.parametrize("agent, named", [
    (uses_an_object, "BOARD is a TicTacToe"), (calls_a_lambda, "a lambda"), (uses_os, "the module json"),
    (make_closure(), "uses first of the function"), (uses_a_missing_name, "NOT_DEFINED_ANYWHERE is not defined"),
])
def test_a_function_that_cannot_stand_alone_is_refused_naming_what_is_missing(tmp_path, agent, named):
    with pytest.raises(AgentFileError) as error:
        save(agent, tmp_path / "x", name="Aiko", game="tictactoe")
    assert named in str(error.value) and "A saved agent may use" in str(error.value)
    assert not (tmp_path / "x.agent").exists()  # nothing written


def test_the_refusal_is_in_japanese_too(tmp_path):
    games.set_language("ja")
    with pytest.raises(AgentFileError, match="(?s)保存できません.*BOARD は TicTacToe"):
        save(uses_an_object, tmp_path / "x", name="あいこ", game="tictactoe")


def uses_random_and_imported_names(env):
    return random.choice(env.legal_actions()) * 0 + one_step_agent(env)


def test_imports_of_games_and_random_are_recorded():
    source = code_agents.gather(uses_random_and_imported_names)["source"]
    assert "import random" in source and "from games.agents.connectfour import one_step_agent" in source


def test_other_things_are_refused_clearly(tmp_path):
    with pytest.raises(AgentFileError, match="you gave a int"):
        save(3, tmp_path / "x", name="Aiko", game="tictactoe")
    with pytest.raises(AgentFileError, match="Give your name"):
        save(my_one_step, tmp_path / "x", game="connectfour")
    with pytest.raises(AgentFileError, match="plays connectfour, not othello"):
        save(one_step_agent, tmp_path / "x", name="Aiko", game="othello")
    with pytest.raises(games.BadOptionError):  # options are checked by games.make
        save(my_one_step, tmp_path / "x", name="Aiko", game="othello", options={"size": 5})


# ---------------------------------------------------------------- files for another game, bad files
def test_a_file_for_another_game_or_other_options_says_so(tmp_path):
    path = save(my_one_step, tmp_path / "x", name="Aiko", game="othello", options={"size": 8})
    with pytest.raises(AgentFileError, match="plays othello, not connectfour"):
        games.load_agent(path, game="connectfour")
    with pytest.raises(AgentFileError, match=r"options \{'size': 8\}, not \{\}"):
        games.load_agent(path, game="othello")
    assert games.load_agent(path, game="othello", size=8).name == "Aiko"


def side_effect(marker):
    return f"open({str(marker)!r}, 'w').write('ran')"


def rewrite(path, header, payload):
    """Write an agent file by hand, as someone editing one would."""
    with open(path, "wb") as file:
        np.savez(file, header=np.array(json.dumps(header)), payload=np.frombuffer(payload, dtype=np.uint8))


def test_an_edited_file_is_refused_and_nothing_in_it_runs(tmp_path):
    path = save(my_one_step, tmp_path / "x", name="Aiko", game="connectfour")
    header, payload = agent_files.read(path)
    marker = tmp_path / "ran.txt"
    saved = json.loads(payload)
    saved["source"] = side_effect(marker) + "\n" + saved["source"]
    rewrite(path, header, json.dumps(saved).encode())  # the old checksum
    with pytest.raises(AgentFileError, match="changed or damaged"):
        games.load_agent(path)
    assert not marker.exists()
    header["sha256"] = agent_files.checksum(header, json.dumps(saved).encode())  # a new checksum, by hand
    rewrite(path, header, json.dumps(saved).encode())
    with pytest.raises(AgentFileError, match="line 1 is not an import, a constant or a def"):
        games.load_agent(path)
    assert not marker.exists()
    exec(side_effect(marker))  # the check itself can fail: the code does make the marker when run
    assert marker.exists()


def test_a_default_value_that_calls_something_is_not_run_either(tmp_path):
    marker = tmp_path / "ran.txt"
    source = f"def agent(env, x={side_effect(marker)}):\n    return 0\n"
    header = {"format": agent_files.FORMAT, "format_version": 1, "kind": "code", "name": "X", "agent": "agent",
              "game": "tictactoe", "options": {}, "date": "", "games_version": games.__version__}
    payload = json.dumps({"entry": "agent", "source": source}).encode()
    header["sha256"] = agent_files.checksum(header, payload)
    rewrite(tmp_path / "x.agent", header, payload)
    with pytest.raises(AgentFileError, match="line 1"):
        games.load_agent(tmp_path / "x.agent")
    assert not marker.exists()


@pytest.mark.parametrize("cut", [0.5, 0.95, 0.0])
def test_a_cut_short_or_damaged_file_is_refused(tmp_path, cut):
    path = save(my_one_step, tmp_path / "x", name="Aiko", game="connectfour")
    data = open(path, "rb").read()
    open(path, "wb").write(data[:int(len(data) * cut)])
    with pytest.raises(AgentFileError, match="not a whole agent file"):
        games.load_agent(path)


def test_a_flipped_byte_is_refused(tmp_path):
    path = save(my_one_step, tmp_path / "x", name="Aiko", game="connectfour")
    data = bytearray(open(path, "rb").read())
    spot = data.find(b"board_score")
    data[spot] = ord("B")  # inside the stored source (the zip stores it uncompressed)
    open(path, "wb").write(bytes(data))
    with pytest.raises(AgentFileError, match="changed or damaged|not a whole agent file"):
        games.load_agent(path)


def test_other_files_say_what_they_are(tmp_path):
    notebook = tmp_path / "lesson.agent"
    notebook.write_text('{"cells": []}')
    with pytest.raises(AgentFileError, match="not a whole agent file"):
        games.load_agent(notebook)
    dqn.DQNAgent("tictactoe", hidden=(4,)).save(tmp_path / "trained.npz")
    with pytest.raises(AgentFileError, match="games.dqn.load"):
        games.load_agent(tmp_path / "trained.npz")
    with pytest.raises(AgentFileError, match="There is no file"):
        games.load_agent(tmp_path / "missing.agent")
    games.set_language("ja")
    with pytest.raises(AgentFileError, match="完全なエージェントファイルではありません"):
        games.load_agent(notebook)


def test_load_agents_leaves_out_bad_files_and_says_why(tmp_path, capsys):
    save(my_one_step, tmp_path / "a", name="Aiko", game="connectfour")
    save(one_step_agent, tmp_path / "b", name="Aiko")
    save(my_one_step, tmp_path / "c", name="Ben", game="othello")
    (tmp_path / "d.agent").write_bytes(b"PK\x03\x04 broken")
    agents = games.load_agents(tmp_path, game="connectfour")
    assert list(agents) == ["Aiko", "Aiko (2)"]
    said = capsys.readouterr().out
    assert "Left out" in said and "c.agent plays othello" in said and "d.agent is not a whole agent file" in said


def test_games_play_takes_a_loaded_agent(tmp_path):
    loaded = games.load_agent(save(my_one_step, tmp_path / "a", name="Aiko", game="connectfour"))
    widget = games.play("connectfour", loaded, first="ai", seed=0)
    assert widget.env.moves_played == 1  # the loaded agent made the first move


def test_import_games_loads_neither_the_agent_files_nor_the_tournament():
    import subprocess
    import sys
    code = ("import sys, games; print(sorted(m for m in sys.modules if m in "
            "('games.agent_files', 'games.code_agents', 'games.round_robin')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
    code = "import games; games.tournament; games.save_agent; print('ok')"  # and they load on first use
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "ok"


@pytest.mark.parametrize("change", [{"hidden": [16]}, {"options": {"rows": 20, "cols": 20, "mines": 5}},
                                    {"encoder": "no_such_encoder"}])
def test_a_trained_file_whose_settings_do_not_fit_its_weights_is_refused_before_it_is_built(tmp_path, change):
    """The network an agent's settings make (its game and options, its layers) must be the weights the file holds:
    a file cannot make the teacher's Python build a network larger than it carries."""
    import json
    import numpy as np
    from games import agent_files
    dqn.DQNAgent("minesweeper", seed=0, hidden=(8,)).save(tmp_path / "small.npz")
    with np.load(tmp_path / "small.npz") as saved:
        arrays = {name: saved[name] for name in saved.files}
    about = json.loads(str(arrays["about"]))
    about["config"].update(change)
    arrays["about"] = np.array(json.dumps(about))
    np.savez(tmp_path / "changed.npz", **arrays)
    payload = (tmp_path / "changed.npz").read_bytes()
    header = {"format": agent_files.FORMAT, "format_version": 1, "kind": "trained", "name": "Eve", "agent": "dqn",
              "game": "minesweeper", "options": about["config"]["options"], "date": "",
              "games_version": games.__version__}
    header["sha256"] = agent_files.checksum(header, payload)
    with open(tmp_path / "eve.agent", "wb") as file:
        np.savez(file, header=np.array(json.dumps(header)), payload=np.frombuffer(payload, dtype=np.uint8))
    with pytest.raises(AgentFileError, match="weights are not the network its settings make"):
        games.load_agent(tmp_path / "eve.agent")
