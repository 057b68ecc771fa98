"""The heart of the autograd: ``Variable``, ``Function`` and backpropagation.

A ``Variable`` is a box around a numpy array. When a ``Function`` is called on
Variables it computes its output with numpy (``forward``) and remembers where the
output came from (``creator``), so the calculation leaves a graph behind::

    x ──► Pow(2) ──► a ──► Exp ──► y          y = exp(x ** 2)

``y.backward()`` walks this graph from the end to the start. Each function knows only
its own *local rule* (for ``Exp``: dy/dx = y); the chain rule multiplies the rules
together, and every input Variable gets ``.grad`` = d(result)/d(that input), a numpy
array of the same shape as its ``.data``.

The names follow DeZero (the book *Deep Learning from Scratch 3*): ``Variable``,
``Function``, ``Config``, ``no_grad``, ``using_config``, ``as_variable``, ``as_array``.
One difference: ``forward`` **and** ``backward`` work on plain numpy arrays here, so
``x.grad`` is a numpy array (higher-order gradients are not supported).
"""

import heapq
import numbers
import weakref

import numpy as np

from ..errors import GamesError
from ..messages import tr


class AutogradTypeError(GamesError, TypeError):
    """A value of the wrong type, such as a list or a str where an array is needed."""


class ShapeError(GamesError, ValueError):
    """Arrays whose shapes do not fit together (matmul, broadcasting, layer sizes)."""


# ============================================================== configuration
class Config:
    """Switches shared by the whole package (change them with ``using_config``)."""

    enable_backprop = True  #: build the graph? (``no_grad()`` turns it off)
    dtype = np.float32  #: dtype of new parameters (float32 trains faster; tests use float64)


class using_config:  # noqa: N801 - used like a function: ``with using_config(...)``
    """Inside ``with using_config("dtype", np.float64):`` the setting is changed.

    (A small class rather than ``contextlib.contextmanager``: playing a move enters ``no_grad``
    every time, and the class is about 3 times quicker in the browser: 2.4 → 0.8 µs.)
    """

    def __init__(self, name, value):
        self.name, self.value = name, value

    def __enter__(self):
        self.old_value = getattr(Config, self.name)
        setattr(Config, self.name, self.value)

    def __exit__(self, *error):
        setattr(Config, self.name, self.old_value)


def no_grad():
    """``with no_grad():`` computes values only: no graph, no memory kept for backward."""
    return using_config("enable_backprop", False)


# ============================================================== conversions
def as_array(x, like=None):
    """``x`` as a numpy array. A number takes the dtype of the array ``like`` when it fits.

    (``float32 array * 2.0`` must stay float32: a float64 0-d array would upcast it.)
    """
    if isinstance(x, np.ndarray):
        return x
    if isinstance(x, numbers.Real):  # Python and numpy numbers (bool too), not str or complex
        if like is not None:
            return np.asarray(x, dtype=np.result_type(like.dtype, x))
        return np.asarray(x, dtype=np.float64) if isinstance(x, int) else np.asarray(x)
    raise AutogradTypeError(tr(
        en="Expected a numpy array or a number, got {kind} {value}. "
           "Write for example Variable(np.array([1.0, 2.0])).",
        ja="numpy の配列か数が必要ですが、{kind} の {value} が渡されました。"
           "例: Variable(np.array([1.0, 2.0])) のように書いてください。",
        kind=type(x).__name__, value=_short(x)))


def as_variable(x, like=None):
    """``x`` itself if it is a Variable, else a new (constant) Variable around it."""
    return x if isinstance(x, Variable) else Variable(as_array(x, like))


def _short(value, limit=40):
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


