"""The user's project grows with the user: records of kinds no built-in frame covers become typed
collections.

Stages, per user message: ``worth_asking`` (a statement with a measured quantity no built-in
record of this message took, or words of a collection already learned), ``propose`` (the model
names the collection and its fields under a grammar whose values are candidate ids or short
strings), ``verify`` (every value checked against the message; plans and questions dropped),
``own_name`` (a new collection whose name has no word in the message is named again from the
message's words) and ``fill`` (fields matched, units converted, whose record it is, a new or
widened collection logged as a schema fact, one fact per record). Without a model nothing is learned: the sentence stays a note.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from engine.extract.dates import IRREGULAR_PAST, PAST
from engine.extract.reader.candidates import Candidate
from engine.extract.segment import sentences
from engine.extract.unit_price import UNITS
from engine.frames import IMPORT_SCHEMA_FRAME
from engine.learn.collection import (
    LearnedCollection,
    LearnedField,
    learned_collections,
    usable_field_name,
)
from engine.learn.fill import Batch, add, same_kind
from engine.learn.naming import own_amount_name, own_name, stem
from engine.learn.propose import MAX_RECORDS, Offer, offer, request
from engine.learn.quantities import Quantity
from engine.learn.split import split_by_subject
from engine.learn.verify import Checked, Proposed, Value, asked_spans, compared, verify
from engine.learn.vocabulary import recurring_words, says_one
from engine.learn.whose import known_people
from engine.llm.backend import Backend
from engine.log import Fact, NewFact
from models.log import MessageRow

__all__ = ["Learned", "learn_records", "worth_asking"]

_WORD = re.compile(r"[a-z]{4,}")


@dataclass
class Learned:
    facts: list[NewFact] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)
    asked: int = 0


def _held(q: Quantity, records: Sequence[NewFact]) -> bool:
    """Whether a built-in record of the message holds this quantity (a dose, a number of nights, the
    two bottles a purchase's unit price is counted over)."""
    words = re.sub(r"\s+", " ", q.surface.lower())
    if any(f.slots.get("quantity") is not None and Decimal(str(f.slots["quantity"])) == q.value
           and (not q.unit or UNITS.get(q.unit.lower()) == f.slots.get("unit")) for f in records):
        return True
    return any(words in str(v).lower() for f in records for v in f.slots.values() if isinstance(v, str))


def _held_amount(value: Decimal, records: Sequence[NewFact]) -> bool:
    """Whether a built-in record of the message holds this amount (a purchase, a bill, a payment)."""
    for f in records:
        for v in f.slots.values():
            try:
                if Decimal(str(v)) == value:
                    return True
            except (ArithmeticError, ValueError):
                continue
    return False


def worth_asking(o: Offer, records: Sequence[NewFact], known: dict[str, LearnedCollection],
                 tracked: frozenset[str] = frozenset(), told: frozenset[str] = frozenset()) -> bool:
    """A quantity or an amount outside questions that no built-in record of this message holds; or
    a word of a learned collection's name (a kind the user tracks: "watered the ferns"); or a number
    said of someone a learned collection keeps records about (``tracked``: "Jamie paid back 50 on
    Monday" after money lent to Jamie was learned) or with words the collection's records keep being
    told in (``told``: "got trimmed, tipped a fiver" of haircuts), even where a built-in record holds it too."""
    questions = asked_spans(o.text)
    said = [c for c in [*o.quantities, *o.money] if not any(s <= c.start < e for s, e in questions)]
    if said and (tracked and {p.lower() for p in o.people} & tracked or told and says_one(o.text, told)):
        return True
    if any(not any(s <= q.start < e for s, e in questions) and not _held(q, records) for q in o.quantities):
        return True
    spans = sentences(o.text)
    if any(not any(s <= c.start < e for s, e in questions) and not c.note and not _held_amount(Decimal(c.value), records)
           and not _NOT_A_RECORD.search(next((o.text[s:e] for s, e in spans if s <= c.start < e), "")) for c in o.money):
        return True  # "Aoife gave twenty-five euro on Monday": an amount no built-in record took, not a price or a plan
    if any(not any(s <= c.start < e for s, e in questions) and not _held_time(str(c.value), records)
           and _past(next((o.text[s:e] for s, e in spans if s <= c.start < e), ""))
           and not _NOT_A_RECORD.search(next((o.text[s:e] for s, e in spans if s <= c.start < e), "")) for c in o.times):
        return True  # "Dad fell in the garden about quarter past three": a moment something happened, nothing measured
    words = {stem(w) for w in _WORD.findall(o.text.lower())}
    return any(stem(part) in words for c in known.values() if c.state != "refused"
               for part in c.name.split("_") if len(part) >= 4)


def _past(sentence: str) -> bool:
    return PAST.search(sentence) is not None or IRREGULAR_PAST.search(sentence) is not None


def _held_time(value: str, records: Sequence[NewFact]) -> bool:
    """Whether a built-in record of the message holds this clock time (an event, an appointment)."""
    return any(str(v)[:5] == value[:5] for f in records for v in f.slots.values() if v is not None)


def _about(c: LearnedCollection, batch: Batch) -> list[str]:
    """The people other than the user a collection holds records of, the latest first."""
    subjects = [str(f.subject) for f in reversed([*batch.prior, *batch.facts]) if f.frame == c.frame and f.subject]
    return [s for s in dict.fromkeys(subjects) if s != "me"][:3]


def _values(c: LearnedCollection, batch: Batch) -> list[dict[str, Any]]:
    """The values of each record of the collection as it stands (a correction replaces the record's)."""
    current: dict[str, dict[str, Any]] = {}
    for f in [*batch.prior, *batch.facts]:
        if f.frame == c.frame:
            current.setdefault(f.entity_key, {}).update(f.slots)
    return list(current.values())


_ANOTHER = re.compile(r"\b(?:again|another|then|later|also|too|twice|second|as\s+well)\b", re.I)


def joined(records: list[Proposed], text: str = "") -> list[Proposed]:
    """Parts of one record read as two ("a quick 500 one … finished on the 26th, 3 days"): records of one
    collection, person and day whose fields do not overlap are one record, unless the words between them
    tell of another ("3km this morning, and again for 40 mins after tea")."""
    out: list[Proposed] = []
    for p in records:
        into = next((q for q in out if (q.collection, q.who, q.day) == (p.collection, p.who, p.day)
                     and not set(q.values) & set(p.values) and p.values and q.values
                     and not _ANOTHER.search(_between(text, q, p))), None)
        if into is None:
            out.append(p)
        else:
            into.values = {**into.values, **p.values}
            into.corrects = into.corrects or p.corrects
    return out


def with_costs(records: list[Proposed], text: str = "") -> list[Proposed]:
    """What an activity cost read as a record of its own ("£12.75 … and £9.40 on a hot dog" beside a
    film's rating): a record of amounts only joins the one record of the same collection, person and
    day that holds more than amounts, once each amount has its own name, unless the words between tell
    of another. Amounts beside amounts (a sandwich and a coffee) stay records of their own."""
    out: list[Proposed] = []
    costs: list[Proposed] = []
    for p in records:
        (costs if p.values and all(v.kind == "money" for v in p.values.values()) else out).append(p)
    for c in costs:
        same = [q for q in out if (q.collection, q.who, q.day) == (c.collection, c.who, c.day)
                and any(v.kind != "money" for v in q.values.values())]
        if len(same) == 1 and not set(same[0].values) & set(c.values) and not _ANOTHER.search(_between(text, same[0], c)):
            same[0].values = {**same[0].values, **c.values}
            same[0].corrects = same[0].corrects or c.corrects
        else:
            out.append(c)
    return [p for p in records if any(p is q for q in out)]  # in the order read


def _between(text: str, a: Proposed, b: Proposed) -> str:
    """The words between the values of two records (in text order)."""
    spans = sorted([(min(v.start for v in r.values.values()), max(v.end for v in r.values.values())) for r in (a, b)])
    return text[spans[0][1]:spans[1][0]] if spans[0][1] < spans[1][0] else ""


def _read(o: Offer, batch: Batch, backend: Backend, out: Learned) -> Checked:
    about = {c.name: _about(c, batch) for c in batch.collections.values() if c.state != "refused"}
    existing = [batch.collections[name].describe(_values(batch.collections[name], batch))
                + (f" (records about {', '.join(people)})" if people else "") for name, people in about.items()]
    said = {p.lower() for p in o.people}
    known = [p for people in about.values() for p in people if p.lower() not in said]
    o = replace(o, people=(*o.people, *dict.fromkeys(known)))
    raw = backend.propose(request(o, existing))
    out.asked += 1
    checked = verify(raw, o)
    out.rejected += checked.rejected
    return checked


@dataclass
class Renamed:
    """The user's own names chosen for one message's records, asked for once each."""

    collections: dict[str, str] = field(default_factory=dict)
    amounts: dict[tuple[str, int], str] = field(default_factory=dict)


def _named(p: Proposed, batch: Batch, renamed: Renamed, text: str, backend: Backend) -> Proposed:
    """``p`` under the user's own words: its collection (where new) and its amounts. Done before parts
    of one record are joined: "£12.75" and "£9.40" both guessed "price" are a ticket and snacks."""
    kind = same_kind(p.collection, batch.collections, p.values)
    if kind is None:
        if p.collection not in renamed.collections:
            renamed.collections[p.collection] = own_name(p.collection, text, backend, p.span() if p.values else None)
        p.collection = renamed.collections[p.collection]
        renamed.collections.setdefault(p.collection, p.collection)
        kind = same_kind(p.collection, batch.collections, p.values)
    _name_amounts(p, list(kind.fields) if kind else [], renamed, text, backend)
    return p


def _file(p: Proposed, batch: Batch, renamed: Renamed, msg: MessageRow, session_date: dt.date,
          backend: Backend) -> list[NewFact]:
    """File ``p`` (split by whose each part is); the facts it added (records, and a schema where its
    collection is new or widened)."""
    _named(p, batch, renamed, msg.text, backend)
    before = len(batch.facts)
    for part in split_by_subject(p, msg.text, [*batch.prior, *batch.facts]):
        add(batch, part, session_id=msg.session_id, message_id=msg.id, session_date=session_date, text=msg.text)
    return batch.facts[before:]


def _name_amounts(p: Proposed, fields: list[LearnedField], renamed: Renamed, text: str, backend: Backend) -> None:
    """Each amount of ``p`` under the message's own word for it, where the model's name is said
    neither there nor by a field of the collection ("fees" for tips); never a name another of its
    values or a field of another type holds."""
    amounts = [f.name for f in fields if f.kind == "money"]
    others = {f.name for f in fields if f.kind != "money"}
    values: dict[str, Value] = {}
    for name, v in p.values.items():
        if v.kind == "money":
            key = (name, v.start)
            if key not in renamed.amounts:
                beside = [n for n, w in p.values.items() if w.kind == "money" and w is not v]
                renamed.amounts[key] = own_amount_name(name, text[v.start:v.end], (v.start, v.end), text, amounts, backend,
                                                       beside)
            own = usable_field_name(renamed.amounts[key])
            name = own if own and own not in p.values and own not in values and own not in others else name
            renamed.amounts.setdefault((name, v.start), name)  # named once: filing it after joining asks nothing more
        values[name] = v
    p.values = values


# a sentence of aims, habits and hopes: the first reading left its values out for a reason
_NOT_A_RECORD = re.compile(r"\b(?:will|going\s+to|gonna|aim(?:ing)?|hop(?:e|ing)|plan(?:ning)?|want(?:s|ed)?\s+to|target|goal|"
                           r"usually|normally|typically|on\s+average|tomorrow|next\s+(?:week|month|time|year)|should|supposed|"
                           r"at\s+least|up\s+to|max(?:imum)?|limit)\b|'ll\b", re.I)
_REPLACED = re.compile(r"\b(?:not|instead\s+of|rather\s+than)\s+(?:the\s+)?$", re.I)


def _left_out(o: Offer, read: Sequence[Proposed], records: Sequence[NewFact]) -> tuple[int, int] | None:
    """The sentences (with the one before each, which may say whose or when) that hold a measured
    quantity no record took: outside questions, not a built-in record's, not cited by the model's
    first reading. A message telling of several sessions is often read only in part at first."""
    cited = {(v.start, v.end) for p in read for v in p.values.values()}
    questions = asked_spans(o.text)
    spans = sentences(o.text)

    def said_again(q: Quantity) -> bool:
        """"an hour and ten, a whole hour and ten minutes": the same value again in its sentence."""
        here = next(((s, e) for s, e in spans if s <= q.start < e), (q.start, q.end))
        return any(v.kind == "float" and v.value == q.value and v.unit == q.unit and here[0] <= v.start < here[1]
                   for p in read for v in p.values.values())

    def stated(c: Quantity | Candidate) -> bool:
        """Not asked, not a value said instead of another, not in a sentence of aims or habits."""
        return (not any(s <= c.start < e for s, e in questions) and not _REPLACED.search(o.text[:c.start])
                and not _NOT_A_RECORD.search(next((o.text[s:e] for s, e in spans if s <= c.start < e), "")))

    left: list[Quantity | Candidate] = [q for q in o.quantities if q.measured and (q.start, q.end) not in cited
                                        and not _held(q, records) and not said_again(q) and stated(q)]
    # an amount no record took, said beside a record's values ("Ticket was £11.50. Popcorn came to £7.80."),
    # not one said to compare with ("£84.20, up from £71 last quarter")
    near = {i for i, (s, e) in enumerate(spans) for p in read for v in p.values.values() if s <= v.start < e}
    left += [c for c in o.money if (c.start, c.end) not in cited and not c.note and not _held_amount(Decimal(c.value), records)
             and stated(c) and not compared(o.text, c.start, c.end)
             and any(s <= c.start < e and (i in near or i - 1 in near) for i, (s, e) in enumerate(spans))]
    if not left:
        return None
    index = [next(i for i, (s, e) in enumerate(spans) if s <= q.start < max(e, s + 1)) for q in left
             if any(s <= q.start < e for s, e in spans)]
    if not index:
        return None
    first, last = max(0, min(index) - 1), max(index)
    return spans[first][0], spans[last][1]


def _fills_again(name: str, v: Value, r: Proposed) -> bool:
    """Whether the record already holds a value of this name, or of this measure (a second duration)."""
    return any(n == name or (w.kind == v.kind == "float" and v.dimension and w.dimension == v.dimension)
               for n, w in r.values.items())


def _completed(p: Proposed, new: dict[str, Value], first: Sequence[Proposed], batch: Batch) -> Proposed | None:
    """The one first-read record of the same collection, person and day (its own day, or none said)
    that a second reading's values belong to, with them added under names it does not use yet
    ("snacks" beside a ticket's price and rating); None when they are a record of their own (a
    coffee after a parkrun, filed with the coffees)."""
    kind = same_kind(p.collection, batch.collections, p.values)
    same = [r for r in first if r.who == p.who and (r.day == p.day or p.date_span is None)
            and kind is not None and same_kind(r.collection, batch.collections, r.values) is kind]
    if len(same) != 1 or any(_fills_again(name, v, same[0]) for name, v in new.items()):
        return None  # "30 minutes" beside a commute's "58 minutes": another commute, not more of this one
    same[0].values.update(new)
    return same[0]


def learn_records(msgs: Sequence[MessageRow], session_date: dt.date, prior: Sequence[Fact],
                  drafted: Sequence[NewFact], backend: Backend | None) -> Learned:
    """Facts for the records of ``msgs`` that no built-in frame took (``drafted`` are the facts
    extraction made of them). Raises ModelError when the model fails."""
    out = Learned()
    if backend is None or getattr(backend, "propose", None) is None:
        return out
    batch = Batch(learned_collections(prior), prior)
    known = known_people(prior)
    frames = {c.frame for c in batch.collections.values() if c.state != "refused"}
    tracked = frozenset(str(f.subject).lower() for f in prior if f.frame in frames and f.subject and f.subject != "me")
    told = recurring_words(f for f in prior if f.frame in frames)
    for msg in msgs:
        if msg.speaker != "user" or not msg.text.strip():
            continue
        records = [f for f in drafted if f.message_id == msg.id and f.frame != "Note"]
        o = offer(msg.text, session_date, records=True, known=known)
        if not worth_asking(o, records, batch.collections, tracked, told):
            continue
        renamed = Renamed()
        checked = _read(o, batch, backend, out)
        first = joined(checked.records, o.text)
        first = with_costs([_named(p, batch, renamed, msg.text, backend) for p in first], o.text)
        filed = {id(p): _file(p, batch, renamed, msg, session_date, backend) for p in first}
        left = _left_out(o, first, records)
        if first and left is not None and len(first) < MAX_RECORDS:
            cited = {(v.start, v.end) for p in first for v in p.values.values()}
            again = _read(replace(o, focus=left, taken=frozenset(s for s, _ in cited)), batch, backend, out)
            for p in again.records:
                # named once it is known whose values they join: "price" beside a ticket's price names nothing
                new = {k: v for k, v in p.values.items() if v.kind in ("float", "money", "time")
                       and v.start >= left[0] and v.end <= left[1] and (v.start, v.end) not in cited}
                if not new:
                    continue
                target = _completed(p, new, first, batch)
                if target is None:
                    _file(p, batch, renamed, msg, session_date, backend)
                    continue
                # the record is filed again with its new values: its first facts go, and so does the first
                # schema of its collection where filing it again widened that collection
                before = filed[id(target)]
                batch.facts = [f for f in batch.facts if not any(f is g and g.frame != IMPORT_SCHEMA_FRAME for g in before)]
                filed[id(target)] = _file(target, batch, renamed, msg, session_date, backend)
                if any(g.frame == IMPORT_SCHEMA_FRAME for g in filed[id(target)]):
                    batch.facts = [f for f in batch.facts if not any(f is g and g.frame == IMPORT_SCHEMA_FRAME for g in before)]
    out.facts = batch.facts
    out.rejected += batch.rejected
    return out

