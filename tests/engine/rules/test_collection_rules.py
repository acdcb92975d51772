"""Rules over the user's own collections, read by the collections' own names (no model): a limit
on one record, a total per period, and what stays unread because it is not clear."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest

from engine.frames import IMPORT_SCHEMA_FRAME
from engine.profile import Profile
from engine.rules.collection_rules import read_collection_rule
from engine.service import Service
from engine.state import fold


@pytest.fixture
def svc(tmp_path: Path) -> Service:
    service = Service(Profile.open(tmp_path / "home"), use_model=False)
    rows = [("2026-11-01", "Tesco", "groceries", "45.10"), ("2026-11-03", "Uber", "transport", "12.00"),
            ("2026-11-05", "Landlord", "rent", "950.00")] * 4  # few choices of merchant: an enum column
    (tmp_path / "statement.csv").write_text(
        "date,merchant,category,amount,reference\n" + "".join(f"{d},{m},{c},{a},TX-{i:04d}\n" for i, (d, m, c, a) in enumerate(rows)))
    (tmp_path / "weigh_ins.csv").write_text("date,weight_kg,body_fat\n2026-11-01,82.4,21.0\n2026-11-08,81.9,20.8\n")
    (tmp_path / "runs.csv").write_text("date,distance_km\n2026-11-02,5.2\n2026-11-09,10.4\n")
    for name in ("statement.csv", "weigh_ins.csv", "runs.csv"):
        assert service.import_records(tmp_path / name).added
    return service


def _frames(svc: Service):
    return list(fold(svc.log.facts(frame=IMPORT_SCHEMA_FRAME)).frames.values())


@pytest.mark.parametrize(
    ("sentence", "field", "op", "value", "window"),
    [
        ("warn me if any statement amount is over 899", "amount", "gt", Decimal(899), None),
        ("Warn me if any statement amount is over 899.", "amount", "gt", Decimal(899), None),
        ("Alert me when a statement line is more than £1,200", "amount", "gt", Decimal(1200), None),
        ("tell me if my weight in the weigh-ins drops below 80", "weight_kg", "lt", Decimal(80), None),
        ("let me know if I spend more than 1.5k a month on statement lines", "amount", "gt", Decimal(1500), "month"),
        ("flag it when my weekly statement total is at least 300", "amount", "ge", Decimal(300), "week"),
        ("warn me if any run is over 21", "distance_km", "gt", Decimal(21), None),
    ],
)
def test_a_rule_is_read_from_the_collection_and_field_it_names(svc: Service, sentence, field, op, value, window) -> None:
    ir = read_collection_rule(sentence, _frames(svc))
    assert ir is not None and ir.learned is not None
    if window is None:
        (group,) = ir.conditions
        assert (group[0].fields, group[0].op, group[0].value) == ((field,), op, value) and ir.aggregate is None
    else:
        agg = ir.aggregate
        assert (agg.func, agg.field, agg.window, agg.date_field, agg.op, agg.value) == ("sum", field, window, "date", op, value)


@pytest.mark.parametrize(
    "sentence",
    [
        "warn me if I spend over $300 at a restaurant",  # no collection of mine named: the phrase parser's
        "warn me if a weigh-in is over 85",  # two number fields, neither named
        "warn me if a statement or a weigh-in is over 85",  # two collections
        "warn me about my statement",  # no limit
        "warn me if my coffee habit runs over 40 a week",  # "runs" as a verb, not the collection
    ],
)
def test_what_is_not_clear_is_left_alone(svc: Service, sentence: str) -> None:
    assert read_collection_rule(sentence, _frames(svc)) is None


def test_said_in_the_conversation_it_is_a_rule_that_fires(svc: Service) -> None:
    assert {s.kind for f in _frames(svc) for s in f.slots} >= {"enum", "money", "date"}  # an import's own kinds
    today = dt.date.today()  # the import is known from today
    turn = svc.chat("Quick one: warn me if any statement amount is over 899, thanks.", today,
                    now=dt.datetime.combine(today, dt.time(23)))
    assert any("statement" in r and "over 899" in r for r in turn.rules), turn.rules
    assert [f for f in turn.learned if f.frame == "Preference"] == []  # the rule, not also a preference
    assert any("950.00" in a.title for a in turn.alerts)
    later = dt.datetime.combine(today, dt.time(23, 30))
    svc.chat("I told my brother: warn me if any statement amount is over 10", today, now=later)  # said to someone else
    assert [a for a in svc.evaluate(later).active if "Tesco" in a.title] == []
