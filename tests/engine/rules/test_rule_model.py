"""Rules read by the model: what code accepts from a proposal, rules over learned collections, and
the rule's own tests (positive and near miss) run in the sandbox before a rule is stored."""

from __future__ import annotations

import datetime as dt
import json
import re
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
from engine.rules.rule_model import asks_for_a_rule, asks_for_advice, to_ir
from engine.rules.rule_selftest import self_test

DAY = dt.date(2026, 3, 2)
BP = Learned("blood_pressure", (("date", "date"), ("systolic", "float")))


def _proposal(text: str, **answer: object) -> tuple[object, object]:
    o = offer(text, DAY)
    ids = {c.surface.strip(" .,"): c.id for c in (*o.money, *o.times)} | {q.surface: q.id for q in o.quantities}
    if isinstance(answer.get("value"), str) and answer["value"].startswith("@"):
        answer["value"] = ids[answer["value"][1:]]
    total = answer.get("total", "none")
    return {"kind": "each" if total == "none" else "total", **answer}, o


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
    assert rule.ir.aggregate is not None and rule.ir.aggregate.op == "ge" and rule.ir.aggregate.value == 150


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
        ("not an object", "no rule read"),
        ({"collection": "purchases", "field": "amount", "op": "gt", "value": "M9"}, "no limit"),
        ({"collection": "purchases", "field": "amount", "op": "gt", "value": "Q1"}, "not plain numbers"),
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


# -- reminders: a date the message gives, a lead time it says, what is due in its words ------------


def _reminder(text: str, **answer: object) -> tuple[dict[str, object], object]:
    from engine.rules.lead_time import find_leads

    o = offer(text, DAY)
    ids = {c.surface.strip(" .,"): c.id for c in o.dates} | {c.surface: c.id for c in find_leads(text)}
    for key in ("date", "before"):
        if isinstance(answer.get(key), str) and str(answer[key]).startswith("@"):
            answer[key] = ids[str(answer[key])[1:]]
    return {"kind": "reminder", **answer}, o


@pytest.mark.parametrize(
    ("text", "before", "days"),
    [
        ("The allotment lease renews on 30 June. Nudge me three weeks ahead, would you?", "@three weeks ahead", 21),
        ("Dentist check-up on 14 April, remind me the day before.", "@the day before", 1),
        ("Council tax appeal closes 20 May; tell me a fortnight before.", "@20 May", None),
        ("Council tax appeal closes 20 May; tell me on the day.", "none", 0),
    ],
)
def test_a_reminder_counts_down_to_a_deadline_of_its_own(text: str, before: str, days: int | None) -> None:
    about = text.split(" on ")[0].split(" closes ")[0] if "Dentist" not in text else "Dentist check-up"
    raw, o = _reminder(text, date="@" + ("30 June" if "June" in text else "14 April" if "April" in text else "20 May"),
                       before=before, about=about)
    if days is None:  # the earlier day named by a date candidate instead of a lead time
        from engine.learn.propose import offer as again

        earlier = next(c for c in again(text, DAY).dates if "fortnight" in c.surface)
        raw["before"], days = earlier.id, 14
    rule = to_ir(raw, o, {}, [])
    assert not isinstance(rule, str), rule
    assert rule.deadline is not None and rule.deadline.about == about
    assert rule.ir.collection == "Deadline" and rule.ir.lead is not None and rule.ir.lead.days == days
    assert self_test(rule.ir).ok


@pytest.mark.parametrize(
    ("text", "answer", "why"),
    [
        ("The boiler service was on 20 February. Remind me a week before next time.",
         {"date": "@20 February", "before": "@a week before", "about": "boiler service"}, "passed"),
        ("The boiler service is on 20 March. Remind me a week before.",
         {"date": "@20 March", "before": "@a week before", "about": "gas inspection"}, "name what is due"),
        ("The boiler service is sometime in March. Remind me a week before.",
         {"date": "D1", "before": "@a week before", "about": "boiler service"}, "no date"),
        ("The boiler service is on 20 March. Remind me a week before.",
         {"date": "@20 March", "before": "L7", "about": "boiler service"}, "no lead time"),
    ],
)
def test_reminders_code_refuses(text: str, answer: dict[str, object], why: str) -> None:
    raw, o = _reminder(text, **answer)
    got = to_ir(raw, o, {}, [])
    assert isinstance(got, str) and why in got


