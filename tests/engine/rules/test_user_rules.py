"""User-stated rules: parsed from varied phrasings, compiled safely, stored as facts, run for real."""

from __future__ import annotations

import argparse
import ast
import datetime as dt
from decimal import Decimal

import pytest

from engine import sandbox
from engine.log import NewFact
from engine.rules import user_rules as ur
from engine.rules.commands import add_rules_parser, cmd_rules

DAY = dt.date(2025, 3, 1)
NOW = dt.datetime(2025, 3, 20, 9, 0)


def parse(text: str) -> ur.RuleIR | None:
    return ur.parse_rule(text, DAY)


def conds(ir: ur.RuleIR) -> list[ur.Condition]:
    return [c for g in ir.conditions for c in g]


def has(ir: ur.RuleIR, op: str, field: str | None = None) -> ur.Condition | None:
    return next((c for c in conds(ir) if c.op == op and (field is None or field in c.fields)), None)


# -- parsing ---------------------------------------------------------------------------------

SPEND_300 = [
    "warn me if I spend over $300 at a restaurant",
    "Warn me when I spend more than $300 at restaurants.",
    "Please alert me whenever I spend above 300 dollars on dining",
    "Can you let me know if I ever end up spending more than $300 at a restaurant?",
    "If I spend over $300 at a restaurant, warn me.",
    "tell me if a restaurant bill is over $300",
    "Heads up: flag it if I spend more than USD 300 on eating out",
    "Don't let me spend more than $300 at a restaurant",
]


@pytest.mark.parametrize("text", SPEND_300)
def test_spending_over_an_amount_at_restaurants(text: str) -> None:
    ir = parse(text)
    assert ir is not None, text
    assert ir.collection == "Purchase" and ir.aggregate is None and ir.lead is None
    amount = has(ir, "gt", "amount")
    assert amount is not None and amount.value == Decimal("300") and amount.currency == "USD"
    category = has(ir, "contains_any")
    assert category is not None and "restaurant" in category.value and "vendor" in category.fields


@pytest.mark.parametrize("text", [
    "never book me on a red-eye",
    "Never book me on red-eye flights.",
    "I never want to fly a redeye again",
    "please don't ever book me on an overnight flight",
])
def test_red_eyes(text: str) -> None:
    ir = parse(text)
    assert ir is not None, text
    assert ir.collection == "Trip" and ir.severity == "warning"
    words = has(ir, "contains_any")
    assert words is not None and "red-eye" in words.value


@pytest.mark.parametrize("text,currency", [
    ("tell me if any single transfer is over 5000", None),
    ("Alert me when a transfer exceeds €5,000", "EUR"),
    ("let me know if I ever transfer more than 5k euros", "EUR"),
    ("notify me about any wire transfer above $5000", "USD"),
    ("Warn me if a payment of $5000 or more goes out", "USD"),
])
def test_transfer_thresholds(text: str, currency: str | None) -> None:
    ir = parse(text)
    assert ir is not None, text
    assert ir.collection == "Transfer"
    amount = has(ir, "gt", "amount") or has(ir, "ge", "amount")
    assert amount is not None and amount.value == Decimal("5000") and amount.currency == currency


@pytest.mark.parametrize("text,days", [
    ("remind me 3 days before any deadline", 3),
    ("Remind me three days before my deadlines.", 3),
    ("please remind me a week ahead of every deadline", 7),
    ("Could you remind me the day before a deadline?", 1),
    ("remind me 2 weeks before deadlines", 14),
])
def test_lead_time_before_deadlines(text: str, days: int) -> None:
    ir = parse(text)
    assert ir is not None, text
    assert ir.collection == "Deadline" and ir.lead == ur.Lead("due", days) and ir.conditions == ()


@pytest.mark.parametrize("text,weekdays", [
    ("warn me if I schedule anything on Sundays", (6,)),
    ("Alert me if anything gets booked on a Sunday", (6,)),
    ("tell me whenever a meeting is scheduled on the weekend", (5, 6)),
    ("never schedule me on Saturdays", (5,)),
])
def test_weekdays(text: str, weekdays: tuple[int, ...]) -> None:
    ir = parse(text)
    assert ir is not None, text
    assert ir.collection == "Event"
    day = has(ir, "weekday_in", "start")
    assert day is not None and day.value == weekdays


