"""A return window counted from delivery: its length kept with the purchase, its last day counted when
a later message says the thing came."""

import datetime as dt

from engine.extract.builders.base import Draft
from engine.extract.builders.deliveries import deliveries, window_lengths
from engine.state import Record
from tests.engine.extract.helpers import frame_slots


def test_a_window_counted_from_delivery_keeps_its_length() -> None:
    got = frame_slots("Ordered a wool coat from the J.Crew sale, 228 bucks. They give you 30 days to return it, counted from "
                      "when it's delivered I think.", "Purchase", dt.date(2026, 11, 2))
    assert [(p["item"], p.get("return_days"), p.get("return_by")) for p in got] == [("wool coat", 30, None)]


def test_a_window_from_the_purchase_day_is_not_a_delivery_window() -> None:
    drafts = [Draft("Purchase", "lamp", {"item": "lamp"}, (0, 10), "me")]
    window_lengths("Bought a lamp. 30 days to return it from the purchase date.", drafts)
    assert "return_days" not in drafts[0].slots


def _coat(**values: object) -> Record:
    return Record("Purchase", "wool coat", "me", "bought", {"item": "wool coat", "return_days": 30, **values})


def test_the_delivery_told_later_starts_the_window() -> None:
    got = deliveries("The coat came yesterday! Not sure about the colour.", dt.date(2026, 11, 6), [_coat()])
    assert [(d.key, d.slots["return_by"]) for d in got] == [("wool coat", "2026-12-05")]


def test_no_delivery_when_it_has_not_come_or_something_else_came() -> None:
    day = dt.date(2026, 11, 6)
    assert deliveries("The coat still hasn't arrived, annoying.", day, [_coat()]) == []
    assert deliveries("The boots came yesterday!", day, [_coat()]) == []
    assert deliveries("The coat came yesterday!", day, [_coat(return_by="2026-12-01")]) == []