def test_lead_times_are_read_in_code() -> None:
    from engine.rules.lead_time import find_leads

    found = [(c.surface, c.days) for c in find_leads(
        "Ping me ten days beforehand, or the night before at the latest; 2 weeks in advance of the trip is ideal.")]
    assert found == [("ten days beforehand", 10), ("the night before", 1), ("2 weeks in advance of", 14)]
    assert find_leads("I ran 5 days in a row before work") == []


def _with_the_real_model(tmp_path):  # noqa: ANN001, ANN202
    """A service on a fresh profile with the embedded model (skips when it is not installed)."""
    from engine.llm.catalog import DEFAULT_MODEL, find
    from engine.llm.install import installed_path
    from engine.llm.llama import LlamaBackend
    from engine.profile import Profile
    from engine.service import Service

    path = installed_path(find(DEFAULT_MODEL))
    if not path.is_file():
        pytest.skip("the embedded model is not installed")
    return Service(Profile.open(tmp_path / "p"), LlamaBackend(path, deadline_s=180), use_model=True)


@pytest.mark.model
def test_the_real_model_states_a_reminder_that_fires_in_its_window(tmp_path) -> None:  # noqa: ANN001
    from engine.rules.user_rules import load_rules

    svc = _with_the_real_model(tmp_path)
    try:
        svc.ingest("Right, the van's road tax runs out on 18 September. Give me a shout a week before so I can renew it.",
                   dt.date(2026, 6, 1))
        rules = [r for r in load_rules(svc.log.facts()) if r.status == "active"]
        deadlines = [f for f in svc.log.facts(domain="calendar") if f.frame == "Deadline"]
        early = [a for a in svc.evaluate(dt.datetime(2026, 9, 4, 9)).active if a.rule.startswith("user_rules.")]
        due = [a for a in svc.evaluate(dt.datetime(2026, 9, 12, 9)).active if a.rule.startswith("user_rules.")]
    finally:
        svc.close()
    assert len(rules) == 1 and rules[0].ir is not None and rules[0].ir.lead is not None
    assert any(f.slots.get("due") == "2026-09-18" for f in deadlines)
    assert early == [] and len(due) == 1 and "tax" in due[0].title.lower()


class _RuleReader:
    """A backend whose rule reading is scripted (and whose message reading finds nothing), so the
    hand-over between the phrase parser and the model is tested without the model's judgement."""

    name = "scripted"

    def __init__(self, rule_answer: dict[str, object] | None, whose: str = "mine") -> None:
        self.rule_answer = rule_answer
        self.whose = whose
        self.asked = 0

    def choose(self, request):  # noqa: ANN001, ANN201
        return dict(request.defaults)

    def propose(self, request):  # noqa: ANN001, ANN201
        from engine.errors import ModelError
        from engine.rules.rule_model import prefix, whose_prefix

        if request.prefix == whose_prefix():
            return {"whose": self.whose}
        if request.prefix != prefix():
            return {"records": []}
        self.asked += 1
        if self.rule_answer is None:
            raise ModelError("the model failed on a request")
        return self.rule_answer

    def close(self) -> None:
        pass


def _ingested(tmp_path, backend) -> tuple[list, list]:  # noqa: ANN001
    """The active rules and the model's deadlines after ingesting REMINDER with ``backend``."""
    from engine.profile import Profile
    from engine.rules.user_rules import load_rules
    from engine.service import Service

    svc = Service(Profile.open(tmp_path / "p"), backend, use_model=True)
    try:
        svc.ingest(REMINDER, dt.date(2026, 6, 1))
        rules = [r for r in load_rules(svc.log.facts()) if r.status == "active"]
        deadlines = [f for f in svc.log.facts(domain="calendar") if f.frame == "Deadline" and f.extractor == "model"]
    finally:
        svc.close()
    return rules, deadlines


