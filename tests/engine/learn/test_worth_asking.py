"""Which messages the learning step reads at all (engine/learn/__init__.py: worth_asking)."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.learn import worth_asking
from engine.learn.propose import offer
from engine.log import NewFact

DAY = dt.date(2025, 5, 16)


def _bill(amount: str) -> NewFact:
    return NewFact("s1", 1, DAY, "money", "Bill", "bill:1", {"amount": amount, "payee": "council"})


def test_an_amount_no_built_in_record_took_is_worth_reading() -> None:
    o = offer("My old housemate Aoife gave twenty-five euro on Monday. Feet are in bits.", DAY, records=True)
    assert worth_asking(o, [], {})


def test_an_amount_a_built_in_record_holds_or_one_asked_about_is_not() -> None:
    o = offer("Paid the council €25 today.", DAY, records=True)
    assert not worth_asking(o, [_bill("25.00")], {})
    assert not worth_asking(offer("Is €25 a fair donation?", DAY, records=True), [], {})


@pytest.mark.parametrize("text", ["Thinking of buying a £450 bike next month.", "Tickets are £35 each, pricey."])
def test_a_planned_price_or_a_price_each_is_not_worth_reading(text: str) -> None:
    assert not worth_asking(offer(text, DAY, records=True), [], {})


def test_a_moment_something_happened_with_nothing_measured_is_worth_reading() -> None:
    o = offer("Dad fell in the garden on Thursday afternoon, about quarter past three. Bruised arm.", DAY, records=True)
    assert worth_asking(o, [], {})


def test_a_time_a_built_in_record_holds_a_plan_or_a_question_is_not() -> None:
    event = NewFact("s1", 1, DAY, "calendar", "Event", "event:1", {"title": "dentist", "time": "15:15"})
    text = "Dentist was moved, I went in at 15:15."
    assert not worth_asking(offer(text, DAY, records=True), [event], {})
    assert not worth_asking(offer("Meeting Sam at 3pm tomorrow.", DAY, records=True), [], {})
    assert not worth_asking(offer("Should I go at 3pm?", DAY, records=True), [], {})


def test_a_number_said_of_someone_a_learned_collection_tracks_is_worth_reading() -> None:
    text = "Priya paid me back £40 yesterday, bless her."
    transfer = NewFact("s1", 1, DAY, "money", "Transfer", "t:1", {"amount": "40.00", "payee": "Priya"})
    o = offer(text, DAY, records=True, known=["Priya"])
    assert not worth_asking(o, [transfer], {})  # the built-in record holds the amount
    assert worth_asking(o, [transfer], {}, frozenset({"priya"}))  # but money lent to Priya is learned
    assert not worth_asking(o, [transfer], {}, frozenset({"tom"}))


def test_words_a_learned_collections_records_keep_being_told_in_make_a_message_worth_reading() -> None:
    from engine.learn.vocabulary import recurring_words
    from engine.log import Fact

    def told(key: str, evidence: str) -> Fact:
        return Fact(1, "s1", 1, DAY, "import", "Haircuts", key, {}, (0, 0), evidence, "me", "add", 1.0, "model", (),
                    dt.datetime(2025, 5, 16))
    words = recurring_words([told("a", "Cut at the barber, £22 and a £3 tip."), told("b", "Barber again on Friday, tipped him two."),
                             told("c", "Haircut, 24 quid.")])
    assert {"barber", "tip"} <= words and "friday" not in words
    payment = NewFact("s1", 1, DAY, "money", "Transfer", "t:1", {"amount": "20.00", "payee": "the barber"})
    o = offer("Got trimmed on Saturday at the barber near work, twenty pounds.", DAY, records=True)
    assert not worth_asking(o, [payment], {})
    assert worth_asking(o, [payment], {}, told=words)
