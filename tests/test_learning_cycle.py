"""games.plan, games.ask and games.reflect on CPython: what they record in the course's progress,
what a wrong answer gets (a message in the student's language, nothing recorded), the forms'
answers, and the failed checks the exercise book records."""

import json
import os
import subprocess
import sys

from pathlib import Path

import numpy as np
import pytest

import games
from games import course_progress
from games.learning_cycle import lessons
from games.learning_cycle.form import FormWidget

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    monkeypatch.setattr(course_progress, "_memory", [])
    games.set_language("en")
    yield
    games.set_language("en")


def recorded(kind):
    return [dict(event, detail=json.loads(event["detail"])) for event in course_progress.events(kind)]


def test_the_lesson_facts_come_from_the_notebooks_metadata():
    facts = lessons.facts("10", "ja")
    assert facts["file"] == "10_tictactoe_1_env.ipynb"
    assert facts["objectives"][0].endswith("できる。") and len(facts["objectives"]) == 3
    assert lessons.facts("99", "en") is None


def test_plan_records_the_goal_and_the_minutes(capsys):
    games.plan("10", goal=3, minutes=25)
    [event] = recorded("plan")
    assert event["lesson"] == "en/10_tictactoe_1_env.ipynb"
    assert event["detail"] == {"goal": "I can write winner(board), which finds a line of three.", "minutes": 25}
    assert "Today's goal" in capsys.readouterr().out


def test_plan_takes_a_goal_in_the_students_own_words():
    games.set_language("ja")
    games.plan("10", goal="  ななめの列を  自分で書く ", minutes="30")
    [event] = recorded("plan")
    assert event["lesson"] == "ja/10_tictactoe_1_env.ipynb"
    assert event["detail"] == {"goal": "ななめの列を 自分で書く", "minutes": 30}


@pytest.mark.parametrize("goal, minutes, words", [
    (7, 30, "from 1 to 3"), (0, 30, "from 1 to 3"), ("", 30, "from 1 to 3"), (True, 30, "from 1 to 3"),
    (1, 0, "whole number"), (1, 2.5, "whole number"), (1, "soon", "whole number"), (1, 999, "whole number")])
def test_a_wrong_plan_says_what_is_allowed_and_records_nothing(goal, minutes, words, capsys):
    games.plan("10", goal=goal, minutes=minutes)
    assert words in capsys.readouterr().out
    assert course_progress.events() == []


def test_an_unknown_lesson_is_named(capsys):
    games.set_language("ja")
    games.plan("99", goal=1, minutes=10)
    assert "レッスン 99" in capsys.readouterr().out and course_progress.events() == []


def test_ask_checks_explains_and_keeps_the_first_answer(capsys):
    games.ask("10.who_wins", "b")
    out = capsys.readouterr().out
    assert "Not quite: the answer is A. X" in out and "diagonal" in out
    games.ask("10.who_wins", "A")
    assert "Right!" in capsys.readouterr().out
    events = recorded("answer")
    assert [e["detail"] for e in events] == [{"answer": "B", "right": False}, {"answer": "A", "right": True}]
    assert events[0]["name"] == "10.who_wins"  # the page's store keeps the first (course_progress.js)


def test_a_number_question_takes_a_number_in_either_form():
    games.ask("10.lines", "8")
    games.ask("10.lines", 8.0)
    games.ask("10.lines", 9)
    assert [e["detail"]["right"] for e in recorded("answer")] == [True, True, False]


@pytest.mark.parametrize("key, answer, words", [
    ("10.lines", "eight", "Answer with a number"), ("10.lines", float("nan"), "Answer with a number"),
    ("10.who_wins", "D", "one of the letters A, B, C"), ("10.who_wins", 1, "one of the letters"),
    ("10.nothing", "A", "no question called")])
def test_a_wrong_answer_form_is_explained_and_not_recorded(key, answer, words, capsys):
    games.ask(key, answer)
    assert words in capsys.readouterr().out
    assert course_progress.events() == []


def test_reflect_records_each_rating_and_the_line_and_reminds_to_download(capsys):
    games.reflect("10", ["I can", "nearly", "Not yet"], "Drawing the board\non paper helped.")
    [event] = recorded("reflect")
    assert event["detail"] == {"ratings": ["can", "nearly", "not_yet"], "line": "Drawing the board on paper helped."}
    assert "Download all my work" in capsys.readouterr().out


def test_reflect_in_japanese_takes_the_japanese_words(capsys):
    games.set_language("ja")
    games.reflect("10", ["できた", "だいたい", "まだ"], "紙にかいたら分かった")
    assert recorded("reflect")[0]["detail"]["ratings"] == ["can", "nearly", "not_yet"]
    assert "作業をすべてダウンロード" in capsys.readouterr().out


@pytest.mark.parametrize("ratings, line", [
    (["can", "nearly"], "one line"), (["can", "nearly", "maybe"], "one line"), ("can", "one line"),
    (["can", "can", "can"], "   "), (["can", "can", "can"], None)])
def test_a_wrong_reflection_is_explained_and_not_recorded(ratings, line, capsys):
    games.reflect("10", ratings, line)
    assert "⚠️" in capsys.readouterr().out
    assert course_progress.events() == []


def test_the_forms_record_what_the_page_sends():
    spec = {"form": "ask", "submit": "ok", "fields": []}
    from games.learning_cycle import _record_answer, _saved
    from games.learning_cycle.questions import questions
    form = FormWidget(spec, lambda values: _saved(_record_answer, questions()["10.lines"], values.get("answer")))
    form.submit({"answer": ""})
    assert form.state == "problem" and course_progress.events() == []
    form.submit({"answer": "8"})
    assert form.state == "right" and "3 rows" in form.feedback
    assert recorded("answer")[0]["detail"] == {"answer": 8, "right": True}


