"""The entry point: a clear line without a display, and a clean smoke run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from app.main import NO_DISPLAY, has_display, main

ROOT = Path(__file__).resolve().parents[2]


def test_no_display_is_one_clear_line_and_non_zero(monkeypatch, capsys, tmp_path) -> None:
    for var in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(var, raising=False)
    assert main(["--home", str(tmp_path), "--smoke"]) == 2
    err = capsys.readouterr().err
    assert err == NO_DISPLAY + "\n"


def test_display_detection() -> None:
    assert not has_display({}, "linux")
    assert has_display({"DISPLAY": ":1"}, "linux")
    assert has_display({"WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert has_display({"QT_QPA_PLATFORM": "offscreen"}, "linux")
    assert has_display({}, "darwin") and has_display({}, "win32")


def test_smoke_in_process_returns_zero(demo_profile, monkeypatch, capsys, qapp) -> None:
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/uac-test-bus")
    assert main(["--home", str(demo_profile.home), "--smoke", "--no-tray", "--no-model"]) == 0
    out = capsys.readouterr().out
    assert "smoke ok: platform=offscreen" in out
    assert "records=5" in out


def test_python_m_app_smoke_in_a_subprocess(demo_profile, tmp_path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"}
    shot = tmp_path / "window.png"
    proc = subprocess.run(
        [sys.executable, "-m", "app", "--home", str(demo_profile.home), "--smoke", "--screenshot", str(shot)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "smoke ok" in proc.stdout and "records=5" in proc.stdout
    assert shot.stat().st_size > 10_000


def test_broken_home_is_one_line(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    home = tmp_path / "file"
    home.write_text("x")
    assert main(["--home", str(home), "--smoke"]) == 1
    assert "is a file" in capsys.readouterr().err
