"""The WebAssembly SIMD kernels of training, for Pyodide (the browser's Python): ``kernels``, or None.

numpy in Pyodide has no BLAS and no SIMD, so the two hot loops of training run there in
``simd.wasm`` (built from ``native/simd.c`` by ``native/build.py``): matrix products
(used by ``matrix_product.py``) and Adam's step (used by ``optimizers.py``). The module
works directly on the numpy arrays' memory: Python passes addresses, nothing is copied.

``kernels`` is None on CPython, where SIMD is missing, or if anything fails while loading:
then numpy does everything, silently.
"""

import ctypes
import sys
from importlib import resources

import numpy as np


def address(array):
    """Where the first element of ``array`` (in C order) is in memory: Pyodide's, shared with the kernels."""
    try:  # the quicker way (about 1 µs in Pyodide, against 3 µs for __array_interface__), for writable arrays
        return ctypes.addressof(ctypes.c_char.from_buffer(array))
    except (TypeError, ValueError):  # read-only
        return array.__array_interface__["data"][0]


_known = {}  # id(array) -> (the array, its address): kept alive here, so no other array can take its id


def weights_address(array):
    """``address(array)`` for an array used over and over, such as a layer's weights: found once, then
    looked up (0.2 µs against 1.5 µs in Pyodide; a forward of one row makes 4 such calls)."""
    entry = _known.get(id(array))
    if entry is None:
        if len(_known) >= 64:  # weights that were replaced (set_weights makes new arrays): let them go
            _known.clear()
        entry = _known[id(array)] = (array, address(array))
    return entry[1]


def load():
    """The module's exports (``matmul``, ``matmul_nt``, ``adam_all``) in Pyodide with WebAssembly SIMD, else None.

    The module is compiled synchronously (allowed in the kernel's Web Worker and in Node)
    and instantiated on Pyodide's own memory. A small product and an Adam step are checked
    against numpy before the kernels are trusted.
    """
    if sys.platform != "emscripten":
        return None
    try:
        import pyodide_js
        from js import Object, WebAssembly
        from pyodide.ffi import to_js

        code = to_js((resources.files(__package__) / "simd.wasm").read_bytes())
        if not WebAssembly.validate(code):  # an engine without SIMD rejects the module
            return None
        imports = to_js({"env": {"memory": pyodide_js._module.memory}}, dict_converter=Object.fromEntries)
        exports = WebAssembly.Instance.new(WebAssembly.Module.new(code), imports).exports
        return exports if _agrees_with_numpy(exports) else None
    except Exception:
        return None


def _agrees_with_numpy(exports):
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((5, 7), dtype=np.float32), rng.standard_normal((7, 6), dtype=np.float32)
    c = np.empty((5, 6), np.float32)
    exports.matmul(address(c), address(a), address(b), 5, 7, 6, 7, 1)
    w, g, m, v = (rng.standard_normal(7, dtype=np.float32) for _ in range(4))
    v = v * v
    expected = w - np.float32(0.01) * (m + np.float32(0.1) * (g - m)) / (np.sqrt(v + np.float32(0.001) * (g * g - v))
                                                                        + np.float32(1e-8))
    table = np.array([address(w), address(g), address(m), address(v), 7], np.uint32)  # Adam.update_in_the_kernel
    exports.adam_all(address(table), 1, 0.01, 0.1, 0.001, 1e-8)
    return np.allclose(c, a @ b, rtol=1e-4, atol=1e-5) and np.allclose(w, expected, rtol=1e-5, atol=1e-6)


kernels = load()
