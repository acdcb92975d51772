"""Qt, Xvfb and D-Bus fixtures shared by the test suite.

Qt picks its platform once per process, so this process runs Qt offscreen; tests that need a real
X server start their own Xvfb and run the Qt part in a subprocess with DISPLAY set. D-Bus tests get
a private ``dbus-daemon`` whose configuration has no service directories, so nothing (dunst, a
desktop's notification daemon) is auto-started onto it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import traceback
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

# Before any QApplication exists: headless and deterministic, unless a test run was started on
# purpose against a real display (the Xvfb tests start such runs with UAC_TEST_USE_DISPLAY=1).
if not os.environ.get("UAC_TEST_USE_DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

DBUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir={dir}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


def require_binary(name: str) -> str:
    """The binary's path, or skip saying why (the Makefile's apt step installs it)."""
    path = shutil.which(name)
    if path is None:
        reason = f"{name} is not installed (apt-get install the package that provides it)"
        print(f"SKIP: {reason}", file=sys.stderr)
        pytest.skip(reason)
    return path


# -- Qt -------------------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _no_dangling_qthreads(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a test that leaves a QThread running: dangling threads crash later tests at random."""
    if "PySide6.QtCore" not in sys.modules:
        yield
        return
    from PySide6.QtCore import QThread

    started: weakref.WeakKeyDictionary[QThread, str] = weakref.WeakKeyDictionary()
    original = QThread.start

    def start(self: QThread, *args: object) -> None:
        started[self] = "".join(traceback.format_stack(limit=6)[:-1])
        original(self, *args)

    QThread.start = start  # type: ignore[method-assign]
    try:
        yield
    finally:
        QThread.start = original  # type: ignore[method-assign]
    running = []
    for thread, where in list(started.items()):
        try:
            if thread.isRunning():
                running.append(where)
        except RuntimeError:  # the C++ object is already gone: not running
            continue
    if running:
        pytest.fail("test left QThread(s) running, started at:\n" + "\n---\n".join(running), pytrace=False)


# -- Xvfb -----------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def xvfb_display() -> Iterator[str]:
    """A private X server for the session; yields its DISPLAY value (``:N``)."""
    xvfb = require_binary("Xvfb")
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(
        [xvfb, "-displayfd", str(write_fd), "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    try:
        with os.fdopen(read_fd) as pipe:
            number = pipe.readline().strip()
        if not number:
            pytest.fail(f"Xvfb did not report a display (exit code {proc.poll()})")
        yield f":{number}"
    finally:
        proc.terminate()
        proc.wait(10)


# -- D-Bus ----------------------------------------------------------------------------------------


def start_private_bus(tmp: Path) -> tuple[subprocess.Popen[str], str]:
    daemon = require_binary("dbus-daemon")
    tmp.mkdir(parents=True, exist_ok=True)
    config = tmp / "session.conf"
    config.write_text(DBUS_CONFIG.format(dir=tmp), encoding="utf-8")
    proc = subprocess.Popen(
        [daemon, f"--config-file={config}", "--print-address", "--nofork", "--nopidfile"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    address = proc.stdout.readline().strip()
    if not address:
        err = proc.stderr.read() if proc.stderr else ""
        pytest.fail(f"dbus-daemon did not start: {err.strip()}")
    return proc, address


def stop_private_bus(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.terminate()
        proc.wait(10)
    for stream in (proc.stdout, proc.stderr):
        if stream is not None:
            stream.close()


@pytest.fixture
def private_bus(tmp_path: Path) -> Iterator[str]:
    """A fresh session bus with no auto-start; yields its address. Killed after the test."""
    proc, address = start_private_bus(tmp_path / "bus")
    try:
        yield address
    finally:
        stop_private_bus(proc)


@pytest.fixture
def private_bus_process(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """Like ``private_bus`` but hands out the process too, for tests that kill the bus."""
    proc, address = start_private_bus(tmp_path / "bus")
    try:
        yield proc, address
    finally:
        stop_private_bus(proc)
