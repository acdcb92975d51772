"""The Ask tab and records import, over the real engine and a real profile (offscreen)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from app.views import import_action
from app.views.ask_view import DONT_KNOW, source_refs
from app.views.import_action import mime_for, records_paths
from engine.profile import Profile

BOOKS_CSV = (
    "title,author,pages,read_on\n"
    "Dune,Herbert,412,2024-03-01\n"
    "Emma,Austen,474,2024-05-10\n"
    "Ulysses,Joyce,730,2024-07-02\n"
)


def _start(ctl, qtbot) -> None:
    with qtbot.waitSignal(ctl.firstLoadDone, timeout=30_000) as blocker:
        ctl.start()
    assert blocker.args == [True]
    qtbot.waitUntil(lambda: not ctl.runner.busy)


def _books(tmp_path: Path) -> Path:
    path = tmp_path / "books.csv"
    path.write_text(BOOKS_CSV, encoding="utf-8")
    return path


def _import(ctl, qtbot, path: Path):
    with qtbot.waitSignal(ctl.importFinished, timeout=60_000) as blocker:
        ctl.import_records(path)
    qtbot.waitUntil(lambda: not ctl.runner.busy)
    return blocker.args[0]


def _ask(ctl, qtbot, question: str):
    view = ctl.window.ask_view
    view.question.setText(question)
    with qtbot.waitSignal(ctl.askFinished, timeout=60_000) as blocker:
        qtbot.keyClick(view.question, Qt.Key.Key_Return)  # Enter asks
    qtbot.waitUntil(lambda: not ctl.runner.busy)
    return blocker.args[0]


def _tree_paths(view) -> list[tuple[str, str]]:
    out = []
    for i in range(view.tree.topLevelItemCount()):
        top = view.tree.topLevelItem(i)
        for j in range(top.childCount()):
            out.append(top.child(j).data(0, Qt.ItemDataRole.UserRole))
    return out


@pytest.fixture
def profile(tmp_path: Path) -> Profile:
    return Profile.open(tmp_path / "home")


def test_importing_a_csv_shows_the_collection_and_what_was_added(tmp_path, profile, make_controller, qtbot) -> None:
    ctl = make_controller(profile)
    _start(ctl, qtbot)
    result = _import(ctl, qtbot, _books(tmp_path))
    assert (result.collection, result.added, result.skipped_duplicates) == ("books", 3, 0)

    w = ctl.window
    assert ("imports", "books") in _tree_paths(w.state_view)
    assert w.tabs.currentWidget() is w.state_view
    assert w.state_view.model.rowCount() == 3
    assert "title" in w.state_view.model.columns and "pages" in w.state_view.model.columns
    banner = w.banners.banners[-1]
    assert banner.summary == "Imported 3 record(s) into books (0 already there)"
    assert "pages (int)" in banner.body and "read_on (date)" in banner.body
    assert w.records_label.text().startswith("3 records")

    again = _import(ctl, qtbot, _books(tmp_path))  # idempotent
    assert (again.added, again.skipped_duplicates) == (0, 3)
    assert w.banners.banners[-1].summary == "Imported 0 record(s) into books (3 already there)"
    assert w.state_view.model.rowCount() == 3


def test_asking_a_count_question_shows_answer_computation_and_sources(
    tmp_path, profile, make_controller, qtbot
) -> None:
    ctl = make_controller(profile)
    _start(ctl, qtbot)
    _import(ctl, qtbot, _books(tmp_path))
    view = ctl.window.ask_view
    ctl.window.show_ask()
    assert ctl.window.tabs.currentWidget() is view
    assert not view.ask_button.isEnabled()  # nothing typed yet

    outcome = _ask(ctl, qtbot, "How many books have I read?")
    assert outcome.answer.answer == 3
    assert view.answer.text() == "3"
    assert view.kind.text().startswith("Counted your books") and "kind:" not in view.kind.text()  # in words, no jargon
    computation = view.computation.toPlainText()
    assert "S['books']" in computation and computation == outcome.answer.computation
    assert view.computation.isReadOnly()
    assert view.computation.font().fixedPitch()  # monospace
    sources = view.sources.toPlainText()
    assert "Dune" in sources and "Emma" in sources and "Ulysses" in sources
    assert "(3)" in view.sources_title.text()
    assert view.ask_button.isEnabled() and not view.progress.isVisibleTo(ctl.window)

    # The button asks too, with a filter this time.
    view.question.setText("How many books by Austen?")
    with qtbot.waitSignal(ctl.askFinished, timeout=60_000):
        qtbot.mouseClick(view.ask_button, Qt.MouseButton.LeftButton)
    assert view.answer.text() == "1"
    assert "Austen" in view.computation.toPlainText()
    assert "Emma" in view.sources.toPlainText() and "Dune" not in view.sources.toPlainText()


def test_a_recall_question_without_support_says_it_does_not_know(tmp_path, profile, make_controller, qtbot) -> None:
    ctl = make_controller(profile)
    _start(ctl, qtbot)
    _import(ctl, qtbot, _books(tmp_path))
    outcome = _ask(ctl, qtbot, "What did I say about giraffes?")
    view = ctl.window.ask_view
    assert outcome.answer.answer is None
    assert view.answer.text() == DONT_KNOW
    assert "giraffes" in view.kind.text()  # the engine's explanation
    assert "log.search" in view.computation.toPlainText()
    assert "No sources" in view.sources.toPlainText()


def test_a_recall_question_cites_the_message_it_came_from(demo_profile, make_controller, qtbot) -> None:
    ctl = make_controller(demo_profile)
    _start(ctl, qtbot)
    outcome = _ask(ctl, qtbot, "What did I say about penicillin?")
    view = ctl.window.ask_view
    assert outcome.answer.answer is not None and "penicillin" in view.answer.text()
    assert outcome.sources and all(s.found for s in outcome.sources)
    shown = view.sources.toPlainText()
    assert "2025-01-22" in shown and "severely allergic to penicillin" in shown
    assert "fff2a8" in view.sources.toHtml()  # the supporting words are highlighted


def test_a_malformed_file_shows_the_engine_error_and_imports_nothing(
    tmp_path, profile, make_controller, qtbot
) -> None:
    ctl = make_controller(profile)
    _start(ctl, qtbot)
    bad = tmp_path / "broken.json"
    bad.write_text('[{"title": "Dune"}, {"title": ', encoding="utf-8")
    with qtbot.waitSignal(ctl.importFailed, timeout=60_000) as blocker:
        ctl.import_records(bad)
    qtbot.waitUntil(lambda: not ctl.runner.busy)
    message = blocker.args[0].message
    assert "invalid JSON" in message and "nothing was imported" in message
    assert "\n" not in message
    banner = ctl.window.banners.banners[-1]
    assert banner.severity == "error" and banner.body == message and "broken.json" in banner.summary
    assert ctl.window.state_view.snapshot.record_count == 0
    assert _tree_paths(ctl.window.state_view) == []


def test_an_ask_error_is_shown_in_the_ask_view(profile, make_controller, qtbot, monkeypatch) -> None:
    from engine.errors import InputError
    from engine.service import Service

    def broken(self, question, now):
        raise InputError("the question is too vague to answer")

    monkeypatch.setattr(Service, "ask", broken)
    ctl = make_controller(profile)
    _start(ctl, qtbot)
    view = ctl.window.ask_view
    ctl.window.show_ask()
    view.question.setText("hmm?")
    with qtbot.waitSignal(ctl.askFailed, timeout=30_000):
        qtbot.keyClick(view.question, Qt.Key.Key_Return)
    assert view.answer.text() == "Could not answer"
    assert view.status.text() == "the question is too vague to answer"
    assert view.status.isVisibleTo(ctl.window)
    assert view.ask_button.isEnabled()
    assert ctl.window.banners.banners == []  # shown in place, not as a banner


def test_dropping_a_records_file_on_the_window_imports_it(tmp_path, profile, make_controller, qtbot) -> None:
    ctl = make_controller(profile)
    _start(ctl, qtbot)
    w = ctl.window
    path = _books(tmp_path)
    notes = tmp_path / "notes.txt"
    notes.write_text("not records", encoding="utf-8")
    assert w.acceptDrops()

    mime = mime_for([path, notes])
    assert records_paths(mime) == [path]
    pos = QPointF(w.width() / 2, w.height() / 2)
    actions = Qt.DropAction.CopyAction
    enter = QDragEnterEvent(pos.toPoint(), actions, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(w, enter)
    assert enter.isAccepted()

    other = mime_for([notes])  # the event does not own its mime data: keep a reference
    refused = QDragEnterEvent(pos.toPoint(), actions, other, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(w, refused)
    assert not refused.isAccepted()

    drop = QDropEvent(pos, actions, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    with qtbot.waitSignal(ctl.importFinished, timeout=60_000) as blocker:
        QApplication.sendEvent(w, drop)
    assert drop.isAccepted()
    assert blocker.args[0].collection == "books"
    qtbot.waitUntil(lambda: not ctl.runner.busy)
    assert ("imports", "books") in _tree_paths(w.state_view)


def test_file_menu_import_uses_the_dialog(tmp_path, profile, make_controller, qtbot, monkeypatch) -> None:
    path = tmp_path / "visits.jsonl"
    path.write_text('{"place": "Louvre", "cost": 22}\n{"place": "Orsay", "cost": 16}\n', encoding="utf-8")
    asked: list[str] = []

    def fake_dialog(parent, caption, start, filters):
        asked.append(filters)
        return str(path), filters.split(";;")[0]

    monkeypatch.setattr(import_action.QFileDialog, "getOpenFileName", staticmethod(fake_dialog))
    ctl = make_controller(profile)
    _start(ctl, qtbot)
    with qtbot.waitSignal(ctl.importFinished, timeout=60_000) as blocker:
        ctl.window.import_action.trigger()
    assert "*.jsonl" in asked[0] and "*.csv" in asked[0] and "*.json" in asked[0]
    assert (blocker.args[0].collection, blocker.args[0].added) == ("visits", 2)
    assert ctl.window.import_dir == str(tmp_path)

    monkeypatch.setattr(import_action.QFileDialog, "getOpenFileName", staticmethod(lambda *a: ("", "")))
    ctl.window.import_action.trigger()  # cancelled: nothing happens
    assert not ctl.runner.busy


def test_source_refs_accept_fact_ids_and_recall_refs() -> None:
    assert source_refs([3, "message:7", "fact:2", 3, "junk", True]) == [("fact", 3), ("message", 7), ("fact", 2)]


def test_an_import_can_be_stopped_and_imports_nothing(tmp_path, make_controller, qtbot) -> None:
    import threading

    profile = Profile.open(tmp_path / "home")
    ctl = make_controller(profile)
    _start(ctl, qtbot)
    gate = threading.Event()
    ctl.runner.submit("Busy", lambda _ctx: gate.wait(30))
    with qtbot.waitSignal(ctl.importFinished, timeout=60_000) as blocker:
        ctl.import_records(_books(tmp_path))
        assert ctl.window.import_stop.isVisibleTo(ctl.window)
        ctl.window.import_stop.click()
        gate.set()
    assert blocker.args == [None]
    qtbot.waitUntil(lambda: not ctl.runner.busy)
    assert not ctl.window.import_stop.isVisibleTo(ctl.window)
    assert "nothing was imported" in ctl.window.statusBar().currentMessage()
    assert "imports" not in ctl.window.state_view.snapshot.domains


def test_a_big_collection_shows_its_first_records_and_its_full_count(
    tmp_path, profile, make_controller, qtbot, monkeypatch
) -> None:
    import app.snapshot
    import engine.log

    monkeypatch.setattr(engine.log, "BULK_MIN", 20)  # "big" at test size: read from the log as a stream
    monkeypatch.setattr(app.snapshot, "PREVIEW_MAX", 8)
    path = tmp_path / "runs.csv"
    path.write_text("date,km\n" + "".join(f"2025-02-{1 + i:02d},{5 + i}\n" for i in range(25)), encoding="utf-8")
    ctl = make_controller(profile)
    _start(ctl, qtbot)
    result = _import(ctl, qtbot, path)
    assert result.added == 25
    view = ctl.window.state_view
    assert ("imports", "runs") in _tree_paths(view)
    assert view.model.rowCount() == 8
    assert "the first 8 of 25" in view.title.text()
    counts = [view.tree.topLevelItem(0).child(j).text(1) for j in range(view.tree.topLevelItem(0).childCount())]
    assert "25" in counts
    answer = _ask(ctl, qtbot, "how many km did I run in total?")
    assert answer.answer.answer == sum(5 + i for i in range(25))  # computed over all of them, not the preview
