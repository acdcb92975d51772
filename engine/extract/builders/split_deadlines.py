"""Deadlines whose thing and date sit in different sentences of one message.

"My Norton antivirus subscription auto-renews on 1 October for 79.99 and I do NOT want it to. ... I need
to turn off auto-renew before then": a renewal in one sentence and the wish to stop it in another is a
deadline to cancel by the renewal date. "This is my first year filing the German tax return myself.
Deadline is 31 July": a bare "deadline is <date>" is the deadline of what the sentence before is doing.
Clause builders read each clause alone, so both are lost there; this stage reads the message whole. The
thing is a span of the message, the date a detected date; nothing is guessed.
"""

from __future__ import annotations

import datetime as dt
import re

from engine.extract.builders.base import Draft
from engine.extract.builders.services import is_name
from engine.extract.dates import DateValue, find_dates
from engine.extract.orgs import find_orgs
from engine.extract.segment import sentences

_THING = r"(?P<s>(?:[A-Za-z][\w'’+&-]*\s+){0,4}?[A-Za-z][\w'’+&-]*)"
# "my Norton antivirus subscription auto-renews on 1 October", "It auto-renews on the 14th of March"
_RENEWS = re.compile(r"(?:^|\b(?:my|our|the)\s+)" + _THING + r"\s+(?:auto-?renews|renews|will\s+(?:auto-?)?renew|is\s+(?:due\s+)?(?:up\s+)?for\s+renewal)\b", re.I)
# the wish to stop it, anywhere in the message
_STOP = re.compile(
    r"\b(?:don['’]?t|do\s+not|doesn['’]?t|does\s+not)\s+want\s+(?:it|this|that|them)\s+to\b"
    r"|\b(?:need|needs|want|wanna|have|has|got|gotta|going|gonna|plan(?:ning)?|must|should|remember)\s+(?:to\s+)?"
    r"(?:cancel|stop|quit|drop|ditch|end|turn\s+off|switch\s+off|get\s+rid\s+of|leave|unsubscribe|opt\s+out)\b"
    r"|\bswitching\s+(?:\w+\s+){0,2}(?:insurance|provider|supplier|plan)\b", re.I)
_PRONOUN = re.compile(r"^(?:it|this|that|they|them|which)$", re.I)
# a deadline said without its thing: "Deadline is 31 July", "it's due on the 3rd", "the cutoff is Friday"
_BARE_DUE = re.compile(r"^\W*(?:(?:the|my|our)\s+)?(?:deadline|due\s+date|cut-?off)\s+(?:is|'s|was\s+moved\s+to)\b"
                       r"|^\W*(?:it['’]s|it\s+is|they['’]re)\s+due\b", re.I)
# what the sentence before is doing: "filing the German tax return myself", "submit my visa application"
_DOING = re.compile(r"\b(?:fil(?:e|ing)|submit(?:ting)?|send(?:ing)?\s+(?:in|off)|finish(?:ing)?|apply(?:ing)?\s+for|"
                    r"register(?:ing)?\s+for|renew(?:ing)?|pay(?:ing)?|hand(?:ing)?\s+in)\s+(?:in\s+)?(?:the|my|our|a|an)?\s*"
                    r"(?P<s>(?:[\w'’-]+\s+){0,3}?(?:return|application|form|forms|paperwork|claim|report|essay|thesis|"
                    r"assignment|renewal|registration|declaration|tax(?:\s+return)?|taxes|fees?|invoice|bill|proposal|portfolio))\b", re.I)


def split_deadlines(text: str, today: dt.date, drafts: list[Draft], subject: str = "me") -> list[Draft]:
    """Deadlines read across sentences, where no builder dated one already."""
    due = {str(d.slots.get("due")) for d in drafts if d.frame == "Deadline"}
    out = [d for d in _renewals_to_stop(text, today) + _bare_deadlines(text, today) if str(d.slots["due"]) not in due]
    for d in out:
        d.subject = subject
    return out


def _ahead(text: str, s: int, e: int, today: dt.date) -> list[DateValue]:
    return [d.value for d in find_dates(text, s, e, today, past=False)
            if isinstance(d.value, DateValue) and d.value.precision == "day" and d.value.start >= today]


def _renewals_to_stop(text: str, today: dt.date) -> list[Draft]:
    if not _STOP.search(text):
        return []
    for s, e in sentences(text):
        m = _RENEWS.search(text[s:e])  # on the sentence alone, where "^" is its start
        dates = _ahead(text, s + m.end(), e, today) if m else []
        if m is None or not dates:
            continue
        thing = m.group("s").strip()
        if not any(_about(text, stop, thing) for stop in _STOP.finditer(text, s + m.start())):
            return []  # no wish to stop it after the renewal: "I need to cancel the gym" is another thing
        if _PRONOUN.match(thing):
            thing = _named_before(text, s + m.start()) or ""
            if not thing:
                return []
        thing = re.sub(r"^(?:my|our|the)\s+", "", thing, flags=re.I)
        return [Draft("Deadline", thing.lower(), {"about": thing, "action": "cancel", "due": dates[0].start.isoformat()},
                      (s, e), "me", hint="renewal")]
    return []


_OWNER = re.compile(r"(?-i:\b(?P<n>[A-Z][\w&+-]+))['’]s\b")


def _about(text: str, stop: re.Match[str], thing: str) -> bool:
    """Whether a wish to stop is about the renewing thing: "I do NOT want it to", "cancel before then",
    "turn off auto-renew", or the thing's own words after the verb."""
    if stop.group(0).lower().rstrip().endswith("to") and re.search(r"\bwant\b", stop.group(0), re.I):
        return True
    after = text[stop.end() : stop.end() + 40].lower()
    if re.match(r"\s*(?:it|this|that|them|auto-?renew\w*|the\s+renewal|before|now|asap|in\s+time)\b", after):
        return True
    words = {w for w in re.findall(r"[a-z]{3,}", thing.lower()) if w not in ("the", "my", "our", "subscription", "plan")}
    return bool(words) and any(re.search(rf"\b{re.escape(w)}\b", after) for w in words)


def _named_before(text: str, at: int) -> str | None:
    """What "it" renews: the last organisation named before it, or a capitalised name with a possessive
    ("Admiral's renewal letter came … It auto-renews on the 14th") that is no common word or first name."""
    found = [(o.start, o.text) for o in find_orgs(text, 0, at)]
    found += [(m.start(), m.group("n")) for m in _OWNER.finditer(text, 0, at) if is_name(text, m.group("n"), m.start())]
    return max(found)[1] if found else None


def _bare_deadlines(text: str, today: dt.date) -> list[Draft]:
    spans = sentences(text)
    for (s1, e1), (s2, e2) in zip(spans, spans[1:], strict=False):
        if not _BARE_DUE.match(text[s2:e2]):  # on the sentence alone, where "^" is its start
            continue
        doing = _DOING.search(text, s1, e1)
        dates = _ahead(text, s2, e2, today)
        if doing is None or not dates or re.match(r"(?:her|his|their|your)\b", doing.group("s"), re.I) \
                or re.search(r"\b(?:she|he|they|(?-i:[A-Z][a-z]+))\s+(?:is|are|was|were|has\s+been)?\s*$", text[s1 : doing.start()]):
            continue  # "Sarah is filing her tax return": not the user's deadline
        thing = doing.group("s").strip()
        return [Draft("Deadline", thing.lower(), {"about": thing, "due": dates[0].start.isoformat()}, (s1, e2), "me", hint="deadline")]
    return []
