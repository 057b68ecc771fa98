"""Build games/autograd/simd.wasm from simd.c (the SIMD matrix product and Adam step used in Pyodide).

    python native/build.py            # rebuild the .wasm in games/autograd/
    python native/build.py --check    # rebuild into a temporary folder; exit 1 if it differs

The compiled file is kept in the repository, so building the site needs no C compiler;
tests/test_simd.py rebuilds it and checks that the bytes are the same. It needs
Debian's clang and lld (``apt-get install -y clang lld``; clang 14 made the file in the
repository: another version may make other bytes).

The module imports Pyodide's memory (--import-memory) and must not use a stack or hold
data: it would then write into memory that Python owns. ``check_module`` makes sure.
"""

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "simd.c"
TARGET = HERE.parent / "games" / "autograd" / "simd.wasm"

COMPILE = ["--target=wasm32", "-O3", "-msimd128", "-nostdlib", "-fno-builtin", "-g0", "-c"]
# no entry point, Pyodide's memory, no symbol names or debug sections (the same bytes wherever it is built)
LINK = ["--no-entry", "--import-memory", "--strip-all"]


def tool(*names):
    found = next((shutil.which(name) for name in names if shutil.which(name)), None)
    if found is None:
        raise FileNotFoundError(f"{names[0]} is not installed: apt-get install -y clang lld")
    return found


def build(target):
    """Compile SOURCE into the WebAssembly module ``target``; returns its bytes."""
    with tempfile.TemporaryDirectory() as work:
        obj = Path(work) / "simd.o"
        subprocess.run([tool("clang", "clang-14"), *COMPILE, str(SOURCE), "-o", str(obj)], check=True)
        subprocess.run([tool("wasm-ld", "wasm-ld-14"), *LINK, str(obj), "-o", str(target)], check=True)
    Path(target).chmod(0o644)  # wasm-ld makes it executable; it is data
    data = Path(target).read_bytes()
    check_module(data)
    return data


def sections(data):
    """The module's sections as (id, bytes of the section), read from the binary format."""
    if data[:8] != b"\0asm\1\0\0\0":
        raise ValueError("not a WebAssembly module (version 1)")
    position, found = 8, []
    while position < len(data):
        kind = data[position]
        size, position = leb128(data, position + 1)
        found.append((kind, data[position:position + size]))
        position += size
    return found


def leb128(data, position):
    """An unsigned LEB128 number at ``position``; returns (value, position after it)."""
    value = shift = 0
    while True:
        byte = data[position]
        position += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, position


IMPORT, GLOBAL, START, CODE, DATA, DATA_COUNT = 2, 6, 8, 10, 11, 12


def check_module(data):
    """Raise if the module could write anywhere but the arrays it is given.

    It must import nothing but the memory, have no data to copy into it and no start
    function. wasm-ld always defines a stack pointer (one global); the code must never read
    or write it (clang uses it only for a stack, which our code needs none of): checked on
    the disassembly where llvm-objdump is installed.
    """
    kinds = [kind for kind, _ in sections(data)]
    imports = dict(sections(data)).get(IMPORT, b"")
    one_memory = b"\x01\x03env\x06memory\x02\x00"  # one import, env.memory: a memory with no maximum...
    if not imports.startswith(one_memory) or leb128(imports, len(one_memory))[1] != len(imports):  # ...of n pages
        raise ValueError(f"the module must import only env.memory; its imports: {imports!r}")
    if DATA in kinds or DATA_COUNT in kinds or START in kinds:
        raise ValueError("the module has data or a start function: it would write into Pyodide's memory")
    objdump = shutil.which("llvm-objdump") or shutil.which("llvm-objdump-14")
    if objdump:
        with tempfile.NamedTemporaryFile(suffix=".wasm") as file:
            file.write(data)
            file.flush()
            code = subprocess.run([objdump, "-d", file.name], capture_output=True, text=True, check=True).stdout
        if "global." in code:
            raise ValueError("the module's code uses a global (the stack pointer): "
                             "it would write into Pyodide's memory")


def main(argv):
    if argv == ["--check"]:
        with tempfile.TemporaryDirectory() as work:
            fresh = build(Path(work) / TARGET.name)
        same = fresh == TARGET.read_bytes()
        print(f"{TARGET.name}: {'the same' if same else 'DIFFERENT'} bytes when rebuilt from {SOURCE.name}")
        return 0 if same else 1
    data = build(TARGET)
    print(f"wrote {TARGET} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
