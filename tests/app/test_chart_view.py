"""Charts: money per month and measured numbers over time, computed by the engine, drawn by matplotlib."""

from __future__ import annotations

import datetime as dt

from app_support import start_app

from engine.log import LogStore, NewFact
from engine.profile import Profile

D = dt.date(2025, 1, 10)



def _profile(tmp_path) -> Profile:
    profile = Profile.open(tmp_path / "home")
    log = LogStore(profile.db_path)
    try:
        sid, (mid,) = log.add_session([("user", "purchases")], D)
        log.add_facts([
            NewFact(sid, mid, D, "finance", "Purchase", "a", {"item": "shoes", "amount": "80", "currency": "EUR", "date": "2025-01-04"}),
            NewFact(sid, mid, D, "finance", "Purchase", "b", {"item": "coat", "amount": "120.50", "currency": "EUR", "date": "2025-01-20"}),
            NewFact(sid, mid, D, "finance", "Purchase", "c", {"item": "book", "amount": "15", "currency": "EUR", "date": "2025-02-02"}),
            NewFact(sid, mid, D, "finance", "Purchase", "d", {"item": "lamp", "amount": "999", "currency": "EUR", "date": "2025-02-03",
                                                              "status": "cancelled"}),
        ])
    finally:
        log.close()
    return profile


def test_money_is_charted_per_month(tmp_path, make_controller, qtbot) -> None:
    ctl = make_controller(_profile(tmp_path))
    start_app(ctl, qtbot)
    view = ctl.window.chart_view
    assert not view.figure.axes  # hidden: not drawn (drawing costs 100–200 ms of the GUI thread)
    ctl.window.tabs.setCurrentWidget(view)
    titles = [view.choice.itemText(i) for i in range(view.choice.count())]
    assert "Purchases: amount per month" in titles
    view.choice.setCurrentIndex(titles.index("Purchases: amount per month"))
    assert view.plotted() == [(dt.date(2025, 1, 1), 200.5), (dt.date(2025, 2, 1), 15.0)]  # the cancelled one is out
    ax = view.figure.axes[0]
    assert [round(p.get_height(), 2) for p in ax.patches] == [200.5, 15.0]
    assert ax.get_ylabel() == "EUR"


def test_an_empty_profile_says_what_will_be_charted(tmp_path, make_controller, qtbot) -> None:
    ctl = make_controller(Profile.open(tmp_path / "home"))
    start_app(ctl, qtbot)
    view = ctl.window.chart_view
    assert view.choice.count() == 0 and not view.empty.isHidden() and view.canvas.isHidden()
