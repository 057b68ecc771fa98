"""The self-check framework itself: games.checks.run and its helpers."""

import numpy as np

import games
from games.checks import Case, plain, run
from games.envs.values import whole_number


def test_report_shows_numpy_numbers_as_plain_python(capsys):
    result = run(lambda: np.int64(2), [Case(expected=np.int64(3))])
    out = capsys.readouterr().out
    assert not result
    assert "expected 3, got 2" in out
    assert "np." not in out and "int64" not in out


def test_plain_goes_inside_lists_tuples_and_dicts():
    value = plain({np.int8(1): [np.float64(0.5), (np.bool_(True), "x")]})
    assert value == {1: [0.5, (True, "x")]}
    assert type(next(iter(value))) is int and type(value[1][0]) is float and type(value[1][1][0]) is bool


def test_whole_number_of_an_answer_refuses_booleans_and_fractions():
    def as_int(value):  # how the checks read an answer that should be a number
        return whole_number(value, floats=True)
    assert as_int(np.int64(4)) == 4 and as_int(np.array(5)) == 5 and as_int(6.0) == 6
    assert as_int(np.float64(7.0)) == 7 and as_int(np.array(8.0)) == 8
    assert as_int(True) is None and as_int(np.bool_(False)) is None
    assert as_int(2.5) is None and as_int("3") is None and as_int(None) is None
    assert as_int(float("nan")) is None and as_int(float("inf")) is None
    assert whole_number(6.0) is None  # without floats=True, only ints (as step and the options take)


def test_a_crash_is_explained_in_japanese(capsys):
    games.set_language("ja")
    try:
        result = run(lambda x: 1 / x, [Case(args=(0,), expected=1)])
    finally:
        games.set_language("en")
    out = capsys.readouterr().out
    assert not result
    assert "ZeroDivisionError" in out and "エラー" in out and "Traceback" not in out


def test_not_a_function_is_explained(capsys):
    assert not run(42, [Case(expected=1)])
    assert "42" in capsys.readouterr().out
