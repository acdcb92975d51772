"""Calendar phrasing classes: how different people say when things happen and what is due.

Each test is a class of phrasing (holidays, spoken times, scheduling verbs that sound past, deadline
idioms, near misses), asserted on typed slots so a regression shows which class broke.
"""

from __future__ import annotations

import datetime as dt

import pytest

from engine.extract.dates import find_dates, find_times
from engine.log import NewFact
from tests.engine.extract.helpers import Log


def _dates(text: str, today: dt.date) -> list[tuple[str, str | None]]:
    return [(m.value.start.isoformat(), m.value.end.isoformat() if m.value.end else None)
            for m in find_dates(text, 0, len(text), today)]


def _times(text: str) -> list[str]:
    return [str(m.value) for m in find_times(text, 0, len(text))]


def _facts(text: str, today: str, frame: str) -> list[NewFact]:
    return [f for f in Log().say(text, dt.date.fromisoformat(today)) if f.frame == frame]


# -- named days ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "today", "expected"), [
    ("Christmas Eve dinner at mum's", "2025-12-01", "2025-12-24"),
    ("we do Christmas at my brother's", "2025-12-26", "2026-12-25"),   # the next one, not the one just gone
    ("Easter lunch for the family", "2026-03-02", "2026-04-05"),
    ("Good Friday off work", "2025-03-02", "2025-04-18"),
    ("Thanksgiving at our place", "2025-10-03", "2025-11-27"),
    ("bbq on Labor Day", "2025-08-20", "2025-09-01"),
    ("Memorial Day", "2025-05-01", "2025-05-26"),
    ("by New Year's Eve", "2025-12-08", "2025-12-31"),
    ("party on NYE", "2025-12-08", "2025-12-31"),
    ("the day after Christmas", "2025-12-01", "2025-12-26"),
    ("Meeting with the accountant Halloween at 10", "2025-10-27", "2025-10-31"),
    ("Easter 2027", "2025-06-01", "2027-03-28"),
])
def test_holidays_resolve_to_the_next_or_named_occurrence(text: str, today: str, expected: str) -> None:
    assert _dates(text, dt.date.fromisoformat(today)) == [(expected, None)]


def test_a_past_holiday_is_the_latest_one() -> None:
    assert _dates("we went to my parents over Christmas Day", dt.date(2026, 1, 10)) == [("2025-12-25", None)]


@pytest.mark.parametrize("text", ["bought the Christmas tree", "Halloween costume for Mia", "trip to Easter Island",
                                  "my new year's resolution is to run"])
def test_a_holiday_naming_a_thing_is_no_date(text: str) -> None:
    assert _dates(text, dt.date(2025, 11, 1)) == []


def test_an_explicit_date_beats_the_holiday_in_an_event_name() -> None:
    assert _dates("Company Christmas party is the 19th", dt.date(2025, 12, 8)) == [("2025-12-19", None)]
    assert _dates("The coat I got for Christmas has to go back by Jan 31", dt.date(2025, 12, 26)) == [("2026-01-31", None)]


def test_the_day_after_counts_from_the_date_said_before() -> None:
    text = "I have the dermatologist on the 20th and my husband has his colonoscopy the day after"
    assert _dates(text, dt.date(2025, 11, 4)) == [("2025-11-20", None), ("2025-11-21", None)]


def test_weekend_and_short_weekday_names() -> None:
    assert _dates("we're away this weekend", dt.date(2025, 3, 17)) == [("2025-03-22", None)]
    assert _dates("dentist wed at 9:40", dt.date(2025, 10, 20)) == [("2025-10-22", None)]
    assert _dates("they will wed in June", dt.date(2025, 3, 1)) == [("2025-06-01", None)]  # "wed" the verb is no day


# -- times ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("friday 2 to 3pm", ["14:00"]),
    ("11-1pm brunch", ["11:00"]),
    ("at half past four", ["16:30"]),
    ("quarter to 9 in the morning", ["08:45"]),
    ("half four at the pub", ["16:30"]),
    ("coffee 9ish", ["09:00"]),
    ("around 1", ["13:00"]),
    ("at 8 in the evening", ["20:00"]),
    ("at 7 tomorrow morning", ["07:00"]),
    ("3 o'clock", ["15:00"]),
    ("at 10.30am", ["10:30"]),
    ("at 18h30", ["18:30"]),
    ("midday", ["12:00"]),
])
def test_spoken_times_and_ranges(text: str, expected: list[str]) -> None:
    assert _times(text) == expected


