"""Each record of a message keeps the values said with its own day (engine/learn/align.py)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from engine.learn.propose import Offer, offer
from engine.learn.verify import verify

DAY = dt.date(2026, 10, 6)  # a Tuesday


def _id(o: Offer, surface: str) -> str:
    for c in (*o.dates, *o.times, *o.money):
        if c.surface.strip(" .,") == surface:
            return c.id
    for q in o.quantities:
        if q.surface == surface:
            return q.id
    raise AssertionError(f"no candidate {surface!r}: {[c.surface for c in (*o.dates, *o.money)]} {[q.surface for q in o.quantities]}")


def _records(text: str, cites: list[dict[str, str]]) -> list[dict[str, object]]:
    o = offer(text, DAY, records=True)
    raw = {"records": [{"collection": "tutoring", "date": _id(o, c.pop("date")),
                        "values": {k: _id(o, v) for k, v in c.items()}} for c in cites]}
    return [{k: v.value for k, v in r.values.items() if v.kind != "str"} | {"day": r.day} for r in verify(raw, o).records]


TWO_SESSIONS = "Harvey again on Saturday, 1h, £25. And a new one, Lily, on Sunday for an hour and a half, £45 in total."


def test_an_amount_cited_for_both_records_goes_to_the_one_it_was_said_with() -> None:
    got = _records(TWO_SESSIONS, [{"date": "on Saturday", "duration": "1h", "fee": "£25"},
                                  {"date": "on Sunday", "duration": "an hour and a half", "fee": "£25"}])
    assert [r["fee"] for r in got] == [Decimal("25"), Decimal("45")]
    assert [r["day"] for r in got] == [dt.date(2026, 10, 3), dt.date(2026, 10, 4)]


def test_a_value_of_the_next_record_is_exchanged_for_this_ones_own() -> None:
    got = _records(TWO_SESSIONS, [{"date": "on Saturday", "duration": "an hour and a half", "fee": "£45"},
                                  {"date": "on Sunday", "duration": "an hour and a half", "fee": "£45"}])
    assert got[0]["fee"] == Decimal("25") and got[0]["duration"] == 1
    assert got[1]["fee"] == Decimal("45") and got[1]["duration"] == 90  # minutes, as said


def test_a_value_with_no_counterpart_in_its_records_part_is_dropped() -> None:
    text = "Maria did Wednesday night, five and a half hours, I paid her £66. She also came last night for two hours."
    got = _records(text, [{"date": "Wednesday", "hours": "five and a half hours", "paid": "£66"},
                          {"date": "last night", "hours": "two hours", "paid": "£66"}])
    assert got[0]["paid"] == Decimal("66")
    assert "paid" not in got[1] and got[1]["duration"] == 2  # hours are a duration


def test_days_said_together_with_the_values_after_them_are_left_as_read() -> None:
    text = "Ran on Saturday and on Sunday. 5 km in 25 minutes and then 10 km in 55 minutes."
    got = _records(text, [{"date": "on Saturday", "distance": "5 km", "time": "25 minutes"},
                          {"date": "on Sunday", "distance": "10 km", "time": "55 minutes"}])
    assert [(r["distance"], r["time"]) for r in got] == [(5, 25), (10, 55)]


def test_a_record_whose_day_has_nothing_beside_it_does_not_stop_the_others_being_aligned() -> None:
    text = ("Harvey again on Saturday, 1h, £25. And a new one, Lily, on Sunday for an hour and a half, £45. "
            "The dog was a menace at pickup today.")
    got = _records(text, [{"date": "on Saturday", "duration": "1h", "fee": "£45"},
                          {"date": "on Sunday", "duration": "an hour and a half", "fee": "£25"},
                          {"date": "today", "duration": "1h"}])
    assert [r["fee"] for r in got[:2]] == [Decimal("25"), Decimal("45")]


def test_a_day_said_after_values_that_are_other_records_takes_none_of_them() -> None:
    text = ("Maria did Wednesday night, five and a half hours, I paid her £66. She also came last night, seven till nine, "
            "a couple of hours. The dog was a menace at pickup today.")
    got = _records(text, [{"date": "Wednesday", "hours": "five and a half hours", "paid": "£66"},
                          {"date": "last night", "hours": "seven till nine"},
                          {"date": "today", "hours": "a couple of hours"}])
    assert [r["day"] for r in got] == [dt.date(2026, 9, 30), dt.date(2026, 10, 5)]


def test_values_said_after_both_days_are_kept_as_read() -> None:
    text = "On Saturday I ran 5 km. On Sunday I ran 10 km. Times were 25 minutes and 55 minutes."
    got = _records(text, [{"date": "On Saturday", "distance": "5 km", "time": "25 minutes"},
                          {"date": "On Sunday", "distance": "10 km", "time": "55 minutes"}])
    assert [(r["distance"], r["time"]) for r in got] == [(5, 25), (10, 55)]


def test_a_malformed_day_is_not_aligned_and_does_not_crash() -> None:
    from engine.learn.align import Cited, align

    records = [{"date": ["D1"], "values": {"v": "Q1"}}, {"date": "D2", "values": {"v": "Q1"}}]
    assert align(records, {"D2": Cited("date", 0), "Q1": Cited("float:", 5)}, "text of it") == records
