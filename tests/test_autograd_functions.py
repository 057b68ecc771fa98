"""games.autograd.functions: every function against central differences (float64), and known values."""

import numpy as np
import pytest

from games.autograd import ShapeError, Variable, gradient_check
from games.autograd import functions as F

SHAPES = [(), (4,), (2, 3), (2, 3, 4)]


def away_from_zero(shape, seed=0, low=0.1, high=2.0):
    """Random numbers with |x| in [low, high]: no kink of relu/clip/abs within eps."""
    rng = np.random.default_rng(seed)
    return rng.uniform(low, high, shape) * rng.choice([-1.0, 1.0], shape)


ELEMENTWISE = {
    "exp": F.exp, "sin": F.sin, "cos": F.cos, "tanh": F.tanh, "sigmoid": F.sigmoid,
    "relu": F.relu, "leaky_relu": F.leaky_relu, "leaky_relu(0.2)": lambda x: F.leaky_relu(x, 0.2),
    "clip": lambda x: F.clip(x, -1.5, 0.5), "square": lambda x: x ** 2, "cube": lambda x: x ** 3,
    "neg": lambda x: -x, "affine": lambda x: 3 * x - 1,
}


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("name", ELEMENTWISE)
def test_elementwise_gradients(name, shape):
    gradient_check(ELEMENTWISE[name], away_from_zero(shape))


@pytest.mark.parametrize("shape", SHAPES)
def test_log_sqrt_and_reciprocal_gradients(shape):
    x = np.abs(away_from_zero(shape)) + 0.2
    gradient_check(F.log, x)
    gradient_check(lambda v: v ** 0.5, x)
    gradient_check(lambda v: 1 / v, x)


def test_activation_values():
    x = np.array([-2.0, 0.0, 3.0])
    assert F.relu(x).data.tolist() == [0, 0, 3]
    assert F.leaky_relu(x, 0.1).data.tolist() == [-0.2, 0, 3]
    assert np.allclose(F.sigmoid(x).data, 1 / (1 + np.exp(-x)))
    assert F.sigmoid(np.array([-1000.0, 1000.0])).data.tolist() == [0.0, 1.0]  # no overflow
    assert F.clip(x, -1, 1).data.tolist() == [-1, 0, 1]


def test_relu_gradient_at_zero_is_zero():
    x = Variable(np.array([-1.0, 0.0, 2.0]))
    F.sum_of(F.relu(x)).backward()
    assert x.grad.tolist() == [0, 0, 1]


# ------------------------------------------------------------ shapes
@pytest.mark.parametrize("shape, new", [((2, 3), (3, 2)), ((2, 3, 4), (6, 4)), ((6,), (2, -1)), ((), (1, 1))])
def test_reshape_gradient(shape, new):
    gradient_check(lambda x: F.reshape(x, new), away_from_zero(shape))


@pytest.mark.parametrize("shape, axes", [((2, 3), None), ((2, 3, 4), (1, 2, 0)), ((2, 3, 4), (-1, 0, 1)), ((4,), None)])
def test_transpose_gradient(shape, axes):
    gradient_check(lambda x: F.transpose(x, axes), away_from_zero(shape))


@pytest.mark.parametrize("shape, index", [
    ((5,), 2), ((5,), slice(1, 4)), ((3, 4), (slice(None), 1)), ((3, 4), (np.array([0, 2, 0]), np.array([1, 3, 1]))),
    ((3, 4), np.array([2, 2, 0])), ((2, 3, 4), (Ellipsis, -1)),
])
def test_get_item_gradient(shape, index):
    gradient_check(lambda x: F.get_item(x, index), away_from_zero(shape))


def test_get_item_with_a_boolean_mask():
    x = away_from_zero((3, 4))
    gradient_check(lambda v: v[x > 0], x)


@pytest.mark.parametrize("shape, target", [((3,), (2, 3)), ((3, 1), (3, 4)), ((), (2, 2)), ((1, 3), (2, 4, 3))])
def test_broadcast_to_and_sum_to_gradients(shape, target):
    gradient_check(lambda x: F.broadcast_to(x, target), away_from_zero(shape))
    gradient_check(lambda x: F.sum_to(x, shape), away_from_zero(target))
    assert F.sum_to(np.ones(target), shape).shape == shape


# ------------------------------------------------------------ reductions
AXES = [None, 0, -1, (0, 1)]


