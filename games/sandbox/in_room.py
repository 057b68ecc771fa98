"""The entrant's side of its process on CPython: ``python in_room.py FD`` (in its room, ``room.py``).

Before any of the entrant's code runs, the process closes every file descriptor but ``FD`` (its one
channel to the referee: a Unix socket), limits itself with soft and hard values alike (``limits.py``),
forbids itself new processes (``no_new_processes.py``) and says hello (the referee takes the sender of
that hello, as the system names it, for the only process whose answers count). It then reads the
entrant's file, builds its agent and answers moves until the channel closes.

Frames both ways: 4 bytes of length (big-endian), then the bytes. The referee sends pickles (the room
trusts the referee); the room answers JSON, which the referee reads with a cap and a deadline.
"""

import json
import os
import pickle
import struct
import sys


def send(channel, answer):
    data = json.dumps(answer).encode()
    channel.sendall(struct.pack(">I", len(data)) + data)


def receive(channel):
    """The next frame's bytes, or None when the referee has closed the channel."""
    head = _exactly(channel, 4)
    return None if head is None else _exactly(channel, struct.unpack(">I", head)[0])


def _exactly(channel, count):
    data = b""
    while len(data) < count:
        chunk = channel.recv(count - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def close_other_files(keep):
    """Close every file descriptor but ``keep`` (standard input and output too: an entrant prints nowhere)."""
    sys.stdin = sys.stdout = sys.stderr = None
    highest = max(os.listdir("/proc/self/fd"), key=int, default="1024") if os.path.isdir("/proc/self/fd") else "1024"
    os.closerange(0, keep)
    os.closerange(keep + 1, max(int(highest), 1024) + 1)


def set_limits():
    """Every limit of ``limits.py``, soft and hard alike (a process can lower its hard limits, never raise them)."""
    import resource

    from games.sandbox import limits
    wanted = {resource.RLIMIT_NPROC: limits.PROCESSES, resource.RLIMIT_FSIZE: limits.FILE_BYTES,
              resource.RLIMIT_NOFILE: limits.OPEN_FILES, resource.RLIMIT_CPU: limits.CPU_SECONDS,
              resource.RLIMIT_CORE: 0}
    if os.path.exists("/proc/self/statm"):  # Linux: what the process has now, plus what it may take
        with open("/proc/self/statm") as statm:
            now = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        wanted[resource.RLIMIT_AS] = now + limits.MEMORY_BYTES
    for which, value in wanted.items():
        _, hard = resource.getrlimit(which)
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)
        resource.setrlimit(which, (value, value))


def die_with_parent():
    """The process is killed when the one that started it ends (the teacher's, or the room's first)."""
    import ctypes
    import signal
    set_parent_death_signal = 1
    try:
        ctypes.CDLL(None).prctl(set_parent_death_signal, int(signal.SIGKILL), 0, 0, 0)
    except (AttributeError, OSError):  # not Linux: the referee still kills it at the end
        pass


def main(arguments):
    from games.sandbox import no_new_processes
    from games.sandbox.player import Player, error_text  # (a trained agent's games.dqn: when its file is read)
    if arguments[1:] == ["--check"]:
        print("ready", flush=True)
        return
    import socket
    number = int(arguments[1])
    channel = socket.socket(fileno=number)
    die_with_parent()
    close_other_files(number)
    set_limits()
    no_new_processes.install()
    send(channel, {"hello": True})
    entry = pickle.loads(receive(channel))
    try:
        player = Player(entry)
    except BaseException as error:  # noqa: BLE001 - a file that does not build loses its games, with the reason
        send(channel, {"failed": error_text(error)})
        return
    send(channel, {"ready": True})
    while True:
        request = receive(channel)
        if request is None:
            return
        move, view, words = pickle.loads(request)
        send(channel, dict(player.move(view, words), move=move))


if __name__ == "__main__":
    # Run as a script: the folder that holds games comes first on the path, and this file's own folder
    # (which Python adds before 3.11 despite -P) is taken away.
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [os.path.dirname(os.path.dirname(here))] + [path for path in sys.path if path not in ("", here)]
    from games.sandbox.in_room import main as serve
    serve(sys.argv)