# ============================================================== Variable
class Variable:
    """A numpy array (``data``) that remembers how it was made, to compute gradients.

    ``data`` — the value (numpy array); ``grad`` — d(result)/d(this), set by ``backward``
    (a numpy array, or None); ``creator`` — the Function that made it (None for inputs);
    ``generation`` — how many functions lie between it and the inputs; ``name`` — a label.
    Read ``grad``, do not change it in place: two Variables may share one gradient array.
    """

    __array_ufunc__ = None  # ``ndarray + Variable`` then calls Variable.__radd__

    def __init__(self, data, name=None):
        if data is not None:
            data = as_array(data)
        self.data = data
        self.name = name
        self.grad = None
        self.creator = None
        self.generation = 0

    def set_creator(self, function):
        self.creator = function
        self.generation = function.generation + 1

    def cleargrad(self):
        """Forget the gradient (gradients add up over several ``backward`` calls)."""
        self.grad = None

    def backward(self, retain_grad=False):
        """Fill ``.grad`` of every Variable this one was computed from.

        Functions are visited latest generation first, so a function runs only after
        every use of its output has sent back its gradient (the chain rule needs the
        total). With ``retain_grad=False`` only the inputs (leaves) keep their ``.grad``.
        """
        if self.grad is None:
            self.grad = np.ones(self.data.shape, self.data.dtype)  # d(self)/d(self) = 1 (np.ones_like, quicker)
        # ``waiting`` is a heap (a list that always hands out its smallest entry first): entries are
        # (-generation, order, function), so the latest function comes out first, ties in the order seen.
        waiting, seen = [], set()

        def schedule(function):
            if function not in seen:
                seen.add(function)
                heapq.heappush(waiting, (-function.generation, len(seen), function))

        if self.creator is not None:
            schedule(self.creator)
        while waiting:
            function = heapq.heappop(waiting)[2]
            outputs = [ref() for ref in function.outputs]
            gys = [None if y is None else y.grad for y in outputs]
            gxs = function.backward(*gys)
            if not isinstance(gxs, tuple):
                gxs = (gxs,)
            for x, gx in zip(function.inputs, gxs):
                if gx is None:
                    continue
                # a variable used twice adds up; asarray: numpy gives 0-d results as scalars
                x.grad = np.asarray(gx if x.grad is None else x.grad + gx)
                if x.creator is not None:
                    schedule(x.creator)
            if not retain_grad:
                for y in outputs:
                    if y is not None:
                        y.grad = None

    # ------------------------------------------------------------ like an array
    @property
    def shape(self):
        return self.data.shape

    @property
    def ndim(self):
        return self.data.ndim

    @property
    def size(self):
        return self.data.size

    @property
    def dtype(self):
        return self.data.dtype

    def __len__(self):
        return len(self.data)

    def __repr__(self):
        if self.data is None:
            return "variable(None)"
        body = str(self.data).replace("\n", "\n" + " " * 9)
        return f"variable({body})"

    # Operators (+ - * / ** @ -x x[i]) and methods (reshape, T, sum...) are attached
    # at the end of this file and in functions.py, once the functions exist.


# ============================================================== Function
class Function:
    """One step of a calculation. A subclass writes ``forward`` and ``backward``.

    ``forward(*xs)`` gets numpy arrays and returns an array (or a tuple of arrays).
    ``backward(*gys)`` gets d(result)/d(each output) and returns d(result)/d(each
    input), one array per input (None for an input that needs no gradient). The
    inputs are in ``self.inputs`` (Variables); anything else needed is saved on
    ``self`` during ``forward``. A function with several outputs gets ``None`` for an
    output that received no gradient. Make a new Function object for each call
    (``Exp()(x)``): it keeps what its own backward needs.
    """

    def __call__(self, *inputs):
        inputs = [as_variable(x) for x in inputs]
        xs = [x.data for x in inputs]
        ys = self.forward(*xs)
        if not isinstance(ys, tuple):
            ys = (ys,)
        outputs = [Variable(as_array(y)) for y in ys]
        if Config.enable_backprop:
            self.generation = max(x.generation for x in inputs)
            for output in outputs:
                output.set_creator(self)
            self.inputs = inputs
            # weak references: output -> creator -> output would be a reference cycle
            self.outputs = [weakref.ref(output) for output in outputs]
        return outputs if len(outputs) > 1 else outputs[0]

    def forward(self, *xs):
        raise NotImplementedError

    def backward(self, *gys):
        raise NotImplementedError


def unbroadcast(grad, shape):
    """Undo numpy broadcasting: sum ``grad`` down to ``shape``.

    If ``x`` of shape (3, 1) was stretched to (3, 4) in ``x + y``, each x[i, 0] was
    used 4 times, so its gradient is the sum of the 4 gradients along that axis.
    """
    if grad.shape == shape:
        return grad
    extra = grad.ndim - len(shape)
    axes = tuple(range(extra)) + tuple(
        extra + i for i, size in enumerate(shape) if size == 1 and grad.shape[extra + i] != 1)
    return grad.sum(axis=axes, keepdims=True).reshape(shape)


