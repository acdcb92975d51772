"""Return windows counted from delivery, across sessions.

"Ordered a wool coat, 228 bucks. They give you 30 days to return it, counted from when it's delivered"
— no day to count from yet, so the purchase keeps the window's length (``return_days``). "The coat
came yesterday!" a few days later is the delivery: the purchase the sentence names, by its item's
words, gets its last day to return it, counted by code from the delivery date. A window whose delivery
is said in the same message is counted at once.
"""

from __future__ import annotations

import datetime as dt
import re

from engine.extract.builders.base import Draft
from engine.extract.dates import NUMBER_WORDS, DateValue, find_dates
from engine.extract.segment import sentences
from engine.state import Record

_N = r"(?P<n>\d{1,3}|" + "|".join(sorted((w for w in NUMBER_WORDS if w not in ("a", "an", "a few")), key=len, reverse=True)) + r")"
# "30 days to return it, counted from when it's delivered", "a 14-day return window from delivery"
_WINDOW = re.compile(_N + r"[\s-]+days?\b(?:(?!\.\s).){0,80}?\b(?:from|of|after)\s+(?:the\s+)?(?:day\s+|date\s+|when\s+|the\s+time\s+)?"
                     r"(?:it['’]s\s+|it\s+is\s+|they['’]re\s+|they\s+are\s+|it\s+|they\s+|you\s+)?(?:deliver(?:y|ed)|arriv(?:al|es|ed)|receiv(?:e|ed|ing)|get\s+it)\b",
                     re.I)
_RETURN = re.compile(r"\b(?:return|send\s+(?:it|them)\s+back|exchange|refund)", re.I)
# "The coat came yesterday!", "the boots arrived on Monday", "parcel was delivered today"
_ARRIVED = re.compile(r"\b(?:came(?!\s+(?:up|out|back|to|in\s+(?:handy|useful)|across|over|round|around))|arrived|showed\s+up|turned\s+up|got\s+delivered|was\s+delivered|were\s+delivered|landed|got\s+here)\b", re.I)
_SOMEONE_ELSES = re.compile(r"\b(?:his|her|their|(?-i:[A-Z][a-z]+)['’]s|my\s+\w+['’]s)\s+", re.I)
_NOT_DONE = re.compile(r"\b(?:if|when|should|will|'ll|’ll|hasn['’]t|haven['’]t|still\s+not|not\s+yet|still\s+waiting)\b", re.I)


def window_lengths(text: str, drafts: list[Draft]) -> None:
    """A purchase of this message with a return window counted from a delivery not yet made keeps its length."""
    bought = [d for d in drafts if d.frame == "Purchase" and "return_by" not in d.slots]
    m = _WINDOW.search(text)
    if len(bought) != 1 or m is None or not _RETURN.search(text, max(0, m.start() - 60), m.end()) \
            or re.search(r"\b(?:last|previous|old|other)\s+(?:one|time|order)\b", text, re.I):
        return  # "my last one I had to return, they only gave 14 days from delivery": another purchase's window
    n = m.group("n").lower()
    bought[0].slots["return_days"] = int(n) if n.isdigit() else NUMBER_WORDS[n]


def deliveries(text: str, today: dt.date, prior: list[Record], subject: str = "me") -> list[Draft]:
    """The last day to return each earlier purchase whose delivery the message tells."""
    waiting = [r for r in prior if r.frame == "Purchase" and r.values.get("return_days") and not r.values.get("return_by")
               and r.status not in ("returned", "cancelled")]
    out: list[Draft] = []
    for s, e in sentences(text):
        came = _ARRIVED.search(text, s, e)
        if came is None or _NOT_DONE.search(text, s, came.start()) or _SOMEONE_ELSES.search(text, s, came.start()):
            continue  # "My sister's coat came yesterday": not the user's purchase
        rec = next((r for r in reversed(waiting) if _names(text[s : came.start()], r)), None)
        days = [d.value.start for d in find_dates(text, s, e, today, past=True) if isinstance(d.value, DateValue) and d.value.start <= today]
        if rec is None or any(d.key == rec.key for d in out):
            continue
        delivered = days[0] if days else today
        return_by = delivered + dt.timedelta(days=int(rec.values["return_days"]))
        out.append(Draft("Purchase", rec.key, {"item": rec.values.get("item"), "return_by": return_by.isoformat()}, (s, e),
                         rec.subject or subject, hint="purchase"))
    return out


def _names(before: str, rec: Record) -> bool:
    """Whether the words before the verb name the purchase: its item's last word ("the coat", "my new boots")."""
    words = re.findall(r"[a-z]{3,}", str(rec.values.get("item") or "").lower())
    return bool(words) and re.search(rf"\b{re.escape(words[-1].rstrip('s'))}s?\b", before.lower()) is not None