def test_durations_and_counts_are_not_times() -> None:
    assert _times("half an hour late") == []
    assert _times("around 12 people, 2 to 3 hours") == []


# -- events ---------------------------------------------------------------------------------------

def test_event_with_people_place_and_a_rough_time() -> None:
    (ev,) = _facts("lunch with Sarah at Nopa on thursday, around 1", "2025-03-10", "Event")
    assert ev.slots["start"] == "2025-03-13" and ev.slots["time"] == "13:00"
    assert ev.slots["place"] == "Nopa" and ev.slots["kind"] == "social" and ev.slots["people"] == ["Sarah"]


@pytest.mark.parametrize(("text", "today", "start", "status"), [
    ("cancelled the vet on wednesday, Milo seems fine now", "2025-07-22", "2025-07-23", "cancelled"),
    ("got my annual review with my manager on the 24th at 11", "2025-04-14", "2025-04-24", None),
    ("my husband's got a dentist appt friday 2 to 3pm", "2025-05-06", "2025-05-09", None),
    ("Moved my dentist to Friday at 3", "2026-01-08", "2026-01-09", None),
])
def test_scheduling_verbs_do_not_push_the_appointment_into_the_past(text: str, today: str, start: str, status: str | None) -> None:
    (ev,) = _facts(text, today, "Event")
    assert ev.slots["start"] == start
    assert ev.slots.get("status") == status


def test_a_done_appointment_keeps_its_past_date() -> None:
    (ev,) = _facts("Had the mammogram yesterday, all clear", "2025-02-03", "Event")
    assert ev.slots["start"] == "2025-02-02" and ev.slots["status"] == "done"


def test_the_named_holder_of_an_appointment_is_its_subject() -> None:
    (ev,) = _facts("Lily has the orthodontist on the 3rd of march at 4:20", "2025-02-17", "Event")
    assert ev.subject == "lily" and ev.slots["time"] == "16:20"


def test_a_guest_coming_to_dinner_is_the_users_event() -> None:
    (ev,) = _facts("Ravi (my brother-in-law) is allergic to sesame, he's coming to dinner Saturday", "2025-08-13", "Event")
    assert ev.subject == "me" and ev.slots["people"] == ["Ravi"] and ev.slots["start"] == "2025-08-16"


def test_events_without_an_event_word() -> None:
    (ev,) = _facts("We have Coldplay tickets for the 14th at Wembley", "2025-05-01", "Event")
    assert ev.slots["title"] == "Coldplay" and ev.slots["start"] == "2025-05-14"
    (fu,) = _facts("Doc gave me naproxen, and I should come back in 3 weeks", "2025-11-26", "Event")
    assert fu.slots["title"] == "doctor follow-up" and fu.slots["start"] == "2025-12-17"


def test_abbreviations_in_titles_are_spelled_out() -> None:
    (ev,) = _facts("eye doctor appt pushed to aug 19, 8:15am", "2025-08-05", "Event")
    assert ev.slots["title"] == "eye doctor appointment" and ev.slots["time"] == "08:15"


@pytest.mark.parametrize(("text", "today"), [
    ("do you think I should book a dentist appointment for next week?", "2025-05-12"),
    ("I might go to Tom's party on saturday, not sure yet", "2025-06-20"),
    ("levothyroxine every morning before breakfast", "2026-03-03"),
    ("brunch at the Ivy this morning set us back £112", "2026-02-21"),
    ("they told me at the clinic I have an ulcer as of yesterday's endoscopy", "2025-08-02"),
    ("my boss is sending me to Frankfurt April 7-9 for a client workshop, flying lufthansa", "2025-03-30"),
])
def test_near_misses_are_no_event(text: str, today: str) -> None:
    assert _facts(text, today, "Event") == []


