"""The SIMD matrix product against numpy's, inside Pyodide: where the kernel pays (games/autograd/matrix_product.py).

    node bench/pyodide.mjs bench/matrix_product.py            # the shapes training uses, then a grid of small ones,
                                                              # then whole layers (linear_relu) of few rows

For each product (m × k) @ (k × n), in the three layouts training uses (``a @ b``,
``aᵀ @ b``, ``a @ bᵀ``, all float32 views), prints numpy's time and ``matmul``'s
kernel path's time in microseconds (the best of several runs: the machine may be shared),
and their ratio. ``KERNEL_FROM`` and ``LINEAR_FROM`` in games/autograd/matrix_product.py come from these numbers.
"""

import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from games.autograd import matrix_product as M  # noqa: E402 - after sys.path: the games of this checkout

# (m, k, n) of the products in a training step of each preset: batch B, layer sizes in -> out
TRAINING = {
    "tictactoe": (32, [18, 64, 64, 9]),
    "connectfour": (128, [126, 128, 7]),
    "othello": (32, [144, 128, 128, 37]),
    "puyopuyo": (32, [304, 128, 128, 22]),
}


def best_time(function, seconds=0.002):
    """Microseconds per call, the best of 15 short runs of about ``seconds`` each (short: on a shared
    machine some run uninterrupted)."""
    function()
    calls = 1
    while True:  # how many calls fill about `seconds`
        start = time.perf_counter()
        for _ in range(calls):
            function()
        if time.perf_counter() - start > seconds / 4 or calls > 100_000:
            break
        calls *= 4
    runs = []
    for _ in range(15):
        start = time.perf_counter()
        for _ in range(calls):
            function()
        runs.append((time.perf_counter() - start) / calls * 1e6)
    return min(runs)


def operands(layout, m, k, n, rng):
    """a and b such that a @ b is (m × k) @ (k × n) in ``layout`` (views, as the autograd makes them)."""
    if layout == "a@b":
        return rng.standard_normal((m, k), dtype=np.float32), rng.standard_normal((k, n), dtype=np.float32)
    if layout == "aT@b":  # gW = xᵀ @ gy
        return rng.standard_normal((k, m), dtype=np.float32).T, rng.standard_normal((k, n), dtype=np.float32)
    return rng.standard_normal((m, k), dtype=np.float32), rng.standard_normal((n, k), dtype=np.float32).T  # gy @ Wᵀ


def compare(m, k, n, layout, rng):
    a, b = operands(layout, m, k, n, rng)
    numpy_us = best_time(lambda: a @ b)
    kernel_us = best_time(lambda: M._kernel_product(a, b))
    return {"m": m, "k": k, "n": n, "layout": layout, "numpy_us": round(numpy_us, 1),
            "kernel_us": round(kernel_us, 1), "speedup": round(numpy_us / kernel_us, 2)}


def compare_layer(m, k, n, rng):
    """A whole layer, ``linear_relu`` (product, + b, ReLU): numpy's three calls against one kernel call."""
    x, W = operands("a@b", m, k, n, rng)
    b = rng.standard_normal(n, dtype=np.float32)
    numpy_us = best_time(lambda: np.maximum(M.matrix_product(x, W) + b, 0))
    kept, M.LINEAR_FROM = M.LINEAR_FROM, 0  # the kernel for every shape
    try:
        kernel_us = best_time(lambda: M.linear_relu(x, W, b, True))
    finally:
        M.LINEAR_FROM = kept
    return {"m": m, "k": k, "n": n, "layout": "layer", "numpy_us": round(numpy_us, 1),
            "kernel_us": round(kernel_us, 1), "speedup": round(numpy_us / kernel_us, 2)}


def training_shapes():
    """Every product of a training step (forward with B rows and with 1 row, and the two gradients)."""
    shapes = set()
    for batch, sizes in TRAINING.values():
        for fan_in, fan_out in zip(sizes, sizes[1:]):
            shapes |= {(batch, fan_in, fan_out, "a@b"), (1, fan_in, fan_out, "a@b"),
                       (fan_in, batch, fan_out, "aT@b"), (batch, fan_out, fan_in, "a@bT")}
    return sorted(shapes)


def main():
    if M._kernel is None:
        sys.exit("No SIMD kernel here: run it in Pyodide (node bench/pyodide.mjs bench/matrix_product.py).")
    rng = np.random.default_rng(0)
    rows = [compare(m, k, n, layout, rng) for m, k, n, layout in training_shapes()]
    grid = [(m, k, n) for m in (1, 2, 4, 8, 32) for k in (4, 16, 64) for n in (4, 16, 64)]
    rows += [compare(m, k, n, layout, rng) for m, k, n in grid for layout in ("a@b", "aT@b", "a@bT")]
    layers = [(m, k, n) for m in (1, 2, 4, 8) for k in (9, 18, 32, 64, 144, 250) for n in (9, 32, 64)]
    rows += [compare_layer(m, k, n, rng) for m, k, n in sorted(layers, key=lambda s: s[0] * s[1] * s[2])]
    print(f"{'m':>4} {'k':>4} {'n':>4} {'layout':6} {'numpy µs':>9} {'kernel µs':>9} {'×':>6}")
    for row in rows:
        print(f"{row['m']:4} {row['k']:4} {row['n']:4} {row['layout']:6} {row['numpy_us']:9.1f} "
              f"{row['kernel_us']:9.1f} {row['speedup']:6.2f}")
    print(json.dumps({"bench": "matmul-simd", "rows": rows}))


if __name__ == "__main__":
    main()
