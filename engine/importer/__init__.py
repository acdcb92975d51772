"""``uac import``: records from a JSON array, JSON Lines or CSV file become typed facts in the log.

Provenance: one session (source ``import``) per imported file, one schema fact per collection
(frame :data:`engine.frames.IMPORT_SCHEMA_FRAME`) from which folding rebuilds the collection's
typed frame, and one fact per record whose entity key is a hash of its typed content — so
importing the same file again adds nothing. Each record is in the search index too, unless the
file holds :data:`engine.log.BULK_MIN` or more (recall over a statement's many near-identical rows
finds nothing worth citing; asking computes over them, and the summary and schema are indexed).
The file is streamed, never held whole; a malformed record anywhere raises :class:`InputError`
naming the line or record, and nothing is imported: the session, its summary and every record are
written in one transaction.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine.log
from engine.errors import InputError
from engine.frames import FRAMES_BY_NAME, IMPORT_DOMAIN, IMPORT_SCHEMA_FRAME
from engine.importer.infer import (
    ENUM_MAX,
    ColumnProfile,
    FieldSchema,
    convert,
    field_names,
    identifier,
)
from engine.importer.read import RowSource
from engine.log import Fact, LogStore, NewFact, RecordRow
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


PROGRESS_EVERY = 5_000  # rows between progress reports (and chances to stop) while types are learned


def import_file(log_store: LogStore, path: Path, collection: str | None = None,
                progress: Callable[[str], None] | None = None) -> ImportResult:
    """Import ``path`` into ``collection`` (default: the file's name); returns what was added.

    The file is streamed twice — once to learn each column's type, once to check and write every
    record — so memory does not grow with it. ``progress`` hears how far it got; an exception it
    raises (the app's stop) ends the import with nothing written: the file is written in one
    transaction or not at all, and a bad value anywhere rolls back the records before it."""
    path = Path(path)
    say = progress or (lambda _text: None)
    source = RowSource(path)
    say(f"Reading {path.name}…")
    stamp = source.stamp()
    columns, profiles, n_rows = _profile(source, say)
    if not n_rows:
        raise InputError(f"{path}: the file holds no records; nothing was imported")
    coll = identifier(collection or path.stem)
    if coll in RESERVED_COLLECTIONS:
        coll += "_records"
    schemas = log_store.facts(frame=IMPORT_SCHEMA_FRAME)
    frame = frame_name(coll, {str(f.slots.get("frame")): str(f.slots.get("collection")) for f in schemas})
    names = field_names(columns)
    fields = [profiles[col].field(names[col], col) for col in columns]
    old_fields = _existing_fields(schemas, coll)
    if old_fields:
        fields = _merge(old_fields, fields)
    schema_json = [f.to_json() for f in fields]
    schema_changed = schema_json != [f.to_json() for f in old_fields]
    today = dt.date.today()

    def head(sid: str, mid: int) -> list[NewFact]:
        if not schema_changed:
            return []
        return [NewFact(sid, mid, today, IMPORT_DOMAIN, IMPORT_SCHEMA_FRAME, coll,
                        {"collection": coll, "frame": frame, "fields": schema_json, "source": path.name},
                        evidence=f"schema of {coll}: " + ", ".join(f"{f.name} ({f.kind})" for f in fields),
                        extractor="import")]

    def summary(added: int, skipped: int) -> str:
        return f"Imported {added} {coll} records from {path.name} ({source.fmt}); {skipped} duplicates skipped."

    def written(added: int, skipped: int) -> None:
        say(f"Checked and wrote {added + skipped:,} of {n_rows:,} records…")

    say(f"Read {n_rows:,} records from {path.name}; checking and writing them…")
    out = log_store.add_records_session(summary, today, head, _typed_rows(source, fields, frame, coll, stamp),
                                        progress=written, title=f"import {path.name} → {coll}",
                                        searchable=n_rows < engine.log.BULK_MIN)
    return ImportResult(coll, out.added, out.skipped, {f.name: f.kind for f in fields}, frame, out.session_id, fields)


def _profile(source: RowSource, say: Callable[[str], None]) -> tuple[list[str], dict[str, ColumnProfile], int]:
    """First pass: the columns in first-seen order, what each one's values allow, the row count."""
    columns: list[str] = []
    profiles: dict[str, ColumnProfile] = {}
    n = 0
    for n, row in enumerate(source, 1):
        if n % PROGRESS_EVERY == 0:
            say(f"Read {n:,} records…")
        for key in row.values:
            if key not in profiles:
                columns.append(str(key))
                profiles[str(key)] = ColumnProfile()
        for col, profile in profiles.items():
            profile.add(row.values.get(col))
    return columns, profiles, n


def _typed_rows(source: RowSource, fields: list[FieldSchema], frame: str, coll: str,
                stamp: tuple[int, int]) -> Iterator[RecordRow]:
    """Second pass: each row typed by the schema, keyed by its content, as the log stores it. The
    file must be the one the first pass read, before and after (else the types may not fit it)."""
    by_label = {f.label: f for f in fields}
    path = source.path
    changed = InputError(f"{path}: the file changed while it was being imported; nothing was imported")
    if source.stamp() != stamp:
        raise changed
    for row in source:
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
        blob = _content(slots)
        stored = blob if blob.isascii() else json.dumps(slots, sort_keys=True, default=str)
        yield RecordRow(IMPORT_DOMAIN, frame, _key_of(blob), stored, render(coll, slots))
    if source.stamp() != stamp:
        raise changed


def content_key(slots: dict[str, Any]) -> str:
    """Entity key of an imported record: a hash of its typed content (re-import finds it again)."""
    return _key_of(_content(slots))


def _content(slots: dict[str, Any]) -> str:
    return json.dumps(slots, sort_keys=True, default=str, ensure_ascii=False)


def _key_of(blob: str) -> str:
    return "h" + hashlib.sha256(blob.encode()).hexdigest()[:24]


def render(collection: str, slots: dict[str, Any]) -> str:
    """A record as one sentence, for recall over imported data."""
    parts = [f"{k.replace('_', ' ')} {', '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in slots.items()]
    return f"{collection}: " + "; ".join(parts)


def _existing_fields(schemas: list[Fact], coll: str) -> list[FieldSchema]:
    """The newest schema an earlier import (or learning) gave ``coll``; empty when it is new."""
    fields: list[FieldSchema] = []
    for fact in schemas:
        if fact.slots.get("collection") == coll:
            fields = [
                FieldSchema(
                    str(f["name"]), str(f.get("kind", "str")), str(f.get("label", f["name"])),
                    list(f.get("choices", [])), str(f.get("unit", "")), str(f.get("currency", "")),
                    bool(f.get("day_first", False)),
                )
                for f in fact.slots.get("fields", [])
            ]
    return fields


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
