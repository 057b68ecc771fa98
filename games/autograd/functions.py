"""The functions a small neural network needs, each with its local derivative rule.

Every function is a ``Function`` subclass (forward and backward side by side, the rule
in its docstring) plus a lowercase helper that students call::

    import games.autograd.functions as F
    y = F.tanh(x)          # Tanh()(x)
    loss = F.mean_squared_error(y, t)

In a rule, ``gy`` is d(result)/dy arriving from later in the graph, and the chain rule
gives d(result)/dx = gy * dy/dx.
"""

import numpy as np

from ..messages import tr
from .core import Function, ShapeError, Variable, as_variable, unbroadcast
from .matrix_product import matrix_product


def _shape_error(en, ja, **fields):
    return ShapeError(tr(en=en, ja=ja, **fields))


# ============================================================== elementwise
class Exp(Function):
    """y = exp(x);   dy/dx = exp(x) = y"""

    def forward(self, x):
        self.y = np.exp(x)
        return self.y

    def backward(self, gy):
        return gy * self.y


class Log(Function):
    """y = log(x);   dy/dx = 1 / x"""

    def forward(self, x):
        return np.log(x)

    def backward(self, gy):
        return gy / self.inputs[0].data


class Sin(Function):
    """y = sin(x);   dy/dx = cos(x)"""

    def forward(self, x):
        return np.sin(x)

    def backward(self, gy):
        return gy * np.cos(self.inputs[0].data)


class Cos(Function):
    """y = cos(x);   dy/dx = -sin(x)"""

    def forward(self, x):
        return np.cos(x)

    def backward(self, gy):
        return gy * -np.sin(self.inputs[0].data)


class Tanh(Function):
    """y = tanh(x);   dy/dx = 1 - y²"""

    def forward(self, x):
        self.y = np.tanh(x)
        return self.y

    def backward(self, gy):
        return gy * (1 - self.y * self.y)


class Sigmoid(Function):
    """y = 1 / (1 + exp(-x));   dy/dx = y (1 - y)"""

    def forward(self, x):
        self.y = np.tanh(x * 0.5) * 0.5 + 0.5  # the same value, without overflow in exp(-x)
        return self.y

    def backward(self, gy):
        return gy * self.y * (1 - self.y)


class ReLU(Function):
    """y = max(x, 0);   dy/dx = 1 where x > 0, else 0"""

    def forward(self, x):
        return np.maximum(x, 0)

    def backward(self, gy):
        # gy × (1 or 0). With the dtype given, numpy in the browser is ~7× faster than float × bool (same bits)
        return np.multiply(gy, self.inputs[0].data > 0, dtype=gy.dtype)


class LeakyReLU(Function):
    """y = x if x > 0 else slope * x;   dy/dx = 1 where x > 0, else slope"""

    def __init__(self, slope):
        self.slope = slope

    def forward(self, x):
        return np.where(x > 0, x, x * self.slope)

    def backward(self, gy):
        return np.where(self.inputs[0].data > 0, gy, gy * self.slope)


class Clip(Function):
    """y = x limited to [low, high];   dy/dx = 1 inside the range, 0 where x was cut"""

    def __init__(self, low, high):
        self.low, self.high = low, high

    def forward(self, x):
        return np.clip(x, self.low, self.high)

    def backward(self, gy):
        x = self.inputs[0].data
        return np.multiply(gy, (x >= self.low) & (x <= self.high), dtype=gy.dtype)  # dtype: see ReLU.backward


def exp(x):
    return Exp()(x)


def log(x):
    return Log()(x)


def sin(x):
    return Sin()(x)


def cos(x):
    return Cos()(x)


def tanh(x):
    return Tanh()(x)


def sigmoid(x):
    return Sigmoid()(x)


def relu(x):
    return ReLU()(x)


def leaky_relu(x, slope=0.01):
    return LeakyReLU(slope)(x)


def clip(x, low, high):
    return Clip(low, high)(x)


# ============================================================== shapes
class Reshape(Function):
    """y = x with a new shape;   the gradient goes back to the old shape"""

    def __init__(self, shape):
        self.shape = shape

    def forward(self, x):
        return x.reshape(self.shape)

    def backward(self, gy):
        return gy.reshape(self.inputs[0].shape)


