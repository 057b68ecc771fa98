"""Optimizers: after ``loss.backward()``, move every parameter a little downhill::

    optimizer = Adam(lr=0.001).setup(model)
    for step in range(1000):
        loss = F.mean_squared_error(model(x), t)
        model.cleargrads()
        loss.backward()
        optimizer.update()

``setup`` takes a ``Layer`` (all its parameters) or a list of Variables.
Parameters whose ``grad`` is None (not used in the loss) are left alone.
"""

import math

import numpy as np

from ..messages import tr
from . import simd
from .layers import Layer
from .simd import address


def _params_of(target):
    return list(target.params()) if isinstance(target, Layer) else list(target)


class Optimizer:
    """Base class: a subclass writes ``update_one(param)`` for one parameter."""

    def __init__(self, lr):
        self.lr = lr
        self.target = None

    def setup(self, target):
        """Choose what to train (a Layer or a list of Variables); returns the optimizer."""
        self.target = target
        self.params = _params_of(target)  # found once: a layer's parameters are made in its __init__
        return self

    def update(self):
        """One step for every parameter that has a gradient."""
        self.check_setup()
        for param in self.params:
            if param.grad is not None:
                self.update_one(param)

    def update_one(self, param):
        raise NotImplementedError

    def check_setup(self):
        if self.target is None:
            raise RuntimeError(tr(
                en="This optimizer has nothing to train yet: call optimizer.setup(model) first.",
                ja="この optimizer にはまだ学習する対象がありません。先に optimizer.setup(model) を呼んでください。"))


class SGD(Optimizer):
    """Stochastic gradient descent:  w ← w - lr · g"""

    def __init__(self, lr=0.01):
        super().__init__(lr)

    def update_one(self, param):
        param.data -= self.lr * param.grad


class Momentum(Optimizer):
    """Gradient descent with momentum (a ball rolling downhill keeps its speed):
    v ← momentum · v - lr · g;   w ← w + v
    """

    def __init__(self, lr=0.01, momentum=0.9):
        super().__init__(lr)
        self.momentum = momentum
        self.velocities = {}  # id(param) -> v

    def update_one(self, param):
        v = self.velocities.setdefault(id(param), np.zeros_like(param.data))
        v *= self.momentum
        v -= self.lr * param.grad
        param.data += v


MomentumSGD = Momentum  # the DeZero name


class Adam(Optimizer):
    """Adam: momentum, and a step size scaled per weight by its recent gradient size.

    m ← β1 m + (1 - β1) g;   v ← β2 v + (1 - β2) g²   (running means of g and g²)
    w ← w - lr_t · m / (√v + eps),   lr_t = lr · √(1 - β2ᵗ) / (1 - β1ᵗ)
    (bias correction: m and v start at 0, so early on they are too small; dividing by
    1 - βᵗ undoes that. Folding it into lr_t saves two array operations per weight.)
    """

    def __init__(self, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
        super().__init__(lr)
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.t = 0  # number of updates so far
        self.moments = {}  # id(param) -> (m, v)
        self.addresses = {}  # id(param) -> (its data array, and where that array, m and v are): for the kernel

    def update(self):
        self.t += 1
        self.lr_t = self.lr * math.sqrt(1 - self.beta2 ** self.t) / (1 - self.beta1 ** self.t)
        if _adam_all is None:
            super().update()  # numpy: one parameter after another
        else:
            self.update_in_the_kernel()

    def moments_of(self, param):
        if id(param) not in self.moments:
            self.moments[id(param)] = (np.zeros_like(param.data), np.zeros_like(param.data))
        return self.moments[id(param)]

    def update_one(self, param):
        m, v = self.moments_of(param)
        g = param.grad
        m += (1 - self.beta1) * (g - m)
        v += (1 - self.beta2) * (g * g - v)
        param.data -= self.lr_t * m / (np.sqrt(v) + self.eps)

    def update_in_the_kernel(self):
        """In the browser: the steps of all float32 parameters in one call of the SIMD kernel.

        The same float32 operations as ``update_one``, in one pass over each array (numpy makes
        12, see simd.py), and one call for them all: each call into WebAssembly costs microseconds.
        The kernel reads a table of 5 numbers per parameter: where its w, g, m and v are, and its size.
        """
        self.check_setup()
        table = []
        for param in self.params:
            if param.grad is None:
                continue
            if _fits_the_kernel(param.data, param.grad):
                w, m, v = self.addresses_of(param)
                table += (w, address(param.grad), m, v, param.data.size)
            else:
                self.update_one(param)  # float64, or read-only weights: numpy's step (and its error)
        if table:
            table = np.array(table, np.uint32)
            _adam_all(address(table), len(table) // 5, self.lr_t, 1 - self.beta1, 1 - self.beta2, self.eps)

    def addresses_of(self, param):
        """Where ``param.data`` and its m and v are in memory: found once (arrays stay where they are)
        and again only if ``param.data`` became another array (finding one costs about 1 µs in the browser)."""
        known = self.addresses.get(id(param))
        if known is None or known[0] is not param.data:
            m, v = self.moments_of(param)
            known = self.addresses[id(param)] = (param.data, address(param.data), address(m), address(v))
        return known[1:]


# looked up once: reading an attribute of a JavaScript object costs about 2 µs in Pyodide
_adam_all = None if simd.kernels is None else simd.kernels.adam_all


def _fits_the_kernel(w, g):
    """float32 weights and gradient of one shape, in C order, the weights writable (the kernel writes in place)."""
    return (w.dtype == g.dtype == np.float32 and w.shape == g.shape and w.flags.c_contiguous
            and g.flags.c_contiguous and w.flags.writeable)


def clip_grads(target, max_norm):
    """Scale all gradients down together if their total length (L2 norm) exceeds ``max_norm``.

    Returns the norm before clipping. Keeps one bad batch from throwing the weights far away.
    """
    params = [p for p in _params_of(target) if p.grad is not None]
    norm = _norm([p.grad for p in params])
    if norm > max_norm:
        scale = max_norm / (norm + 1e-6)
        for param in params:
            param.grad = param.grad * scale  # a new array: two parameters may share one grad array
    return norm


def _norm(grads):
    """√(the sum of every g² of every array in ``grads``)."""
    if _sum_of_squares is not None and all(g.dtype == np.float32 and g.flags.c_contiguous for g in grads):
        # in the browser: one kernel call for all the arrays (summed in float64: numpy sums in float32,
        # so the last bits may differ, which matters only when the gradients are clipped)
        table = np.array([number for g in grads for number in (address(g), g.size)], np.uint32)
        return math.sqrt(_sum_of_squares(address(table), len(grads)))
    # np.add.reduce(..., axis=None) is what np.sum calls, without its Python wrapper (slow in the browser)
    return float(np.sqrt(sum(float(np.add.reduce(g * g, axis=None)) for g in grads)))


_sum_of_squares = None if simd.kernels is None else simd.kernels.sum_of_squares