REMINDER = "Right, the van's road tax runs out on 18 September. Give me a shout a week before so I can renew it."


@pytest.mark.parametrize(
    ("answer", "whose", "kind"),
    [
        ({"kind": "reminder", "date": "D1", "before": "L1", "about": "the van's road tax"}, "mine", "model"),
        ({"kind": "reminder", "date": "D1", "before": "L1", "about": "the van's road tax"}, "past", "parser"),
        (None, "mine", "parser"),  # the model fails: the parser's reading is kept
    ],
)
def test_a_parsed_reminder_about_a_dated_thing_is_the_models_to_read_first(tmp_path, answer, whose, kind) -> None:  # noqa: ANN001
    backend = _RuleReader(answer, whose)
    rules, deadlines = _ingested(tmp_path, backend)
    assert backend.asked == (whose == "mine") and len(rules) == 1 and rules[0].ir is not None and rules[0].ir.lead is not None
    if kind == "model":
        assert rules[0].ir.collection == "Deadline" and rules[0].ir.lead.days == 7
        assert [f.slots["due"] for f in deadlines] == ["2026-09-18"]
    else:  # the phrase parser's own reading, over the frame's date field
        assert rules[0].ir.collection != "Deadline" and deadlines == []


# -- quiet spells: "if a week goes by with no practice" --------------------------------------------


def test_a_quiet_spell_round_trips_compiles_and_passes_its_own_tests() -> None:
    from engine.rules.rule_ir import Absence

    ir = RuleIR("PracticeSessions", (), absence=Absence(4), since=DAY,
                learned=Learned("practice_sessions", (("date", "date"),)))
    assert ir_from_json(ir.dumps()) == ir
    assert describe(ir) == "when 4 day(s) pass with no practice sessions"
    assert self_test(ir).ok
    with pytest.raises(InvalidRule):
        ir_from_json(RuleIR("Account", absence=Absence(3)).dumps())  # no date to tell a spell by
    with pytest.raises(InvalidRule):
        ir_from_json(RuleIR("Purchase", absence=Absence(0)).dumps())


def test_a_quiet_spell_is_read_from_a_span_the_message_says() -> None:
    from engine.rules.lead_time import find_spans

    text = "If a whole week goes by without a call to Gran, tell me."
    o = offer(text, DAY)
    (span,) = find_spans(text)
    rule = to_ir({"kind": "absence", "collection": "calls", "words": [], "span": span.id}, o, {}, [])
    assert not isinstance(rule, str)
    assert rule.ir.absence is not None and rule.ir.absence.days == 7
    assert rule.collection is not None and rule.collection.name == "calls"
    refused = to_ir({"kind": "absence", "collection": "calls", "span": "P9"}, o, {}, [])
    assert isinstance(refused, str) and "span" in refused


