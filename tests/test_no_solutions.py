"""`python build.py --no-solutions`: the games wheel is built without the solutions, so that
games.solution() says the teacher holds them (the hints stay), and the teachers' site has no
page of them. The wheel carries every lesson's facts for games.plan either way."""

import json
import subprocess
import sys
import zipfile

import pytest

from sitebuild.class_view import leave_out_solutions
from sitebuild.command_line import parse_args
from sitebuild.games_wheel import build_games_wheel


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory):
    """The games package as a site without solutions has it, unpacked into a folder of its own."""
    work = tmp_path_factory.mktemp("no-solutions")
    wheel = build_games_wheel(work, solutions=False)["path"]
    folder = work / "installed"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        archive.extractall(folder)
    return folder, names


def run_python(folder, code):
    # run from the folder, so that `import games` finds this copy and not the checkout's
    result = subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_wheel_has_no_solutions_but_every_lessons_facts(unpacked):
    folder, names = unpacked
    assert not [name for name in names if "/solutions/" in name]
    facts = json.loads((folder / "games" / "learning_cycle" / "lesson_facts.json").read_text(encoding="utf-8"))
    assert facts["ja"]["10"]["file"] == "10_tictactoe_1_env.ipynb" and len(facts["en"]["10"]["objectives"]) == 3
    out = run_python(folder, "import games\nprint(games.__file__)\ngames.plan('10', goal=1, minutes=20)")
    assert str(folder) in out and "Today's goal: I can say how a computer stores" in out


def test_the_student_is_told_the_teacher_holds_the_solutions_and_the_hints_stay(unpacked):
    folder, _ = unpacked
    out = run_python(folder, "import games\ngames.set_language('ja')\n"
                             "games.checks.tictactoe.check_winner(lambda board: 0)\n"
                             "games.solution()\n" + "games.hint()\n" * 3)
    assert "答えの例は先生が持っています" in out and "def winner" not in out
    assert "ヒント 3 / 3" in out and "先生に聞いてください" in out
    assert "games.solution()" not in out.replace("games.hint()", "")  # nothing points to what is not here


def test_the_teachers_site_loses_its_page_of_solutions(tmp_path):
    for language in ("en", "ja"):
        (tmp_path / "teachers" / language / "solutions").mkdir(parents=True)
        (tmp_path / "teachers" / language / "solutions" / "index.html").write_text("solutions")
        (tmp_path / "teachers" / language / "index.html").write_text("the teachers' page")
    leave_out_solutions(tmp_path)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.html")) == [
        "teachers/en/index.html", "teachers/ja/index.html"]


def test_the_option_of_build_py():
    assert parse_args(["--no-solutions"]).solutions is False and parse_args([]).solutions is True
