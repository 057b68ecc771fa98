"""Layers: functions with their own parameters (weights) that training changes.

>>> import numpy as np
>>> from games.autograd import MLP
>>> model = MLP((16, 3), seed=0)      # any input size -> 16 -> 3 (input size found on first call)
>>> y = model(np.zeros((5, 4)))      # shape (5, 3)
>>> [p.name for p in model.params()]
['W', 'b', 'W', 'b']

A ``Layer`` remembers every ``Parameter`` and every sub-``Layer`` set as one of its
attributes, so ``params()`` finds them all, ``cleargrads()`` resets their gradients,
and ``save_weights`` / ``load_weights`` write and read them as an ``.npz`` file.
"""

import os

import numpy as np

from ..messages import tr
from . import functions as F
from .core import AutogradTypeError, Config, Function, ShapeError, Variable
from .matrix_product import linear_relu, matrix_product


class Parameter(Variable):
    """A Variable that belongs to a layer and is changed by the optimizer."""


class Layer:
    """Base class: a subclass sets its Parameters / Layers as attributes and writes ``forward``."""

    def __init__(self):
        self._parts = []  # names of the Parameter and Layer attributes, in the order set

    def __setattr__(self, name, value):
        if "_parts" not in self.__dict__ and name != "_parts":
            raise AttributeError(tr(
                en="{layer}.__init__ must call super().__init__() before setting {name}.",
                ja="{layer} の __init__ では、{name} を設定する前に super().__init__() を呼んでください。",
                layer=type(self).__name__, name=name))
        if isinstance(value, (Parameter, Layer)) and name not in self._parts:
            self._parts.append(name)
        super().__setattr__(name, value)

    def __call__(self, *inputs):
        return self.forward(*inputs)

    def forward(self, *inputs):
        raise NotImplementedError

    def params(self):
        """Every Parameter of this layer and of its sub-layers (each once)."""
        for _, param in self.named_params():
            yield param

    def named_params(self, prefix=""):
        """``("l0/W", parameter)`` pairs: the names used in saved ``.npz`` files."""
        for name in self._parts:
            part = getattr(self, name)
            if isinstance(part, Layer):
                yield from part.named_params(prefix + name + "/")
            elif part is not None:
                yield prefix + name, part

    def cleargrads(self):
        """Forget the gradients of every parameter (call before each ``backward``)."""
        for param in self.params():
            param.cleargrad()

    # ------------------------------------------------------------ weights
    def get_weights(self):
        """A dict ``{"l0/W": array, ...}`` with a copy of every parameter's values."""
        weights = {}
        for name, param in self.named_params():
            if param.data is None:
                raise ValueError(tr(
                    en="The parameter {name} has no values yet: call the model once on an input "
                       "(or give in_size) before saving or copying its weights.",
                    ja="パラメータ {name} にはまだ値がありません。重みを保存・コピーする前に、"
                       "モデルに一度入力を入れるか、in_size を指定してください。",
                    name=name))
            weights[name] = param.data.copy()
        return weights

    def set_weights(self, weights):
        """Copy values into the parameters (from ``get_weights()`` of a model of the same shape)."""
        params = dict(self.named_params())
        if set(weights) != set(params):
            raise ShapeError(tr(
                en="These weights do not belong to this model: it has {mine}, the weights have {theirs}.",
                ja="この重みはこのモデルのものではありません。モデルのパラメータ: {mine}、重み: {theirs}",
                mine=sorted(params), theirs=sorted(weights)))
        for name, param in params.items():
            value = np.asarray(weights[name])
            if param.data is not None and param.data.shape != value.shape:
                raise ShapeError(tr(
                    en="The weights {name} have shape {theirs}, but this model needs {mine}.",
                    ja="重み {name} の形は {theirs} ですが、このモデルには {mine} が必要です。",
                    name=name, theirs=value.shape, mine=param.data.shape))
        for name, param in params.items():  # only after every check: a failed load changes nothing
            dtype = None if param.data is None else param.data.dtype
            param.data = np.array(weights[name], dtype=dtype)

    def save_weights(self, path):
        """Write every parameter to the ``.npz`` file ``path`` (numpy adds ``.npz`` if missing)."""
        np.savez(path, **self.get_weights())

    def load_weights(self, path):
        """Read parameters written by ``save_weights``."""
        if not os.path.exists(path) and os.path.exists(str(path) + ".npz"):
            path = str(path) + ".npz"
        with np.load(path) as saved:
            self.set_weights({name: saved[name] for name in saved.files})


class Linear(Layer):
    """``y = x @ W + b``: every output is a weighted sum of all the inputs, plus a bias.

    ``Linear(out_size, in_size=None, nobias=False, dtype=None, seed=None)``.
    Without ``in_size`` the weights are made at the first call, when the input size is
    known. ``W`` starts random (normal, scaled by √(1/in_size) so outputs keep a
    moderate size) from ``seed`` (an int or a ``numpy.random.Generator``); ``b`` starts at 0.
    ``dtype`` defaults to ``Config.dtype`` (float32).
    """

    def __init__(self, out_size, *, in_size=None, nobias=False, dtype=None, seed=None):
        super().__init__()
        self.in_size, self.out_size = in_size, out_size
        self.dtype = np.dtype(dtype or Config.dtype)
        self.rng = np.random.default_rng(seed)
        self.W = Parameter(None, name="W")
        if in_size is not None:
            self._init_W(in_size)
        self.b = None if nobias else Parameter(np.zeros(out_size, dtype=self.dtype), name="b")

    def _init_W(self, in_size):
        self.in_size = in_size
        scale = np.sqrt(1.0 / in_size)
        self.W.data = (self.rng.standard_normal((in_size, self.out_size)) * scale).astype(self.dtype)

    def forward(self, x):
        if self.W.data is None:
            self._init_W(np.shape(x.data if isinstance(x, Variable) else x)[-1])
        return F.linear(x, self.W, self.b)


