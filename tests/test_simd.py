"""The SIMD kernels (native/simd.c, loaded by games/autograd/simd.py): the matrix product
(games/autograd/matrix_product.py) and Adam's step (games/autograd/optimizers.py).

On CPython these tests check numpy's path and the shipped .wasm file; tests/test_pyodide.py
runs this file again inside Pyodide, where the kernels themselves are checked against numpy.
"""

import importlib.util
import shutil
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest

from games.autograd import Adam, Parameter, simd
from games.autograd import matrix_product as mp
from games.autograd.matrix_product import matrix_product

ROOT = Path(__file__).resolve().parent.parent
IN_PYODIDE = sys.platform == "emscripten"


def random_operands(rng, m, k, n, layout):
    """float32 a (m × k) and b (k × n): in C order, or views such as xᵀ, wᵀ, every other column."""
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((k, n)).astype(np.float32)
    if layout == "aT@b":  # a is xᵀ for x (k × m) in C order: the weight gradient xᵀ @ gy
        a = np.ascontiguousarray(a.T).T
    elif layout == "a@bT":  # b is wᵀ for w (n × k) in C order: the input gradient gy @ Wᵀ
        b = np.ascontiguousarray(b.T).T
    elif layout == "strided":  # every other column: neither layout, copied first
        a, b = np.repeat(a, 2, axis=1)[:, ::2], np.repeat(b, 2, axis=1)[:, ::2]
    return a, b


def test_the_kernels_are_used_exactly_where_they_can_be():
    if IN_PYODIDE:
        assert simd.kernels is not None, "the SIMD kernels did not load in Pyodide"
    else:
        assert simd.kernels is None  # CPython: numpy (and its BLAS) everywhere
    assert mp._kernel is simd.kernels


@pytest.mark.parametrize("layout", ["a@b", "aT@b", "a@bT", "strided"])
def test_it_agrees_with_numpy_on_random_shapes(layout):
    rng = np.random.default_rng(["a@b", "aT@b", "a@bT", "strided"].index(layout))
    sizes = [1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 17, 31, 33, 64, 127, 128, 129, 300]
    for trial in range(60):
        m, k, n = (int(rng.choice(sizes)) if rng.random() < 0.5 else int(rng.integers(1, 301)) for _ in range(3))
        a, b = random_operands(rng, m, k, n, layout)
        c = matrix_product(a, b)
        exact = a.astype(np.float64) @ b.astype(np.float64)
        assert c.shape == (m, n) and c.dtype == np.float32 and c.flags.c_contiguous
        # float32 sums of k products: each rounding is at most 2⁻²⁴ of the running sum
        bound = 1e-6 * k * (np.abs(a).astype(np.float64) @ np.abs(b).astype(np.float64)) + 1e-30
        assert np.all(np.abs(c - exact) <= bound), f"{layout} ({m} × {k}) @ ({k} × {n})"


def test_the_kernel_itself_on_every_tile_edge():
    """Every shape from 1 to 10 in each size, through the kernel (whatever the shape rule says)."""
    if mp._kernel is None:
        pytest.skip("no SIMD kernel on CPython: tests/test_pyodide.py runs this in Pyodide")
    rng = np.random.default_rng(7)
    for m in range(1, 11):
        for k in range(1, 11):
            for n in range(1, 11):
                for layout in ("a@b", "aT@b", "a@bT"):
                    a, b = random_operands(rng, m, k, n, layout)
                    assert np.allclose(mp._kernel_product(a, b), a @ b, rtol=1e-5, atol=1e-5), (m, k, n, layout)


