"""Entity resolution against the log: which earlier record a new fact is about, and what it supersedes.

Prior facts are folded with :func:`engine.state.fold` so a record's identity survives corrections
(its fact ids are the ``supersedes`` of the next change). Matching: same frame and subject, then the
same normalized key, then a fuzzy key (rapidfuzz), then — for a correction that names no entity
("actually the flight is on the 5th") — the latest live record the clause's hint points to.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from decimal import Decimal

from rapidfuzz import fuzz

from engine.extract.builders.base import Draft
from engine.extract.cues import CORRECTION
from engine.extract.people import relation_of
from engine.frames import FRAMES_BY_NAME
from engine.log import Fact
from engine.state import Record, fold

_DATE_SLOTS = ("start", "end", "expires", "issued", "due", "renewal", "stop", "date")
_HINT_FRAMES = {"trip": "Trip", "flight": "Trip", "medication": "Medication", "subscription": "Subscription"}


@dataclass
class Resolver:
    records: list[Record]

    @classmethod
    def from_facts(cls, facts: list[Fact]) -> Resolver:
        state = fold(facts)
        # imported and learned collections are never a draft's record: only built-in frames resolve
        return cls([r for frame, recs in state.records.items() if frame in FRAMES_BY_NAME for r in recs])

    def match(self, d: Draft, text: str = "", day: dt.date | None = None) -> Record | None:
        """The record the draft is about; ``text`` (the message) lets a relative named in the clause
        claim a draft the subject detection gave to the user ("grandma's amlodipine is 10mg now");
        ``day`` (the session's) tells a second shop at the same place from the first."""
        if text:
            d.subject = self._owner(d, text[d.span[0] : d.span[1]])
        rec = self._match(d)
        if rec is not None and _other_place(d, rec):
            d.key = f"{d.key}:{str(d.slots['destination']).lower()}"
            rec = next((r for r in reversed(self.records) if r.frame == d.frame and r.subject == d.subject and r.key == d.key), None)
        if rec is not None and day is not None and (when := _another_purchase(d, rec, day, text[d.span[0] : d.span[1]])):
            d.key = d.key if d.key.endswith(when) else f"{d.key}:{when}"
            rec = next((r for r in reversed(self.records) if r.frame == d.frame and r.subject == d.subject and r.key == d.key), None)
        return rec

    def _match(self, d: Draft) -> Record | None:
        same = [r for r in self.records if r.frame == d.frame and r.subject == d.subject]
        if not same:
            return None
        if d.key:
            exact = [r for r in same if r.key == d.key]
            return exact[-1] if exact else (self._qualified(d, same) or self._fuzzy(d, same))
        if not d.correction:
            return None
        live = [r for r in same if r.status != "cancelled"] or same
        if d.frame == "Event" and d.hint:
            live = [r for r in live if d.hint in str(r.values.get("title") or "").lower()]
        if d.frame == "TravelDocument":
            live = [r for r in live if r.values.get("kind") == d.slots.get("kind")]
        if d.frame == "Trip" and d.hint == "flight":
            live = [r for r in live if r.values.get("transport") == "flight"] or live
        consistent = [r for r in live if _consistent(d, r)]
        live = consistent or live
        return live[-1] if live else None

    def _owner(self, d: Draft, clause: str) -> str:
        """Whose record the draft is: the user's, unless only a relative has a record under this key
        and the clause names that relative."""
        if d.subject != "me" or not d.key or d.frame in ("Note", "Person"):
            return d.subject
        same_key = [r for r in self.records if r.frame == d.frame and r.key == d.key]
        if any(r.subject == "me" for r in same_key):
            return d.subject
        words = {re.sub(r"['’]s?$", "", w) for w in re.findall(r"[a-z'’-]+", clause.lower())}
        owners = {r.subject for r in same_key if any(w == r.subject.lower() or relation_of(w) == r.subject.lower() for w in words)}
        return owners.pop() if len(owners) == 1 else d.subject

    def _qualified(self, d: Draft, same: list[Record]) -> Record | None:
        """Keys of the form ``name:qualifier`` (a payee and an amount, an institution and a card kind):
        a draft that leaves the qualifier open ("paid the contractor", "Capital One raised my limit")
        is about the latest live record of that name; a qualified draft fills an open record."""
        if ":" not in d.key:
            return None
        base, qual = d.key.split(":", 1)
        if not base:
            return None
        named = [r for r in same if ":" in r.key and r.key.split(":", 1)[0] == base]
        if qual:
            named = [r for r in named if not r.key.split(":", 1)[1]]
        live = [r for r in named if r.status not in ("cancelled", "closed", "done")] or named
        return live[-1] if live else None

    def _fuzzy(self, d: Draft, same: list[Record]) -> Record | None:
        best: tuple[float, Record] | None = None
        for r in same:
            if d.frame == "Trip":
                score = 100.0 if d.slots.get("country") and d.slots.get("country") == r.values.get("country") else \
                    fuzz.ratio(str(d.slots.get("destination") or "").lower(), str(r.values.get("destination") or "").lower())
            elif d.frame == "TravelDocument":
                same_kind = d.slots.get("kind") == r.values.get("kind")
                either_blank = not d.slots.get("country") or not r.values.get("country")
                score = 100.0 if same_kind and either_blank else 0.0
            elif d.frame == "Deadline":
                # "the rental application" is the deadline recorded as "rental application for the Elm St flat"
                new, old = str(d.slots.get("about") or d.key).lower(), str(r.values.get("about") or r.key).lower()
                score = fuzz.token_set_ratio(new, old) if min(len(new), len(old)) >= 4 else 0.0
            elif d.frame == "Event":
                score = fuzz.token_set_ratio(str(d.slots.get("title") or "").lower(), str(r.values.get("title") or "").lower())
                if d.slots.get("start") and r.values.get("start") and not d.correction:
                    score = score if str(r.values.get("start")) == d.slots.get("start") else 0.0
            else:
                score = fuzz.ratio(d.key, r.key)
            if score >= 88 and (best is None or score > best[0]):
                best = (score, r)
        return best[1] if best else None


def _other_place(d: Draft, rec: Record) -> bool:
    """Two trips to different cities of one country (Chicago, then Florida) are two trips, unless
    the sentence corrects or cancels the earlier one."""
    if d.frame != "Trip" or d.correction:
        return False
    new, old = str(d.slots.get("destination") or ""), str(rec.values.get("destination") or "")
    if not new or not old or new.lower() == old.lower():
        return False
    from engine.extract.places import find_places

    kinds = {m.attrs.get("place") for name in (new, old) for m in find_places(f"to {name}", 0, len(name) + 3)}
    return "country" not in kinds


def _another_purchase(d: Draft, rec: Record, day: dt.date, clause: str) -> str | None:
    """The day of a new spend at a place already spent at ("Waitrose, £46.20" on the 4th, "Waitrose shop,
    £38.50" on the 19th): another amount on another day is another purchase, not a change to the first.
    None when it is the same one: the same day, a correction or an update ("it was £33, not £31",
    "ended up £899"), a return, or the same amount told again without a day of its own."""
    if d.frame != "Purchase" or d.correction or d.slots.get("status") not in (None, "bought"):
        return None
    new, old = _decimal(d.slots.get("amount")), _decimal(rec.values.get("amount"))
    if new is None or old is None or _UPDATED.search(clause) or _says_amount(clause, old):
        return None
    own = d.slots.get("date")
    when = str(own or day.isoformat())
    was = rec.values.get("date") or rec.first_seen
    if was is None or str(was) == when or (new == old and not own):
        return None
    return when


# words that make a new amount a change to a known purchase rather than another one
_UPDATED = re.compile(CORRECTION.pattern + r"|\bended\s+up\b|\bin\s+the\s+end\b|\bfinal(?:ly)?\b|\bnot\s+£?\$?€?\d", re.I)


def _decimal(value: object) -> Decimal | None:
    try:
        return Decimal(str(value)) if value is not None else None
    except ArithmeticError:
        return None


def _says_amount(clause: str, amount: Decimal) -> bool:
    """The clause names the recorded amount too ("the £31 shop was really £33"): it is about that purchase."""
    return any(_decimal(n.replace(",", "")) == amount for n in re.findall(r"\d[\d,]*(?:\.\d+)?", clause))


def _consistent(d: Draft, rec: Record) -> bool:
    """Whether re-anchoring the draft's bare days onto this record keeps start <= end."""
    start, end = rec.values.get("start"), rec.values.get("end")
    if not (isinstance(start, dt.date) and isinstance(end, dt.date)):
        return True
    try:
        if "start" in d.day_only:
            start = start.replace(day=d.day_only["start"])
        if "end" in d.day_only:
            end = end.replace(day=d.day_only["end"])
    except ValueError:
        return False
    return start <= end


def apply_record(d: Draft, rec: Record, today: dt.date) -> None:
    """Join the draft to the record: supersede its facts, keep its key, re-anchor bare days ("the 5th")
    to the month of the date being corrected."""
    d.key = rec.key
    from engine.frames import frame

    live = frame(d.frame).statuses[0]
    if rec.status != live and not d.correction and "status" not in d.slots and d.op == "assert" and d.frame != "Note":
        d.slots["status"] = live
    _keep_birth_year(d, rec)
    for slot, day in d.day_only.items():
        old = rec.values.get(slot)
        if isinstance(old, dt.date):
            try:
                fixed = old.replace(day=day)
            except ValueError:
                continue
            d.slots[slot] = fixed.isoformat()
    del today


def _keep_birth_year(d: Draft, rec: Record) -> None:
    """"Sofia's birthday is April 12, not the 2nd" moves the day, not the year she was born in: a
    corrected birthday with no age of its own keeps the recorded birth year."""
    old, new = rec.values.get("birthday"), d.slots.get("birthday")
    if d.frame != "Person" or not isinstance(old, dt.date) or not isinstance(new, str) or d.slots.get("age"):
        return
    try:
        d.slots["birthday"] = dt.date.fromisoformat(new).replace(year=old.year).isoformat()
    except ValueError:
        return


def supersedes(rec: Record) -> tuple[int, ...]:
    return tuple(sorted(set(rec.evidence)))
