"""Run code that did not come from this repository (the user project, user rules) out of process.

Two layers. A static lint (:func:`lint_source`) refuses imports outside a stdlib allowlist and the
usual escape hatches (``open``, ``exec``, ``__import__``, dunder attribute walks); it gives early,
readable errors but is not the wall. The wall is :func:`run`: a separate ``python -I -S -B``
process with resource limits (CPU, address space, no file writes, few descriptors), an audit hook
that refuses writes, process spawning, sockets and ``ctypes``, a read allowlist, and a wall-clock
timeout after which the whole process group is killed.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from engine import confinement
from engine.confinement import Wall
from engine.errors import SandboxError

STDLIB_ALLOWED: frozenset[str] = frozenset(
    {
        "__future__", "dataclasses", "datetime", "decimal", "enum", "math", "json", "re", "typing",
        "collections", "functools", "itertools", "statistics", "fractions", "numbers", "operator",
        "string", "textwrap", "calendar", "bisect", "heapq", "copy", "types", "abc", "zoneinfo",
        "unicodedata",
    }
)
"""Stdlib modules untrusted code may import (top-level names)."""

PROJECT_PACKAGES: frozenset[str] = frozenset({"domains", "rules", "data", "manifest", "uac_state", "uac_records", "user"})
"""The user project's own top-level modules and packages."""

FORBIDDEN_NAMES: frozenset[str] = frozenset(
    {
        "open", "exec", "eval", "compile", "__import__", "globals", "locals", "vars", "breakpoint",
        "input", "getattr", "setattr", "delattr", "memoryview", "help", "exit", "quit",
        "__builtins__", "__loader__", "__spec__",
    }
)
"""Names whose mere use is refused: I/O, dynamic code and reflective attribute access."""

ALLOWED_DUNDERS: frozenset[str] = frozenset({"__name__", "__main__", "__doc__", "__init__", "__post_init__"})


@dataclass(frozen=True)
class LintIssue:
    """One refused construct, with where it is."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path} line {self.line}: {self.message}"


@dataclass(frozen=True)
class Limits:
    """Resource limits of one sandboxed process."""

    cpu_seconds: int = 10
    memory_bytes: int = 1 << 30
    open_files: int = 32
    file_size: int = 0
    wall_seconds: float = 10.0


@dataclass(frozen=True)
class SandboxResult:
    """What a sandboxed process did; ``timed_out`` means it was killed at the wall-clock limit."""

    stdout: str
    stderr: str
    returncode: int
    timed_out: bool
    seconds: float

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out

    def explain(self) -> str:
        """One clear line about why the run failed."""
        if self.timed_out:
            return f"killed after {self.seconds:.1f} s (wall-clock limit)"
        if self.returncode < 0:
            sig = signal.Signals(-self.returncode).name if -self.returncode in signal.valid_signals() else "?"
            hint = {"SIGXCPU": "CPU time limit", "SIGKILL": "killed", "SIGXFSZ": "tried to write a file",
                    "SIGSEGV": "crashed"}.get(sig, "signal")
            return f"terminated by {sig} ({hint})"
        tail = self.stderr.strip().splitlines()[-1:] or ["no error output"]
        return f"exited with status {self.returncode}: {tail[0]}"


# -- the lint -----------------------------------------------------------------------------


class _Checker(ast.NodeVisitor):
    def __init__(self, path: str, extra_modules: frozenset[str]) -> None:
        self.path = path
        self.allowed = STDLIB_ALLOWED | PROJECT_PACKAGES | extra_modules
        self.issues: list[LintIssue] = []

    def _flag(self, node: ast.AST, message: str) -> None:
        self.issues.append(LintIssue(self.path, getattr(node, "lineno", 0), message))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            top = alias.name.split(".")[0]
            if top not in self.allowed:
                self._flag(node, f"import of {alias.name!r} is not allowed")
        self.generic_visit(node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level == 0:
            top = (node.module or "").split(".")[0]
            if top not in self.allowed:
                self._flag(node, f"import from {node.module!r} is not allowed")
        self.generic_visit(node)

    def visit_Name(self, node: ast.Name) -> None:
        dunder = _is_dunder(node.id) and node.id not in ALLOWED_DUNDERS
        if node.id in FORBIDDEN_NAMES or dunder:
            self._flag(node, f"use of {node.id!r} is not allowed")
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        dunder = _is_dunder(node.attr) and node.attr not in ALLOWED_DUNDERS
        if dunder or node.attr in {"_getframe", "_current_frames"}:
            self._flag(node, f"attribute {node.attr!r} is not allowed")
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and _is_dunder(node.value) and node.value not in ALLOWED_DUNDERS:
            self._flag(node, f"string {node.value!r} looks like a dunder lookup and is not allowed")

    def visit_Global(self, node: ast.Global) -> None:
        self._flag(node, "'global' is not allowed")

    def visit_Nonlocal(self, node: ast.Nonlocal) -> None:
        self._flag(node, "'nonlocal' is not allowed")


def _is_dunder(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


def lint_source(source: str, path: str = "<string>", extra_modules: Iterable[str] = ()) -> list[LintIssue]:
    """Refused constructs in ``source``; a syntax error is one issue with its line."""
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as exc:
        return [LintIssue(path, exc.lineno or 0, f"syntax error: {exc.msg}")]
    checker = _Checker(path, frozenset(extra_modules))
    checker.visit(tree)
    return checker.issues


_LINT_CACHE: dict[tuple[str, str], tuple[LintIssue, ...]] = {}


def lint_file(path: Path, display: str | None = None) -> list[LintIssue]:
    """:func:`lint_source` on a file, cached by content hash: an unchanged file costs a read and a
    hash, and no edit can keep its old verdict (a stat can be forged, a hash cannot)."""
    shown = display or str(path)
    try:
        data = path.read_bytes()
        source = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return [LintIssue(shown, 0, f"unreadable: {exc}")]
    key = (shown, hashlib.sha256(data).hexdigest())
    hit = _LINT_CACHE.get(key)
    if hit is None:
        hit = _LINT_CACHE[key] = tuple(lint_source(source, shown))
    return list(hit)


# -- the process wall ---------------------------------------------------------------------

_BOOT = r"""
import json, os, resource, sys
cfg = json.loads(sys.argv[1])
for name, value in cfg["limits"].items():
    lim = getattr(resource, name)
    hard = value if name != "RLIMIT_CPU" else value + 1
    resource.setrlimit(lim, (value, hard))
