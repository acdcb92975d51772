"""Combine the model's reading of a message with the deterministic builders' drafts.

The builders stay the fast path and the second opinion: where both found the same record, the
builders' values stand and the model only fills slots the builders left empty (the dates of a
booking said in the next sentence, an end time, a recurrence); status and kind stay theirs. A
record only the model found is added only where the builders found nothing but notes: not when
they read the same words as a different record (the model calling a drug an allergy), and not in
sentences where they found a record. Measured on the team's holdout, adding every model-only
record cut precision from 0.87 to 0.66 for a recall gain of 0.02.
"""

from __future__ import annotations

import re
from typing import Any

from rapidfuzz import fuzz

from engine.extract.builders.base import Draft
from engine.frames import frame as frame_of

_DATE = re.compile(r"^(?:\d{4}-\d{2}-\d{2}|\d{2}:\d{2})$")  # dates and clock times
# what the builders decide alone for a record they found: its status and kind steer the rules
# (a cancelled or done event is skipped, a travel event is part of a trip), so a guess never fills them
_DECIDED = {"status", "kind"}
# slots that name the record: two drafts are about the same thing when these agree (or one lacks them)
_MONEY_SLOTS = ("amount", "limit", "cost", "balance")
_NAMING = ("destination", "country", "kind", "name", "allergen", "title", "about", "payee", "institution",
           "service", "item", "topic", "account")


def merge(builders: list[Draft], model: list[Draft]) -> list[Draft]:
    out = list(builders)
    facts = [d for d in builders if d.frame != "Note"]
    for m in model:
        same = next((b for b in facts if b.frame == m.frame and _compatible(b, m)), None)
        if same is not None:
            _fill(same, m)
            continue
        loose = _loose_limit(m, facts)
        if loose is not None:  # the builders kept a money rule only as a stated preference: the typed rule replaces it
            out[out.index(loose)] = m
            facts[facts.index(loose)] = m
            continue
        if any(_same_words(b, m) for b in facts):
            continue  # the builders read these words as another record: theirs stands
        if any(_overlaps(b.span, m.span) for b in builders if b.frame != "Note") and not _new_amount(m, facts):
            continue  # the builders found a record in these sentences: a second reading of them is a guess
        out.append(m)
        facts.append(m)
    return out


def _money(d: Draft) -> set[str]:
    return {str(d.slots[s]) for s in _MONEY_SLOTS if d.slots.get(s) not in (None, "")}


def _loose_limit(model: Draft, facts: list[Draft]) -> Draft | None:
    """A builders' Preference holding the same cap, in the same sentences, as the model's Policy."""
    if model.frame != "Policy" or not _money(model):
        return None
    return next((b for b in facts if b.frame == "Preference" and _money(b) & _money(model)
                 and _overlaps(b.span, model.span) and b.subject == model.subject), None)


def _new_amount(model: Draft, facts: list[Draft]) -> bool:
    """A spend or payment whose amount no record of the builders holds: new information in a
    sentence they read as something else ("got Thai ($38) because a client call ran late")."""
    amounts = _money(model)
    return model.frame in ("Purchase", "Transfer") and bool(amounts) and not any(amounts & _money(b) for b in facts)


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _fill(base: Draft, extra: Draft) -> None:
    slots = frame_of(base.frame).slot_names
    have = {str(v) for v in base.slots.values() if v not in (None, "")}
    added = {k: v for k, v in extra.slots.items() if k in slots and k not in _DECIDED and base.slots.get(k) in (None, "", [])
             and v not in (None, "")
             and not (_DATE.match(str(v)) and str(v) in have)}  # a date the builders placed elsewhere is not a second slot's
    if not added:
        return
    base.slots.update(added)
    for k in added:
        if k in extra.day_only:
            base.day_only[k] = extra.day_only[k]
    if not base.key:
        base.key = extra.key
    base.span = (min(base.span[0], extra.span[0]), max(base.span[1], extra.span[1]))
    if not base.extractor.endswith("+model"):
        base.extractor = f"{base.extractor}+model"


def _compatible(a: Draft, b: Draft) -> bool:
    if a.subject != b.subject and "me" not in (a.subject, b.subject):
        return False
    shared = [k for k in _NAMING if _text(a.slots.get(k)) and _text(b.slots.get(k))]
    if not shared:
        return a.key == b.key or not a.key or not b.key or a.frame in ("Trip", "TravelDocument")
    return all(_alike(_text(a.slots[k]), _text(b.slots[k])) for k in shared)


def _same_words(builder: Draft, model: Draft) -> bool:
    """Both drafts name the same thing (a drug, a place, a service) but as different records."""
    names_b = {_text(builder.slots.get(k)) for k in _NAMING} - {""}
    names_m = {_text(model.slots.get(k)) for k in _NAMING if k != "kind"} - {""}
    return any(_alike(x, y) for x in names_b for y in names_m)


def _alike(x: str, y: str) -> bool:
    return x == y or fuzz.token_set_ratio(x, y) >= 85


def _text(value: Any) -> str:
    return str(value).strip().lower() if value not in (None, "") else ""
