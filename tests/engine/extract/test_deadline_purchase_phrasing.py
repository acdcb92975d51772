"""Deadline, purchase and preference phrasing classes that the first dev set did not cover.

Each test is a class of phrasing (a participle that is no past tense, "no later than", "within N days",
a postfix currency sign, a purchase for someone else, an item sent back, likes and dislikes), asserted on
typed slots so a regression shows which class broke.
"""

from __future__ import annotations

import datetime as dt

import pytest

from engine.extract.dates import is_past
from engine.extract.money import find_money
from engine.log import NewFact
from tests.engine.extract.helpers import Log


def _facts(text: str, today: str, frame: str) -> list[NewFact]:
    return [f for f in Log().say(text, dt.date.fromisoformat(today)) if f.frame == frame]


@pytest.mark.parametrize("clause", [
    "the landlord wants the signed lease back by Friday",
    "my tax return has to be filed by jan 31",
    "the insurance form needs to be completed by the 3rd",
])
def test_a_participle_after_a_determiner_or_be_is_no_past_tense(clause: str) -> None:
    assert not is_past(clause)


@pytest.mark.parametrize("clause", ["I signed the lease on Friday", "we filed the taxes on March 3", "returned the blender"])
def test_a_finite_past_verb_still_makes_the_clause_past(clause: str) -> None:
    assert is_past(clause)


@pytest.mark.parametrize(("text", "today", "due", "about"), [
    ("The landlord wants the signed lease back no later than Friday", "2026-02-03", "2026-02-06", "signed lease"),
    ("my tax return has to be filed no later than jan 31", "2026-01-12", "2026-01-31", "tax return"),
    ("the parking fine has to be paid within 28 days", "2026-04-09", "2026-05-07", "parking fine"),
    ("the council form must be returned within two weeks", "2026-10-05", "2026-10-19", "council form"),
    ("I need to submit the visa forms within 10 days", "2026-03-04", "2026-03-14", "visa forms"),
])
def test_no_later_than_and_within_set_a_future_due_date(text: str, today: str, due: str, about: str) -> None:
    facts = _facts(text, today, "Deadline")
    assert len(facts) == 1
    assert str(facts[0].slots["due"]) == due
    assert about in str(facts[0].slots["about"]).lower()


def test_a_possessive_of_the_subject_is_no_part_of_what_is_due() -> None:
    facts = _facts("my son's passport application has to be in by Friday", "2026-03-04", "Deadline")
    assert [(f.subject, f.slots["about"]) for f in facts] == [("son", "passport application")]


def test_a_possessive_of_someone_else_stays_in_what_is_due_for_the_user() -> None:
    facts = _facts("Jamie's tuition payment is due in 2 weeks", "2026-04-20", "Deadline")
    assert [(f.subject, f.slots["about"]) for f in facts] == [("me", "Jamie's tuition payment")]


@pytest.mark.parametrize(("text", "amount"), [("an iPad for 599$", "599.00"), ("a case for 39 $ only", "39.00")])
def test_a_dollar_sign_after_the_number_is_dollars(text: str, amount: str) -> None:
    found = find_money(text, 0, len(text))
    assert [(m.value, m.attrs.get("currency")) for m in found] == [(amount, "USD")]


def test_a_dollar_sign_before_a_number_is_not_read_twice() -> None:
    text = "paid 10 $20 bills"
    assert [m.value for m in find_money(text, 0, len(text))] == ["20.00"]


@pytest.mark.parametrize(("text", "item", "amount", "currency", "vendor"), [
    ("paid 45 dollars for a yoga mat at decathlon", "yoga mat", "45.00", "USD", "Decathlon"),
    ("paid 300 pounds for a bike at Halfords", "bike", "300.00", "GBP", "Halfords"),
    ("got my kid a bike at Halfords, £230", "bike", "230.00", "GBP", "Halfords"),
    ("got her a scarf from Zara for 40 euros", "scarf", "40.00", "EUR", "Zara"),
])
def test_money_words_and_indirect_objects_do_not_hide_a_purchase(text: str, item: str, amount: str, currency: str, vendor: str) -> None:
    facts = _facts(text, "2026-03-04", "Purchase")
    assert len(facts) == 1
    slots = facts[0].slots
    assert (slots["item"], str(slots["amount"]), slots["currency"], slots.get("vendor")) == (item, amount, currency, vendor)


@pytest.mark.parametrize(("text", "item"), [
    ("sent the rice cooker back to Target today", "rice cooker"),
    ("took those running shoes back yesterday", "running shoes"),
    ("brought the lamp back to IKEA", "lamp"),
])
def test_an_item_sent_or_taken_back_is_returned_and_the_day_is_no_purchase_date(text: str, item: str) -> None:
    facts = _facts(text, "2026-11-16", "Purchase")
    assert len(facts) == 1
    assert facts[0].slots["item"] == item
    assert facts[0].slots.get("status") == "returned"
    assert "date" not in facts[0].slots


def test_a_return_naming_when_it_was_bought_keeps_that_date() -> None:
    facts = _facts("returned the kettle I bought on March 1", "2026-03-04", "Purchase")
    assert len(facts) == 1 and str(facts[0].slots.get("date")) == "2026-03-01"


@pytest.mark.parametrize(("text", "topic", "value"), [
    ("I really don't like sushi", "sushi", "dislike"),
    ("I can't stand cilantro", "cilantro", "dislike"),
    ("I love Thai food", "thai food", "like"),
    ("i hate musicals", "musicals", "dislike"),
])
def test_a_plain_like_or_dislike_names_the_thing_and_its_polarity(text: str, topic: str, value: str) -> None:
    facts = _facts(text, "2026-03-04", "Preference")
    assert [(str(f.slots["topic"]).lower(), f.slots["value"]) for f in facts] == [(topic, value)]


@pytest.mark.parametrize(("text", "value"), [
    ("I hate red-eyes, they wreck me", "dislike"),
    ("don't ever book me a red-eye again", "never"),
    ("never book me on a red-eye", "never"),
])
def test_a_feeling_about_red_eyes_is_not_a_booking_rule(text: str, value: str) -> None:
    facts = _facts(text, "2026-03-04", "Preference")
    assert [(f.slots["topic"], f.slots["value"]) for f in facts] == [("red-eye flights", value)]


def test_never_more_than_is_a_limit() -> None:
    facts = _facts("never more than 150 a night on hotels pls", "2026-08-26", "Preference")
    assert len(facts) == 1
    assert str(facts[0].slots["limit"]) == "150.00"
    assert "hotel" in str(facts[0].slots["topic"])


@pytest.mark.parametrize("text", [
    "Maybe someday I'll renew my gym membership, who knows",
    "thinking about renewing Netflix",
])
def test_a_service_only_thought_of_is_no_subscription(text: str) -> None:
    assert _facts(text, "2026-02-03", "Subscription") == []
