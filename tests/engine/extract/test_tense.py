"""Which way a date without a year or a week points: the clause's tense, read from its verbs."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.extract.dates import find_dates, tense
from engine.extract.reader.candidates import find_candidates


@pytest.mark.parametrize(
    ("clause", "expected"),
    [
        ("Brewed my first ever all-grain batch on Saturday", True),
        ("Checked the clock on Saturday, 49,030", True),
        ("Mia practised 45 minutes on Monday", True),
        ("my daughter practised for an hour on Monday", True),
        ("She sat it on the 10th", True),
        ("Swam 40 lengths on Friday", True),
        ("that Thursday session back in March was actually 5,500", True),
        ("Excited for Friday", None),
        ("Coming back on the 16th", False),
        ("I'll be back in March", False),
        ("Dentist on Friday at 9", None),
        ("Then on Saturday a shorter one", None),
        ("She said it's on Friday", False),
    ],
)
def test_tense_of_a_clause_that_tells_a_record(clause: str, expected: bool | None) -> None:
    assert tense(clause, told=True) is expected


@pytest.mark.parametrize(
    "text",
    [
        "Dentist Sat at 10am",
        "Mohammed's wedding on Saturday",
        "Bed delivery on Thursday",
        "Emma invited us to dinner on Saturday",
        "Back in the office on Monday",
        "Sarah's back in town on Saturday",
        "I won't be in on Friday",
        "Confirmed dinner on Saturday",
        "So excited, party on Saturday",
    ],
)
def test_plans_keep_their_days_ahead(text: str) -> None:
    """The weaker signs of the past are for records only: a plan's day stays ahead."""
    today = dt.date(2024, 11, 13)  # a Wednesday
    assert all(day > today.isoformat() for day in _days(text, today)), _days(text, today)


def _days(text: str, today: dt.date, **kw: bool) -> list[str]:
    return [m.value.start.isoformat() for m in find_dates(text, 0, len(text), today, **kw)]


def test_a_past_verb_sends_a_weekday_back() -> None:
    today = dt.date(2026, 1, 19)  # a Monday
    assert _days("Brewed a pale ale on Saturday", today, lean_past=True) == ["2026-01-17"]
    assert _days("I brewed a pale ale on Saturday", today) == ["2026-01-17"]
    assert _days("Dentist on Saturday", today) == ["2026-01-24"]  # no tense: ahead, as before
    assert _days("Dentist on Saturday", today, lean_past=True) == ["2026-01-17"]  # a record of what happened


def test_the_part_of_a_clause_that_holds_the_date_decides() -> None:
    text = "She sat it on the 10th like planned and says she'll never play the Clementi again."
    assert _days(text, dt.date(2026, 6, 22), lean_past=True) == ["2026-06-10"]


def test_a_weekday_in_a_month_is_that_month() -> None:
    cands = find_candidates("Oh, I got that Saturday in May wrong, it was less.", dt.date(2026, 6, 22))
    assert [(c.value, c.month_only) for c in cands.items if c.kind == "date"] == [("2026-05-01", True)]


def test_the_day_before_yesterday() -> None:
    assert _days("1 hour 45 the day before yesterday", dt.date(2026, 6, 1)) == ["2026-05-30"]
