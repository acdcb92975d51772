"""``uac collections``: the collections learned from conversation, and the user's say over them.

    uac collections [list]            every learned collection: state, fields, records
    uac collections accept NAME       keep it as it is (it stops being a suggestion)
    uac collections rename NAME NEW   a better name; the records stay
    uac collections merge NAME INTO   NAME's records move into INTO (fields matched by name and unit)
    uac collections refuse NAME       drop it from the project; its records stay in the log, and
                                      that kind is not proposed again (accept brings it back)

Every change is a schema fact (or, for a merge, record facts) in a session of its own, then a
checkpoint, so the project matches at once and the history shows who changed what.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import uuid
from collections.abc import Callable
from typing import Any

from engine.errors import InputError, checkpoint_failure
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
from engine.log import Fact, NewFact
from engine.profile import Profile

ACTIONS = ("list", "accept", "rename", "merge", "refuse")


def add_collections_parser(sub: Any, add: Callable[..., argparse.ArgumentParser]) -> argparse.ArgumentParser:
    del sub
    sp = add("collections", cmd_collections, "list, accept, rename, merge or refuse the collections learned from your messages",
             json_flag=True)
    sp.add_argument("action", nargs="?", default="list", choices=ACTIONS, help="what to do (default: list)")
    sp.add_argument("name", nargs="?", help="the collection (see `uac collections list`)")
    sp.add_argument("target", nargs="?", help="rename: the new name; merge: the collection to merge into")
    return sp


def _records(facts: list[Fact], coll: LearnedCollection) -> dict[str, dict[str, Any]]:
    """Entity key -> the record's current values (with ``_subject`` and ``_facts``)."""
    out: dict[str, dict[str, Any]] = {}
    for f in facts:
        if f.frame == coll.frame and f.domain == IMPORT_DOMAIN:
            rec = out.setdefault(f.entity_key, {"_subject": f.subject, "_facts": []})
            rec.update(f.slots)
            rec["_facts"].append(f.id)
    return out


def _find(colls: dict[str, LearnedCollection], raw: str | None, action: str) -> LearnedCollection:
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
    for _key, rec in _records(facts, source).items():
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


def cmd_collections(args: argparse.Namespace) -> int:
    from engine.service import Service

    action = getattr(args, "action", None) or "list"
    as_json = bool(getattr(args, "json", False))
    svc = Service(Profile.open(getattr(args, "home", None)), use_model=False)
    try:
        facts = svc.log.facts()
        colls = learned_collections(facts)
        if action == "list":
            _list(colls, facts, as_json)
            return 0
        coll = _find(colls, getattr(args, "name", None), action)
        today = dt.date.today()
        target_name = getattr(args, "target", None)
        sid = f"collections-{today.isoformat()}-{uuid.uuid4().hex[:8]}"
        new: list[NewFact] = []
        try:
            if action == "accept":
                updated = changed(coll, state="accepted")
            elif action == "refuse":
                updated = changed(coll, state="refused")
            elif action == "rename":
                if not target_name:
                    raise InputError("`uac collections rename NAME NEW` needs the new name")
                name = check_name(clean_name(target_name))
                if name in colls:
                    raise InputError(f"there is already a collection {name!r}; merge into it instead")
                updated = changed(coll, name=name, state="accepted")
            else:
                into = _find(colls, target_name, action)
                if into.name == coll.name:
                    raise InputError("a collection cannot be merged into itself")
                updated = changed(coll, state="refused")
                merged_into, new = _merged(facts, coll, into, sid=sid, today=today)
                new.insert(0, schema_fact(merged_into, session_id=sid, message_id=None, session_date=today,
                                          evidence=f"collection {merged_into.describe()}", extractor="user"))
        except InvalidCollection as exc:
            raise InputError(str(exc)) from None
        svc.log.add_session([("user", f"uac collections {action} {coll.name}" + (f" {target_name}" if target_name else ""))],
                            today, session_id=sid, source="cli", title=f"collections: {action} {coll.name}")
        svc.log.mark_extraction([m.id for m in svc.log.messages(sid) if m.id], "done")
        svc.log.add_facts([schema_fact(updated, session_id=sid, message_id=None, session_date=today,
                                       evidence=f"{action} collection {coll.name}", extractor="user"), *new])
        summary = svc.checkpoint()
    finally:
        svc.close()
    if as_json:
        print(json.dumps({"collection": updated.name, "state": updated.state, "action": action,
                          "checkpoint_error": summary.error or None}, indent=2))
    else:
        done = {"accept": "kept", "refuse": "refused (its records stay in the log)", "rename": f"renamed to {updated.name}",
                "merge": f"merged into {target_name}"}[action]
        print(f"collection {coll.name} {done}")
    if summary.error:
        print(checkpoint_failure(summary.error), file=sys.stderr)
        return 1
    return 0


def _list(colls: dict[str, LearnedCollection], facts: list[Fact], as_json: bool) -> None:
    rows = [{"name": c.name, "state": c.state, "fields": [f.to_json() for f in c.fields],
             "records": len(_records(facts, c))} for c in sorted(colls.values(), key=lambda c: c.name)]
    if as_json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    if not rows:
        print("no learned collections yet: tell me about a run, a weigh-in or a book you finished")
        return
    for c, row in zip(sorted(colls.values(), key=lambda c: c.name), rows, strict=True):
        mark = {"suggested": "suggested — accept, rename, merge or refuse it", "accepted": "kept", "refused": "refused"}[c.state]
        print(f"{c.describe()}  [{row['records']} records; {mark}]")
