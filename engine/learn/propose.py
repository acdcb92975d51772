"""The model's proposal: which collection a message's records belong to, and their fields.

The prompt is a byte-stable block (instructions and worked examples from
``resources/learn/examples.jsonl``, candidates cited there by surface text and rendered with the
ids the finders give them) with the variable part last: the existing learned collections, the
message and its numbered candidates. The grammar allows values only as candidate ids or as short
strings, which ``verify`` then checks are words of the message.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from engine.extract.reader.candidates import Candidate, find_candidates
from engine.learn.nothing import zero_amounts
from engine.learn.quantities import Quantity, find_quantities
from engine.learn.whose import people_said
from engine.llm.backend import SchemaRequest
from engine.profile import RESOURCES

EXAMPLES_PATH = RESOURCES / "learn" / "examples.jsonl"
MAX_RECORDS = 4
MAX_FIELDS = 8
MAX_TEXT = 60
MAX_TOKENS = 260

INSTRUCTIONS = """You read one chat message a user wrote to their personal assistant. Some messages record a measurement or an activity of a kind people track over time: a run, a workout, a weigh-in, hours slept, pages read, a blood pressure reading, a child's swim time, plants watered, a fuel fill-up, a practice session. List such records as JSON.
Rules:
- collection: a short plural snake_case name for the kind of record (runs, weigh_ins, sleep, books_read). When an existing collection is of that kind, use its name and its field names.
- values: field names in snake_case without units (distance, duration, weight, pages, systolic). Numbers, times and amounts only as ids from the Candidates list (Q1, T1, M1); short words (a venue, a route, a title, a plant, a mood) copied exactly from the message.
- date: the id of the day it happened; "today" when it happened today or the message does not say.
- who: whose record it is, one of People: the person it measures (their swim, their score, the bottle the baby drank, the walk Grandad managed even when the user went with him), "me" for the user's own. Someone who only took part in the user's record (a client, a student the user taught, a sitter the user paid, a donor) is a value named for their part (client, student, sitter, donor), not who.
- corrects: true only when the message corrects a value the user gave before ("actually it was 81.9, not 82.4").
- Existing collections are listed with each message: reuse one only for the same kind of record.
- One record for one activity: its values may be said across several sentences (what was done in one, how long or what it cost or earned in the next). Name its collection for the activity, never for small talk, a plan or a question beside it.
- Only what happened or was measured. Plans, goals, hopes, questions, advice and small talk give no record. A trip, an appointment, a medicine, a bill or a purchase on its own is not a record here; what a tracked activity cost, earned or won (a ticket, tips, a fee, a stake, winnings) is one of its values.
- No such record: {"records": []}.
"""


@dataclass(frozen=True)
class Offer:
    """Everything the model may cite in one message."""

    text: str
    session_date: dt.date
    dates: tuple[Candidate, ...]
    times: tuple[Candidate, ...]
    money: tuple[Candidate, ...]
    quantities: tuple[Quantity, ...]
    focus: tuple[int, int] | None = None
    """Only these characters of the message are shown (a second reading of what the first left out);
    the ids stay those of the whole message, and days from anywhere in it may still be cited."""

    taken: frozenset[int] = frozenset()
    """Starts of values a first reading already gave to records: not offered again."""

    people: tuple[str, ...] = ()
    """Whom a record may be about besides the user: the people the message names, then those the
    existing collections already hold records of (a "she" in a later message)."""

    def _shown(self, start: int) -> bool:
        return (self.focus is None or self.focus[0] <= start < self.focus[1]) and start not in self.taken

    def ids(self) -> list[str]:
        return [c.id for c in self.dates] + [c.id for c in (*self.times, *self.money) if self._shown(c.start)] + [
            q.id for q in self.quantities if self._shown(q.start)]

    def block(self) -> str:
        lines = [c.line() for c in self.dates] + [c.line() for c in (*self.times, *self.money) if self._shown(c.start)]
        lines += [q.line() for q in self.quantities if self._shown(q.start)]
        return "\n".join(lines) if lines else "(none)"

    def shown_text(self) -> str:
        return self.text if self.focus is None else self.text[self.focus[0]:self.focus[1]]


def offer(text: str, session_date: dt.date, *, records: bool = False, known: Sequence[str] = ()) -> Offer:
    """The citable values of ``text``. ``records``: it is read for records of what happened, so a
    clause with no tense of its own speaks of the past (a rule or a plan reads it as ahead) and a
    number counting a plural noun is a count of it ("6 jars"; a rule's "5 cans" stays a number).
    ``known``: people earlier messages named, offered where this one says their name."""
    cands = find_candidates(text, session_date, lean_past=records)
    # an amount without a currency ("21k", "a 40") is the money finder's guess: leave it to quantities;
    # in a record, a note said by name ("won a tenner", the one spelled amount without one) is money too
    items = [c for c in cands.items if c.kind != "money" or c.currency or records and not any(ch.isdigit() for ch in c.surface)]
    if records:
        items = _in_one_currency(items + zero_amounts(text, [c for c in cands.items if c.kind == "money"]))
    money = [(c.start, c.end) for c in items if c.kind == "money"]
    # a number with its unit ("1h10", "3.5/5") is a quantity even where a date or clock finder saw one
    measured = [(q.start, q.end) for q in find_quantities(text, money, counts=records) if q.measured]
    items = [c for c in items if c.kind == "money" or not any(c.start < e and s < c.end for s, e in measured)]
    return Offer(
        text, session_date,
        tuple(c for c in items if c.kind == "date"),
        tuple(c for c in items if c.kind == "time"),
        tuple(_per_what(text, c) for c in items if c.kind == "money"),
        tuple(find_quantities(text, [(c.start, c.end) for c in items], counts=records)),
        people=people_said(text, known),
    )


def _in_one_currency(items: list[Candidate]) -> list[Candidate]:
    """Amounts said without a currency ("a tenner", "didn't win a thing") in the one currency the
    message's other amounts are in, if they are in one."""
    currencies = {c.currency for c in items if c.kind == "money" and c.currency}
    if len(currencies) != 1:
        return items
    (currency,) = currencies
    return [replace(c, currency=currency) if c.kind == "money" and not c.currency else c for c in items]


_PER = re.compile(r"(?:\s*(?:an?|per|/)\s*(hour|hr|night|day|week|month|session|lesson|class|head|person|visit)\b|\s*(each)\b)"
                  r"(?!\s+(?:ago|late|early|before|after|later|earlier|behind|back)\b)", re.I)


def _per_what(text: str, c: Candidate) -> Candidate:
    """An amount said as a rate ("thirty quid an hour", "£12 each") says so in its line, so the
    model can tell it from the total said beside it ("so that's £45")."""
    m = _PER.match(text, c.end)
    if m is None or c.note:
        return c
    return replace(c, note=f"per {m[1].lower()}" if m[1] else "each")  # not "£25 a week ago"


def question(o: Offer, existing: list[str]) -> str:
    lines = [f"Session date: {o.session_date.isoformat()} ({o.session_date.strftime('%a')})"]
    lines.append("Existing collections: " + ("; ".join(existing) if existing else "(none)"))
    lines += [f"Message: {o.shown_text().strip()}", "People: " + ", ".join(("me", *o.people)), "Candidates:", o.block(),
              "Records:"]
    return "\n".join(lines)


def schema(o: Offer) -> dict[str, Any]:
    ids = o.ids()
    text = {"type": "string", "maxLength": MAX_TEXT}
    value: dict[str, Any] = {"anyOf": [{"enum": ids}, text]} if ids else text
    record = {
        "type": "object",
        "properties": {
            "collection": {"type": "string", "maxLength": 40},
            "date": {"enum": ["today", *(c.id for c in o.dates)]},
            "who": {"enum": ["me", *o.people]},
            "corrects": {"type": "boolean"},
            "values": {"type": "object", "additionalProperties": value, "maxProperties": MAX_FIELDS},
        },
        "required": ["collection", "date", "who", "values"],
    }
    return {"type": "object", "properties": {"records": {"type": "array", "items": record, "maxItems": MAX_RECORDS}},
            "required": ["records"]}


@cache
def prefix() -> str:
    parts = [INSTRUCTIONS, "Examples:"]
    for ex in _examples():
        parts.append(ex["question"])
        parts.append(json.dumps({"records": ex["records"]}, ensure_ascii=False))
        parts.append("")
    return "\n".join(parts).rstrip() + "\n"


def request(o: Offer, existing: list[str]) -> SchemaRequest:
    return SchemaRequest(prefix=prefix(), question=question(o, existing), schema=schema(o), max_tokens=MAX_TOKENS)


@cache
def _examples() -> tuple[dict[str, Any], ...]:
    out = []
    for line in EXAMPLES_PATH.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        ex = json.loads(line)
        o = offer(ex["text"], dt.date.fromisoformat(ex["session_date"]), records=True)
        surfaces = {c.surface.strip(" .,"): c.id for c in (*o.dates, *o.times, *o.money)}
        surfaces.update({q.surface: q.id for q in o.quantities})
        for rec in ex["records"]:
            if str(rec["date"]).startswith("@"):
                rec["date"] = _cite(rec["date"], surfaces, ex["text"])
            for name, value in rec["values"].items():
                if value.startswith("@"):
                    rec["values"][name] = _cite(value, surfaces, ex["text"])
        out.append({"question": question(o, ex["existing"]), "records": ex["records"]})
    return tuple(out)


def _cite(value: str, surfaces: dict[str, str], text: str) -> str:
    try:
        return surfaces[value[1:]]
    except KeyError:
        raise ValueError(f"learn example: no candidate {value[1:]!r} in {text[:40]!r}; have {sorted(surfaces)}") from None
