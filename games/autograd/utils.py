"""Checking gradients with numbers: is ``backward`` right?

A derivative is a slope, so it can be measured without any rule (central difference)::

    df/dx ≈ (f(x + eps) - f(x - eps)) / (2 eps)

``gradient_check`` compares this measurement with the gradients of ``backward``.
Use float64 arrays: in float32 the rounding errors are larger than the differences.
"""

import numpy as np

from ..messages import tr
from .core import Variable, no_grad


def numerical_grad(f, x, eps=1e-6):
    """The gradient of ``f`` (array -> number) at the array ``x``, by central differences."""
    x = np.array(x, dtype=np.float64)
    grad = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        old = x[i]
        x[i] = old + eps
        plus = float(f(x.copy()))
        x[i] = old - eps
        minus = float(f(x.copy()))
        x[i] = old
        grad[i] = (plus - minus) / (2 * eps)
    return grad


def gradient_check(f, *inputs, params=(), eps=1e-6, rtol=1e-5, atol=1e-7, seed=0):
    """Check ``backward`` of ``f`` (Variables -> Variable) against central differences.

    ``inputs`` are arrays (made float64 here); ``params`` are extra Variables used inside
    ``f``, such as ``layer.params()`` (their data must already be float64). The output is
    weighted by fixed random numbers before summing, so that every output element
    matters. Raises AssertionError naming the first input whose gradient is wrong;
    returns the largest difference found.
    """
    arrays = [np.array(x, dtype=np.float64) for x in inputs]
    params = list(params)
    for param in params:
        if param.data.dtype != np.float64:
            raise TypeError(tr(
                en="gradient_check needs float64 parameters (got {dtype}): build the layer "
                   "inside `with using_config('dtype', np.float64):`.",
                ja="gradient_check には float64 のパラメータが必要です（今は {dtype}）。"
                   "`with using_config('dtype', np.float64):` の中で層を作ってください。",
                dtype=param.data.dtype))

    def value(xs):  # sum(f(xs) * weights) as a float, without building a graph
        with no_grad():
            return float(np.sum(f(*[Variable(x) for x in xs]).data * weights))

    variables = [Variable(x.copy()) for x in arrays]
    for param in params:
        param.cleargrad()
    y = f(*variables)
    weights = np.random.default_rng(seed).standard_normal(y.shape)
    (y * weights).sum().backward()

    checks = [(f"input {i}", v.grad, x, _replace(arrays, i, value))
              for i, (v, x) in enumerate(zip(variables, arrays))]
    checks += [(f"parameter {i} ({p.name})", p.grad, p.data, _perturb(p, arrays, value))
               for i, p in enumerate(params)]
    worst = 0.0
    for label, analytic, start, f_alone in checks:
        numeric = numerical_grad(f_alone, start, eps)
        analytic = np.zeros_like(numeric) if analytic is None else analytic
        if analytic.shape != numeric.shape or not np.allclose(analytic, numeric, rtol=rtol, atol=atol):
            raise AssertionError(tr(
                en="Wrong gradient for {label}:\nbackward gives\n{analytic}\nnumbers give\n{numeric}",
                ja="{label} の勾配が違います:\nbackward の値\n{analytic}\n数値微分の値\n{numeric}",
                label=label, analytic=analytic, numeric=numeric))
        worst = max(worst, float(np.max(np.abs(analytic - numeric), initial=0.0)))
    return worst


def _replace(arrays, i, value):
    """f of the i-th input alone (the others fixed)."""
    return lambda x: value(arrays[:i] + [x] + arrays[i + 1:])


def _perturb(param, arrays, value):
    """f of a parameter's values alone (the inputs fixed)."""
    def f(data):
        old, param.data = param.data, data
        try:
            return value(arrays)
        finally:
            param.data = old
    return f