def _run_quiet(days_since_last: int | None, stated_days_ago: int) -> int:
    """How many alerts a 5-day quiet-spell rule raises, run in the sandbox like every rule."""
    import json as _json
    import shutil
    import tempfile
    from pathlib import Path

    from engine import sandbox
    from engine.project.naming import attr
    from engine.rules.rule_compile import _HEADER
    from engine.rules.rule_ir import Absence
    from engine.rules.rule_lexicon import lexicon
    from engine.rules.rule_selftest import _PROBE, LIMITS, TEMPLATES, _literal

    now = dt.datetime(2026, 4, 20, 19)
    ir = RuleIR("Runs", (), absence=Absence(5), since=now.date() - dt.timedelta(days=stated_days_ago),
                learned=Learned("runs", (("date", "date"),)))
    fr = ir.frame
    rows = [] if days_since_last is None else [{"date": now.date() - dt.timedelta(days=days_since_last)}]
    module = _HEADER.format(inactive=sorted(lexicon()["inactive_statuses"])) + "\nSOURCES = {0: 't'}\n\n" + rule_function(0, ir)
    probe = _PROBE.format(fields=[attr(s) for s in fr.slots], domain=fr.domain, collection=fr.collection,
                          status=fr.statuses[0], now="2026, 4, 20, 19", fire=_literal(rows, fr), quiet="[]")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for sub in ("rules", "domains"):
            (root / sub).mkdir()
            (root / sub / "__init__.py").write_text("")
        shutil.copy(TEMPLATES / "rules" / "alerts.py", root / "rules" / "alerts.py")
        shutil.copy(TEMPLATES / "domains" / "record.py", root / "domains" / "record.py")
        (root / "user_rules_probe.py").write_text(module)
        (root / "probe.py").write_text(probe)
        result = sandbox.run(["probe.py"], cwd=root, read=[root], path=[root], limits=LIMITS)
    return _json.loads(result.stdout.strip().splitlines()[-1])["fire"]


@pytest.mark.parametrize(
    ("last", "stated", "fires"),
    [(6, 30, 1), (5, 30, 1), (4, 30, 0), (None, 30, 1), (None, 3, 0), (8, 3, 0)],
)
def test_a_quiet_spell_counts_from_the_last_record_or_from_when_it_was_stated(last, stated, fires) -> None:  # noqa: ANN001
    assert _run_quiet(last, stated) == fires


def test_a_daily_check_by_a_time_of_day_is_read_and_passes_its_own_tests() -> None:
    text = "I'm on a new tablet every morning. If I haven't said I've taken it by 9pm, remind me."
    o = offer(text, DAY)
    (clock,) = o.times
    rule = to_ir({"kind": "absence", "collection": "tablet_doses", "words": [], "span": "none",
                  "by": clock.id}, o, {}, [])
    assert not isinstance(rule, str) and rule.ir.absence is not None
    assert (rule.ir.absence.days, rule.ir.absence.by) == (1, "21:00")
    assert describe(rule.ir) == "at 21:00 on a day with no tablet doses"
    assert self_test(rule.ir).ok
    assert isinstance(to_ir({"kind": "absence", "collection": "tablet_doses", "span": "none",
                             "by": "T7"}, o, {}, []), str)


@pytest.mark.model
@pytest.mark.timeout(600)  # two ingests by a fresh model, each reading the record, learning and rule prompts
def test_the_real_model_states_a_daily_check_that_later_records_keep_quiet(tmp_path) -> None:  # noqa: ANN001
    from engine.rules.user_rules import load_rules

    svc = _with_the_real_model(tmp_path)

    def mine(at: str) -> list[str]:
        return [a.title for a in svc.evaluate(dt.datetime.fromisoformat(at)).active if a.rule.startswith("user_rules.")]

    try:
        svc.ingest("I've started iron tablets, one a day with food. If I haven't mentioned taking one by 8pm, ping me.",
                   dt.date(2026, 4, 1))
        svc.ingest("Took my iron tablet with lunch, then a long walk by the canal.", dt.date(2026, 4, 2))
        rules = [r for r in load_rules(svc.log.facts()) if r.status == "active"]
        quiet_evening, before_eight, missed = mine("2026-04-02T20:30"), mine("2026-04-03T19:00"), mine("2026-04-03T20:30")
    finally:
        svc.close()
    assert len(rules) == 1 and rules[0].ir is not None and rules[0].ir.absence is not None
    assert rules[0].ir.absence.by == "20:00"
    assert quiet_evening == [] and before_eight == [] and len(missed) == 1


TWO_RULES = ("Warn me if any purchase is over £200. Right, the van's road tax runs out on 18 September. "
             "Give me a shout a week before so I can renew it.")


