"""The main window over a real profile (offscreen): state, provenance, timeline, alerts, ingest."""

from __future__ import annotations

import datetime as dt
import threading

from app_support import NETFLIX_ALERT, PASSPORT_ALERT, ScriptedAlertsService
from PySide6.QtCore import Qt

from app.notify import Notification
from engine.profile import Profile


def _start(ctl, qtbot) -> None:
    with qtbot.waitSignal(ctl.firstLoadDone, timeout=30_000) as blocker:
        ctl.start()
    assert blocker.args == [True]
    qtbot.waitUntil(lambda: not ctl.runner.busy)


def _cell(view, row: int, column: str) -> str:
    model = view.model
    return model.data(model.index(row, model.columns.index(column)))


def test_state_view_shows_typed_records_of_a_real_profile(demo_profile: Profile, make_controller, qtbot) -> None:
    ctl = make_controller(demo_profile)
    _start(ctl, qtbot)
    view = ctl.window.state_view
    tree = view.tree
    domains = [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]
    assert domains == ["Travel", "Health", "Finance"]

    assert view.show_collection("travel", "trips")
    assert view.model.rowCount() == 1
    assert _cell(view, 0, "destination") == "Tokyo"
    assert _cell(view, 0, "start") == "Fri 21 Feb 2025 · in 9 days"  # the correction won; the clock says 12 Feb
    assert _cell(view, 0, "cost") == "1,250.00 EUR"
    assert _cell(view, 0, "status") == "booked"
    assert "currency" not in view.model.columns

    assert view.show_collection("finance", "subscriptions")
    assert _cell(view, 0, "amount") == "15.99 EUR"
    assert ctl.window.records_label.text().startswith("5 records · 4 sessions")


def test_each_value_explains_its_source_message_and_date(demo_profile: Profile, make_controller, qtbot) -> None:
    ctl = make_controller(demo_profile)
    _start(ctl, qtbot)
    view = ctl.window.state_view
    view.show_collection("travel", "trips")
    model = view.model
    start = model.index(0, model.columns.index("start"))
    tip = model.data(start, Qt.ItemDataRole.ToolTipRole)
    assert "2025-02-01" in tip and "moved to February 21" in tip

    dest = model.index(0, model.columns.index("destination"))
    assert "2025-01-20" in model.data(dest, Qt.ItemDataRole.ToolTipRole)

    view.table.setCurrentIndex(start)
    panel = view.details.toPlainText()
    assert "Sat 1 Feb 2025" in panel and "said by you" in panel.lower()
    assert "Actually the Tokyo flight moved to February 21" in panel
    assert "2025-02-20 → 2025-02-21" in panel  # history of the value
    assert "background-color" in view.details.toHtml()  # the evidence span is highlighted (palette colour)


def test_timeline_lists_sessions_newest_first_with_messages(demo_profile: Profile, make_controller, qtbot) -> None:
    ctl = make_controller(demo_profile)
    _start(ctl, qtbot)
    tree = ctl.window.timeline_view.tree
    dates = [tree.topLevelItem(i).text(0).split(" ")[0] for i in range(tree.topLevelItemCount())]
    assert dates == ["2025-02-01", "2025-01-22", "2025-01-20", "2025-01-10"]
    first_session = tree.topLevelItem(3)
    assert first_session.childCount() == 2
    assert first_session.child(0).text(0) == "user"
    assert "passport expires" in first_session.child(0).text(1)
    assert first_session.child(1).text(0) == "assistant"


