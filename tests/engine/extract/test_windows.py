"""Windows: a date counted from another by a stated period becomes its own candidate."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.extract.reader.candidates import find_candidates
from engine.extract.windows import find_windows

TODAY = dt.date(2026, 4, 14)


def _dates(text: str) -> dict[str, str]:
    return {c.value: c.note for c in find_candidates(text, TODAY).items if c.kind == "date"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My lease ends on June 30 and I have to give two months' notice.", "2026-04-30"),
        ("Notice period is 1 month; the contract ends 2026-09-30.", "2026-08-30"),
        ("The blender came last Tuesday, returns within 30 days of delivery.", "2026-05-07"),
        ("Bought a jacket today, 14 days to return it.", "2026-04-28"),
        ("The flight is on May 3. Remind me 2 days before.", "2026-05-01"),
    ],
)
def test_window_end_is_a_date_candidate(text: str, expected: str) -> None:
    dates = _dates(text)
    assert expected in dates
    assert "before" in dates[expected] or "after" in dates[expected]


def test_a_period_read_from_today_gives_way_to_its_anchor() -> None:
    # "within 30 days" alone is today + 30; counted "of delivery" on a stated day it is not
    dates = _dates("The blender came last Tuesday, returns within 30 days of delivery.")
    assert "2026-05-14" not in dates


def test_a_period_with_nothing_to_count_from_stays_with_the_detectors() -> None:
    assert find_windows("I need to renew it in 30 days.", []) == []
    assert _dates("I need to renew it in 30 days.") == {"2026-05-14": ""}


def test_ids_have_no_gaps_and_notes_follow_them() -> None:
    items = [c for c in find_candidates("Flight on May 3. Remind me 2 days before.", TODAY).items if c.kind == "date"]
    assert [c.id for c in items] == [f"D{i}" for i in range(1, len(items) + 1)]
    assert items[-1].note.endswith("D1")


def test_a_month_period_clamps_to_the_month_end() -> None:
    windows = find_windows("ends Mar 31, one month notice", [(5, 11, dt.date(2026, 3, 31))])
    assert [w.value for w in windows] == [dt.date(2026, 2, 28)]