@pytest.mark.parametrize(
    ("answer", "reminder_kind"),
    [
        ({"kind": "each", "collection": "purchases", "field": "amount", "op": "gt", "value": "M1",
          "words": [], "total": "none", "per": "none"}, "parser"),
        ({"kind": "reminder", "date": "D1", "before": "L1", "about": "the van's road tax"}, "model"),
    ],
)
def test_a_message_with_a_limit_and_a_reminder_keeps_both_once(tmp_path, answer, reminder_kind) -> None:  # noqa: ANN001
    from engine.profile import Profile
    from engine.rules.user_rules import load_rules
    from engine.service import Service

    svc = Service(Profile.open(tmp_path / "p"), _RuleReader(answer), use_model=True)
    try:
        svc.ingest(TWO_RULES, dt.date(2026, 6, 1))
        rules = [r.ir for r in load_rules(svc.log.facts()) if r.status == "active" and r.ir is not None]
    finally:
        svc.close()
    limits = [ir for ir in rules if ir.lead is None]
    leads = [ir for ir in rules if ir.lead is not None]
    assert len(limits) == 1 and len(leads) == 1
    assert (leads[0].collection == "Deadline") is (reminder_kind == "model")


@pytest.mark.parametrize("answer", [
    {"kind": "reminder", "date": "D1", "before": "L1", "about": "I"},
    {"kind": "absence", "collection": None, "words": 5, "span": "P1"},
    {"kind": "each", "collection": ["purchases"], "field": 3, "op": "gt", "value": "M1", "words": "tax"},
])
def test_odd_model_output_makes_no_rule_and_keeps_the_parsers(tmp_path, answer) -> None:  # noqa: ANN001
    rules, model_deadlines = _ingested(tmp_path, _RuleReader(answer))
    assert len(rules) == 1 and rules[0].ir is not None and rules[0].ir.collection != "Deadline"
    assert model_deadlines == []


def test_a_daily_check_counts_the_day_it_was_stated() -> None:
    from engine.rules.rule_ir import Absence

    ir = RuleIR("TabletDoses", (), absence=Absence(1, "20:00"), since=dt.date(2026, 4, 20),
                learned=Learned("tablet_doses", (("date", "date"),)))
    source = rule_function(0, ir)
    assert "last = since - timedelta(days=1)" in source and self_test(ir).ok


def test_a_restated_reminder_moves_its_deadline(tmp_path) -> None:  # noqa: ANN001
    from engine.profile import Profile
    from engine.service import Service

    answer = {"kind": "reminder", "date": "D1", "before": "L1", "about": "the van's road tax"}
    svc = Service(Profile.open(tmp_path / "p"), _RuleReader(answer), use_model=True)
    try:
        svc.ingest(REMINDER, dt.date(2026, 6, 1))
        svc.ingest(REMINDER.replace("18 September", "25 September"), dt.date(2026, 6, 3))
        state = svc.state()
    finally:
        svc.close()
    dues = [r.values["due"] for r in state.of("Deadline") if "road tax" in str(r.values.get("about", "")).lower()]
    assert dues == [dt.date(2026, 9, 25)]


def test_a_quiet_spell_on_a_built_in_collection_needs_the_message_to_speak_of_it() -> None:
    text = "If five days go by without a swim, tell me."
    o = offer(text, DAY)
    from engine.rules.lead_time import find_spans

    (span,) = find_spans(text)
    got = to_ir({"kind": "absence", "collection": "trips", "words": [], "span": span.id}, o, {}, [])
    assert isinstance(got, str) and "not trips" in got
    unspoken = to_ir({"kind": "absence", "collection": "events", "words": [], "span": span.id}, o, {}, [])
    assert isinstance(unspoken, str) and "no events" in unspoken
    kept = to_ir({"kind": "absence", "collection": "events", "words": ["swim"], "span": span.id},
                 o, {}, [])
    assert not isinstance(kept, str) and kept.ir.collection == "Event"


def test_what_is_due_is_the_longest_run_of_its_words_the_message_says() -> None:
    text = "Mate, the boiler cover on the flat renews on 15 March. Give us a heads up two weeks before."
    raw, o = _reminder(text, date="@15 March", before="@two weeks before", about="boiler cover renewal")
    rule = to_ir(raw, o, {}, [])
    assert not isinstance(rule, str) and rule.deadline is not None and rule.deadline.about == "boiler cover"


