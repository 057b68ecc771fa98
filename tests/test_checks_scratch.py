"""The self-checks of the scratch lessons: a right answer passes, a wrong one fails with a
useful tip, a crashing one is reported (never raised); lesson 05's with plain functions and
numbers, lessons 06 to 08's with the student's own classes."""

import numpy as np
import pytest

import games
from games.checks.scratch import check_backward, check_cube, check_downhill, check_mul, check_sgd_step, check_slope


# The classes as lesson 06 builds them (one input) ...
class Variable:
    def __init__(self, data):
        self.data = data
        self.grad = None


class Function:
    def __call__(self, input):
        y = self.forward(input.data)
        self.input = input
        return Variable(y)


# ... and as lesson 07 builds them (several inputs, a creator).
class Variable2(Variable):
    def __init__(self, data):
        super().__init__(data)
        self.creator = None


class Function2:
    def __call__(self, *inputs):
        y = Variable2(self.forward(*[x.data for x in inputs]))
        y.creator = self
        self.inputs = inputs
        return y


def cube(backward):
    return type("Cube", (Function,), {"forward": lambda self, x: x ** 3, "backward": backward})


def mul(backward):
    return type("Mul", (Function2,), {"forward": lambda self, x0, x1: x0 * x1, "backward": backward})


# ------------------------------------------------------------------ lesson 05: slope
def forward_nudge(f, x):
    h = 0.001
    return (f(x + h) - f(x)) / h


def both_sides(f, x):
    h = 0.01
    return (f(x + h) - f(x - h)) / (2 * h)


@pytest.mark.parametrize("slope", [forward_nudge, both_sides])
def test_right_slope_passes_nudged_forward_or_to_both_sides(capsys, slope):
    assert check_slope(slope)
    assert "All 5 cases passed" in capsys.readouterr().out


@pytest.mark.parametrize("slope, tip", [
    (lambda f, x: f(x), "returned the value f(x)"),
    (lambda f, x: (f(x) - f(x + 0.001)) / 0.001, "sign is turned round"),
    (lambda f, x: f(x + 0.001) - f(x), "divide the change of f by h"),
    (lambda f, x: None, "does it end with `return`"),
])
def test_wrong_slope_fails_with_a_tip(capsys, slope, tip):
    assert not check_slope(slope)
    out = capsys.readouterr().out
    assert tip in out and "✗" in out


def test_the_lessons_start_of_slope_fails_and_a_crash_is_reported(capsys):
    assert not check_slope(lambda f, x: 0)  # the start: right only for the flat function
    assert "1 of 5 cases passed" in capsys.readouterr().out
    assert not check_slope(lambda f, x: (f(x + h) - f(x)) / h)  # noqa: F821 - h was never set
    assert "NameError" in capsys.readouterr().out


# ------------------------------------------------------------------ lesson 05: downhill
WEIGHTS = np.array([0, 1, 2, 3, 4])
LENGTH = np.array([5.0, 7.1, 8.9, 11.2, 12.8])


def error2(w, b):
    return np.mean((w * WEIGHTS + b - LENGTH) ** 2)


def downhill_with(slope_b, step_b):
    """The lesson's downhill, with its two missing lines given."""
    def downhill(w, b, lr):
        h = 0.001
        slope_w = (error2(w + h, b) - error2(w, b)) / h
        return w - lr * slope_w, step_b(b, lr, slope_b(w, b, h), slope_w)
    return downhill


def nudge_b(w, b, h):
    return (error2(w, b + h) - error2(w, b)) / h


def test_right_downhill_passes(capsys):
    assert check_downhill(downhill_with(nudge_b, lambda b, lr, slope_b, slope_w: b - lr * slope_b), error2)
    assert "All 3 cases passed" in capsys.readouterr().out


@pytest.mark.parametrize("slope_b, step_b, tip", [
    (nudge_b, lambda b, lr, slope_b, slope_w: b, "b did not move"),  # the lesson's start
    (lambda w, b, h: (error2(w + h, b + h) - error2(w, b)) / h, lambda b, lr, sb, sw: b - lr * sb,
     "nudged w and b together"),
    (nudge_b, lambda b, lr, slope_b, slope_w: b - lr * slope_w, "moved with the slope of w"),
    (nudge_b, lambda b, lr, slope_b, slope_w: b + lr * slope_b, "b went uphill"),
    (nudge_b, lambda b, lr, slope_b, slope_w: b - slope_b, "multiply slope_b by lr"),
])
def test_wrong_downhill_fails_with_a_tip(capsys, slope_b, step_b, tip):
    assert not check_downhill(downhill_with(slope_b, step_b), error2)
    out = capsys.readouterr().out
    assert tip in out and "✗" in out


def test_downhill_that_returns_one_knob_is_told_to_return_both(capsys):
    def downhill(w, b, lr):
        return w - lr * (error2(w + 0.001, b) - error2(w, b)) / 0.001

    assert not check_downhill(downhill, error2)
    assert "return w, b" in capsys.readouterr().out


def test_a_broken_error2_is_reported_not_raised(capsys):
    def broken(w, b):
        return np.mean((w * WEIGHTS + b - lenght) ** 2)  # noqa: F821 - the typo is the test

    assert not check_downhill(downhill_with(nudge_b, lambda b, lr, sb, sw: b - lr * sb), broken)
    assert "NameError" in capsys.readouterr().out


