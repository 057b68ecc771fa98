"""games.autograd.core: Variable, Function, backward order, no_grad, operators, broadcasting."""

import doctest
import gc
import weakref

import numpy as np
import pytest

import games
import games.autograd as ag
from games.autograd import Function, ShapeError, Variable, no_grad, using_config
from games.autograd import functions as F
from games.autograd.core import AutogradTypeError, unbroadcast


def var(*values):
    return [Variable(np.array(v, dtype=np.float64)) for v in values]


# ------------------------------------------------------------ known values
def test_polynomial_first_derivative_is_24_at_2():
    x, = var(2.0)
    y = x ** 4 - 2 * x ** 2
    y.backward()
    assert y.data == 8.0
    assert x.grad == 24.0
    assert isinstance(x.grad, np.ndarray) and isinstance(y.data, np.ndarray)  # not numpy scalars


def test_rosenbrock_gradient_at_0_2():
    x0, x1 = var(0.0, 2.0)
    y = 100 * (x1 - x0 ** 2) ** 2 + (x0 - 1) ** 2
    y.backward()
    assert (x0.grad, x1.grad) == (-2.0, 400.0)


def test_goldstein_price_gradient_at_1_1():
    x, y = var(1.0, 1.0)
    z = (1 + (x + y + 1) ** 2 * (19 - 14 * x + 3 * x ** 2 - 14 * y + 6 * x * y + 3 * y ** 2)) * \
        (30 + (2 * x - 3 * y) ** 2 * (18 - 32 * x + 12 * x ** 2 + 48 * y - 36 * x * y + 27 * y ** 2))
    z.backward()
    assert (x.grad, y.grad) == (-5376.0, 8064.0)


def test_exp_of_square_chain_rule():
    x, = var(0.5)
    y = F.exp(x ** 2)
    y.backward()
    assert np.isclose(x.grad, 2 * 0.5 * np.exp(0.25))


def test_docstring_examples_run():
    for module in (ag, ag.layers):
        assert doctest.testmod(module).failed == 0


# ------------------------------------------------------------ graph structure
def test_variable_used_twice_adds_gradients():
    x, = var(3.0)
    (x + x).backward()
    assert x.grad == 2.0
    x.cleargrad()
    (x * x * x).backward()
    assert x.grad == 27.0


def test_gradients_accumulate_until_cleared():
    x, = var(3.0)
    (x * 2).backward()
    (x * 2).backward()
    assert x.grad == 4.0
    x.cleargrad()
    (x * 2).backward()
    assert x.grad == 2.0


class Logged(Function):
    """y = 2x, writing its name into a shared log when its backward runs."""

    def __init__(self, name, log):
        self.name, self.log = name, log

    def forward(self, x):
        return 2 * x

    def backward(self, gy):
        self.log.append(self.name)
        return 2 * gy


def test_diamond_graph_runs_each_function_once_in_generation_order():
    #        ┌─ b ─ d ─┐
    # x ─ a ─┤         ├─ y      a must wait for both branches, even the longer one
    #        └─ c ─────┘
    log = []
    x, = var(1.0)
    a = Logged("a", log)(x)
    b = Logged("b", log)(a)
    d = Logged("d", log)(b)
    c = Logged("c", log)(a)
    y = d + c
    y.backward()
    assert sorted(log) == ["a", "b", "c", "d"]
    assert log[-1] == "a"
    assert log.index("d") < log.index("b")
    assert x.grad == 12.0  # y = d + c = 4a + 2a = 12x
    assert [v.generation for v in (x, a, b, d, c, y)] == [0, 1, 2, 3, 2, 4]


def test_diamond_of_squares_gives_64():
    x, = var(2.0)
    a = x ** 2
    y = a ** 2 + a ** 2  # y = 2x⁴, dy/dx = 8x³
    y.backward()
    assert y.data == 32.0
    assert x.grad == 64.0


class SplitHalves(Function):
    """Two outputs: the first and the second half of a vector."""

    def forward(self, x):
        half = len(x) // 2
        return x[:half], x[half:]

    def backward(self, g_first, g_second):
        n = len(self.inputs[0].data) // 2
        first = np.zeros(n) if g_first is None else g_first
        second = np.zeros(n) if g_second is None else g_second
        return np.concatenate([first, second])


def test_function_with_two_outputs():
    x = Variable(np.arange(4.0))
    first, second = SplitHalves()(x)
    y = F.sum_of(first * 3) + F.sum_of(second * second)
    y.backward()
    assert x.grad.tolist() == [3.0, 3.0, 4.0, 6.0]
    x.cleargrad()
    first, second = SplitHalves()(x)
    F.sum_of(second).backward()  # the first output gets no gradient: backward sees None
    assert x.grad.tolist() == [0.0, 0.0, 1.0, 1.0]


