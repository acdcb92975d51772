"""Notice deadlines: the last day to give notice on a lease, a job or a contract, from a whole message.

"Lease is up July 31st. ... we have to give written notice at least 60 days ahead, so by June 1";
"Our lease runs through August 31 ... we have to give the landlord 60 days' written notice if we're
not renewing". The date that matters is either written ("so by June 1") or the end of the agreement
shifted back by the notice period, and the end is usually stated in another sentence than the
period. Clause builders see one clause at a time, so this stage reads the message whole: it finds the
notice sentence, what the notice is on (the agreement named in the message) and its end date, and
computes the due date in code (``engine.extract.dates.add_period``) — nothing is guessed.
"""

from __future__ import annotations

import datetime as dt
import re

from engine.extract.builders.base import Draft
from engine.extract.dates import NUMBER_WORDS, DateValue, add_period, find_dates
from engine.extract.segment import sentences

# "give (the landlord) notice", "60 days' written notice", "a notice period of two months"
_NOTICE = re.compile(
    r"\b(?:give|giving|send|sending|hand\s+in|put\s+in|serve|provide|submit)\b(?:\s+[\w'’]+){0,4}?\s+(?:(?:written|formal|official|our|my|\w+['’]s?)\s+)*notice\b"
    r"|\bnotice\s+period\b|\b(?:days?|weeks?|months?)['’]?s?\s+(?:of\s+)?(?:written\s+|formal\s+)?notice\b",
    re.I,
)
_N = r"(?P<n>\d{1,3}|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r"|a|an|one)"
_PERIOD = re.compile(_N + r"[\s-]+(?:(?:calendar|business|working|full)\s+)?(?P<u>days?|weeks?|months?)\b", re.I)
# what the notice is on, with the words the alert uses for it
_AGREEMENTS = (
    (re.compile(r"\b(?:lease|tenancy|rental\s+(?:agreement|contract)|rent(?:al)?\s+contract)\b", re.I), "the lease"),
    (re.compile(r"\b(?:landlord|landlady|apartment|flat)\b", re.I), "the lease"),
    (re.compile(r"\b(?:job|employer|boss|work\s+contract|employment|resign(?:ation)?|at\s+work)\b", re.I), "the job"),
    (re.compile(r"\b(?:gym|membership)\b", re.I), "the membership"),
    (re.compile(r"\b(?:contract|plan|policy|subscription)\b", re.I), "the contract"),
)
_TO_WHOM = re.compile(r"\b(?P<w>landlord|landlady|property\s+manager|letting\s+agent|employer|boss|manager|HR)\b", re.I)
# the agreement's end: "is up July 31st", "runs through August 31", "ends on the 30th", "expires in June"
_ENDS = re.compile(r"\b(?:is\s+up|runs?\s+(?:through|thru|till|until|to|out)|ends?|expires?|finishes|is\s+over|is\s+done|"
                   r"up\s+for\s+renewal|renews?|(?:last|final)\s+day\s+is|through|until|till)\b", re.I)
_DUE_BY = re.compile(r"\b(?:by|before|no\s+later\s+than|latest)\s+(?:the\s+)?$", re.I)
# notice already given: the deadline is met
_GIVEN = re.compile(r"\b(?:gave|given|sent|handed\s+in|put\s+in|served|submitted)\b(?:\s+[\w'’]+){0,4}?\s+notice\b"
                    r"|\bnotice\s+(?:is|was|has\s+been)\s+(?:in|given|sent|handed\s+in)\b", re.I)
_HEDGED = re.compile(r"\b(?:if|unless|when|once|before|should|would|could|haven['’]t|have\s+not|not\s+yet|need\s+to|have\s+to|has\s+to|must)\b", re.I)
_NOT_OURS = re.compile(r"\b(?:landlord|employer|company|they|he|she|it|(?-i:[A-Z])\w+)\s+(?:has|have|must|needs?|to|gives?|will\s+give)\s+(?:to\s+)?(?:give\s+)?(?:us|me|you)\b"
                       r"(?!\s+(?:to|the\s+notice))", re.I)