def test_downhill_tips_are_in_japanese_when_chosen(capsys):
    games.set_language("ja")
    assert not check_downhill(downhill_with(nudge_b, lambda b, lr, slope_b, slope_w: b), error2)
    out = capsys.readouterr().out
    assert "b が動いていません" in out and "ケース" in out


# ------------------------------------------------------------------ Cube
def test_right_cube_passes(capsys):
    assert check_cube(cube(lambda self, gy: 3 * self.input.data ** 2 * gy), Variable)
    assert "All 6 cases passed" in capsys.readouterr().out


@pytest.mark.parametrize("backward, tip", [
    (lambda self, gy: 3 * self.input.data ** 2, "multiply the local slope 3x² by gy"),
    (lambda self, gy: self.input.data ** 3 * gy, "backward returned x³"),
    (lambda self, gy: self.input, "use self.input.data"),
    (lambda self, gy: None, "did you forget `return`"),
])
def test_wrong_cube_fails_with_a_tip(capsys, backward, tip):
    result = check_cube(cube(backward), Variable)
    assert not result
    out = capsys.readouterr().out
    assert tip in out and "✗" in out


def test_crashing_cube_is_reported_not_raised(capsys):
    def backward(self, gy):
        return 3 * self.x ** 2 * gy  # self.x was never set

    assert not check_cube(cube(backward), Variable)
    out = capsys.readouterr().out
    assert "AttributeError" in out and "line" in out


def test_check_cube_works_with_the_packaged_autograd():
    from games.autograd import Function as PackagedFunction, Variable as PackagedVariable

    class Cube(PackagedFunction):
        def forward(self, x):
            return x ** 3

        def backward(self, gy):
            return 3 * self.inputs[0].data ** 2 * gy

    assert check_cube(Cube, PackagedVariable)


# ------------------------------------------------------------------ any function, numerically
def test_check_backward_measures_the_slope(capsys):
    sin = type("Sin", (Function,), {"forward": lambda self, x: np.sin(x),
                                    "backward": lambda self, gy: gy * np.cos(self.input.data)})
    assert check_backward(sin, Variable)
    wrong = type("Sin", (Function,), {"forward": lambda self, x: np.sin(x),
                                      "backward": lambda self, gy: gy * np.sin(self.input.data)})
    assert not check_backward(wrong, Variable)
    out = capsys.readouterr().out
    assert "about 0.0707372 (measured)" in out  # cos(-1.5)


def test_check_backward_reports_a_failing_forward(capsys):
    broken = type("Broken", (Function,), {"forward": lambda self, x: x.nothing,
                                          "backward": lambda self, gy: gy})
    assert not check_backward(broken, Variable)
    assert "AttributeError" in capsys.readouterr().out


# ------------------------------------------------------------------ Mul
def test_right_mul_passes():
    def backward(self, gy):
        x0, x1 = self.inputs
        return gy * x1.data, gy * x0.data

    assert check_mul(mul(backward), Variable2)


@pytest.mark.parametrize("backward, tip", [
    (lambda self, gy: (gy * self.inputs[0].data, gy * self.inputs[1].data), "swapped"),
    (lambda self, gy: (self.inputs[1].data, self.inputs[0].data), "Multiply both gradients by gy"),
    (lambda self, gy: gy * self.inputs[1].data, "returns two gradients"),
    (lambda self, gy: None, "returns two gradients"),
])
def test_wrong_mul_fails_with_a_tip(capsys, backward, tip):
    assert not check_mul(mul(backward), Variable2)
    assert tip in capsys.readouterr().out


def test_mul_given_something_that_is_not_a_class_is_explained(capsys):
    assert not check_mul("Mul", Variable2)
    assert "Give the check your function itself" in capsys.readouterr().out


# ------------------------------------------------------------------ sgd_step
def test_right_sgd_step_passes_both_ways_of_writing_it():
    def in_place(params, lr):
        for p in params:
            p.data -= lr * p.grad

    def new_array(params, lr):
        for p in params:
            p.data = p.data - lr * p.grad

    assert check_sgd_step(in_place) and check_sgd_step(new_array)


@pytest.mark.parametrize("update, tip", [
    (lambda p, lr: setattr(p, "data", p.data + lr * p.grad), "subtract lr · grad"),
    (lambda p, lr: setattr(p, "data", p.data - p.grad), "Multiply the gradient by lr"),
    (lambda p, lr: p.data - lr * p.grad, "Nothing changed"),
])
def test_wrong_sgd_step_fails_with_a_tip(capsys, update, tip):
    def sgd_step(params, lr):
        for p in params:
            update(p, lr)

    assert not check_sgd_step(sgd_step)
    assert tip in capsys.readouterr().out


def test_tips_are_in_japanese_when_chosen(capsys):
    games.set_language("ja")

    def sgd_step(params, lr):
        for p in params:
            p.data = p.data + lr * p.grad

    assert not check_sgd_step(sgd_step)
    out = capsys.readouterr().out
    assert "坂を上って" in out and "ケース" in out
