"""Whose record a learned record is: the user's, or someone's in their life.

The model names a person only now and then ("who"), so code reads the clause that holds the
record's values. Its subject decides: "She did an hour and a half yesterday" after "My daughter
Mia..." is Mia's; "Her resting heart rate was 72" after "Visited Gran today" is Gran's; "Arjun got
78 out of 100" is Arjun's; "I ran 5k with Sarah" and "Ran 5k with Sarah" stay the user's. A clause
whose subject is not said ("Pulse was 78", "Took it again yesterday, 68") keeps a collection kept
about one other person theirs when the message speaks of them and says nothing of the user.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from engine.extract.people import find_people, kin
from engine.extract.segment import clauses, sentences
from engine.extract.tables import rows
from engine.learn.collection import LearnedCollection
from engine.log import Fact, NewFact

_FIRST_PERSON = re.compile(r"(?<![\w.])(?:i|i'm|i've|i'd|im|ive|me|myself|my|we|our|us)(?![\w.])", re.I)
_THIRD_PERSON = re.compile(r"\b(?:he|she|his|her|him|he's|she's|they|their|them)\b", re.I)
# words that may open a clause before its subject: "Oh, and then she did..."
_OPENERS = re.compile(
    r"^(?:\s*(?:oh|and|then|also|so|but|well|actually|anyway|hmm+|ok(?:ay)?|right|yes|yeah|hello|hi|hey|plus|"
    r"today|yesterday|this\s+morning|last\s+night|on\s+\w+day)\b[\s,!.—–-]*)*",
    re.I,
)
_LEAD = re.compile(r"(?P<word>[A-Za-z][\w'’]*)(?:\s+(?P<next>[A-Za-z][\w'’]*))?")
_PRONOUN_OTHER = frozenset({"she", "he", "her", "his", "they", "their", "she's", "he's"})
_PRONOUN_ME = frozenset({"i", "i'm", "i've", "i'd", "we", "we've", "we're", "our", "my", "me", "us"})
_NOT_NAMES = frozenset({
    "the", "a", "an", "it", "it's", "its", "this", "that", "there", "these", "those", "what", "which", "who", "when",
    "where", "how", "why", "just", "not", "no", "yes", "all", "both", "each", "every", "some", "one", "total", "only",
})


def _clause_at(text: str, at: int) -> str:
    for c in clauses(text):
        if c.start <= at < max(c.end, c.start + 1):
            return text[c.start:c.end]
    return text


def _sentence_at(text: str, at: int) -> str:
    for a, b in sentences(text):
        if a <= at <= b:
            return text[a:b]
    return text


def _proper_nouns(text: str) -> set[str]:
    """Capitalised words that are names: said capitalised somewhere other than a sentence's start."""
    starts = {a for a, _ in sentences(text)}
    out: set[str] = set()
    for m in re.finditer(r"\b[A-Z][a-z’']+\b", text):
        if m.start() in starts or text[max(0, m.start() - 2):m.start()].rstrip().endswith((".", "!", "?", ":", "—")):
            continue
        out.add(m.group(0).rstrip("'’s").rstrip("'’"))
    return out


def _people_before(text: str, at: int) -> list[str]:
    """People the message names before ``at``, nearest last: a name, or a relation as said ("Gran", "my dad")."""
    found: list[tuple[int, str]] = []
    for m in find_people(text, 0, len(text)):
        if m.start < at:
            name = m.value or m.text
            found.append((m.start, re.sub(r"^(?:my|our)\s+", "", str(name), flags=re.I).strip()))
    return [name for _, name in sorted(found)]


@cache
def _first_names() -> frozenset[str]:
    return frozenset(row[0].lower() for row in rows("first_names.txt"))


def subject_of_clause(text: str, at: int, known: frozenset[str] = frozenset()) -> str | None:
    """The clause's subject when it is said: "me", a person as written, or None (not said).
    ``known``: people the user's records are already about (lower case)."""
    clause = _clause_at(text, at)
    lead = _LEAD.match(clause, _OPENERS.match(clause).end())
    if lead is None:
        return None
    word, following = lead["word"], (lead["next"] or "")
    low = word.lower()
    if low in ("my", "our") and following and kin(following):
        return following  # "my daughter did 30 minutes": hers
    if low in _PRONOUN_ME:
        return "me"
    if low in _PRONOUN_OTHER:
        clause_start = text.find(clause)
        people = _people_before(text, clause_start if clause_start >= 0 else at)
        return people[-1] if people else "them"
    if low.endswith(("'s", "’s")) and word[0].isupper():
        base = word[:-2]
        if base in _proper_nouns(text) or kin(base) or base.lower() in known or base.lower() in _first_names():
            return base  # "Gran's pulse was 78", "Arjun's maths"
        return None
    if word[0].isupper() and low not in _NOT_NAMES and (
            word in _proper_nouns(text) or kin(word) or low in known or low in _first_names()):
        return word  # "Mia practised", "Arjun got 78", "Gran was at 70"
    return None


def whose(coll: LearnedCollection, who: str, facts: Sequence[Fact | NewFact], text: str, start: int) -> str:
    """Whose the record at ``start`` of ``text`` is (``who``: what the model said, "me" when nothing)."""
    if who != "me":
        return who
    known = frozenset(str(f.subject).lower() for f in facts if f.subject and f.subject != "me")
    said = subject_of_clause(text, start, known)
    if said == "them":
        said = _one_other(coll, facts, with_me=True)
    if said is not None and said != "them":
        return said
    sentence = _sentence_at(text, start)
    if _FIRST_PERSON.search(sentence):
        return who
    other = _one_other(coll, facts)
    if other is None:
        return who
    named = re.search(rf"\b{re.escape(other)}\b", text, re.I) is not None
    return other if named or _THIRD_PERSON.search(text) else who


def _one_other(coll: LearnedCollection, facts: Sequence[Fact | NewFact], *, with_me: bool = False) -> str | None:
    """The one other person a collection is kept about, if it is kept about one (``with_me``: the
    user's own records may be among them — "she" in a message naming no one is that person)."""
    subjects = {f.subject for f in facts if f.frame == coll.frame}
    if with_me:
        subjects.discard("me")
    if len(subjects) != 1 or "me" in subjects:
        return None
    return subjects.pop()