def test_outputs_are_weak_references_so_no_cycle_keeps_them_alive():
    x, = var(1.0)
    y = F.exp(x)
    function = y.creator
    assert function.outputs[0]() is y
    gc.disable()
    try:
        ref = weakref.ref(y)
        del y
        assert ref() is None  # freed by reference counting alone
    finally:
        gc.enable()
    assert function.outputs[0]() is None


def test_retain_grad_keeps_intermediate_gradients():
    x, = var(2.0)
    a = x * 3
    y = a * a
    y.backward()
    assert a.grad is None and y.grad is None and x.grad == 36.0
    x.cleargrad()
    a = x * 3
    y = a * a
    y.backward(retain_grad=True)
    assert a.grad == 12.0 and y.grad == 1.0 and x.grad == 36.0


def test_no_grad_builds_no_graph():
    x, = var(2.0)
    with no_grad():
        y = F.tanh(x * x + 1)
    assert y.creator is None and y.generation == 0
    assert ag.Config.enable_backprop
    y.backward()
    assert x.grad is None
    z = x * x
    assert z.creator is not None and z.creator.inputs[0] is x


def test_using_config_restores_the_setting_after_an_error():
    with pytest.raises(RuntimeError):
        with using_config("dtype", np.float64):
            assert ag.Config.dtype == np.float64
            raise RuntimeError
    assert ag.Config.dtype == np.float32


# ------------------------------------------------------------ operators
def test_operators_with_scalars_and_arrays_on_both_sides():
    x = Variable(np.array([1.0, 2.0, 4.0]))
    a = np.array([2.0, 2.0, 2.0])
    cases = {
        "x + 1": (x + 1, [2, 3, 5]), "1 + x": (1 + x, [2, 3, 5]),
        "x - 1": (x - 1, [0, 1, 3]), "1 - x": (1 - x, [0, -1, -3]),
        "x * 2": (x * 2, [2, 4, 8]), "2 * x": (2 * x, [2, 4, 8]),
        "x / 2": (x / 2, [0.5, 1, 2]), "2 / x": (2 / x, [2, 1, 0.5]),
        "x ** 2": (x ** 2, [1, 4, 16]), "-x": (-x, [-1, -2, -4]),
        "a + x": (a + x, [3, 4, 6]), "a - x": (a - x, [1, 0, -2]),
        "a * x": (a * x, [2, 4, 8]), "a / x": (a / x, [2, 1, 0.5]),
        "x - a": (x - a, [-1, 0, 2]),
    }
    for text, (y, expected) in cases.items():
        assert isinstance(y, Variable), text
        assert y.data.tolist() == expected, text


def test_reversed_operator_gradients():
    x, = var([1.0, 2.0, 4.0])
    F.sum_of(2 / x + np.array([1.0, 2.0, 3.0]) * x - (3 - x)).backward()
    assert np.allclose(x.grad, -2 / x.data ** 2 + np.array([1.0, 2.0, 3.0]) + 1)


def test_matmul_operator_both_ways():
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((2, 3)), rng.standard_normal((3, 4))
    x = Variable(a)
    assert np.allclose((x @ b).data, a @ b)
    assert np.allclose((b.T @ x.T).data, b.T @ a.T)
    F.sum_of(x @ b).backward()
    assert np.allclose(x.grad, np.ones((2, 4)) @ b.T)


def test_indexing_and_methods():
    x = Variable(np.arange(6.0).reshape(2, 3))
    assert x[1].data.tolist() == [3, 4, 5]
    assert x[:, 1:].shape == (2, 2)
    assert x.T.shape == (3, 2) and x.transpose(1, 0).shape == (3, 2)
    assert x.reshape(3, 2).shape == (3, 2) and x.reshape((6,)).shape == (6,)
    assert x.sum().data == 15 and x.sum(axis=0).data.tolist() == [3, 5, 7]
    assert x.mean().data == 2.5 and x.max().data == 5 and x.min(axis=1).data.tolist() == [0, 3]
    assert (x.shape, x.ndim, x.size, len(x), x.dtype) == ((2, 3), 2, 6, 2, np.float64)
    y = x[np.array([0, 0, 1]), np.array([2, 2, 0])]  # the same element twice
    F.sum_of(y).backward()
    assert x.grad.tolist() == [[0, 0, 2], [1, 0, 0]]


def test_repr_and_name():
    assert repr(Variable(np.array([1.0, 2.0]))) == "variable([1. 2.])"
    assert repr(Variable(None)) == "variable(None)"
    assert Variable(np.array(1.0), name="x").name == "x"


