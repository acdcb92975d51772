"""A message is read as a whole: a bare day follows the date before it, and a clause that only adds
dates or details continues the record before it, even with a person named in between."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.extract.detect import sequenced
from engine.log import NewFact
from tests.engine.extract.helpers import Log


def _facts(text: str, today: str, frame: str) -> list[NewFact]:
    return [f for f in Log().say(text, dt.date.fromisoformat(today)) if f.frame == frame]


def test_a_bare_day_after_a_date_is_read_after_that_date() -> None:
    text = "We leave on June 20 and we're home the 4th, then the dentist on the 9th."
    days = sorted((start, v.start.isoformat()) for (start, _end), v in sequenced(text, dt.date(2026, 5, 2)).items())
    assert [d for _s, d in days] == ["2026-06-20", "2026-07-04", "2026-07-09"]


@pytest.mark.parametrize(("text", "start", "end"), [
    ("Booked the Oslo trip with my brother Tomas! We fly out on 12 September and come back the 19th.",
     "2026-09-12", "2026-09-19"),
    ("Finally booked Vienna with my friend Ida. Flying out October 2, back on the 8th.", "2026-10-02", "2026-10-08"),
])
def test_trip_dates_in_the_next_sentence_complete_the_trip(text: str, start: str, end: str) -> None:
    trips = _facts(text, "2026-08-01", "Trip")
    assert len(trips) == 1
    assert (str(trips[0].slots.get("start")), str(trips[0].slots.get("end"))) == (start, end)


def test_a_return_before_the_departure_is_not_taken() -> None:
    trips = _facts("Booked Oslo. Back on September 2 and out on September 12.", "2026-08-01", "Trip")
    assert len(trips) == 1 and not ({"start", "end"} <= set(trips[0].slots))


@pytest.mark.parametrize(("text", "frame", "subject"), [
    ("Filling out the school health form for Theo tonight. He's allergic to sulfa drugs.", "Allergy", "theo"),
    ("Lily's allergist called. It was hives, so mild-ish. She's also starting Zyrtec, 5 mg once a day.",
     "Medication", "lily"),
    ("Dr. Okafor lowered my methotrexate to 10 mg weekly. He also added folic acid, 1 mg daily.", "Medication", "me"),
    ("Dad's checkup is at St. Mary's on Thursday. Also he's starting apixaban today, 5 mg twice a day.",
     "Medication", "father"),
])
def test_he_or_she_is_the_person_named_before_and_a_clinician_acts_for_the_patient(text: str, frame: str,
                                                                                 subject: str) -> None:
    facts = _facts(text, "2026-04-06", frame)
    assert facts and {f.subject for f in facts} == {subject}


def test_he_or_she_with_nobody_named_is_never_the_user() -> None:
    facts = _facts("Met a guy at the climbing gym today. He's allergic to peanuts, apparently.", "2026-04-06", "Allergy")
    assert facts and all(f.subject != "me" for f in facts)


def test_a_date_keeps_the_tense_of_its_own_clause() -> None:
    text = "Booked it, going this summer! We land in Bangkok on July 1. Flights were $780 round trip."
    trips = _facts(text, "2026-04-02", "Trip")
    assert trips and str(trips[0].slots.get("start")) == "2026-07-01"  # a later past-tense sentence changes nothing


def test_a_bare_day_set_against_a_date_is_not_a_later_step() -> None:
    text = "Wait, her birthday is April 12, not the 2nd."
    values = sorted(v.start.isoformat() for v in sequenced(text, dt.date(2025, 3, 13)).values())
    assert values == ["2025-04-02", "2025-04-12"]
