"""More ways to say a user rule: bare budgets, "I'm trying to keep X under N", a closing
interjection, words that only lead to a spending category, rides, and booking with an airline.
None of these sentences is a benchmark scenario."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from engine.rules import user_rules as ur

DAY = dt.date(2025, 3, 1)


def parse(text: str) -> ur.RuleIR | None:
    return ur.parse_rule(text, DAY)


def conds(ir: ur.RuleIR) -> list[ur.Condition]:
    return [c for g in ir.conditions for c in g]


def words(ir: ur.RuleIR) -> list[tuple[str, ...]]:
    return [tuple(c.value) for c in conds(ir) if c.op == "contains_any"]


@pytest.mark.parametrize(("text", "window", "limit", "currency", "word"), [
    ("coffee budget is 50 a week", "week", "50", None, "coffee"),
    ("Gadgets budget is €120 per month, keep me honest", "month", "120", "EUR", "electronics"),
    ("im trying to keep takeout under 80 bucks a week", "week", "80", "USD", "takeout"),
    ("we're trying to keep groceries under 600 a month", "month", "600", None, "groceries"),
    ("I'd like to keep bars under 100 quid a month", "month", "100", "GBP", "pub"),
])
def test_a_budget_said_bare_or_as_an_effort(text: str, window: str, limit: str, currency: str | None, word: str) -> None:
    ir = parse(text)
    assert ir is not None and ir.collection == "Purchase" and ir.aggregate is not None
    a = ir.aggregate
    assert (a.func, a.window, a.value, a.currency) == ("sum", window, Decimal(limit), currency)
    assert len(words(ir)) == 1 and word in words(ir)[0]


@pytest.mark.parametrize("text", [
    "Her clothes budget is 200 a month",
    "the marketing budget is 50k",
    "their travel budget is 3000",
])
def test_someone_elses_budget_is_not_a_rule(text: str) -> None:
    assert parse(text) is None


@pytest.mark.parametrize(("text", "collection"), [
    ("no meetings after 6pm, seriously", "Event"),
    ("warn me if I spend over $80 on booze, keep me honest", "Purchase"),
    ("no flights before 6am, for real", "Trip"),
])
def test_a_closing_interjection_is_not_part_of_the_rule(text: str, collection: str) -> None:
    ir = parse(text)
    assert ir is not None and ir.collection == collection


def test_an_interjection_that_is_not_last_still_blocks_an_unclear_rule() -> None:
    assert parse("warn me if I spend over $80, seriously at the casino and the races") is None


@pytest.mark.parametrize(("text", "limit", "word"), [
    ("tell me if I spend more than 60 on drinks at once", "60", "pub"),
    ("flag it if I pay over 90 for a pair of sneakers", "90", "clothes"),
    ("ping me when I pay more than 12 for a cup of coffee", "12", "coffee"),
])
def test_words_leading_to_a_category_add_no_condition(text: str, limit: str, word: str) -> None:
    ir = parse(text)
    assert ir is not None and ir.collection == "Purchase" and ir.aggregate is None
    assert len(words(ir)) == 1 and word in words(ir)[0]  # no literal "pair of", "cup of", "once"
    (amount,) = [c for c in conds(ir) if c.op == "gt"]
    assert amount.value == Decimal(limit)


@pytest.mark.parametrize(("text", "currency"), [
    ("ping me when a cab ride costs over 30 quid", "GBP"),
    ("flag any Lyft ride over 45 dollars", "USD"),
    ("alert me if an uber costs more than 25", None),
])
def test_a_ride_over_an_amount(text: str, currency: str | None) -> None:
    ir = parse(text)
    assert ir is not None and ir.collection == "Purchase"
    assert len(words(ir)) == 1 and "uber" in words(ir)[0] and "taxi" in words(ir)[0]
    (amount,) = [c for c in conds(ir) if c.op == "gt"]
    assert amount.currency == currency


def test_uber_eats_is_dining_not_a_ride() -> None:
    ir = parse("warn me if an uber eats order is over 40")
    assert ir is not None and "restaurant" in words(ir)[0] and "taxi" not in words(ir)[0]


@pytest.mark.parametrize("text", ["don't ever book me on easyJet", "never book me with Lufthansa again"])
def test_booking_with_an_airline_is_a_trip(text: str) -> None:
    ir = parse(text)
    assert ir is not None and ir.collection == "Trip"
    (cond,) = conds(ir)
    assert "carrier" in cond.fields


@pytest.mark.parametrize(("text", "collection"), [
    ("never book meetings with Delta", "Event"),  # a meeting with people from an airline is still a meeting
    ("warn me if I spend over $500 on Delta", "Purchase"),
    ("never book me with Dr Patel", "Event"),
])
def test_an_airline_does_not_override_what_the_user_named(text: str, collection: str) -> None:
    ir = parse(text)
    assert ir is not None and ir.collection == collection


def test_a_booking_with_a_banned_airline_raises_an_alert(world) -> None:
    sid, _ = world.log.add_session([("user", "Never book me on Ryanair, I mean it")], DAY, source="chat")
    (rule,) = ur.record_session_rules(world.log, sid)
    assert rule.status == "active"
    world.say("Trip", "dublin", {"destination": "Dublin", "carrier": "Ryanair", "transport": "flight",
                                 "start": "2025-04-03", "status": "booked"})
    world.say("Trip", "lisbon", {"destination": "Lisbon", "carrier": "TAP", "transport": "flight",
                                 "start": "2025-05-03", "status": "booked"})
    world.checkpoint()
    alerts = [a for a in world.rules(dt.datetime(2025, 3, 10, 9)).alerts if a.rule.startswith("user_rules.")]
    assert len(alerts) == 1 and "Dublin" in alerts[0].title + alerts[0].message


@pytest.mark.parametrize(("text", "window", "limit", "word"), [
    ("my budget for clothes is 150/month", "month", "150", "clothes"),
    ("spending cap on restaurants is 300 a month", "month", "300", "restaurant"),
    ("I can only spend 200 a week on coffee", "week", "200", "coffee"),
    ("we should spend no more than 500 on groceries per month", "month", "500", "groceries"),
])
def test_more_ways_to_state_a_budget(text: str, window: str, limit: str, word: str) -> None:
    ir = parse(text)
    assert ir is not None and ir.aggregate is not None
    assert (ir.aggregate.window, ir.aggregate.value) == (window, Decimal(limit))
    assert word in words(ir)[0]


@pytest.mark.parametrize("text", ["I can spend 200 on clothes", "i can only spend time with family on sundays"])
def test_what_the_user_can_spend_is_a_limit_only_when_said_as_one(text: str) -> None:
    assert parse(text) is None


@pytest.mark.parametrize("text", ["I dont want any flights before 8am", "no flights that leave before 7 am"])
def test_an_early_flight_said_loosely(text: str) -> None:
    ir = parse(text)
    assert ir is not None and ir.collection == "Trip"
    assert any(c.op == "time_between" and "departs" in c.fields for c in conds(ir))


@pytest.mark.parametrize("text", ["I dont want to go to the party", "I dont want any drama"])
def test_a_feeling_without_apostrophes_is_not_a_rule(text: str) -> None:
    assert parse(text) is None
