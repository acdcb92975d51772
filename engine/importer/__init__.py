"""``uac import``: records from a JSON array, JSON Lines or CSV file become typed facts in the log.

Provenance: one session (source ``import``) per imported file, one schema fact per collection
(frame :data:`engine.frames.IMPORT_SCHEMA_FRAME`) from which folding rebuilds the collection's
typed frame, and one fact per record whose entity key is a hash of its typed content — so
importing the same file again adds nothing. The whole file is read, typed and checked before the
first write: a malformed file raises :class:`InputError` naming the line or record, and nothing is
imported. The session, its summary and every record are written in one transaction.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import InputError
from engine.frames import FRAMES_BY_NAME, IMPORT_DOMAIN, IMPORT_SCHEMA_FRAME
from engine.importer.infer import ENUM_MAX, FieldSchema, convert, identifier, infer_schema
from engine.importer.read import read_rows
from engine.log import LogStore, NewFact
from engine.project.naming import usable_class

__all__ = ["ImportResult", "import_file", "frame_name"]


@dataclass
class ImportResult:
    collection: str
    added: int
    skipped_duplicates: int
    schema: dict[str, str]
    frame: str = ""
    session_id: str | None = None
    fields: list[FieldSchema] = field(default_factory=list)
    fact_ids: list[int] = field(default_factory=list)
    checkpoint_error: str = ""
    """Set when the records were logged but the project could not be re-rendered with them."""


RESERVED_COLLECTIONS = frozenset({"collections"})
"""Collection names the rendered ``state.py`` uses itself (``COLLECTIONS`` maps names to lists)."""


def frame_name(collection: str, taken: dict[str, str] | None = None) -> str:
    """The frame an imported collection's records use: CamelCase, never a built-in frame's name,
    a name the rendered project uses itself (``Decimal``, ``Record``...) or another collection's."""
    taken = taken or {}
    for frame, coll in taken.items():
        if coll == collection:
            return frame
    base = "".join(part.capitalize() for part in collection.split("_") if part) or "Records"
    if base in FRAMES_BY_NAME or base == IMPORT_SCHEMA_FRAME or not usable_class(base):
        base += "Import"
    name, i = base, 2
    while name in taken or name in FRAMES_BY_NAME:
        name, i = f"{base}{i}", i + 1
    return name


def _frames_in_use(log_store: LogStore) -> dict[str, str]:
    """Frame name -> collection, for every collection imported so far."""
    out: dict[str, str] = {}
    for fact in log_store.facts(domain=IMPORT_DOMAIN):
        if fact.frame == IMPORT_SCHEMA_FRAME:
            out[str(fact.slots.get("frame"))] = str(fact.slots.get("collection"))
    return out


PROGRESS_EVERY = 5_000  # rows between progress reports (and chances to stop)


