"""Every change the build makes to upstream code, each with the upstream version it matches.

Each patch looks for the exact text of the pinned version. Where it does not find it exactly
once, a JavaScript patch stops the build rather than guess, and the IPython patch leaves the
wheel (and the terminal's packages) as they are. After an upgrade, check the patches against the
new code and update the versions here (tests/test_sitebuild.py checks them against
requirements.txt and the Pyodide lock).

- patch_kernel_worker   jupyterlite-pyodide-kernel: no jedi at start, IPython imported before
                        the kernel moves to the students' drive   (step 4, the lite folder)
- patch_error_name      jupyterlite-pyodide-kernel: an error's name is the exception's, as
                        Python prints it (NameError)              (step 5, the bundle)
- patch_ipython_embed   IPython: its terminal imported only when embed() is called
                        (step 5, the bundle)
- patch_workspace_wait  jupyterlite-core's JupyterLab: a lesson opens without waiting for the
                        workspace save                            (step 10, the built pages)
- patch_service_worker  jupyterlite-core's service worker: the browser fetches the site's files
                        itself                                    (step 10, the built pages)
- patch_ruby            jupyterlite-core's JupyterLab: Markdown keeps <ruby>, <rt> and <rp>, the
                        readings of hard Japanese words           (step 10, the built pages)
- patch_run_all_past_expected_errors
                        jupyterlite-core's kernel client: Run All goes on past a cell tagged
                        raises-exception, as in JupyterLab        (step 10, the built pages)

The compiler (compile_in_pyodide.py) also trims what it compiles: Pygments' lexers and the
modules a browser cannot use (prune_pygments, left_out); those are choices of what to ship,
not patches of code.
"""

import re
import zipfile

from .common import BuildError
from .kernel import KERNEL_EXTENSION

# The upstream versions these patches match (the pins of requirements.txt, and the ipython
# wheel of the Pyodide distribution's lock).
PYODIDE_KERNEL_VERSION = "0.8.6"  # jupyterlite-pyodide-kernel
JUPYTERLITE_CORE_VERSION = "0.8.6"  # jupyterlite-core (its JupyterLab and service worker)
IPYTHON_VERSION = "9.12.0"  # the PyPI wheel ipython-9.12.0-py3-none-any.whl


# ---------------------------------------------------------------- jupyterlite-pyodide-kernel 0.8.6

# The kernel's start code, as the installed kernel's JavaScript spells it, and what the site
# runs instead: the same without jedi, and IPython told to complete without it (the kernel
# turns jedi on by itself, and a Tab would then print a NameError).
START_LIST = '"pyodide-kernel","jedi","ipython"]'
START_LIST_WITHOUT_JEDI = '"pyodide-kernel","ipython"]'
KERNEL_IMPORT = re.compile(r'(\w+)\.push\("import pyodide_kernel"\)')
NO_JEDI = "pyodide_kernel.kernel_instance.interpreter.Completer.use_jedi = False"

# The kernel mounts the students' files at /drive and makes it the working folder before it
# imports IPython. With "" first on sys.path, every import then asks the drive (one request
# through the service worker to the page, 5-25 ms each) whether the folder has changed: about
# 75 requests at start and 30 more for a first `import games`, over a second in all.
# The site imports the kernel in Pyodide's own home folder, then moves to the drive, and looks
# in the lesson's folder last: a student's own module still imports, and a file named
# random.py no longer hides the standard library's. Only an import that fails everywhere else
# reaches that folder, and the first one lists it (25 requests): numpy.random's import of
# secrets does (it tries _hashlib, which Pyodide lacks), so secrets is imported before the move.
MOUNT_AND_CHDIR = re.compile(r"(\w+)\.mount\((\w+),\{\},(\w+)\),\1\.chdir\(\3\),")
TO_THE_DRIVE = ('import os, sys, secrets", "os.path.isdir(\'/drive\') and os.chdir(\'/drive\')", '
                '"sys.path.remove(\'\') if \'\' in sys.path else None", "sys.path.append(\'\')')


def patch_kernel_worker(static):
    """Stop the kernel installing jedi at start, and let it import IPython before it moves to
    the students' drive (see MOUNT_AND_CHDIR), in every script that holds its start code."""
    patched = 0
    for script in sorted(static.glob("*.js")):
        text = script.read_text(encoding="utf-8")
        if "jedi" not in text:
            continue
        if (text.count(START_LIST) != 1 or len(KERNEL_IMPORT.findall(text)) != 1
                or not MOUNT_AND_CHDIR.search(text)):
            patched = 0  # another kernel version: the build stops rather than guess
            break
        text = text.replace(START_LIST, START_LIST_WITHOUT_JEDI)
        text = KERNEL_IMPORT.sub(
            lambda m: f'{m.group(1)}.push("import pyodide_kernel","{NO_JEDI}","{TO_THE_DRIVE}")',
            text)
        text = MOUNT_AND_CHDIR.sub(lambda m: f"{m.group(1)}.mount({m.group(2)},{{}},{m.group(3)}),",
                                   text)
        script.write_text(text, encoding="utf-8")
        patched += 1
    if patched:
        return patched
    raise BuildError(
        f"The installed {KERNEL_EXTENSION} does not start its kernel the way the build expects "
        f"(it looks for {START_LIST}, \"import pyodide_kernel\" and the drive's mount in its "
        f"worker). Install the version in requirements.txt, or update patch_kernel_worker in "
        f"sitebuild/patches.py.")


