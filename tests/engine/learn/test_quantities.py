"""Quantities: every number a record may cite, with its unit, and nothing a date or amount took."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from engine.learn.propose import offer
from engine.learn.quantities import convert, find_quantities


def _values(text: str) -> list[tuple[Decimal, str]]:
    return [(q.value, q.unit) for q in find_quantities(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Did 6.2k, took me about 34 minutes.", [(Decimal("6.2"), "km"), (Decimal(34), "min")]),
        ("Weighed myself, 82.4 kg. Last week 182 lbs", [(Decimal("82.4"), "kg"), (Decimal(182), "lb")]),
        ("Swim took 1h10 and half an hour of stretching", [(Decimal(70), "min"), (Decimal(30), "min")]),
        ("Slept seven and a half hours", [(Decimal("7.5"), "h")]),
        ("Read 40 pages and did 10k steps", [(Decimal(40), "pages"), (Decimal(10000), "steps")]),
        ("She scored 3 goals in 1:02:30", [(Decimal(3), "goals"), (Decimal("62.50"), "min")]),
        ("1,500 words and five glasses of water", [(Decimal(1500), "words"), (Decimal(5), "glasses")]),
        ("Four and a half stars, maybe 3.5/5 really.", [(Decimal("4.5"), "/5"), (Decimal("3.5"), "/5")]),
        ("weighed in at 82,4 this morning", [(Decimal("82.4"), "")]),
    ],
)
def test_phrasings(text: str, expected: list[tuple[Decimal, str]]) -> None:
    assert _values(text) == expected


def test_blood_pressure_pair_is_two_readings() -> None:
    qs = find_quantities("BP was 128 over 84, later 121/79.")
    assert [(q.value, q.unit) for q in qs] == [(128, "mmHg"), (84, "mmHg"), (121, "mmHg"), (79, "mmHg")]


def test_years_and_ordinals_are_not_quantities() -> None:
    assert _values("Back in 2019 on the 3rd I started") == []


def test_conversion_only_within_a_dimension() -> None:
    assert convert(Decimal(2), "h", "min") == Decimal(120)
    assert round(convert(Decimal(10), "mi", "km"), 3) == Decimal("16.093")
    assert convert(Decimal(2), "kg", "km") is None


def test_offer_prefers_a_measured_duration_over_a_clock_time_and_a_rating_over_a_date() -> None:
    o = offer("Big session yesterday: 1h10. Rated the book 3.5/5.", dt.date(2026, 2, 8))
    assert [c.value for c in o.dates] == ["2026-02-07"]
    assert o.times == ()
    assert [(q.value, q.unit) for q in o.quantities] == [(70, "min"), (Decimal("3.5"), "/5")]


def test_money_with_a_currency_stays_money() -> None:
    o = offer("Paid £45 for 20.6 gallons", dt.date(2026, 6, 1))
    assert [c.value for c in o.money] == ["45.00"]
    assert [(q.value, q.unit) for q in o.quantities] == [(Decimal("20.6"), "gal")]
