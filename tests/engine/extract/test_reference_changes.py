"""Later sessions that change a named record in words the frame builders do not read as a change:
shifts by a duration, status words of every frame, switches, rejected old dates, relatives' records."""

import datetime as dt
from decimal import Decimal

import pytest

from engine.log import LogStore
from engine.state import Record, fold

from .helpers import say_into

say = say_into


def records(log: LogStore, frame: str) -> list[Record]:
    return fold(log.facts()).of(frame)


def only(log: LogStore, frame: str) -> Record:
    found = records(log, frame)
    assert len(found) == 1, found
    return found[0]


def named(log: LogStore, frame: str, slot: str, value: str) -> Record:
    (rec,) = [r for r in records(log, frame) if str(r.values.get(slot) or "").lower() == value.lower()]
    return rec


# -- shifts by a duration ---------------------------------------------------------------------------

@pytest.mark.parametrize(("change", "start"), [
    ("the hospital pushed my colonoscopy back a week", dt.date(2026, 4, 10)),
    ("colonoscopy got moved up two days", dt.date(2026, 4, 1)),
    ("had to push the colonoscopy 3 days later", dt.date(2026, 4, 6)),
    ("the colonoscopy is now one week later", dt.date(2026, 4, 10)),
    ("St. Luke's called about the colonoscopy, they pushed it back a fortnight", dt.date(2026, 4, 17)),
])
def test_a_shift_by_a_duration_moves_the_recorded_date(log: LogStore, change: str, start: dt.date) -> None:
    say(log, "Colonoscopy on April 3 at 8:30am", "2026-03-01")
    say(log, change, "2026-03-10")
    event = only(log, "Event")
    assert event.values["start"] == start and event.status == "scheduled"


def test_moving_a_trip_moves_both_ends_and_extending_it_moves_only_the_return(log: LogStore) -> None:
    say(log, "Flying to Madrid May 3-9", "2026-03-01")
    say(log, "we moved the Madrid trip back by a week", "2026-03-10")
    trip = only(log, "Trip")
    assert (trip.values["start"], trip.values["end"]) == (dt.date(2026, 5, 10), dt.date(2026, 5, 16))
    say(log, "staying in Madrid two extra days", "2026-03-12")
    trip = only(log, "Trip")
    assert (trip.values["start"], trip.values["end"]) == (dt.date(2026, 5, 10), dt.date(2026, 5, 18))


def test_more_days_granted_on_a_deadline_move_its_due_date(log: LogStore) -> None:
    say(log, "The grant report is due April 20", "2026-03-01")
    say(log, "the funder gave us 10 more days on the grant report", "2026-03-10")
    assert only(log, "Deadline").values["due"] == dt.date(2026, 4, 30)


@pytest.mark.parametrize("mention", [
    "I spent two more days on the grant report",
    "two weeks later the grant report is still not started",
    "ended up working on the grant report all week",
])
def test_a_duration_that_moves_nothing_leaves_the_record_alone(log: LogStore, mention: str) -> None:
    say(log, "The grant report is due April 20", "2026-03-01")
    say(log, mention, "2026-03-10")
    deadline = only(log, "Deadline")
    assert deadline.values["due"] == dt.date(2026, 4, 20) and deadline.status == "open"


# -- status words -----------------------------------------------------------------------------------

@pytest.mark.parametrize("change", ["sent the kindle back, screen was dead", "got my refund for the kindle",
                                    "sending the kindle back today"])
def test_a_purchase_taken_back_is_returned_and_is_not_a_payment(log: LogStore, change: str) -> None:
    say(log, "Bought a Kindle Paperwhite on Amazon for $149", "2026-03-01")
    say(log, change, "2026-03-05")
    assert only(log, "Purchase").status == "returned"
    assert records(log, "Transfer") == []


@pytest.mark.parametrize(("change", "status"), [
    ("Lukas says I don't need to pay him after all", "cancelled"),
    ("no longer paying Lukas, the flat fell through", "cancelled"),
    ("settled up with Lukas today", "done"),
])
def test_a_requested_transfer_is_called_off_or_settled(log: LogStore, change: str, status: str) -> None:
    say(log, "I need to pay Lukas 200 euros for the flat deposit", "2026-03-01")
    say(log, change, "2026-03-04")
    transfer = only(log, "Transfer")
    assert transfer.status == status and transfer.values["amount"] == Decimal("200.00")