class Transpose(Function):
    """y = x with its axes reordered;   the gradient is put back in the old order"""

    def __init__(self, axes=None):
        self.axes = axes

    def forward(self, x):
        if self.axes is not None:
            self.axes = tuple(axis % x.ndim for axis in self.axes)
        return np.transpose(x, self.axes)

    def backward(self, gy):
        return np.transpose(gy, None if self.axes is None else np.argsort(self.axes))


class GetItem(Function):
    """y = x[index];   each chosen element of x gets its gy, the others 0"""

    def __init__(self, index):
        self.index = index

    def forward(self, x):
        return x[self.index]

    def backward(self, gy):
        gx = np.zeros(self.inputs[0].shape, dtype=gy.dtype)
        np.add.at(gx, self.index, gy)  # add.at: an element chosen twice gets both gradients
        return gx


class BroadcastTo(Function):
    """y = x stretched to ``shape``;   each x gets the sum of the gy it was copied to"""

    def __init__(self, shape):
        self.shape = tuple(shape)

    def forward(self, x):
        return np.broadcast_to(x, self.shape)

    def backward(self, gy):
        return unbroadcast(gy, self.inputs[0].shape)


class SumTo(Function):
    """y = x summed down to ``shape``;   each x gets the gy of the sum it went into"""

    def __init__(self, shape):
        self.shape = tuple(shape)

    def forward(self, x):
        return unbroadcast(x, self.shape)

    def backward(self, gy):
        return np.broadcast_to(gy, self.inputs[0].shape).copy()  # a copy: grads stay writable


def reshape(x, shape):
    if tuple(np.shape(x)) == tuple(shape):
        return as_variable(x)
    if np.prod(shape) != np.size(x) and -1 not in shape:
        raise _shape_error(
            en="reshape: an array of shape {old} ({n} numbers) cannot take the shape {new}.",
            ja="reshape: 形 {old}（数が {n} 個）の配列を形 {new} にはできません。",
            old=np.shape(x), n=np.size(x), new=tuple(shape))
    return Reshape(shape)(x)


def transpose(x, axes=None):
    return Transpose(axes)(x)


def get_item(x, index):
    if isinstance(index, Variable):  # q[actions] with actions kept in a Variable
        index = index.data
    return GetItem(index)(x)


def broadcast_to(x, shape):
    if np.shape(x) == tuple(shape):
        return as_variable(x)
    try:
        np.broadcast_shapes(np.shape(x), tuple(shape))
    except ValueError:
        raise _shape_error(
            en="broadcast_to: shape {old} cannot be stretched to {new} (only axes of size 1 stretch).",
            ja="broadcast_to: 形 {old} は {new} に広げられません（広げられるのは大きさ 1 の軸だけです）。",
            old=np.shape(x), new=tuple(shape)) from None
    return BroadcastTo(shape)(x)


def sum_to(x, shape):
    if np.shape(x) == tuple(shape):
        return as_variable(x)
    return SumTo(shape)(x)


# ============================================================== sums and maxima
def _keep_axes(array, axis, keepdims):
    """Put back the axes removed by sum/mean/max(axis), so the array lines up with x."""
    if axis is None or keepdims:
        return array
    return np.expand_dims(array, axis)


class Sum(Function):
    """y = sum of x (over ``axis``);   dy/dx = 1 for every element"""

    def __init__(self, axis=None, keepdims=False):
        self.axis, self.keepdims = axis, keepdims

    def forward(self, x):
        return x.sum(axis=self.axis, keepdims=self.keepdims)

    def backward(self, gy):
        gy = _keep_axes(gy, self.axis, self.keepdims)
        return np.broadcast_to(gy, self.inputs[0].shape).copy()


