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
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.extract.reader.candidates import Candidate, find_candidates
from engine.extract.segment import sentences
from engine.learn.quantities import Quantity, find_quantities, units
from engine.llm.backend import SchemaRequest
from engine.profile import RESOURCES

EXAMPLES_PATH = RESOURCES / "learn" / "examples.jsonl"
NOT_KINDS_PATH = RESOURCES / "learn" / "not_kinds.txt"
KIND_FORMS_PATH = RESOURCES / "learn" / "kind_forms.tsv"
MAX_KINDS = 60
MAX_RECORDS = 4
MAX_FIELDS = 8
MAX_TEXT = 60
MAX_TOKENS = 260

INSTRUCTIONS = """You read one chat message a user wrote to their personal assistant. Some messages record a measurement or an activity of a kind people track over time: a run, a workout, a weigh-in, hours slept, pages read, a blood pressure reading, a child's swim time, plants watered, a fuel fill-up, a practice session. List such records as JSON.
Rules:
- collection: when an existing collection is of that kind, its name (and its field names). Otherwise the word of the message that names the kind of record (run, ride, walk, swim, weigh, drills), one of the Kind words listed with the message.
- values: field names in snake_case without units (distance, duration, weight, pages, systolic). Numbers, times and amounts only as ids from the Candidates list (Q1, T1, M1); short words (a route, a title, a plant, a mood) copied exactly from the message.
- date: the id of the day it happened; "today" when it happened today or the message does not say.
- who: only when the record is about someone else, as written ("Lily", "my dad").
- corrects: true only when the message corrects a value the user gave before ("actually it was 81.9, not 82.4").
- Existing collections are listed with each message: reuse one only for the same kind of record.
- Only what happened or was measured. Plans, goals, hopes, questions, advice and small talk give no record. Trips, appointments, medicines, bills, purchases and other money matters are not records here.
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
    kinds: tuple[str, ...] = ()
    """Words of the message that may name a new collection (see :func:`kind_words`)."""

    def ids(self) -> list[str]:
        return [c.id for c in (*self.dates, *self.times, *self.money)] + [q.id for q in self.quantities]

    def block(self) -> str:
        lines = [c.line() for c in (*self.dates, *self.times, *self.money)] + [q.line() for q in self.quantities]
        return "\n".join(lines) if lines else "(none)"


def offer(text: str, session_date: dt.date) -> Offer:
    cands = find_candidates(text, session_date)
    # an amount without a currency ("21k", "a 40") is the money finder's guess: leave it to quantities
    items = [c for c in cands.items if c.kind != "money" or c.currency]
    money = [(c.start, c.end) for c in items if c.kind == "money"]
    # a number with its unit ("1h10", "3.5/5") is a quantity even where a date or clock finder saw one
    measured = [(q.start, q.end) for q in find_quantities(text, money) if q.unit]
    items = [c for c in items if c.kind == "money" or not any(c.start < e and s < c.end for s, e in measured)]
    return Offer(
        text, session_date,
        tuple(c for c in items if c.kind == "date"),
        tuple(c for c in items if c.kind == "time"),
        tuple(c for c in items if c.kind == "money"),
        tuple(find_quantities(text, [(c.start, c.end) for c in items])),
        kind_words(text),
    )


_KIND_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*[A-Za-z]")


@cache
def _not_kinds() -> frozenset[str]:
    words: set[str] = set()
    for line in NOT_KINDS_PATH.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            words.update(line.split())
    return frozenset(words) | frozenset(units())


@cache
def _kind_forms() -> dict[str, str]:
    out: dict[str, str] = {}
    for line in KIND_FORMS_PATH.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            said, kind = line.split("\t")[:2]
            out[said.strip()] = kind.strip()
    return out


_ACRONYM = re.compile(r"\b[A-Z]{2,4}\b")


def kind_words(text: str) -> tuple[str, ...]:
    """The message's words a new collection may be named by, and pairs of them said together
    ("hiragana drills", "rain gauge"), as snake_case: a new kind is named in the user's words,
    never by a name the model brings from elsewhere."""
    from engine.learn.collection import InvalidCollection, check_name

    out: dict[str, None] = {}
    for m in _ACRONYM.finditer(text):  # "BP 128 over 84": a kind said as its letters
        out.setdefault(f"{m.group(0).lower()}_log", None)
    for q in find_quantities(text, []):  # "393 pages", "12 laps": what was counted names a kind too
        unit = units().get(q.unit.lower()) if q.unit else None
        if unit is not None and unit.dimension == unit.name and len(unit.name) >= 3:
            out.setdefault(unit.name, None)
    measured = [(q.start, q.end) for q in find_quantities(text, [])]
    spans = sentences(text)
    spans = [s for s in spans if any(s[0] <= a < s[1] for a, _ in measured)] + [
        s for s in spans if not any(s[0] <= a < s[1] for a, _ in measured)]  # sentences with a number first
    for a, b in spans:
        prev: re.Match[str] | None = None
        for m in _KIND_WORD.finditer(text, a, b):
            word = re.sub(r"['’]s$", "", m.group(0).lower())
            word = _kind_forms().get(word, word)  # "slept" names sleep, "rode" rides
            if word in _not_kinds() or "'" in word or "’" in word or len(word) < 3:
                prev = None
                continue
            names = [word]
            if prev is not None and text[prev.end():m.start()].isspace():
                names.insert(0, f"{re.sub(r'[^a-z]', '', prev.group(0).lower())}_{word}")
            for name in names:
                try:
                    out[check_name(name)] = None
                except InvalidCollection:
                    continue
            prev = m
    return tuple(out)[:MAX_KINDS]


def question(o: Offer, existing: list[str]) -> str:
    lines = [f"Session date: {o.session_date.isoformat()} ({o.session_date.strftime('%a')})"]
    lines.append("Existing collections: " + ("; ".join(existing) if existing else "(none)"))
    lines += [f"Message: {o.text.strip()}", "Kind words: " + (", ".join(o.kinds) or "(none)"),
              "Candidates:", o.block(), "Records:"]
    return "\n".join(lines)


def names_offered(o: Offer, existing: list[str]) -> list[str]:
    """What a record's collection may be called: an existing collection or a kind word of the message."""
    known = [e.split(":", 1)[0].strip() for e in existing]
    return list(dict.fromkeys([*known, *o.kinds]))


