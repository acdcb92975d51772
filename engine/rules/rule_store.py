"""Rules are facts in the log (domain ``rules``, frame ``UserRule``).

Stating, approving, disabling and deleting a rule are new facts that supersede the previous one, so
every rule has provenance; :func:`load_rules` folds them into the rules as they are now. A rule the
user states in their own message is active at once; one found in imported or inbox content waits as
``pending`` until approved. :func:`record_session_rules` runs the parser over a logged session and
appends what it finds.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.log import Fact, NewFact
from engine.rules.rule_ir import DOMAIN, InvalidRule, RuleIR, describe, ir_from_json, validate
from engine.rules.rule_parse import parse_rule, rule_amended, rules_dropped, split_sentences

FRAME = "UserRule"
STATUSES = ("active", "pending", "disabled", "deleted")
ORIGINS = ("user", "imported")
UNTRUSTED_SOURCES = frozenset({"import", "inbox"})
"""Session sources whose text is third-party content: rules found there wait for approval."""


# -- storage: rules are facts --------------------------------------------------------------


@dataclass(frozen=True)
class StoredRule:
    """A rule as the log says it is now: ``id`` is the fact id that first stated it."""

    id: int
    key: str
    text: str
    ir: RuleIR | None
    origin: str
    status: str
    facts: tuple[int, ...]
    stated_on: dt.date
    error: str = ""

    @property
    def last_fact(self) -> int:
        return self.facts[-1]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "status": self.status, "origin": self.origin, "text": self.text,
            "summary": describe(self.ir) if self.ir else None, "ir": self.ir.to_json() if self.ir else None,
            "stated_on": self.stated_on.isoformat(), "facts": list(self.facts), "error": self.error or None,
        }


def rule_key(ir: RuleIR) -> str:
    return "rule:" + hashlib.sha256(ir.identity().encode()).hexdigest()[:16]


def load_rules(facts: Iterable[Fact]) -> list[StoredRule]:
    """Fold the log's rule facts: one rule per entity key, the latest status wins."""
    rules: dict[str, dict[str, Any]] = {}
    by_fact: dict[int, str] = {}
    for f in facts:
        if f.frame != FRAME:
            continue
        key = next((by_fact[s] for s in f.supersedes if s in by_fact), f.entity_key)
        r = rules.get(key)
        if r is None:
            r = rules[key] = {"id": f.id, "key": key, "text": "", "ir": None, "origin": "user",
                              "status": "active", "facts": [], "stated_on": f.session_date}
        r["facts"].append(f.id)
        by_fact[f.id] = key
        s = f.slots
        if isinstance(s.get("text"), str) and s["text"]:
            r["text"] = s["text"]
        if isinstance(s.get("ir"), str) and s["ir"]:
            r["ir"] = s["ir"]
        if s.get("origin") in ORIGINS:
            r["origin"] = s["origin"]
        if s.get("status") in STATUSES:
            r["status"] = s["status"]
    out: list[StoredRule] = []
    for r in rules.values():
        try:
            ir, error = ir_from_json(r["ir"]), ""
        except InvalidRule as exc:
            ir, error = None, str(exc)
        out.append(StoredRule(r["id"], r["key"], r["text"], ir, r["origin"], r["status"], tuple(r["facts"]),
                              r["stated_on"], error))
    return sorted(out, key=lambda r: r.id)


def origin_of(source: str) -> str:
    """``imported`` for third-party content (imports, inbox drops), else ``user``."""
    return "imported" if source in UNTRUSTED_SOURCES else "user"


def rule_facts(
    rules: Sequence[RuleIR],
    *,
    session_id: str,
    message_id: int | None,
    session_date: dt.date,
    texts: Sequence[str] | None = None,
    origin: str = "user",
    existing: Iterable[Fact] = (),
) -> list[NewFact]:
    """Facts stating ``rules`` (``texts``: the sentence of each). A rule the log already holds is
    not stated twice; a disabled or deleted one stated again by the user becomes active again."""
    if origin not in ORIGINS:
        raise ValueError(f"origin must be one of {ORIGINS}")
    known = {r.key: r for r in load_rules(existing)}
    status = "active" if origin == "user" else "pending"
    out: list[NewFact] = []
    seen: set[str] = set()
    for i, ir in enumerate(rules):
        validate(ir)
        key = rule_key(ir)
        if key in seen:
            continue
        seen.add(key)
        text = (texts[i] if texts is not None and i < len(texts) else describe(ir)).strip()
        old = known.get(key)
        if old is not None and (old.status == "active" or (old.status == "pending" and origin == "imported")):
            continue
        if old is not None and old.status == "pending" and origin == "imported":
            continue
        slots = {"text": text[:500], "ir": ir.dumps(), "origin": origin, "status": status}
        out.append(NewFact(
            session_id=session_id, message_id=message_id, session_date=session_date, domain=DOMAIN,
            frame=FRAME, entity_key=key, slots=slots, evidence=text[:500], extractor="rule-parser",
            supersedes=(old.last_fact,) if old is not None else (),
        ))
    return out


