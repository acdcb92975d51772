"""The conversation pane: say, see what was learned, open it, undo it, ask, stop."""

from __future__ import annotations

import datetime as dt
import threading

from app_support import start_app
from PySide6.QtCore import Qt, QUrl

from app.workers import Cancelled, TaskContext
from engine.profile import Profile
from engine.service import Service


def _say(ctl, qtbot, text: str):
    view = ctl.window.chat_view
    view.entry.setPlainText(text)
    with qtbot.waitSignal(ctl.chatFinished, timeout=120_000) as blocker:
        qtbot.keyClick(view.entry, Qt.Key.Key_Return)
        assert view.progress.isVisibleTo(ctl.window) and view.stop_button.isVisibleTo(ctl.window)
    qtbot.waitUntil(lambda: not ctl.runner.busy, timeout=60_000)
    return blocker.args[0]


def test_a_statement_is_confirmed_with_what_was_learned_and_can_be_opened_and_undone(tmp_path, make_controller, qtbot) -> None:
    profile = Profile.open(tmp_path / "home")
    ctl = make_controller(profile)
    start_app(ctl, qtbot)
    view = ctl.window.chat_view
    assert ctl.window.tabs.currentWidget() is view  # the conversation is the way in
    assert "Welcome to UaC Desktop" in view.transcript.toPlainText()  # an empty profile is welcomed

    turn = _say(ctl, qtbot, "My passport expires on 2025-03-05. I fly to Japan on 2025-02-20.")
    assert turn is not None and turn.learned
    text = view.transcript.toPlainText()
    assert "My passport expires" in text and "Assistant" in text
    assert "↳ new trip" in text.lower() and "show" in text and "undo" in text
    assert view.entry.toPlainText() == ""  # sent, cleared
    # the passport alert computed in the same turn reaches the alerts pane
    assert any("passport" in a.title.lower() for a in ctl.window.alerts_view.alerts)

    trip = next(f for f in turn.learned if f.frame == "Trip")
    view._on_link(QUrl(f"record:trip:{trip.subject}:{trip.entity_key}"))
    assert ctl.window.tabs.currentWidget() is ctl.window.state_view
    model = ctl.window.state_view.model
    row = ctl.window.state_view.table.currentIndex().row()
    assert model.records[row].frame == "Trip"

    asked: list[str] = []
    view.confirm = lambda _parent, _title, text: asked.append(text) or True
    with qtbot.waitSignal(ctl.undoFinished, timeout=60_000):
        view._on_link(QUrl(f"undo:{trip.id}"))
    qtbot.waitUntil(lambda: not ctl.runner.busy, timeout=60_000)
    assert asked and "trip" in asked[0].lower()
    svc = Service(profile, use_model=False)
    try:
        assert not svc.state().of("Trip") and svc.state().of("TravelDocument")
        assert [r.reason for r in svc.log.forgets()] == ["undone from the conversation"]
    finally:
        svc.close()
    assert "↳ new trip" not in view.transcript.toPlainText().lower()  # the learned link is gone; the reply stays


def test_a_refused_undo_changes_nothing(tmp_path, make_controller, qtbot) -> None:
    profile = Profile.open(tmp_path / "home")
    ctl = make_controller(profile)
    start_app(ctl, qtbot)
    turn = _say(ctl, qtbot, "My passport expires on 2025-03-05.")
    view = ctl.window.chat_view
    view.confirm = lambda *_: False
    with qtbot.assertNotEmitted(view.undoRequested):
        view._on_link(QUrl(f"undo:{turn.learned[0].id}"))


def test_a_question_is_answered_with_how_it_was_worked_out(tmp_path, make_controller, qtbot) -> None:
    profile = Profile.open(tmp_path / "home")
    ctl = make_controller(profile)
    start_app(ctl, qtbot)
    _say(ctl, qtbot, "I fly to Japan on 2025-03-20. In May I fly to Italy, on 2025-05-02.")
    turn = _say(ctl, qtbot, "How many trips do I have?")
    svc = Service(profile, use_model=False)
    try:
        trips = len(svc.state().of("Trip"))
    finally:
        svc.close()
    assert turn.answer is not None and turn.answer.answer == trips == 2
    view = ctl.window.chat_view
    assert turn.reply_id in view.explanations
    assert "How I worked this out" in view.transcript.toPlainText()
    view._on_link(QUrl(f"how:{turn.reply_id}"))
    shown = view.transcript.toPlainText()
    assert "Counted your trips" in shown and "len(" in shown


