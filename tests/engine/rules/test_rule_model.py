"""Rules read by the model: what code accepts from a proposal, rules over learned collections, and
the rule's own tests (positive and near miss) run in the sandbox before a rule is stored."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from engine.learn.collection import LearnedField, new_collection
from engine.learn.propose import offer
from engine.rules.rule_compile import rule_function
from engine.rules.rule_ir import (
    Aggregate,
    Condition,
    InvalidRule,
    Lead,
    Learned,
    RuleIR,
    describe,
    ir_from_json,
)
from engine.rules.rule_model import asks_for_a_rule, to_ir
from engine.rules.rule_selftest import self_test

DAY = dt.date(2026, 3, 2)
BP = Learned("blood_pressure", (("date", "date"), ("systolic", "float")))


def _proposal(text: str, **answer: object) -> tuple[object, object]:
    o = offer(text, DAY)
    ids = {c.surface.strip(" .,"): c.id for c in (*o.money, *o.times)} | {q.surface: q.id for q in o.quantities}
    if isinstance(answer.get("value"), str) and answer["value"].startswith("@"):
        answer["value"] = ids[answer["value"][1:]]
    return {"instruction": True, **answer}, o


def test_a_learned_collection_rule_round_trips_and_compiles() -> None:
    ir = RuleIR("BloodPressure", ((Condition(("systolic",), "gt", Decimal(140)),),), learned=BP)
    again = ir_from_json(ir.dumps())
    assert again == ir
    source = rule_function(3, again)
    assert "_collection(state, 'imports', 'blood_pressure', 'BloodPressure')" in source
    assert describe(ir) == "when blood pressure where systolic over 140"


def test_a_learned_rule_with_unusable_names_is_refused() -> None:
    bad = Learned("blood pressure", (("date", "date"),))
    with pytest.raises(InvalidRule):
        ir_from_json(RuleIR("BloodPressure", learned=bad).dumps())
    with pytest.raises(InvalidRule):
        ir_from_json(RuleIR("Trip", learned=BP).dumps())  # a built-in frame's name


@pytest.mark.parametrize(
    "ir",
    [
        RuleIR("BloodPressure", ((Condition(("systolic",), "gt", Decimal(140)),),), learned=BP),
        RuleIR("Purchase", ((Condition(("amount",), "gt", Decimal(250), "EUR"),),)),
        RuleIR("Purchase", ((Condition(("item", "vendor", "category"), "contains_any", ("waitrose",)),),),
               Aggregate("sum", "amount", "month", "date", "gt", Decimal(100))),
        RuleIR("Drinks", (), Aggregate("count", None, "week", "date", "gt", Decimal(10)),
               learned=Learned("drinks", (("date", "date"),))),
        RuleIR("Subscription", (), lead=Lead("renewal", 10)),
        RuleIR("Trip", ((Condition(("departs",), "lt", "07:00"),),), since=dt.date(2026, 9, 1)),
    ],
)
def test_compiled_rules_pass_their_own_tests(ir: RuleIR) -> None:
    assert self_test(ir).ok


def test_a_rule_that_cannot_fire_fails_its_own_tests() -> None:
    never = RuleIR("Trip", ((Condition(("departs",), "lt", "00:00"),),))  # nothing departs before midnight
    result = self_test(never)
    assert not result.ok and "does not fire" in result.reason


def test_a_budget_said_as_under_fires_when_it_is_exceeded() -> None:
    raw, o = _proposal("Trying to keep groceries under $150 a week. If we go over, let me know.",
                       collection="purchases", field="amount", op="lt", value="@$150", words=["groceries"],
                       total="sum", per="week")
    rule = to_ir(raw, o, {}, [])
    assert not isinstance(rule, str)
    assert rule.ir.aggregate is not None and rule.ir.aggregate.op == "gt" and rule.ir.aggregate.value == 150


def test_a_rule_on_a_kind_not_yet_recorded_creates_its_collection() -> None:
    raw, o = _proposal("If my top number is ever above 140, warn me.", collection="blood_pressure",
                       field="systolic", op="gt", value="@140", words=[], total="none", per="none")
    rule = to_ir(raw, o, {}, [])
    assert not isinstance(rule, str)
    assert rule.collection is not None and rule.collection.name == "blood_pressure"
    assert [f.name for f in rule.collection.fields] == ["date", "systolic"]
    assert rule.ir.learned is not None and rule.ir.frame.collection == "blood_pressure"


def test_a_rule_reuses_an_existing_collection_in_its_unit() -> None:
    weigh = new_collection("weigh_ins", [LearnedField("date", "date"), LearnedField("weight_kg", "float", "kg")], [])
    raw, o = _proposal("Warn me if I'm ever over 200 lbs again.", collection="weigh_ins", field="weight", op="gt",
                       value="@200 lbs", words=[], total="none", per="none")
    rule = to_ir(raw, o, {"weigh_ins": weigh}, [])
    assert not isinstance(rule, str) and rule.collection is None
    (cond,) = rule.ir.conditions[0]
    assert cond.fields == ("weight_kg",) and round(cond.value, 1) == Decimal("90.7")


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        ({"instruction": False}, "not an instruction"),
        ({"instruction": True, "collection": "purchases", "field": "amount", "op": "gt", "value": "M9"}, "no limit"),
        ({"instruction": True, "collection": "purchases", "field": "amount", "op": "gt", "value": "Q1"}, "not plain numbers"),
    ],
)
def test_proposals_code_refuses(raw: dict, why: str) -> None:
    o = offer("Flag it if I spend more than 40 at once.", DAY)
    got = to_ir(raw, o, {}, [])
    assert isinstance(got, str) and why.split()[-1] in got


def test_the_gate_lets_instructions_through_and_small_talk_not() -> None:
    assert asks_for_a_rule("wednesday mornings = deep work. nothing before noon. if i book something there, say so.")
    assert asks_for_a_rule("Keep me honest about clothes shopping please. £100 a month is plenty.")
    assert not asks_for_a_rule("Had a lovely walk by the river with Sam, then pizza.")


@pytest.mark.parametrize(
    ("sentence", "said_elsewhere"),
    [
        ("I told her: set a hard cap of $200 a month on eating out.", True),
        ("Katrin told the team: 'Flag it to me if any invoice comes in over €5,000.'", True),
        ("Told my mate Dev he needs a rule, no more than £30 on a night out.", True),
        ("If I haven't said he's had it by the evening, remind me.", False),
        ("Tell me if I spend more than $40 at once.", False),
    ],
)
def test_words_said_to_or_by_someone_else_make_no_rule(sentence: str, said_elsewhere: bool) -> None:
    from engine.rules.rule_model import reported

    assert reported(sentence) is said_elsewhere