@pytest.mark.parametrize("text,window,limit", [
    ("alert me when I spend more than $500 on dining in a month", "month", "500"),
    ("Warn me if my restaurant spending goes over $500 per month", "month", "500"),
    ("If I spend more than 500 dollars on eating out in a single month, tell me", "month", "500"),
    ("don't let me spend over $100 on coffee in a week", "week", "100"),
])
def test_spending_per_period(text: str, window: str, limit: str) -> None:
    ir = parse(text)
    assert ir is not None, text
    assert ir.collection == "Purchase" and ir.aggregate is not None
    assert ir.aggregate.func == "sum" and ir.aggregate.window == window
    assert ir.aggregate.op == "gt" and ir.aggregate.value == Decimal(limit)
    assert has(ir, "contains_any") is not None


def test_a_named_payee_and_other_collections() -> None:
    ir = parse("Please let me know whenever a transfer to Acme Ltd exceeds €2,000.")
    assert ir is not None and has(ir, "contains_any", "payee").value == ("acme ltd",)
    ir = parse("Tell me if my balance drops below $1,000.")
    assert ir is not None and ir.collection == "Account" and has(ir, "lt", "balance").value == Decimal("1000")
    ir = parse("Could you remind me a month before my passport expires?")
    assert ir is not None and ir.collection == "TravelDocument" and ir.lead == ur.Lead("expires", 30)
    assert has(ir, "eq", "kind").value == "passport"
    ir = parse("tell me when any subscription costs more than $20")
    assert ir is not None and ir.collection == "Subscription"


NOT_RULES = [
    "I spent $300 at a restaurant",
    "warn me about nothing",
    "If I asked you to warn me when I spend over $300, would you?",
    "Hypothetically, would you warn me if I spent over $300 at a restaurant?",
    "My wife wants the app to warn her if she spends over $300",
    "Don't warn me if I spend over $300 at a restaurant",
    "You should have warned me when I spent $300 at that restaurant",
    "Do you warn me if I spend over $300?",
    "warn me if I spend $300 at a restaurant",  # over? exactly? not clear
    "warn me if it rains tomorrow",
    "tell me a joke",
    "remind me to call mom",
    "let me know what you think",
    "warn me if I spend over $300 at a restaurant in Paris with my colleagues",
    "The restaurant warned me that dinner would cost over $300.",
    "Never mind, I booked the red-eye anyway.",
    "tell me if the flight is delayed",
    "warn me about my meetings and flights on Sundays",
    "",
]


@pytest.mark.parametrize("text", NOT_RULES)
def test_what_is_not_a_rule_stays_a_note(text: str) -> None:
    assert parse(text) is None


def test_detect_rules_splits_a_message() -> None:
    text = ("I had dinner at Nobu, it was $320. From now on, warn me if I spend over $300 at a restaurant! "
            "Also remind me 3 days before any deadline.")
    found = ur.detect_rules(text, DAY)
    assert [r.collection for r in found] == ["Purchase", "Deadline"]
    assert all(r.since == DAY for r in found)


def test_the_ir_round_trips_and_is_validated() -> None:
    for text in SPEND_300[:1] + ["alert me when I spend more than $500 on dining in a month",
                                  "remind me 3 days before any deadline", "never book me on a red-eye"]:
        ir = parse(text)
        assert ir is not None and ur.ir_from_json(ir.dumps()) == ir
    bad = parse(SPEND_300[0]).to_json()
    bad["conditions"][0][0]["fields"] = ["__class__"]
    with pytest.raises(ur.InvalidRule):
        ur.ir_from_json(bad)
    bad = parse(SPEND_300[0]).to_json()
    bad["collection"] = "os"
    with pytest.raises(ur.InvalidRule):
        ur.ir_from_json(bad)
    bad = parse(SPEND_300[0]).to_json()
    bad["conditions"][-1][0]["op"] = "exec"
    with pytest.raises(ur.InvalidRule):
        ur.ir_from_json(bad)


# -- compiling: text never becomes code ------------------------------------------------------

INJECTIONS = [
    'warn me if I spend over $300 at "); import os; ("',
    "warn me if I spend over $300 at x'); import os; os.system('rm -rf ~'); ('",
    'warn me if a transfer to Evil"+__import__("os").system("id")+" exceeds $10',
    "warn me if I spend over $300 at Bob's \\\" diner",
    "never book me with os.system",
    "warn me if I spend over $300 at restaurant\n import os",
]


