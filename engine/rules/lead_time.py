"""How long before a date the user wants to hear of it ("two weeks before", "a fortnight ahead",
"10 days beforehand", "the day before"), and spans of time ("5 days", "a full week", "three
months"). Found in code, offered to the model as candidate ids (L1..., P1...) so a lead time or
a quiet spell is never a number the model typed.

The words (lead words, units, number words) are the rule lexicon's, one table for the phrase parser
and the model path alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from engine.rules.rule_lexicon import lexicon

MAX_DAYS = 366
"""A reminder further ahead than a year is not a lead time the user meant."""


@dataclass(frozen=True)
class LeadCandidate:
    id: str
    start: int
    end: int
    surface: str
    days: int

    def line(self) -> str:
        after = " before" if self.id.startswith("L") else ""
        return f'{self.id} "{self.surface}" = {self.days} day(s){after}'


def _alt(words: list[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


@cache
def _pattern() -> re.Pattern[str]:
    lx = lexicon()
    units = _alt(list(lx["lead_units"]))
    return re.compile(
        r"(?<![\w'-])(?:(?P<n>\d{1,3}|" + _alt(list(lx["numbers"])) + r")\s+(?P<u>" + units + r")"
        r"|(?:the|a|one)\s+(?P<u1>day|night|week|month|fortnight))"
        r"(?:\s+or\s+so)?\s+(?P<w>" + _alt(lx["lead_words"]) + r")(?![\w'-])",
        re.I,
    )


def find_leads(text: str) -> list[LeadCandidate]:
    """Every lead time in ``text``, numbered in text order."""
    lx = lexicon()
    out: list[LeadCandidate] = []
    for m in _pattern().finditer(text):
        unit = (m["u"] or m["u1"]).lower()
        unit = "day" if unit == "night" else unit  # "the night before" is the day before
        raw = m["n"]
        if raw is None:
            n = 1
        elif raw.isdigit():
            n = int(raw)
        else:
            n = int(lx["numbers"].get(re.sub(r"\s+", " ", raw.lower()), 0))
        days = n * int(lx["lead_units"].get(unit, 0))
        if 0 < days <= MAX_DAYS:
            out.append(LeadCandidate(f"L{len(out) + 1}", m.start(), m.end(), m.group(0), days))
    return out


@cache
def _span_pattern() -> re.Pattern[str]:
    lx = lexicon()
    return re.compile(
        r"(?<![\w'-])(?:(?P<n>\d{1,3}|" + _alt(list(lx["numbers"])) + r")(?:\s+full)?\s+(?P<u>" + _alt(list(lx["lead_units"])) + r")"
        r"|(?:a|one)(?:\s+(?:full|whole))?\s+(?P<u1>day|week|month|fortnight))(?![\w'-])",
        re.I,
    )


def find_spans(text: str) -> list[LeadCandidate]:
    """Every span of days, weeks or months in ``text`` ("5 days", "a whole week"), numbered P1..."""
    lx = lexicon()
    out: list[LeadCandidate] = []
    for m in _span_pattern().finditer(text):
        raw = m["n"]
        n = 1 if raw is None else int(raw) if raw.isdigit() else int(lx["numbers"].get(re.sub(r"\s+", " ", raw.lower()), 0))
        days = n * int(lx["lead_units"].get((m["u"] or m["u1"]).lower(), 0))
        if 0 < days <= MAX_DAYS:
            out.append(LeadCandidate(f"P{len(out) + 1}", m.start(), m.end(), m.group(0), days))
    return out
