"""Clauses with a place and dates but no trigger word: a date range makes a trip, a residence does not."""

import pytest

from .helpers import Log, only


@pytest.mark.parametrize("text, start, end", [
    ("Vienna with my sister, 12 to 15 June", "2025-06-12", "2025-06-15"),
    ("Kyoto 3-10 april, just the two of us", "2025-04-03", "2025-04-10"),
])
def test_a_place_with_a_date_range_is_a_trip(text: str, start: str, end: str) -> None:
    trip = only(Log().say(text), "Trip")
    assert (trip.slots["start"], trip.slots["end"]) == (start, end)


def test_where_someone_lived_is_not_a_trip() -> None:
    facts = Log().say("I lived in Porto from 2015 to 2019, loved it")
    assert not [f for f in facts if f.frame == "Trip"]