@pytest.mark.parametrize("axis", AXES)
@pytest.mark.parametrize("keepdims", [False, True])
def test_sum_mean_max_min_gradients(axis, keepdims):
    x = away_from_zero((2, 3, 4), seed=3)  # distinct values: no ties
    for reduce, numpy_reduce in ((F.sum_of, np.sum), (F.mean, np.mean), (F.max_of, np.max), (F.min_of, np.min)):
        y = reduce(Variable(x), axis=axis, keepdims=keepdims)
        expected = numpy_reduce(x, axis=axis, keepdims=keepdims)
        assert y.shape == expected.shape and np.allclose(y.data, expected)
        gradient_check(lambda v: reduce(v, axis=axis, keepdims=keepdims), x)


def test_sum_and_mean_of_a_vector():
    gradient_check(F.sum_of, away_from_zero((5,)))
    gradient_check(F.mean, away_from_zero((5,)))


def test_max_sends_the_gradient_to_the_largest_and_shares_ties():
    x = Variable(np.array([[1.0, 3.0, 2.0], [5.0, 5.0, 0.0]]))
    F.sum_of(F.max_of(x, axis=1)).backward()
    assert x.grad.tolist() == [[0, 1, 0], [0.5, 0.5, 0]]
    x.cleargrad()
    F.min_of(x).backward()
    assert x.grad.tolist() == [[0, 0, 0], [0, 0, 1]]


def test_argmax_has_no_gradient_and_accepts_arrays():
    q = np.array([[0.1, 0.7, 0.2], [0.9, 0.0, 0.3]])
    assert F.argmax(Variable(q), axis=1).tolist() == [1, 0]
    assert F.argmax(q) == 3  # like numpy: the flat index without an axis
    assert isinstance(F.argmax(q, axis=1), np.ndarray)


# ------------------------------------------------------------ matrix products
@pytest.mark.parametrize("shape0, shape1", [
    ((2, 3), (3, 4)), ((3,), (3, 4)), ((2, 3), (3,)), ((3,), (3,)), ((1, 5), (5, 1)),
])
def test_matmul_gradient(shape0, shape1):
    gradient_check(F.matmul, away_from_zero(shape0, 1), away_from_zero(shape1, 2))


@pytest.mark.parametrize("x_shape", [(5, 3), (3,), (2, 5, 3)])
@pytest.mark.parametrize("bias", [True, False])
def test_linear_gradient(x_shape, bias):
    x, W, b = away_from_zero(x_shape, 1), away_from_zero((3, 4), 2), away_from_zero((4,), 3)
    if bias:
        gradient_check(F.linear, x, W, b)
        assert np.allclose(F.linear(x, Variable(W), b).data, x @ W + b)
    else:
        gradient_check(lambda x, W: F.linear(x, W), x, W)


@pytest.mark.parametrize("x_shape", [(33, 17), (17,), (3, 11, 17)])
def test_linear_in_float32_agrees_with_float64(x_shape):
    """float32 products go through matrix_product (in Pyodide: the SIMD kernel, for these sizes)."""
    def value_and_grads(dtype):
        x, W, b = (Variable(away_from_zero(shape, seed).astype(dtype)) for shape, seed in
                   [(x_shape, 1), ((17, 12), 2), ((12,), 3)])
        y = F.linear(x, W, b)
        F.sum_of(y * y).backward()
        return [y.data, x.grad, W.grad, b.grad]

    for single, double in zip(value_and_grads(np.float32), value_and_grads(np.float64)):
        assert single.dtype == np.float32
        assert np.allclose(single, double, rtol=1e-4, atol=1e-4)


def test_linear_skips_the_gradient_of_plain_data_but_not_of_a_variable():
    W, b = Variable(away_from_zero((3, 4), 2)), Variable(away_from_zero((4,), 3))
    data = away_from_zero((5, 3), 1)
    F.sum_of(F.linear(data, W, b)).backward()
    from_data = W.grad.copy()
    assert W.grad.shape == (3, 4) and b.grad.shape == (4,)
    W.cleargrad(), b.cleargrad()
    x = Variable(data.copy())
    F.sum_of(F.linear(x, W, b)).backward()
    assert np.allclose(W.grad, from_data)  # the weights' gradient is the same either way
    assert np.allclose(x.grad, np.ones((5, 4)) @ W.data.T)  # a Variable input still gets its gradient


def test_linear_shape_error():
    with pytest.raises(ShapeError, match=r"input has shape \(5, 2\).*must be 3"):
        F.linear(np.ones((5, 2)), Variable(np.ones((3, 4))))


def test_matmul_needs_vectors_or_matrices():
    with pytest.raises(ShapeError, match="1 or 2 axes"):
        F.matmul(np.ones((2, 2, 2)), Variable(np.ones((2, 2))))


