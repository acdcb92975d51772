"""Checks that need a real X server. Not collected on their own: ``test_xvfb.py`` runs this file
in a subprocess with DISPLAY pointing at a private Xvfb, because Qt picks its platform once per
process."""

from __future__ import annotations

import os

import pytest
from app_support import PASSPORT_ALERT, ScriptedAlertsService
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QSystemTrayIcon

pytestmark = pytest.mark.xvfb


def _distinct_colours(image, step: int = 17) -> int:
    return len({image.pixel(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)})


def test_real_x11_window_renders_state_and_alerts(demo_profile, make_controller, qtbot, tmp_path) -> None:
    assert os.environ.get("DISPLAY") and not os.environ.get("QT_QPA_PLATFORM")
    assert QGuiApplication.platformName() == "xcb"
    ctl = make_controller(demo_profile, lambda: ScriptedAlertsService(demo_profile, [PASSPORT_ALERT]), use_tray=True)
    # No tray host runs on this Xvfb: the app must be fully usable without one.
    assert ctl.tray is not None and ctl.tray.available is QSystemTrayIcon.isSystemTrayAvailable()
    with qtbot.waitSignal(ctl.firstLoadDone, timeout=30_000):
        ctl.start()
    qtbot.waitExposed(ctl.window)
    qtbot.waitUntil(lambda: len(ctl.window.banners.banners) == 1)
    ctl.window.state_view.show_collection("travel", "trips")
    from layout_checks import clipped, overlaps

    for index in range(ctl.window.tabs.count()):  # every main view renders on a real X server too
        ctl.window.tabs.setCurrentIndex(index)
        qtbot.wait(50)
        tab = ctl.window.grab().toImage()
        assert _distinct_colours(tab) > 10, ctl.window.tabs.tabText(index)
        assert not overlaps(ctl.window) and not clipped(ctl.window), ctl.window.tabs.tabText(index)
    ctl.window.tabs.setCurrentWidget(ctl.window.state_view)
    image = ctl.window.grab().toImage()
    assert image.width() >= 800 and image.height() >= 500
    assert _distinct_colours(image) > 10
    out = os.environ.get("UAC_TEST_SCREENSHOT")
    if out:
        assert image.save(out)
