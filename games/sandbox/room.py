"""The locked room an entrant's process runs in on CPython, made by bubblewrap (``bwrap``).

A room has no network (a loopback of its own, idle), its own process numbers (it sees no process
outside it, so it can signal none), an empty temporary folder of at most ``HOME_BYTES`` as its home
and working folder, the system's programs and libraries and this Python installation read-only, the
``games`` package read-only, and nothing else of the computer: no home folder, no teacher's files, no
other entrant's file, no ``/tmp``, no writable ``/dev/shm``. It ends when the teacher's process ends
(``--die-with-parent``). Inside it the entrant is an ordinary user with no privileges.

``command(arguments)`` is the command line that runs ``python arguments`` in a new room;
``problem()`` says why no room can be made here (no ``bwrap``, or a system that does not allow one),
or None. What the room cannot do (limits, closing file descriptors, the process group) is done by the
process itself before the entrant's code runs (``in_room.py``) and by the referee (``process.py``).
"""

import functools
import os
import shutil
import sys

#: where the folders an entrant's process needs appear inside the room
LIBRARY = "/room/lib"  #: the games package (and numpy, when it lives outside the Python installation)
HOME = "/room/home"  #: the empty temporary folder: home, working folder and TMPDIR
HOME_BYTES = 16 << 20  #: the most the entrant can write in its room (a temporary folder in memory)
HASH_SEED = "0"  #: the same hash seed in every room: a set is walked in the same order in every run

#: The only environment variables in the room (everything else of the teacher's is left out).
ENVIRONMENT = {"PYTHONHASHSEED": HASH_SEED, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
               "HOME": HOME, "TMPDIR": HOME, "LANG": "C.UTF-8"}

#: Python's flags in the room: ``-I`` (isolated) would also ignore PYTHONHASHSEED, so its parts are given
#: one by one: no user site folder (-s), no script folder on the path (-P, Python 3.11+; ``in_room.py``
#: removes it on 3.10), no .pyc written (-B). The environment is the room's own, so -E is not needed.
PYTHON_FLAGS = ("-s", "-B") + (("-P",) if sys.version_info >= (3, 11) else ())

_checked = []  # the answer of problem(), found once


def bwrap():
    """The path of ``bwrap``, or None."""
    return shutil.which("bwrap")


def _folders_of_python():
    """The folders of this Python installation (a venv's, and the one it was made from), outermost only."""
    found = {os.path.realpath(folder) for folder in (sys.prefix, sys.exec_prefix, sys.base_prefix,
                                                     sys.base_exec_prefix)}
    found.add(os.path.dirname(os.path.dirname(os.path.realpath(sys.executable))))
    found = sorted(folder for folder in found if folder not in ("/", "") and not _inside(folder, "/usr"))
    return [folder for folder in found if not any(_inside(folder, other) for other in found if other != folder)]


def _inside(path, folder):
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _package_folder(name):
    """The folder of the installed package ``name``."""
    import importlib.util
    spec = importlib.util.find_spec(name)
    return os.path.dirname(os.path.realpath(spec.origin))


def _system_binds():
    """The system's programs and libraries, read-only (``/bin``, ``/lib``... are links into /usr on most)."""
    arguments = ["--ro-bind", "/usr", "/usr"]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(top):
            arguments += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            arguments += ["--ro-bind", top, top]
    if os.path.isfile("/etc/ld.so.cache"):  # where the loader finds the system's libraries
        arguments += ["--ro-bind", "/etc/ld.so.cache", "/etc/ld.so.cache"]
    return arguments


def _library_binds():
    """This Python installation at its own path, games (and an outside numpy) under ``LIBRARY``, read-only."""
    python = _folders_of_python()
    arguments = []
    for folder in python:
        arguments += ["--ro-bind", folder, folder]
    games = _package_folder("games")
    arguments += ["--ro-bind", games, f"{LIBRARY}/games"]
    numpy = _package_folder("numpy")
    if not any(_inside(numpy, folder) for folder in python + ["/usr"]):  # a user's site folder, say
        arguments += ["--ro-bind", numpy, f"{LIBRARY}/numpy"]
        if os.path.isdir(numpy + ".libs"):  # the libraries a numpy wheel brings (OpenBLAS)
            arguments += ["--ro-bind", numpy + ".libs", f"{LIBRARY}/numpy.libs"]
    return arguments


def command(arguments):
    """The command line that runs ``python <flags> arguments`` in a new room (paths in ``arguments`` as
    seen inside it: ``script()``)."""
    return [*_room(), "--", sys.executable, *PYTHON_FLAGS, *arguments]


@functools.lru_cache(maxsize=1)
def _room():
    """bubblewrap and its options: the same for every room of this Python."""
    room = [bwrap(), "--unshare-all", "--die-with-parent", "--cap-drop", "ALL", "--uid", "65534", "--gid", "65534",
            "--hostname", "room"]
    room += _system_binds() + _library_binds()
    room += ["--proc", "/proc", "--dev", "/dev", "--remount-ro", "/dev"]  # no /dev/shm to fill
    room += ["--size", str(HOME_BYTES)] if _knows("--size") else []  # (bubblewrap 0.7+; before: files of FILE_BYTES)
    room += ["--tmpfs", HOME,
             "--remount-ro", "/",  # the room's own root (its folders): nothing can be written but in HOME
             "--chdir", HOME, "--clearenv"]
    for name, value in ENVIRONMENT.items():
        room += ["--setenv", name, value]
    return tuple(room)


def _knows(option):
    """Whether this bubblewrap takes ``option`` (read once from its help)."""
    if not _options:
        import subprocess
        try:
            done = subprocess.run([bwrap(), "--help"], capture_output=True, text=True, timeout=10)
            _options.append(done.stdout + done.stderr)
        except (OSError, subprocess.TimeoutExpired):
            _options.append("")
    return option in _options[0].split()


_options = []  # bubblewrap's help text


def script(in_room=True):
    """The path of ``in_room.py`` as the process that runs it sees it."""
    if in_room:
        return f"{LIBRARY}/games/sandbox/in_room.py"
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "in_room.py")


def problem():
    """Why no room can be made on this computer (a short text), or None when one can: a room is made once
    and the entrant's side of it checks that it can start there."""
    if _checked:
        return _checked[0]
    import subprocess
    if sys.platform != "linux":
        found = "it needs Linux"
    elif bwrap() is None:
        found = "bubblewrap (bwrap) is not installed"
    else:
        try:
            done = subprocess.run(command([script(), "--check"]), stdin=subprocess.DEVNULL, capture_output=True,
                                  timeout=60)
            found = None if done.returncode == 0 and done.stdout.strip() == b"ready" else \
                "bwrap could not make one: " + (done.stderr.decode(errors="replace").strip()[-200:] or
                                                f"exit code {done.returncode}")
        except (OSError, subprocess.TimeoutExpired) as error:
            found = f"bwrap could not make one: {error}"
    _checked.append(found)
    return found