# The kernel names an error by str() of its class: an error output said "<class 'NameError'>"
# where Python and ipykernel say "NameError" (the traceback itself was right). A notebook a
# student downloads keeps that name, and so do the tests' reports; the site uses the class's name.
KERNEL_INTERPRETER = "pyodide_kernel/interpreter.py"
ERROR_NAME = '"ename": str(etype),'
ERROR_NAME_AS_PYTHON = '"ename": etype.__name__,  # Game AI Lab: the name Python prints'


def patch_error_name(wheel):
    """Make the kernel name an error as Python does (see ERROR_NAME), in the pyodide-kernel
    ``wheel`` (rewritten in place)."""
    with zipfile.ZipFile(wheel) as archive:
        members = [(info, archive.read(info)) for info in archive.infolist()]
    source = dict((info.filename, body) for info, body in members).get(KERNEL_INTERPRETER, b"").decode()
    if source.count(ERROR_NAME) != 1:
        raise BuildError(
            f"The kernel's wheel {wheel.name} does not name its errors the way the build expects "
            f"(it looks for {ERROR_NAME} in {KERNEL_INTERPRETER}). Install the version in "
            f"requirements.txt, or update patch_error_name in sitebuild/patches.py.")
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, body in members:
            if info.filename == KERNEL_INTERPRETER:
                body = source.replace(ERROR_NAME, ERROR_NAME_AS_PYTHON).encode()
            archive.writestr(info, body)  # RECORD is written again when compiling (step 6)


# ---------------------------------------------------------------- IPython 9.12.0

# IPython's package imports its terminal front end, and with it prompt_toolkit (116 modules and
# 0.6 MB with wcwidth), only to offer IPython.embed(), which starts a terminal shell: nothing a
# notebook can use. When the ipython wheel holds its source (the PyPI wheels of ../shared), the
# site imports the terminal only if embed() is called, and leaves its packages out
# (bundle.TERMINAL_ONLY).
IPYTHON_INIT = "IPython/__init__.py"
IPYTHON_EMBED_IMPORT = "from .terminal.embed import embed\n"
IPYTHON_EMBED_ON_CALL = (
    "def embed(**kwargs):  # Game AI Lab: the terminal is imported only when asked for\n"
    "    from .terminal.embed import embed as terminal_embed\n"
    "    return terminal_embed(**kwargs)\n")


def patch_ipython_embed(wheel):
    """Make IPython import its terminal only when embed() is called, in the ipython ``wheel``
    (rewritten in place). False, and the wheel unchanged, when it is not the source of the
    IPython above (a compiled wheel, as Pyodide's own, or another version)."""
    with zipfile.ZipFile(wheel) as archive:
        members = [(info, archive.read(info)) for info in archive.infolist()]
    init = dict((info.filename, body) for info, body in members).get(IPYTHON_INIT, b"").decode()
    if init.count(IPYTHON_EMBED_IMPORT) != 1:
        return False
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, body in members:
            if info.filename == IPYTHON_INIT:
                body = init.replace(IPYTHON_EMBED_IMPORT, IPYTHON_EMBED_ON_CALL).encode()
            archive.writestr(info, body)  # RECORD is written again when compiling (step 6)
    return True


# ---------------------------------------------------------------- jupyterlite-core 0.8.6

# JupyterLab's "load the workspace" command, which runs before a lesson can open, ends by
# waiting for its debounced save of the workspace (half a second, and more on a slow computer).
# The site starts that save and goes on: the save still happens, the lesson opens sooner.
WORKSPACE_WAIT = re.compile(r"await (\w+)\.invoke\(\)\}\}\),(\w+)\.addCommand\((\w+)\.reset,")


def patch_workspace_wait(site):
    """Let a lesson open without waiting for the workspace save (see WORKSPACE_WAIT)."""
    found = []
    for script in sorted((site / "build").glob("*.js")):
        text = script.read_text(encoding="utf-8")
        if len(WORKSPACE_WAIT.findall(text)) == 1:
            script.write_text(WORKSPACE_WAIT.sub(
                lambda m: f"void {m.group(1)}.invoke()}}}}),{m.group(2)}.addCommand({m.group(3)}.reset,",
                text), encoding="utf-8")
            found.append(script.name)
    if len(found) != 1:
        raise BuildError(
            f"The JupyterLab of the installed jupyterlite-core does not load its workspace the way "
            f"the build expects (found {len(found)} scripts to patch). Install the version in "
            f"requirements.txt, or update patch_workspace_wait in sitebuild/patches.py.")
    return found[0]