def test_a_card_got_rid_of_is_closed_not_cancelled(log: LogStore) -> None:
    say(log, "My Discover card has a $6,000 limit", "2026-03-01")
    say(log, "got rid of the discover card", "2026-05-01")
    assert only(log, "Account").status == "closed"


@pytest.mark.parametrize("change", ["the Prague trip isn't happening anymore", "pulled the plug on Prague"])
def test_a_booked_trip_can_be_called_off(log: LogStore, change: str) -> None:
    say(log, "Booked Prague for April 10-14", "2026-03-01")
    say(log, change, "2026-03-20")
    assert only(log, "Trip").status == "cancelled"


def test_no_more_of_a_medication_stops_it_and_keeps_the_other_fact(log: LogStore) -> None:
    say(log, "I take omeprazole 20mg every morning", "2026-03-01")
    say(log, "no more omeprazole for me, the reflux is gone", "2026-05-01")
    assert only(log, "Medication").status == "stopped"
    assert only(log, "Condition").status == "resolved"


# -- switches ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("change", "new"), [
    ("swapped the omeprazole for famotidine", "famotidine"),
    ("GP replaced my omeprazole with lansoprazole 30mg", "lansoprazole"),
])
def test_a_switch_stops_the_old_medication_and_starts_the_new(log: LogStore, change: str, new: str) -> None:
    say(log, "I take omeprazole 20mg every morning", "2026-03-01")
    say(log, change, "2026-05-01")
    assert named(log, "Medication", "name", "omeprazole").status == "stopped"
    assert named(log, "Medication", "name", new).status == "active"


def test_a_switch_between_services_cancels_the_old_one(log: LogStore) -> None:
    say(log, "Spotify premium is $10.99 a month", "2026-03-01")
    say(log, "switched from Spotify to Apple Music", "2026-04-01")
    assert named(log, "Subscription", "service", "spotify").status == "cancelled"


def test_a_switch_of_something_unrecorded_leaves_records_alone(log: LogStore) -> None:
    say(log, "I take omeprazole 20mg every morning", "2026-03-01")
    say(log, "swapped my morning coffee for green tea", "2026-05-01")
    assert only(log, "Medication").status == "active"


# -- the record named by the date it had ------------------------------------------------------------

def test_a_rejected_old_date_names_the_record_it_was_on(log: LogStore) -> None:
    say(log, "Parent-teacher conference on the 12th at 4pm", "2026-05-02")
    say(log, "no wait, it's the 14th not the 12th", "2026-05-04")
    assert only(log, "Event").values["start"] == dt.date(2026, 5, 14)


def test_a_rejected_date_two_records_share_changes_neither(log: LogStore) -> None:
    say(log, "Parent-teacher conference on the 12th at 4pm", "2026-05-02")
    say(log, "Haircut on the 12th at 10am", "2026-05-03")
    say(log, "no wait, it's the 14th not the 12th", "2026-05-04")
    assert {r.values["start"] for r in records(log, "Event")} == {dt.date(2026, 5, 12)}


# -- words that only ever change a record -----------------------------------------------------------

def test_an_extension_to_a_date_moves_the_deadline_and_buys_nothing(log: LogStore) -> None:
    say(log, "Tax return is due April 15", "2026-03-01")
    say(log, "got an extension on my tax return until October 15", "2026-03-05")
    assert only(log, "Deadline").values["due"] == dt.date(2026, 10, 15)
    assert records(log, "Purchase") == []


def test_coming_home_on_another_day_moves_the_trip_end(log: LogStore) -> None:
    say(log, "Flying to Athens on June 2, back June 9", "2026-03-01")
    say(log, "we're coming home from Athens on the 11th instead", "2026-04-03")
    trip = only(log, "Trip")
    assert (trip.values["start"], trip.values["end"]) == (dt.date(2026, 6, 2), dt.date(2026, 6, 11))


# -- relatives' records -----------------------------------------------------------------------------

def test_a_relatives_record_changes_when_the_clause_names_them(log: LogStore) -> None:
    say(log, "My grandma takes amlodipine 5mg", "2026-05-02")
    say(log, "grandma's amlodipine dose is 10mg now", "2026-05-04")
    med = only(log, "Medication")
    assert med.subject == "grandmother" and med.values["dose"] == "10 mg"


def test_a_relatives_appointment_shifts_by_a_duration(log: LogStore) -> None:
    say(log, "Mom's knee surgery is on April 7", "2026-03-01")
    say(log, "mom's surgery got bumped a week earlier", "2026-03-05")
    assert only(log, "Event").values["start"] == dt.date(2026, 3, 31)


