"""What every frame builder shares: the draft fact, the decision context and small span/date helpers."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.extract.dates import DateValue, same_month_after  # noqa: F401  (shared by the builders)
from engine.extract.detect import Found
from engine.extract.mentions import Mention
from engine.state import Record

Ask = Callable[[str, str, dict[str, tuple[str, ...]], dict[str, str | None]], dict[str, str | None]]


@dataclass
class Draft:
    """A fact before entity resolution: slots are JSON values, ``key`` the normalized entity key."""

    frame: str
    key: str
    slots: dict[str, Any]
    span: tuple[int, int]
    subject: str = "me"
    op: str = "assert"
    extractor: str = "detector"
    confidence: float = 0.9
    correction: bool = False
    day_only: dict[str, int] = field(default_factory=dict)
    hint: str = ""  # what to look for in prior facts when the key is empty ("flight", "appointment")


@dataclass
class Context:
    subject: str
    known: dict[str, str]  # relation -> name, from earlier Person facts
    ask: Ask
    today: dt.date
    prior_people: set[tuple[str, str]] = field(default_factory=set)
    last_dated: Draft | None = None  # the latest fact with a date, for "actually, make that the 12th"
    prior: list[Record] = field(default_factory=list)  # records folded from earlier sessions, for "Emirates moved our return"


def iso(d: dt.date | None) -> str | None:
    return d.isoformat() if d else None


def text_before(f: Found, m: Mention, n: int = 40) -> str:
    return f.text[max(f.clause.start, m.start - n) : m.start]


def first_match(pat_list: list[tuple[re.Pattern[str], str]], text: str) -> str | None:
    for pat, value in pat_list:
        if pat.search(text):
            return value
    return None


def clause_span(f: Found, *ms: Mention | None) -> tuple[int, int]:
    return (f.clause.start, f.clause.end)


def free_dates(f: Found, used: set[tuple[int, int]] | None = None) -> list[Mention]:
    return [d for d in f.of("date") if used is None or (d.start, d.end) not in used]


def bare_day(slot: str, m: Mention | None) -> dict[str, int]:
    if m is not None and isinstance(m.value, DateValue) and m.value.day_only:
        return {slot: m.value.start.day}
    return {}


def assign_two(f: Found, ctx: Context, a: Mention, b: Mention, roles: tuple[str, str], what: str) -> tuple[Mention, Mention]:
    """Two single dates with no cue: the model says which is which; default earlier = first role."""
    first, second = sorted((a, b), key=lambda m: m.value.start)
    opts = (first.value.start.isoformat(), second.value.start.isoformat())
    res = ctx.ask(
        f.clause.text,
        f"Which date is the {what} {roles[0]} and which the {roles[1]}?",
        {roles[0]: opts, roles[1]: opts},
        {roles[0]: opts[0], roles[1]: opts[1]},
    )
    r0, r1 = res.get(roles[0]), res.get(roles[1])
    if r0 == opts[1] and r1 != opts[1]:
        return second, first
    return first, second
