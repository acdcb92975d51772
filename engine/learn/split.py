"""Two people's records read as one: the model sometimes puts the values of two people said in one
breath into one record; code parts them by the subject of each value's clause."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from engine.extract.segment import sentences
from engine.learn.verify import Proposed, Value
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
    subjects = {name: subject_of_clause(text, v.start, known) for name, v in measured.items()}
    said_by: dict[str, str] = {}  # whose each value is by its own clause, the user's own included
    for name, v in measured.items():
        said = subjects[name]
        if said is not None and said.startswith("them"):
            said = first_name_before(text, v.start)
        if said is not None and not carer(said, facts, text):
            said_by[name] = said
    inherited = _going_on(measured, subjects, said_by, text)
    owner = {n: s for n, s in {**said_by, **inherited}.items() if not (s == "me" and p.who == "me")}
    people = [person for person in dict.fromkeys(owner.values()) if person.lower() != p.who.lower()]
    if not people:
        return [p]  # every subject found is the record's own person: one record
    if people == ["me"] and p.who.lower() not in {o.lower() for o in owner.values()}:
        return [p]  # "Colder, 12.5°C. I managed a quarter of an hour" read as Gemma's: one record, whose is read later
    words = {name: v for name, v in p.values.items() if name not in measured}
    others = {n for n, person in owner.items() if person in people}
    if len(people) == 1 and others == set(measured) and not inherited:
        return [replace(p, who=people[0])]  # every value is someone else's by its own clause: theirs, words and all
    kept = replace(p, values={**words, **{n: v for n, v in measured.items() if n not in others}})
    out = [kept] if kept.values else []
    # a part split off keeps only its own values: a word said in the first clause would make it that clause's
    out += [replace(p, who=person, corrects=False, values={n: v for n, v in measured.items() if owner.get(n) == person})
            for person in people]
    return out


# "…, and didn't win a thing", "but won £5": a clause joined on without a subject of its own
_JOINED_ON = re.compile(r"\b(?:and|but|then)\s+(?:[\w'’]+\s+){0,3}$", re.I)


def _going_on(measured: dict[str, Value], subjects: dict[str, str | None], said_by: dict[str, str],
              text: str) -> dict[str, str]:
    """Whose each value is whose clause has no subject but is joined on to the clause of the value
    before it in its sentence ("She bought six cards there, and didn't win a thing": hers); a clause
    after a bare comma ("she did 40 lengths, paid £6 for parking") may drop another subject, "I"."""
    spans = sentences(text)
    out: dict[str, str] = {}
    for name, v in measured.items():
        if subjects[name] is not None:
            continue
        sentence = next(((a, b) for a, b in spans if a <= v.start < b), None)
        before = [w for n, w in measured.items() if n in said_by and sentence and sentence[0] <= w.start < v.start]
        if not before:
            continue
        last = max(before, key=lambda w: w.start)
        if last.end <= v.start and _JOINED_ON.search(text[last.end:v.start]):
            out[name] = next(said_by[n] for n, w in measured.items() if w is last)
    return out