def import_file(log_store: LogStore, path: Path, collection: str | None = None,
                progress: Callable[[str], None] | None = None) -> ImportResult:
    """Import ``path`` into ``collection`` (default: the file's name); returns what was added.

    ``progress`` hears how far it got; an exception it raises (the app's stop) ends the import
    before anything is written: the file is written in one transaction or not at all."""
    path = Path(path)
    say = progress or (lambda _text: None)
    say(f"Reading {path.name}…")
    fmt, rows = read_rows(path)
    say(f"Read {len(rows):,} records from {path.name}; working out their types…")
    coll = identifier(collection or path.stem)
    if coll in RESERVED_COLLECTIONS:
        coll += "_records"
    frame = frame_name(coll, _frames_in_use(log_store))
    columns: list[str] = []
    for row in rows:
        for key in row.values:
            if key not in columns:
                columns.append(str(key))
    fields = infer_schema(columns, [r.values for r in rows])
    old_fields, old_facts = _existing(log_store, frame, coll)
    if old_fields:
        fields = _merge(old_fields, fields)
    by_label = {f.label: f for f in fields}
    typed: list[tuple[int, dict[str, Any]]] = []
    for done, row in enumerate(rows, 1):
        if done % PROGRESS_EVERY == 0:
            say(f"Checked {done:,} of {len(rows):,} records…")
        slots: dict[str, Any] = {}
        for label, raw in row.values.items():
            f = by_label.get(str(label))
            if f is None:
                continue
            try:
                value = convert(f, raw)
            except (ValueError, KeyError, AssertionError) as exc:
                raise InputError(
                    f"{path}: record {row.number} (line {row.line}): {label!r} value {raw!r} is not a {f.kind}"
                    f" ({exc}); nothing was imported"
                ) from None
            if value is not None:
                slots[f.name] = value
        if not slots:
            raise InputError(f"{path}: record {row.number} (line {row.line}) is empty; nothing was imported")
        typed.append((row.number, slots))
    seen = set(old_facts)
    fresh: list[tuple[str, dict[str, Any]]] = []
    skipped = 0
    for _number, slots in typed:
        key = content_key(slots)
        if key in seen:
            skipped += 1
            continue
        seen.add(key)
        fresh.append((key, slots))
    schema_json = [f.to_json() for f in fields]
    result = ImportResult(coll, len(fresh), skipped, {f.name: f.kind for f in fields}, frame, None, fields)
    schema_changed = schema_json != [f.to_json() for f in old_fields]
    if not fresh and not schema_changed:
        return result
    say(f"Writing {len(fresh):,} new records…")
    today = dt.date.today()
    summary = f"Imported {len(fresh)} {coll} records from {path.name} ({fmt}); {skipped} duplicates skipped."

    def facts(sid: str, msg_ids: list[int]) -> list[NewFact]:
        mid = msg_ids[0] if msg_ids else None
        new: list[NewFact] = []
        if schema_changed:
            new.append(
                NewFact(
                    sid, mid, today, IMPORT_DOMAIN, IMPORT_SCHEMA_FRAME, coll,
                    {"collection": coll, "frame": frame, "fields": schema_json, "source": path.name},
                    evidence=f"schema of {coll}: " + ", ".join(f"{f.name} ({f.kind})" for f in fields),
                    extractor="import",
                )
            )
        for key, slots in fresh:
            new.append(NewFact(sid, mid, today, IMPORT_DOMAIN, frame, key, slots, evidence=render(coll, slots),
                               extractor="import"))
        return new

    sid, _mids, ids = log_store.add_session_with_facts(  # one transaction: all of the file or nothing
        [("import", summary)], today, facts, source="import", title=f"import {path.name} → {coll}"
    )
    result.session_id = sid
    result.fact_ids = ids[1:] if schema_changed else ids
    return result


def content_key(slots: dict[str, Any]) -> str:
    """Entity key of an imported record: a hash of its typed content (re-import finds it again)."""
    blob = json.dumps(slots, sort_keys=True, default=str, ensure_ascii=False)
    return "h" + hashlib.sha256(blob.encode()).hexdigest()[:24]


def render(collection: str, slots: dict[str, Any]) -> str:
    """A record as one sentence, for recall over imported data."""
    parts = [f"{k.replace('_', ' ')} {', '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in slots.items()]
    return f"{collection}: " + "; ".join(parts)


def _existing(log_store: LogStore, frame: str, coll: str) -> tuple[list[FieldSchema], list[str]]:
    fields: list[FieldSchema] = []
    keys: list[str] = []
    for fact in log_store.facts(domain=IMPORT_DOMAIN):
        if fact.frame == IMPORT_SCHEMA_FRAME and fact.slots.get("collection") == coll:
            fields = [
                FieldSchema(
                    str(f["name"]), str(f.get("kind", "str")), str(f.get("label", f["name"])),
                    list(f.get("choices", [])), str(f.get("unit", "")), str(f.get("currency", "")),
                    bool(f.get("day_first", False)),
                )
                for f in fact.slots.get("fields", [])
            ]
        elif fact.frame == frame:
            keys.append(fact.entity_key)
    return fields, keys


_NUMERIC = {"int": 0, "float": 1, "money": 2}


def _merge(old: list[FieldSchema], new: list[FieldSchema]) -> list[FieldSchema]:
    """Old fields keep their order; a kind both files agree on stays, otherwise it widens."""
    out = [FieldSchema(**vars(f)) for f in old]
    by_label = {f.label: f for f in out}
    for f in new:
        cur = by_label.get(f.label)
        if cur is None:
            taken = {g.name for g in out}
            while f.name in taken:
                f.name += "_2"
            out.append(f)
            by_label[f.label] = f
            continue
        if cur.kind == f.kind:
            if f.kind == "enum":
                cur.choices = sorted(set(cur.choices) | set(f.choices))
                if len(cur.choices) > ENUM_MAX:
                    cur.kind, cur.choices = "str", []
            continue
        if cur.kind in _NUMERIC and f.kind in _NUMERIC:
            cur.kind = max(cur.kind, f.kind, key=_NUMERIC.__getitem__)
        elif {cur.kind, f.kind} == {"enum", "str"}:
            cur.kind, cur.choices = "str", []
        else:
            cur.kind, cur.choices = "str", []
    return out
