"""The travel documents pack, end to end: log -> checkpoint -> sandboxed rule run."""

from __future__ import annotations

import datetime as dt

PASSPORT = "travel_documents.passport_validity"
VISA = "travel_documents.visa_validity"
NOW = dt.datetime(2025, 1, 12, 9, 0)


def _alerts(world, now=NOW, rule=PASSPORT):
    world.checkpoint()
    run = world.rules(now)
    assert run.problems == []
    return [a for a in run.alerts if a.rule == rule]


def test_passport_expiring_inside_the_stay_window_warns_with_dates_trip_and_reason(world) -> None:
    trip = world.say("Trip", "jp", {"country": "JP", "destination": "Tokyo", "start": "2025-02-20"})
    doc = world.say("TravelDocument", "passport", {"kind": "passport", "expires": "2025-03-05"})
    (a,) = _alerts(world)
    assert a.severity == "warning"
    assert a.message.startswith(
        "Passport expires 2025-03-05, 13 days after the 2025-02-20 departure to Japan "
        "(JP requires validity for the stay"
    )
    assert a.evidence == (trip, doc)
    assert a.key == f"{PASSPORT}:{trip},{doc}"


def test_expiry_before_the_trip_is_critical(world) -> None:
    world.say("Trip", "jp", {"country": "JP", "start": "2025-02-20", "end": "2025-03-01"})
    world.say("TravelDocument", "passport", {"kind": "passport", "expires": "2025-02-10"})
    (a,) = _alerts(world)
    assert a.severity == "critical"
    assert "expires 2025-02-10, 10 days before the 2025-02-20 departure to Japan" in a.message


def test_expiry_during_the_trip_is_critical(world) -> None:
    world.say("Trip", "us", {"country": "US", "start": "2025-02-20", "end": "2025-03-10"})
    world.say("TravelDocument", "passport", {"kind": "passport", "expires": "2025-03-01"})
    (a,) = _alerts(world)
    assert a.severity == "critical" and "before the 2025-03-10 return" in a.message


def test_schengen_needs_three_months_beyond_departure(world) -> None:
    world.say("Trip", "fr", {"country": "FR", "start": "2025-06-01", "end": "2025-06-10"})
    world.say("TravelDocument", "passport", {"kind": "passport", "expires": "2025-09-01"})
    (a,) = _alerts(world)
    assert a.severity == "warning" and "Schengen" in a.message and "France" in a.message
    world.say("TravelDocument", "passport", {"kind": "passport", "expires": "2025-09-11"})
    assert _alerts(world) == []


def test_thailand_needs_six_months_from_arrival(world) -> None:
    world.say("Trip", "th", {"country": "TH", "start": "2025-03-01", "end": "2025-03-05"})
    world.say("TravelDocument", "passport", {"kind": "passport", "expires": "2025-08-20"})
    (a,) = _alerts(world)
    assert "6 months of validity from arrival" in a.message
    world.say("TravelDocument", "passport", {"kind": "passport", "expires": "2025-09-01"})
    assert _alerts(world) == []


def test_no_alert_for_cancelled_or_past_trips_or_a_renewed_passport(world) -> None:
    world.say("Trip", "jp", {"country": "JP", "start": "2025-02-20"})
    world.say("TravelDocument", "passport", {"kind": "passport", "expires": "2025-03-05"})
    assert len(_alerts(world)) == 1
    assert _alerts(world, now=dt.datetime(2025, 2, 21)) == []  # the trip has started
    world.say("Trip", "jp", {}, op="cancel")
    assert _alerts(world) == []


def test_no_alert_before_the_trip_is_known(world) -> None:
    world.say("TravelDocument", "passport", {"kind": "passport", "expires": "2025-03-05"})
    world.say("Trip", "jp", {"country": "JP", "start": "2025-02-20"}, on=dt.date(2025, 1, 20))
    assert _alerts(world, now=dt.datetime(2025, 1, 15)) == []
    assert len(_alerts(world, now=dt.datetime(2025, 1, 20, 8))) == 1


def test_the_key_is_stable_when_unrelated_details_are_added(world) -> None:
    world.say("Trip", "jp", {"country": "JP", "start": "2025-02-20"})
    world.say("TravelDocument", "passport", {"kind": "passport", "expires": "2025-03-05"})
    (first,) = _alerts(world)
    world.say("Trip", "jp", {"purpose": "leisure", "carrier": "ANA"})
    (second,) = _alerts(world)
    assert first.key == second.key
    fix = world.say("Trip", "jp", {"start": "2025-02-22"})
    (third,) = _alerts(world)
    assert third.key != first.key and fix in third.evidence


def test_someone_elses_passport_is_checked_against_their_trip(world) -> None:
    world.say("Trip", "jp", {"country": "JP", "start": "2025-02-20"}, subject="Emma")
    world.say("TravelDocument", "passport", {"kind": "passport", "expires": "2025-02-01"}, subject="Emma")
    world.say("TravelDocument", "passport", {"kind": "passport", "expires": "2030-01-01"})
    (a,) = _alerts(world)
    assert a.message.startswith("Emma's passport expires 2025-02-01")


def test_a_visa_ending_during_the_trip_is_critical(world) -> None:
    world.say("Trip", "in", {"country": "IN", "start": "2025-03-01", "end": "2025-03-20"})
    world.say("TravelDocument", "visa-in", {"kind": "visa", "country": "IN", "expires": "2025-03-15"})
    (a,) = _alerts(world, rule=VISA)
    assert a.severity == "critical" and "expires 2025-03-15" in a.message and "India" in a.message


LOST = "travel_documents.passport_lost"


def test_a_lost_passport_blocks_the_next_trip_until_a_valid_one_is_recorded(world) -> None:
    trip = world.say("Trip", "ae", {"country": "AE", "destination": "Dubai", "start": "2025-02-12"})
    lost = world.say("TravelDocument", "passport:", {"kind": "passport", "status": "lost"})
    (a,) = _alerts(world, rule=LOST)
    assert a.severity == "critical" and "lost" in a.message and "2025-02-12" in a.message
    assert set(a.evidence) >= {trip, lost}
    world.say("TravelDocument", "passport:", {"kind": "passport", "status": "valid", "expires": "2035-01-01"},
              supersedes=(lost,))
    assert _alerts(world, rule=LOST) == []


def test_someone_elses_lost_passport_does_not_block_my_trip(world) -> None:
    world.say("Trip", "ae", {"country": "AE", "start": "2025-02-12"})
    world.say("TravelDocument", "passport:", {"kind": "passport", "status": "lost"}, subject="leo")
    assert _alerts(world, rule=LOST) == []
