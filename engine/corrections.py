"""A value the user corrects — by hand in ``state.py`` or in the app — becomes a fact of its own.

The fact supersedes the one the old value came from, in a session of source ``edit`` whose single
message says what changed, so the correction survives every later checkpoint, keeps provenance and
can itself be forgotten (which brings the old value back). Values are checked against the slot's
type before anything is written.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from engine.errors import InputError
from engine.frames import Frame
from engine.log import Fact, LogStore, NewFact
from engine.state import Record, State, coerce

STATUS = "status"
_BOOL_WORDS = {"yes": True, "y": True, "true": True, "1": True, "no": False, "n": False, "false": False, "0": False}


@dataclass(frozen=True)
class Correction:
    """One changed value of one record, with the line that describes it in the log."""

    record: Record
    slot: str
    new: Any
    said: str


def find_record(state: State, record_id: str) -> Record:
    """The record with that id (``frame:subject:key``), or a clear error."""
    for recs in state.records.values():
        for rec in recs:
            if rec.id == record_id:
                return rec
    raise InputError(f"there is no record {record_id!r}; it may have been forgotten or merged")


def typed_value(frame: Frame, slot_name: str, raw: Any) -> Any:
    """``raw`` as the slot's typed value; an enum must be one of its choices, a status one of the
    frame's statuses. Raises :class:`InputError` with what was expected."""
    if slot_name == STATUS:
        if raw not in frame.statuses:
            raise InputError(f"a {frame.name} status is one of {', '.join(frame.statuses)}, not {raw!r}")
        return raw
    try:
        slot = frame.slot(slot_name)
    except KeyError:
        raise InputError(f"{frame.name} has no field {slot_name!r}") from None
    text = raw.strip() if isinstance(raw, str) else raw
    if text in (None, ""):
        raise InputError(f"give a value for {slot_name.replace('_', ' ')} (to remove a record, forget it)")
    if slot.kind == "enum" and text not in slot.choices:
        raise InputError(f"{slot_name.replace('_', ' ')} is one of {', '.join(slot.choices)}, not {text!r}")
    if slot.kind == "money" and isinstance(text, str):
        text = text.replace(",", "")
    if slot.kind == "list" and isinstance(text, str):
        text = [part.strip() for part in text.split(",") if part.strip()]
    if slot.kind == "bool":
        word = str(text).strip().lower()
        if word not in _BOOL_WORDS:
            raise InputError(f"{slot_name.replace('_', ' ')} is yes or no, not {text!r}")
        return _BOOL_WORDS[word]
    value = coerce(slot.kind, text.isoformat() if isinstance(text, dt.date) else text)
    if isinstance(value, float | Decimal) and not math.isfinite(value):
        value = None  # "nan", "inf": numbers no rule or total can use
    if value is None:
        hint = {"date": " (a date such as 2026-03-14)", "time": " (a time such as 14:30)",
                "money": " (an amount such as 120.50)", "int": " (a whole number)", "float": " (a number)"}
        raise InputError(f"{text!r} is not a valid {slot.kind} for {slot_name.replace('_', ' ')}{hint.get(slot.kind, '')}")
    return value


def describe_value(value: Any) -> str:
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return "(none)" if value is None else str(value)


def log_corrections(log: LogStore, corrections: list[Correction], state: State, day: dt.date,
                    session_id: str) -> list[Fact]:
    """Log ``corrections`` as one ``edit`` session: one message listing them, one fact each."""
    if not corrections:
        return []
    text = "\n".join(c.said for c in corrections)
    sid, (mid,) = log.add_session([("user", text)], day, source="edit", session_id=session_id)
    new, offset = [], 0
    for c in corrections:
        rec = c.record
        frame = state.frame(rec.frame)
        if frame is None:
            raise InputError(f"the kind of record {rec.frame!r} is no longer kept")
        anchor = rec.sources.get(c.slot) or (rec.evidence[-1] if rec.evidence else None)
        value = c.new.isoformat() if isinstance(c.new, dt.date) else c.new
        new.append(NewFact(
            session_id=sid, message_id=mid, session_date=day, domain=frame.domain,
            frame=rec.frame, entity_key=rec.key, subject=rec.subject,
            slots={c.slot: value if isinstance(value, list) else str(value)},
            span=(offset, offset + len(c.said)), evidence=c.said, extractor="hand-edit",
            supersedes=(anchor,) if anchor else (),
        ))
        offset += len(c.said) + 1
    ids = set(log.add_facts(new))
    log.mark_extraction([mid], "done")
    return [f for f in log.facts(session_id=sid) if f.id in ids]


def edit_session_id(now: dt.datetime | None = None) -> str:
    return f"edit-{(now or dt.datetime.now()):%Y%m%d-%H%M%S-%f}"