def test_alerts_list_and_actions_go_through_the_engine_thread(demo_profile: Profile, make_controller, qtbot) -> None:
    service: list[ScriptedAlertsService] = []

    def factory() -> ScriptedAlertsService:
        service.append(ScriptedAlertsService(demo_profile, [NETFLIX_ALERT, PASSPORT_ALERT]))
        return service[0]

    ctl = make_controller(demo_profile, factory)
    shown: list[tuple[str, Notification]] = []
    ctl.presenter.shown.connect(lambda name, note: shown.append((name, note)))
    _start(ctl, qtbot)
    view = ctl.window.alerts_view
    assert [a.key for a in view.alerts] == [PASSPORT_ALERT.key, NETFLIX_ALERT.key]  # critical first
    assert view.list.item(0).text().startswith("Passport expires before your Japan trip ends\n")
    assert not view.seen_button.isEnabled()
    assert "2 new" in view.header.text()

    # One notification per new alert, through the banner (no D-Bus, no tray here).
    qtbot.waitUntil(lambda: len(shown) == 2)
    assert {(name, n.summary) for name, n in shown} == {
        ("banner", PASSPORT_ALERT.title),
        ("banner", NETFLIX_ALERT.title),
    }
    assert [b.summary for b in ctl.window.banners.banners][-2:] == [PASSPORT_ALERT.title, NETFLIX_ALERT.title]

    view.select(PASSPORT_ALERT.key)
    assert view.seen_button.isEnabled()
    with qtbot.waitSignal(ctl.alertsUpdated):
        qtbot.mouseClick(view.seen_button, Qt.MouseButton.LeftButton)
    assert next(a for a in view.alerts if a.key == PASSPORT_ALERT.key).state == "seen"

    view.select(NETFLIX_ALERT.key)
    with qtbot.waitSignal(ctl.alertsUpdated):
        view.snooze_menu.actions()[1].trigger()  # until tomorrow morning
    snoozed = next(a for a in view.alerts if a.key == NETFLIX_ALERT.key)
    assert snoozed.state == "snoozed"
    assert snoozed.snoozed_until == dt.datetime(2025, 2, 13, 8, 0)

    view.select(PASSPORT_ALERT.key)
    with qtbot.waitSignal(ctl.alertsUpdated):
        qtbot.mouseClick(view.dismiss_button, Qt.MouseButton.LeftButton)
    assert [a.key for a in view.alerts] == [NETFLIX_ALERT.key]

    svc = service[0]
    names = [name for name, _ in svc.calls]
    assert f"set_alert_state:{PASSPORT_ALERT.key}:seen:" in names
    assert f"set_alert_state:{NETFLIX_ALERT.key}:snoozed:2025-02-13T08:00:00" in names
    assert f"set_alert_state:{PASSPORT_ALERT.key}:dismissed:" in names
    assert threading.get_ident() not in {ident for _, ident in svc.calls}
    assert len(shown) == 2  # nothing re-notified


def test_paused_alerts_are_listed_but_not_notified(demo_profile: Profile, make_controller, qtbot) -> None:
    demo_profile.update_settings(**{"gui.alerts_paused": True})
    ctl = make_controller(demo_profile, lambda: ScriptedAlertsService(demo_profile, [PASSPORT_ALERT]))
    shown: list[str] = []
    ctl.presenter.shown.connect(lambda name, note: shown.append(name))
    _start(ctl, qtbot)
    assert [a.key for a in ctl.window.alerts_view.alerts] == [PASSPORT_ALERT.key]
    assert ctl.window.pause_action.isChecked()
    assert shown == [] and ctl.window.banners.banners == []
    ctl.window.pause_action.trigger()  # unpause from the menu: persisted
    assert demo_profile.settings()["gui.alerts_paused"] is False


def test_reevaluation_timer_and_external_change_rerun_the_rules(demo_profile: Profile, make_controller, qtbot) -> None:
    svc: list[ScriptedAlertsService] = []
    ctl = make_controller(demo_profile, lambda: svc.append(ScriptedAlertsService(demo_profile, [])) or svc[0])
    assert ctl.timer.isActive() and ctl.timer.interval() == 15 * 60_000
    _start(ctl, qtbot)
    before = sum(1 for name, _ in svc[0].calls if name == "evaluate")

    with qtbot.waitSignal(ctl.alertsUpdated):
        ctl.timer.timeout.emit()

    # The watcher calls from its own thread; the controller queues it onto the GUI thread.
    watcher = threading.Thread(target=ctl.notify_external_change, args=("project/domains/travel/state.py",))
    with qtbot.waitSignals([ctl.snapshotLoaded, ctl.alertsUpdated]):
        watcher.start()
        watcher.join()
    assert sum(1 for name, _ in svc[0].calls if name == "evaluate") == before + 2


