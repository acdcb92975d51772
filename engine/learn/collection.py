"""A collection learned from conversation: its typed schema, its life cycle, and its facts.

A learned collection is stored exactly like an imported one — a schema fact (frame
``ImportSchema``) from which folding rebuilds a typed frame, and one fact per record — so asking,
rendering, hand edits and history treat it like any other collection. What differs is where the
schema came from (``source: conversation``, proposed by the model, checked here) and its
``state``: ``suggested`` when first proposed (it is used at once, and the app asks the user to
accept, rename or refuse it), ``accepted``, or ``refused`` (folding skips it; its records stay in
the log, and a refused kind is never proposed again).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.frames import FRAMES, IMPORT_DOMAIN, IMPORT_SCHEMA_FRAME
from engine.importer import RESERVED_COLLECTIONS, frame_name
from engine.learn.quantities import unit_words
from engine.log import Fact, NewFact

SOURCE = "conversation"
STATES = ("suggested", "accepted", "refused")
KINDS = ("float", "date", "time", "money", "str")
MAX_FIELDS = 12
BUILT_IN = frozenset(f.collection for f in FRAMES) | frozenset(f.name.lower() for f in FRAMES)
RESERVED_FIELDS = frozenset({"id", "status", "subject", "key", "frame", "evidence", "who", "whose"})
_NAME = re.compile(r"^[a-z][a-z0-9_]{1,38}[a-z0-9]$")


class InvalidCollection(ValueError):
    """A proposed or stored collection that breaks a naming, typing or size rule."""


@dataclass(frozen=True)
class LearnedField:
    name: str
    kind: str
    unit: str = ""
    currency: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "label": label(self.name, self.unit)}
        if self.unit:
            out["unit"] = self.unit
        if self.currency:
            out["currency"] = self.currency
        return out


def label(name: str, unit: str) -> str:
    """A field's words for asking: its name and its unit's words ("fuel_gal" -> "fuel gal gallons gallon")."""
    words = name.replace("_", " ")
    spelled = unit_words(unit) if unit else []
    return f"{words} ({' '.join(spelled)})" if spelled else words


@dataclass(frozen=True)
class LearnedCollection:
    name: str
    frame: str
    fields: tuple[LearnedField, ...]
    state: str = "suggested"
    fact_id: int | None = None
    """The schema fact this version was read from (a change supersedes it)."""

    def field(self, name: str) -> LearnedField | None:
        return next((f for f in self.fields if f.name == name), None)

    def describe(self, records: Sequence[dict[str, Any]] = ()) -> str:
        """Its name and fields as the model is shown them. ``records``: the values of its records so
        far; a field most of them leave empty (a one-off name the model gave one number) is not shown,
        so it is not offered as a slot for every later number. A field half of them fill is shown: two
        records of two people, each with its own fields, leave the next reading every name. Every field
        stays in the schema."""
        shown = [f for f in self.fields if f.name == "date" or not records
                 or 2 * sum(1 for r in records if r.get(f.name) is not None) >= len(records)]
        parts = [f"{f.name} ({f.unit})" if f.unit else f.name for f in shown]
        return f"{self.name}: " + ", ".join(parts)


def clean_name(raw: str) -> str:
    """A model's or user's name for a collection or field as a snake_case identifier ('' if none)."""
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", str(raw).strip())
    text = re.sub(r"[^0-9a-zA-Z]+", "_", text).strip("_").lower()
    return text[:40].strip("_")


def usable_field_name(name: str) -> str:
    """A field name a collection can hold: "subject" (a school subject, not whose the record is) and
    "ph" (too short) become "subject_name" and "ph_value"; "who" stays, read as whose the record is."""
    if name in RESERVED_FIELDS - {"who", "whose"}:
        return f"{name}_name"
    if name and not _NAME.match(name) and _NAME.match(f"{name}_value"):
        return f"{name}_value"
    return name


def check_name(name: str, *, what: str = "collection") -> str:
    if not _NAME.match(name):
        raise InvalidCollection(f"{name!r} is not a usable {what} name (lower case letters, digits and _, 3-40 long)")
    if what == "collection" and (name in BUILT_IN or name in RESERVED_COLLECTIONS or name.rstrip("s") in BUILT_IN):
        raise InvalidCollection(f"{name!r} is a built-in collection")
    if what == "field" and name in RESERVED_FIELDS:
        raise InvalidCollection(f"{name!r} is a reserved field name")
    return name


def validate(coll: LearnedCollection) -> LearnedCollection:
    """Names, kinds and size; raise InvalidCollection."""
    check_name(coll.name)
    if coll.state not in STATES:
        raise InvalidCollection(f"unknown state {coll.state!r}")
    if not coll.fields or len(coll.fields) > MAX_FIELDS:
        raise InvalidCollection(f"a collection has 1 to {MAX_FIELDS} fields")
    seen: set[str] = set()
    for f in coll.fields:
        if f.name != "date":
            check_name(f.name, what="field")
        if f.kind not in KINDS:
            raise InvalidCollection(f"{f.name}: unknown kind {f.kind!r}")
        if f.name in seen:
            raise InvalidCollection(f"{f.name!r} twice")
        seen.add(f.name)
    return coll


def schema_slots(coll: LearnedCollection) -> dict[str, Any]:
    return {
        "collection": coll.name,
        "frame": coll.frame,
        "fields": [f.to_json() for f in coll.fields],
        "source": SOURCE,
        "state": coll.state,
        "doc": f"{coll.name.replace('_', ' ').capitalize()}, learned from your messages.",
    }


def from_schema_fact(fact: Fact) -> LearnedCollection | None:
    """The learned collection a schema fact describes (None for imported ones or broken facts)."""
    s = fact.slots
    if fact.frame != IMPORT_SCHEMA_FRAME or s.get("source") != SOURCE:
        return None
    try:
        fields = tuple(
            LearnedField(str(f["name"]), str(f.get("kind", "str")), str(f.get("unit", "")), str(f.get("currency", "")))
            for f in s.get("fields", [])
        )
        return validate(LearnedCollection(str(s["collection"]), str(s["frame"]), fields, str(s.get("state", "suggested")), fact.id))
    except (KeyError, TypeError, InvalidCollection):
        return None


def learned_collections(facts: Iterable[Fact]) -> dict[str, LearnedCollection]:
    """Name -> the latest version of every learned collection (refused ones included), by frame:
    a rename keeps the frame, so the newest name wins."""
    by_frame: dict[str, LearnedCollection] = {}
    for fact in facts:
        coll = from_schema_fact(fact)
        if coll is not None:
            by_frame[coll.frame] = coll
    return {c.name: c for c in by_frame.values()}


def taken_frames(facts: Iterable[Fact | NewFact]) -> dict[str, str]:
    """Frame -> collection for every imported or learned collection (new frames must differ)."""
    return {str(f.slots.get("frame")): str(f.slots.get("collection")) for f in facts if f.frame == IMPORT_SCHEMA_FRAME}


def new_collection(name: str, fields: Sequence[LearnedField], facts: Sequence[Fact | NewFact]) -> LearnedCollection:
    return validate(LearnedCollection(name, frame_name(name, taken_frames(facts)), tuple(fields)))


def schema_fact(coll: LearnedCollection, *, session_id: str, message_id: int | None, session_date: dt.date,
                evidence: str, extractor: str = "model") -> NewFact:
    """The fact that creates or changes a collection (supersedes the version it replaces)."""
    return NewFact(
        session_id, message_id, session_date, IMPORT_DOMAIN, IMPORT_SCHEMA_FRAME, coll.frame, schema_slots(coll),
        evidence=evidence, extractor=extractor,
        supersedes=(coll.fact_id,) if coll.fact_id is not None else (),
    )


def changed(coll: LearnedCollection, **changes: Any) -> LearnedCollection:
    return validate(replace(coll, **changes))


def record_key(collection: str, subject: str, values: dict[str, Any], message_id: int | None) -> str:
    """Entity key of a learned record: what it says and which message said it (re-reading the same
    message finds it again; two equal runs on two days stay two records)."""
    blob = json.dumps([collection, subject, values, message_id], sort_keys=True, default=str)
    return "l" + hashlib.sha256(blob.encode()).hexdigest()[:24]
