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


def test_not_yet_in_the_reflection_is_read_with_the_plan_and_answers():
    entries = [event("opened"), event("passed", "winner", 20),
               event("plan", detail=json.dumps({"goal": "<b>mine</b>", "minutes": 30})),
               event("answer", "10.lines", 3, json.dumps({"answer": 8, "right": True})),
               event("answer", "10.who_wins", 4, json.dumps({"answer": "B", "right": False})),
               event("answer", "10.broken", 5, "not json"),
               event("reflect", detail=json.dumps({"ratings": ["can", "not_yet"], "line": "paper helped"}))]
    found = summary(entries)
    # every check passed: the "not yet" is shown, not flagged (issue 36)
    assert found["stuck"] == [] and found["notes"] == ["not_yet"]
    assert found["goal"] == "<b>mine</b>" and found["expected"] == 30
    assert (found["right"], len(found["answers"])) == (1, 2)
    assert found["ratings"] == ["can", "not_yet"] and found["line"] == "paper helped"


def test_a_lesson_without_exercises_is_done_once_opened_or_copied():
    assert summary([], exercises=(), copied=True)["state"] == "done"
    assert summary([event("hint", "winner", 3, "2")], exercises=("winner",))["hints"] == 2


# ---------------------------------------------------------------- the stuck flag a teacher trusts (issue 36)

START = {"winner": ["start0"]}


def failed(minute, code):
    return event("failed", "winner", minute, json.dumps({"failed": 4, "cases": 16, "code": code}))


def flags(entries, saved="2026-05-01T10:00:00.000Z", starts=START):
    script = (SUMMARY.read_text(encoding="utf-8")
              + f"\nconsole.log(JSON.stringify(gameAiLabSummary.lesson({json.dumps(entries)}, ['winner'], false, "
                f"{json.dumps({'starts': starts, 'saved': saved, 'predictions': ['10.who_wins']})})));")
    result = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_unchanged_start_and_reruns_on_the_same_code_are_not_tries():
    reruns = [event("opened"), failed(1, "start0"), failed(2, "start0"), failed(3, "a"), failed(4, "a"),
              failed(5, "b"), failed(6, "b"), failed(7, "start0")]
    found = flags(reruns)
    assert (found["failed"], found["tries"], found["stuck"]) == (7, 2, [])
    assert flags(reruns + [failed(8, "c")])["stuck"] == ["failing"]
    assert flags(reruns + [failed(8, "c")], starts={})["tries"] == 4  # without the start's fingerprint it counts
    # a file made before fingerprints: each failure is a try, as before
    assert flags([event("failed", "winner", m, "4/16") for m in range(3)])["stuck"] == ["failing"]


def test_a_run_all_after_passing_is_not_a_try():
    passed = event("passed", "winner", 9, json.dumps({"code": "mine"}))
    found = flags([event("opened"), failed(1, "start0"), passed, failed(20, "start0"), failed(21, "start0")])
    assert (found["tries"], found["stuck"], found["state"]) == (0, [], "done")


def test_silent_is_apart_from_stuck_and_needs_15_minutes():
    opened = [event("opened", minute=0)]
    assert flags(opened, saved="2026-05-01T09:14:00.000Z")["silent"] is False
    found = flags(opened, saved="2026-05-01T09:16:00.000Z")
    assert found["silent"] is True and found["stuck"] == []
    plan = event("plan", detail=json.dumps({"goal": "g", "minutes": 30}))
    assert flags(opened + [plan], saved="2026-05-01T09:30:00.000Z")["silent"] is True  # a goal alone is not work
    answer = event("answer", "10.who_wins", 2, json.dumps({"answer": "A", "right": True}))
    assert flags(opened + [answer])["silent"] is False
    assert flags([event("hint", "winner", 3, "1")])["silent"] is False  # never opened here: no clock to read


def test_not_yet_after_every_check_passed_is_shown_not_flagged():
    reflect = event("reflect", detail=json.dumps({"ratings": ["can", "not_yet"], "line": "ok"}))
    done = flags([event("opened"), event("passed", "winner", 9), reflect])
    assert done["stuck"] == [] and done["notes"] == ["not_yet"]
    assert flags([event("opened"), reflect])["stuck"] == ["not_yet"]


def test_predictions_apart_from_questions_and_hints_before_the_solution():
    entries = [event("opened"), event("answer", "10.who_wins", 1, json.dumps({"answer": "A", "right": True})),
               event("answer", "10.lines", 2, json.dumps({"answer": 7, "right": False})),
               event("hint", "winner", 3, "2"), event("solution", "winner", 5), event("passed", "winner", 9)]
    found = flags(entries)
    assert found["predictions"] == {"n": 1, "right": 1, "before": 0, "unknown": 1}
    assert found["concepts"] == {"n": 1, "right": 0}
    assert found["hintsBeforeSolution"] == 2 and found["stuck"] == []


def test_predictions_answered_before_running_are_counted_and_old_answers_are_unknown():
    def answer(key, minute, **timing):
        return event("answer", key, minute, json.dumps({"answer": "A", "right": True, **timing}))
    options = {"predictions": ["10.who_wins", "10.taken_square", "10.old"]}
    entries = [answer("10.who_wins", 1, before_run=True), answer("10.taken_square", 2, before_run=False),
               answer("10.old", 3), answer("10.lines", 4, before_run=True)]  # 10.lines: not a prediction
    script = (SUMMARY.read_text(encoding="utf-8")
              + f"\nconsole.log(JSON.stringify(gameAiLabSummary.lesson({json.dumps(entries)}, ['winner'], false, "
                f"{json.dumps(options)})));")
    result = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert found["predictions"] == {"n": 3, "right": 3, "before": 1, "unknown": 1}
    assert found["concepts"] == {"n": 1, "right": 1}


def test_two_files_of_one_student_merge_event_by_event():
    one = [dict(event("opened"), lesson="en/x", last="2026-05-01T09:00:00.000Z"),
           dict(failed(3, "a"), lesson="en/x", each=True, last="2026-05-01T09:03:00.000Z")]
    two = [dict(event("opened", minute=30), lesson="en/x", last="2026-05-01T09:30:00.000Z"),
           dict(failed(3, "a"), lesson="en/x", each=True, last="2026-05-01T09:03:00.000Z"),
           dict(failed(31, "b"), lesson="en/x", each=True, last="2026-05-01T09:31:00.000Z")]
    script = (SUMMARY.read_text(encoding="utf-8")
              + f"\nconsole.log(JSON.stringify(gameAiLabSummary.merged([{json.dumps(one)}, {json.dumps(two)}])));")
    merged = json.loads(subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60).stdout)
    assert len(merged) == 3  # opened once, the shared failure once, the new one
    opened = next(e for e in merged if e["kind"] == "opened")
    assert (opened["first"], opened["last"]) == ("2026-05-01T09:00:00.000Z", "2026-05-01T09:30:00.000Z")
