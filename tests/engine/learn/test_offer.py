"""What the learning step offers the model to cite (engine/learn/propose.py: offer)."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.learn.propose import offer

DAY = dt.date(2026, 9, 22)


@pytest.mark.parametrize(("text", "notes"), [
    ("I charged her thirty quid an hour so that's £45.", [("thirty quid", "per hour"), ("£45", "")]),
    ("Tickets were £12 each, I bought two.", [("£12", "each")]),
    ("Aunt Bernie donated £25 a week ago, bless her.", [("£25", "")]),
])
def test_an_amount_said_as_a_rate_says_so_to_the_model(text: str, notes: list[tuple[str, str]]) -> None:
    assert [(c.surface, c.note) for c in offer(text, DAY, records=True).money] == notes


def test_a_stretch_of_the_clock_is_offered_in_place_of_its_clock_times() -> None:
    o = offer("Maria did Wednesday night for us, six till half eleven. I paid her £66.", DAY, records=True)
    assert [(q.surface, q.value, q.unit) for q in o.quantities] == [("six till half eleven", 5.5, "h")]
    assert not o.times