_STAYING = re.compile(r"\b(?:renewing\s+(?:for\s+sure|the\s+lease|another)|we['’]re\s+renewing|staying\s+(?:another\s+year|put|on\s+(?:here|in\s+the))|"
                      r"not\s+(?:leaving|moving\s+out)\b(?!\s+until))\b", re.I)


def notice_deadlines(text: str, today: dt.date, subject: str = "me") -> list[Draft]:
    """The Deadline to give notice that ``text`` states, if any (one per message); notice said to be
    given closes it ("we gave the landlord notice today")."""
    spans = sentences(text)
    for i, (s, e) in enumerate(spans):
        sentence = text[s:e]
        if (_NOTICE.search(sentence) is None and _GIVEN.search(sentence) is None) or _NOT_OURS.search(sentence):
            continue
        if _STAYING.search(text) and _GIVEN.search(sentence) is None:
            return []  # "we're renewing for sure ... 60 days notice if you leave": nothing to give
        on = _agreement(text)
        if on is None:
            return []
        key = f"give notice on {on}"
        given = _GIVEN.search(sentence) is not None and not _HEDGED.search(sentence)
        due = _written_due(text, spans, i, today) or _counted_due(text, spans, s, e, on, today)
        if due is None and not given:
            return []
        whom = _TO_WHOM.search(text)
        slots: dict[str, str] = {"about": key + (f" to the {whom.group('w').lower()}" if whom else ""),
                                 "status": "done" if given else "open"}
        if due is not None:
            slots["due"] = due.isoformat()
        return [Draft("Deadline", key, slots, (s, e), subject, hint="deadline")]
    return []


def _agreement(text: str) -> str | None:
    for pattern, words in _AGREEMENTS:
        if pattern.search(text):
            return words
    return None


def _written_due(text: str, spans: list[tuple[int, int]], i: int, today: dt.date) -> dt.date | None:
    """A date the notice sentence gives as the last day ("so by June 1"), in it or the clause right after."""
    s = spans[i][0]
    e = spans[i + 1][1] if i + 1 < len(spans) and len(text[spans[i + 1][0] : spans[i + 1][1]]) < 40 else spans[i][1]
    for d in find_dates(text, s, e, today, past=False):
        if isinstance(d.value, DateValue) and _DUE_BY.search(text[max(s, d.start - 20) : d.start]):
            return d.value.start
    return None


def _counted_due(text: str, spans: list[tuple[int, int]], s: int, e: int, on: str, today: dt.date) -> dt.date | None:
    """The agreement's end shifted back by the notice period stated in the notice sentence."""
    period = _PERIOD.search(text, s, e)
    if period is None:
        return None
    raw = period.group("n").lower()
    n = int(raw) if raw.isdigit() else 1 if raw in ("a", "an", "one") else NUMBER_WORDS.get(raw)
    if not n:
        return None
    end = _agreement_end(text, spans, on, today)
    return add_period(end, -n, period.group("u").lower().rstrip("s")) if end is not None else None


def _agreement_end(text: str, spans: list[tuple[int, int]], on: str, today: dt.date) -> dt.date | None:
    """The date an end verb gives in a sentence that names the agreement (an end is ahead: no past reading)."""
    pattern = next(p for p, words in _AGREEMENTS if words == on)
    for s, e in spans:
        sentence = text[s:e]
        if not pattern.search(sentence) and not re.search(r"\b(?:it|lease|contract)\b", sentence, re.I):
            continue
        for d in find_dates(text, s, e, today, past=False):
            before = text[max(s, d.start - 30) : d.start]
            if isinstance(d.value, DateValue) and _ENDS.search(before) and d.value.start > today:
                return d.value.end or d.value.start
    return None
