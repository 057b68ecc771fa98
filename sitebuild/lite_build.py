"""Step 9, jupyter lite build: run it on the lite folder and the lessons (step 8), into the
site's folder."""

import subprocess
import sys

from .common import BuildError
from .lite_folder import labextensions_dir


def run_jupyter_lite(lite_dir, output, content):
    command = [sys.executable, "-m", "jupyterlite_core", "build",
               "--lite-dir", str(lite_dir), "--contents", str(content),
               "--output-dir", str(output), "--no-sourcemaps",
               f"--FederatedExtensionAddon.extra_labextensions_path={labextensions_dir(lite_dir)}"]
    result = subprocess.run(command, cwd=lite_dir, capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError(
            f"jupyter lite build failed (it said: {result.stderr.strip()[-800:]}). Check the "
            f"notebooks in content/ and the settings in lite/ and jupyter_lite_config.json.")

