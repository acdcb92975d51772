"""Two people's records read as one: the model sometimes puts the values of two people said in one
breath into one record; code parts them by the subject of each value's clause."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.extract.segment import sentences
from engine.learn.verify import Proposed
from engine.learn.whose import carer, first_name_before, subject_of_clause
from engine.log import Fact, NewFact


def split_by_subject(p: Proposed, text: str, facts: Sequence[Fact | NewFact] = ()) -> list[Proposed]:
    """One reading of two people's records ("28:55, position 189. Tom came along and did 24:10, he was
    71st"): the measured values whose clause has someone else as its subject are that person's own
    record, with the words and the day of the first; the rest stay together. Nothing is dropped."""
    known = frozenset(str(f.subject).lower() for f in facts if f.subject and f.subject != "me")
    measured = {name: v for name, v in p.values.items() if v.kind in ("float", "money", "time")}
    if len(measured) < 2:
        return [p]
    owner: dict[str, str] = {}
    for name, v in measured.items():
        said = subject_of_clause(text, v.start, known)
        if said is not None and said.startswith("them"):
            said = first_name_before(text, v.start)
        if said is None or carer(said, facts, text) or (said == "me" and p.who == "me"):
            continue
        owner[name] = said
    for name, v in measured.items():
        if name not in owner and subject_of_clause(text, v.start, known) is None:
            # "She bought six cards there, and didn't win a thing": a clause without a subject goes on
            # with the subject of the one before it in its sentence
            before = [(w.start, owner[n]) for n, w in measured.items() if n in owner and w.start < v.start
                      and _same_sentence(text, w.start, v.start)]
            if before:
                owner[name] = max(before)[1]
    people = [person for person in dict.fromkeys(owner.values()) if person.lower() != p.who.lower()]
    if not people:
        return [p]  # every subject found is the record's own person: one record
    if people == ["me"] and p.who.lower() not in {o.lower() for o in owner.values()}:
        return [p]  # "Colder, 12.5°C. I managed a quarter of an hour" read as Gemma's: one record, whose is read later
    words = {name: v for name, v in p.values.items() if name not in measured}
    others = {n for n, person in owner.items() if person in people}
    if len(people) == 1 and others == set(measured):
        return [replace(p, who=people[0])]  # every value is someone else's: the record is theirs, words and all
    out = [replace(p, values={**words, **{n: v for n, v in measured.items() if n not in others}})]
    # a part split off keeps only its own values: a word said in the first clause would make it that clause's
    out += [replace(p, who=person, corrects=False, values={n: v for n, v in measured.items() if owner.get(n) == person})
            for person in people]
    return out


def _same_sentence(text: str, a: int, b: int) -> bool:
    return any(s <= a and b < e for s, e in sentences(text))
