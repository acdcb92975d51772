"""Big imported collections stay in the log and are read as a stream: the same records as folding
everything in memory, corrections and forgets included, and asking and checkpoints work over them."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
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


def _project_records(svc: Service) -> list[tuple]:
    """The big collection as the project itself reads it (its own loader, in a fresh interpreter)."""
    script = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import uac_state\n"
        "recs = uac_state.load().imports.spending\n"
        "print(json.dumps([len(recs), [[r.id, str(r.amount), r.date.isoformat(), r.category.value,"
        " list(r.evidence), [list(s) for s in r.sources], [[h[0], str(h[1]), h[2]] for h in r.history]]"
        " for r in recs]]))"
    )
    out = subprocess.run([sys.executable, "-c", script, str(svc.profile.project_dir)],
                         capture_output=True, text=True, check=True)
    n, rows = json.loads(out.stdout)
    assert n == len(rows)
    return [tuple(map(_frozen, row)) for row in rows]


def _frozen(value):
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


def _expected(svc: Service) -> list[tuple]:
    return [(r.id, str(r.values["amount"]), r.values["date"].isoformat(), r.values["category"],
             tuple(sorted(set(r.evidence))), tuple(sorted(r.sources.items())),
             tuple((h.slot, str(h.old), h.fact_id) for h in r.history)) for r in _stored(svc)]


def test_the_project_keeps_a_big_collection_in_a_data_file_it_reads_back_exactly(svc: Service) -> None:
    root = svc.profile.project_dir
    state_py = (root / "domains/imports/state.py").read_text()
    assert "SPENDING: Sequence[Spending] = Stored(\n    'records/spending.jsonl'" in state_py
    assert "'data_file': 'records/spending.jsonl'" in (root / "manifest.py").read_text()
    assert len((root / "records/spending.jsonl").read_text().splitlines()) == ROWS
    assert _project_records(svc) == _expected(svc)
    expected = sum(Decimal(f"{10 + i}.50") for i in range(ROWS) if i % 3 == 0)
    answer = svc.ask("how much did I spend on food?", dt.datetime(2025, 12, 1, 12))
    assert Decimal(str(answer.answer)) == expected


def test_a_correction_and_a_forget_rewrite_the_data_file_and_it_stays_out_of_history(svc: Service) -> None:
    first, second = _stored(svc)[0], _stored(svc)[1]
    svc.correct(first.id, "amount", "99.99")
    svc.forget_record(second.id)
    svc.checkpoint()
    rows = _project_records(svc)
    assert rows == _expected(svc) and len(rows) == ROWS - 1
    assert rows[0][1] == "99.99" and rows[0][6] == (("amount", "10.50", rows[0][6][0][2]),)
    assert second.id not in (svc.profile.project_dir / "records/spending.jsonl").read_text()
    tracked = subprocess.run(["git", "-C", str(svc.profile.project_dir), "ls-files"], capture_output=True, text=True)
    assert tracked.returncode == 0 and "manifest.py" in tracked.stdout and "records/" not in tracked.stdout


def test_a_data_file_changed_or_removed_by_hand_is_written_again_from_the_log(svc: Service) -> None:
    data = svc.profile.project_dir / "records/spending.jsonl"
    original = data.read_bytes()
    data.write_bytes(original.replace(b'"amount":"10.50"', b'"amount":"9999.00"'))
    assert svc.checkpoint().files_written >= 1
    assert data.read_bytes() == original
    data.unlink()
    svc.checkpoint()
    assert data.read_bytes() == original and _project_records(svc) == _expected(svc)
    stat = data.stat()  # an edit that keeps the size and the modification time
    data.write_bytes(original.replace(b'"amount":"10.50"', b'"amount":"99.50"'))
    os.utime(data, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    svc.checkpoint()
    assert data.read_bytes() == original


def test_a_column_named_like_a_field_every_record_has_keeps_its_values(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine.log, "BULK_MIN", 25)
    path = tmp_path / "visits.csv"
    path.write_text("date,amount,history,status\n" + "".join(
        f"2025-01-{1 + i:02d},{i}.00,seen by Dr {i},open\n" for i in range(30)))
    svc = Service(Profile.open(tmp_path / "home"), use_model=False)
    result = svc.import_records(path)
    assert result.added == 30 and not result.checkpoint_error, result.checkpoint_error
    script = ("import sys; sys.path.insert(0, sys.argv[1]); import uac_state\n"
              "r = uac_state.load().imports.visits[3]; print(r.history_, '|', r.status_2.value, '|', r.history)")
    out = subprocess.run([sys.executable, "-c", script, str(svc.profile.project_dir)],
                         capture_output=True, text=True, check=True).stdout.strip()
    assert out == "seen by Dr 3 | open | ()"


def test_the_reader_behaves_like_the_list_it_stands_for(svc: Service) -> None:
    script = ("import sys; sys.path.insert(0, sys.argv[1]); import uac_state\n"
              "recs = uac_state.load().imports.spending\n"
              "first, last = recs[0], recs[-1]\n"
              "print(len(recs), recs.count(first), list(reversed(recs))[0] == last, recs.index(last), len(recs.head(7)))")
    out = subprocess.run([sys.executable, "-c", script, str(svc.profile.project_dir)],
                         capture_output=True, text=True, check=True).stdout.split()
    assert out == [str(ROWS), "1", "True", str(ROWS - 1), "7"]


def _state_rule(svc: Service, text: str, ir) -> None:
    from engine.rules.rule_store import rule_facts

    sid, (mid,) = svc.log.add_session([("user", text)], dt.date(2025, 1, 1))  # before the spending
    svc.log.add_facts(rule_facts([ir], session_id=sid, message_id=mid, session_date=dt.date(2025, 1, 1), texts=[text]))
    svc.checkpoint()


def test_a_rule_over_a_big_collection_sees_every_record(svc: Service) -> None:
    from engine.rules.rule_ir import Condition, Learned, RuleIR

    frame = _stored(svc).frame.name
    learned = Learned("spending", (("date", "date"), ("amount", "money")))
    _state_rule(svc, "warn me if any spending is over 45",
                RuleIR(frame, ((Condition(("amount",), "gt", Decimal(45)),),), learned=learned))
    update = svc.evaluate(dt.datetime.now() + dt.timedelta(days=1))  # the import is known from today
    over = sorted(r.id for r in _stored(svc) if r.values["amount"] > 45)
    assert len(over) == 5 and not update.problems
    cited = {rid for a in update.active for fid in a.evidence for rid in [_record_of(svc, fid)]}
    assert cited == set(over)
    assert not any("kept in the log" in w for w in update.warnings)


def _record_of(svc: Service, fact_id: int) -> str:
    return next(r.id for r in _stored(svc) if fact_id in r.evidence)


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


def test_a_monthly_budget_over_a_big_collection_adds_up_every_record_of_the_month(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from engine.rules.rule_ir import Aggregate, Learned, RuleIR

    monkeypatch.setattr(engine.log, "BULK_MIN", 25)
    today = dt.date.today()
    rows = ["date,shop,amount"]
    rows += [f"{today.replace(day=1).isoformat()},shop {i},4.00" for i in range(30)]  # 120.00 this month
    rows += [f"{(today.replace(day=1) - dt.timedelta(days=40)).isoformat()},old shop {i},50.00" for i in range(3)]
    path = tmp_path / "spending.csv"
    path.write_text("\n".join(rows) + "\n")
    svc = Service(Profile.open(tmp_path / "home"), use_model=False)
    assert svc.import_records(path).added == 33
    frame = _stored(svc).frame.name
    learned = Learned("spending", (("date", "date"), ("amount", "money")))
    _state_rule(svc, "warn me if I spend more than 100 a month",
                RuleIR(frame, (), learned=learned, aggregate=Aggregate("sum", "amount", "month", "date", "gt", Decimal(100))))
    update = svc.evaluate(dt.datetime.combine(today, dt.time(23, 0)))
    titles = [a.title for a in update.active]
    assert not update.problems and len(titles) == 1 and "120.00" in titles[0], titles


def test_a_learned_collection_counts_the_thousands_imported_into_it_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from engine.cli import main
    from engine.frames import IMPORT_DOMAIN
    from engine.learn.collection import LearnedField, new_collection, record_key, schema_fact
    from engine.log import NewFact

    monkeypatch.setattr(engine.log, "BULK_MIN", 25)
    home = tmp_path / "home"
    svc = Service(Profile.open(home), use_model=False)
    sid, (mid,) = svc.log.add_session([("user", "weighed myself")], dt.date(2026, 1, 1))
    weigh = new_collection("weigh_ins", [LearnedField("date", "date"), LearnedField("weight_kg", "float", "kg")], [])
    facts = [schema_fact(weigh, session_id=sid, message_id=mid, session_date=dt.date(2026, 1, 1), evidence="")]
    for day, kg in (("2026-01-05", 94.6), ("2026-01-12", 93.8)):
        slots = {"date": day, "weight_kg": kg}
        facts.append(NewFact(sid, mid, dt.date(2026, 1, 1), IMPORT_DOMAIN, weigh.frame,
                             record_key(weigh.name, "me", slots, None), slots, evidence=f"{kg} kg this morning"))
    svc.log.add_facts(facts)
    path = tmp_path / "scale.csv"
    path.write_text("date,weight_kg\n" + "".join(f"2025-{1 + i // 28:02d}-{1 + i % 28:02d},{90 + i / 10:.1f}\n" for i in range(40)))
    assert svc.import_records(path, "weigh_ins").added == 40
    svc.close()
    assert main(["--home", str(home), "collections", "list", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["name"] == "weigh_ins" and row["records"] == 42


def test_a_rule_matching_most_records_lists_the_first_ones_and_counts_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from engine.rules.rule_ir import Condition, Learned, RuleIR

    monkeypatch.setattr(engine.log, "BULK_MIN", 25)
    path = tmp_path / "spending.csv"
    path.write_text("date,shop,amount\n" + "".join(f"2025-02-{1 + i % 28:02d},shop {i},{5 + i}.00\n" for i in range(260)))
    svc = Service(Profile.open(tmp_path / "home"), use_model=False)
    assert svc.import_records(path).added == 260
    learned = Learned("spending", (("date", "date"), ("amount", "money")))
    _state_rule(svc, "warn me about any spending over 1", RuleIR(_stored(svc).frame.name,
                ((Condition(("amount",), "gt", Decimal(1)),),), learned=learned))
    update = svc.evaluate(dt.datetime.now() + dt.timedelta(days=1))
    mine = [a for a in update.active if a.rule.startswith("user_rules.")]
    assert len(mine) == 201 and not update.problems
    more = [a for a in mine if a.key.endswith(":more")]
    assert len(more) == 1 and "60 more" in more[0].title and more[0].evidence == ()


def test_a_rollback_keeps_the_data_file_the_rules_read(svc: Service) -> None:
    from engine.project import history

    svc.correct(_stored(svc)[0].id, "amount", "77.00")
    revisions = history.history(svc.profile.project_dir)
    assert len(revisions) >= 2
    history.rollback(svc.profile.project_dir, revisions[1].sha)
    assert (svc.profile.project_dir / "records/spending.jsonl").is_file()
    update = svc.evaluate(dt.datetime.now() + dt.timedelta(days=1))
    assert not update.problems, update.problems
