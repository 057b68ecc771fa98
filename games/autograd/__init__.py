"""A tiny automatic-differentiation library in numpy, in the style of DeZero.

>>> import numpy as np
>>> from games.autograd import Variable
>>> x = Variable(np.array(2.0))
>>> y = x ** 4 - 2 * x ** 2
>>> y.backward()
>>> x.grad                      # d/dx (x⁴ - 2x²) = 4x³ - 4x = 24 at x = 2
array(24.)

Modules: ``core`` (Variable, Function, backward, no_grad), ``functions`` (exp, tanh,
relu, matmul, sum_of, losses, ...: ``import games.autograd.functions as F``), ``layers``
(Linear, MLP, saving weights), ``optimizers`` (SGD, Momentum, Adam, clip_grads),
``utils`` (numerical_grad, gradient_check), ``matrix_product`` (the one place that
multiplies matrices: numpy's ``@``, or in the browser a small WebAssembly SIMD kernel) and
``simd`` (loads the browser's SIMD kernels: products and Adam's step).
"""

from . import core, functions, layers, matrix_product, optimizers, simd, utils
from .core import (AutogradTypeError, Config, Function, ShapeError, Variable, as_array,
                   as_variable, no_grad, using_config)
from .layers import MLP, Layer, Linear, Parameter
from .optimizers import SGD, Adam, Momentum, MomentumSGD, Optimizer, clip_grads
from .utils import gradient_check, numerical_grad

__all__ = [
    "MLP", "SGD", "Adam", "AutogradTypeError", "Config", "Function", "Layer", "Linear",
    "Momentum", "MomentumSGD", "Optimizer", "Parameter", "ShapeError", "Variable", "as_array",
    "as_variable", "clip_grads", "core", "functions", "gradient_check", "layers", "matrix_product", "no_grad",
    "numerical_grad", "optimizers", "simd", "using_config", "utils",
]