def test_history_is_the_log_and_survives_a_restart(tmp_path, make_controller, qtbot) -> None:
    profile = Profile.open(tmp_path / "home")
    ctl = make_controller(profile)
    start_app(ctl, qtbot)
    _say(ctl, qtbot, "My dentist appointment is on 2025-02-20 at 10:00.")
    ctl.shutdown()
    again = make_controller(profile)
    start_app(again, qtbot)
    text = again.window.chat_view.transcript.toPlainText()
    assert "My dentist appointment" in text and "Wed 12 Feb 2025 · today" in text


def test_stop_between_steps_keeps_the_message_for_the_next_turn(tmp_path, qtbot) -> None:
    """Cancel is checked at every progress report: the message is logged, its reading is left pending."""
    profile = Profile.open(tmp_path / "home")
    svc = Service(profile, use_model=False)
    stop = threading.Event()
    reports: list[str] = []

    ctx = TaskContext(svc, reports.append, stop)
    stop.set()  # Stop pressed while the turn waited behind other work
    try:
        try:
            svc.chat("My passport expires on 2026-03-05.", dt.date(2025, 2, 12), progress=ctx.report)
        except Cancelled:
            pass
        else:
            raise AssertionError("the turn did not stop")
        assert reports == []
        (msg,) = svc.log.messages()
        assert msg.extraction == "pending" and not svc.log.facts()
        turn = svc.chat("Thanks.", dt.date(2025, 2, 12))  # the next turn reads the earlier message too
        assert svc.state().of("TravelDocument") and turn.reply
    finally:
        svc.close()


def test_the_stop_button_stops_a_waiting_turn_and_says_the_message_is_kept(tmp_path, make_controller, qtbot) -> None:
    profile = Profile.open(tmp_path / "home")
    ctl = make_controller(profile)
    start_app(ctl, qtbot)
    gate = threading.Event()
    ctl.runner.submit("Busy", lambda _ctx: gate.wait(30))  # the engine thread is busy with earlier work
    view = ctl.window.chat_view
    view.entry.setPlainText("My passport expires on 2026-03-05.")
    with qtbot.waitSignal(ctl.chatFinished, timeout=60_000) as blocker:
        qtbot.keyClick(view.entry, Qt.Key.Key_Return)
        qtbot.mouseClick(view.stop_button, Qt.MouseButton.LeftButton)
        gate.set()
    assert blocker.args == [None]
    assert "saved" in view.status.text() and not view.stop_button.isVisibleTo(ctl.window)
    assert "My passport expires" in view.transcript.toPlainText()  # logged, shown, read next turn


def test_a_pasted_conversation_can_be_stopped_and_stays_saved(tmp_path, make_controller, qtbot) -> None:
    profile = Profile.open(tmp_path / "home")
    ctl = make_controller(profile)
    start_app(ctl, qtbot)
    gate = threading.Event()
    ctl.runner.submit("Busy", lambda _ctx: gate.wait(30))
    compose = ctl.window.compose_view
    compose.text.setPlainText("User: My passport expires on 2026-03-05.\nAssistant: Noted.")
    with qtbot.waitSignal(ctl.ingestFinished, timeout=60_000) as blocker:
        compose._submit()
        assert compose.stop_button.isVisibleTo(ctl.window)
        compose.stop_button.click()
        gate.set()
    assert blocker.args == [None]
    assert "saved" in compose.status.text() and not compose.stop_button.isVisibleTo(ctl.window)
    svc = Service(profile, use_model=False)
    try:
        assert [m.text for m in svc.log.messages()][0] == "My passport expires on 2026-03-05."
    finally:
        svc.close()


def test_a_stop_pressed_after_reading_still_folds_and_checks_what_was_read(tmp_path) -> None:
    """Once the read facts are logged, the turn finishes: the project and the alerts catch up."""
    profile = Profile.open(tmp_path / "home")
    svc = Service(profile, use_model=False)
    stop = threading.Event()
    reports: list[str] = []

    def report(text: str) -> None:
        reports.append(text)
        stop.set()  # Stop pressed while the message is being read

    try:
        turn = svc.chat("My passport expires on 2025-03-05. I fly to Japan on 2025-02-20.", dt.date(2025, 2, 10),
                        progress=TaskContext(svc, report, stop).report)
        assert turn.learned and any("passport" in a.title.lower() for a in turn.active)
        assert len(reports) == 1  # later steps report nothing once stop was asked for, and raise nothing
    finally:
        svc.close()
