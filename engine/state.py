"""Fold the whole log into typed state: one record per entity, latest value wins, history kept.

Deterministic: the same facts give the same records in the same order. A fact that names facts it
``supersedes`` joins their record even when its own entity key differs (a corrected date changes
the key of a trip, not its identity).
"""

from __future__ import annotations

import datetime as dt
import itertools
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from engine.frames import (
    FRAMES,
    FRAMES_BY_NAME,
    IMPORT_DOMAIN,
    IMPORT_SCHEMA_FRAME,
    UNIT_SLOTS,
    Frame,
    frame_from_schema,
)
from engine.log import Fact, LogStore


@dataclass(frozen=True)
class Change:
    fact_id: int
    slot: str
    old: Any
    new: Any


@dataclass
class Record:
    frame: str
    key: str
    subject: str
    status: str
    values: dict[str, Any]
    evidence: list[int] = field(default_factory=list)
    sources: dict[str, int] = field(default_factory=dict)
    history: list[Change] = field(default_factory=list)
    first_seen: dt.date | None = None

    @property
    def id(self) -> str:
        return f"{self.frame.lower()}:{self.subject}:{self.key}"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "frame": self.frame,
            "subject": self.subject,
            "status": self.status,
            **{k: to_jsonable(v) for k, v in self.values.items()},
            "evidence": list(self.evidence),
            "sources": dict(self.sources),
        }


@dataclass
class State:
    """Records per frame name, in order of first appearance.

    ``frames`` holds the frames of imported collections, rebuilt from the log's schema facts."""

    records: dict[str, Sequence[Record]]
    frames: dict[str, Frame] = field(default_factory=dict)

    def of(self, frame_name: str) -> Sequence[Record]:
        return self.records.get(frame_name, [])

    def frame(self, frame_name: str) -> Frame | None:
        """The built-in or imported frame of that name."""
        return FRAMES_BY_NAME.get(frame_name) or self.frames.get(frame_name)

    def domains(self) -> dict[str, dict[str, Sequence[Record]]]:
        out: dict[str, dict[str, Sequence[Record]]] = {}
        for fr in FRAMES:
            recs = self.records.get(fr.name, [])
            if recs:
                out.setdefault(fr.domain, {})[fr.collection] = recs
        for fr in self.frames.values():
            recs = self.records.get(fr.name, [])
            if recs:
                out.setdefault(IMPORT_DOMAIN, {})[fr.collection] = recs
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            dom: {coll: [r.to_json() for r in recs] for coll, recs in colls.items()}
            for dom, colls in self.domains().items()
        }

    def count(self) -> int:
        return sum(len(v) for v in self.records.values())


def to_jsonable(value: Any) -> Any:
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, list | tuple):
        return [to_jsonable(v) for v in value]
    return value


def coerce(kind: str, raw: Any) -> Any:
    """Turn a stored JSON slot value into its typed Python value; None when it cannot be."""
    if raw is None or raw == "":
        return None
    try:
        if kind == "date":
            return raw if isinstance(raw, dt.date) else dt.date.fromisoformat(str(raw)[:10])
        if kind == "money":
            return Decimal(str(raw)).quantize(Decimal("0.01"))
        if kind == "int":
            return int(raw)
        if kind == "float":
            return float(raw)
        if kind == "bool":
            return raw if isinstance(raw, bool) else str(raw).strip().lower() in ("true", "1", "yes", "y")
        if kind == "datetime":
            return raw if isinstance(raw, dt.datetime) else dt.datetime.fromisoformat(str(raw))
        if kind == "time":
            return raw if isinstance(raw, dt.time) else dt.time.fromisoformat(str(raw))
        if kind == "list":
            return [str(v) for v in raw] if isinstance(raw, list) else [str(raw)]
        return str(raw)
    except (ValueError, TypeError, InvalidOperation):
        return None


def load_state(log: LogStore) -> State:
    """The whole log folded: big imported collections (:meth:`LogStore.bulk_frames`) stay in the
    log as :class:`StoredRecords`, read as a stream whenever they are used."""
    facts = log.facts()
    state = fold(facts)
    state.records.update(stored_collections(log, facts))
    return state


def stored_collections(log: LogStore, facts: Sequence[Fact]) -> dict[str, StoredRecords]:
    """The log's big imported collections (frame -> records read as a stream); ``facts`` are the
    log's other facts, which hold the collections' schemas."""
    bulk = log.bulk_frames()
    if not bulk:
        return {}
    frames = fold([f for f in facts if f.frame == IMPORT_SCHEMA_FRAME]).frames
    return {name: StoredRecords(log, frames[name]) for name in sorted(bulk) if name in frames}


