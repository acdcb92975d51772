"""Learned collections in the window: the menu says how many wait for review, the dialog keeps,
renames and refuses them over the real engine and profile (offscreen)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from engine.learn.collection import learned_collections
from engine.learn.fill import Batch, add
from engine.learn.propose import offer
from engine.learn.verify import verify
from engine.log import LogStore
from engine.profile import Profile

DAY = dt.date(2026, 3, 6)
TEXT = "Went out before my shift this morning. Did 5k, took 27 minutes."


@pytest.fixture
def profile(tmp_path: Path) -> Profile:
    prof = Profile.open(tmp_path / "home")
    store = LogStore(prof.db_path)
    sid, (mid,) = store.add_session([("user", TEXT)], DAY)
    o = offer(TEXT, DAY)
    checked = verify({"records": [{"collection": "runs", "date": "today", "values": {
        "distance": o.quantities[0].id, "duration": o.quantities[1].id}}]}, o)
    batch = Batch(learned_collections(store.facts()), store.facts())
    for p in checked.records:
        add(batch, p, session_id=sid, message_id=mid, session_date=DAY, text=TEXT)
    store.add_facts(batch.facts)
    store.mark_extraction([mid], "done")
    store.close()
    return prof


def _start(ctl, qtbot) -> None:
    with qtbot.waitSignal(ctl.firstLoadDone, timeout=30_000):
        ctl.start()
    qtbot.waitUntil(lambda: not ctl.runner.busy)


def _act(ctl, qtbot, action: str, target: str = "") -> None:
    with qtbot.waitSignal(ctl.snapshotLoaded, timeout=60_000):
        ctl.window.collections_dialog._act(action, target)
    qtbot.waitUntil(lambda: not ctl.runner.busy)


def _states(dialog) -> list[tuple[str, str]]:
    t = dialog.table
    return [(t.item(r, 0).text(), t.item(r, 1).text()) for r in range(t.rowCount())]


def test_keep_rename_and_refuse_a_learned_collection(profile, make_controller, qtbot) -> None:
    ctl = make_controller(profile)
    _start(ctl, qtbot)
    w = ctl.window
    assert "1 to review" in w.collections_action.text()
    w.collections_action.trigger()
    dialog = w.collections_dialog
    assert dialog.isVisible() and _states(dialog) == [("runs", "Suggested — review")]
    assert "distance_km (km)" in dialog.table.item(0, 2).text() and dialog.table.item(0, 3).text() == "1"

    with qtbot.waitSignal(ctl.snapshotLoaded, timeout=60_000):
        qtbot.mouseClick(dialog.accept_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not ctl.runner.busy)
    assert _states(dialog) == [("runs", "Kept")]
    assert "to review" not in w.collections_action.text()

    _act(ctl, qtbot, "rename", "jogs")
    assert _states(dialog) == [("jogs", "Kept")]

    _act(ctl, qtbot, "refuse")
    assert _states(dialog) == [("jogs", "Refused")]
    assert not dialog.refuse_button.isEnabled() and dialog.accept_button.isEnabled()
    assert w.records_label.text().startswith("0 records")


def test_a_taken_name_is_an_error_banner_and_changes_nothing(profile, make_controller, qtbot) -> None:
    ctl = make_controller(profile)
    _start(ctl, qtbot)
    w = ctl.window
    w.show_collections()
    w.collections_dialog._act("rename", "trips")
    qtbot.waitUntil(lambda: any("built-in" in b.body for b in w.banners.banners), timeout=60_000)
    qtbot.waitUntil(lambda: not ctl.runner.busy)
    assert _states(w.collections_dialog) == [("runs", "Suggested — review")]
