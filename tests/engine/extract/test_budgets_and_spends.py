"""Budgets and caps set in a message, and food spending logged in passing, read across sentences."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.extract.builders.budgets import money_policies
from engine.extract.builders.spends import logged_spends
from tests.engine.extract.helpers import Log

DAY = dt.date(2026, 2, 27)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Starting March I want to keep eating out, takeout included, to $300 a month max. If I'm about to go over, tell me.",
         {"kind": "budget", "about": "eating out and takeout", "limit": "300.00", "per": "month", "start": "2026-03-01",
          "category": "restaurant"}),
        # the budget named in one sentence, its amount and month in the next
        ("I'm putting myself on a takeout budget. $150 for the whole of April on delivery and takeout, that's the cap.",
         {"kind": "budget", "about": "delivery and takeout", "limit": "150.00", "per": "month", "start": "2026-04-01",
          "end": "2026-04-30", "category": "restaurant"}),
        ("The client only reimburses hotels up to $180 a night, anything over comes out of my pocket.",
         {"kind": "limit", "about": "hotels", "limit": "180.00", "per": "night"}),
        ("My coffee budget is $40 a week from now on.", {"kind": "budget", "about": "coffee", "limit": "40.00", "per": "week"}),
    ],
)
def test_a_budget_or_cap_is_a_policy(text: str, expected: dict[str, str]) -> None:
    [draft] = money_policies(text, DAY)
    assert draft.frame == "Policy"
    assert {k: draft.slots.get(k) for k in expected} == expected


@pytest.mark.parametrize(
    "text",
    [
        "My Visa limit is $3,000 and I've already got about 2,650 on it.",  # a card's credit limit
        "Capital One raised my limit to $4,500!",
        "Should I cap groceries at $500 a month?",  # asked, not set
        "I went over my $300 budget on eating out again.",  # a report
        "The hotel is $215 a night.",  # a price
    ],
)
def test_no_policy_where_no_rule_is_set(text: str) -> None:
    assert money_policies(text, DAY) == []


def test_spends_listed_without_verbs_are_purchases() -> None:
    text = ("Small confession: I got Thai on Tuesday ($38) because a client call ran late. And pizza Friday night, "
            "27 with the tip. Still fine though, right?")
    got = [(d.slots["item"], d.slots["amount"], d.slots["date"], d.slots["category"]) for d in logged_spends(text, dt.date(2026, 4, 12), [])]
    assert got == [("thai", "38.00", "2026-04-07", "restaurant"), ("pizza", "27.00", "2026-04-10", "restaurant")]


def test_a_share_of_the_bill_after_a_dinner_sentence_is_a_meal() -> None:
    text = "Jake's birthday dinner was last night at that steakhouse. We split the bill evenly and my share came to $118, ugh."
    [d] = logged_spends(text, dt.date(2026, 3, 26), [])
    assert (d.slots["item"], d.slots["amount"]) == ("meal", "118.00")


@pytest.mark.parametrize(
    "text",
    [
        "The tasting menu is $180 a head, should we go?",  # a price and a question
        "I'm planning dinner at Nobu next week, probably $200.",  # a plan
        "My rent is $1,800 and the car payment $300.",  # not food
        "She paid $60 for the pizza.",  # someone else's spending
    ],
)
def test_no_spend_from_prices_plans_or_others(text: str) -> None:
    assert logged_spends(text, dt.date(2026, 4, 12), []) == []


def test_a_month_of_logged_meals_goes_over_the_budget_in_the_log() -> None:
    log = Log()
    log.say("Starting March I want to keep eating out to $300 a month max.", DAY)
    spends = log.say("Sushi with Priya last Friday, $86 with tip. Tacos on Tuesday were $41. Brunch this morning was $57.",
                     dt.date(2026, 3, 14))
    share = log.say("Birthday dinner last night at the steakhouse. We split the bill and my share came to $118.", dt.date(2026, 3, 26))
    amounts = sorted(f.slots["amount"] for f in spends + share if f.frame == "Purchase")
    assert amounts == ["118.00", "41.00", "57.00", "86.00"]
    assert [f.slots["kind"] for f in log.facts if f.frame == "Policy"] == ["budget"]


@pytest.mark.parametrize(
    "text",
    [
        "I don't want a budget for eating out anymore, no more $300 a month cap.",  # lifted, not set
        "Our grocery budget was $500 a month back in 2023.",  # the past
        "Our grocery bill is usually up to $250 a week.",  # a habit
        "My partner's eating out budget is $250 a month.",  # someone else's
        "Emma gets an allowance of $20 a week.",  # pocket money
    ],
)
def test_no_policy_from_lifted_past_habitual_or_others_budgets(text: str) -> None:
    assert money_policies(text, DAY) == []
