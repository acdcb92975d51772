"""The user's say over learned collections: accept, rename, merge or refuse — each a schema fact
(a merge also restates the merged records) in a session of its own, so history shows the change."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from engine.errors import InputError
from engine.frames import IMPORT_DOMAIN
from engine.learn.collection import (
    InvalidCollection,
    LearnedCollection,
    changed,
    check_name,
    clean_name,
    learned_collections,
    record_key,
    schema_fact,
)
from engine.learn.quantities import convert
from engine.log import Fact, LogStore, NewFact

ACTIONS = ("accept", "rename", "merge", "refuse")


def records_of(facts: list[Fact], coll: LearnedCollection) -> dict[str, dict[str, Any]]:
    """Entity key -> the record's current values (with ``_subject`` and ``_facts``)."""
    out: dict[str, dict[str, Any]] = {}
    for f in facts:
        if f.frame == coll.frame and f.domain == IMPORT_DOMAIN:
            rec = out.setdefault(f.entity_key, {"_subject": f.subject, "_facts": []})
            rec.update(f.slots)
            rec["_facts"].append(f.id)
    return out


def record_count(log: LogStore, facts: list[Fact], coll: LearnedCollection) -> int:
    """How many records a collection has, as :func:`records_of` counts them (one per entity key)
    — counted by the log itself when it also holds thousands of imported records, which ``facts``
    (the log without big imports) leaves out."""
    if coll.frame in log.bulk_frames():
        return log.distinct_keys(coll.frame, IMPORT_DOMAIN)
    return len(records_of(facts, coll))


def find(colls: dict[str, LearnedCollection], raw: str | None, action: str) -> LearnedCollection:
    if not raw:
        raise InputError(f"`uac collections {action}` needs a collection name; see `uac collections list`")
    coll = colls.get(clean_name(raw))
    if coll is None:
        known = ", ".join(sorted(colls)) or "none yet"
        raise InputError(f"there is no learned collection {raw!r} (learned: {known})")
    return coll


def _merged(facts: list[Fact], source: LearnedCollection, into: LearnedCollection, *, sid: str,
            today: dt.date) -> tuple[LearnedCollection, list[NewFact]]:
    """Facts that restate ``source``'s records in ``into`` (fields matched by name, values converted
    between units of one quantity; fields ``into`` lacks are added to it)."""
    fields = list(into.fields)
    new: list[NewFact] = []
    for f in source.fields:
        if into.field(f.name) is None and not any(g.kind == f.kind and g.unit and f.unit and
                                                  convert(1, f.unit, g.unit) is not None and g.name.split("_")[0] == f.name.split("_")[0]
                                                  for g in fields):
            fields.append(f)
    try:
        target = changed(into, fields=tuple(fields))
    except InvalidCollection as exc:
        raise InputError(f"cannot merge {source.name} into {into.name}: {exc}") from None
    for _key, rec in records_of(facts, source).items():
        slots: dict[str, Any] = {}
        for f in source.fields:
            if f.name not in rec:
                continue
            g = target.field(f.name) or next((g for g in target.fields if g.kind == f.kind and g.unit and f.unit and
                                              convert(1, f.unit, g.unit) is not None
                                              and g.name.split("_")[0] == f.name.split("_")[0]), None)
            if g is None:
                continue
            value = rec[f.name]
            if f.kind == "float" and f.unit and g.unit and f.unit != g.unit:
                value = float(round(convert(value, f.unit, g.unit), 2))
            slots[g.name] = value
        new.append(NewFact(sid, None, today, IMPORT_DOMAIN, target.frame, record_key(target.name, rec["_subject"], slots, None),
                           slots, evidence=f"merged from {source.name}", subject=rec["_subject"], extractor="user"))
    return target, new



def apply(log: LogStore, action: str, name: str | None, target: str | None = None,
          today: dt.date | None = None) -> LearnedCollection:
    """Carry out ``action`` on the learned collection ``name``; returns its new version. Raises
    InputError naming what is wrong (an unknown collection, a taken or built-in name)."""
    if action not in ACTIONS:
        raise InputError(f"unknown action {action!r}; one of {', '.join(ACTIONS)}")
    facts = log.facts(bulk=True)  # a learned collection may hold many imported records too
    colls = learned_collections(facts)
    coll = find(colls, name, action)
    today = today or dt.date.today()
    sid = f"collections-{today.isoformat()}-{uuid.uuid4().hex[:8]}"
    new: list[NewFact] = []
    try:
        if action == "accept":
            updated = changed(coll, state="accepted")
        elif action == "refuse":
            updated = changed(coll, state="refused")
        elif action == "rename":
            if not target:
                raise InputError("renaming needs the new name")
            new_name = check_name(clean_name(target))
            if new_name in colls:
                raise InputError(f"there is already a collection {new_name!r}; merge into it instead")
            updated = changed(coll, name=new_name, state="accepted")
        else:
            into = find(colls, target, action)
            if into.name == coll.name:
                raise InputError("a collection cannot be merged into itself")
            updated = changed(coll, state="refused")
            merged_into, new = _merged(facts, coll, into, sid=sid, today=today)
            new.insert(0, schema_fact(merged_into, session_id=sid, message_id=None, session_date=today,
                                      evidence=f"collection {merged_into.describe()}", extractor="user"))
    except InvalidCollection as exc:
        raise InputError(str(exc)) from None
    log.add_session([("user", f"collections {action} {coll.name}" + (f" {target}" if target else ""))],
                    today, session_id=sid, source="cli", title=f"collections: {action} {coll.name}")
    log.mark_extraction([m.id for m in log.messages(sid) if m.id], "done")
    log.add_facts([schema_fact(updated, session_id=sid, message_id=None, session_date=today,
                               evidence=f"{action} collection {coll.name}", extractor="user"), *new])
    return updated
