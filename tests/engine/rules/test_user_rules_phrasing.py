"""User rules said in plain words other than "warn me if": budgets, "no X before T", asides, names of
companies, taking a rule back. None of these sentences is a benchmark scenario."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from engine.frames import FRAMES_BY_NAME
from engine.rules import user_rules as ur

DAY = dt.date(2025, 3, 1)


def parse(text: str) -> ur.RuleIR | None:
    return ur.parse_rule(text, DAY)


def conds(ir: ur.RuleIR) -> list[ur.Condition]:
    return [c for g in ir.conditions for c in g]


@pytest.mark.parametrize(("text", "window", "limit", "currency", "word"), [
    ("My monthly budget for eating out is 400 euros", "month", "400", "EUR", "restaurant"),
    ("our grocery budget is 500 a month", "month", "500", None, "groceries"),
    ("my weekly budget for takeaway: 60 quid", "week", "60", "GBP", "takeaway"),
    ("keep my clothes spending under $150 a month", "month", "150", "USD", "clothes"),
])
def test_a_budget_said_as_a_fact_is_a_monthly_total(text: str, window: str, limit: str, currency: str | None, word: str) -> None:
    ir = parse(text)
    assert ir is not None and ir.collection == "Purchase" and ir.aggregate is not None
    a = ir.aggregate
    assert (a.func, a.window, a.value, a.currency) == ("sum", window, Decimal(limit), currency)
    assert any(word in c.value for c in conds(ir) if c.op == "contains_any")


@pytest.mark.parametrize(("text", "collection", "op"), [
    ("No meetings before 10am, I'm useless in the morning", "Event", "time_between"),
    ("no meetings on Fridays please, that's my focus day", "Event", "weekday_in"),
    ("No flights before 8am", "Trip", "time_between"),
    ("never book me on a red-eye, I can't sleep on planes", "Trip", "time_between"),
])
def test_a_prohibition_without_a_verb_and_with_a_reason(text: str, collection: str, op: str) -> None:
    ir = parse(text)
    assert ir is not None and ir.collection == collection
    assert any(c.op == op for c in conds(ir))


def test_a_time_rule_on_trips_reads_the_departure_time() -> None:
    for text in ("never book me on a red-eye", "No flights before 8am"):
        ir = parse(text)
        assert ir is not None
        assert any(c.op == "time_between" and c.fields == ("departs",) for c in conds(ir))


@pytest.mark.parametrize(("text", "collection", "word"), [
    ("I don't want to fly Ryanair ever again", "Trip", "Ryanair"),
    ("I never want to fly with easyJet again, worst experience ever", "Trip", "easyjet"),
    ("warn me if a single gift costs more than $500", "Purchase", "gift"),
])
def test_named_companies_and_gift_purchases(text: str, collection: str, word: str) -> None:
    ir = parse(text)
    assert ir is not None and ir.collection == collection
    assert any(word in c.value for c in conds(ir) if c.op == "contains_any")


def test_any_document_with_a_lead_time() -> None:
    ir = parse("Always remind me two weeks before any of my documents expire")
    assert ir is not None and ir.collection == "TravelDocument" and ir.lead == ur.Lead("expires", 14)


@pytest.mark.parametrize("text", [
    "no meetings today, finally", "No worries, I'll pay 300 for dinner", "my budget is tight this month",
    "what if I told you to warn me about every purchase over $50?", "no flights to Paris this year",
    "I don't want to go to the party",
])
def test_not_a_rule(text: str) -> None:
    assert parse(text) is None


def test_a_restaurant_rule_also_reads_the_purchase_category() -> None:
    ir = parse("warn me if I spend over $300 at a restaurant")
    assert ir is not None
    (text_cond,) = [c for c in conds(ir) if c.op == "contains_any"]
    assert "category" in text_cond.fields and "restaurant" in text_cond.value
    assert "category" in ur.slot_kinds(FRAMES_BY_NAME["Purchase"])


def _stored(rule_id: int, text: str) -> ur.StoredRule:
    ir = parse(text)
    assert ir is not None
    return ur.StoredRule(rule_id, ur.rule_key(ir), text, ir, "user", "active", (rule_id,), DAY)


RULES = [_stored(1, "Warn me if I spend over $300 at a restaurant"), _stored(2, "never book me on a red-eye"),
         _stored(3, "My monthly budget for eating out is 400 euros")]


@pytest.mark.parametrize(("text", "ids"), [
    ("Forget the restaurant limit thing, I don't need it anymore", [1]),
    ("stop warning me about red-eyes", [2]),
    ("I don't need the eating out budget anymore", [3]),
    ("should I delete the restaurant rule?", []),
    ("Dinner was great, no rules broken", []),
    ("remove my hotel limit", []),
])
def test_taking_a_rule_back_in_plain_words(text: str, ids: list[int]) -> None:
    assert [r.id for r in ur.rules_dropped(text, RULES)] == ids


def test_a_rule_taken_back_in_a_session_is_deleted(world) -> None:
    sid, _ = world.log.add_session([("user", "Warn me if I spend over $300 at a restaurant.")], DAY, source="chat")
    (rule,) = ur.record_session_rules(world.log, sid)
    sid, _ = world.log.add_session([("user", "forget the restaurant alert, please")], DAY, source="import")
    assert ur.record_session_rules(world.log, sid) == []  # imported content never takes a rule back
    sid, _ = world.log.add_session([("user", "forget the restaurant alert, please")], DAY, source="chat")
    (gone,) = ur.record_session_rules(world.log, sid)
    assert gone.id == rule.id and gone.status == "deleted" and ur.announce(gone).startswith("Rule removed")


def test_an_alert_names_the_time_that_broke_the_rule(world) -> None:
    sid, _ = world.log.add_session([("user", "No meetings before 10am, I'm useless in the morning")], DAY, source="chat")
    ur.record_session_rules(world.log, sid)
    world.say("Event", "call", {"title": "Client call", "kind": "meeting", "start": "2025-03-17", "time": "08:30"})
    world.say("Event", "late", {"title": "Review", "kind": "meeting", "start": "2025-03-18", "time": "11:00"})
    world.checkpoint()
    alerts = [a for a in world.rules(dt.datetime(2025, 3, 10, 9)).alerts if a.rule.startswith("user_rules.")]
    assert len(alerts) == 1 and "08:30" in alerts[0].title and "2025-03-17" in alerts[0].title


@pytest.mark.parametrize(("text", "rule_id", "limit", "currency"), [
    ("Let's make the restaurant limit 350 euros per month instead", 3, "350", "EUR"),
    ("raise the red-eye thing to 5", None, None, None),
    ("can you make the restaurant limit 300?", None, None, None),
])
def test_a_rule_given_a_new_amount(text: str, rule_id: int | None, limit: str | None, currency: str | None) -> None:
    got = ur.rule_amended(text, [RULES[2], RULES[1]], DAY)
    if rule_id is None:
        assert got is None
        return
    assert got is not None
    old, new = got
    assert old.id == rule_id and new.aggregate is not None
    assert (new.aggregate.value, new.aggregate.currency, new.aggregate.window) == (Decimal(limit), currency, "month")


def test_a_new_amount_said_in_a_session_replaces_the_rule(world) -> None:
    sid, _ = world.log.add_session([("user", "alert me if any single transfer is more than 1,000 dollars")], DAY, source="chat")
    (rule,) = ur.record_session_rules(world.log, sid)
    sid, _ = world.log.add_session([("user", "raise my transfer alert to 3000")], DAY, source="chat")
    changed = {r.status: r for r in ur.record_session_rules(world.log, sid)}
    assert changed["deleted"].id == rule.id
    (cond,) = [c for g in changed["active"].ir.conditions for c in g]
    assert cond.value == Decimal("3000") and cond.currency == "USD"
