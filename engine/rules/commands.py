"""``uac rules``: list, show, approve, disable or delete the rules the user stated.

    uac rules [list]          every rule that is not deleted: id, status, the sentence
    uac rules show ID         one rule: its sentence, its typed form and the code it compiles to
    uac rules approve ID      a pending rule (found in imported content) starts firing
    uac rules disable ID      stops firing (approve turns it back on)
    uac rules delete ID       gone from the list and the project (the log keeps the history)

Every change is a new fact in the log that supersedes the rule's previous one, followed by a
checkpoint so the project's ``rules/user_rules.py`` matches at once.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.errors import InputError, checkpoint_failure
from engine.profile import Profile
from engine.rules.user_rules import (
    DOMAIN,
    StoredRule,
    compiled_source,
    describe,
    load_rules,
    status_fact,
)

if TYPE_CHECKING:
    from engine.service import CheckpointSummary, Service

ACTIONS = ("list", "show", "approve", "disable", "delete")
_TARGET = {"approve": "active", "disable": "disabled", "delete": "deleted"}
_ALLOWED_FROM = {
    "approve": ("pending", "disabled"),
    "disable": ("active", "pending"),
    "delete": ("active", "pending", "disabled"),
}


def add_rules_parser(sub: Any, add: Callable[..., argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Register ``uac rules`` with the CLI's ``add`` helper (``add(name, fn, help, json_flag=...)``)."""
    del sub  # the CLI's ``add`` helper already knows the sub-parsers
    sp = add("rules", cmd_rules, "list, show, approve, disable or delete the rules you stated", json_flag=True)
    sp.add_argument("action", nargs="?", default="list", choices=ACTIONS, help="what to do (default: list)")
    sp.add_argument("id", nargs="?", help="the rule's id (see `uac rules list`)")
    sp.add_argument("--all", action="store_true", help="list: include deleted rules")
    return sp


def _find(rules: list[StoredRule], raw: str | None, action: str) -> StoredRule:
    if not raw:
        raise InputError(f"`uac rules {action}` needs a rule id; see `uac rules list`")
    try:
        wanted = int(raw)
    except ValueError:
        raise InputError(f"a rule id is a number, not {raw!r}; see `uac rules list`") from None
    for rule in rules:
        if rule.id == wanted:
            return rule
    raise InputError(f"there is no rule {wanted}; see `uac rules list`")


def cmd_rules(args: argparse.Namespace) -> int:
    from engine.service import Service

    action = getattr(args, "action", None) or "list"
    svc = Service(Profile.open(getattr(args, "home", None)), use_model=False)
    try:
        rules = load_rules(svc.log.facts(domain=DOMAIN))
        if action == "list":
            shown = [r for r in rules if getattr(args, "all", False) or r.status != "deleted"]
            _list(shown, bool(getattr(args, "json", False)))
            return 0
        rule = _find(rules, getattr(args, "id", None), action)
        if action == "show":
            _show(rule, bool(getattr(args, "json", False)))
            return 0
        target = _TARGET[action]
        if rule.status == target:
            print(f"rule {rule.id} is already {target}")
            return 0
        summary = change_status(svc, rule, action, source="cli")
    finally:
        svc.close()
    if getattr(args, "json", False):
        print(json.dumps({"id": rule.id, "status": target, "checkpoint_error": summary.error or None}, indent=2))
    else:
        print(f"rule {rule.id} is now {target}: {rule.text}")
    if summary.error:
        print(checkpoint_failure(summary.error), file=sys.stderr)
        return 1
    return 0


def change_status(svc: Service, rule: StoredRule, action: str, *, source: str) -> CheckpointSummary:
    """Approve, disable or delete ``rule``: a status fact that supersedes its last one, logged in a
    command session of its own (nothing to extract), then a checkpoint. Shared by ``uac rules`` and
    the app's rules dialog."""
    if action not in _TARGET:
        raise InputError(f"a rule can be approved, disabled or deleted, not {action!r}")
    target = _TARGET[action]
    if rule.status not in _ALLOWED_FROM[action]:
        raise InputError(f"rule {rule.id} is {rule.status}; it cannot be {action}d")
    if target == "active" and rule.ir is None:
        raise InputError(f"rule {rule.id} cannot be turned on: {rule.error or 'it has no valid form'}")
    today = dt.date.today()
    sid, _ids = svc.log.add_session([("user", f"uac rules {action} {rule.id}")], today,
                                    session_id=f"rules-{today.isoformat()}-{uuid.uuid4().hex[:8]}",
                                    source=source, title=f"rules: {action} {rule.id}")
    # a command, not a conversation: nothing to extract from it
    svc.log.mark_extraction([m.id for m in svc.log.messages(sid) if m.id], "done")
    svc.log.add_facts([status_fact(rule, target, session_id=sid, session_date=today)])
    return svc.checkpoint()


def _list(rules: list[StoredRule], as_json: bool) -> None:
    if as_json:
        print(json.dumps([r.to_json() for r in rules], indent=2, ensure_ascii=False))
        return
    if not rules:
        print("no rules yet: say one, like “warn me if I spend over $300 at a restaurant”")
        return
    for r in rules:
        origin = " (from imported content)" if r.origin == "imported" else ""
        print(f"{r.id:>5}  {r.status:<8}  {r.text}{origin}")
        if r.ir is not None:
            print(f"{'':>17}{describe(r.ir)}")
        elif r.error:
            print(f"{'':>17}not usable: {r.error}")


def _show(rule: StoredRule, as_json: bool) -> None:
    code = compiled_source(rule) if rule.ir is not None else None
    if as_json:
        doc = rule.to_json()
        doc["code"] = code
        print(json.dumps(doc, indent=2, ensure_ascii=False))
        return
    print(f"rule {rule.id} ({rule.status}, {rule.origin}, stated {rule.stated_on.isoformat()})")
    print(f"  you said: {rule.text}")
    if rule.ir is None:
        print(f"  not usable: {rule.error}")
        return
    print(f"  means:    {describe(rule.ir)}")
    print(f"  facts:    {', '.join(map(str, rule.facts))}")
    print("  compiles to (rules/user_rules.py):\n")
    print(code)
