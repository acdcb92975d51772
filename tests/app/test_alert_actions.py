"""Alerts: snooze choices, what an alert rests on, and a history with undo (real engine and rules)."""

from __future__ import annotations

import datetime as dt

import pytest
from app_support import build_demo_profile, start_app
from PySide6.QtCore import QUrl

from engine.rules.snooze import snooze_until

NOW = dt.datetime(2025, 2, 12, 9, 0)



def _passport(ctl):
    return next(a for a in ctl.window.alerts_view.alerts if "passport" in a.title.lower())


def _settle(ctl, qtbot) -> None:
    qtbot.waitUntil(lambda: not ctl.runner.busy, timeout=60_000)


def test_snooze_choices() -> None:
    assert snooze_until("hour", NOW) == dt.datetime(2025, 2, 12, 10, 0)
    assert snooze_until("tomorrow", NOW) == dt.datetime(2025, 2, 13, 8, 0)
    assert snooze_until("week", NOW) == dt.datetime(2025, 2, 19, 8, 0)
    with pytest.raises(ValueError, match="not 'year'"):
        snooze_until("year", NOW)


def test_snooze_for_an_hour_then_bring_it_back_from_the_history(tmp_path, make_controller, qtbot) -> None:
    ctl = make_controller(build_demo_profile(tmp_path / "home"), clock=lambda: NOW)
    start_app(ctl, qtbot)
    view = ctl.window.alerts_view
    alert = _passport(ctl)
    assert view.select(alert.key)
    labels = [a.text() for a in view.snooze_menu.actions()]
    assert labels == ["For an hour", "Until tomorrow morning", "For a week", "Until a date…"]
    with qtbot.waitSignal(ctl.alertsUpdated, timeout=60_000):
        view.snooze_menu.actions()[0].trigger()
    _settle(ctl, qtbot)
    assert alert.key not in [a.key for a in view.alerts]

    history = ctl.window.alert_history
    with qtbot.waitSignal(ctl.alertHistoryLoaded, timeout=60_000):
        history.open_history()
    snoozed = next(a for a in history.alerts if a.key == alert.key)
    assert snoozed.state == "snoozed" and snoozed.snoozed_until == dt.datetime(2025, 2, 12, 10, 0)
    assert history.select(alert.key) and history.undo_button.isEnabled()
    assert history.undo_button.text() == "Bring back now"
    with qtbot.waitSignal(ctl.alertHistoryLoaded, timeout=60_000):
        history.undo_button.click()
    _settle(ctl, qtbot)
    assert next(a for a in view.alerts if a.key == alert.key).state == "seen"
    history.close()


def test_snooze_until_a_chosen_date_and_dismiss_with_undo(tmp_path, make_controller, qtbot) -> None:
    ctl = make_controller(build_demo_profile(tmp_path / "home"), clock=lambda: NOW)
    start_app(ctl, qtbot)
    view = ctl.window.alerts_view
    alert = _passport(ctl)
    view.select(alert.key)
    view.ask_until = lambda _parent, now: now + dt.timedelta(days=3)
    with qtbot.waitSignal(ctl.alertsUpdated, timeout=60_000):
        view.snooze_menu.actions()[-1].trigger()
    _settle(ctl, qtbot)
    with qtbot.waitSignal(ctl.alertHistoryLoaded, timeout=60_000):
        ctl.load_alert_history()
    assert next(a for a in ctl.window.alert_history.alerts if a.key == alert.key).snoozed_until == NOW + dt.timedelta(days=3)

    other = view.alerts[0]
    view.select(other.key)
    with qtbot.waitSignal(ctl.alertsUpdated, timeout=60_000):
        view.dismiss_button.click()
    _settle(ctl, qtbot)
    assert other.key not in [a.key for a in view.alerts]
    history = ctl.window.alert_history
    with qtbot.waitSignal(ctl.alertHistoryLoaded, timeout=60_000):
        ctl.load_alert_history()
    history.state_filter.setCurrentIndex(4)  # dismissed only
    assert history.shown_keys() == [other.key]
    history.select(other.key)
    assert history.undo_button.text() == "Bring back"
    with qtbot.waitSignal(ctl.alertHistoryLoaded, timeout=60_000):
        history.undo_button.click()
    _settle(ctl, qtbot)
    assert other.key in [a.key for a in view.alerts]


def test_an_alert_shows_what_it_rests_on_and_opens_the_record(tmp_path, make_controller, qtbot) -> None:
    ctl = make_controller(build_demo_profile(tmp_path / "home"), clock=lambda: NOW)
    start_app(ctl, qtbot)
    view = ctl.window.alerts_view
    alert = next(a for a in view.alerts if "japan" in a.title.lower() or "tokyo" in a.title.lower())
    view.select(alert.key)
    why = view.why.toPlainText()
    assert "Because:" in why and "expires on 5 March 2025" in why and "flying to Tokyo" in why
    html = view.why.toHtml()
    start = html.index("record:traveldocument")
    link = html[start:html.index('"', start)]
    view._on_link(QUrl(link))
    assert ctl.window.tabs.currentWidget() is ctl.window.state_view
    state = ctl.window.state_view
    assert state.model.records[state.table.currentIndex().row()].frame == "TravelDocument"