def test_the_users_own_record_is_not_given_to_a_relative_named_nearby(log: LogStore) -> None:
    say(log, "I take amlodipine 5mg", "2026-05-02")
    say(log, "My grandma takes amlodipine 10mg too", "2026-05-04")
    doses = {r.subject: r.values["dose"] for r in records(log, "Medication")}
    assert doses == {"me": "5 mg", "grandmother": "10 mg"}


# -- finished, dropped, or only mentioned -----------------------------------------------------------

@pytest.mark.parametrize(("mention", "status"), [
    ("finally done with the proposal!", "done"),
    ("the proposal is done", "done"),
    ("almost done with the proposal", "open"),
    ("the proposal isn't done yet", "open"),
])
def test_done_with_a_deadline_finishes_it_unless_it_is_not_done_yet(log: LogStore, mention: str, status: str) -> None:
    say(log, "The proposal is due March 12", "2026-03-01")
    say(log, mention, "2026-03-04")
    assert only(log, "Deadline").status == status


def test_done_with_a_service_cancels_it(log: LogStore) -> None:
    say(log, "Hulu is $7.99 a month", "2026-05-02")
    say(log, "I'm done with Hulu", "2026-05-04")
    assert only(log, "Subscription").status == "cancelled"


@pytest.mark.parametrize("mention", ["Lukas is not on the lease anymore", "Lukas is off work this week"])
def test_off_or_not_on_about_something_else_cancels_nothing(log: LogStore, mention: str) -> None:
    say(log, "I need to pay Lukas 200 euros for the flat deposit", "2026-03-01")
    say(log, mention, "2026-03-04")
    assert only(log, "Transfer").status == "requested"


def test_a_date_given_instead_of_the_recorded_one_replaces_only_it(log: LogStore) -> None:
    say(log, "Flying to Seoul June 2-12 on Korean Air", "2026-05-02")
    say(log, "changed our flights, leaving on the 3rd instead of the 2nd", "2026-05-04")
    trip = only(log, "Trip")
    assert (trip.values["start"], trip.values["end"]) == (dt.date(2026, 6, 3), dt.date(2026, 6, 12))


def test_a_new_date_said_in_the_past_tense_stays_after_the_date_it_replaces(log: LogStore) -> None:
    say(log, "Annual physical on April 22", "2026-04-01")
    say(log, "My physical was rescheduled, it's May 6 now.", "2026-04-05")
    assert only(log, "Event").values["start"] == dt.date(2026, 5, 6)


def test_a_shift_names_its_record_by_one_distinctive_word(log: LogStore) -> None:
    say(log, "Car registration renewal due May 31", "2026-04-01")
    say(log, "the DMV pushed the registration deadline out two weeks", "2026-04-05")
    assert only(log, "Deadline").values["due"] == dt.date(2026, 6, 14)


def test_a_purchase_going_back_is_returned(log: LogStore) -> None:
    say(log, "Bought a standing desk from Fully for $599", "2026-05-02")
    say(log, "the standing desk is going back, too wobbly", "2026-05-14")
    assert only(log, "Purchase").status == "returned"


@pytest.mark.parametrize("wish", ["the desk wobbles, I think I'll send it back", "might take the desk back",
                                  "I want to return the desk"])
def test_a_purchase_the_user_means_to_return_is_still_bought(log: LogStore, wish: str) -> None:
    say(log, "Ordered a standing desk on Amazon, €399, 30-day return", "2026-04-11")
    say(log, wish, "2026-05-02")
    assert only(log, "Purchase").status == "bought"


@pytest.mark.parametrize(("first", "first_day", "later", "slot", "kept"), [
    ("The quarterly report is due April 20", "2026-03-01", "got a new report to write for the board, moved to May 3", "due", "2026-04-20"),
    ("Car registration renewal due May 31", "2026-04-01", "there's also a new renewal for the boat, moved it to June 9", "due", "2026-05-31"),
])
def test_a_new_thing_with_the_same_head_noun_is_not_a_change_of_the_old_one(
        log: LogStore, first: str, first_day: str, later: str, slot: str, kept: str) -> None:
    say(log, first, first_day)
    say(log, later, "2026-04-05")
    old = next(r for r in records(log, "Deadline") if r.key in first.lower())
    assert old.values[slot] == dt.date.fromisoformat(kept)
