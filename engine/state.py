"""Fold the whole log into typed state: one record per entity, latest value wins, history kept.

Deterministic: the same facts give the same records in the same order. A fact that names facts it
``supersedes`` joins their record even when its own entity key differs (a corrected date changes
the key of a trip, not its identity).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from engine.frames import (
    FRAMES,
    FRAMES_BY_NAME,
    IMPORT_DOMAIN,
    IMPORT_SCHEMA_FRAME,
    Frame,
    frame_from_schema,
)
from engine.log import Fact


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

    records: dict[str, list[Record]]
    frames: dict[str, Frame] = field(default_factory=dict)

    def of(self, frame_name: str) -> list[Record]:
        return self.records.get(frame_name, [])

    def frame(self, frame_name: str) -> Frame | None:
        """The built-in or imported frame of that name."""
        return FRAMES_BY_NAME.get(frame_name) or self.frames.get(frame_name)

    def domains(self) -> dict[str, dict[str, list[Record]]]:
        out: dict[str, dict[str, list[Record]]] = {}
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


def fold(facts: Iterable[Fact]) -> State:
    """Fold facts (in log order) into typed records.

    Import schema facts are read first (the latest per collection wins), so records of an imported
    collection are typed by its newest schema wherever they sit in the log."""
    facts = list(facts)
    dynamic: dict[str, Frame] = {}
    for fact in facts:
        if fact.frame == IMPORT_SCHEMA_FRAME:
            schema = frame_from_schema(fact.slots)
            if schema is not None and schema.name not in FRAMES_BY_NAME:
                dynamic[schema.name] = schema
            elif fact.slots.get("state") == "refused":
                dynamic.pop(str(fact.slots.get("frame")), None)
    by_key: dict[tuple[str, str, str], Record] = {}
    by_fact: dict[int, Record] = {}
    order: dict[str, list[Record]] = {}
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
            order.setdefault(fact.frame, []).append(rec)
        by_key[(fact.frame, fact.subject, fact.entity_key)] = rec
        by_fact[fact.id] = rec
        _apply(rec, fr, fact)
    return State(order, dynamic)


def _apply(rec: Record, fr: Frame, fact: Fact) -> None:
    rec.evidence.append(fact.id)
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