def schema(o: Offer, existing: list[str] | None = None) -> dict[str, Any]:
    ids = o.ids()
    text = {"type": "string", "maxLength": MAX_TEXT}
    value: dict[str, Any] = {"anyOf": [{"enum": ids}, text]} if ids else text
    names = names_offered(o, existing or []) if o.kinds else []  # no word to name a kind: free, checked later
    record = {
        "type": "object",
        "properties": {
            "collection": {"enum": names} if names else {"type": "string", "maxLength": 40},
            "date": {"enum": ["today", *(c.id for c in o.dates)]},
            "who": {"type": "string", "maxLength": 30},
            "corrects": {"type": "boolean"},
            "values": {"type": "object", "additionalProperties": value, "maxProperties": MAX_FIELDS},
        },
        "required": ["collection", "date", "values"],
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
    return SchemaRequest(prefix=prefix(), question=question(o, existing), schema=schema(o, existing), max_tokens=MAX_TOKENS)


@cache
def _examples() -> tuple[dict[str, Any], ...]:
    out = []
    for line in EXAMPLES_PATH.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        ex = json.loads(line)
        o = offer(ex["text"], dt.date.fromisoformat(ex["session_date"]))
        surfaces = {c.surface.strip(" .,"): c.id for c in (*o.dates, *o.times, *o.money)}
        surfaces.update({q.surface: q.id for q in o.quantities})
        for rec in ex["records"]:
            if o.kinds and rec["collection"] not in names_offered(o, ex["existing"]):
                raise ValueError(f"learn example: {rec['collection']!r} is neither an existing collection nor a kind word")
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