# -- deadlines ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "today", "about", "due", "action"), [
    ("need to file the quarterly VAT return by the 30th", "2025-09-08", "quarterly VAT return", "2025-09-30", "file"),
    ("car tax is due end of month", "2025-10-14", "car tax", "2025-10-31", "pay"),
    ("last day to return the jacket to Zara is friday", "2026-02-11", "jacket to Zara", "2026-02-13", "return"),
    ("I have until April 20 to appeal the parking ticket", "2025-04-01", "parking ticket", "2025-04-20", "appeal"),
    ("we've got till the 20th to move out of the flat", "2025-06-02", "flat", "2025-06-20", "move out"),
    ("Reminder: council tax bill needs paying by 1 April", "2025-03-03", "council tax bill", "2025-04-01", "pay"),
    ("my gym membership expires on the 15th, gotta renew it before then", "2025-11-03", "gym membership", "2025-11-15", "renew"),
    ("Reminder to myself: cancel the Disney+ free trial by the 11th", "2025-04-04", "Disney+ free trial", "2025-04-11", "cancel"),
    ("The coat I got for Christmas has to go back to John Lewis by Jan 31", "2025-12-26", "coat", "2026-01-31", "return"),
    ("I want to get rid of the NYT subscription before it renews on July 2", "2025-06-06", "NYT subscription", "2025-07-02", "cancel"),
    ("Amazon Prime renews 23 Nov, £95 - I don't want it to renew this year", "2025-11-10", "Amazon Prime", "2025-11-23", "cancel"),
    ("Friday is the deadline for the scholarship application", "2025-06-02", "scholarship application", "2025-06-06", "submit"),
    ("registration for the half marathon closes in 10 days", "2025-08-18", "registration for the half marathon", "2025-08-28", "register"),
    ("must finish the expense report by New Year's Eve", "2025-12-08", "expense report", "2025-12-31", "finish"),
    ("must register Leo for summer camp before spots run out, registration ends Feb 14", "2026-01-30", "Leo's summer camp", "2026-02-14", "register"),
])
def test_deadline_phrasings(text: str, today: str, about: str, due: str, action: str) -> None:
    (dl,) = _facts(text, today, "Deadline")
    assert (dl.slots["about"], dl.slots["due"], dl.slots["action"]) == (about, due, action)


def test_a_met_deadline_is_done_with_its_action() -> None:
    (dl,) = _facts("Sent off the passport renewal form this morning, finally!", "2025-05-19", "Deadline")
    assert (dl.slots["about"], dl.slots["action"]) == ("passport renewal form", "send")
    assert dl.slots.get("status") == "done" and "due" not in dl.slots


@pytest.mark.parametrize(("text", "today"), [
    ("no deadline on the report yet, boss said whenever is fine", "2025-11-11"),
    ("if I don't pay the fine by friday it doubles", "2025-06-02"),
    ("What if I miss the deadline on Friday?", "2025-06-02"),
    ("Spotify renews on the 3rd", "2025-11-10"),
    ("my passport expires on 3 Jan", "2025-10-20"),
])
def test_deadline_near_misses(text: str, today: str) -> None:
    assert _facts(text, today, "Deadline") == []


@pytest.mark.parametrize(("text", "expected"), [
    ("a week from Friday", "2025-06-13"),
    ("two days before the 14th", "2025-06-12"),
    ("due mid-March", "2026-03-15"),
    ("by EOD Friday", "2025-06-06"),
])
def test_offsets_and_rough_days(text: str, expected: str) -> None:
    assert _dates(text, dt.date(2025, 6, 2)) == [(expected, None)]


def test_an_evening_cue_or_an_evening_event_makes_a_bare_hour_pm() -> None:
    assert _times("dinner tonight at 8") == ["20:00"]
    assert _times("drinks friday night at 9") == ["21:00"]
    (ev,) = _facts("dinner at Lupa friday at 8", "2025-05-06", "Event")
    assert ev.slots["time"] == "20:00" and ev.slots["place"] == "Lupa"
    (bf,) = _facts("breakfast meeting at 8 on friday", "2025-05-06", "Event")
    assert bf.slots["time"] == "08:00" and bf.slots["kind"] == "meeting"


def test_the_caller_is_the_event_only_when_no_other_is_named() -> None:
    (ev,) = _facts("Dentist called, my cleaning is moved to the 14th at 10:30", "2025-02-07", "Event")
    assert ev.slots["title"] == "cleaning" and ev.slots["start"] == "2025-02-14"
    (ev2,) = _facts("the dentist rang, they pushed me back to next Monday 9:30", "2025-03-04", "Event")
    assert ev2.slots["title"] == "dentist" and (ev2.slots["start"], ev2.slots["time"]) == ("2025-03-10", "09:30")


