"""Time windows people say about their own records: parts of a month, weeks and weekends, named
weekdays as dates, days of the month said alone, and the start of the year — each the latest such
span unless a year is said (asked on Sunday 28 June 2026)."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.ask.timecues import find_windows

NOW = dt.datetime(2026, 6, 28, 12)


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        ("how far in the first two weeks of june", "2026-06-01", "2026-06-14"),
        ("during the first week of june", "2026-06-01", "2026-06-07"),
        ("the last week of may", "2026-05-25", "2026-05-31"),
        ("in early february", "2026-02-01", "2026-02-10"),
        ("in mid-march", "2026-03-11", "2026-03-20"),
        ("in late may", "2026-05-21", "2026-05-31"),
        ("in the second half of may", "2026-05-16", "2026-05-31"),
        ("at the end of may 2025", "2025-05-21", "2025-05-31"),
        ("last weekend", "2026-06-20", "2026-06-21"),  # said on a Sunday: not the weekend under way
        ("over the past fortnight", "2026-06-15", "2026-06-28"),
        ("over the last couple of weeks", "2026-06-15", "2026-06-28"),
        ("last saturday", "2026-06-27", "2026-06-27"),
        ("last sunday", "2026-06-21", "2026-06-21"),  # today is a Sunday: the one before
        ("how many since monday", "2026-06-22", "2026-06-28"),
        ("what did i weigh on saturday", "2026-06-27", "2026-06-27"),
        ("from friday to sunday", "2026-06-26", "2026-06-28"),
        ("since the start of the year", "2026-01-01", "2026-06-28"),
        ("year to date", "2026-01-01", "2026-06-28"),
        ("since the start of march", "2026-03-01", "2026-06-28"),
        ("from january to the end of march", "2026-01-01", "2026-03-31"),
        ("after the 14th", "2026-06-15", "2999-12-31"),
        ("the 5th to the 11th", "2026-06-05", "2026-06-11"),
        ("on the 30th", "2026-05-30", "2026-05-30"),  # the latest 30th already past
    ],
)
def test_windows(question: str, start: str, end: str) -> None:
    (w,) = find_windows(question, NOW)
    assert (w.start.isoformat(), w.end.isoformat()) == (start, end)


@pytest.mark.parametrize("question", [
    "my average on saturdays", "how often do i run on saturday", "the 3rd time i ran", "my 5th run", "the first week",
])
def test_not_a_date(question: str) -> None:
    assert find_windows(question, NOW) == []