class StoredRecords(Sequence[Record]):
    """The records of a big imported collection, folded from the log each time they are read, so
    memory does not grow with the collection. Records corrected or edited since the import (few)
    are folded first with everything that touches them; the rest are one fact each."""

    def __init__(self, log: LogStore, frame: Frame) -> None:
        self.log, self.frame = log, frame
        self._len: int | None = None

    def _entangled(self) -> tuple[list[Fact], list[Record]]:
        facts = self.log.entangled(self.frame.name)
        return facts, list(fold(facts, frames={self.frame.name: self.frame}).of(self.frame.name))

    def __iter__(self) -> Iterator[Record]:
        by_fact = {fid: rec for rec in self._entangled()[1] for fid in rec.evidence}
        shown: set[int] = set()
        fr = self.frame
        kinds = [(s.name, s.kind) for s in fr.slots]
        status = fr.statuses[0]
        days: dict[str, dt.date] = {}
        for fid, day, subject, key, slots_json in self.log.iter_records(fr.name):
            rec = by_fact.get(fid)
            if rec is None:  # one fact, one record: what _apply would make of it, without the detour
                raw = json.loads(slots_json)
                values = {name: coerce(kind, raw.get(name)) for name, kind in kinds}
                first = days.get(day) or days.setdefault(day, dt.date.fromisoformat(day[:10]))
                yield Record(frame=fr.name, key=key, subject=subject, status=status, values=values, evidence=[fid],
                             sources={name: fid for name, v in values.items() if v is not None}, first_seen=first)
            elif id(rec) not in shown:
                shown.add(id(rec))
                yield rec

    def __len__(self) -> int:
        if self._len is None:
            facts, records = self._entangled()  # the rest are one record per fact
            self._len = self.log.frame_stamp(self.frame.name)[0] - len(facts) + len(records)
        return self._len

    def __getitem__(self, index):  # type: ignore[no-untyped-def, override]
        """By position (read up to it: meant for a few records at the start, not random access)."""
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step < 0:
                return list(self)[index]
            return list(itertools.islice(self, start, stop, step))
        i = index + len(self) if index < 0 else index
        if i < 0:
            raise IndexError(index)
        found = next(itertools.islice(self, i, None), None)
        if found is None:
            raise IndexError(index)
        return found

    def stamp(self) -> str:
        """Changes whenever a fact of the collection is written or forgotten (a checkpoint's cue)."""
        return f"{self.frame.name}:{self.log.frame_stamp(self.frame.name)}"

    def __repr__(self) -> str:
        return f"StoredRecords({self.frame.name}, {len(self)} records)"


def fold(facts: Iterable[Fact], frames: dict[str, Frame] | None = None) -> State:
    """Fold facts (in log order) into typed records.

    Import schema facts are read first (the latest per collection wins), so records of an imported
    collection are typed by its newest schema wherever they sit in the log; ``frames`` gives
    imported frames whose schema facts are not among ``facts``."""
    facts = list(facts)
    dynamic: dict[str, Frame] = dict(frames or {})
    for fact in facts:
        if fact.frame == IMPORT_SCHEMA_FRAME:
            schema = frame_from_schema(fact.slots)
            if schema is not None and schema.name not in FRAMES_BY_NAME:
                dynamic[schema.name] = schema
            elif fact.slots.get("state") == "refused":
                dynamic.pop(str(fact.slots.get("frame")), None)
    by_key: dict[tuple[str, str, str], Record] = {}
    by_fact: dict[int, Record] = {}
    order: dict[str, Sequence[Record]] = {}
    for fact in facts:
        fr = FRAMES_BY_NAME.get(fact.frame) or dynamic.get(fact.frame)
        if fr is None:
            continue
        rec = next((by_fact[s] for s in fact.supersedes if s in by_fact), None)
        if rec is None:
            rec = by_key.get((fact.frame, fact.subject, fact.entity_key))
        if rec is None:
            rec = Record(
                frame=fact.frame,
                key=fact.entity_key,
                subject=fact.subject,
                status=fr.statuses[0],
                values={s.name: None for s in fr.slots},
                first_seen=fact.session_date,
            )
            order.setdefault(fact.frame, []).append(rec)  # type: ignore[attr-defined]
        by_key[(fact.frame, fact.subject, fact.entity_key)] = rec
        by_fact[fact.id] = rec
        _apply(rec, fr, fact)
    return State(order, dynamic)


def _reprice(rec: Record, fr: Frame, fact: Fact) -> None:
    """A new amount said without a price per unit ("it was £900 in the end") leaves no stale unit price:
    the unit slots were computed from the old amount's words."""
    base = next((s.fallback for s in fr.slots if s.name == "unit_price" and s.fallback), None)
    if base is None or base not in fact.slots or "unit_price" in fact.slots:
        return
    for name in UNIT_SLOTS:
        old = rec.values.get(name)
        if old is not None:
            rec.history.append(Change(fact.id, name, old, None))
            rec.values[name] = None
            rec.sources[name] = fact.id


def _apply(rec: Record, fr: Frame, fact: Fact) -> None:
    rec.evidence.append(fact.id)
    _reprice(rec, fr, fact)
    for slot in fr.slots:
        if slot.name not in fact.slots:
            continue
        new = coerce(slot.kind, fact.slots[slot.name])
        if new is None:
            continue
        old = rec.values.get(slot.name)
        if old != new:
            if old is not None:
                rec.history.append(Change(fact.id, slot.name, old, new))
            rec.values[slot.name] = new
            rec.sources[slot.name] = fact.id
    status = fact.slots.get("status")
    if fact.op == "cancel":
        status = "cancelled"
    if isinstance(status, str) and status in fr.statuses and status != rec.status:
        rec.history.append(Change(fact.id, "status", rec.status, status))
        rec.status = status
        rec.sources["status"] = fact.id
