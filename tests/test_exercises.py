"""Every exercise has hints and a solution in both languages, and every solution passes its check.

A solution is tested the way a student would use it: the lesson's code cells run up to the
exercise (the unchanged start must fail the check), then the solution replaces the start, and
the lesson's own check call must pass.
"""

import ast
import contextlib
import io
import json
import re

import pytest

import games
from games import course_progress
from games.checks import exercise_book

from conftest import CONTENT

EXERCISES = games.checks.exercises()
LANGUAGES = ("en", "ja")
# Lesson 20 shows drop_piece finished, to show what a passing check looks like; its checks'
# own tests (test_checks_connectfour.py) show that a wrong drop_piece fails.
WORKED_EXAMPLES = {"connectfour.drop_piece"}
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def test_the_course_has_34_exercises_each_with_a_lesson_of_its_game():
    assert len(EXERCISES) == 34
    assert len({e.key for e in EXERCISES}) == 34
    for entry in EXERCISES:
        for language in LANGUAGES:
            assert (CONTENT / language / entry.lesson).is_file(), entry.key
        assert entry.game in entry.lesson or entry.game in ("python_start", "scratch"), entry.key


@pytest.mark.parametrize("entry", EXERCISES, ids=lambda e: e.key)
def test_hints_go_from_a_nudge_to_a_near_answer_in_both_languages(entry):
    assert len(entry.hints) >= 2
    for hint in entry.hints:
        assert hint.en.strip() and hint.ja.strip() and hint.en != hint.ja
        assert JAPANESE.search(hint.ja), hint.ja
        # a space between two Japanese words is a leftover of a line break in the source
        assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff、。] [\u3040-\u30ff\u4e00-\u9fff]", hint.ja), hint.ja
        assert not JAPANESE.search(hint.en), hint.en


@pytest.mark.parametrize("entry", EXERCISES, ids=lambda e: e.key)
def test_the_solutions_are_commented_in_the_students_language(entry):
    english, japanese = entry.solution_in("en"), entry.solution_in("ja")
    assert "#" in english and "#" in japanese
    assert not JAPANESE.search(english) and JAPANESE.search(japanese)
    code = [re.sub(r"\s*#.*$", "", line) for line in english.splitlines()]
    assert len([line for line in code if line.strip()]) <= 45, "a solution is short enough to read"


def code_only(source):
    """The program without its comments and docstrings (an ast dump)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


@pytest.mark.parametrize("entry", EXERCISES, ids=lambda e: e.key)
def test_both_languages_solve_it_with_the_same_code(entry):
    # the files differ only in their comments: a student who switches language reads the same program
    assert code_only(entry.solution_in("en")) == code_only(entry.solution_in("ja"))


def lesson_cells(language, lesson):
    """The lesson's code cells, but those that show an error on purpose (tagged "raises-exception")."""
    notebook = json.loads((CONTENT / language / lesson).read_text(encoding="utf-8"))
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"
            and "raises-exception" not in cell.get("metadata", {}).get("tags", [])]


def split_at_the_check(entry, cells):
    """(the code before the check, the check call) of the lesson's cell that checks ``entry``."""
    call = f"games.checks.{entry.game}.{entry.check.__name__}("
    for index, source in enumerate(cells):
        lines = source.splitlines()
        at = [i for i, line in enumerate(lines) if line.startswith(call)]
        if at:
            before = "\n".join(cells[:index] + ["\n".join(lines[:at[0]])])
            return before, "\n".join(lines[at[0]:])
    raise AssertionError(f"{entry.lesson} has no cell that calls {call}...)")


def run_quietly(code, namespace):
    with contextlib.redirect_stdout(io.StringIO()) as out:
        exec(compile(code, "<lesson>", "exec"), namespace)
    return out.getvalue()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("entry", EXERCISES, ids=lambda e: e.key)
def test_the_solution_passes_the_lessons_own_check_where_the_start_fails(entry, language, monkeypatch):
    monkeypatch.chdir(CONTENT / language)
    before, check_call = split_at_the_check(entry, lesson_cells(language, entry.lesson))
    namespace = {"__name__": "__main__", "display": lambda *args, **kwargs: None}
    run_quietly(before, namespace)
    run_quietly(f"_result = {check_call}", namespace)
    if entry.key in WORKED_EXAMPLES:
        assert namespace["_result"].passed, "the lesson shows this check passing"
    else:
        assert not namespace["_result"].passed, "the lesson's start already passes: the check cannot fail"
    run_quietly(entry.solution_in(language), namespace)
    report = run_quietly(f"_result = {check_call}", namespace)
    assert namespace["_result"].passed, report


