"""lite/lesson-summary.js, run in Node.js: what the map and the class view read from a student's
progress entries, above all who "may be stuck" (failed a check several times and never passed it,
saw the solution and never passed, or rated an objective "not yet")."""

import json
import shutil
import subprocess

import pytest

from conftest import ROOT

SUMMARY = ROOT / "lite" / "lesson-summary.js"
pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")


def summary(entries, exercises=("winner",), copied=False):
    script = (SUMMARY.read_text(encoding="utf-8")
              + f"\nconsole.log(JSON.stringify(gameAiLabSummary.lesson({json.dumps(entries)}, "
                f"{json.dumps(list(exercises))}, {json.dumps(copied)})));")
    result = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def event(kind, name="", minute=0, detail=""):
    return {"kind": kind, "name": name, "first": f"2026-05-01T09:{minute:02d}:00.000Z", "detail": detail}


def test_nothing_recorded_is_a_new_lesson():
    found = summary([])
    assert found["state"] == "new" and found["stuck"] == [] and found["minutes"] is None


def test_three_failures_and_no_pass_may_be_stuck_two_may_not():
    two = [event("opened"), event("failed", "winner", 5, "4/16"), event("failed", "winner", 6, "2/16")]
    assert summary(two)["stuck"] == [] and summary(two)["failed"] == 2
    three = two + [event("failed", "winner", 7, "1/16")]
    assert summary(three)["stuck"] == ["failing"] and summary(three)["state"] == "started"
    assert summary(three + [event("passed", "winner", 9)])["stuck"] == []


def test_the_solution_seen_then_passed_is_not_stuck():
    seen = [event("opened"), event("solution", "winner", 10)]
    assert summary(seen)["stuck"] == ["solution"]
    done = summary(seen + [event("passed", "winner", 25)])
    assert done["stuck"] == [] and done["seen"] == ["winner"] and done["state"] == "done"
    assert done["minutes"] == 25  # from opened to the last exercise passed


def test_not_yet_in_the_reflection_may_be_stuck_and_the_plan_and_answers_are_read():
    entries = [event("opened"), event("passed", "winner", 20),
               event("plan", detail=json.dumps({"goal": "<b>mine</b>", "minutes": 30})),
               event("answer", "10.lines", 3, json.dumps({"answer": 8, "right": True})),
               event("answer", "10.who_wins", 4, json.dumps({"answer": "B", "right": False})),
               event("answer", "10.broken", 5, "not json"),
               event("reflect", detail=json.dumps({"ratings": ["can", "not_yet"], "line": "paper helped"}))]
    found = summary(entries)
    assert found["stuck"] == ["not_yet"] and found["goal"] == "<b>mine</b>" and found["expected"] == 30
    assert (found["right"], len(found["answers"])) == (1, 2)
    assert found["ratings"] == ["can", "not_yet"] and found["line"] == "paper helped"


def test_a_lesson_without_exercises_is_done_once_opened_or_copied():
    assert summary([], exercises=(), copied=True)["state"] == "done"
    assert summary([event("hint", "winner", 3, "2")], exercises=("winner",))["hints"] == 2
