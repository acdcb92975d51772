"""The app on a real X server (a private Xvfb), each run in its own process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.xvfb


def _x11_env(display: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    env.update(DISPLAY=display, UAC_TEST_USE_DISPLAY="1", DBUS_SESSION_BUS_ADDRESS="unix:path=/nonexistent/bus")
    return env


def _distinct_colours(image: QImage, step: int = 17) -> int:
    return len({image.pixel(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)})


def test_smoke_under_xvfb_takes_a_real_screenshot(xvfb_display: str, demo_profile, tmp_path: Path) -> None:
    shot = tmp_path / "window.png"
    proc = subprocess.run(
        [sys.executable, "-m", "app", "--home", str(demo_profile.home), "--smoke", "--screenshot", str(shot)],
        cwd=ROOT, env=_x11_env(xvfb_display), capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "platform=xcb" in proc.stdout and "records=5" in proc.stdout
    image = QImage(str(shot))
    assert not image.isNull() and image.width() >= 800
    assert _distinct_colours(image) > 10


def test_window_checks_under_xvfb(xvfb_display: str, tmp_path: Path) -> None:
    env = _x11_env(xvfb_display)
    env["UAC_TEST_SCREENSHOT"] = str(tmp_path / "checks.png")
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--basetemp", str(tmp_path / "inner"),
         str(Path(__file__).with_name("xvfb_window_checks.py"))],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "1 passed" in proc.stdout
    assert QImage(env["UAC_TEST_SCREENSHOT"]).width() >= 800
