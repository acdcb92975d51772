"""Review and correct from Memory: edit a value (a correction fact), forget a record, filter, read dates."""

from __future__ import annotations

import datetime as dt

from app_support import build_demo_profile, start_app

from app.values import human_date
from engine.service import Service


def _column(view, name: str) -> int:
    return view.model.columns.index(name)


def test_correcting_a_date_logs_a_correction_and_clears_the_alert(tmp_path, make_controller, qtbot) -> None:
    profile = build_demo_profile(tmp_path / "home")
    ctl = make_controller(profile)
    start_app(ctl, qtbot)
    assert any("passport" in a.title.lower() for a in ctl.window.alerts_view.alerts)
    view = ctl.window.state_view
    assert view.show_collection("travel", "documents")
    index = view.model.index(0, _column(view, "expires"))
    assert view.model.data(index) == "Wed 5 Mar 2025 · in 21 days"  # the clock says 12 Feb 2025
    assert "2025-03-05" in view.model.data(index, 3)  # ISO in the tooltip (ToolTipRole)
    offered: list = []
    view.ask_value = lambda _p, rec, col, current, choices: offered.append((col, current)) or "2035-03-05"
    with qtbot.waitSignal(ctl.correctionFinished, timeout=60_000) as blocker:
        assert view.correct_cell(index)
    qtbot.waitUntil(lambda: not ctl.runner.busy, timeout=60_000)
    assert offered == [("expires", dt.date(2025, 3, 5))]
    assert "2035-03-05" in blocker.args[0]
    svc = Service(profile, use_model=False)
    try:
        (doc,) = svc.state().of("TravelDocument")
        assert doc.values["expires"] == dt.date(2035, 3, 5)
        assert svc.log.facts()[-1].extractor == "hand-edit"
    finally:
        svc.close()
    assert not any("passport" in a.title.lower() for a in ctl.window.alerts_view.alerts)
    # the provenance panel says, in words, that the user corrected it
    view.table.setCurrentIndex(view.model.index(0, _column(view, "expires")))
    panel = view.details.toPlainText()
    assert "corrected by you" in panel and "Earlier values" in panel and "confidence" not in panel


def test_a_value_of_the_wrong_type_is_refused_with_a_clear_error(tmp_path, make_controller, qtbot) -> None:
    profile = build_demo_profile(tmp_path / "home")
    ctl = make_controller(profile)
    start_app(ctl, qtbot)
    view = ctl.window.state_view
    view.show_collection("travel", "documents")
    view.ask_value = lambda *_: "sometime soon"
    with qtbot.waitSignal(ctl.correctionFailed, timeout=60_000) as blocker:
        view.correct_cell(view.model.index(0, _column(view, "expires")))
    assert "not a valid date" in blocker.args[0].message
    qtbot.waitUntil(lambda: not ctl.runner.busy)
    assert any("not a valid date" in b.body for b in ctl.window.banners.banners)


def test_fixed_choices_are_offered_as_a_list(tmp_path, make_controller, qtbot) -> None:
    profile = build_demo_profile(tmp_path / "home")
    ctl = make_controller(profile)
    start_app(ctl, qtbot)
    view = ctl.window.state_view
    view.show_collection("travel", "trips")
    seen: list = []
    view.ask_value = lambda _p, rec, col, current, choices: seen.append(choices) or None  # cancelled
    assert not view.correct_cell(view.model.index(0, _column(view, "status")))
    assert seen and "booked" in seen[0] and "cancelled" in seen[0]


def test_forgetting_a_record_after_confirmation(tmp_path, make_controller, qtbot) -> None:
    profile = build_demo_profile(tmp_path / "home")
    ctl = make_controller(profile)
    start_app(ctl, qtbot)
    view = ctl.window.state_view
    view.show_collection("health", "medications")
    view.confirm = lambda *_: False
    assert not view.forget_row(0)
    view.confirm = lambda _p, _t, text: "ibuprofen" in text
    with qtbot.waitSignal(ctl.forgetFinished, timeout=60_000):
        assert view.forget_row(0)
    qtbot.waitUntil(lambda: not ctl.runner.busy)
    assert "medications" not in ctl.window.state_view.snapshot.domains.get("health", {})
    svc = Service(profile, use_model=False)
    try:
        assert not svc.state().of("Medication") and svc.state().of("Allergy")
        assert [r.reason for r in svc.log.forgets()] == ["forgotten from Memory"]
    finally:
        svc.close()


def test_the_filter_searches_every_collection(tmp_path, make_controller, qtbot) -> None:
    profile = build_demo_profile(tmp_path / "home")
    ctl = make_controller(profile)
    start_app(ctl, qtbot)
    view = ctl.window.state_view
    view.filter.setText("netflix")
    tree = view.tree
    shown = [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]
    assert shown == ["Finance"]
    assert [r.values.get("service") for r in view.model.records] == ["Netflix"]
    assert "1 of 1" in view.title.text()
    view.filter.setText("zzz-nothing")
    assert tree.topLevelItemCount() == 0 and "No record mentions" in view.title.text()
    view.filter.clear()
    assert tree.topLevelItemCount() >= 3


def test_human_dates() -> None:
    today = dt.date(2025, 1, 4)
    assert human_date(dt.date(2025, 2, 21), today) == "Fri 21 Feb 2025 · in 48 days"
    assert human_date(dt.date(2025, 1, 4), today).endswith("today")
    assert human_date(dt.date(2025, 1, 1), today).endswith("3 days ago")
    assert human_date(dt.date(2025, 1, 5)) == "Sun 5 Jan 2025"


def test_opening_a_record_hidden_by_the_filter_clears_the_filter(tmp_path, make_controller, qtbot) -> None:
    profile = build_demo_profile(tmp_path / "home")
    ctl = make_controller(profile)
    start_app(ctl, qtbot)
    view = ctl.window.state_view
    view.filter.setText("netflix")
    trip = next(r for colls in view.snapshot.domains.values() for recs in colls.values() for r in recs if r.frame == "Trip")
    assert ctl.window.show_record(trip.id)
    assert view.filter.text() == "" and view.model.records[view.table.currentIndex().row()].id == trip.id
    assert not ctl.window.show_record("trip:me:no-such-trip")
