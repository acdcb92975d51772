"""The operating system's wall around code that did not come from this repository.

The lint and the audit hook in :mod:`engine.sandbox` give early, readable refusals, but they live in
the same interpreter as the code they watch, so they are lints, not walls. The wall is made of what
the Linux kernel enforces on the whole process, whatever the code inside does:

- **bubblewrap** (``bwrap``): new user, mount, PID, network, IPC and UTS namespaces; the process sees
  the Python standard library, the system libraries and exactly the folders it was given, all
  read-only, and no network at all; it dies with its parent, and everything it started dies with it.
- **seccomp**: a system-call filter compiled here with libseccomp (the ``pyseccomp`` binding) and
  loaded by the process itself before any untrusted code runs; it refuses new processes and
  programs, sockets, signals to others, file creation and every write-mode open, device nodes,
  extended attributes, timestamps, namespaces and the other classic escape calls.
- **resource limits** (set in :mod:`engine.sandbox`): CPU, memory, file size 0, descriptors,
  ``RLIMIT_NPROC`` 0.

Where the machine lacks one of them the run goes on with the rest, and :attr:`Wall.warnings` says
what is missing, so the app and ``uac alerts`` can show it.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

DENIED_CALLS: tuple[str, ...] = (
    # new processes and programs
    "execve", "execveat", "fork", "vfork", "clone",
    # the network and other processes
    "socket", "socketpair", "connect", "bind", "listen", "accept", "accept4",
    "kill", "tkill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo",
    "pidfd_open", "pidfd_send_signal", "pidfd_getfd", "ptrace", "process_vm_readv", "process_vm_writev",
    # writing to the file system in any form
    "creat", "mknod", "mknodat", "mkdir", "mkdirat", "rmdir", "unlink", "unlinkat", "rename", "renameat",
    "renameat2", "link", "linkat", "symlink", "symlinkat", "truncate", "ftruncate", "chmod", "fchmod",
    "fchmodat", "chown", "fchown", "lchown", "fchownat", "utime", "utimes", "utimensat", "futimesat",
    "setxattr", "lsetxattr", "fsetxattr", "removexattr", "lremovexattr", "fremovexattr",
    "name_to_handle_at", "open_by_handle_at",
    # the kernel's bigger levers
    "mount", "umount2", "pivot_root", "chroot", "unshare", "setns", "bpf", "perf_event_open", "keyctl",
    "add_key", "request_key", "io_uring_setup", "userfaultfd", "memfd_create", "init_module",
    "finit_module", "delete_module", "reboot", "kexec_load", "swapon", "swapoff", "personality",
    "setrlimit", "setuid", "setgid", "setreuid", "setregid", "setresuid", "setresgid",
    "setgroups", "capset",
)
"""System calls the filter answers with EPERM once the sandboxed process has set itself up."""

UNKNOWN_CALLS: tuple[str, ...] = ("clone3", "openat2")
"""Answered with ENOSYS, so the C library falls back to the older call the filter can inspect."""

WRITE_FLAGS: tuple[int, ...] = (os.O_WRONLY, os.O_RDWR, os.O_CREAT, os.O_TRUNC, os.O_APPEND)
"""Open flags refused on ``open``/``openat``: the process may read, never write."""

SYSTEM_DIRS: tuple[str, ...] = ("/usr", "/lib", "/lib64", "/lib32", "/bin")
"""System folders an interpreter needs (its shared libraries, the time-zone data), bound read-only."""


@dataclass(frozen=True)
class Wall:
    """What the kernel will enforce on a sandboxed process on this machine."""

    bwrap: str | None = None
    seccomp: bytes | None = None
    warnings: tuple[str, ...] = field(default_factory=tuple)

    def describe(self) -> str:
        parts = ["resource limits"]
        if self.bwrap:
            parts.insert(0, "namespaces (no network, read-only view of the project)")
        if self.seccomp:
            parts.insert(1 if self.bwrap else 0, "system-call filter")
        return ", ".join(parts)

    def wrap(self, cmd: Sequence[str], *, cwd: Path, read: Sequence[Path]) -> list[str]:
        """``cmd`` run inside bubblewrap with only ``read`` (and the interpreter) visible, read-only."""
        if not self.bwrap:
            return list(cmd)
        argv = [self.bwrap, "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL"]
        for path in _interpreter_dirs(cmd[0]):
            argv += ["--ro-bind", path, path]
        for path in SYSTEM_DIRS:
            argv += ["--ro-bind-try", path, path]
        for path in dict.fromkeys(str(Path(p).resolve()) for p in read):
            argv += ["--ro-bind", path, path]
        argv += ["--proc", "/proc", "--dev", "/dev", "--chdir", str(Path(cwd).resolve()), "--", *cmd]
        return argv


def _interpreter_dirs(python: str) -> list[str]:
    """The folders the interpreter and its standard library live in."""
    real = Path(os.path.realpath(python))
    dirs = {str(Path(sys.base_prefix).resolve()), str(real.parent)}
    return sorted(d for d in dirs if d not in SYSTEM_DIRS and not any(d.startswith(s + "/") for s in SYSTEM_DIRS))


def seccomp_program() -> bytes:
    """The filter as classic BPF, ready for ``prctl(PR_SET_SECCOMP)``; raises OSError/ImportError
    where libseccomp is not installed."""
    import pyseccomp as sc

    filt = sc.SyscallFilter(sc.ALLOW)
    for name in DENIED_CALLS:
        _add(filt, sc.ERRNO(errno.EPERM), name)
    _add(filt, sc.ERRNO(errno.EPERM), "prlimit64", sc.Arg(2, sc.NE, 0))  # reading a limit stays allowed
    for name in UNKNOWN_CALLS:
        _add(filt, sc.ERRNO(errno.ENOSYS), name)
    for flag in WRITE_FLAGS:
        _add(filt, sc.ERRNO(errno.EPERM), "open", sc.Arg(1, sc.MASKED_EQ, flag, flag))
        _add(filt, sc.ERRNO(errno.EPERM), "openat", sc.Arg(2, sc.MASKED_EQ, flag, flag))
    with tempfile.TemporaryFile() as out:
        filt.export_bpf(out)
        out.seek(0)
        return out.read()


def _add(filt, action: int, name: str, *args) -> None:  # noqa: ANN001 - pyseccomp objects
    with contextlib.suppress(OSError, ValueError, RuntimeError):  # a call this architecture lacks
        filt.add_rule(action, name, *args)


@functools.cache
def current() -> Wall:
    """Probe the machine once per process: is bubblewrap usable here, can a filter be built?"""
    warnings: list[str] = []
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        warnings.append("bubblewrap is not installed, so rules run without their own namespaces "
                        "(install the 'bubblewrap' package)")
    else:
        probe = Wall(bwrap=bwrap).wrap([os.path.realpath(sys.executable), "-I", "-S", "-c", "pass"], cwd=Path("/"), read=[])
        try:
            ok = subprocess.run(probe, capture_output=True, timeout=10).returncode == 0
        except (OSError, subprocess.SubprocessError):
            ok = False
        if not ok:
            bwrap = None
            warnings.append("bubblewrap cannot create namespaces on this system (unprivileged user "
                            "namespaces are off), so rules run without them")
    try:
        program: bytes | None = seccomp_program()
    except (ImportError, OSError, AttributeError, RuntimeError) as exc:
        program = None
        warnings.append(f"no system-call filter: libseccomp is not available ({exc})")
    return Wall(bwrap=bwrap, seccomp=program, warnings=tuple(warnings))


NONE = Wall()
"""Resource limits only (for tests that compare the layers)."""