@pytest.mark.parametrize(("first", "then"), [
    ("the electric bill has to be paid by the 15th", "paid the electric bill, finally"),
    ("Rent is due on the 1st", "paid rent this morning"),
    ("Need to book the MOT before it runs out on the 20th", "booked the MOT for the 18th"),
])
def test_a_later_action_settles_an_open_deadline(first: str, then: str) -> None:
    log = Log()
    (due,) = [f for f in log.say(first, dt.date(2025, 6, 2)) if f.frame == "Deadline"]
    (done,) = [f for f in log.say(then, dt.date(2025, 6, 10)) if f.frame == "Deadline"]
    assert done.slots["status"] == "done" and done.supersedes and done.slots["about"] == due.slots["about"]


def test_a_to_do_booking_is_a_deadline_not_an_event() -> None:
    assert _facts("Need to book the MOT before it runs out on the 20th", "2025-06-02", "Event") == []


@pytest.mark.parametrize("text", [
    "I paid $45 for the haircut yesterday",
    "Had a checkup on Monday, doc put me on lisinopril 10mg",
    "after my surgery in March I had to stop ibuprofen",
    "Dr. Patel prescribed me amoxicillin at my appointment yesterday",
])
def test_a_past_event_that_only_dates_another_fact_is_no_event(text: str) -> None:
    assert _facts(text, "2025-06-02", "Event") == []


@pytest.mark.parametrize("text", ["I need to transfer 500 to my landlord by Friday", "finished my antibiotics yesterday",
                                  "returned the shoes to Zara yesterday"])
def test_another_frames_fact_is_no_deadline(text: str) -> None:
    assert _facts(text, "2025-06-02", "Deadline") == []


def test_an_event_looked_back_on_is_done() -> None:
    log = Log()
    log.say("Carla's wedding is Nov 8 in Porto, I'm a bridesmaid!", dt.date(2025, 10, 13))
    (done,) = [f for f in log.say("What a wedding! Carla looked amazing.", dt.date(2025, 11, 16)) if f.frame == "Event"]
    assert done.slots["status"] == "done" and done.supersedes


@pytest.mark.parametrize("text", ["our baby is due in March!", "my sister is due on the 14th", "I'm due a pay rise in July",
                                  "the bbq was cancelled due to the rain on Sunday", "you need to be there by 9 on friday"])
def test_due_said_of_a_person_or_a_cause_is_no_deadline(text: str) -> None:
    assert _facts(text, "2025-06-02", "Deadline") == []


def test_a_date_after_before_is_ahead_even_in_a_past_sounding_clause() -> None:
    (dl,) = _facts("the form must be signed before Monday", "2025-06-02", "Deadline")
    assert (dl.slots["about"], dl.slots["action"], dl.slots["due"]) == ("form", "sign", "2025-06-09")


def test_a_clause_listing_several_events_gives_each_its_own_date_and_time() -> None:
    events = _facts("busy week - MRI tuesday 8am then a job interview wednesday at 2", "2025-06-02", "Event")
    assert [(e.slots["title"], e.slots["start"], e.slots.get("time")) for e in events] == [
        ("MRI", "2025-06-03", "08:00"), ("job interview", "2025-06-04", "14:00")]
    two = _facts("dentist on the 5th and a haircut on the 9th", "2025-06-02", "Event")
    assert [(e.slots["title"], e.slots["start"]) for e in two] == [("dentist", "2025-06-05"), ("haircut", "2025-06-09")]


# -- round 2: deadline words that state no deadline of the user's ---------------------------------

@pytest.mark.parametrize("text", [
    "the package is due to arrive Thursday",            # expected, not owed
    "the storm is due to hit on Thursday",
    "the new iPhone is due out in September",
    "the summer sale ends on the 30th",                 # something ending that the user need not act on
    "the sale at Zara ends Sunday",
    "the exhibition closes on Sunday so we should go",
    "my shift ends at 5 tomorrow",
    "the strike ends on Monday hopefully",
    "I have to leave by 5 on Friday for the school run",  # getting somewhere is no deadline
    "gotta be home before 10",
    "the library book I returned last week was due on the 2nd",  # settled in the same breath
    "already paid the water bill that was due on the 3rd",
    "the train was due at 6 but it didn't show up until 7",
    "my sister is due in March, so excited for her",
    "the shop is open until 8 on Fridays",
    "what's the deadline for the Booker prize usually?",
    "my coworker's driving licence expires next month apparently",
    "if the rent were due tomorrow I'd be broke",
    "the bus is due any minute now",
    "by the way, the weather by the coast was lovely",
    "I finished the report before the deadline",
])
def test_deadline_words_without_a_deadline_of_the_users(text: str) -> None:
    assert _facts(text, "2025-10-06", "Deadline") == []