def _names(source: str) -> set[str]:
    """Every identifier and attribute name the code uses or defines (what could be code, not data)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.arg):
            names.add(node.name if isinstance(node, ast.FunctionDef) else node.arg)
        elif isinstance(node, ast.alias):
            names.add(node.asname or node.name)
    return names


def _vocabulary() -> set[str]:
    """Names trusted code may produce: the module's own, the compiler's, the catalog's."""
    from engine.frames import FRAMES
    from engine.project.naming import attr

    words = _names(ur.render_module([]).decode())
    words |= {f.domain for f in FRAMES} | {f.collection for f in FRAMES}
    words |= {attr(s) for f in FRAMES for s in f.slots}
    words |= {"today", "since", "source", "out", "r", "what", "amount", "day", "extra", "part", "due", "left",
              "when", "groups", "current", "previous", "first", "start", "recs", "total", "period", "evidence",
              "x", "i", "state", "now", "known_since", "cites", "isoformat", "status", "append", "setdefault",
              "items", "date", "Decimal", "weekday", "lower", "str", "sorted", "sum", "len", "rule",
              "RULE", "SEVERITY", "summary", "unit", "relation", "limit", "field"}
    return words


def _stored(rule_id: int, text: str, ir: ur.RuleIR, status: str = "active") -> ur.StoredRule:
    return ur.StoredRule(rule_id, ur.rule_key(ir), text, ir, "user", status, (rule_id,), DAY)


@pytest.mark.parametrize("text", INJECTIONS)
def test_injected_text_never_becomes_code(text: str) -> None:
    ir = parse(text)
    if ir is None:
        return  # not understood: it stays a note
    source = ur.render_module([_stored(1, text, ir)]).decode()
    assert sandbox.lint_source(source, "rules/user_rules.py") == []
    assert _names(source) - _vocabulary() == {"rule_1"}
    assert text in [n.value for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Constant)]


def test_the_vocabulary_check_can_fail() -> None:
    assert _names("import os\nos.system('id')\n") - _vocabulary() == {"os", "system"}


def test_a_hostile_sentence_stored_in_the_log_stays_a_constant() -> None:
    ir = parse("warn me if I spend over $300 at a restaurant")
    text = "'''\nimport os\nos.system('id')\n\"\"\""
    source = ur.render_module([_stored(3, text, ir)]).decode()
    tree = ast.parse(source)
    assert sandbox.lint_source(source) == []
    assert not any(isinstance(n, ast.Import) and any(a.name == "os" for a in n.names) for n in ast.walk(tree))
    consts = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)]
    assert text in consts


def test_every_rule_shape_compiles_and_passes_the_lint() -> None:
    texts = SPEND_300 + ["never book me on a red-eye", "tell me if any single transfer is over 5000",
                         "remind me 3 days before any deadline", "warn me if I schedule anything on Sundays",
                         "alert me when I spend more than $500 on dining in a month",
                         "Alert me if I have more than 3 meetings in a day", "warn me if I book anything after 9pm"]
    rules = [_stored(i + 1, t, parse(t)) for i, t in enumerate(texts)]
    assert all(r.ir is not None for r in rules)
    source = ur.render_module(rules).decode()
    assert sandbox.lint_source(source, "rules/user_rules.py") == []
    compile(source, "user_rules.py", "exec")
    assert source.count("\ndef rule_") == len(rules)


# -- storage, checkpoint and the sandboxed run ------------------------------------------------


def _say_rule(world, text: str, *, origin: str = "user", on: dt.date = DAY) -> ur.StoredRule:
    sid, (mid,) = world.log.add_session([("user", text)], on, source="chat" if origin == "user" else "import")
    irs = ur.detect_rules(text, on)
    assert irs, text
    facts = ur.rule_facts(irs, session_id=sid, message_id=mid, session_date=on, texts=[text], origin=origin,
                          existing=world.log.facts(domain=ur.DOMAIN))
    ids = world.log.add_facts(facts)
    return next(r for r in ur.load_rules(world.log.facts()) if r.facts[-1] in ids)


def _set_status(world, rule: ur.StoredRule, status: str) -> None:
    sid, _ = world.log.add_session([("user", f"rules {status}")], DAY)
    world.log.add_facts([ur.status_fact(rule, status, session_id=sid, session_date=DAY)])


def _rule_alerts(world, now: dt.datetime = NOW):
    world.checkpoint()
    run = world.rules(now)
    assert [p for p in run.problems if "user_rules" in p.rule] == []
    return [a for a in run.alerts if a.rule.startswith("user_rules.")]


