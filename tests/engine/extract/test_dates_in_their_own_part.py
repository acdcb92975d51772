"""Dates read where they sit: the verb of a date's own part of the clause, "Thursday next week",
a bare day after a range, greetings that name a weekday, validity said two sentences on."""

import datetime as dt

from engine.extract.dates import find_dates
from engine.extract.detect import sequenced
from tests.engine.extract.helpers import frame_slots


def starts(text: str, today: dt.date) -> list[str]:
    return [m.value.start.isoformat() for m in find_dates(text, 0, len(text), today)]


def test_a_date_whose_own_verb_is_present_is_ahead_in_a_past_clause() -> None:
    thursday = dt.date(2025, 5, 8)
    assert starts("so I finally signed up, it's on the 18th, 10 till 4 downtown", thursday) == ["2025-05-18"]
    assert starts("Sorted the e-visa, single entry, valid 1 October to 30 October", dt.date(2026, 8, 12)) == ["2026-10-01"]


def test_a_date_without_a_verb_of_its_own_keeps_the_clause_tense() -> None:
    assert starts("I went to the dentist, on the 3rd", dt.date(2025, 5, 8)) == ["2025-05-03"]
    assert starts("We signed the lease, it was on the 18th", dt.date(2025, 5, 8)) == ["2025-04-18"]


def test_weekday_next_week_is_that_weeks_day() -> None:
    tuesday = dt.date(2025, 7, 1)
    assert starts("Thursday next week at 9:30 with Dr Haddad", tuesday) == ["2025-07-10"]
    assert starts("Friday this week works", tuesday) == ["2025-07-04"]
    assert starts("Thursday at 9:30", tuesday) == ["2025-07-03"]


def test_happy_friday_is_a_greeting_not_a_date() -> None:
    text = "Happy Friday. There's a mandatory team offsite on the 10th, 9 till 12 at the hotel."
    seq = sequenced(text, dt.date(2025, 7, 4))
    assert [v.start.isoformat() for v in seq.values()] == ["2025-07-10"]


def test_bare_days_after_a_range_count_from_its_first_day() -> None:
    text = ("Sorted the e-visa, single entry, valid 1 October to 30 October. "
            "Flights are booked too, into Da Nang on the 1st and out on the 29th.")
    seq = sequenced(text, dt.date(2026, 8, 12))
    assert [v.start.isoformat() for v in seq.values()] == ["2026-10-01", "2026-10-01", "2026-10-29"]


def test_validity_two_sentences_after_the_document() -> None:
    got = frame_slots("New passport came today!! Way faster than they said. It's valid until April 2036.",
                      "TravelDocument", dt.date(2026, 4, 15))
    assert got and got[0]["expires"] == "2036-04-30"


def test_a_dated_sentence_after_a_booking_is_titled_by_what_was_booked() -> None:
    got = frame_slots("Finally booked the dentist, it's been two years. Thursday next week at 9:30 with Dr Haddad "
                      "at the clinic. Just a checkup hopefully.", "Event", dt.date(2025, 7, 1))
    assert [(e["start"], e["time"]) for e in got] == [("2025-07-10", "09:30")]
    assert got[0]["title"].startswith("dentist")


def test_the_booked_words_lead_a_generic_title_of_the_next_sentences_event() -> None:
    got = frame_slots("Finally booked the dentist. Thursday next week at 9:30 at the clinic on Queen St. Just a checkup.",
                      "Event", dt.date(2025, 7, 1))
    assert [(e["title"], e["start"]) for e in got] == [("dentist checkup", "2025-07-10")]


def test_a_trip_in_the_next_sentence_is_not_the_booked_appointment() -> None:
    assert frame_slots("Booked the dentist. Flying to Rome on the 10th.", "Event", dt.date(2025, 7, 1)) == []


def test_a_bare_day_does_not_count_on_from_a_relative_day() -> None:
    text = "Got my blood test results back from the GP this morning, the bloods were taken on the 13th."
    seq = sequenced(text, dt.date(2026, 1, 20))
    assert [v.start.isoformat() for v in seq.values()] == ["2026-01-20", "2026-01-13"]


def test_a_bare_day_counts_on_from_a_holiday_and_from_a_time_ahead() -> None:
    seq = sequenced("Off to my sister's on Christmas Eve, back home on the 2nd.", dt.date(2025, 11, 28))
    assert [v.start.isoformat() for v in seq.values()] == ["2025-12-24", "2026-01-02"]
    seq = sequenced("Flying out in two weeks, back on the 28th.", dt.date(2026, 1, 25))
    assert [v.start.isoformat() for v in seq.values()] == ["2026-02-08", "2026-02-28"]