def test_adam_gives_numpys_float32_numbers():
    """In Pyodide the kernel's Adam step; the same float32 operations in the same order as numpy's."""
    rng = np.random.default_rng(5)
    params = [Parameter(rng.standard_normal(shape).astype(np.float32)) for shape in [(37, 13), (13,), (3,)]]
    twins = [Parameter(p.data.copy()) for p in params]
    read_only = Parameter(np.arange(8, dtype=np.float32))  # the kernel writes in place: numpy's path here
    read_only.data.flags.writeable = False
    mine, theirs = Adam(0.01).setup(params), Adam(0.01).setup(twins)
    for step in range(5):
        for p, twin in zip(params, twins):
            p.grad = twin.grad = rng.standard_normal(p.shape).astype(np.float32)
        mine.update()
        for twin in twins:  # numpy's formula, written out again
            m, v = theirs.moments.setdefault(id(twin), (np.zeros_like(twin.data), np.zeros_like(twin.data)))
            lr_t = 0.01 * np.sqrt(1 - 0.999 ** (step + 1)) / (1 - 0.9 ** (step + 1))
            m += (1 - 0.9) * (twin.grad - m)
            v += (1 - 0.999) * (twin.grad * twin.grad - v)
            twin.data -= lr_t * m / (np.sqrt(v) + 1e-8)
    for p, twin in zip(params, twins):
        assert p.data.dtype == np.float32 and np.allclose(p.data, twin.data, rtol=1e-6, atol=1e-7)
    read_only.grad = np.ones(8, np.float32)
    with pytest.raises(ValueError, match="read-only"):
        Adam(0.01).setup([read_only]).update()


def test_adam_in_one_kernel_call_has_numpys_bits(monkeypatch):
    """All parameters' steps in one call (Adam.update_in_the_kernel): the very bits of numpy's step, one by one."""
    from games.autograd import optimizers

    rng = np.random.default_rng(6)
    shapes = [(64, 9), (9,), (5, 3), (2,), (1,)]  # sizes with and without a remainder of 4
    params = [Parameter(rng.standard_normal(shape).astype(np.float32)) for shape in shapes]
    params.append(Parameter(rng.standard_normal(4)))  # float64: numpy's step in either case
    twins = [Parameter(p.data.copy()) for p in params]
    mine, theirs = Adam(0.003).setup(params), Adam(0.003).setup(twins)
    for step in range(4):
        for p, twin in zip(params, twins):
            p.grad = twin.grad = rng.standard_normal(p.shape).astype(p.dtype)
        if step == 2:  # new weight arrays (as set_weights makes): the kernel must write into them
            params[0].data, twins[0].data = params[0].data.copy(), twins[0].data.copy()
        params[3].grad = twins[3].grad = None  # no gradient: left alone
        mine.update()
        with monkeypatch.context() as patch:
            patch.setattr(optimizers, "_adam_all", None)  # numpy, one parameter after another
            theirs.update()
    for p, twin in zip(params, twins):
        assert p.data.dtype == twin.data.dtype and p.data.tobytes() == twin.data.tobytes()


@pytest.mark.parametrize("relu", [False, True])
def test_a_layer_in_one_call_has_numpys_bits(relu):
    """linear_relu: x @ W + b, then ReLU, in one kernel call in Pyodide: the bits of the product, + b, np.maximum."""
    rng = np.random.default_rng(7)
    for m, k, n in [(32, 18, 64), (128, 128, 37), (1, 300, 61), (7, 33, 13), (5, 64, 9), (300, 55, 3), (9, 41, 70),
                    (1, 250, 64), (1, 64, 64), (1, 64, 32), (2, 32, 32), (1, 32, 63), (1, 64, 9), (1, 9, 9)]:
        # the last ones: single rows either side of LINEAR_FROM, as a move asks
        x = rng.standard_normal((m, k)).astype(np.float32)
        W = rng.standard_normal((k, n)).astype(np.float32)
        b = rng.standard_normal(n).astype(np.float32)
        expected = matrix_product(x, W) + b
        expected = np.maximum(expected, 0) if relu else expected
        got = mp.linear_relu(x, W, b, relu)
        assert got.dtype == np.float32 and got.shape == (m, n) and got.tobytes() == expected.tobytes()
    x64 = rng.standard_normal((40, 30))  # float64: numpy's operations
    W, b = rng.standard_normal((30, 20)), rng.standard_normal(20)
    assert np.array_equal(mp.linear_relu(x64, W, b, relu), np.maximum(x64 @ W + b, 0) if relu else x64 @ W + b)


def test_a_layer_uses_its_weights_as_they_are_now():
    """The kernel remembers where weights are (weights_address): changed in place or replaced, the layer sees them."""
    rng = np.random.default_rng(8)
    x = rng.standard_normal((1, 64)).astype(np.float32)
    W, b = rng.standard_normal((64, 64)).astype(np.float32), rng.standard_normal(64).astype(np.float32)
    for _ in range(3):
        assert mp.linear_relu(x, W, b, True).tobytes() == np.maximum(x @ W + b, 0).tobytes()
        W -= np.float32(0.5)  # in place, as Adam changes weights
        b = b * np.float32(2)  # a new array, as set_weights makes
    for _ in range(200):  # many weights come and go: the addresses kept stay few
        mp.linear_relu(x, W.copy(), b.copy(), False)
    assert len(simd._known) <= 64