# -- whose rule, kinds with their own fields, and a second asking --------------------------------


def test_money_on_a_kind_of_thing_is_a_purchase_that_mentions_it() -> None:
    raw, o = _proposal("Hotels are eating my budget. Flag any hotel over £150.", collection="hotels", field="cost",
                       op="gt", value="@£150", words=[])
    rule = to_ir(raw, o, {}, [])
    assert not isinstance(rule, str) and rule.ir.collection == "Purchase" and rule.collection is None
    words, limit = rule.ir.conditions
    assert words[0].op == "contains_any" and words[0].value == ("hotel", "hotels")  # not widened to flights
    assert limit[0].op == "gt" and limit[0].value == 150


def test_a_clock_time_is_not_compared_with_a_date_field() -> None:
    raw, o = _proposal("If I haven't taken my tablet by 8pm, ping me.", collection="tablets", field="return_by",
                       op="lt", value="@8pm", words=[])
    got = to_ir(raw, o, {}, [])
    assert isinstance(got, str) and "return_by" in got
    raw, o = _proposal("Warn me if any of my shifts starts before 7am.", collection="shifts", field="start",
                       op="lt", value="@7am", words=[])
    kept = to_ir(raw, o, {}, [])  # the message speaks of a start: the field is its own
    assert not isinstance(kept, str) and kept.ir.conditions[0][0].fields == ("start",)


@pytest.mark.parametrize(("name", "text", "words"), [
    ("hotels", "Flag any hotel over £150.", ("hotel", "hotels")),
    ("groceries", "Groceries: £90 a week, max.", ("grocery", "groceries")),
    ("dresses", "Nothing over £80 on a dress.", ("dress", "dresses")),
    ("magazine_subscriptions", "£50 a month on magazines, max.", ()),
    ("", "£50 a month at M&S, max.", ()),
])
def test_money_on_a_kind_of_thing_needs_the_message_to_name_it(name: str, text: str, words: tuple[str, ...]) -> None:
    limit = re.search(r"£\d+", text)
    assert limit is not None
    raw, o = _proposal(text, collection=name, field="cost", op="gt", value="@" + limit.group(0), words=[])
    got = to_ir(raw, o, {}, [])
    if not words:
        assert isinstance(got, str) and "names no kind of purchase" in got
    else:
        assert not isinstance(got, str) and got.ir.conditions[0][0].value[:2] == words


def test_a_total_needs_its_sum_or_count_and_period_and_no_clock_time() -> None:
    raw, o = _proposal("£50 a month on magazines, tell me if I go over.", collection="purchases", field="amount",
                       op="gt", value="@£50", words=["magazines"], total="sum", per="month")
    assert not isinstance(to_ir(raw, o, {}, []), str)
    assert "sum or a count" in to_ir({**raw, "total": "none"}, o, {}, [])
    raw, o = _proposal("No snacks after 9pm, warn me.", collection="snacks", field="time", op="gt", value="@9pm",
                       words=[], total="count", per="day")
    assert "time of day" in to_ir(raw, o, {}, [])


def test_a_limit_said_as_at_most_fires_above_it_and_under_fires_at_it() -> None:
    at_most, o = _proposal("At most £200 on any one thing, flag it.", collection="purchases", field="amount",
                           op="le", value="@£200", words=[])
    under, o2 = _proposal("Keep every purchase under £150, flag it.", collection="purchases", field="amount",
                          op="lt", value="@£150", words=[])
    assert to_ir(at_most, o, {}, []).ir.conditions[-1][0].op == "gt"
    assert to_ir(under, o2, {}, []).ir.conditions[-1][0].op == "ge"


