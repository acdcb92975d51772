"""A purchase told by pronoun takes its item from an earlier sentence, and its return window from the message."""

from __future__ import annotations

import datetime as dt

from engine.extract.builders.bought_it import bought_it


def test_the_thing_named_before_and_the_window_counted_from_delivery() -> None:
    text = ("The standing desk finally showed up yesterday after three delivery reschedules. Assembled it myself last night. "
            "Got it from Deskly for $489, they do 30-day returns from delivery if anything's off.")
    [d] = bought_it(text, dt.date(2026, 3, 2), [])
    assert {k: d.slots.get(k) for k in ("item", "vendor", "amount", "return_by", "date", "category")} == {
        "item": "standing desk", "vendor": "Deskly", "amount": "489.00", "return_by": "2026-03-31", "date": "2026-03-01",
        "category": "home"}


def test_no_purchase_when_nothing_bought_was_named() -> None:
    assert bought_it("We had a lovely weekend. Got it from Grandma for my birthday, so sweet.", dt.date(2026, 3, 2), []) == []
