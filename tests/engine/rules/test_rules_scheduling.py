"""Scheduling pack: overlapping commitments and appointments during a trip."""

from __future__ import annotations

import datetime as dt

OVERLAP = "scheduling.overlap"
TRIP = "scheduling.during_trip"


def _run(world, rule: str, now: dt.datetime):
    world.checkpoint()
    run = world.rules(now)
    assert run.problems == []
    return [a for a in run.alerts if a.rule == rule]


def test_overlapping_times_across_sessions(world) -> None:
    dentist = world.say("Event", "dentist", {"title": "Dentist", "start": "2025-03-06", "time": "14:00"},
                        on=dt.date(2025, 3, 3))
    call = world.say("Event", "call", {"title": "Client call", "start": "2025-03-06", "time": "2 to 3pm"},
                     on=dt.date(2025, 3, 4))
    (a,) = _run(world, OVERLAP, dt.datetime(2025, 3, 4, 12))
    assert a.evidence == (dentist, call) and a.severity == "warning"
    assert a.title == "Double-booked on 2025-03-06: Dentist and Client call"
    assert a.message.startswith("Client call on 2025-03-06 14:00–15:00 overlaps Dentist on 2025-03-06 at 14:00")


def test_default_one_hour_and_all_day(world) -> None:
    world.say("Event", "book", {"title": "book club", "start": "2025-07-10", "time": "19:30"})
    world.say("Event", "dinner", {"title": "Dinner with Priya", "start": "2025-07-10", "time": "20:00"})
    world.say("Event", "offsite", {"title": "Team offsite", "place": "Lisbon", "start": "2025-07-14", "end": "2025-07-16"})
    world.say("Event", "cardio", {"title": "cardiology follow-up", "start": "2025-07-15", "time": "10:00"})
    alerts = _run(world, OVERLAP, dt.datetime(2025, 7, 1))
    titles = sorted(a.title for a in alerts)
    assert titles == ["Double-booked on 2025-07-10: book club and Dinner with Priya",
                      "Double-booked on 2025-07-15: cardiology follow-up and Team offsite"]
    assert any("a 60-minute length is assumed" in a.message for a in alerts)


def test_overlap_near_misses(world) -> None:
    world.say("Event", "dentist", {"title": "Dentist", "start": "2025-03-06", "time": "09:00"})
    world.say("Event", "lunch", {"title": "lunch with Priya", "start": "2025-03-06", "time": "12:30"})
    world.say("Event", "coffee", {"title": "coffee", "start": "2025-03-06"})  # no time: unknown, not compared
    world.say("Event", "derm", {"title": "dermatologist", "start": "2025-03-20", "time": "14:40"})
    world.say("Event", "colon", {"title": "colonoscopy", "start": "2025-03-20", "time": "14:40"}, subject="husband")
    world.say("Event", "a", {"title": "call A", "start": "2025-03-21", "time": "14:00"})
    world.say("Event", "b", {"title": "call B", "start": "2025-03-21", "time": "15:00"})  # back to back
    world.say("Event", "c", {"title": "call C", "start": "2025-03-22", "time": "15:00"})
    world.say("Event", "d", {"title": "call D", "start": "2025-03-22", "time": "15:30"})
    world.say("Event", "d", {"status": "cancelled"})
    world.say("Event", "old1", {"title": "old one", "start": "2025-03-01", "time": "10:00"})
    world.say("Event", "old2", {"title": "old two", "start": "2025-03-01", "time": "10:00"})
    assert _run(world, OVERLAP, dt.datetime(2025, 3, 4)) == []


def test_appointment_during_a_trip(world) -> None:
    mri = world.say("Event", "mri", {"title": "MRI", "start": "2025-09-03", "time": "07:45", "kind": "appointment"},
                    on=dt.date(2025, 8, 20))
    trip = world.say("Trip", "athens", {"destination": "Athens", "country": "GR", "start": "2025-09-01",
                                        "end": "2025-09-07"}, on=dt.date(2025, 8, 22))
    (a,) = _run(world, TRIP, dt.datetime(2025, 8, 22, 12))
    assert a.evidence == (mri, trip)
    assert a.title == "MRI on 2025-09-03 clashes with the trip to Athens"
    assert a.message.startswith("MRI on 2025-09-03 at 07:45 falls during your trip to Athens (2025-09-01 to 2025-09-07).")