def test_every_rule_example_answers_exactly_its_kinds_fields() -> None:
    from engine.rules.rule_model import EXAMPLES_PATH, FIELDS, WHOSE, WHOSE_EXAMPLES_PATH

    for line in EXAMPLES_PATH.read_text(encoding="utf-8").splitlines():
        answer = json.loads(line)["answer"]
        assert sorted(answer) == sorted(("kind", *FIELDS[answer["kind"]])), answer
    whose = [json.loads(line)["whose"] for line in WHOSE_EXAMPLES_PATH.read_text(encoding="utf-8").splitlines()]
    assert set(whose) == set(WHOSE)


def test_each_kind_is_a_branch_with_all_its_fields_required() -> None:
    from engine.rules.rule_model import FIELDS, schema

    o = offer("The MOT is due on 30 June. Remind me a week before, and flag any garage bill over £300.", DAY)
    branches = schema(o)["anyOf"]
    kinds = [b["properties"]["kind"]["const"] for b in branches]
    assert kinds == ["each", "total", "reminder", "absence"]
    for b in branches:
        assert b["required"] == ["kind", *FIELDS[b["properties"]["kind"]["const"]]]
    assert [b["properties"]["kind"]["const"] for b in schema(o, ["reminder"])["anyOf"]] == ["reminder"]


class _Sequence(_RuleReader):
    """Scripted: whose it is, then one rule answer per asking (the grammar each asking offered kept)."""

    def __init__(self, answers: list[dict[str, object]], whose: str = "mine") -> None:
        super().__init__(None, whose)
        self.answers = answers
        self.offered: list[list[str]] = []

    def propose(self, request):  # noqa: ANN001, ANN201
        from engine.rules.rule_model import prefix, whose_prefix

        if request.prefix == whose_prefix():
            return {"whose": self.whose}
        if request.prefix != prefix():
            return {"records": []}
        self.offered.append([b["properties"]["kind"]["const"] for b in request.schema["anyOf"]])
        return self.answers[len(self.offered) - 1]


def test_a_refused_reading_is_asked_once_more_without_its_kind() -> None:
    from engine.rules.rule_model import read_rules

    text = "I've started iron tablets. If I haven't mentioned taking one by 8pm, ping me."
    o = offer(text, DAY)
    (clock,) = o.times
    backend = _Sequence([
        {"kind": "each", "collection": "iron_tablets", "field": "return_by", "op": "lt", "value": clock.id, "words": []},
        {"kind": "absence", "collection": "iron_tablets", "words": [], "span": "none", "by": clock.id},
    ])
    reading = read_rules(text, DAY, backend, {}, [])
    assert backend.offered == [["each", "total", "absence"], ["absence"]]
    assert reading.asked == 3 and len(reading.rules) == 1
    assert reading.rules[0].ir.absence is not None and reading.rules[0].ir.absence.by == "20:00"


@pytest.mark.parametrize("whose", ["someone else", "quoted", "past", "advice"])
def test_a_rule_that_is_not_the_users_is_never_read(whose: str) -> None:
    from engine.rules.rule_model import read_rules

    backend = _Sequence([{"kind": "each", "collection": "purchases", "field": "amount", "op": "gt", "value": "M1",
                          "words": []}], whose)
    reading = read_rules("My sister's rule is never more than £40 on shoes, warn her if she goes over.", DAY, backend, {}, [])
    assert reading.rules == [] and backend.offered == [] and whose in reading.rejected[0]


def test_a_refusal_about_the_message_is_not_asked_again_as_another_kind() -> None:
    from engine.rules.rule_model import read_rules

    text = "Warn me if I buy more than 3 energy drinks a day."
    o = offer(text, DAY)
    backend = _Sequence([
        {"kind": "total", "collection": "purchases", "field": "amount", "total": "sum", "op": "gt",
         "value": o.quantities[0].id, "per": "day", "words": []},
        {"kind": "absence", "collection": "energy_drinks", "words": [], "span": "P1", "by": "none"},
    ])
    reading = read_rules(text, DAY, backend, {}, [])
    assert len(backend.offered) == 1 and reading.rules == [] and reading.rejected


