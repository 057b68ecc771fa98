"""The self-checks of the scratch lessons: a right answer passes, a wrong one fails with a
useful tip, a crashing one is reported (never raised), with the student's own classes."""

import numpy as np
import pytest

import games
from games.checks.scratch import check_backward, check_cube, check_mul, check_sgd_step


# The classes as lesson 05 builds them (one input) ...
class Variable:
    def __init__(self, data):
        self.data = data
        self.grad = None


class Function:
    def __call__(self, input):
        y = self.forward(input.data)
        self.input = input
        return Variable(y)


# ... and as lesson 06 builds them (several inputs, a creator).
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
