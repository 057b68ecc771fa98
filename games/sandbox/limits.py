"""The limits of an entrant's process on CPython, set with their soft and hard values alike (so that the
entrant cannot raise them) before any of its code runs (``in_room.py``); the referee reads them too."""

MEMORY_BYTES = 1 << 30  #: address space an entrant's process may take beyond what it has when its code starts
PROCESSES = 8  #: processes and threads of the room's user (no new process may start at all: ``no_new_processes``)
FILE_BYTES = 16 << 20  #: the largest file it may write (its room's folder holds at most as much in all)
OPEN_FILES = 64  #: file descriptors it may hold
CPU_SECONDS = 600  #: CPU time of one process; the referee starts a fresh one before this runs out
