"""Clauses that change a fact recorded in an earlier session by naming it, not restating it.

"Emirates moved our return to the 13th", "the contractor says it's actually 2,750", "the client gave
us an extension to Feb 14 for the report", "forget the rental application": no frame builder fires
(there is no trip, payment or deadline *stated*), yet each names a live record and changes one value
or its status. The record is found by its identifying values appearing in the clause; the value comes
only from a candidate detected in the clause, so nothing is invented.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from decimal import Decimal

from engine.extract import cues
from engine.extract.builders.base import Draft
from engine.extract.detect import Found
from engine.frames import frame as frame_of
from engine.state import Record

# The values that name a record, per frame, in the order a user would use them.
_NAMING_SLOTS = ("destination", "carrier", "title", "about", "service", "payee", "institution", "name", "item", "vendor",
                 "allergen", "kind")
_GENERIC = {"the", "my", "our", "a", "an", "for", "of", "to", "and", "with", "at", "on", "in", "new", "old", "appointment",
            "me", "passport", "account", "card", "plan"}
_CHANGE = re.compile(
    r"\b(?:actually|correction|instead|changed?|moved?|moving|reschedul\w*|postponed|pushed|brought\s+forward|now|"
    r"extension|extended|extends|raised|lowered|increased|decreased|bumped|dropped|went\s+up|went\s+down|updated?|"
    r"rebooked|turns\s+out|I\s+meant|wrong|not\s+the|oops|whoops|my\s+bad|not\s+\d)\b", re.I)
_DROPPED = re.compile(r"\b(?:forget(?:\s+about)?|never\s?mind|scratch|drop(?:ped|ping)?|skip(?:ping)?|no\s+longer\s+need(?:s|ed)?|"
                      r"don't\s+need|called\s+off|cancell?(?:ed|ing)?|quit(?:ting)?|ditch(?:ed|ing)?|got\s+rid\s+of|"
                      r"stopped\s+paying\s+for)(?!\s+(?:to|by|from|off|out)\b)\s+(?:about\s+)?(?:(?:the|my|our|that|this)\s+)?\w", re.I)
_DATE_SLOT = {"Trip": "start", "Event": "start", "Deadline": "due", "Subscription": "renewal", "TravelDocument": "expires",
              "Transfer": "date", "Purchase": "date"}
_MONEY_SLOT = {"Trip": "cost", "Transfer": "amount", "Subscription": "amount", "Purchase": "amount"}
_KEEP = ("destination", "country", "title", "kind", "name", "service", "about", "payee", "institution", "item")


def _words(value: object) -> list[str]:
    return [w for w in re.findall(r"[a-z0-9'’]+", str(value).lower()) if w not in _GENERIC and len(w) >= 3]


def named_record(text: str, records: Sequence[Record], subject: str, aliases: Sequence[str] = ()) -> Record | None:
    """The live record the clause names: all words of a naming value present scores highest, a
    shared head noun ("the report" for "quarterly report") next; ties go to the latest record.
    ``aliases`` are canonical names of what the clause calls otherwise ("CDMX" is Mexico City)."""
    low = " ".join([text.lower(), *(a.lower() for a in aliases)])
    tokens = set(re.findall(r"[a-z0-9'’]+", low))
    best: tuple[float, int, Record] | None = None
    for i, rec in enumerate(records):
        if rec.frame in ("Note", "Person", "Preference") or rec.subject != subject or rec.status == "cancelled":
            continue
        score = 0.0
        for slot in _NAMING_SLOTS:
            words = _words(rec.values.get(slot) or "")
            if not words:
                continue
            present = sum(w in tokens for w in words)
            if present == len(words):
                score = max(score, 2.0 + len(words) * 0.1)
            elif present >= 2 and present / len(words) >= 0.6:  # "the car insurance" for "car insurance renewal"
                score = max(score, 1.5)
            elif words[-1] in tokens:
                score = max(score, 1.0)
        if score and (best is None or (score, i) > best[:2]):
            best = (score, i, rec)
    return best[2] if best else None


def names_only(d: Draft) -> bool:
    """A draft that only names its entity ("spotify went up to 11.99" read as just "Spotify")."""
    return d.frame != "Note" and all(k in _KEEP or k == "country" for k, v in d.slots.items() if v is not None)


def reference_change(found: Found, records: Sequence[Record], subject: str) -> list[Draft]:
    """A change to a named earlier record: one new date, one new amount, or dropping it."""
    text = found.clause.text
    if found.clause.question:
        return []
    rec = named_record(text, records, subject, [str(m.value) for m in found.of("place")])
    if rec is None:
        return []
    keep = {k: v for k, v in rec.values.items() if k in _KEEP and v is not None}
    keep = {k: (v.isoformat() if isinstance(v, dt.date) else str(v) if not isinstance(v, (int, float)) else v) for k, v in keep.items()}
    span = (found.clause.start, found.clause.end)
    dates, money = found.of("date"), found.of("money")
    if _DROPPED.search(text) and not dates and not money and "cancelled" in frame_of(rec.frame).statuses:
        return [Draft(rec.frame, rec.key, {**keep, "status": "cancelled"}, span, subject, correction=True, confidence=0.8)]
    if rec.frame == "Transfer" and rec.status == "requested" and cues.DONE.search(text) and not dates:
        return [Draft(rec.frame, rec.key, {**keep, "status": "done"}, span, subject, correction=True, confidence=0.8)]
    if not _CHANGE.search(text) and not cues.CORRECTION.search(text):
        return []
    times = [t for t in found.of("time") if not re.search(r"\bnot\s+(?:at\s+)?$", found.text[max(0, t.start - 8) : t.start], re.I)]
    if len(times) == 1 and not money and "time" in frame_of(rec.frame).slot_names and rec.values.get("time") is not None \
            and (len(dates) == 0 or (len(dates) == 1 and dates[0].start <= times[0].start < dates[0].end)):
        return [Draft(rec.frame, rec.key, {**keep, "time": _same_half_of_day(times[0].value, times[0].text, rec.values["time"])},
                      span, subject, correction=True, confidence=0.8)]
    if len(dates) == 1 and not money:
        slot = _DATE_SLOT.get(rec.frame)
        if rec.frame == "Trip" and cues.RETURN_ANY.search(text):
            slot = "end"
        if slot is None:
            return []
        new = dates[0].value
        value = new.end if slot == "expires" and new.end else new.start
        old = rec.values.get(slot)
        if new.day_only and isinstance(old, dt.date):
            try:
                value = old.replace(day=new.start.day)
            except ValueError:
                return []
        return [Draft(rec.frame, rec.key, {**keep, slot: value.isoformat()}, span, subject, correction=True, confidence=0.8)]
    slot = _MONEY_SLOT.get(rec.frame)
    if rec.frame == "Account":
        slot = "limit" if re.search(r"\blimit\b", text, re.I) else "balance"
    if slot is None or dates:
        return []
    if len(money) == 1:
        amount, currency = money[0].value, money[0].attrs.get("currency")
    elif not money and rec.values.get(slot) is not None and (bare := _bare_amount(found)) is not None:
        amount, currency = bare, rec.values.get("currency")  # "it's actually 2,750": the record's currency
    else:
        return []
    return [Draft(rec.frame, rec.key, {**keep, slot: amount, "currency": currency}, span, subject, correction=True,
                  confidence=0.8)]


def _same_half_of_day(new: str, written: str, old: object) -> str:
    """"8:30 not 8" for a dinner at 20:00 means 20:30: a time written without am/pm keeps the
    recorded time's half of the day."""
    hour, minute = (int(x) for x in new.split(":")[:2])
    if re.search(r"[ap]\.?m\b|noon|midnight", written, re.I) or hour >= 12 or hour == 0:
        return new
    old_hour = int(str(old).split(":")[0]) if re.match(r"\d{1,2}:", str(old)) else None
    return f"{hour + 12:02d}:{minute:02d}" if old_hour is not None and old_hour >= 12 else new


_BARE_AMOUNT = re.compile(r"(?<![\w.,/:-])(\d{1,3}(?:,\d{3})+|\d+)(\.\d{2})?(?![\w.,/:%-]*\w)")


def _bare_amount(found: Found) -> str | None:
    """The one plain number of a clause that corrects a recorded amount, outside any date or time."""
    taken = [(m.start, m.end) for kind in ("date", "time", "quantity", "dose") for m in found.of(kind)]
    hits = [m for m in _BARE_AMOUNT.finditer(found.text, found.clause.start, found.clause.end)
            if not any(a <= m.start() < b for a, b in taken)]
    if len(hits) != 1:
        return None
    value = Decimal(hits[0].group(1).replace(",", "") + (hits[0].group(2) or ""))
    return f"{value:.2f}" if value >= 1 else None
