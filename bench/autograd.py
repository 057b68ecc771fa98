"""Autograd speed: an MLP 64-128-128-64 (ReLU), batch 32, time per training iteration.

    python bench/autograd.py           # a few seconds
    python bench/autograd.py --quick   # rough

Timed side by side, best of several rounds each (another busy program disturbs less):

- ``autograd``: forward, mean-squared-error loss and backward with ``games.autograd``;
- ``autograd+adam``: the same plus ``Adam.update()`` (a whole training step);
- ``numpy``: the same forward and backward written by hand in numpy (no graph): the
  floor an autograd can approach; ``overhead`` = autograd / numpy;
- ``act``: one forward of a single observation under ``no_grad()`` (choosing a move);
- each in float32 (the default) and float64.

numpy uses one BLAS thread here (``OPENBLAS_NUM_THREADS=1`` unless already set), like Pyodide.

The last line printed is the whole result as JSON.
"""

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

# One BLAS thread, as in the browser: for matrices this small, threads only wait for each
# other (on a busy 2-core machine a multi-threaded run was up to 15 times slower).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402 - once OPENBLAS_NUM_THREADS is set

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.autograd import MLP, Adam, no_grad  # noqa: E402 - after sys.path: the games of this checkout
from games.autograd import functions as F  # noqa: E402 - after sys.path: the games of this checkout

SIZES = (64, 128, 128, 64)
BATCH = 32


def make_case(dtype):
    rng = np.random.default_rng(0)
    x = rng.standard_normal((BATCH, SIZES[0])).astype(dtype)
    t = rng.standard_normal((BATCH, SIZES[-1])).astype(dtype)
    model = MLP(SIZES[1:], F.relu, in_size=SIZES[0], dtype=dtype, seed=0)
    optimizer = Adam(1e-3).setup(model)
    weights = [(layer.W.data, layer.b.data) for layer in model.layers]

    def autograd_step():
        model.cleargrads()
        loss = F.mean_squared_error(model(x), t)
        loss.backward()

    def autograd_adam_step():
        autograd_step()
        optimizer.update()

    def numpy_step():  # the same calculation by hand
        hs = [x]
        for i, (W, b) in enumerate(weights):
            h = hs[-1] @ W + b
            hs.append(np.maximum(h, 0) if i < len(weights) - 1 else h)
        g = 2 * (hs[-1] - t) / hs[-1].size
        grads = []
        for i in range(len(weights) - 1, -1, -1):
            W, _ = weights[i]
            grads.append((hs[i].T @ g, g.sum(axis=0)))
            g = g @ W.T
            if i > 0:
                g = g * (hs[i] > 0)
        return grads

    def act():
        with no_grad():
            model(x[:1])

    return {"autograd": autograd_step, "autograd+adam": autograd_adam_step, "numpy": numpy_step, "act": act}


def round_length(step, seconds):
    """How many calls of ``step`` take about ``seconds``."""
    n = 1
    while True:
        start = time.perf_counter()
        for _ in range(n):
            step()
        if time.perf_counter() - start > seconds:
            return n
        n *= 2


def best_times(steps, seconds, rounds=7):
    """Best time per call of each step; the steps take turns, round after round."""
    lengths = {label: round_length(step, seconds / rounds) for label, step in steps.items()}
    best = dict.fromkeys(steps, float("inf"))
    for _ in range(rounds):
        for label, step in steps.items():
            n = lengths[label]
            start = time.perf_counter()
            for _ in range(n):
                step()
            best[label] = min(best[label], (time.perf_counter() - start) / n)
    return best


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    seconds = 0.2 if parser.parse_args().quick else 1.0
    result = {"bench": "autograd", "python": platform.python_version(), "numpy": np.__version__,
              "blas_threads": os.environ["OPENBLAS_NUM_THREADS"],
              "mlp": "-".join(map(str, SIZES)), "batch": BATCH}
    for dtype in (np.float32, np.float64):
        name = np.dtype(dtype).name
        case = make_case(dtype)
        times = best_times(case, seconds)
        for label, t in times.items():
            result[f"{name} {label} us"] = round(t * 1e6, 1)
            print(f"{name:8} {label:14} {t * 1e6:9.1f} µs/iteration")
        result[f"{name} overhead"] = round(times["autograd"] / times["numpy"], 2)
        print(f"{name:8} autograd / numpy = {result[f'{name} overhead']:.2f}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
