"""Which paths are the kernel's, not a file anyone wrote.

A file under ``/proc`` or ``/sys`` says it is a regular file, yet reading it may
block for ever (``/proc/kmsg``), never end, or act on the machine. River TUI
reads none of them: a path is the kernel's when where it leads (links followed)
is under ``/proc`` or ``/sys``, or lies on a file system of the kernel's wherever
that is mounted (``devtmpfs``, ``debugfs``, ...: read from
``/proc/self/mountinfo``, once). Devices themselves are refused by their type
(`files.open_regular`); a plain file under ``/dev/shm`` is an ordinary file.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from .numbers import whole_number

KERNEL_FOLDERS = ("/proc", "/sys")

KERNEL_FILE_SYSTEMS = frozenset({
    "autofs", "binfmt_misc", "bpf", "cgroup", "cgroup2", "configfs", "debugfs", "devpts", "devtmpfs", "efivarfs",
    "fusectl", "mqueue", "nfsd", "proc", "pstore", "rpc_pipefs", "securityfs", "selinuxfs", "sysfs", "tracefs",
})  # fmt: skip


def is_kernel_path(path: Path | str, device: int) -> bool:
    """Whether ``path``, whose ``stat`` gave ``device`` (its ``st_dev``), is the kernel's."""
    if device in kernel_devices():
        return True
    where = os.path.realpath(path)
    return any(where == folder or where.startswith(folder + "/") for folder in KERNEL_FOLDERS)


@functools.cache
def kernel_devices() -> frozenset[int]:
    """The ``st_dev`` of every mounted file system of the kernel's (none where the
    mount table cannot be read: the folders above are refused anyway)."""
    try:
        with open("/proc/self/mountinfo", encoding="utf-8", errors="replace") as table:
            lines = table.read(1 << 20).splitlines()
    except OSError:
        return frozenset()
    devices = set()
    for line in lines:
        # "36 35 98:0 /root /mount options [optional fields] - fstype source options"
        fields = line.split()
        if "-" not in fields[6:]:
            continue
        fstype = fields[fields.index("-", 6) + 1 :][:1]
        major, _, minor = (whole_number(part, 0, 2**32 - 1) for part in fields[2].partition(":"))
        if fstype and fstype[0] in KERNEL_FILE_SYSTEMS and major is not None and minor is not None:
            devices.add(os.makedev(major, minor))
    return frozenset(devices)