def test_typing_a_session_ingests_it_on_the_engine_thread(tmp_path, make_controller, qtbot) -> None:
    profile = Profile.open(tmp_path / "home")
    svc: list[ScriptedAlertsService] = []
    ctl = make_controller(profile, lambda: svc.append(ScriptedAlertsService(profile, [])) or svc[0])
    _start(ctl, qtbot)
    compose = ctl.window.compose_view
    assert not compose.add_button.isEnabled()
    qtbot.keyClicks(compose.text, "User: My passport expires on 2026-05-01.")
    compose.set_session_date(dt.date(2025, 3, 1))
    assert compose.add_button.isEnabled()

    with qtbot.waitSignals([ctl.snapshotLoaded], timeout=120_000):
        qtbot.mouseClick(compose.add_button, Qt.MouseButton.LeftButton)
        assert compose.progress.isVisibleTo(ctl.window) and not compose.add_button.isEnabled()
    qtbot.waitUntil(lambda: not ctl.runner.busy, timeout=120_000)

    assert ("ingest" in [name for name, _ in svc[0].calls])
    assert threading.get_ident() not in {ident for name, ident in svc[0].calls if name == "ingest"}
    # The session is in the log either way (it is stored before extraction), so the timeline has it.
    tree = ctl.window.timeline_view.tree
    assert tree.topLevelItemCount() == 1
    assert tree.topLevelItem(0).text(0).startswith("2025-03-01 · chat")
    assert not compose.progress.isVisibleTo(ctl.window)
    assert compose.status.text()  # says what happened, success or not


def test_an_empty_session_is_refused_with_the_engine_message(tmp_path, make_controller, qtbot) -> None:
    profile = Profile.open(tmp_path / "home")
    ctl = make_controller(profile)
    _start(ctl, qtbot)
    with qtbot.waitSignal(ctl.ingestFailed) as blocker:
        ctl.ingest("User:   \n", dt.date(2025, 3, 1))
    assert "empty" in blocker.args[0].message
    qtbot.waitUntil(lambda: not ctl.runner.busy)
    assert any("empty" in b.body for b in ctl.window.banners.banners)
    assert "empty" in ctl.window.compose_view.status.text()


def test_real_engine_ingest_extracts_checkpoints_and_alerts(tmp_path, make_controller, qtbot) -> None:
    """End to end with the real engine (detectors only): type, add, see records and the alert."""
    profile = Profile.open(tmp_path / "home")
    ctl = make_controller(profile)
    _start(ctl, qtbot)
    compose = ctl.window.compose_view
    compose.text.setPlainText("User: My passport expires on 2025-03-05. I fly to Japan on 2025-02-20.")
    compose.set_session_date(dt.date(2025, 2, 10))
    with qtbot.waitSignal(ctl.ingestFinished, timeout=120_000) as blocker:
        qtbot.mouseClick(compose.add_button, Qt.MouseButton.LeftButton)
    result = blocker.args[0]
    assert result.facts and not result.extraction_error
    assert ctl.window.state_view.show_collection("travel", "trips")
    assert ctl.window.checkpoint_label.text().startswith("checkpoint:")
    alerts = ctl.window.alerts_view.alerts
    assert alerts and "passport" in alerts[0].title.lower()
    ctl.window.alerts_view.select(alerts[0].key)
    with qtbot.waitSignal(ctl.alertsUpdated):
        qtbot.mouseClick(ctl.window.alerts_view.seen_button, Qt.MouseButton.LeftButton)
    assert ctl.window.alerts_view.alerts[0].state == "seen"