def test_a_failed_check_ends_with_how_to_ask_for_a_hint_and_hint_shows_them_in_order(capsys):
    check = games.checks.tictactoe.check_winner
    check(lambda board: 0)
    assert capsys.readouterr().out.rstrip().splitlines()[-1].startswith("🆘 Stuck? games.hint()")
    entry = exercise_book.find("winner")
    for number in range(1, len(entry.hints) + 2):
        games.hint()
        out = capsys.readouterr().out
        shown = min(number, len(entry.hints))
        assert f"Hint {shown} of {len(entry.hints)} for winner" in out and entry.hints[shown - 1].en in out
    assert "games.solution()" in out


def test_solution_shows_the_code_in_the_students_language_and_is_recorded(capsys):
    games.set_language("ja")
    games.solution("tictactoe.winner")
    out = capsys.readouterr().out
    assert "winner の答えの例" in out and "def winner(board):" in out
    assert course_progress.events()[-1] == {"lesson": "ja/10_tictactoe_1_env.ipynb", "kind": "solution",
                                            "name": "winner", "detail": ""}


def test_a_passed_check_is_recorded_for_the_lesson_in_the_students_language():
    solution = {}
    exec(exercise_book.find("tictactoe.winner").solution_in("en"), solution)
    with contextlib.redirect_stdout(io.StringIO()):
        assert games.checks.tictactoe.check_winner(solution["winner"]).passed
    event = course_progress.events()[-1]
    assert {key: event[key] for key in ("lesson", "kind", "name")} == {
        "lesson": "en/10_tictactoe_1_env.ipynb", "kind": "passed", "name": "winner"}
    assert set(json.loads(event["detail"])) == {"code"}  # the fingerprint of the code that passed (class view)


def test_unknown_ambiguous_and_wrong_names_get_a_message_not_a_traceback(capsys):
    games.hint("winer")
    assert "There is no exercise called 'winer'" in capsys.readouterr().out
    games.hint(3)
    assert "in quotes" in capsys.readouterr().out
    names = [e.name for e in EXERCISES]
    shared = next((name for name in names if names.count(name) > 1), None)
    if shared:
        exercise_book._notebook["last"] = None
        games.solution(shared)
        assert f"Two exercises are called {shared}" in capsys.readouterr().out


def test_no_exercise_checked_yet_says_what_to_do(capsys, monkeypatch):
    monkeypatch.setitem(exercise_book._notebook, "last", None)
    games.set_language("ja")
    games.hint()
    assert "まだ練習問題をチェックしていません" in capsys.readouterr().out


def test_a_trained_agents_result_is_noted_for_its_game_as_the_lesson_prints_it():
    from games import dqn
    agent = dqn.DQNAgent("tictactoe", seed=0)
    before = len(course_progress.events())
    games.arena.evaluate("tictactoe", agent, games.agents.random_agent, n=2, progress=False)
    assert len(course_progress.events()) == before  # untrained: nothing is noted
    agent.steps = 1
    result = games.arena.evaluate("tictactoe", agent, games.agents.random_agent, n=2, progress=False)
    assert course_progress.events()[-1] == {"lesson": "en/game:tictactoe", "kind": "result",
                                            "name": "random_agent", "detail": str(result)}


def test_trainings_own_check_ups_are_not_noted_on_the_course_map():
    from games import dqn
    before = len(course_progress.events())
    agent = dqn.DQNAgent("tictactoe", seed=0)
    dqn.train(agent, episodes=4, eval_every=2, eval_games=2, seed=0, progress=False)
    assert agent.steps > 0
    assert len(course_progress.events()) == before
    games.arena.evaluate("tictactoe", agent, games.agents.random_agent, n=2, progress=False, on_course_map=False)
    assert len(course_progress.events()) == before
    games.arena.evaluate("tictactoe", agent, games.agents.random_agent, n=2, progress=False)
    assert course_progress.events()[-1]["kind"] == "result"