# JupyterLite's service worker answers the kernel's file requests (/api/drive). With its cache
# off, as in this site, it also relays every other file of the site: a second request and a
# hop through the worker's thread for each of about 250 files, and one more copy in memory.
# The site lets the browser fetch those files itself (80 requests fewer on a first visit, and
# the first result 0.3 s sooner here); the file requests and the cache setting work as before.
SERVICE_WORKER_RELAY = re.compile(r"shouldDrop\((\w+),(\w+)\)\|\|\((\w+)=maybeFromCache\((\w+)\)\)")


def patch_service_worker(site):
    """Let the browser fetch the site's files without the service worker (see above)."""
    worker = site / "service-worker.js"
    text = worker.read_text(encoding="utf-8") if worker.is_file() else ""
    if len(SERVICE_WORKER_RELAY.findall(text)) != 1 or "enableCache" not in text:
        raise BuildError(
            "The service worker of the installed jupyterlite-core does not relay files the way "
            "the build expects. Install the version in requirements.txt, or update "
            "patch_service_worker in sitebuild/patches.py.")
    worker.write_text(SERVICE_WORKER_RELAY.sub(
        lambda m: f"shouldDrop({m.group(1)},{m.group(2)})||!enableCache||"
                  f"({m.group(3)}=maybeFromCache({m.group(4)}))", text), encoding="utf-8")



# JupyterLab's HTML sanitizer, which every Markdown cell goes through, drops the tags it does not
# list but keeps their text: <ruby>報酬<rt>ほうしゅう</rt></ruby> showed as "報酬ほうしゅう". The
# Japanese lessons give the reading of a hard word at its first use, so the site adds the three
# ruby tags (text only, no attributes) to the list, right after "q" where the list is alphabetical.
SANITIZER_TAGS = '"progress","q","rowspan","s","samp"'
SANITIZER_TAGS_WITH_RUBY = '"progress","q","rp","rt","ruby","rowspan","s","samp"'


def patch_ruby(site):
    """Let Markdown cells show ruby (readings above a word): see SANITIZER_TAGS."""
    found = []
    for script in sorted((site / "build").glob("*.js")):
        text = script.read_text(encoding="utf-8")
        if SANITIZER_TAGS in text:
            found.append((script, text))
    if len(found) != 1 or found[0][1].count(SANITIZER_TAGS) != 1:
        raise BuildError(
            f"The JupyterLab of the installed jupyterlite-core does not list the tags its sanitizer "
            f"allows the way the build expects (found {len(found)} scripts with {SANITIZER_TAGS}). "
            f"Install the version in requirements.txt, or update patch_ruby in sitebuild/patches.py.")
    script, text = found[0]
    script.write_text(text.replace(SANITIZER_TAGS, SANITIZER_TAGS_WITH_RUBY), encoding="utf-8")
    return script.name


# JupyterLab asks the kernel to go on after a cell tagged "raises-exception": that cell's execute
# request says stop_on_error: false (nbclient honours the tag the same way). JupyterLite's kernel
# client, which stands in for the server in the page, does not look: after any error answer it
# cancels every request still queued, so Run All stopped at the error a lesson shows on purpose
# and the rest of the lesson never ran. In the site, the kernel's answer carries its request's
# stop_on_error (EXECUTE_REPLY), and the client cancels the queue only when it was not false
# (CANCEL_ON_ERROR): any other error still stops Run All, as in JupyterLab.
EXECUTE_REPLY = re.compile(r'msgType:"execute_reply",channel:"shell",parentHeader:(\w+)\.header,'
                           r'session:\1\.header\.session,content:(\w+)\}\)')
CANCEL_ON_ERROR = re.compile(r'"execute_reply"===(\w+)\.header\.msg_type&&"error"===\1\.content\.status&&'
                             r'"interrupt"!==\1\.metadata\.cause&&')


def patch_run_all_past_expected_errors(site):
    """Let Run All go on past a cell tagged raises-exception (see EXECUTE_REPLY)."""
    found = []
    for script in sorted((site / "build").glob("*.js")):
        text = script.read_text(encoding="utf-8")
        if EXECUTE_REPLY.search(text) or CANCEL_ON_ERROR.search(text):
            found.append((script, text))
    if len(found) != 1 or len(EXECUTE_REPLY.findall(found[0][1])) != 1 \
            or len(CANCEL_ON_ERROR.findall(found[0][1])) != 1:
        raise BuildError(
            f"The kernel client of the installed jupyterlite-core does not answer and cancel cells "
            f"the way the build expects (found {len(found)} scripts with its execute reply). "
            f"Install the version in requirements.txt, or update patch_run_all_past_expected_errors "
            f"in sitebuild/patches.py.")
    script, text = found[0]
    text = EXECUTE_REPLY.sub(
        lambda m: f"{m.group(0)[:-2]},metadata:{{stop_on_error:!1!=={m.group(1)}.content.stop_on_error}}}})",
        text)
    text = CANCEL_ON_ERROR.sub(lambda m: f"{m.group(0)}!1!=={m.group(1)}.metadata.stop_on_error&&", text)
    script.write_text(text, encoding="utf-8")
    return script.name