def test_clip_grads_norm_in_one_call():
    """clip_grads' norm (the kernel's sum of squares in Pyodide, in float64) agrees with numpy's in float64."""
    from games.autograd import clip_grads

    rng = np.random.default_rng(8)
    params = [Parameter(np.zeros(shape, np.float32)) for shape in [(64, 9), (9,), (5, 3), (2,), (1,), (300, 7)]]
    for p in params:
        p.grad = rng.standard_normal(p.shape).astype(np.float32)
    expected = np.sqrt(sum(np.sum(p.grad.astype(np.float64) ** 2) for p in params))
    assert clip_grads(params, 1e9) == pytest.approx(expected, rel=1e-6)
    params[2].grad = params[2].grad.T  # a view in Fortran order: numpy's sum
    assert clip_grads(params, 1e9) == pytest.approx(expected, rel=1e-6)
    grads = [p.grad.copy() for p in params]
    assert clip_grads(params, expected / 2) == pytest.approx(expected, rel=1e-6)
    for p, g in zip(params, grads):
        assert np.allclose(p.grad, g / 2, rtol=1e-5)


def test_the_output_is_a_new_array_and_the_inputs_are_left_alone():
    rng = np.random.default_rng(3)
    a, b = random_operands(rng, 40, 50, 60, "a@b")
    a_before, b_before = a.copy(), b.copy()
    c = matrix_product(a, b)
    assert not np.shares_memory(c, a) and not np.shares_memory(c, b)
    assert np.array_equal(a, a_before) and np.array_equal(b, b_before)


@pytest.mark.parametrize("dtype", [np.float64, np.int64])
def test_other_dtypes_are_numpys_product_exactly(dtype):
    """Gradient checks run in float64: numpy's own product, bit for bit."""
    rng = np.random.default_rng(4)
    a, b = (rng.integers(-5, 5, shape).astype(dtype) for shape in [(37, 41), (41, 29)])
    c = matrix_product(a, b)
    assert c.dtype == np.dtype(dtype) and np.array_equal(c, a @ b)


def test_vectors_and_mixed_dtypes_go_to_numpy():
    a32 = np.arange(12, dtype=np.float32).reshape(3, 4)
    assert np.array_equal(matrix_product(a32, np.ones(4, np.float32)), a32 @ np.ones(4, np.float32))
    mixed = matrix_product(a32, np.ones((4, 2)))
    assert mixed.dtype == np.float64 and np.array_equal(mixed, a32 @ np.ones((4, 2)))


def test_shapes_that_do_not_fit_get_numpys_error():
    with pytest.raises(ValueError):
        matrix_product(np.ones((30, 40), np.float32), np.ones((41, 30), np.float32))


# ------------------------------------------------------------------ the shipped .wasm file
def native_build_module():
    """native/build.py, imported from its file (native/ is not a package)."""
    spec = importlib.util.spec_from_file_location("native_build", ROOT / "native" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_module_cannot_write_outside_its_arrays():
    native_build = native_build_module()
    data = native_build.TARGET.read_bytes()
    native_build.check_module(data)  # imports only the memory; no data, no start, no stack
    with pytest.raises(ValueError, match="data"):  # and the check can fail: a data section (id 11) added
        native_build.check_module(data + b"\x0b\x01\x00")


@pytest.mark.skipif(IN_PYODIDE, reason="clang runs on the host")
def test_the_shipped_wasm_is_what_the_c_source_builds():
    """A teacher needs no C compiler: the .wasm is in the repository, and this test rebuilds it."""
    if not (shutil.which("clang") or shutil.which("clang-14")) or not (shutil.which("wasm-ld")
                                                                       or shutil.which("wasm-ld-14")):
        pytest.skip("needs Debian's clang and lld (apt-get install -y clang lld), as .ci/run installs")
    native_build = native_build_module()
    with tempfile.TemporaryDirectory() as work:
        fresh = native_build.build(Path(work) / "matmul_simd.wasm")
    assert fresh == native_build.TARGET.read_bytes(), "run python native/build.py and commit the .wasm"
