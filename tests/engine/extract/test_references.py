"""Later sessions that change an earlier record by naming it: dates, amounts, limits, dropping it."""

import datetime as dt
from decimal import Decimal

from engine.log import LogStore
from engine.state import Record, fold

from .helpers import say_into

say = say_into


def only(log: LogStore, frame: str) -> Record:
    records = fold(log.facts()).of(frame)
    assert len(records) == 1, records
    return records[0]


def test_a_carrier_moving_the_return_changes_the_trip_end(log: LogStore) -> None:
    say(log, "Flying KLM to Nairobi, 6 to 19 August", "2026-05-02")
    say(log, "KLM rescheduled our return flight to the 21st", "2026-06-10")
    trip = only(log, "Trip")
    assert trip.values["start"] == dt.date(2026, 8, 6) and trip.values["end"] == dt.date(2026, 8, 21)


def test_an_extension_moves_a_deadline_named_by_its_head_noun(log: LogStore) -> None:
    say(log, "The grant proposal is due March 12", "2026-02-01")
    say(log, "Good news, they extended the proposal to March 26", "2026-03-02")
    deadline = only(log, "Deadline")
    assert deadline.values["due"] == dt.date(2026, 3, 26)


def test_a_plain_number_corrects_a_recorded_amount_in_its_currency(log: LogStore) -> None:
    say(log, "I have to pay the plumber $480 by Monday", "2026-04-01")
    say(log, "plumber texted, the bill is actually 1,150 now", "2026-04-02")
    transfer = only(log, "Transfer")
    assert transfer.values["amount"] == Decimal("1150.00") and transfer.values["currency"] == "USD"


def test_a_raised_limit_updates_the_card(log: LogStore) -> None:
    say(log, "My Amex credit card has a limit of $5,000", "2026-01-10")
    say(log, "Amex bumped my limit to $8,000", "2026-03-10")
    account = only(log, "Account")
    assert account.values["limit"] == Decimal("8000.00")


def test_dropping_a_named_deadline_cancels_it(log: LogStore) -> None:
    say(log, "Need to send the scholarship essay by Friday", "2026-04-06")
    say(log, "I got in elsewhere so scratch the scholarship essay", "2026-04-08")
    assert only(log, "Deadline").status == "cancelled"


def test_a_corrected_birthday_keeps_the_birth_year(log: LogStore) -> None:
    say(log, "My nephew Luca turns 6 on June 3", "2026-05-01")
    say(log, "Oops, Luca's birthday is June 13, not the 3rd", "2026-05-02")
    luca = only(log, "Person")
    assert luca.values["birthday"] == dt.date(2020, 6, 13)


def test_mentioning_a_record_without_a_change_leaves_it_alone(log: LogStore) -> None:
    say(log, "The grant proposal is due March 12", "2026-02-01")
    say(log, "Worked on the proposal all day on March 3, it's getting there", "2026-03-03")
    deadline = only(log, "Deadline")
    assert deadline.values["due"] == dt.date(2026, 3, 12) and deadline.status == "open"


def test_a_named_service_with_a_new_bare_price_is_a_price_change(log: LogStore) -> None:
    say(log, "Hulu costs me $17.99 per month", "2026-01-03")
    say(log, "hulu is 18.99 now, seriously?", "2026-05-03")
    sub = only(log, "Subscription")
    assert sub.values["amount"] == Decimal("18.99") and sub.status == "active"


def test_paying_a_named_payee_completes_the_requested_transfer(log: LogStore) -> None:
    say(log, "I owe my sister $250, have to pay her back by Sunday", "2026-03-02")
    say(log, "sent my sister the 250 through zelle", "2026-03-05")
    transfer = only(log, "Transfer")
    assert transfer.status == "done" and transfer.values["amount"] == Decimal("250.00")


def test_a_correction_with_a_garbled_subject_lands_on_the_named_record(log: LogStore) -> None:
    say(log, "The visa application form has to be in by May 30", "2026-05-01")
    say(log, "the consulate says the visa form deadline is actually June 6", "2026-05-12")
    deadline = only(log, "Deadline")
    assert deadline.values["due"] == dt.date(2026, 6, 6) and deadline.values["about"] == "visa application form"


def test_quitting_a_named_service_cancels_it(log: LogStore) -> None:
    say(log, "Paying $13 a month for the Peloton app", "2026-01-15")
    say(log, "ok I finally quit peloton", "2026-03-02")
    assert only(log, "Subscription").status == "cancelled"


def test_a_bare_time_correction_keeps_the_evening(log: LogStore) -> None:
    say(log, "Dinner reservation at Carbone on Friday at 7pm", "2026-10-12")
    say(log, "whoops, the Carbone reservation is at 7:45 not 7", "2026-10-13")
    event = only(log, "Event")
    assert event.values["time"] == "19:45" and event.values["start"] == dt.date(2026, 10, 16)


def test_finishing_a_deadline_named_loosely_closes_it(log: LogStore) -> None:
    say(log, "Home insurance renewal is due March 1", "2026-02-01")
    say(log, "Renewed the home insurance with Lemonade, all done", "2026-02-20")
    deadline = only(log, "Deadline")
    assert deadline.status == "done" and deadline.values["due"] == dt.date(2026, 3, 1)


def test_a_trip_cancelled_by_its_nickname_is_cancelled(log: LogStore) -> None:
    say(log, "Booked New York City for Thanksgiving week, Nov 23 to 29", "2026-09-01")
    say(log, "ugh we had to cancel NYC, the boss needs me here", "2026-10-01")
    assert only(log, "Trip").status == "cancelled"