class Mean(Function):
    """y = mean of x (over ``axis``);   dy/dx = 1 / n for every element (n averaged)"""

    def __init__(self, axis=None, keepdims=False):
        self.axis, self.keepdims = axis, keepdims

    def forward(self, x):
        y = x.mean(axis=self.axis, keepdims=self.keepdims)
        self.n = x.size // np.size(y)  # how many elements went into each mean
        return y

    def backward(self, gy):
        gy = _keep_axes(gy, self.axis, self.keepdims)
        return np.broadcast_to(gy / self.n, self.inputs[0].shape).copy()


class Max(Function):
    """y = largest x (over ``axis``);   dy/dx = 1 for the largest element (shared if tied), else 0"""

    reduce = staticmethod(np.max)

    def __init__(self, axis=None, keepdims=False):
        self.axis, self.keepdims = axis, keepdims

    def forward(self, x):
        self.y = self.reduce(x, axis=self.axis, keepdims=self.keepdims)
        return self.y

    def backward(self, gy):
        x = self.inputs[0].data
        chosen = (x == _keep_axes(self.y, self.axis, self.keepdims)).astype(gy.dtype)
        chosen /= chosen.sum(axis=self.axis, keepdims=True)
        return chosen * _keep_axes(gy, self.axis, self.keepdims)


class Min(Max):
    """y = smallest x (over ``axis``);   dy/dx = 1 for the smallest element (shared if tied), else 0"""

    reduce = staticmethod(np.min)


def sum_of(x, axis=None, keepdims=False):  # not ``sum``: Python's own sum stays usable
    return Sum(axis, keepdims)(x)


def mean(x, axis=None, keepdims=False):
    return Mean(axis, keepdims)(x)


def max_of(x, axis=None, keepdims=False):
    return Max(axis, keepdims)(x)


def min_of(x, axis=None, keepdims=False):
    return Min(axis, keepdims)(x)


def argmax(x, axis=None):
    """Index of the largest value (a numpy array; no gradient: an index is not smooth)."""
    return np.argmax(x.data if isinstance(x, Variable) else np.asarray(x), axis=axis)


# ============================================================== matrix products
# Every product goes through matrix_product (numpy's @, or a SIMD kernel in the browser: see matrix_product.py).


def _product_gradients(x, W, gy, x_needs_grad=True):
    """For y = x @ W: (dy/dx = gy @ Wᵀ, dy/dW = xᵀ @ gy, gy as rows). Shared by MatMul and Linear.

    Any leading axes of x are rows of samples; a vector x is one row, a vector W one column.
    """
    x2 = x.reshape(-1, W.shape[0])
    W2 = W.reshape(W.shape[0], -1)
    gy2 = gy.reshape(x2.shape[0], W2.shape[1])
    gx = matrix_product(gy2, W2.T).reshape(x.shape) if x_needs_grad else None
    return gx, matrix_product(x2.T, gy2).reshape(W.shape), gy2


class MatMul(Function):
    """y = x @ W;   dy/dx = gy @ Wᵀ, dy/dW = xᵀ @ gy"""

    def forward(self, x, W):
        if x.ndim == W.ndim == 2:
            return matrix_product(x, W)
        return x @ W  # a vector: numpy's product

    def backward(self, gy):
        gx, gW, _ = _product_gradients(self.inputs[0].data, self.inputs[1].data, gy)
        return gx, gW


class Linear(Function):
    """y = x @ W + b;   dy/dx = gy @ Wᵀ, dy/dW = xᵀ @ gy, dy/db = gy summed over the rows

    When ``x`` is plain data (a numpy array, not a Variable) nothing asks for its
    gradient, so ``gy @ Wᵀ`` is skipped: in a network's first layer that is a third of
    the backward pass.
    """

    x_needs_grad = True  # ``linear()`` sets it to False for plain data

    def forward(self, x, W, b=None):
        y = matrix_product(x.reshape(-1, W.shape[0]), W).reshape(x.shape[:-1] + W.shape[1:])
        return y if b is None else y + b

    def backward(self, gy):
        gx, gW, gy2 = _product_gradients(self.inputs[0].data, self.inputs[1].data, gy, self.x_needs_grad)
        # np.add.reduce is what .sum calls, without its Python wrapper (slow in the browser): the same bits
        return (gx, gW) if len(self.inputs) == 2 else (gx, gW, np.add.reduce(gy2, axis=0))