# ------------------------------------------------------------ softmax and losses
@pytest.mark.parametrize("shape, axis", [((4,), -1), ((3, 5), 1), ((3, 5), 0), ((2, 3, 4), -1)])
def test_softmax_and_log_softmax(shape, axis):
    x = away_from_zero(shape, 4)
    expected = np.exp(x) / np.exp(x).sum(axis=axis, keepdims=True)
    assert np.allclose(F.softmax(x, axis).data, expected)
    assert np.allclose(F.log_softmax(x, axis).data, np.log(expected))
    gradient_check(lambda v: F.softmax(v, axis), x)
    gradient_check(lambda v: F.log_softmax(v, axis), x)


def test_softmax_is_stable_for_large_scores():
    y = F.softmax(np.array([[1000.0, 1000.0, -1000.0]]))
    assert np.allclose(y.data, [[0.5, 0.5, 0.0]])


def test_softmax_cross_entropy_equals_numpy():
    rng = np.random.default_rng(5)
    x, t = rng.standard_normal((6, 4)) * 3, rng.integers(0, 4, 6)
    p = np.exp(x) / np.exp(x).sum(axis=1, keepdims=True)
    expected = -np.mean(np.log(p[np.arange(6), t]))
    assert np.isclose(F.softmax_cross_entropy(x, t).data, expected)
    gradient_check(lambda v: F.softmax_cross_entropy(v, t), x)
    v = Variable(x)
    F.softmax_cross_entropy(v, t).backward()
    assert np.allclose(v.grad, (p - np.eye(4)[t]) / 6)


def test_softmax_cross_entropy_checks_labels():
    x = np.zeros((3, 4))
    with pytest.raises(ShapeError, match="from 0 to 3"):
        F.softmax_cross_entropy(x, np.array([0, 4, 1]))
    with pytest.raises(ShapeError, match="from 0 to 3"):
        F.softmax_cross_entropy(x, np.array([0.0, 1.0, 1.0]))
    with pytest.raises(ShapeError, match=r"\(n, classes\)"):
        F.softmax_cross_entropy(x, np.array([0, 1]))


@pytest.mark.parametrize("shape", [(), (5,), (4, 3)])
def test_mean_squared_error(shape):
    x0, x1 = away_from_zero(shape, 6), away_from_zero(shape, 7)
    assert np.isclose(F.mean_squared_error(x0, x1).data, np.mean((x0 - x1) ** 2))
    gradient_check(F.mean_squared_error, x0, x1)


@pytest.mark.parametrize("delta", [1.0, 0.5, 3.0])
def test_huber_loss(delta):
    x0 = np.array([0.0, 0.3, -2.0, 5.0, -0.7, 1.2])
    x1 = np.zeros(6)
    d = x0 - x1
    expected = np.where(np.abs(d) <= delta, 0.5 * d ** 2, delta * (np.abs(d) - 0.5 * delta)).mean()
    assert np.isclose(F.huber_loss(x0, x1, delta).data, expected)
    gradient_check(lambda a, b: F.huber_loss(a, b, delta), x0 + 0.01, away_from_zero((6,), 8) * 0.1)


def test_huber_gradient_is_capped_at_delta():
    x0 = Variable(np.array([10.0, -10.0, 0.5]))
    F.huber_loss(x0, np.zeros(3), delta=1.0).backward()
    assert np.allclose(x0.grad, np.array([1.0, -1.0, 0.5]) / 3)


def test_losses_refuse_shapes_that_would_broadcast():
    q, target = np.zeros((32, 1)), np.zeros(32)
    for loss in (F.mean_squared_error, F.huber_loss):
        with pytest.raises(ShapeError, match=r"\(32, 1\) and \(32,\)"):
            loss(Variable(q), target)


def test_dqn_style_chosen_action_values():
    rng = np.random.default_rng(9)
    q, actions, target = rng.standard_normal((5, 3)), np.array([0, 2, 2, 1, 0]), rng.standard_normal(5)
    gradient_check(lambda v: F.huber_loss(v[np.arange(5), actions], target), q)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_relu_and_clip_backward_are_gy_times_the_mask_to_the_last_bit(dtype):
    """Their backward multiplies by the 0/1 mask with the dtype given (fast in the browser): the textbook's bits."""
    rng = np.random.default_rng(5)
    x = rng.standard_normal((32, 64)).astype(dtype)
    x[0, :4] = 0.0  # the edge: ReLU's gradient is 0 at 0
    gy = rng.standard_normal((32, 64)).astype(dtype)
    x[1, :2] = -1.0  # masked out: -0.0 × 0 keeps its sign (np.where would not)
    gy[1, :4] = [-0.0, -1e-30, -0.0, 1e-30]
    for function, mask in [(F.ReLU(), x > 0), (F.Clip(-0.5, 0.5), (x >= -0.5) & (x <= 0.5))]:
        function(Variable(x))
        gx = function.backward(gy)
        expected = gy * mask
        assert gx.dtype == expected.dtype and gx.tobytes() == expected.tobytes()
