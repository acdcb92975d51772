"""Big collections as data files of the project: ``records/<collection>.jsonl``, one record a line.

A collection with thousands of imported records cannot be written out as Python (``state.py``
would be hundreds of megabytes), yet rules must see every record. So the checkpoint streams it
into a data file next to the code, and ``state.py`` names the file through the project's own
``Stored`` reader (``domains/record.py``), which rebuilds typed records line by line. The file is
data, never code: values are JSON, each field rebuilt by the function its kind names.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from engine.frames import Frame, Slot
from engine.project.literals import Unrenderable, checked
from engine.project.naming import attr, enum_class
from engine.state import Record

FOLDER = "records"
"""The project folder holding the data files (kept out of the project's history: the log has them)."""

REBUILD = {
    "str": "str", "int": "int", "float": "float", "bool": "bool", "list": "list", "money": "Decimal",
    "date": "date.fromisoformat", "datetime": "datetime.fromisoformat", "time": "time.fromisoformat",
}
"""The expression that rebuilds a value of each kind from its JSON form (enums: their class)."""


def data_path(frame: Frame) -> str:
    """Where a collection's records are kept, relative to the project."""
    return f"{FOLDER}/{frame.collection}.jsonl"


def rebuilders(frame: Frame) -> str:
    """``{'field': rebuild, ...}`` as source for ``state.py`` (names only: no value of the user's)."""
    parts = [f"{attr(s)!r}: {enum_class(frame, s) if s.kind == 'enum' else REBUILD[s.kind]}" for s in frame.slots]
    return "{" + ", ".join(parts) + "}"


def encode(slot: Slot, value: Any) -> Any:
    """A value as JSON, checked against its slot's kind as ``state.py``'s literals are."""
    kind = slot.kind
    value = checked(slot, value)
    if kind == "date":
        return value.isoformat()
    if kind in ("datetime", "time"):
        return value.replace(microsecond=0, tzinfo=None).isoformat()
    if kind in ("int", "bool"):
        return value
    if kind == "float":
        return float(value)
    if kind == "list":
        return [str(v) for v in value]
    return str(value)  # money, enum, text


class LineWriter:
    """Records of one frame as JSON lines (``sources`` left out when every value came from the
    record's one fact: the reader derives them). The frame's names are worked out once, not per
    record: a big collection has hundreds of thousands."""

    def __init__(self, frame: Frame) -> None:
        self.frame = frame
        self.slots = [(slot, attr(slot)) for slot in frame.slots]
        self.names = {slot.name: name for slot, name in self.slots}
        self.order = sorted(name for _slot, name in self.slots)
        self.json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))

    def line(self, rec: Record) -> str:
        out: dict[str, Any] = {"id": rec.id, "subject": rec.subject, "status": rec.status}
        if rec.first_seen is not None:
            out["known_since"] = rec.first_seen.isoformat()
        values = rec.values
        for slot, name in self.slots:
            value = values.get(slot.name)
            if value is None:
                continue
            try:
                out[name] = encode(slot, value)
            except Unrenderable:
                continue  # as in state.py: a value that does not fit its kind is left out
        evidence = sorted(set(rec.evidence))
        out["evidence"] = evidence
        names = self.names
        sources = sorted((names[k], v) for k, v in rec.sources.items() if k in names and names[k] in out)
        if not evidence or sources != [(name, evidence[0]) for name in self.order if name in out]:
            out["sources"] = sources
        history = []
        for change in rec.history:
            if change.slot == "status":
                history.append(["status", str(change.old), change.fact_id])
            elif change.slot in names:
                try:
                    history.append([names[change.slot], encode(self.frame.slot(change.slot), change.old), change.fact_id])
                except Unrenderable:
                    continue
        if history:
            out["history"] = history
        return self.json.encode(out) + "\n"


def write(frame: Frame, records: Iterable[Record], path: Path) -> str:
    """Stream ``records`` into ``path`` (synced before it is swapped in); returns the file's
    SHA-256, so the checkpoint can tell later whether it was changed by hand."""
    digest = hashlib.sha256()
    writer = LineWriter(frame)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as out:
        for rec in records:
            line = writer.line(rec).encode("utf-8")
            digest.update(line)
            out.write(line)
        out.flush()
        os.fsync(out.fileno())
    return digest.hexdigest()