def test_a_spending_rule_fires_on_real_state(world) -> None:
    rule = _say_rule(world, "warn me if I spend over $300 at a restaurant")
    assert rule.status == "active" and rule.origin == "user"
    world.say("Purchase", "dinner", {"item": "dinner", "vendor": "Nobu Restaurant", "amount": "320.00",
                                     "currency": "USD", "date": "2025-03-10"})
    world.say("Purchase", "lunch", {"item": "lunch", "vendor": "Cafe Rio", "amount": "45.00",
                                    "currency": "USD", "date": "2025-03-11"})
    world.say("Purchase", "tv", {"item": "TV", "vendor": "Best Buy", "amount": "900.00", "currency": "USD",
                                 "date": "2025-03-12"})
    world.say("Purchase", "old", {"item": "dinner", "vendor": "Le Cirque", "amount": "400.00", "currency": "USD",
                                  "date": "2025-01-05"})  # before the rule was stated
    world.say("Purchase", "eur", {"item": "dinner", "vendor": "Le Train Bleu", "amount": "350.00",
                                  "currency": "EUR", "date": "2025-03-12"})  # another currency
    alerts = _rule_alerts(world)
    assert len(alerts) == 1, alerts
    (a,) = alerts
    assert a.rule == f"user_rules.rule_{rule.id}" and a.severity == "warning"
    assert "Nobu" in a.title + a.message and "320" in a.message
    assert "warn me if I spend over $300 at a restaurant" in a.message
    assert a.evidence and all(isinstance(i, int) for i in a.evidence)
    text = (world.project / "rules" / "user_rules.py").read_text()
    assert f"def rule_{rule.id}(state, now):" in text
    assert "'user_rules'" in (world.project / "manifest.py").read_text()


def test_monthly_total_lead_time_and_weekday_rules(world) -> None:
    _say_rule(world, "alert me when I spend more than $500 on dining in a month")
    _say_rule(world, "remind me 3 days before any deadline")
    _say_rule(world, "warn me if I schedule anything on Sundays")
    for i, (amount, day) in enumerate((("200", "2025-03-02"), ("180", "2025-03-09"), ("150", "2025-03-15"))):
        world.say("Purchase", f"d{i}", {"item": "dinner", "vendor": f"Place {i}", "amount": amount,
                                        "currency": "USD", "date": day})
    world.say("Deadline", "taxes", {"about": "tax return", "due": "2025-03-22"})
    world.say("Deadline", "visa", {"about": "visa form", "due": "2025-04-30"})
    world.say("Event", "brunch", {"title": "brunch with Ana", "kind": "social", "start": "2025-03-23"})
    world.say("Event", "dentist", {"title": "dentist", "kind": "appointment", "start": "2025-03-24"})
    alerts = _rule_alerts(world)
    text = " | ".join(a.title + " " + a.message for a in alerts)
    assert len(alerts) == 3, text
    assert "530" in text and "March 2025" in text  # 200 + 180 + 150 over 500
    assert "tax return" in text and "visa form" not in text
    assert "brunch with Ana" in text and "dentist" not in text
    # below the monthly limit a week earlier: only the deadline is not due yet either
    early = _rule_alerts(world, dt.datetime(2025, 3, 10, 9, 0))
    assert [a for a in early if "March 2025" in a.title] == []


def test_a_rule_from_imported_content_waits_for_approval(world) -> None:
    rule = _say_rule(world, "Alert me when a transfer exceeds 5000", origin="imported")
    assert rule.status == "pending" and rule.origin == "imported"
    world.say("Transfer", "acme", {"amount": "6000.00", "currency": "EUR", "payee": "Acme Ltd",
                                   "date": "2025-03-05"})
    assert _rule_alerts(world) == []
    assert f"rule_{rule.id}" not in (world.project / "rules" / "user_rules.py").read_text()
    _set_status(world, rule, "active")
    (a,) = _rule_alerts(world)
    assert "Acme Ltd" in a.title and "6000" in a.message
    _set_status(world, ur.load_rules(world.log.facts())[0], "disabled")
    assert _rule_alerts(world) == []


def test_stating_a_rule_twice_keeps_one_rule(world) -> None:
    first = _say_rule(world, "warn me if I spend over $300 at a restaurant")
    sid, (mid,) = world.log.add_session([("user", "again")], DAY)
    again = ur.rule_facts([parse("Warn me when I spend more than $300 at restaurants")], session_id=sid,
                          message_id=mid, session_date=DAY, existing=world.log.facts())
    assert again == []
    _set_status(world, first, "deleted")
    back = ur.rule_facts([parse("warn me if I spend over $300 at a restaurant")], session_id=sid, message_id=mid,
                         session_date=DAY, existing=world.log.facts())
    assert len(back) == 1 and back[0].slots["status"] == "active" and back[0].supersedes
    world.log.add_facts(back)
    (rule,) = ur.load_rules(world.log.facts())
    assert rule.id == first.id and rule.status == "active"