def matmul(x, W):
    x, W = as_variable(x), as_variable(W)
    x_shape, W_shape = x.shape, W.shape
    if not (1 <= len(x_shape) <= 2 and 1 <= len(W_shape) <= 2):
        raise _shape_error(
            en="matmul (@) takes vectors or matrices (1 or 2 axes); got shapes {a} and {b}.",
            ja="行列の積 (@) はベクトルか行列（軸が 1 つか 2 つ）で使います。渡された形: {a} と {b}",
            a=x_shape, b=W_shape)
    if x_shape[-1] != W_shape[0]:
        raise _shape_error(
            en="matmul (@): shapes {a} and {b} do not fit. The last size of the left one ({n}) "
               "must equal the first size of the right one ({m}).",
            ja="行列の積 (@): 形 {a} と {b} が合いません。左の最後の大きさ ({n}) と"
               "右の最初の大きさ ({m}) が同じでなければなりません。",
            a=x_shape, b=W_shape, n=x_shape[-1], m=W_shape[0])
    return MatMul()(x, W)


def linear(x, W, b=None):
    """``x @ W + b`` in one step (faster than three functions); ``x`` has samples in rows."""
    x_needs_grad = isinstance(x, Variable)  # plain data needs no gradient
    x = as_variable(x)
    x_shape, W_shape = x.shape, W.shape
    if len(x_shape) == 0 or x_shape[-1] != W_shape[0]:
        raise _shape_error(
            en="linear: the input has shape {a}, but the weights W have shape {b}: "
               "the last size of the input must be {m}.",
            ja="linear: 入力の形は {a} ですが、重み W の形は {b} です。"
               "入力の最後の大きさは {m} でなければなりません。",
            a=x_shape, b=W_shape, m=W_shape[0])
    function = Linear()
    function.x_needs_grad = x_needs_grad
    return function(x, W) if b is None else function(x, W, b)


# ============================================================== softmax and losses
class Softmax(Function):
    """y = exp(x) / sum(exp(x));   dx = y * (gy - sum(gy * y))"""

    def __init__(self, axis=-1):
        self.axis = axis

    def forward(self, x):
        e = np.exp(x - x.max(axis=self.axis, keepdims=True))  # minus the max: no overflow
        self.y = e / e.sum(axis=self.axis, keepdims=True)
        return self.y

    def backward(self, gy):
        y = self.y
        return y * (gy - (gy * y).sum(axis=self.axis, keepdims=True))


class LogSoftmax(Function):
    """y = x - log(sum(exp(x)));   dx = gy - softmax(x) * sum(gy)"""

    def __init__(self, axis=-1):
        self.axis = axis

    def forward(self, x):
        self.y = x - _logsumexp(x, self.axis)
        return self.y

    def backward(self, gy):
        return gy - np.exp(self.y) * gy.sum(axis=self.axis, keepdims=True)


def _logsumexp(x, axis):
    m = x.max(axis=axis, keepdims=True)
    return m + np.log(np.exp(x - m).sum(axis=axis, keepdims=True))


class MeanSquaredError(Function):
    """y = mean((x0 - x1)²);   dy/dx0 = 2 (x0 - x1) / n, dy/dx1 = -dy/dx0"""

    def forward(self, x0, x1):
        self.diff = x0 - x1
        return (self.diff * self.diff).mean()

    def backward(self, gy):
        gx0 = gy * 2 * self.diff / self.diff.size
        return gx0, -gx0


class HuberLoss(Function):
    """y = mean(½ d² where |d| ≤ δ, else δ (|d| - ½ δ)) with d = x0 - x1;   dy/dd = clip(d, -δ, δ) / n

    Like the squared error for small errors, but grows only linearly for large ones,
    so one surprising target cannot give a huge gradient (used by DQN).
    """

    def __init__(self, delta=1.0):
        self.delta = delta

    def forward(self, x0, x1):
        self.diff = x0 - x1
        size = np.abs(self.diff)
        small = 0.5 * self.diff * self.diff
        large = self.delta * (size - 0.5 * self.delta)
        # the mean as .mean() computes it (np.add.reduce, then / n), without its Python wrapper (slow in the browser)
        return np.add.reduce(np.where(size <= self.delta, small, large), axis=None) / self.diff.size

    def backward(self, gy):
        clipped = np.minimum(np.maximum(self.diff, -self.delta), self.delta)  # np.clip's values, without its wrapper
        gx0 = gy * clipped / self.diff.size
        return gx0, -gx0


