import datetime as dt

import pytest

from engine.extract.dates import find_dates, find_times

TODAY = dt.date(2024, 11, 12)  # Tuesday


def dates(text: str, today: dt.date = TODAY, **kw: bool) -> list[tuple[str, str | None]]:
    out = []
    for m in find_dates(text, 0, len(text), today, **kw):
        out.append((m.value.start.isoformat(), m.value.end.isoformat() if m.value.end else None))
    return out


@pytest.mark.parametrize(("text", "expected"), [
    ("My passport expires on March 5, 2025", [("2025-03-05", None)]),
    ("on 5 March 2026", [("2026-03-05", None)]),
    ("the 5th of March", [("2025-03-05", None)]),
    ("meeting 2025-01-07", [("2025-01-07", None)]),
    ("we leave on Dec 20", [("2024-12-20", None)]),
])
def test_explicit_dates(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert dates(text) == expected


def test_month_day_order_follows_numbers_above_twelve() -> None:
    assert dates("on 3/25") == [("2025-03-25", None)]
    assert dates("on 25/3") == [("2025-03-25", None)]
    assert dates("on 4/5/2025") == [("2025-04-05", None)]
    assert dates("on 4/5/2025", day_first=True) == [("2025-05-04", None)]


def test_year_rolls_over_for_future_plans_but_not_for_the_past() -> None:
    assert dates("I'm flying to Rome on February 20") == [("2025-02-20", None)]
    assert dates("I flew to Rome on February 20") == [("2024-02-20", None)]
    assert dates("the trip is on December 3") == [("2024-12-03", None)]


@pytest.mark.parametrize(("text", "expected"), [
    ("from the 5th to the 9th", [("2024-12-05", "2024-12-09")]),
    ("March 3-10", [("2025-03-03", "2025-03-10")]),
    ("3 to 10 March 2025", [("2025-03-03", "2025-03-10")]),
    ("from Dec 28 to Jan 3", [("2024-12-28", "2025-01-03")]),
    ("between June 2 and June 9", [("2025-06-02", "2025-06-09")]),
    ("the 14th to the 21st of December", [("2024-12-14", "2024-12-21")]),
    ("March 3 for two weeks", [("2025-03-03", "2025-03-17")]),
])
def test_ranges(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert dates(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("next Tuesday", "2024-11-19"),
    ("on Friday", "2024-11-15"),
    ("this Tuesday", "2024-11-12"),
    ("last Monday", "2024-11-11"),
    ("I saw her on Friday", "2024-11-08"),
    ("tomorrow", "2024-11-13"),
    ("the day after tomorrow", "2024-11-14"),
    ("in two weeks", "2024-11-26"),
    ("in 3 days", "2024-11-15"),
    ("three days ago", "2024-11-09"),
    ("by the end of the month", "2024-11-30"),
    ("on Thursday the 14th", "2024-11-14"),
    ("the dentist moved my cleaning to Thursday", "2024-11-14"),
])
def test_relative_dates_use_the_session_date(text: str, expected: str) -> None:
    got = dates(text)
    assert len(got) == 1 and got[0][0] == expected, got


def test_bare_day_is_the_next_such_day() -> None:
    assert dates("it's on the 5th") == [("2024-12-05", None)]
    assert dates("it's on the 20th") == [("2024-11-20", None)]


def test_different_session_date_moves_the_answer() -> None:
    assert dates("next Tuesday", dt.date(2025, 1, 1)) == [("2025-01-07", None)]


def test_numbers_that_are_not_dates() -> None:
    assert dates("I take 20mg twice a day") == []
    assert dates("it costs 3.50") == []


def test_times() -> None:
    text = "at 3pm, then 10:30am, lunch at 12:15 and noon"
    assert [m.value for m in find_times(text, 0, len(text))] == ["15:00", "10:30", "12:15", "12:00"]