def test_a_message_with_nothing_to_make_a_rule_of_asks_nothing() -> None:
    from engine.rules.rule_model import read_rules

    backend = _Sequence([])
    reading = read_rules("Let me know what you think, and make sure you're honest.", DAY, backend, {}, [])
    assert reading.asked == 0 and backend.offered == [] and reading.rules == []


def test_a_limit_said_in_words_is_a_candidate_for_a_rule_only() -> None:
    from engine.learn.propose import offer as plain_offer
    from engine.rules.rule_model import rule_offer

    text = "No one warned me. Ten a week max, and two coffees a day, a few extra on Sundays. Tell me if I'm over."
    said = [(q.surface, q.value) for q in rule_offer(text, DAY).quantities]
    assert said == [("Ten", 10), ("two", 2)]
    assert "each" in kinds_of(text)
    assert [q.surface for q in plain_offer(text, DAY).quantities] == []  # a record's reading is unchanged


def kinds_of(text: str) -> list[str]:
    from engine.rules.rule_model import kinds, rule_offer

    return kinds(rule_offer(text, DAY))


def test_a_spending_category_in_the_models_words_finds_the_category() -> None:
    raw, o = _proposal("Keep me honest about clothes shopping please. £100 a month is plenty.", collection="purchases",
                       field="amount", op="gt", value="@£100", words=["clothes"], total="sum", per="month")
    rule = to_ir(raw, o, {}, [])
    assert not isinstance(rule, str)
    (words,) = rule.ir.conditions[0]
    assert words.value[0] == "clothes" and "clothing" in words.value and "sneakers" in words.value
    raw, o = _proposal("Flag any Lidl shop over £60.", collection="purchases", field="amount", op="gt", value="@£60",
                       words=["Lidl"])
    assert to_ir(raw, o, {}, []).ir.conditions[0][0].value[:1] == ("lidl",)


def test_a_cap_said_per_unit_compares_the_price_of_one_unit() -> None:
    raw, o = _proposal("Wine rule from now on: £20 a bottle max. Tell me if I go over.", collection="purchases",
                       field="amount", op="le", value="@£20", words=["wine"])
    rule = to_ir(raw, o, {}, [])
    assert not isinstance(rule, str)
    limit = rule.ir.conditions[-1][0]
    assert limit.fields == ("unit_price",) and limit.op == "gt"
    source = rule_function(7, rule.ir)
    assert "r.unit_price if r.unit_price is not None else r.amount" in source  # one bottle bought: its amount
    assert self_test(rule.ir).ok
    # a cap on one purchase ("any single purchase over £100") or per month stays on the amount
    raw, o = _proposal("Flag any single purchase over £100.", collection="purchases", field="amount", op="gt",
                       value="@£100", words=[])
    assert to_ir(raw, o, {}, []).ir.conditions[-1][0].fields == ("amount",)


@pytest.mark.parametrize(("message", "advice"), [
    ("How much should 'eating out' be on a £1,800 salary?", True),
    ("Is £60 a week on petrol too much, do you think?", True),
    ("Should I cap clothes at £80 a month?", True),
    ("What would you cap takeaways at on £1,900 a month?", True),
    ("Can you warn me if clothes go over £80 a month?", False),
    ("Could you keep me under £25 a week on lunches?", False),
    ("Any chance you could cap eating out at £100 a month?", False),
    ("What if I set a cap of £200 a month on gigs?", False),
    ("Would it be possible to get a heads-up if I pass £50 on taxis?", False),
    ("Is £60 a week on petrol too much? Flag it if I go over.", False),
    ("That's the clothes budget gone, so nothing new until June, ok?", False),
    ("Warn me if I spend more than £40 on taxis in a week.", False),
])
def test_a_question_seeking_advice_on_a_limit_is_no_instruction(message: str, advice: bool) -> None:
    first = message.split("? ")[0] + ("?" if "? " in message else "")
    assert asks_for_advice(first, message) is advice
