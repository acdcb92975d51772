"""Big imported collections stay in the log and are read as a stream: the same records as folding
everything in memory, corrections and forgets included, and asking and checkpoints work over them."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest

import engine.log
from engine.profile import Profile
from engine.service import Service
from engine.state import StoredRecords, fold, load_state

ROWS = 40


@pytest.fixture
def svc(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Service:
    monkeypatch.setattr(engine.log, "BULK_MIN", 25)  # a big collection, at test size
    path = tmp_path / "spending.csv"
    lines = ["date,shop,category,amount"]
    for i in range(ROWS):
        day = dt.date(2025, 1, 1) + dt.timedelta(days=i * 3)
        lines.append(f"{day.isoformat()},shop {i % 7},{['food', 'travel', 'home'][i % 3]},{10 + i}.50")
    path.write_text("\n".join(lines) + "\n")
    service = Service(Profile.open(tmp_path / "home"), use_model=False)
    result = service.import_records(path)
    assert result.added == ROWS and not result.checkpoint_error
    return service


def _stored(svc: Service) -> StoredRecords:
    state = load_state(svc.log)
    (frame,) = state.frames
    records = state.of(frame)
    assert isinstance(records, StoredRecords)
    return records


def _snapshot(records) -> list[tuple]:
    return [(r.id, r.status, r.values, sorted(r.evidence), r.sources, r.first_seen) for r in records]


def test_the_stream_holds_what_folding_everything_holds(svc: Service) -> None:
    stored = _stored(svc)
    full = fold(svc.log.facts(bulk=True)).of(stored.frame.name)
    assert len(stored) == ROWS == len(full)
    assert _snapshot(stored) == _snapshot(full)
    assert stored[0].id == full[0].id and stored[-1].id == full[-1].id and len(stored[2:5]) == 3
    assert svc.log.facts() and all(f.extractor != "import" or f.frame != stored.frame.name for f in svc.log.facts())


def test_a_correction_and_a_forget_reach_the_stream(svc: Service) -> None:
    first = _stored(svc)[0]
    fact, summary = svc.correct(first.id, "amount", "99.99")
    assert not summary.error and fact.supersedes
    stored = _stored(svc)
    full = fold(svc.log.facts(bulk=True)).of(stored.frame.name)
    assert len(stored) == ROWS and _snapshot(stored) == _snapshot(full)
    assert stored[0].values["amount"] == Decimal("99.99") and stored[0].history[-1].old == Decimal("10.50")
    svc.forget_record(stored[1].id)
    stored = _stored(svc)
    assert len(stored) == ROWS - 1 and _snapshot(stored) == _snapshot(fold(svc.log.facts(bulk=True)).of(stored.frame.name))


def test_the_project_says_where_the_records_are_and_asking_computes_over_all_of_them(svc: Service) -> None:
    state_py = (svc.profile.project_dir / "domains/imports/state.py").read_text()
    assert f"# {ROWS:,} records: too many to write out here" in state_py and "SPENDING: list[Spending] = []" in state_py
    manifest = (svc.profile.project_dir / "manifest.py").read_text()
    assert f"'kept_in_log': {ROWS}" in manifest
    expected = sum(Decimal(f"{10 + i}.50") for i in range(ROWS) if i % 3 == 0)
    answer = svc.ask("how much did I spend on food?", dt.datetime(2025, 12, 1, 12))
    assert Decimal(str(answer.answer)) == expected


def test_an_active_rule_over_a_collection_kept_in_the_log_is_reported_not_silently_blind(svc: Service) -> None:
    from engine.rules.rule_ir import Condition, Learned, RuleIR
    from engine.rules.rule_store import rule_facts

    frame = _stored(svc).frame.name
    ir = RuleIR(frame, ((Condition(("amount",), "gt", Decimal(45)),),),
                learned=Learned("spending", (("date", "date"), ("amount", "money"))))
    sid, (mid,) = svc.log.add_session([("user", "warn me if any spending is over 45")], dt.date(2025, 6, 1))
    svc.log.add_facts(rule_facts([ir], session_id=sid, message_id=mid, session_date=dt.date(2025, 6, 1),
                                 texts=["warn me if any spending is over 45"]))
    warnings = svc.evaluate(dt.datetime(2025, 6, 2, 9)).warnings
    assert any("warn me if any spending is over 45" in w and "kept in the log" in w for w in warnings)


def test_a_value_first_seen_late_in_a_big_collection_is_still_named_exactly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine.log, "BULK_MIN", 25)
    path = tmp_path / "spending.csv"
    rows = ["date,shop,amount", "2025-01-01,Zebra Stripes,5.00"]
    rows += [f"2025-01-{2 + i % 27:02d},Shop number {i},1.00" for i in range(300)]
    rows.append("2025-03-01,Zebra,40.00")
    path.write_text("\n".join(rows) + "\n")
    svc = Service(Profile.open(tmp_path / "home"), use_model=False)
    assert svc.import_records(path).added == 302
    answer = svc.ask("how much did I spend at Zebra?", dt.datetime(2025, 12, 1, 12))
    assert Decimal(str(answer.answer)) == Decimal("40.00")