class SoftmaxCrossEntropy(Function):
    """y = mean over rows of -log softmax(x)[t];   dy/dx = (softmax(x) - onehot(t)) / n"""

    def __init__(self, t):
        self.t = t

    def forward(self, x):
        self.log_p = x - _logsumexp(x, axis=1)
        rows = np.arange(len(x))
        return -self.log_p[rows, self.t].mean()

    def backward(self, gy):
        gx = np.exp(self.log_p)  # softmax(x)
        gx[np.arange(len(gx)), self.t] -= 1
        return gx * (gy / len(gx))


def softmax(x, axis=-1):
    return Softmax(axis)(x)


def log_softmax(x, axis=-1):
    return LogSoftmax(axis)(x)


def _same_shapes(name, x0, x1):
    a, b = np.shape(as_variable(x0).data), np.shape(as_variable(x1).data)
    if a != b:  # (32, 1) - (32,) would broadcast to (32, 32): a silent, classic bug
        raise _shape_error(
            en="{name}: the two arrays must have the same shape, got {a} and {b}. "
               "Use reshape so that they match.",
            ja="{name}: 2 つの配列は同じ形でなければなりませんが、{a} と {b} でした。"
               "reshape で形をそろえてください。",
            name=name, a=a, b=b)


def mean_squared_error(x0, x1):
    """The mean over all elements of (x0 - x1)² (both of the same shape)."""
    _same_shapes("mean_squared_error", x0, x1)
    return MeanSquaredError()(x0, x1)


def huber_loss(x0, x1, delta=1.0):
    """The mean over all elements of the Huber loss of x0 - x1 (see ``HuberLoss``)."""
    _same_shapes("huber_loss", x0, x1)
    return HuberLoss(delta)(x0, x1)


def softmax_cross_entropy(x, t):
    """Cross-entropy of scores ``x`` (shape (n, classes)) against integer labels ``t`` (n,)."""
    x = as_variable(x)
    t = np.asarray(t.data if isinstance(t, Variable) else t)
    if x.ndim != 2 or t.shape != (x.shape[0],):
        raise _shape_error(
            en="softmax_cross_entropy: scores x must have shape (n, classes) and labels t shape (n,); "
               "got {a} and {b}.",
            ja="softmax_cross_entropy: スコア x の形は (n, クラス数)、正解 t の形は (n,) です。"
               "渡された形: {a} と {b}",
            a=x.shape, b=t.shape)
    if t.dtype.kind not in "iu" or (t.size and (t.min() < 0 or t.max() >= x.shape[1])):
        raise _shape_error(
            en="softmax_cross_entropy: labels t must be whole numbers from 0 to {last}; got {t}.",
            ja="softmax_cross_entropy: 正解 t は 0 から {last} までの整数です。渡された値: {t}",
            last=x.shape[1] - 1, t=np.array2string(t, threshold=10))
    return SoftmaxCrossEntropy(t)(x)


# ============================================================== Variable methods
def _shape_args(shape):
    """``x.reshape(2, 3)`` and ``x.reshape((2, 3))`` both mean the shape (2, 3)."""
    return tuple(shape[0]) if len(shape) == 1 and isinstance(shape[0], (tuple, list)) else shape


Variable.__matmul__ = matmul
Variable.__rmatmul__ = lambda self, other: matmul(other, self)
Variable.__getitem__ = get_item
Variable.reshape = lambda self, *shape: reshape(self, _shape_args(shape))
Variable.transpose = lambda self, *axes: transpose(self, _shape_args(axes) or None)
Variable.T = property(lambda self: transpose(self))
Variable.sum = sum_of
Variable.mean = mean
Variable.max = max_of
Variable.min = min_of
