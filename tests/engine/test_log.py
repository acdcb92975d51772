import datetime as dt
import sqlite3

import pytest

from engine.errors import InputError, LogError
from engine.log import LogStore, NewFact
from engine.state import fold

D = dt.date(2025, 1, 10)


def _fact(sid: str, mid: int, **kw) -> NewFact:
    base = dict(session_id=sid, message_id=mid, session_date=D, domain="travel", frame="Trip",
                entity_key="jp", slots={"country": "JP", "start": "2025-02-20"}, span=(0, 5), evidence="Tokyo")
    base.update(kw)
    return NewFact(**base)


def test_append_and_read_back_in_order(tmp_path) -> None:
    log = LogStore(tmp_path / "log.sqlite3")
    sid, mids = log.add_session([("user", "I fly to Tokyo"), ("assistant", "ok")], D)
    ids = log.add_facts([_fact(sid, mids[0])])
    facts = log.facts()
    assert [f.id for f in facts] == ids
    assert facts[0].slots == {"country": "JP", "start": "2025-02-20"}
    assert facts[0].span == (0, 5)
    assert log.messages(sid)[1].speaker == "assistant"
    assert log.db_path.exists()
    with sqlite3.connect(log.db_path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_duplicate_session_id_is_refused_and_nothing_lost(tmp_path) -> None:
    log = LogStore(tmp_path / "log.sqlite3")
    log.add_session([("user", "one")], D, session_id="s1")
    with pytest.raises(InputError, match="already exists"):
        log.add_session([("user", "two")], D, session_id="s1")
    assert [m.text for m in log.messages("s1")] == ["one"]


def test_correction_supersedes_without_losing_history(tmp_path) -> None:
    log = LogStore(tmp_path / "log.sqlite3")
    sid, mids = log.add_session([("user", "Tokyo on Feb 20"), ("user", "actually the 22nd")], D)
    (first,) = log.add_facts([_fact(sid, mids[0])])
    log.add_facts([_fact(sid, mids[1], entity_key="jp-2", slots={"start": "2025-02-22"}, supersedes=(first,))])
    state = fold(log.facts())
    (trip,) = state.of("Trip")
    assert trip.values["start"] == dt.date(2025, 2, 22)
    assert trip.values["country"] == "JP"
    assert trip.history[0].old == dt.date(2025, 2, 20)
    assert len(log.facts()) == 2  # the old fact is still in the log


def test_cancel_changes_status(tmp_path) -> None:
    log = LogStore(tmp_path / "log.sqlite3")
    sid, mids = log.add_session([("user", "x")], D)
    log.add_facts([_fact(sid, mids[0]), _fact(sid, mids[0], slots={}, op="cancel")])
    assert fold(log.facts()).of("Trip")[0].status == "cancelled"


def test_forget_session_really_removes_text(tmp_path) -> None:
    log = LogStore(tmp_path / "log.sqlite3")
    secret = "my-secret-diagnosis-zebra"
    sid, mids = log.add_session([("user", f"I have {secret}")], D)
    log.add_facts([_fact(sid, mids[0], evidence=secret)])
    assert log.search("zebra")
    audit = log.forget_session(sid, reason="asked to").audit
    assert audit.messages_removed == 1 and audit.facts_removed == 1
    assert log.facts() == [] and log.messages() == [] and log.search("zebra") == []
    log.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.is_file())
    assert secret.encode() not in raw
    assert LogStore(tmp_path / "log.sqlite3").forgets()[0].target_id == sid


def test_locked_database_gives_a_clear_error(tmp_path) -> None:
    path = tmp_path / "log.sqlite3"
    LogStore(path).close()
    blocker = sqlite3.connect(path, timeout=0.1)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        log = LogStore(path)
        log.engine.pool.dispose()
        with pytest.raises(LogError, match="locked"):
            with log.engine.connect() as conn:  # a fresh connection honours the 5 s busy timeout
                conn.exec_driver_sql("PRAGMA busy_timeout=100")
            log.add_session([("user", "hello")], D)
    finally:
        blocker.rollback()
        blocker.close()


def test_not_a_database(tmp_path) -> None:
    path = tmp_path / "log.sqlite3"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(LogError, match="not a valid SQLite"):
        LogStore(path)


def test_a_new_amount_without_a_unit_price_clears_the_old_one(tmp_path) -> None:
    log = LogStore(tmp_path / "log.sqlite3")
    sid, mids = log.add_session([("user", "3 nights, £450 all in"), ("user", "it was £900 in the end"),
                                 ("user", "the receipt says £960, £320 a night")], D)
    (first,) = log.add_facts([_fact(sid, mids[0], slots={"destination": "Leeds", "cost": "450.00", "quantity": 3,
                                                         "unit": "night", "unit_price": "150.00"})])
    (second,) = log.add_facts([_fact(sid, mids[1], slots={"cost": "900.00"}, supersedes=(first,))])
    (trip,) = fold(log.facts()).of("Trip")
    assert trip.values["cost"] == 900 and trip.values["unit_price"] is None and trip.values["unit"] is None
    assert trip.values["quantity"] is None and trip.values["destination"] == "Leeds"
    log.add_facts([_fact(sid, mids[2], slots={"cost": "960.00", "unit": "night", "unit_price": "320.00"},
                         supersedes=(second,))])
    (trip,) = fold(log.facts()).of("Trip")
    assert trip.values["unit_price"] == 320 and trip.values["unit"] == "night"
