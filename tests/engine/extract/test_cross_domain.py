"""Words that belong to two domains: a card brand that is also a travel document, a carrier code
with a digit next to a price."""

import datetime as dt

from .helpers import Log, only

DAY = dt.date(2025, 5, 1)


def test_a_visa_card_limit_is_an_account_not_a_travel_document() -> None:
    facts = Log().say("my Visa limit is $3,000", today=DAY)
    assert not [f for f in facts if f.frame == "TravelDocument"]
    assert only(facts, "Account").slots["limit"] == "3000.00"


def test_a_charge_on_the_visa_raises_no_visa() -> None:
    facts = Log().say("put $450 on the Visa for the hotel", today=DAY)
    assert not [f for f in facts if f.frame == "TravelDocument"]


def test_a_travel_visa_is_still_a_travel_document() -> None:
    doc = only(Log().say("My visa for India expires on March 3, 2026", today=DAY), "TravelDocument")
    assert (doc.slots["kind"], doc.slots["country"], doc.slots["expires"]) == ("visa", "IN", "2026-03-03")


def test_a_digit_inside_a_carrier_name_is_not_an_amount() -> None:
    trip = only(Log().say("Croatia 2-16 August, flights with Jet2 £1,120 total", today=DAY), "Trip")
    assert (trip.slots["cost"], trip.slots["currency"]) == ("1120.00", "GBP")


def test_a_statement_followed_by_a_checking_question_keeps_its_fact() -> None:
    doc = only(Log().say("passport exp 2027-02-11 - that's fine for Japan right?", today=DAY), "TravelDocument")
    assert doc.slots["expires"] == "2027-02-11"
    assert not [f for f in Log().say("Is my passport fine for Japan?", today=DAY) if f.frame == "TravelDocument"]


def test_a_why_question_about_a_charge_states_the_charge() -> None:
    paid = only(Log().say("why did Audible take another $14.95 off my card??", today=DAY), "Transfer")
    assert (paid.slots["payee"], paid.slots["amount"], paid.slots["status"]) == ("Audible", "14.95", "done")


def test_a_surprised_statement_is_not_a_question() -> None:
    event = only(Log().say("School play on Friday at 6 as well?! madness", today=DAY), "Event")
    assert (event.slots["start"], event.slots["time"]) == ("2025-05-02", "18:00")
    assert not [f for f in Log().say("Is the school play on Friday?", today=DAY) if f.frame == "Event"]
