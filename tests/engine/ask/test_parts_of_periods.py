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


@pytest.mark.parametrize(
    ("now", "question", "start", "end"),
    [
        ((2026, 6, 8), "how much rain from the 5th to the 11th", "2026-06-05", "2026-06-11"),  # one span, begun by today
        ((2026, 6, 2), "from the 28th to the 3rd", "2026-05-28", "2026-06-03"),
        ((2026, 12, 30), "from the 28th to the 3rd", "2026-12-28", "2027-01-03"),
        ((2026, 6, 28), "the 1st-3rd", "2026-06-01", "2026-06-03"),
        ((2026, 6, 10), "late june", "2025-06-21", "2025-06-30"),  # a part still to come is last year's
        ((2026, 6, 10), "the last week of june", "2025-06-24", "2025-06-30"),
        ((2026, 6, 28), "what did i weigh by the end of march", "2026-03-01", "2026-03-31"),
        ((2026, 6, 24), "how many runs till saturday", "1900-01-01", "2026-06-20"),
        ((2026, 6, 28), "last monday to friday", "2026-06-22", "2026-06-26"),
    ],
)
def test_near_misses_read_right(now: tuple[int, int, int], question: str, start: str, end: str) -> None:
    (w,) = find_windows(question, dt.datetime(*now, 12))
    assert (w.start.isoformat(), w.end.isoformat()) == (start, end)


@pytest.mark.parametrize("question", [
    "the 2nd to last time i ran", "was the 3rd or the 4th run longer", "what did i weigh at the start of the year",
    "my average step count monday to friday", "what was my average distance on saturday",
])
def test_ordinals_and_weekdays_that_are_not_one_span(question: str) -> None:
    assert find_windows(question, NOW) == []