def _source_only(trusted):
    # modules under the given folders load from .py source only: no planted .pyc, no native .so
    import importlib.machinery as m
    plain = m.FileFinder.path_hook((m.SourceFileLoader, m.SOURCE_SUFFIXES))
    full = m.FileFinder.path_hook((m.ExtensionFileLoader, m.EXTENSION_SUFFIXES),
                                  (m.SourceFileLoader, m.SOURCE_SUFFIXES), (m.SourcelessFileLoader, m.BYTECODE_SUFFIXES))
    def hook(path):
        return full(path) if os.path.abspath(path or ".").startswith(trusted) else plain(path)
    sys.path_hooks[:] = [hook]
    sys.path_importer_cache.clear()
_source_only(tuple(os.path.normpath(p) + os.sep for p in sys.path if p))
del _source_only
if cfg["seccomp"]:
    # the kernel's filter: loaded by this process before any code it was asked to run
    import ctypes
    class _Prog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]
    _bpf = bytes.fromhex(cfg["seccomp"])
    _buf = ctypes.create_string_buffer(_bpf, len(_bpf))
    _libc = ctypes.CDLL(None, use_errno=True)
    if _libc.prctl(38, 1, 0, 0, 0) != 0 or _libc.prctl(22, 2, ctypes.byref(_Prog(len(_bpf) // 8, ctypes.cast(_buf, ctypes.c_void_p))), 0, 0) != 0:
        sys.stderr.write("sandbox: the system-call filter could not be loaded\n")
        sys.exit(70)
    del _Prog, _bpf, _buf, _libc, ctypes
    sys.modules.pop("ctypes", None)
def _make_hook(roots, cwd, os=os):
    WRITE = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
    DENY = ("os.system", "os.exec", "os.spawn", "os.posix_spawn", "os.fork", "os.forkpty",
            "subprocess.", "socket.", "ctypes.", "os.remove", "os.rename", "os.rmdir", "os.mkdir",
            "os.chmod", "os.chown", "os.symlink", "os.link", "os.truncate", "os.kill", "os.killpg",
            "os.putenv", "os.unsetenv", "os.chdir", "shutil.", "pty.", "mmap.", "winreg.",
            "sqlite3.", "urllib.", "http.", "ftplib.", "smtplib.", "webbrowser.", "os.startfile",
            "_posixsubprocess")
    norm, isabs, sep = os.path.normpath, os.path.isabs, os.sep
    def readable(path):
        if isinstance(path, int):
            return path in (0, 1, 2)
        if isinstance(path, bytes):
            path = path.decode("utf-8", "replace")
        path = str(path)
        if not isabs(path):
            path = cwd + sep + path
        path = norm(path) + sep
        return path.startswith(roots) or path == "/dev/null" + sep
    def hook(event, args):
        if event == "open":
            path, mode, flags = (list(args) + [None, None, None])[:3]
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                isinstance(flags, int) and flags & WRITE)
            if writing:
                raise PermissionError(f"sandbox: writing files is not allowed ({path})")
            if path is not None and not readable(path):
                raise PermissionError(f"sandbox: reading {path} is not allowed")
        elif event in ("os.listdir", "os.scandir"):
            if args and args[0] is not None and not readable(args[0]):
                raise PermissionError(f"sandbox: listing {args[0]} is not allowed")
        elif event.startswith(DENY):
            raise PermissionError(f"sandbox: {event} is not allowed")
    return hook
_roots = tuple(os.path.normpath(p) + os.sep for p in cfg["read"] + [p for p in sys.path if p])
sys.addaudithook(_make_hook(_roots, os.getcwd()))
del _make_hook, _roots
sys.path[:0] = cfg["path"]
sys.argv = cfg["argv"]
import runpy
del cfg
if sys.argv[0] == "-m":
    sys.argv = sys.argv[1:]
    runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
else:
    runpy.run_path(sys.argv[0], run_name="__main__")
"""


def _limits(limits: Limits) -> dict[str, int]:
    return {
        "RLIMIT_CPU": int(limits.cpu_seconds),
        "RLIMIT_AS": int(limits.memory_bytes),
        "RLIMIT_NOFILE": int(limits.open_files),
        "RLIMIT_FSIZE": int(limits.file_size),
        "RLIMIT_CORE": 0,
        "RLIMIT_NPROC": 0,
    }


def run(
    argv: Sequence[str],
    *,
    cwd: Path,
    read: Sequence[Path] = (),
    path: Sequence[Path] = (),
    limits: Limits | None = None,
    stdin: str = "",
    python: str | None = None,
    wall: Wall | None = None,
) -> SandboxResult:
    """Run ``argv`` (a script path and its args, or ``["-m", module, ...]``) in the sandbox.

    ``read`` are the folders the process may read besides the standard library; ``path`` are
    prepended to ``sys.path``. ``wall`` is what the kernel enforces (default: everything this
    machine offers, see :mod:`engine.confinement`). Never raises for what the code did: check
    ``result.ok``. Raises :class:`SandboxError` only when the process cannot be started at all.
    """
    limits = limits or Limits()
    wall = confinement.current() if wall is None else wall
    visible = [Path(p).resolve() for p in (cwd, *read, *path)]
    cfg = {
        "limits": _limits(limits),
        "read": [str(p) for p in visible],
        "path": [str(Path(p).resolve()) for p in path],
        "argv": list(argv),
        "seccomp": wall.seccomp.hex() if wall.seccomp else "",
    }
    python = os.path.realpath(python or sys.executable)
    if not os.access(python, os.X_OK):  # inside the wall a missing interpreter would look like a crash
        raise SandboxError(f"could not start the sandbox interpreter {python}: not an executable file")
    cmd = wall.wrap([python, "-I", "-S", "-B", "-c", _BOOT, json.dumps(cfg)], cwd=cwd, read=visible)
    env = {"PATH": os.defpath, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8"}
    started = time.perf_counter()
    try:
        proc = subprocess.Popen(
            cmd,
            cwd=str(cwd),
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
            close_fds=True,
        )
    except OSError as exc:
        raise SandboxError(f"could not start the sandbox interpreter {python}: {exc}") from exc
    timed_out = False
    try:
        out, err = proc.communicate(stdin.encode("utf-8"), timeout=limits.wall_seconds)
    except subprocess.TimeoutExpired:
        timed_out = True
        _kill_group(proc)
        out, err = proc.communicate()  # everything read so far, before and after the timeout
    return SandboxResult(
        stdout=out.decode("utf-8", "replace"),
        stderr=err.decode("utf-8", "replace"),
        returncode=_signal_status(proc.returncode, wrapped=wall.bwrap),
        timed_out=timed_out,
        seconds=time.perf_counter() - started,
    )


def _signal_status(code: int, *, wrapped: bool) -> int:
    """bubblewrap reports a child killed by signal N as 128+N; give it back as -N like Popen."""
    if wrapped and code > 128 and (code - 128) in signal.valid_signals():
        return -(code - 128)
    return code


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        proc.kill()


def run_checked(
    argv: Sequence[str],
    files: Iterable[tuple[Path, str]],
    *,
    cwd: Path,
    read: Sequence[Path] = (),
    path: Sequence[Path] = (),
    limits: Limits | None = None,
) -> SandboxResult:
    """Lint ``files`` (path, display name) and run only when none is refused; else SandboxError."""
    issues = [i for p, shown in files for i in lint_file(p, shown)]
    if issues:
        raise SandboxError("refused before running: " + "; ".join(str(i) for i in issues[:5]))
    return run(argv, cwd=cwd, read=read, path=path, limits=limits)
