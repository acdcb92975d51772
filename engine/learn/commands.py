"""``uac collections``: the collections learned from conversation, and the user's say over them.

    uac collections [list]            every learned collection: state, fields, records
    uac collections accept NAME       keep it as it is (it stops being a suggestion)
    uac collections rename NAME NEW   a better name; the records stay
    uac collections merge NAME INTO   NAME's records move into INTO (fields matched by name and unit)
    uac collections refuse NAME       drop it from the project; its records stay in the log, and
                                      that kind is not proposed again (accept brings it back)

Each change goes through :func:`engine.learn.manage.apply`, then a checkpoint, so the project
matches at once.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from engine.errors import checkpoint_failure
from engine.learn.collection import LearnedCollection, learned_collections
from engine.learn.manage import ACTIONS, record_count
from engine.profile import Profile


def add_collections_parser(sub: Any, add: Callable[..., argparse.ArgumentParser]) -> argparse.ArgumentParser:
    del sub
    sp = add("collections", cmd_collections, "list, accept, rename, merge or refuse the collections learned from your messages",
             json_flag=True)
    sp.add_argument("action", nargs="?", default="list", choices=("list", *ACTIONS), help="what to do (default: list)")
    sp.add_argument("name", nargs="?", help="the collection (see `uac collections list`)")
    sp.add_argument("target", nargs="?", help="rename: the new name; merge: the collection to merge into")
    return sp


def cmd_collections(args: argparse.Namespace) -> int:
    from engine.service import Service

    action = getattr(args, "action", None) or "list"
    as_json = bool(getattr(args, "json", False))
    svc = Service(Profile.open(getattr(args, "home", None)), use_model=False)
    try:
        if action == "list":
            facts = svc.log.facts()
            colls = learned_collections(facts)
            _list(colls, {name: record_count(svc.log, facts, c) for name, c in colls.items()}, as_json)
            return 0
        name, target = getattr(args, "name", None), getattr(args, "target", None)
        updated, summary = svc.collection_action(action, name, target)
    finally:
        svc.close()
    if as_json:
        print(json.dumps({"collection": updated.name, "state": updated.state, "action": action,
                          "checkpoint_error": summary.error or None}, indent=2))
    else:
        done = {"accept": "kept", "refuse": "refused (its records stay in the log)", "rename": f"renamed to {updated.name}",
                "merge": f"merged into {target}"}[action]
        print(f"collection {name} {done}")
    if summary.error:
        print(checkpoint_failure(summary.error), file=sys.stderr)
        return 1
    return 0


def _list(colls: dict[str, LearnedCollection], counts: dict[str, int], as_json: bool) -> None:
    ordered = sorted(colls.values(), key=lambda c: c.name)
    rows = [{"name": c.name, "state": c.state, "fields": [f.to_json() for f in c.fields],
             "records": counts[c.name]} for c in ordered]
    if as_json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    if not rows:
        print("no learned collections yet: tell me about a run, a weigh-in or a book you finished")
        return
    for c, row in zip(ordered, rows, strict=True):
        mark = {"suggested": "suggested — accept, rename, merge or refuse it", "accepted": "kept", "refused": "refused"}[c.state]
        print(f"{c.describe()}  [{row['records']} records; {mark}]")