def test_the_plan_form_shows_the_objectives_and_records_the_choice(capsys, monkeypatch):
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda widget: shown.append(widget))
    games.plan("10")
    assert "Choose your goal for today" in capsys.readouterr().out
    [form] = shown
    options = form.spec["fields"][0]["options"]
    assert [o["value"] for o in options] == ["1", "2", "3", "all"]
    assert options[0]["label"] == "1. I can say how a computer stores a tic-tac-toe board: nine numbers."
    form.submit({"goal": "all", "minutes": "40"})
    assert form.state == "saved"
    assert recorded("plan")[0]["detail"] == {"goal": "All of them", "minutes": 40}


def test_a_failed_check_is_recorded_with_the_cases_that_failed():
    games.checks.tictactoe.check_winner(lambda board: 0)
    games.checks.tictactoe.check_winner(lambda board: 0)
    failed = course_progress.events("failed")
    assert len(failed) == 2 and failed[0]["name"] == "winner"
    first, again = (json.loads(event["detail"]) for event in failed)
    assert 0 < first["failed"] < first["cases"]
    assert first["code"] == again["code"]  # the same code run twice: the class view counts one try


def test_a_passed_check_is_not_a_failure():
    def winner(board):
        for a, b, c in [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]:
            line = np.asarray(board).ravel()[[a, b, c]]
            if line[0] != 0 and line[0] == line[1] == line[2]:
                return int(line[0])
        return 0
    assert games.checks.tictactoe.check_winner(winner)
    assert course_progress.events("failed") == [] and len(course_progress.events("passed")) == 1


def test_without_a_widget_library_the_question_says_how_to_answer_in_code():
    # a Python without anywidget (sys.modules[name] = None makes its import fail, as when it is missing)
    code = ("import sys\nsys.modules['anywidget'] = None\nimport games\n"
            "games.ask('10.who_wins')\ngames.plan('10')")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "  B. O\n" in result.stdout and 'games.ask("10.who_wins", "A")' in result.stdout
    assert "  3. I can write winner(board)" in result.stdout and 'games.plan("10", goal=1, minutes=30)' in result.stdout


def test_where_the_site_cannot_load_the_form_the_choices_are_printed_with_how_to_answer(monkeypatch, capsys):
    # Pyodide outside the site (bench/lessons.py under Node) has no widget wheels: the loader says so
    import games.learning_cycle as cycle

    def no_widgets():
        raise games.errors.GamesError("The package anywidget is not in this site")
    monkeypatch.setattr(cycle, "_form_class", no_widgets)
    games.plan("10")
    shown = capsys.readouterr().out
    assert "1. " in shown and 'games.plan("10", goal=1, minutes=30)' in shown


# ---------------------------------------------------------------- before running, in a real kernel (issue 36)

def lesson_10_cells():
    cells = json.loads((ROOT / "content" / "en" / "10_tictactoe_1_env.ipynb").read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def test_a_prediction_answered_before_or_after_running_its_cell_says_so_in_ipykernel():
    """Lesson 10's own cells in a real ipykernel; the forms are answered as the page answers them (a
    comm message to the widget), before and after the cell each question predicts."""
    from jupyter_client.manager import start_new_kernel
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    manager, client = start_new_kernel(kernel_name="python3", cwd=str(ROOT), env=env)
    forms = {}

    def run(source):
        def seen(message):
            if message["msg_type"] == "comm_open":
                spec = message["content"]["data"].get("state", {}).get("spec", {})
                if spec.get("form") == "ask":
                    forms[source] = message["content"]["comm_id"]
        reply = client.execute_interactive(source, output_hook=seen, timeout=120)
        assert reply["content"]["status"] == "ok", reply["content"]

    def answer(source, value):
        data = {"method": "custom", "content": {"event": "submit", "values": {"answer": value}}}
        client.shell_channel.send(client.session.msg("comm_msg", {"comm_id": forms[source], "data": data}))

    try:
        cells = lesson_10_cells()
        ask_who, ask_taken = (next(c for c in cells if f'games.ask("10.{key}")' in c)
                              for key in ("who_wins", "taken_square"))
        for source in cells[:cells.index(ask_who) + 1]:
            run(source)
        answer(ask_who, "A")  # before running the game it predicts
        for source in cells[cells.index(ask_who) + 1:cells.index(ask_taken) + 2]:
            run(source)
        answer(ask_taken, "B")  # after env.step(4) on a taken square has run
        run('games.ask("10.lines", 8)')  # in code, in the question's own call
        out = []
        client.execute_interactive("import json\nprint(json.dumps([[e['name'], json.loads(e['detail'])] for e in "
                                   "games.course_progress.events('answer')]))", timeout=60,
                                   output_hook=lambda m: out.append(m["content"].get("text", "")))
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    recorded = dict(json.loads("".join(out)))
    assert recorded == {"10.who_wins": {"answer": "A", "right": True, "before_run": True},
                        "10.taken_square": {"answer": "B", "right": True, "before_run": False},
                        "10.lines": {"answer": 8, "right": True, "before_run": True}}


def test_without_ipython_nothing_is_said_about_running():
    games.ask("10.who_wins", "A")
    assert recorded("answer")[0]["detail"] == {"answer": "A", "right": True}