class MLP(Layer):
    """A stack of ``Linear`` layers with an activation function between them.

    ``MLP(sizes, activation=F.relu, in_size=None, dtype=None, seed=None)``: ``sizes`` are the
    output sizes of the layers, the last one being the network's output. ``MLP((128, 128, 4),
    in_size=64)`` is the network 64 → 128 → 128 → 4. The layers are ``l0, l1, ...``.
    """

    def __init__(self, sizes, activation=F.relu, *, in_size=None, dtype=None, seed=None):
        super().__init__()
        if isinstance(sizes, int) or not all(isinstance(size, int) and size > 0 for size in sizes):
            raise AutogradTypeError(tr(
                en="MLP needs a list of layer sizes, such as (64, 64, 9) (the last one is the "
                   "number of outputs); got {sizes!r}.",
                ja="MLP には層の大きさのリストを渡してください。例: (64, 64, 9)（最後が出力の数）。"
                   "渡されたもの: {sizes!r}",
                sizes=sizes))
        self.activation = activation
        rng = np.random.default_rng(seed)  # one generator, used layer after layer
        self.layers = []
        for i, size in enumerate(sizes):
            layer = Linear(size, in_size=in_size, dtype=dtype, seed=rng)
            setattr(self, f"l{i}", layer)
            self.layers.append(layer)
            in_size = size if in_size is not None else None

    def forward(self, x):
        if isinstance(x, np.ndarray) and self._plain_ready(x):
            if not Config.enable_backprop:
                return Variable(self._plain_forward(x))
            if all(layer.b is not None for layer in self.layers):
                return ReLUNetwork(self)(x, *[p for layer in self.layers for p in (layer.W, layer.b)])
        for layer in self.layers[:-1]:
            x = self.activation(layer(x))
        return self.layers[-1](x)

    # ------------------------------------------------------------ values only, fast
    # Under ``no_grad`` (playing a move, the targets of DQN) nothing is kept for backward, so an
    # array input goes through the layers as plain numpy arrays: no Variable, no Function. In the
    # browser each Function call costs more than a small product, so this halves a move's time.
    # The operations are those of Linear.forward and ReLU.forward, in the same order: the result
    # is the same to the last bit (tests/test_autograd_layers.py checks it). In the browser one
    # kernel call makes a layer's product, + b and ReLU (linear_relu): the same float32 operations.

    def _plain_ready(self, x):
        """Whether ``_plain_forward`` gives what the layers would: ReLU, weights made, the input size right."""
        return (self.activation is F.relu and self.layers[-1].W.data is not None
                and self.layers[0].W.data is not None and x.ndim > 0 and x.shape[-1] == self.layers[0].W.data.shape[0])

    def _plain_forward(self, x, kept=None):
        """The layers on plain arrays; with a list ``kept``, each layer's input is appended to it."""
        last = len(self.layers) - 1
        for i, layer in enumerate(self.layers):
            W, b = layer.W.data, layer.b
            x2 = x.reshape(-1, W.shape[0])
            if b is None:
                y = matrix_product(x2, W)
                y = np.maximum(y, 0) if i < last else y
            else:  # in the browser the product, + b and ReLU in one call (linear_relu)
                y = linear_relu(x2, W, b.data, i < last)
            if kept is not None:
                kept.append(x)
            x = y.reshape(x.shape[:-1] + W.shape[1:])
        return x


class ReLUNetwork(Function):
    """A whole ``MLP`` with ReLU as one Function, for training on plain data: ``y = model(x)``.

    Inputs: ``x`` (plain data: it needs no gradient), then ``W`` and ``b`` of each layer.
    Its forward and backward are those of the ``Linear`` and ``ReLU`` Functions, layer after
    layer: the same operations in the same order, so the same numbers to the last bit
    (tests/test_autograd_layers.py checks it). Why one Function: in the browser each Function
    call, and each Variable it makes, costs more than a small matrix product.
    Going back through a layer ``y = x @ W + b`` (see ``functions.Linear``)::

        gW = xᵀ @ gy,   gb = gy summed over the rows,   gx = gy @ Wᵀ
        and through ReLU:  gx × (1 where the layer's output was > 0, else 0)
    """

    def __init__(self, model):
        self.model = model

    def forward(self, x, *weights):
        self.kept = []  # the input of each layer, for backward
        return self.model._plain_forward(x, self.kept)

    def backward(self, gy):
        grads = []  # gW, gb of each layer, the last layer first
        for i in reversed(range(len(self.kept))):
            x = self.kept[i]
            W = self.inputs[1 + 2 * i].data
            x2 = x.reshape(-1, W.shape[0])
            gy2 = gy.reshape(x2.shape[0], W.shape[1])
            # np.add.reduce is what .sum calls, without its Python wrapper (slow in the browser): the same bits
            grads += [np.add.reduce(gy2, axis=0), matrix_product(x2.T, gy2)]
            if i > 0:
                gx = matrix_product(gy2, W.T).reshape(x.shape)
                # as ReLU.backward: x is ReLU(y) of the layer below, and x > 0 exactly where y > 0
                gy = np.multiply(gx, x > 0, dtype=gx.dtype)
        return (None, *reversed(grads))
