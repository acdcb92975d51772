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
from dataclasses import dataclass, field
from decimal import Decimal

from engine.extract.segment import sentences
from engine.extract.unit_price import UNITS
from engine.learn.collection import LearnedCollection, learned_collections
from engine.learn.fill import Batch, add, same_kind
from engine.learn.naming import own_name, stem
from engine.learn.propose import Offer, offer, request
from engine.learn.quantities import Quantity
from engine.learn.verify import verify
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


def _questions(text: str) -> list[tuple[int, int]]:
    return [(s, e) for s, e in sentences(text) if text[s:e].rstrip().endswith("?")]


def _held(q: Quantity, records: Sequence[NewFact]) -> bool:
    """Whether a built-in record of the message holds this quantity (a dose, a number of nights, the
    two bottles a purchase's unit price is counted over)."""
    words = re.sub(r"\s+", " ", q.surface.lower())
    if any(f.slots.get("quantity") is not None and Decimal(str(f.slots["quantity"])) == q.value
           and (not q.unit or UNITS.get(q.unit.lower()) == f.slots.get("unit")) for f in records):
        return True
    return any(words in str(v).lower() for f in records for v in f.slots.values() if isinstance(v, str))


def worth_asking(o: Offer, records: Sequence[NewFact], known: dict[str, LearnedCollection]) -> bool:
    """A quantity outside questions that no built-in record of this message holds; or a word of a
    learned collection's name (a kind the user tracks: "watered the ferns")."""
    questions = _questions(o.text)
    if any(not any(s <= q.start < e for s, e in questions) and not _held(q, records) for q in o.quantities):
        return True
    words = {stem(w) for w in _WORD.findall(o.text.lower())}
    return any(stem(part) in words for c in known.values() if c.state != "refused"
               for part in c.name.split("_") if len(part) >= 4)


def learn_records(msgs: Sequence[MessageRow], session_date: dt.date, prior: Sequence[Fact],
                  drafted: Sequence[NewFact], backend: Backend | None) -> Learned:
    """Facts for the records of ``msgs`` that no built-in frame took (``drafted`` are the facts
    extraction made of them). Raises ModelError when the model fails."""
    out = Learned()
    if backend is None or getattr(backend, "propose", None) is None:
        return out
    batch = Batch(learned_collections(prior), prior)
    for msg in msgs:
        if msg.speaker != "user" or not msg.text.strip():
            continue
        records = [f for f in drafted if f.message_id == msg.id and f.frame != "Note"]
        o = offer(msg.text, session_date, records=True)
        if not worth_asking(o, records, batch.collections):
            continue
        existing = [c.describe() for c in batch.collections.values() if c.state != "refused"]
        raw = backend.propose(request(o, existing))
        out.asked += 1
        checked = verify(raw, o)
        out.rejected += checked.rejected
        renamed: dict[str, str] = {}
        for p in checked.records:
            if same_kind(p.collection, batch.collections, p.values) is None:
                if p.collection not in renamed:
                    renamed[p.collection] = own_name(p.collection, msg.text, backend)
                p.collection = renamed[p.collection]
            add(batch, p, session_id=msg.session_id, message_id=msg.id, session_date=session_date, text=msg.text)
    out.facts = batch.facts
    out.rejected += batch.rejected
    return out