def status_fact(rule: StoredRule, status: str, *, session_id: str, session_date: dt.date) -> NewFact:
    """The fact that moves ``rule`` to ``status`` (it supersedes the rule's latest fact)."""
    if status not in STATUSES:
        raise ValueError(f"status must be one of {STATUSES}")
    return NewFact(
        session_id=session_id, message_id=None, session_date=session_date, domain=DOMAIN, frame=FRAME,
        entity_key=rule.key, slots={"status": status}, evidence=f"rule {rule.id} {status}",
        extractor="user", supersedes=(rule.last_fact,),
    )


def announce(rule: StoredRule) -> str:
    """The line shown when a rule is added (or removed in the user's own words)."""
    summary = describe(rule.ir) if rule.ir else rule.text
    if rule.status == "deleted":
        return f"Rule removed (rule {rule.id}): {rule.text}"
    if rule.status == "pending":
        return f"Rule waiting for your approval (rule {rule.id}): {summary} — `uac rules approve {rule.id}`"
    return f"New rule (rule {rule.id}): {summary}"


Deferred = dict[int, list[tuple[RuleIR, str]]]
"""Rules the phrase parser read but left to the model to read first (message id -> rules and
their sentences): recorded only if the model makes nothing better of the message."""


def record_session_rules(log: Any, session_id: str, message_ids: set[int] | None = None,
                         own: Callable[[str], RuleIR | None] | None = None,
                         defer: Callable[[RuleIR, str, dt.date], bool] | None = None,
                         deferred: Deferred | None = None) -> list[StoredRule]:
    """Detect rules in a logged session's user messages (or only ``message_ids``, one turn of a
    conversation) and append them as facts. ``own`` reads a sentence's rule over the user's own
    collections first (the phrase parser knows only the built-in frames). A parsed rule ``defer``
    says the model reads better (given the rule, the message and its day) goes to ``deferred``
    instead of the log.

    ``log`` is a :class:`engine.log.LogStore`. Returns the rules that were added or re-activated
    (announce them with :func:`announce`)."""
    srow = log.session(session_id)
    if srow is None:
        return []
    origin = origin_of(srow.source)
    new: list[NewFact] = []
    existing = log.facts(domain=DOMAIN)
    dropped: list[StoredRule] = []
    for msg in log.messages(session_id):
        if msg.speaker != "user" or (message_ids is not None and msg.id not in message_ids):
            continue
        irs: list[RuleIR] = []
        texts: list[str] = []
        for sentence in split_sentences(msg.text):
            if origin == "user":  # imported content never takes a rule back or changes it
                amended = rule_amended(sentence, load_rules(existing), srow.session_date)
                if amended is not None and amended[0].key not in {d.key for d in dropped}:
                    dropped.append(amended[0])
                    new.append(status_fact(amended[0], "deleted", session_id=session_id, session_date=srow.session_date))
                    irs.append(amended[1])
                    texts.append(sentence)
                    continue
                for rule in rules_dropped(sentence, load_rules(existing)):
                    if rule.key not in {d.key for d in dropped}:
                        dropped.append(rule)
                        new.append(status_fact(rule, "deleted", session_id=session_id, session_date=srow.session_date))
            ir = (own(sentence) if own is not None else None) or parse_rule(sentence, srow.session_date)
            if ir is not None and defer is not None and deferred is not None and defer(ir, msg.text, srow.session_date):
                deferred.setdefault(msg.id, []).append((ir, sentence))
            elif ir is not None:
                irs.append(ir)
                texts.append(sentence)
        facts = rule_facts(irs, session_id=session_id, message_id=msg.id, session_date=srow.session_date,
                           texts=texts, origin=origin, existing=existing)
        new.extend(f for f in facts if f.entity_key not in {n.entity_key for n in new})
    if not new:
        return []
    ids = set(log.add_facts(new))
    keys = {f.entity_key for f in new} | {d.key for d in dropped}
    return [r for r in load_rules(log.facts(domain=DOMAIN)) if r.key in keys and set(r.facts) & ids]