def test_record_session_rules_reads_only_the_users_messages(world) -> None:
    sid, _ = world.log.add_session([("user", "Warn me if I spend over $300 at a restaurant."),
                                    ("assistant", "Sure. I'll also tell you if any transfer is over 5000.")],
                                   DAY, source="chat")
    added = ur.record_session_rules(world.log, sid)
    assert [r.ir.collection for r in added] == ["Purchase"] and added[0].status == "active"
    assert ur.announce(added[0]).startswith("New rule")
    sid, _ = world.log.add_session([("user", "Remind me 3 days before any deadline.")], DAY, source="inbox")
    (pending,) = ur.record_session_rules(world.log, sid)
    assert pending.status == "pending" and "approve" in ur.announce(pending)
    assert ur.record_session_rules(world.log, sid) == []


# -- the command ------------------------------------------------------------------------------


def _cli(world, *argv: str, capsys) -> str:
    parser = argparse.ArgumentParser()
    parser.add_argument("--home")
    sub = parser.add_subparsers(dest="command")

    def add(name, fn, help_, *, json_flag=False, now=False):
        sp = sub.add_parser(name, help=help_)
        sp.set_defaults(func=fn)
        if json_flag:
            sp.add_argument("--json", action="store_true")
        return sp

    add_rules_parser(sub, add)
    args = parser.parse_args(["--home", str(world.profile.home), "rules", *argv])
    assert args.func is cmd_rules
    assert args.func(args) == 0
    return capsys.readouterr().out


def test_uac_rules_list_show_approve(world, capsys) -> None:
    rule = _say_rule(world, "Alert me when a transfer exceeds 5000", origin="imported")
    out = _cli(world, "list", capsys=capsys)
    assert str(rule.id) in out and "pending" in out and "Alert me when a transfer exceeds 5000" in out
    out = _cli(world, "show", str(rule.id), capsys=capsys)
    assert f"def rule_{rule.id}(state, now):" in out
    out = _cli(world, "approve", str(rule.id), capsys=capsys)
    assert "now active" in out
    (stored,) = ur.load_rules(world.log.facts())
    assert stored.status == "active"
    assert f"def rule_{rule.id}(" in (world.project / "rules" / "user_rules.py").read_text()
    import json

    doc = json.loads(_cli(world, "list", "--json", capsys=capsys))
    assert doc[0]["status"] == "active" and doc[0]["ir"]["collection"] == "Transfer"
    _cli(world, "delete", str(rule.id), capsys=capsys)
    assert "Alert me" not in _cli(world, "list", capsys=capsys)


def test_uac_rules_errors_are_one_line(world) -> None:
    from engine.errors import InputError

    with pytest.raises(InputError, match="no rule 99"):
        cmd_rules(argparse.Namespace(home=world.profile.home, action="approve", id="99", json=False))
    with pytest.raises(InputError, match="needs a rule id"):
        cmd_rules(argparse.Namespace(home=world.profile.home, action="show", id=None, json=False))


def test_newfact_shape() -> None:
    (f,) = ur.rule_facts([parse("remind me 3 days before any deadline")], session_id="s", message_id=1,
                         session_date=DAY, texts=["remind me 3 days before any deadline"])
    assert isinstance(f, NewFact) and f.domain == "rules" and f.frame == "UserRule"
    assert f.slots["status"] == "active" and f.slots["origin"] == "user"
    assert ur.ir_from_json(f.slots["ir"]).lead == ur.Lead("due", 3)


def test_a_monthly_total_counts_undated_spends_on_the_day_they_were_said(world) -> None:
    """A spend told with no date ("Waitrose, £46.20") happened about when it was told: a total per
    period counts it then, as a rule on single records already does."""
    _say_rule(world, "alert me when I spend more than $100 on groceries in a month")
    for i, (amount, told) in enumerate((("46.20", dt.date(2025, 3, 4)), ("31.00", dt.date(2025, 3, 12)),
                                        ("38.50", dt.date(2025, 3, 19)))):
        world.say("Purchase", f"g{i}", {"item": "groceries", "amount": amount, "currency": "USD"}, on=told)
    alerts = _rule_alerts(world, dt.datetime(2025, 3, 19, 19, 0))
    assert any("115.7" in a.title + a.message and "March 2025" in a.title for a in alerts), alerts
    assert all(a.title.startswith("Groceries, March 2025") for a in alerts), alerts  # which limit, by its category
    assert _rule_alerts(world, dt.datetime(2025, 3, 13, 9, 0)) == []  # 77.20 by then
