"""Step 13, Brotli: a compressed copy beside every text, wasm and JSON file of the site."""

import concurrent.futures
import os
import shutil

from .common import ROOT, BuildError, digest

BROTLI_CACHE = ROOT / "_build" / "brotli"

# Text-like files shrink 3-5 times with gzip (pyodide.asm.wasm from 9.6 to 3.5 MB), and a
# quarter more with Brotli (2.7 MB); wheels, zips and pictures are compressed already.
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".ipynb", ".wasm", ".svg", ".map",
                ".txt", ".md", ".ttf", ".eot", ".webmanifest"}
BROTLI_SUFFIX = ".br"
BROTLI_SMALLEST = 1024  # a smaller file gains less than its .br costs on disk


def precompress(site, cache=BROTLI_CACHE):
    """Write a Brotli copy beside every text, wasm and JSON file of the site (``x.js.br``).
    ``--serve`` sends them; so do nginx (``brotli_static on``) and Caddy (``precompressed br``).
    Brotli's best setting takes half a minute for the wasm, so each result is kept in
    ``cache`` under the sha256 of what it compresses, and a rebuild takes a moment."""
    try:
        import brotli  # here, not at the top: serving and the other steps do not need it
    except ImportError:
        raise BuildError("The Python package Brotli is needed to compress the site. Install the "
                         "build requirements: pip install -r requirements.txt.") from None
    cache.mkdir(parents=True, exist_ok=True)
    files = [path for path in sorted(site.rglob("*")) if path.suffix in COMPRESSIBLE
             and path.is_file() and path.stat().st_size >= BROTLI_SMALLEST]

    def compress(path):
        data = path.read_bytes()
        kept = cache / f"{digest(data)}.q11{BROTLI_SUFFIX}"
        if not kept.is_file():
            partial = kept.with_suffix(".part")
            # quality 11 is Brotli's best; a larger window than the default made the wasm larger
            partial.write_bytes(brotli.compress(data, quality=11))
            partial.replace(kept)
        shutil.copyfile(kept, path.with_name(path.name + BROTLI_SUFFIX))

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        list(pool.map(compress, files))
    return len(files)
