"""A trip's dates, departure time and fare said in the sentences after the booking fill the trip."""

from __future__ import annotations

import datetime as dt

from tests.engine.extract.helpers import Log


def test_dates_time_and_fare_after_the_booking_sentence() -> None:
    text = ("Booked flights for the Chicago conference, yay. It's July 9-11. Got a great fare on United, $212 round trip, "
            "leaves at 6:15am on the 9th so I'll make the keynote. Coming back the 11th at 4pm. Any deep dish places?")
    facts = Log().say(text, dt.date(2026, 6, 25))
    [trip] = [f for f in facts if f.frame == "Trip"]
    assert {k: trip.slots.get(k) for k in ("destination", "start", "end", "departs", "cost", "transport")} == {
        "destination": "Chicago", "start": "2026-07-09", "end": "2026-07-11", "departs": "06:15", "cost": "212.00",
        "transport": "flight"}
    assert not [f for f in facts if f.frame == "Purchase"], "the fare is the trip's cost, not a purchase of its own"


def test_a_later_sentence_with_its_own_event_keeps_its_date() -> None:
    text = "Booked a trip to Denver. The dentist is on July 2 at 10am."
    facts = Log().say(text, dt.date(2026, 6, 25))
    [trip] = [f for f in facts if f.frame == "Trip"]
    assert "start" not in trip.slots
