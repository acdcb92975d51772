"""The agenda tab: coming-up list and month calendar over every dated record; items open records."""

from __future__ import annotations

import datetime as dt

from app_support import build_demo_profile, start_app
from PySide6.QtCore import QDate


def test_agenda_lists_what_is_coming_and_marks_the_calendar(tmp_path, make_controller, qtbot) -> None:
    ctl = make_controller(build_demo_profile(tmp_path / "home"))  # the clock says Wed 12 Feb 2025
    start_app(ctl, qtbot)
    view = ctl.window.agenda_view
    rows = [view.upcoming.item(i).text() for i in range(view.upcoming.count())]
    assert rows == [
        "Sat 15 Feb 2025 · in 3 days — Netflix renews",
        "Fri 21 Feb 2025 · in 9 days — Tokyo",
        "Wed 5 Mar 2025 · in 21 days — passport expires",
    ]
    assert view.calendar.selectedDate() == QDate(2025, 2, 12)
    assert "nothing on" in view.day_title.text()
    view.calendar.setSelectedDate(QDate(2025, 2, 21))
    assert [view.day_list.item(i).text() for i in range(view.day_list.count())] == ["Fri 21 Feb 2025 · in 9 days — Tokyo"]
    assert view.calendar.dateTextFormat(QDate(2025, 2, 21)).fontWeight() > 400  # a day with an item is bold
    assert view.calendar.dateTextFormat(QDate(2025, 2, 22)).fontWeight() <= 400
    view._open(view.day_list.item(0))
    assert ctl.window.tabs.currentWidget() is ctl.window.state_view
    state = ctl.window.state_view
    assert state.model.records[state.table.currentIndex().row()].frame == "Trip"
    assert view.items_on(dt.date(2025, 3, 5))[0].label == "passport expires"


def test_a_recurring_item_says_how_it_repeats() -> None:
    from app.views.agenda_view import item_text
    from engine.agenda import AgendaItem

    item = AgendaItem(dt.date(2025, 2, 18), dt.date(2025, 2, 18), "event", "team sync", "event:me:sync",
                      dt.time(9, 30), True, repeats="every week on Tuesday")
    assert item_text(item, dt.date(2025, 2, 12)) == "Tue 18 Feb 2025 · in 6 days at 09:30 — team sync (every week on Tuesday)"
