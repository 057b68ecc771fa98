"""A seccomp filter that lets a process start threads but no new process (no fork, vfork or clone of a
new process), installed by the entrant's process on itself before its code runs (``in_room.py``).

With it, an entrant's memory is bounded by one address space (``limits.MEMORY_BYTES``): it cannot start
children that each take as much, nor leave one behind. (A limit on processes alone, ``RLIMIT_NPROC``, is
not applied to the root user's processes, and a teacher's container often runs as root.)

The filter is a short classic BPF program (``seccomp(2)``): it reads the system call's architecture and
number, and answers an error for the calls that make a process; every other call is allowed.
"""

import struct

# classic BPF (linux/filter.h, linux/seccomp.h)
LOAD = 0x20  #: BPF_LD | BPF_W | BPF_ABS: load 32 bits of the system call's data
JUMP_IF_EQUAL, JUMP_IF_AT_LEAST, JUMP_IF_BITS = 0x15, 0x35, 0x45
RETURN = 0x06
ALLOW = 0x7FFF0000
ERROR = 0x00050000  #: SECCOMP_RET_ERRNO, with the error number in the low 16 bits
EPERM, ENOSYS = 1, 38
NUMBER, ARCHITECTURE, FIRST_ARGUMENT = 0, 4, 16  #: offsets in struct seccomp_data (the argument's low half)
CLONE_THREAD = 0x00010000
X32 = 0x40000000  #: x86-64's other system call numbering (x32), refused whole

#: architecture -> (its audit number, {system call: its number}); clone3 is answered "no such call", so that
#: the C library starts a thread with clone instead
SYSTEM_CALLS = {
    "x86_64": (0xC000003E, {"clone": 56, "fork": 57, "vfork": 58, "clone3": 435}),
    "aarch64": (0xC00000B7, {"clone": 220, "clone3": 435}),
}


def program(machine):
    """The filter's instructions for ``machine`` (``platform.machine()``), as bytes; None for another one."""
    if machine not in SYSTEM_CALLS:
        return None
    audit, calls = SYSTEM_CALLS[machine]
    # (label, code, jump if true, jump if false, constant): jumps name labels; None goes on to the next one
    lines = [(None, LOAD, None, None, ARCHITECTURE),
             (None, JUMP_IF_EQUAL, None, "refuse", audit),  # another architecture's calls (32-bit ones): refused
             (None, LOAD, None, None, NUMBER),
             (None, JUMP_IF_AT_LEAST, "refuse", None, X32)]
    lines += [(None, JUMP_IF_EQUAL, "refuse", None, calls[name]) for name in ("fork", "vfork") if name in calls]
    lines += [(None, JUMP_IF_EQUAL, "no_such_call", None, calls["clone3"]),
              (None, JUMP_IF_EQUAL, "clone", "allow", calls["clone"]),
              ("clone", LOAD, None, None, FIRST_ARGUMENT),
              (None, JUMP_IF_BITS, "allow", "refuse", CLONE_THREAD),  # a thread shares the address space
              ("allow", RETURN, None, None, ALLOW),
              ("refuse", RETURN, None, None, ERROR | EPERM),
              ("no_such_call", RETURN, None, None, ERROR | ENOSYS)]
    where = {label: index for index, (label, *_) in enumerate(lines) if label}
    code = b""
    for index, (_, operation, true, false, constant) in enumerate(lines):
        offset = [0 if target is None else where[target] - index - 1 for target in (true, false)]
        code += struct.pack("=HBBI", operation, offset[0], offset[1], constant)
    return code


def install():
    """Install the filter on this process (Linux, x86-64 or ARM64); False where it cannot be."""
    import ctypes
    import platform
    code = program(platform.machine())
    if code is None:
        return False

    class Program(ctypes.Structure):  # struct sock_fprog
        _fields_ = [("length", ctypes.c_ushort), ("filter", ctypes.c_char_p)]
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    filter_program = Program(len(code) // 8, code)
    no_new_privileges, set_seccomp, seccomp_filter = 38, 22, 2
    if libc.prctl(no_new_privileges, 1, 0, 0, 0) != 0:
        return False
    return libc.prctl(set_seccomp, seccomp_filter, ctypes.addressof(filter_program), 0, 0) == 0
