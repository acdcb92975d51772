"""Screenshots of the main views in light and dark palettes at 1024×768 and 1920×1080, checked by
widget geometry: nothing overlaps, no label or button is cut, dark text stays readable."""

from __future__ import annotations

import pytest
from app_support import NETFLIX_ALERT, PASSPORT_ALERT, ScriptedAlertsService, build_demo_profile
from layout_checks import clipped, dark_palette, overlaps
from PySide6.QtWidgets import QApplication

SIZES = [(1024, 768), (1920, 1080)]


@pytest.fixture
def palette(request):
    app = QApplication.instance()
    before = app.palette()
    if request.param == "dark":
        app.setPalette(dark_palette())
    yield request.param
    app.setPalette(before)


def _luminance(colour) -> float:
    return 0.2126 * colour.redF() + 0.7152 * colour.greenF() + 0.0722 * colour.blueF()


@pytest.mark.parametrize("palette", ["light", "dark"], indirect=True)
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_main_views_fit_without_overlap(palette, width, height, tmp_path, make_controller, qtbot) -> None:
    profile = build_demo_profile(tmp_path / "home")
    ctl = make_controller(profile, lambda: ScriptedAlertsService(profile, [PASSPORT_ALERT, NETFLIX_ALERT]))
    win = ctl.window
    with qtbot.waitSignal(ctl.firstLoadDone, timeout=30_000):
        ctl.start()
    qtbot.waitUntil(lambda: not ctl.runner.busy)
    win.resize(width, height)
    win.alerts_view.select(PASSPORT_ALERT.key)
    problems: list[str] = []
    for index in range(win.tabs.count()):
        win.tabs.setCurrentIndex(index)
        QApplication.processEvents()
        name = win.tabs.tabText(index)
        shot = win.grab().toImage()
        assert shot.width() == width and shot.height() == height
        assert shot.save(str(tmp_path / f"{name}-{palette}-{width}.png"))
        problems += [f"[{name}] {p}" for p in overlaps(win) + clipped(win)]
        if palette == "dark":
            # the window really is dark and its text light (no hard-coded light backgrounds)
            assert _luminance(shot.pixelColor(width // 2, height - 60)) < 0.5, name
    assert not problems, "\n".join(problems)
    # the chat transcript's background follows the palette (no hard-coded light page in dark mode)
    win.tabs.setCurrentWidget(win.chat_view)
    QApplication.processEvents()
    page = win.chat_view.transcript.viewport().grab().toImage()
    assert (_luminance(page.pixelColor(page.width() - 5, page.height() - 5)) < 0.5) == (palette == "dark")


def test_the_checks_see_overlap_and_cut_text(qtbot) -> None:
    from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

    root = QWidget()
    qtbot.addWidget(root)
    lay = QHBoxLayout(root)
    label = QLabel("a label that needs far more room than it gets")
    label.setFixedWidth(40)
    button = QPushButton("Press")
    lay.addWidget(label)
    lay.addWidget(button)
    root.show()
    QApplication.processEvents()
    assert any("needs" in p for p in clipped(root))
    button.setGeometry(label.geometry().adjusted(5, 0, 60, 0))  # forced on top of the label
    assert overlaps(root)
