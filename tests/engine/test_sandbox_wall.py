"""The escape corpus: what got out of the in-process audit hook must not get out of the OS wall.

Every probe first disarms the audit hook the way the attack did (``gc`` finds its closure and
empties the deny list and the read allowlist), so what is tested is the kernel's wall alone:
bubblewrap's namespaces, the seccomp filter and the resource limits.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import confinement, sandbox

WALL = confinement.current()

DISARM = '''
import gc
for fn in gc.get_objects():
    if type(fn).__name__ == "function" and fn.__name__ in ("hook", "readable") and fn.__closure__:
        for cell in fn.__closure__:
            value = cell.cell_contents
            if isinstance(value, tuple):
                cell.cell_contents = ("-nothing-",)
            elif isinstance(value, int) and not isinstance(value, bool):
                cell.cell_contents = 0
            elif callable(value) and getattr(value, "__name__", "") == "readable":
                cell.cell_contents = lambda path: True
'''


def _probe(tmp_path: Path, body: str, *, limits: sandbox.Limits | None = None) -> tuple[sandbox.SandboxResult, dict]:
    project = tmp_path / "project"
    project.mkdir(exist_ok=True)
    script = project / "probe.py"
    script.write_text(DISARM + "\nimport json\nout = {}\n" + body + "\nprint(json.dumps(out))\n", encoding="utf-8")
    result = sandbox.run([str(script)], cwd=project, limits=limits or sandbox.Limits(wall_seconds=10))
    lines = [ln for ln in result.stdout.splitlines() if ln.startswith("{")]
    return result, (json.loads(lines[-1]) if lines else {})


def _attempt(name: str, code: str) -> str:
    """A probe line: run ``code``; record 'escaped' if it returns, else the error it met."""
    return (f"try:\n    {code}\n    out[{name!r}] = 'escaped'\n"
            f"except BaseException as exc:\n    out[{name!r}] = type(exc).__name__ + ': ' + str(exc)[:80]\n")


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A private file outside the project (the log's stand-in)."""
    secret = tmp_path / "outside" / "log.sqlite3"
    secret.parent.mkdir()
    secret.write_text("the user's whole log", encoding="utf-8")
    return secret


def test_this_machine_offers_the_whole_wall() -> None:
    # the project installs bubblewrap and libseccomp (Makefile system-deps, pyproject): both must be live
    assert WALL.bwrap and WALL.seccomp, WALL.warnings
    assert WALL.warnings == ()


def test_the_disarmed_hook_really_is_disarmed(tmp_path: Path) -> None:
    """The probe works: with only resource limits, the disarmed process opens a file it should not."""
    project = tmp_path / "project"
    project.mkdir()
    (tmp_path / "plain.txt").write_text("readable", encoding="utf-8")
    script = project / "probe.py"
    script.write_text(DISARM + f"\nprint(open({str(tmp_path / 'plain.txt')!r}).read())\n", encoding="utf-8")
    result = sandbox.run([str(script)], cwd=project, wall=confinement.NONE)
    assert result.ok and "readable" in result.stdout, result.stderr


def test_files_outside_the_project_cannot_be_read_or_listed(tmp_path: Path, outside: Path) -> None:
    body = (_attempt("log", f"out['log_text'] = open({str(outside)!r}).read()")
            + _attempt("passwd", "out['passwd_text'] = open('/etc/passwd').read()")
            + _attempt("listing", f"import os; out['listed'] = os.listdir({str(outside.parent)!r})")
            + _attempt("home", "import os; out['home'] = os.listdir(os.path.expanduser('~'))"))
    result, out = _probe(tmp_path, body)
    assert out, result.stderr
    assert "log_text" not in out and "passwd_text" not in out and "listed" not in out
    assert all(out[k] != "escaped" for k in ("log", "passwd", "listing"))


def test_nothing_can_be_written_anywhere(tmp_path: Path, outside: Path) -> None:
    target = outside.parent
    body = "".join(_attempt(name, code) for name, code in [
        ("write_project", "open('pwned.txt', 'w').write('x')"),
        ("write_outside", f"open({str(target / 'pwned.txt')!r}, 'w').write('x')"),
        ("append_log", f"open({str(outside)!r}, 'a').write('x')"),
        ("mkfifo", f"import os; os.mkfifo({str(target / 'fifo')!r})"),
        ("mknod", f"import os; os.mknod({str(target / 'node')!r})"),
        ("utime", f"import os; os.utime({str(outside)!r}, (0, 0))"),
        ("setxattr", f"import os; os.setxattr({str(outside)!r}, 'user.x', b'1')"),
        ("unlink", f"import os; os.unlink({str(outside)!r})"),
        ("rename", f"import os; os.rename({str(outside)!r}, {str(target / 'moved')!r})"),
        ("chmod", f"import os; os.chmod({str(outside)!r}, 0o777)"),
    ])
    before = outside.stat()
    result, out = _probe(tmp_path, body)
    assert out, result.stderr
    assert [k for k, v in out.items() if v == "escaped"] == []
    assert sorted(p.name for p in target.iterdir()) == ["log.sqlite3"]
    assert outside.read_text(encoding="utf-8") == "the user's whole log"
    after = outside.stat()
    assert (after.st_mtime_ns, after.st_mode) == (before.st_mtime_ns, before.st_mode)
    assert not (tmp_path / "project" / "pwned.txt").exists()


