"""Run every detector over one clause and hold the candidates by kind."""

from __future__ import annotations

import datetime as dt
import functools
import re
from dataclasses import dataclass, field, replace

from engine.extract import cues
from engine.extract.dates import (
    NAMES_A_MONTH,
    DateValue,
    after_previous,
    find_dates,
    find_times,
    is_past,
)
from engine.extract.documents import find_doc_numbers, find_documents, find_entries
from engine.extract.drugs import find_allergens, find_conditions, find_drugs, find_more_drugs
from engine.extract.mentions import Mention
from engine.extract.money import find_money
from engine.extract.orgs import find_orgs
from engine.extract.people import find_people
from engine.extract.places import find_nationalities, find_places
from engine.extract.segment import Clause


@dataclass
class Found:
    """The candidates of one clause, by kind, in text order."""

    clause: Clause
    text: str
    past: bool
    by_kind: dict[str, list[Mention]] = field(default_factory=dict)

    def of(self, kind: str) -> list[Mention]:
        return self.by_kind.get(kind, [])

    @property
    def lower(self) -> str:
        return self.clause.text.lower()


_CONTRAST = re.compile(r"\b(?:not|n't|instead|rather|or|either)\b", re.I)
"""Between two dates, a contrast or an alternative ("April 12, not the 2nd"; "the 5th or the 6th"):
the second is not a later step of the first."""


@functools.lru_cache(maxsize=32)
def sequenced(text: str, today: dt.date, day_first: bool = False, lean_past: bool = False) -> dict[tuple[int, int], DateValue]:
    """Every date of a message, each read in its own clause as :func:`detect` reads it, with a bare
    day read after the date before it ("leave March 3, back the 17th") unless the words between
    set them against each other: one reading of the message's dates for every clause and every
    reader of it."""
    from engine.extract.segment import clauses

    out: dict[tuple[int, int], DateValue] = {}
    previous: DateValue | None = None
    previous_end = 0
    for clause in clauses(text):
        for m in find_dates(text, clause.start, clause.end, today, day_first=day_first, lean_past=lean_past):
            contrast = _CONTRAST.search(text, previous_end, m.start) is not None
            value = m.value if contrast else after_previous(m.value, previous)
            if m.attrs.get("pattern") in NAMES_A_MONTH:
                previous, previous_end = value, m.end
            out[(m.start, m.end)] = value
    return out


def detect(text: str, clause: Clause, today: dt.date, *, day_first: bool = False, lean_past: bool = False) -> Found:
    lo, hi = clause.start, clause.end
    found = Found(clause, text, is_past(clause.text))
    money = find_money(text, lo, hi)
    in_order = sequenced(text, today, day_first, lean_past)
    dates = [replace(d, value=in_order.get((d.start, d.end), d.value))
             for d in find_dates(text, lo, hi, today, day_first=day_first, lean_past=lean_past) if not any(d.overlaps(m) for m in money)]
    times = [t for t in find_times(text, lo, hi) if not any(t.overlaps(d) for d in dates)]
    orgs = find_orgs(text, lo, hi)
    places = [p for p in find_places(text, lo, hi) if not any(p.overlaps(o) for o in orgs)]
    people = [p for p in find_people(text, lo, hi) if not any(p.overlaps(d) for d in dates)]
    drugs = find_drugs(text, lo, hi)
    if not drugs and cues.MED_STRONG.search(clause.text):
        drugs = find_more_drugs(text, lo, hi)
    found.by_kind = {
        "date": dates, "time": times, "money": money, "org": orgs, "place": places,
        "nationality": find_nationalities(text, lo, hi), "person": people, "drug": drugs,
        "allergen": find_allergens(text, lo, hi), "condition": find_conditions(text, lo, hi),
        "doc": find_documents(text, lo, hi), "entries": find_entries(text, lo, hi), "docnum": find_doc_numbers(text, lo, hi),
    }
    return found
