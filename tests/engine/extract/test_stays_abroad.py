"""A stay abroad read across messages: a visa is for the country the message goes to, and a moved flight
home moves the end of the trip under way."""

import datetime as dt

from tests.engine.extract.helpers import Log, frame_slots

FIRST = ("Working from Vietnam for a bit in October, Hoi An first. Sorted the e-visa this arvo, single entry, valid "
         "1 October to 30 October. Flights are booked too, into Da Nang on the 1st and out on the 29th back to Melbourne.")


def test_a_visa_is_for_the_one_country_the_message_goes_to() -> None:
    [visa] = frame_slots(FIRST, "TravelDocument", dt.date(2026, 8, 12))
    assert (visa["kind"], visa.get("country"), visa["expires"]) == ("visa", "VN", "2026-10-30")


def test_a_visa_with_two_countries_in_view_is_not_guessed() -> None:
    got = frame_slots("Got the e-visa today, valid 1 to 30 October. Thinking Vietnam, then maybe Thailand.", "TravelDocument",
                      dt.date(2026, 8, 12))
    assert all("country" not in d for d in got)


def test_a_moved_flight_home_moves_the_end_of_the_trip_under_way() -> None:
    log = Log()
    booked = {f.entity_key for f in log.say(FIRST, dt.date(2026, 8, 12)) if f.frame == "Trip" and f.slots.get("start") == "2026-10-01"}
    facts = log.say("Change of plans! A mate is getting married in Hanoi on Nov 4th so I'm staying on. Moved my flight home "
                    "to the 6th of November, Hanoi to Melbourne via Singapore.", dt.date(2026, 9, 14))
    ends = [(f.entity_key, f.slots.get("end")) for f in facts if f.frame == "Trip" and f.slots.get("end")]
    assert len(booked) == 1 and ends == [(booked.pop(), "2026-11-06")]
