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
        "Passport expires 2025-03-05, 13 days after the 2025-02-20 departure to Tokyo, Japan "
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


ENTRIES = "travel_documents.visa_entries"
LICENCE = "travel_documents.licence_validity"
STAY = "travel_documents.schengen_90_180"


def test_a_visa_that_starts_after_arrival_is_critical(world) -> None:
    world.say("TravelDocument", "visa:CN", {"kind": "visa", "country": "CN", "issued": "2025-09-01", "expires": "2025-11-30"})
    world.say("Trip", "CN", {"country": "CN", "destination": "Shanghai", "start": "2025-08-25", "end": "2025-09-05"})
    (a,) = _alerts(world, rule=VISA)
    assert a.severity == "critical" and "valid from 2025-09-01" in a.message and "2025-08-25" in a.message
    assert "Shanghai" in a.message


def test_a_single_entry_visa_used_twice_around_a_side_trip(world) -> None:
    world.say("TravelDocument", "visa:VN", {"kind": "visa", "country": "VN", "entries": "single",
                                            "issued": "2025-04-01", "expires": "2025-04-30"})
    world.say("Trip", "VN:hanoi", {"country": "VN", "destination": "Hanoi", "start": "2025-04-02", "end": "2025-04-09"})
    world.say("Trip", "TH", {"country": "TH", "destination": "Bangkok", "start": "2025-04-09", "end": "2025-04-12"})
    assert _alerts(world, rule=ENTRIES) == []  # one entry so far
    world.say("Trip", "VN:hcmc", {"country": "VN", "destination": "Ho Chi Minh City", "start": "2025-04-12", "end": "2025-04-20"})
    (a,) = _alerts(world, rule=ENTRIES)
    assert "single" in a.message and "Vietnam" in a.message and "2 times" in a.message


def test_a_side_trip_out_of_the_middle_of_one_stay_is_a_second_entry(world) -> None:
    world.say("TravelDocument", "visa:CN", {"kind": "visa", "country": "CN", "entries": "single", "expires": "2026-12-31"})
    world.say("Trip", "CN", {"country": "CN", "destination": "Shanghai", "start": "2026-09-14", "end": "2026-10-02"})
    assert _alerts(world, rule=ENTRIES) == []
    world.say("Trip", "HK", {"country": "HK", "destination": "Hong Kong", "start": "2026-09-24", "end": "2026-09-25"})
    (a,) = _alerts(world, rule=ENTRIES)
    assert "single" in a.message and "2 times" in a.message and "Hong Kong" in a.message


def test_back_to_back_legs_away_are_one_excursion(world) -> None:
    world.say("TravelDocument", "visa:CN", {"kind": "visa", "country": "CN", "entries": "double", "expires": "2026-12-31"})
    world.say("Trip", "CN", {"country": "CN", "destination": "Shanghai", "start": "2026-09-14", "end": "2026-10-02"})
    world.say("Trip", "CN2", {"country": "CN", "destination": "Beijing", "start": "2026-10-02", "end": "2026-10-06"})
    world.say("Trip", "HK", {"country": "HK", "destination": "Hong Kong", "start": "2026-09-20", "end": "2026-09-22"})
    world.say("Trip", "MO", {"country": "MO", "destination": "Macau", "start": "2026-09-22", "end": "2026-09-24"})
    assert _alerts(world, rule=ENTRIES) == []  # in, out to Hong Kong and Macau, back in once, then straight on: two entries


def test_consecutive_stops_in_one_country_are_one_entry(world) -> None:
    world.say("TravelDocument", "visa:VN", {"kind": "visa", "country": "VN", "entries": "single", "expires": "2025-04-30"})
    world.say("Trip", "VN:hanoi", {"country": "VN", "destination": "Hanoi", "start": "2025-04-02", "end": "2025-04-09"})
    world.say("Trip", "VN:hue", {"country": "VN", "destination": "Hue", "start": "2025-04-09", "end": "2025-04-12"})
    assert _alerts(world, rule=ENTRIES) == []


