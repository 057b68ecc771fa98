"""Two routes through learning from scratch (issue 35): the main route needs only 中学 mathematics,
the advanced route (発展, lessons marked ``"advanced": true``) may use e^x, log, sin, cos and tanh.

No lesson outside the advanced route uses those functions, in its code or in its markdown's
mathematics, and no lesson that trains an agent needs (directly or through its needs) a lesson
that does: a 中学 class reaches the game AIs on the main route.
"""

import ast
import json
import re

import pytest

from conftest import CONTENT, content_notebooks
from sitebuild.lesson_facts import lesson_facts

# beyond 中学 mathematics: exponentials, logarithms, trigonometry and the curves made of them
BEYOND = {"exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "arcsin", "arccos", "arctan",
          "sinh", "cosh", "tanh", "sigmoid", "softmax", "log_softmax"}
MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.S)
MATH_WORDS = re.compile(r"\\(sin|cos|tan|tanh|exp|log|ln)\b|(?<![A-Za-z\\])e\s*\^")
LESSONS = [path for path in content_notebooks() if re.match(r"(en|ja)/\d\d_", path)]


def read(path):
    return json.loads((CONTENT / path).read_text(encoding="utf-8"))


def beyond_in_code(source):
    """The uses of BEYOND in a code cell: ``np.exp``, ``math.sin``, ``F.tanh``, ``exp`` (imported by
    name), or a name given as text (``activation="tanh"``)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in BEYOND:
            found.add(ast.unparse(node))
        elif isinstance(node, ast.Name) and node.id in BEYOND:
            found.add(node.id)
        elif isinstance(node, ast.alias) and node.name.rsplit(".", 1)[-1] in BEYOND:
            found.add(f"import {node.name}")
        elif isinstance(node, ast.Constant) and node.value in BEYOND:
            found.add(repr(node.value))
    return found


def beyond_in_markdown(source):
    """The functions of BEYOND written in a markdown cell's mathematics (``$\\sin x$``, ``$e^x$``)."""
    found = set()
    for display, inline in MATH.findall(source):
        for match in MATH_WORDS.finditer(display or inline):
            found.add("$" + match.group(0).replace(" ", "") + "$")
    return found


def beyond(path):
    """Everything beyond 中学 mathematics that lesson ``path`` uses."""
    found = set()
    for cell in read(path)["cells"]:
        source = "".join(cell["source"])
        found |= beyond_in_code(source) if cell["cell_type"] == "code" else beyond_in_markdown(source)
    return found


def trains_an_agent(path):
    """A lesson whose code uses the learning package ``dqn`` or calls a ``train`` function."""
    for cell in read(path)["cells"]:
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse("".join(cell["source"]))):
            name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", None)
            if (name == "dqn" or (isinstance(node, ast.alias) and node.name.endswith("dqn"))
                    or (isinstance(node, ast.Call) and ast.unparse(node.func).split(".")[-1] == "train")):
                return True
    return False


def facts_of(language):
    """{number: (path, facts)} of the lessons of one language."""
    return {path.split("/")[1][:2]: (path, lesson_facts(read(path), path))
            for path in LESSONS if path.startswith(language + "/")}


def all_needs(number, facts):
    """The lessons ``number`` needs, directly or through their needs."""
    found, todo = set(), list(facts[number][1]["needs"])
    while todo:
        needed = todo.pop()
        if needed not in found and needed in facts:
            found.add(needed)
            todo.extend(facts[needed][1]["needs"])
    return found


@pytest.mark.parametrize("path", LESSONS)
def test_no_lesson_outside_the_advanced_route_goes_beyond_junior_high_mathematics(path):
    if lesson_facts(read(path), path)["advanced"]:
        pytest.skip("a lesson of the advanced route (発展)")
    assert not beyond(path), f"{path} uses {sorted(beyond(path))}: only the advanced route may"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_lesson_that_trains_an_agent_needs_no_lesson_beyond_junior_high_mathematics(language):
    facts = facts_of(language)
    training = [number for number, (path, _) in facts.items() if trains_an_agent(path)]
    assert {"13", "23", "33", "43", "53"} <= set(training), training
    for number in training:
        for needed in all_needs(number, facts):
            path = facts[needed][0]
            assert not beyond(path), f"{facts[number][0]} needs {path}, which uses {sorted(beyond(path))}"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_no_lesson_outside_the_advanced_route_needs_one_of_it(language):
    facts = facts_of(language)
    advanced = {number for number, (_, lesson) in facts.items() if lesson["advanced"]}
    assert advanced == {"06", "07", "08"}
    for number, (path, lesson) in facts.items():
        needed = all_needs(number, facts) & advanced
        if not lesson["advanced"]:
            assert not needed, f"{path} needs {sorted(needed)}, of the advanced route"


def test_the_lessons_that_train_an_agent_need_lesson_05():
    facts = facts_of("en")
    for number in ("13", "23", "33", "43", "53"):
        assert "05" in facts[number][1]["needs"], number


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_first_trained_agent_on_day_one_and_a_learning_lesson_within_eight_periods(language):
    """Day one is the welcome (00) and lesson 01, which trains an agent; from the first Python lesson
    (02), every lesson that trains an agent is reached in at most 8 periods: the lesson itself and all it
    needs, less the day-one lessons (today: 02-05 and the game's 4 lessons)."""
    facts = facts_of(language)
    assert trains_an_agent(facts["01"][0]) and all_needs("01", facts) <= {"00"}
    for number in ("13", "23", "33", "43", "53"):
        periods = sorted(all_needs(number, facts) - {"00", "01"}) + [number]
        assert len(periods) <= 8, f"{facts[number][0]} is {len(periods)} periods from lesson 02: {periods}"


def test_what_goes_beyond_is_found_in_code_and_in_mathematics():
    assert beyond_in_code("y = np.exp(x) + math.sin(x)") == {"np.exp", "math.sin"}
    assert beyond_in_code("from math import cos\ny = cos(1)") == {"import cos", "cos"}
    assert beyond_in_code('model = MLP((4, 1), activation=F.tanh)\nact = "tanh"') == {"F.tanh", "'tanh'"}
    assert beyond_in_code("y = x ** 2 + np.mean(x) + slope(f, 1)\nexpected = 3") == set()
    assert beyond_in_markdown("$y = e^{x^2}$ and $$\\sin x + \\cos x$$") == {"$e^$", "$\\sin$", "$\\cos$"}
    assert beyond_in_markdown("$y = x^2$, the error (we^2 is not e^), and the word sin outside maths") == set()


@pytest.mark.parametrize("language, label", [("en", "Advanced"), ("ja", "発展")])
def test_the_map_labels_the_lessons_of_the_advanced_route(language, label):
    from sitebuild import course
    lessons = course.read_course(CONTENT)[language]
    page = course.course_map(lessons, "./", language, {})
    items = {re.search(r'data-path="\w\w/(\d\d)_', item).group(1): item for item in page.split("<li>")[1:]}
    labelled = {number for number, item in items.items() if f'<span class="advanced">{label}</span>' in item}
    assert labelled == {"06", "07", "08"}
