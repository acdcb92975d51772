"""Health: a medication in a drug class the same person is allergic to (or that cross-reacts).

Classes, members and cross-reactions are data (``data.drug_classes``); a medication's class comes
from its ``drug_class`` when stated, else from its name; an allergy's from ``allergen_class`` or
its allergen (a drug name or a class name such as "penicillin" or "sulfa").
"""

from __future__ import annotations

import functools
import re
from datetime import datetime

from data.drug_classes import DATA as DRUGS
from rules.alerts import Alert, alert, known

ALLERGY_RULE = "health_interactions.drug_allergy"


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", (text or "").strip().lower())


def _pattern(terms) -> re.Pattern:
    alternatives = "|".join(re.escape(t) for t in sorted(set(terms), key=len, reverse=True))
    return re.compile(r"(?<![a-z])(?:" + alternatives + r")(?![a-z])")


PATTERNS = {
    cls: _pattern([cls.replace("_", " "), *info["aliases"], *info["members"]])
    for cls, info in sorted(DRUGS["classes"].items())
}


@functools.lru_cache(maxsize=4096)
def classes_of(text: str) -> frozenset:
    """Drug classes ``text`` names: a class id or alias, or any member drug."""
    text = _norm(text)
    if not text:
        return frozenset()
    return frozenset(cls for cls, pattern in PATTERNS.items() if pattern.search(text))


def cross_note(a: str, b: str) -> str | None:
    for pair in DRUGS["cross_reactions"]:
        if {a, b} == set(pair["classes"]):
            return pair["note"]
    return None


def check(state, now: datetime) -> list[Alert]:
    today = now.date()
    meds = [m for m in known(state.health.medications, today) if m.status == "active" and m.name]
    allergies = [a for a in known(state.health.allergies, today) if a.status == "active"]
    by_subject: dict = {}
    for allergy in allergies:
        allergen = allergy.allergen or allergy.allergen_class or ""
        classes = classes_of(allergy.allergen_class or "") | classes_of(allergen)
        index = by_subject.setdefault(allergy.subject, {"name": {}, "class": {}})
        index["name"].setdefault(_norm(allergen), []).append(allergy)
        for cls in classes:
            index["class"].setdefault(cls, []).append(allergy)
    out: list[Alert] = []
    for med in meds:
        index = by_subject.get(med.subject)
        if index is None:
            continue
        med_classes = classes_of(med.drug_class or "") or classes_of(med.name)
        found: dict = {}  # allergy id -> (allergy, severity, class, note); the strongest match wins
        for allergy in index["name"].get(_norm(med.name), []):
            found[allergy.id] = (allergy, "critical", None, None)
        for cls in sorted(med_classes):
            for allergy in index["class"].get(cls, []):
                found.setdefault(allergy.id, (allergy, "critical", cls, None))
        for cls in sorted(med_classes):
            for other in sorted(index["class"]):
                note = cross_note(cls, other)
                if note:
                    for allergy in index["class"][other]:
                        found.setdefault(allergy.id, (allergy, "warning", cls, note))
        for allergy, severity, cls, note in found.values():
            allergen = allergy.allergen or allergy.allergen_class or ""
            out.append(_alert(med, allergy, allergen, severity, cls, note))
    return out


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _alert(med, allergy, allergen: str, severity: str, cls, note) -> Alert:
    drug = _cap(med.name)
    who = "you are" if med.subject == "me" else f"{med.subject} is"
    label = DRUGS["classes"][cls]["label"] if cls else None
    detail = ", ".join(x for x in (allergy.severity and str(allergy.severity), allergy.reaction) if x)
    detail = f" ({detail})" if detail else ""
    evidence = med.cites("name", "drug_class") + allergy.cites("allergen", "allergen_class")
    if note:
        message = (f"{drug} is a {label} and {who} allergic to {allergen}{detail}: {note}. "
                   "Check with the prescriber or a pharmacist before taking it.")
        title = f"Possible cross-reaction: {drug} and the {allergen} allergy"
    elif label:
        message = (f"{drug} is a {label}, and {who} allergic to {allergen}{detail}. "
                   "Do not take it without checking with the prescriber or a pharmacist.")
        title = f"{drug} conflicts with the {allergen} allergy"
    else:
        message = (f"{drug} is on the medication list, and {who} allergic to it{detail}. "
                   "Do not take it without checking with the prescriber or a pharmacist.")
        title = f"Allergic to {drug}"
    return alert(ALLERGY_RULE, severity, title, message, evidence)