def test_a_licence_ending_during_a_road_trip(world) -> None:
    world.say("TravelDocument", "licence:", {"kind": "licence", "expires": "2025-05-03"})
    world.say("Trip", "GB", {"country": "GB", "destination": "Scotland", "start": "2025-04-28", "end": "2025-05-08",
                             "transport": "car"})
    (a,) = _alerts(world, rule=LICENCE)
    assert "2025-05-03" in a.message and "Scotland" in a.message
    world.say("Trip", "GB", {"transport": "train"})
    assert _alerts(world, rule=LICENCE) == []


def test_a_licence_ending_before_a_flight_trip_with_a_rental_car(world) -> None:
    world.say("TravelDocument", "licence:", {"kind": "licence", "expires": "2026-08-14"})
    world.say("Trip", "US", {"country": "US", "destination": "Denver", "start": "2026-08-20", "end": "2026-08-27",
                             "transport": "flight"})
    assert _alerts(world, rule=LICENCE) == []  # flying there says nothing about driving
    world.say("Trip", "US", {"driving": "rented"})
    (a,) = _alerts(world, rule=LICENCE)
    assert "rental car" in a.title and "2026-08-14" in a.message and "Denver" in a.message


def test_schengen_90_in_180_counts_every_stay_for_a_visa_free_visitor(world) -> None:
    world.say("TravelDocument", "passport:CA", {"kind": "passport", "country": "CA", "expires": "2030-01-01"})
    world.say("Trip", "FR", {"country": "FR", "start": "2025-02-01", "end": "2025-03-31"})  # 59 days
    world.say("Trip", "ES", {"country": "ES", "start": "2025-05-10", "end": "2025-06-15"})  # 37 days
    (a,) = _alerts(world, rule=STAY)
    assert "96 days" in a.message and "90" in a.message and "Spain" in a.message


def test_schengen_limit_not_for_short_stays_eu_passports_or_unknown_nationality(world) -> None:
    world.say("Trip", "FR", {"country": "FR", "start": "2025-02-01", "end": "2025-03-31"})
    world.say("Trip", "ES", {"country": "ES", "start": "2025-05-10", "end": "2025-06-15"})
    assert _alerts(world, rule=STAY) == []  # nationality unknown: no guess
    world.say("TravelDocument", "passport:IE", {"kind": "passport", "country": "IE", "expires": "2030-01-01"})
    assert _alerts(world, rule=STAY) == []  # EU citizens move freely
    world.say("TravelDocument", "passport:IE", {"country": "CA"})
    world.say("Trip", "FR", {"end": "2025-03-15"})  # 43 + 37 = 80 days
    assert _alerts(world, rule=STAY) == []


def test_a_schengen_visa_covers_every_member_country(world) -> None:
    world.say("TravelDocument", "visa:EU", {"kind": "visa", "country": "EU", "expires": "2025-03-05"})
    world.say("Trip", "IT", {"country": "IT", "destination": "Rome", "start": "2025-03-01", "end": "2025-03-10"})
    (a,) = _alerts(world, rule=VISA)
    assert "expires 2025-03-05" in a.message and "Rome" in a.message


def test_a_childs_passport_on_a_family_trip(world) -> None:
    world.say("Trip", "HR", {"country": "HR", "destination": "Croatia", "start": "2025-08-02", "end": "2025-08-16", "purpose": "family"})
    world.say("TravelDocument", "passport:", {"kind": "passport", "expires": "2025-08-10"}, subject="leo")
    (a,) = _alerts(world)
    assert a.message.startswith("Leo's passport expires 2025-08-10")


def test_no_companions_on_a_trip_that_is_not_a_family_one_or_for_a_colleague(world) -> None:
    world.say("Trip", "HR", {"country": "HR", "start": "2025-08-02", "end": "2025-08-16"})
    world.say("TravelDocument", "passport:", {"kind": "passport", "expires": "2025-08-10"}, subject="leo")
    assert _alerts(world) == []
    world.say("Trip", "HR", {"purpose": "family"})
    world.say("Person", "pete", {"name": "Pete", "relation": "colleague"})
    world.say("TravelDocument", "passport:", {"kind": "passport", "expires": "2025-08-10"}, subject="pete")
    assert [a.message.split("'")[0] for a in _alerts(world)] == ["Leo"]