def test_an_event_on_the_departure_day(world) -> None:
    world.say("Event", "party", {"title": "Company Christmas party", "start": "2025-12-19", "time": "19:00",
                                 "place": "The Ivy"})
    world.say("Trip", "toronto", {"destination": "Toronto", "start": "2025-12-19", "end": "2025-12-28"})
    (a,) = _run(world, TRIP, dt.datetime(2025, 12, 10))
    assert "the day you leave for Toronto" in a.message


def test_trip_near_misses(world) -> None:
    world.say("Trip", "athens", {"destination": "Athens", "start": "2025-09-01", "end": "2025-09-07"})
    world.say("Trip", "athens", {"start": "2025-09-10", "end": "2025-09-16"})  # moved
    world.say("Event", "mri", {"title": "MRI", "start": "2025-09-03", "time": "07:45"})
    world.say("Trip", "nyc", {"destination": "New York", "start": "2025-08-14", "end": "2025-08-17"})
    world.say("Event", "dentist", {"title": "dentist", "start": "2025-08-18", "time": "10:00"})
    world.say("Event", "client", {"title": "client meeting", "place": "New York", "start": "2025-08-15"})
    world.say("Trip", "rome", {"destination": "Rome", "start": "2025-10-01", "end": "2025-10-05"})
    world.say("Trip", "rome", {"status": "cancelled"})
    world.say("Event", "gp", {"title": "GP", "start": "2025-10-02"})
    world.say("Event", "emma", {"title": "Emma's recital", "start": "2025-09-12"}, subject="Emma")
    assert _run(world, TRIP, dt.datetime(2025, 8, 1)) == []


TRIPS = "scheduling.trips_overlap"


def test_two_trips_abroad_that_share_nights(world) -> None:
    lisbon = world.say("Trip", "lisbon", {"destination": "Lisbon", "country": "PT", "start": "2025-05-03", "end": "2025-05-10"},
                       on=dt.date(2025, 2, 1))
    tokyo = world.say("Trip", "tokyo", {"destination": "Tokyo", "country": "JP", "start": "2025-05-08", "end": "2025-05-15"},
                      on=dt.date(2025, 3, 1))
    (a,) = _run(world, TRIPS, dt.datetime(2025, 3, 1, 12))
    assert a.title == "Trips to Lisbon and Tokyo overlap" and a.severity == "warning"
    assert "cannot be in both from 2025-05-08 to 2025-05-10" in a.message
    assert set(a.evidence) == {lisbon, tokyo}


def test_trips_that_do_not_clash(world) -> None:
    # home the day the next trip leaves; legs inside one country; a country unknown; a day trip; someone else
    world.say("Trip", "rome", {"destination": "Rome", "country": "IT", "start": "2025-06-01", "end": "2025-06-05"})
    world.say("Trip", "berlin", {"destination": "Berlin", "country": "DE", "start": "2025-06-05", "end": "2025-06-09"})
    world.say("Trip", "milan", {"destination": "Milan", "country": "IT", "start": "2025-06-03", "end": "2025-06-04"})
    world.say("Trip", "europe", {"destination": "Europe", "start": "2025-06-01", "end": "2025-06-20"})
    world.say("Trip", "vienna", {"destination": "Vienna", "country": "AT", "start": "2025-06-07"})
    world.say("Trip", "oslo", {"destination": "Oslo", "country": "NO", "start": "2025-06-02", "end": "2025-06-06"}, subject="Ana")
    world.say("Trip", "paris", {"destination": "Paris", "country": "FR", "start": "2025-06-02", "end": "2025-06-04",
                                "status": "cancelled"})
    assert _run(world, TRIPS, dt.datetime(2025, 5, 1)) == []
