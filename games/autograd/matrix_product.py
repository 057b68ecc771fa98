"""The matrix product of the autograd: ``matrix_product(a, b)`` is ``a @ b``, made fast in the browser.

On CPython, numpy's ``a @ b`` calls a tuned BLAS, and ``matrix_product`` is just that. In the
browser (Pyodide) numpy has no BLAS and no SIMD: a float32 product of our small networks
runs at 0.5–3 GFLOP/s, so training spends most of its time there. There, ``matrix_product`` calls
a small WebAssembly SIMD kernel instead (loaded by ``simd.py``), which works directly on the
numpy arrays' memory: nothing is copied.

The kernel is used for 2-D float32 arrays, when the product is big enough to pay for the
call (see ``KERNEL_FROM``); anything else (float64 gradient checks, vectors, small products)
goes to numpy. If WebAssembly SIMD is missing, or anything fails while loading the kernel,
numpy is used everywhere, silently.

The three products that training needs all arrive here as ``matrix_product(a, b)``, with views::

    matrix_product(x, W)       forward:            y  = x @ W
    matrix_product(gy, W.T)    input gradient:     gx = gy @ Wᵀ   (W.T is a view: nothing copied)
    matrix_product(x.T, gy)    weight gradient:    gW = xᵀ @ gy
"""

import numpy as np

from . import simd
from .simd import address, weights_address

FLOAT32 = np.dtype(np.float32)


def matrix_product(a, b):
    """``a @ b``: with the SIMD kernel for 2-D float32 arrays when it is faster, else numpy's."""
    if (_kernel is None or a.dtype != FLOAT32 or b.dtype != FLOAT32 or a.ndim != 2 or b.ndim != 2
            or a.shape[0] * a.shape[1] * b.shape[1] < KERNEL_FROM):
        return a @ b
    return _kernel_product(a, b)


# When the kernel beats numpy for (m × k) @ (k × n): from m·k·n = KERNEL_FROM multiplications on,
# measured in Pyodide (bench/matrix_product.py). Calling the kernel costs about 9 µs (three addresses,
# one call into JavaScript), numpy's product about 2 µs: below 8,192 multiplications numpy won every
# shape measured, and from 16,384 on the kernel (1.5–20× faster), whatever the layout, one row or many.
KERNEL_FROM = 16_384
# A whole layer (product, + b, ReLU: linear_relu) pays from fewer: numpy needs two more calls for + b and
# ReLU, and the kernel finds the weights' addresses once (weights_address). Measured the same way: below
# 2,048 multiplications numpy won every shape; at 2,048 they tie; above, the kernel won all but one (1.0-2.1×).
# So a move of Minesweeper's network (1 row, 250 → 64) takes 9 µs there, not 19.
LINEAR_FROM = 2_048


def _kernel_product(a, b):
    m, k = a.shape
    n = b.shape[1]
    if k != b.shape[0]:
        return a @ b  # numpy says what does not fit
    a_row, a_col = a.strides
    b_row, b_col = b.strides
    c = np.empty((m, n), FLOAT32)
    if b_col == 4 and b_row == 4 * n:  # b's rows lie end to end
        if a_col == 4 and a_row == 4 * k:  # a in C order
            _matmul(address(c), address(a), address(b), m, k, n, k, 1)
            return c
        if a_row == 4 and a_col == 4 * m:  # a = xᵀ for x (k × m) in C order: a[i, p] = x[p, i]
            _matmul(address(c), address(a.T), address(b), m, k, n, 1, m)
            return c
    elif a_col == 4 and a_row == 4 * k and b_row == 4 and b_col == 4 * k and k >= 32:
        # b = wᵀ for w (n × k) in C order: each result is the dot product of a row of a and a row of w
        # (for shorter rows, copying wᵀ into C order for the other product measured as fast or faster)
        _matmul_nt(address(c), address(a), address(b.T), m, k, n)
        return c
    a, b = np.ascontiguousarray(a), np.ascontiguousarray(b)  # any other layout: copied into C order
    _matmul(address(c), address(a), address(b), m, k, n, k, 1)
    return c


def linear_relu(x, W, b, relu):
    """``x @ W + b``, then ReLU (``np.maximum(y, 0)``) if ``relu``: a layer of a network, on plain arrays.

    In the browser, for 2-D float32 arrays in C order and a product big enough for the kernel,
    one call does all three (the same float32 operations as numpy's: the same bits); else numpy.
    """
    m, k = x.shape if x.ndim == 2 else (0, 0)
    n = W.shape[-1]
    if (_linear is not None and m * k * n >= LINEAR_FROM and x.dtype == W.dtype == b.dtype == FLOAT32
            and W.shape == (k, n) and b.shape == (n,) and x.strides == (4 * k, 4) and W.strides == (4 * n, 4)
            and b.strides == (4,)):
        y = np.empty((m, n), FLOAT32)
        _linear(address(y), address(x), weights_address(W), weights_address(b), m, k, n, relu)
        return y
    y = matrix_product(x, W) + b
    return np.maximum(y, 0) if relu else y


_kernel = simd.kernels  # None on CPython: numpy's product everywhere
# The kernels' functions, looked up once: reading an attribute of a JavaScript object costs about 2 µs in Pyodide.
_matmul, _matmul_nt, _linear = (None, None, None) if _kernel is None else (_kernel.matmul, _kernel.matmul_nt,
                                                                            _kernel.linear)
