"""Commitments no event word names: a booking of anything with one day, and shifts on listed days."""

import datetime as dt

from tests.engine.extract.helpers import frame_slots


def events(text: str, day: dt.date) -> list[dict]:
    return frame_slots(text, "Event", day)


def test_a_booked_haircut_with_its_day_time_and_length() -> None:
    got = events("Booked a cut and colour with Jade at the salon, Friday 5th March at 6pm. Takes about 3 hours with the colour.",
                 dt.date(2027, 2, 27))
    assert [(e["title"], e["start"], e["time"], e["end_time"], e["place"]) for e in got] == [
        ("cut and colour with Jade at the salon", "2027-03-05", "18:00", "21:00", "salon")]


def test_a_table_at_a_named_restaurant_on_the_day_the_sentence_names() -> None:
    got = events("Jake's birthday is Saturday and I got us a reservation at Neptune Oyster in the North End, 8pm!!",
                 dt.date(2026, 5, 20))
    assert [(e["start"], e["time"], e["place"]) for e in got] == [("2026-05-23", "20:00", "Neptune Oyster")]
    assert "Neptune Oyster" in got[0]["title"]


def test_night_shifts_on_listed_days() -> None:
    got = events("March rota is out. I'm on nights the 3rd, 4th and 5th, 19:30 till 08:00, then days off till the 9th.",
                 dt.date(2027, 2, 20))
    assert [(e["title"], e["start"], e["time"], e["end_time"]) for e in got] == [
        ("night shift", f"2027-03-0{d}", "19:30", "08:00") for d in (3, 4, 5)]


def test_wishes_questions_and_other_peoples_bookings_are_not_commitments() -> None:
    day = dt.date(2027, 2, 27)
    assert events("I should book a cut and colour for Friday 5th March at 6pm.", day) == []
    assert events("Should I get a reservation at Neptune Oyster for Saturday at 8pm?", day) == []
    assert events("She booked a cut and colour at the salon, Friday 5th March at 6pm.", day) == []


def test_a_booking_of_travel_is_left_to_the_trip_readers() -> None:
    got = events("Booked a hotel in Leeds for Friday 5th March.", dt.date(2027, 2, 27))
    assert got == []


def test_a_generic_appointment_takes_the_kind_named_in_the_sentence_before() -> None:
    got = events("PT called back! First appointment is next Thursday at 4:15 at the clinic on Elm St.", dt.date(2027, 2, 5))
    assert [(e["title"], e["start"], e["time"]) for e in got] == [("PT appointment", "2027-02-11", "16:15")]


def test_pt_in_lowercase_is_no_appointment_word() -> None:
    got = events("Got to the gym, pt session was brutal. Next appointment is Thursday at 4:15 at the clinic.", dt.date(2027, 2, 5))
    assert all(not e["title"].lower().startswith("pt ") for e in got)


def test_a_rental_car_on_a_flight_trip_is_driving() -> None:
    got = frame_slots("Finally booked it! We fly into Denver on Aug 20 and I rented a minivan from Enterprise at the airport. "
                      "We return the van on the 27th.", "Trip", dt.date(2026, 7, 30))
    assert [(t["destination"], t["transport"], t.get("driving")) for t in got] == [("Denver", "flight", "rented")]


def test_no_car_said_or_a_car_refused_is_no_driving() -> None:
    day = dt.date(2026, 7, 30)
    assert all("driving" not in t for t in frame_slots("We fly into Denver on Aug 20, back on the 27th.", "Trip", day))
    assert all("driving" not in t for t in frame_slots(
        "We fly into Denver on Aug 20, back on the 27th. We won't rent a car, the trains are fine.", "Trip", day))


def test_a_nightly_price_said_after_the_booking_sentence_is_the_trips() -> None:
    got = frame_slots("Booked the first Denver trip, July 20 to 23. Flight was fine, aisle seat, and the hotel is the Maven "
                      "downtown, $215 a night.", "Trip", dt.date(2026, 7, 6))
    assert [(t["cost"], t.get("unit"), t.get("unit_price")) for t in got] == [("215.00", "night", "215.00")]


def test_flying_out_of_a_city_in_another_country_is_where_the_trip_starts() -> None:
    got = frame_slots("Booked a fortnight in the Algarve with my friend Jean. We fly out of Birmingham on the 2nd of May, "
                      "lovely little apartment. Coming back on the 16th.", "Trip", dt.date(2026, 3, 21))
    assert [(t["destination"], t.get("start"), t.get("end")) for t in got] == [("Algarve", "2026-05-02", "2026-05-16")]


def test_a_flight_out_of_a_city_in_the_country_of_the_stay_ends_the_stay_there() -> None:
    got = frame_slots("Change of plans: I pushed my flight out of Hanoi to November 12. Need a new Airbnb near Da Nang.",
                      "Trip", dt.date(2026, 9, 29))
    assert [t["destination"] for t in got] == ["Hanoi"]
