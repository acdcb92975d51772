"""Returns made: an earlier purchase sent back, told the way people tell it.

"I printed the prepaid label and dropped the box at UPS this afternoon, and Northtrail already emailed
saying the refund of $165 was processed" never says "returned the boots": the item is in an earlier
session, and the message names only the shop, the amount or a pronoun. This stage reads the message
whole: a return said as done (a refund processed or received, a parcel dropped off or shipped back,
something sent back) is tied to the earlier purchase the message names — by its shop, its amount or
the words of its item — and that purchase becomes ``returned``, so its return window stops counting.
"""

from __future__ import annotations

import re

from engine.extract.builders.base import Draft
from engine.extract.money import find_money
from engine.extract.segment import sentences
from engine.state import Record

_DONE = re.compile(
    r"\brefund(?:\s+(?:of|for)\s+\S+)?\s+(?:was|has\s+been|got|is|came|went)\s+(?:\w+\s+)?(?:processed|issued|approved|through|back|in)\b"
    r"|\b(?:got|received|had)\s+(?:my|the|a|our)\s+(?:full\s+)?refund\b|\b(?:refunded|credited)\s+(?:me|us|my\s+card|the\s+card)\b"
    r"|\b(?:dropped|dropping)\s+(?:off\s+)?(?:the|it|them|my)\s*(?:box|package|parcel|return|off)?\s*(?:off\s+)?(?:at|with)\b"
    r"|\b(?:returned|sent|shipped|mailed|posted|took|brought)\s+(?:the\s+|them\s+|it\s+|my\s+)?(?:\w+\s+){0,3}?back\b(?!\s+(?:to\s+work|home|to\s+the\s+office|to\s+bed))"
    r"|\breturned\s+(?:the|them|it|my)\b(?!\s+(?:call|email|text|message|favou?r|library|books?))|\breturn\s+(?:was\s+|has\s+been\s+|got\s+)?(?:accepted|processed|approved|received)\b",
    re.I,
)
_NOT_DONE = re.compile(r"\b(?:if|whether|should|might|may|could|would|thinking|going\s+to|gonna|need\s+to|have\s+to|want\s+to|"
                       r"plan(?:ning)?\s+to|will|'ll|’ll|tomorrow|haven['’]t|not\s+yet|still\s+waiting|can\s+I)\b", re.I)


def returns_made(text: str, prior: list[Record], subject: str = "me") -> list[Draft]:
    """Status changes to ``returned`` for the earlier purchases the message says went back."""
    bought = [r for r in prior if r.frame == "Purchase" and r.subject == subject and r.status not in ("returned", "cancelled")]
    if not bought:
        return []
    out: list[Draft] = []
    for s, e in sentences(text):
        sentence = text[s:e]
        done = _DONE.search(sentence)
        if done is None or _NOT_DONE.search(sentence[: done.end() + 20]):
            continue
        rec = _named(text, sentence, s, e, bought)
        if rec is None or any(d.key == rec.key for d in out):
            continue
        slots = {"item": rec.values.get("item"), "status": "returned"}
        if rec.values.get("vendor"):
            slots["vendor"] = rec.values["vendor"]
        out.append(Draft("Purchase", rec.key, {k: v for k, v in slots.items() if v}, (s, e), subject, correction=True, hint="purchase"))
    return out


def _named(text: str, sentence: str, s: int, e: int, bought: list[Record]) -> Record | None:
    """The purchase the sentence names — its shop, its amount, its item's words — or, for "them"/"it"/"the box",
    the one the message names."""
    amounts = {str(m.value) for m in find_money(text, s, e) if m.value is not None}
    low = text.lower() if re.search(r"\b(?:it|them|the\s+(?:box|package|parcel|return|whole\s+order|order|stuff)|everything|all\s+of\s+it|refund)\b",
                                    sentence, re.I) else sentence.lower()
    for rec in reversed(bought):
        vendor = str(rec.values.get("vendor") or "").lower().strip(" .,;!")
        if vendor and re.search(rf"\b{re.escape(vendor)}\b", low):
            return rec
        if rec.values.get("amount") is not None and str(rec.values["amount"]) in amounts:
            return rec
        words = [w for w in re.findall(r"[a-z]{3,}", str(rec.values.get("item") or "").lower())]
        if words and all(re.search(rf"\b{re.escape(w.rstrip('s'))}s?\b", sentence.lower()) for w in words[-1:]):
            return rec
    return None