# ============================================================== arithmetic
# Each function: forward and backward side by side, with its local rule.
class Add(Function):
    """y = x0 + x1;   dy/dx0 = 1, dy/dx1 = 1"""

    def forward(self, x0, x1):
        return x0 + x1

    def backward(self, gy):
        x0, x1 = self.inputs
        return unbroadcast(gy, x0.shape), unbroadcast(gy, x1.shape)


class Sub(Function):
    """y = x0 - x1;   dy/dx0 = 1, dy/dx1 = -1"""

    def forward(self, x0, x1):
        return x0 - x1

    def backward(self, gy):
        x0, x1 = self.inputs
        return unbroadcast(gy, x0.shape), unbroadcast(-gy, x1.shape)


class Mul(Function):
    """y = x0 * x1;   dy/dx0 = x1, dy/dx1 = x0"""

    def forward(self, x0, x1):
        return x0 * x1

    def backward(self, gy):
        x0, x1 = self.inputs
        return unbroadcast(gy * x1.data, x0.shape), unbroadcast(gy * x0.data, x1.shape)


class Div(Function):
    """y = x0 / x1;   dy/dx0 = 1 / x1, dy/dx1 = -x0 / x1²"""

    def forward(self, x0, x1):
        return x0 / x1

    def backward(self, gy):
        x0, x1 = self.inputs
        gx0 = gy / x1.data
        gx1 = -gy * x0.data / x1.data ** 2
        return unbroadcast(gx0, x0.shape), unbroadcast(gx1, x1.shape)


class Neg(Function):
    """y = -x;   dy/dx = -1"""

    def forward(self, x):
        return -x

    def backward(self, gy):
        return -gy


class Pow(Function):
    """y = x ** c (c a fixed number);   dy/dx = c * x ** (c - 1)"""

    def __init__(self, c):
        self.c = c

    def forward(self, x):
        return x ** self.c

    def backward(self, gy):
        x = self.inputs[0].data
        return gy * self.c * x ** (self.c - 1)


def _operand(other, x):
    """The other operand of ``x + other``: a Variable stays, a number takes x's dtype."""
    return other if isinstance(other, Variable) else as_array(other, x.data)


def _fitting(function, x0, x1):
    """``function()(x0, x1)`` after checking that the two shapes broadcast together."""
    x0, x1 = as_variable(x0), as_variable(x1)
    try:
        np.broadcast_shapes(x0.shape, x1.shape)
    except ValueError:  # numpy says only "shape mismatch": say what the rule is
        raise ShapeError(tr(
            en="{name}: the shapes {shapes} do not fit together. Compared from the last axis, "
               "each pair of sizes must be equal, or one of them must be 1.",
            ja="{name}: 形 {shapes} は組み合わせられません。最後の軸から順に比べて、"
               "大きさが同じか、どちらかが 1 でなければなりません。",
            name=function.__name__, shapes=f"{x0.shape}, {x1.shape}")) from None
    return function()(x0, x1)


def add(x0, x1):
    return _fitting(Add, x0, _operand(x1, x0))


def sub(x0, x1):
    return _fitting(Sub, x0, _operand(x1, x0))


def rsub(x0, x1):  # x1 - x0, for ``2 - x``
    return _fitting(Sub, _operand(x1, x0), x0)


def mul(x0, x1):
    return _fitting(Mul, x0, _operand(x1, x0))


def div(x0, x1):
    return _fitting(Div, x0, _operand(x1, x0))


def rdiv(x0, x1):  # x1 / x0, for ``1 / x``
    return _fitting(Div, _operand(x1, x0), x0)


def neg(x):
    return Neg()(x)


def power(x, c):
    if isinstance(c, (Variable, np.ndarray, bool)) or not isinstance(c, numbers.Real):
        raise AutogradTypeError(tr(
            en="x ** c works when c is a plain number (like 2 or 0.5), not {kind}.",
            ja="x ** c の c には普通の数（2 や 0.5 など）を使ってください。{kind} は使えません。",
            kind=type(c).__name__))
    return Pow(c)(x)


Variable.__add__ = add
Variable.__radd__ = add
Variable.__sub__ = sub
Variable.__rsub__ = rsub
Variable.__mul__ = mul
Variable.__rmul__ = mul
Variable.__truediv__ = div
Variable.__rtruediv__ = rdiv
Variable.__neg__ = neg
Variable.__pow__ = power
