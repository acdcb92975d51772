"""A synthetic log for the scale benchmarks: facts over every frame with plausible typed values,
stored through the real log API in sessions, and corrections that supersede them."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import replace
from decimal import Decimal
from typing import Any

from engine.frames import FRAMES, FRAMES_BY_NAME, Frame, Slot
from engine.log import Fact, LogStore, NewFact

SESSION_FACTS = 50  # facts per synthetic session
WORDS = ("north", "river", "cedar", "harbor", "maple", "summit", "violet", "amber", "quartz", "willow")
BASE_DAY = dt.date(2024, 1, 1)


def _value(slot: Slot, i: int, rnd: random.Random) -> Any:
    """A plausible JSON value for a slot, as extraction would store it."""
    if slot.kind == "date":
        return (BASE_DAY + dt.timedelta(days=rnd.randrange(0, 900))).isoformat()
    if slot.kind == "money":
        return str(Decimal(rnd.randrange(100, 500_000)) / 100)
    if slot.kind == "int":
        return rnd.randrange(1, 99)
    if slot.kind == "enum":
        return slot.choices[i % len(slot.choices)]
    if slot.kind == "list":
        return [f"{rnd.choice(WORDS).title()} {i % 97}"]
    if slot.name == "currency":
        return rnd.choice(("USD", "EUR", "GBP", "JPY"))
    if slot.name == "country":
        return rnd.choice(("US", "FR", "JP", "DE", "BR", "IN", "GB", "MX"))
    return f"{rnd.choice(WORDS)} {slot.name} {i}"


def synthetic_facts(n: int, seed: int = 7) -> list[NewFact]:
    """``n`` facts over every frame but notes, about three facts per entity, in session order."""
    rnd = random.Random(seed)
    frames: list[Frame] = [f for f in FRAMES if f.domain != "notes"]
    out: list[NewFact] = []
    for i in range(n):
        fr = frames[i % len(frames)]
        entity = (i // len(frames)) // 3  # the same entity is mentioned again in later sessions
        slots = {s.name: _value(s, entity, rnd) for s in fr.slots if rnd.random() < 0.7}
        day = BASE_DAY + dt.timedelta(days=i // SESSION_FACTS)
        out.append(NewFact(
            session_id=f"s{i // SESSION_FACTS:05d}", message_id=None, session_date=day, domain=fr.domain,
            frame=fr.name, entity_key=f"{fr.name.lower()}:{entity}", slots=slots,
            evidence=f"synthetic fact {i}", subject="me" if i % 5 else "Ana",
        ))
    return out


def corrections(facts: list[Fact], k: int, round_no: int, rnd: random.Random, domain: str | None = None) -> list[NewFact]:
    """``k`` corrections of random earlier facts (of one domain, if given), each superseding the
    fact it corrects."""
    out: list[NewFact] = []
    pool = [f for f in facts if domain is None or f.domain == domain]
    for old in rnd.sample(pool, k):
        fr = FRAMES_BY_NAME[old.frame]
        slot = rnd.choice(fr.slots)
        slots = dict(old.slots, **{slot.name: _value(slot, old.id + round_no, rnd)})
        out.append(NewFact(
            session_id=f"fix{round_no}", message_id=None, session_date=old.session_date + dt.timedelta(days=1),
            domain=old.domain, frame=old.frame, entity_key=old.entity_key, slots=slots, subject=old.subject,
            evidence=f"correction {round_no}", op="correct", supersedes=(old.id,),
        ))
    return out


def in_session(store: LogStore, batch: list[NewFact]) -> list[NewFact]:
    """Store the session the batch came from (one user message) and point the facts at it."""
    sid, (mid,) = store.add_session([("user", " ".join(f.evidence for f in batch))], batch[0].session_date,
                                     session_id=batch[0].session_id, source="bench")
    return [replace(f, message_id=mid) for f in batch]


def log_synthetic(store: LogStore, n: int) -> None:
    """Append ``n`` synthetic facts to a real log, one session per SESSION_FACTS facts."""
    new = synthetic_facts(n)
    for start in range(0, len(new), SESSION_FACTS):
        store.add_facts(in_session(store, new[start : start + SESSION_FACTS]))
