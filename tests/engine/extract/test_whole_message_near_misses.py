"""Sentences the whole-message readers must leave alone: prices, plans, someone else's doings, a
mention that is not an action. Each would otherwise become a record that raises a false alert."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.extract.builders.bills import paid_again
from engine.extract.builders.bought_it import bought_it
from engine.extract.builders.notice import notice_deadlines
from engine.extract.builders.services import statement_charges
from engine.extract.builders.spends import logged_spends
from engine.extract.builders.split_events import split_events
from engine.extract.money import find_money
from engine.state import Record
from tests.engine.extract.helpers import Log

DAY = dt.date(2026, 5, 20)


@pytest.mark.parametrize("text", [
    "Wedding catering quote came in: dinner for 80 guests, $9,500.",
    "Pizza at Joe's is $3 a slice.",
    "Sandwiches are $14 now, crazy.",
    "Breakfast is included in the $180 room rate.",
])
def test_prices_and_quotes_are_not_spending(text: str) -> None:
    assert logged_spends(text, DAY, []) == []


def test_a_price_list_is_not_a_statement() -> None:
    text = "Comparing music apps for my bank account budget: Spotify 11.99, Tidal 10.99. No hidden charges."
    assert statement_charges(text, DAY, []) == []


@pytest.mark.parametrize("text", [
    "Told Dan not to write a check for the property tax, the 3120 one is already set up online.",
    "I was going to mail a check for the property tax, the 3120, but it's on autopay.",
])
def test_no_second_payment_when_it_is_refused_or_already_set_up(text: str) -> None:
    owed = [Record("Transfer", "county property tax:3120.00", "me", "requested",
                   {"payee": "county property tax", "amount": "3120.00"})]
    assert paid_again(text, DAY, owed, []) == []


@pytest.mark.parametrize("text", [
    "Netflix gives you a month's notice before a price change, and my contract ends June 30.",
    "We're renewing for sure. The lease ends Aug 31 and the landlord needs 60 days notice if you leave, but whatever.",
])
def test_no_notice_deadline_that_is_not_ours_to_give(text: str) -> None:
    assert notice_deadlines(text, DAY) == []


@pytest.mark.parametrize("text", [
    "The standing desk came yesterday. Might have bought it from Costco but it was $900.",
    "The standing desk came yesterday. Mom got it from Zara for $90.",
])
def test_no_purchase_from_a_maybe_or_someone_else(text: str) -> None:
    assert bought_it(text, DAY, []) == []


def test_the_next_sentence_dating_something_else_is_not_the_appointment() -> None:
    assert split_events("Got an appointment with the vet. My sister's birthday is May 30.", DAY, []) == []


@pytest.mark.parametrize("text", [
    "Ramen for lunch, glucose an hour later, 6.90.",
    "Pizza for dinner, then checked my blood sugar after, 7.80.",
])
def test_a_reading_after_a_meal_is_not_money(text: str) -> None:
    assert find_money(text, 0, len(text)) == []


def test_taking_a_laptop_back_to_work_is_no_return() -> None:
    log = Log()
    log.say("Bought a new laptop from Best Buy for $1,200, 15-day returns.", DAY)
    later = log.say("Took the laptop back to work today, the office wifi is faster.", DAY + dt.timedelta(days=2))
    assert not [f for f in later if f.frame == "Purchase" and f.slots.get("status") == "returned"]


# -- ...and what the guards must still let through -------------------------------------------------

@pytest.mark.parametrize(("text", "amount"), [
    ("Takeout again, $32.", "32.00"),
    ("Pho for lunch, $15.", "15.00"),
    ("Coffee and a bagel this morning, $9.50.", "9.50"),
    ("DoorDash for dinner: $34 including tip.", "34.00"),
    ("Sushi last night, $86 tip included.", "86.00"),
    ("And then burgers last night, 31.50.", "31.50"),
])
def test_food_logged_without_a_verb_is_still_spending(text: str, amount: str) -> None:
    assert [d.slots["amount"] for d in logged_spends(text, DAY, [])] == [amount]


@pytest.mark.parametrize("text", [
    "My grocery budget was too loose, so from now on it's $400 a month.",
    "I usually overspend on takeout, so let's cap takeout at $150 a month.",
    "Set my clothing budget to $100 a month, my wife's idea.",
])
def test_budgets_said_with_was_usually_or_someones_idea_still_count(text: str) -> None:
    from engine.extract.builders.budgets import money_policies

    assert [d.slots["kind"] for d in money_policies(text, DAY)] == ["budget"]


@pytest.mark.parametrize("text", [
    "Nothing comes out of Ally until we close.",
    "Not a penny from the ISA this year.",
    "Nothing comes out of savings until June, unless it's an emergency.",
])
def test_holds_said_plainly_still_count(text: str) -> None:
    from engine.extract.builders.holds import hold_policies

    assert len(hold_policies(text, DAY)) == 1


def test_a_statement_after_a_price_remark_is_still_read() -> None:
    text = "Netflix put its prices up again. Checked my statement: Netflix 17.99, Spotify 11.99."
    assert [d.slots["payee"] for d in statement_charges(text, DAY, [])] == ["Netflix", "Spotify"]


def test_we_got_it_is_still_a_purchase() -> None:
    text = "The standing desk came yesterday. We got it from Deskly for $489, 30-day returns from delivery."
    [d] = bought_it(text, DAY, [])
    assert (d.slots["vendor"], d.slots["amount"]) == ("Deskly", "489.00")


def test_a_trip_dated_in_a_sentence_starting_its_is_filled() -> None:
    facts = Log().say("Booked Delta to Chicago. It's July 9-11, leaving at 6am.", DAY)
    [trip] = [f for f in facts if f.frame == "Trip"]
    assert (trip.slots.get("start"), trip.slots.get("end"), trip.slots.get("departs")) == ("2026-07-09", "2026-07-11", "06:00")


def test_a_second_payment_with_a_doubt_is_still_a_second_payment() -> None:
    owed = [Record("Transfer", "county property tax:3120.00", "me", "requested",
                   {"payee": "county property tax", "amount": "3120.00"})]
    text = "Told Mark to write a check for the property tax, the 3120 one, since I'm not sure the portal took it."
    assert [d.slots["account"] for d in paid_again(text, DAY, owed, [])] == ["check"]


def _hartley() -> list[Record]:
    return [Record("Transfer", "hartley restaurant supply:2340.00", "me", "requested",
                   {"payee": "Hartley Restaurant Supply", "amount": "2340.00"})]


def test_a_bill_in_a_list_of_checks_written_is_a_second_payment() -> None:
    text = ("Wrote checks for everything in the pile: the electric, the linen service, and Hartley for the 8812 invoice, "
            "the 2340 one. Dropped them all in the mail.")
    assert [(d.slots["payee"], d.slots["account"]) for d in paid_again(text, DAY, _hartley(), [])] == [
        ("Hartley Restaurant Supply", "check")]


def test_checks_for_other_sums_or_a_generic_first_word_are_not_that_bill() -> None:
    assert paid_again("Wrote checks for the linen service and Hartley, the 410 one.", DAY, _hartley(), []) == []
    owed = [Record("Transfer", "water board:88.00", "me", "requested", {"payee": "Water Board", "amount": "88.00"})]
    assert paid_again("Wrote checks for the water softener guy, 88 dollars.", DAY, owed, []) == []
