"""Typed-slot scoring of extracted facts against hand-written gold.

A predicted fact is matched to the gold fact of the same frame and subject that shares the most
slot values; every slot then counts once: equal value -> true positive, predicted but different
or unmatched -> false positive, gold but missing -> false negative. Slots a gold fact lists as
``optional_slots`` cost nothing when absent. A predicted value is *invented* when it equals no
gold value of the utterance and (for text) does not occur in the utterance.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

IGNORED_SLOTS = {"status"}
# Free-text slots compare case-insensitively with a fuzzy threshold (data README: token-set ratio >= 80).
FREE_TEXT_SLOTS = {"title", "about", "topic", "value", "item", "payee", "action", "reaction", "dose", "frequency"}
FUZZY_THRESHOLD = 80
SUBJECT_SYNONYMS = {
    "mum": "mom", "mother": "mom", "mama": "mom", "mommy": "mom",
    "father": "dad", "papa": "dad", "daddy": "dad",
    "hubby": "husband", "mum and dad": "parents", "mom and dad": "parents",
    "grandmother": "grandma", "granny": "grandma", "nana": "grandma", "gran": "grandma",
    "grandfather": "grandpa", "granddad": "grandpa", "grandad": "grandpa",
    "children": "kids", "the kids": "kids", "folks": "parents",
}


@dataclass
class Counts:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    def add(self, other: Counts) -> None:
        self.tp += other.tp
        self.fp += other.fp
        self.fn += other.fn

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass
class Score:
    per_frame: dict[str, Counts] = field(default_factory=lambda: defaultdict(Counts))
    invented: int = 0
    values: int = 0
    errors: int = 0

    @property
    def total(self) -> Counts:
        out = Counts()
        for c in self.per_frame.values():
            out.add(c)
        return out


def norm(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return "|".join(sorted(norm(v) for v in value))
    text = str(value).strip().lower()
    try:
        return str(Decimal(text).normalize()) if re.fullmatch(r"-?\d+(\.\d+)?", text) else text
    except InvalidOperation:
        return text


def same(slot: str, gold: str, predicted: str) -> bool:
    """Whether a predicted (normalised) slot value equals the gold one under the README's rules."""
    if gold == predicted:
        return True
    if slot in FREE_TEXT_SLOTS and gold and predicted:
        from rapidfuzz import fuzz

        return fuzz.token_set_ratio(gold, predicted) >= FUZZY_THRESHOLD
    return False


def _country_names(code: str) -> set[str]:
    import pycountry

    c = pycountry.countries.get(alpha_2=code.upper()) if len(code) == 2 else None
    if c is None:
        return set()
    return {n.lower() for n in (c.name, getattr(c, "common_name", ""), getattr(c, "official_name", "")) if n}


def derived(frame_name: str, slot: str) -> bool:
    """Whether code computes the slot (a drug's class, a currency): a gold fact that leaves it out
    was written by someone who did not know the vocabulary, so its presence is not a false value."""
    from engine.frames import FRAMES_BY_NAME

    fr = FRAMES_BY_NAME.get(frame_name)
    return fr is not None and slot in fr.slot_names and fr.slot(slot).role == "derived"


def subject(fact: dict[str, Any]) -> str:
    """Whose fact it is. A Person record is compared by its slots alone: whether its subject is the
    user (whose contact it is) or the person it describes is a labelling convention, and writers
    who never saw the code pick either."""
    if fact.get("frame") == "Person":
        return "person"
    name = norm(fact.get("subject") or "me")
    return SUBJECT_SYNONYMS.get(name, name)


def _slots(fact: dict[str, Any]) -> dict[str, str]:
    """Comparable slot values; a gold ``status`` counts like a slot."""
    out = {k: norm(v) for k, v in fact.get("slots", {}).items() if k not in IGNORED_SLOTS and norm(v)}
    status = fact.get("status") or fact.get("slots", {}).get("status")
    if status:
        out["status"] = norm(status)
    return out


def _align_md(gold: dict[str, Any], pslots: dict[str, str]) -> dict[str, str]:
    """A year-less gold birthday (``--MM-DD``) compares month and day only."""
    gslots = _slots(gold)
    return {k: ("--" + v[5:] if gslots.get(k, "").startswith("--") and re.fullmatch(r"\d{4}-\d{2}-\d{2}", v) else v)
            for k, v in pslots.items()}


def default_status(frame_name: str) -> str:
    from engine.frames import FRAMES_BY_NAME

    fr = FRAMES_BY_NAME.get(frame_name)
    return fr.statuses[0] if fr else ""


def score_utterance(text: str, gold: list[dict[str, Any]], predicted: list[dict[str, Any]], score: Score) -> None:
    lowered = text.lower()
    gold_values = {v for g in gold for v in _slots(g).values()}
    for p in predicted:
        for k, v in _slots(p).items():
            if derived(p["frame"], k):
                continue
            score.values += 1
            if v not in gold_values and v not in lowered:
                score.invented += 1
    remaining = list(gold)
    for p in predicted:
        best, best_overlap = None, -1
        for g in remaining:
            if g["frame"] != p["frame"] or subject(g) != subject(p):
                continue
            pslots = _align_md(g, _slots(p))
            overlap = sum(1 for k, v in _slots(g).items() if k != "status" and same(k, v, pslots.get(k, "")))
            if overlap > best_overlap:
                best, best_overlap = g, overlap
        counts = score.per_frame[p["frame"]]
        if best is None or best_overlap == 0:
            if not any(g.get("optional") and g["frame"] == p["frame"] for g in gold):
                counts.fp += sum(1 for k in _slots(p) if not derived(p["frame"], k)) or 1
            continue
        remaining.remove(best)
        gslots = _slots(best)
        pslots = _align_md(best, _slots(p))
        if "status" in gslots and "status" not in pslots:
            pslots["status"] = default_status(p["frame"])
        if "status" not in gslots and pslots.get("status") == default_status(p["frame"]):
            del pslots["status"]  # a null gold status accepts the frame's initial status
        if "destination" not in gslots and pslots.get("destination") in _country_names(gslots.get("country", "")):
            del pslots["destination"]  # only a country named: a destination equal to its name is accepted
        optional = set(best.get("optional_slots", []))
        for k, v in pslots.items():
            if same(k, gslots.get(k, ""), v):
                counts.tp += 1
            elif k in gslots:  # a wrong value is both a false and a missed value
                counts.fp += 1
                counts.fn += 1
            elif k not in optional and not derived(p["frame"], k):
                counts.fp += 1
        counts.fn += sum(1 for k in gslots if k not in pslots and k not in optional)
    for g in remaining:
        if g.get("optional"):
            continue
        optional = set(g.get("optional_slots", []))
        score.per_frame[g["frame"]].fn += sum(1 for k in _slots(g) if k not in optional) or 1