@pytest.mark.parametrize(("text", "about", "due"), [
    ("the landlord said rent is due on the 1st from now on", "rent", "2025-11-01"),   # reported speech: what is due
    ("my thesis draft is due to my supervisor on Friday", "thesis draft", "2025-10-10"),  # "due to" a person still owes it
    ("applications for the parking permit close on the 20th", "applications for the parking permit", "2025-10-20"),
])
def test_deadlines_next_to_the_near_misses_still_count(text: str, about: str, due: str) -> None:
    (dl,) = _facts(text, "2025-10-06", "Deadline")
    assert (dl.slots["about"], dl.slots["due"]) == (about, due)


@pytest.mark.parametrize(("text", "about", "action", "due"), [
    ("parking permit expires end of the month, need to renew", "parking permit", "renew", "2025-10-31"),  # "end of" is no "ends"
    ("pls remind me the council tax is due 1st of Nov", "council tax", "pay", "2025-11-01"),
    ("RSVP to Kate's wedding by the 20th", "Kate's wedding", "rsvp", "2025-10-20"),
    ("need to reply to the school invitation before Friday", "school invitation", "reply", "2025-10-10"),
])
def test_deadline_slots_for_more_phrasings(text: str, about: str, action: str, due: str) -> None:
    (dl,) = _facts(text, "2025-10-06", "Deadline")
    assert (dl.slots["about"], dl.slots["action"], dl.slots["due"]) == (about, action, due)


def test_a_past_reply_is_no_deadline() -> None:
    assert _facts("I replied to Tom before lunch yesterday", "2025-10-06", "Deadline") == []


# -- a table booked at a restaurant -------------------------------------------------------------

@pytest.mark.parametrize(("text", "title", "start", "time"), [
    ("Booked a table at Osteria Luna for the 5th at 7pm, four of us.", "table at Osteria Luna", "2026-12-05", "19:00"),
    ("Chris booked us a table at The Oyster House on the waterfront for Saturday the 28th at 7:30.",
     "table at The Oyster House", "2026-11-28", "19:30"),
])
def test_a_table_booked_at_a_restaurant_is_an_event(text: str, title: str, start: str, time: str) -> None:
    [e] = _facts(text, "2026-11-24", "Event")
    assert (e.slots["title"], e.slots["start"], e.slots["time"]) == (title, start, time)


@pytest.mark.parametrize("text", [
    "We sat at a table at the back, the food was fine.",
    "It's impossible to get a reservation there in December.",
])
def test_a_table_or_a_reservation_said_in_passing_is_no_event(text: str) -> None:
    assert _facts(text, "2026-11-24", "Event") == []


# -- an appointment booked in one sentence, dated in the next -----------------------------------

def test_a_booking_and_its_date_in_two_sentences_are_one_event() -> None:
    text = ("Finally booked an eye exam, my prescription is definitely off. Dr. Nguyen had Wednesday March 18 at 2:30, "
            "so I took it. Oh, and the car registration is due sometime in April?")
    [e] = _facts(text, "2026-03-02", "Event")
    assert (e.slots["title"], e.slots["start"], e.slots["time"], e.slots["kind"]) == (
        "eye exam with Dr. Nguyen", "2026-03-18", "14:30", "appointment")


@pytest.mark.parametrize("text", [
    "I need to book an eye exam soon. March 18 is my sister's birthday.",  # not booked
    "Booked an eye exam. Then on March 18 we fly to Rome and on March 25 we come back.",  # two dates: which one?
])
def test_no_joined_event_when_not_booked_or_unclear(text: str) -> None:
    assert [e for e in _facts(text, "2026-03-02", "Event") if "eye exam" in e.slots.get("title", "")] == []
