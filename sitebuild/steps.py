"""build_site: every step of the build, in order (the package's docstring lists them).

Everything is built in a temporary folder next to the output and moved into place only
when every step succeeded, so a failed build never leaves a site that looks finished.
"""

import shutil
import tempfile
from pathlib import Path

from . import answer_key as key
from . import course
from .bundle import copy_pyodide, kernel_wheels, leave_out_the_terminal, site_entries
from .bytecode import compile_bytecode
from .checks import check_site
from .class_view import leave_out_solutions, write_class_view
from .common import CONTENT, LITE, ROOT, BuildError
from .csp import add_policy
from .games_wheel import build_games_wheel
from .lite_build import run_jupyter_lite
from .lite_folder import stage_lite_dir
from .packages import lock_closure, site_roots
from .pages import add_interface_language, add_loading_notice, add_root_favicon
from .patches import (patch_error_name, patch_ruby, patch_run_all_past_expected_errors, patch_service_worker,
                      patch_workspace_wait)
from .precompress import precompress
from .translations import complete_japanese
from .pyodide_source import complete_lock, open_pyodide_source, read_lock
from .site_lock import check_preloads, write_site_lock


def build_site(output, pyodide_source, solutions=True, answer_key=None):
    """Every step, in order. Returns the output folder. ``solutions=False``: a site without the
    exercises' solutions (``build.py --no-solutions``), and the teachers' answer key beside it
    (in ``answer_key``, by default ``<output>_teachers/``; with solutions only if ``answer_key``)."""
    output = Path(output).resolve()
    if answer_key is None and not solutions:
        answer_key = key.default_folder(output)
    if answer_key is not None:
        key.check_outside(answer_key, output)  # before the long build, not after it
    remove_old_output(output)
    output.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f".{output.name}-building-", dir=output.parent) as tmp:
        work = Path(tmp)
        # 1. the Pyodide source
        read = open_pyodide_source(pyodide_source)
        lock = read_lock(read)
        elsewhere = complete_lock(lock)
        # 2. the games wheel
        games_wheel = build_games_wheel(work, solutions)
        # 3. which packages
        packages = lock_closure(lock, site_roots(games_wheel))
        # 4. the lite folder
        lite_dir = work / "lite"
        stage_lite_dir(lite_dir)
        # 5. the bundle
        bundle = lite_dir / "static" / "pyodide"
        copy_pyodide(read, pyodide_source, packages, bundle, elsewhere)
        packages = leave_out_the_terminal(bundle, packages)
        entries = site_entries(packages, [games_wheel, *kernel_wheels()], bundle)
        patch_error_name(bundle / entries["pyodide-kernel"]["file_name"])
        # 6. bytecode
        compile_bytecode(bundle, entries, lock["info"], work)
        # 7. the site's lock
        site_lock = write_site_lock(lock, entries, bundle)
        check_preloads(site_lock, lite_dir)
        # 8. the lessons
        content = course.copy_content(CONTENT, work / "content")
        lessons = course_step(course.read_course, content)
        course.add_navigation(content, lessons)
        # 9. jupyter lite build
        site = work / "site"
        run_jupyter_lite(lite_dir, site, content)
        # 10. pages, and the patches of the built JavaScript
        add_interface_language(site)
        complete_japanese(site)
        add_loading_notice(site)
        add_root_favicon(site)
        patch_workspace_wait(site)
        patch_service_worker(site)
        patch_ruby(site)
        patch_run_all_past_expected_errors(site)
        # 11. the course pages
        course_step(course.write_pages, site, content, lessons, solutions)
        write_class_view(site, lessons)
        if not solutions:
            leave_out_solutions(site)
        add_policy(site)  # the Content-Security-Policy in every page written above
        # 12. checks
        check_site(site, site_lock)
        # 13. Brotli
        precompress(site)
        site.rename(output)
    if answer_key is not None:
        key.write_answer_keys(answer_key, lessons)
    return output


def course_step(step, *args):
    """Run a step of course.py; its problems are build problems."""
    try:
        return step(*args)
    except course.CourseError as error:
        raise BuildError(f"The course map cannot be made: {error}")


def remove_old_output(output):
    """Always a clean build: an incremental one can silently drop pyodideUrl."""
    if output.exists():
        shutil.rmtree(output)
    for stale in (ROOT / ".jupyterlite.doit.db", LITE / ".jupyterlite.doit.db"):
        stale.unlink(missing_ok=True)