def test_no_process_can_be_started_and_no_signal_sent(tmp_path: Path) -> None:
    victim = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        body = "".join(_attempt(name, code) for name, code in [
            ("system", "import os; assert os.system('echo escaped > /tmp/uac-wall-probe') == 0"),
            ("fork", "import os; pid = os.fork(); os._exit(0) if pid == 0 else None"),
            ("fork_exec", "import _posixsubprocess, os; _posixsubprocess.fork_exec(['/bin/sh', '-c', 'sleep 30'], "
                          "[b'/bin/sh'], True, (), None, None, -1, -1, -1, -1, -1, -1, -1, -1, False, False, "
                          "-1, None, None, None, -1, None, False)"),
            ("subprocess", "import subprocess; subprocess.run(['/bin/true'], check=True)"),
            ("kill", f"import os; os.kill({victim.pid}, 9)"),
            ("killpg", "import os; os.kill(-1, 9)"),
            ("pidfd", f"import os, signal; signal.pidfd_send_signal(os.pidfd_open({victim.pid}), 9)"),
            ("bomb", "import os; [os.fork() for _ in range(50)]"),
        ])
        result, out = _probe(tmp_path, body)
        assert out, result.stderr
        assert [k for k, v in out.items() if v == "escaped"] == []
        assert victim.poll() is None  # still alive
        assert not Path("/tmp/uac-wall-probe").exists()
    finally:
        victim.send_signal(signal.SIGKILL)
        victim.wait()


def test_no_network_at_all(tmp_path: Path) -> None:
    import socket

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.settimeout(0.5)
    port = server.getsockname()[1]
    try:
        body = (_attempt("tcp", f"import socket; socket.create_connection(('127.0.0.1', {port}), timeout=2)")
                + _attempt("unix", "import socket; socket.socket(socket.AF_UNIX).connect('/run/dbus/system_bus_socket')"))
        result, out = _probe(tmp_path, body)
        assert out, result.stderr
        assert [k for k, v in out.items() if v == "escaped"] == []
        with pytest.raises(TimeoutError):
            server.accept()
    finally:
        server.close()


def test_classic_python_escapes_reach_os_but_nothing_past_the_wall(tmp_path: Path, outside: Path) -> None:
    """Subclass walks, frame walks and pickle all hand the code ``os``; the kernel still says no."""
    walk = ("[c for c in ().__class__.__base__.__subclasses__() if c.__name__ == '_wrap_close'][0]"
            ".__init__.__globals__")
    body = "".join(_attempt(name, code) for name, code in [
        ("subclass_walk_system", f"assert {walk}['system']('touch /tmp/uac-wall-walk') == 0"),
        ("subclass_walk_read", f"out['walk_text'] = {walk}['open']({str(outside)!r}, 0)"),
        ("frame_walk", "import sys; g = sys._getframe().f_globals['__builtins__']; "
                       "g = g if isinstance(g, dict) else vars(g); "
                       f"out['frame_text'] = g['open']({str(outside)!r}).read()"),
        ("pickle", "import pickle; assert pickle.loads(b\"cos\\nsystem\\n(S'touch /tmp/uac-wall-pickle'\\ntR.\") == 0"),
        ("pickle_socket", "import pickle; pickle.loads(b\"csocket\\ncreate_connection\\n((S'1.1.1.1'\\nI53\\nttR.\")"),
    ])
    result, out = _probe(tmp_path, body)
    assert out, result.stderr
    assert [k for k, v in out.items() if v == "escaped"] == []
    assert "walk_text" not in out and "frame_text" not in out
    assert not Path("/tmp/uac-wall-walk").exists() and not Path("/tmp/uac-wall-pickle").exists()


def test_native_code_cannot_lift_the_filter_or_the_limits(tmp_path: Path) -> None:
    body = (_attempt("rlimit", "import resource; resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 20, 1 << 20))")
            + _attempt("ctypes_unshare", "import ctypes; assert ctypes.CDLL(None).unshare(0x10000000) == 0")
            + _attempt("ctypes_exec", "import ctypes; assert ctypes.CDLL(None).execv(b'/bin/sh', None) == 0"))
    result, out = _probe(tmp_path, body)
    assert out, result.stderr
    assert [k for k, v in out.items() if v == "escaped"] == []


def test_a_process_left_behind_dies_with_the_sandbox(tmp_path: Path) -> None:
    """Even if something got started, the deadline kills the whole tree, on time."""
    started = time.perf_counter()
    result, _ = _probe(tmp_path, "while True:\n    pass\n", limits=sandbox.Limits(cpu_seconds=30, wall_seconds=1.5))
    assert result.timed_out and time.perf_counter() - started < 6
    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    assert str(tmp_path / "project" / "probe.py") not in ps


def test_missing_layers_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(confinement.shutil, "which", lambda name: None)
    monkeypatch.setattr(confinement, "seccomp_program", lambda: (_ for _ in ()).throw(OSError("libseccomp.so.2 missing")))
    wall = confinement.current.__wrapped__()
    assert wall.bwrap is None and wall.seccomp is None
    assert any("bubblewrap" in w for w in wall.warnings) and any("libseccomp" in w for w in wall.warnings)
    assert wall.describe() == "resource limits"


def test_the_environment_of_the_sandbox_is_empty_of_secrets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UAC_SECRET_TOKEN", "s3cret")
    result, out = _probe(tmp_path, "import os\nout['env'] = sorted(os.environ)\n")
    assert out, result.stderr
    assert "UAC_SECRET_TOKEN" not in out["env"]
    assert os.environ["UAC_SECRET_TOKEN"] == "s3cret"