# ------------------------------------------------------------ broadcasting
@pytest.mark.parametrize("shape0, shape1", [
    ((3, 1), (1, 4)), ((2, 3), ()), ((2, 3), (3,)), ((2, 1, 3), (4, 1)), ((3,), (2, 3)),
])
def test_broadcast_gradients_have_input_shapes(shape0, shape1):
    rng = np.random.default_rng(1)
    for op in (lambda a, b: a + b, lambda a, b: a - b, lambda a, b: a * b, lambda a, b: a / b):
        x0 = rng.uniform(0.5, 2.0, shape0)
        x1 = rng.uniform(0.5, 2.0, shape1)
        ag.gradient_check(op, x0, x1)
        v0, v1 = Variable(x0), Variable(x1)
        F.sum_of(op(v0, v1)).backward()
        assert v0.grad.shape == shape0 and v1.grad.shape == shape1


def test_broadcast_add_gradient_values():
    x0 = Variable(np.zeros((3, 1)))
    x1 = Variable(np.zeros((1, 4)))
    F.sum_of(x0 + x1).backward()
    assert x0.grad.tolist() == [[4], [4], [4]]
    assert x1.grad.tolist() == [[3, 3, 3, 3]]


def test_unbroadcast_sums_stretched_axes():
    g = np.arange(24.0).reshape(2, 3, 4)
    assert unbroadcast(g, (2, 3, 4)) is g
    assert np.array_equal(unbroadcast(g, (4,)), g.sum(axis=(0, 1)))
    assert np.array_equal(unbroadcast(g, (3, 1)), g.sum(axis=(0, 2)).reshape(3, 1))
    assert np.array_equal(unbroadcast(g, ()), g.sum())


# ------------------------------------------------------------ dtypes
def test_float32_stays_float32_with_python_numbers():
    x = Variable(np.array([1.0, 2.0], dtype=np.float32))
    for y in (x + 1, 1 - x, x * 2.5, 2.5 / x, x ** 2, -x, F.tanh(x) * 0.5):
        assert y.dtype == np.float32
    F.sum_of(x * 3.0 + x ** 2).backward()
    assert x.grad.dtype == np.float32


def test_python_numbers_become_float64_variables():
    assert Variable(2).data.dtype == np.float64
    assert Variable(2.5).data == 2.5
    assert Variable(np.float32(1)).data.dtype == np.float32


# ------------------------------------------------------------ student errors
@pytest.mark.parametrize("bad", [[1.0, 2.0], "3", (1, 2), {"a": 1}])
def test_variable_refuses_lists_and_strings_with_a_helpful_message(bad):
    with pytest.raises(AutogradTypeError, match="np.array"):
        Variable(bad)
    with pytest.raises(TypeError):
        Variable(np.array(1.0)) + bad


def test_errors_in_japanese():
    games.set_language("ja")
    with pytest.raises(AutogradTypeError, match="numpy の配列か数"):
        Variable([1, 2])
    with pytest.raises(ShapeError, match="左の最後の大きさ"):
        Variable(np.ones((2, 3))) @ np.ones((4, 5))


def test_matmul_shape_error_names_the_shapes():
    with pytest.raises(ShapeError, match=r"\(2, 3\) and \(4, 5\).*\(3\).*\(4\)"):
        Variable(np.ones((2, 3))) @ Variable(np.ones((4, 5)))


def test_broadcast_error_names_the_shapes():
    with pytest.raises(ShapeError, match=r"Add: the shapes \(2, 3\), \(4,\)"):
        Variable(np.ones((2, 3))) + np.ones(4)


def test_power_needs_a_number():
    x, = var(2.0)
    with pytest.raises(AutogradTypeError, match="plain number"):
        x ** x
    assert (x ** 0.5).data == np.sqrt(2.0)


def test_shapes_that_do_not_broadcast_get_the_rule_not_numpy_words():
    from games.autograd.core import ShapeError
    with pytest.raises(ShapeError, match=r"Mul: the shapes \(3,\), \(4,\) do not fit together"
                                         r".*equal, or one of them must be 1"):
        Variable(np.ones(3)) * Variable(np.ones(4))
    with pytest.raises(ShapeError, match="Sub"):
        np.ones((2, 3)) - Variable(np.ones((4,)))


def test_no_python_builtin_is_shadowed_by_the_autograd_modules():
    import builtins

    from games.autograd import core, functions
    for module in (core, functions):
        assert not set(vars(module)) & set(dir(builtins)) - {"__doc__", "__name__", "__file__", "__loader__",
                                                              "__package__", "__spec__", "__builtins__"}
