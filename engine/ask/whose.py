"""Whose records a question is about, in a collection kept about more than one person.

A learned collection may hold the user's records and a child's, a partner's, a friend's ("Ben did
10 minutes in the sauna"). Each record keeps whose it is (its subject); the catalog shows it as a
``whose`` field, and a question picks its people: a person named ("How long has Ben spent…",
"Mark's LDL") keeps theirs, one left out ("leaving out Rosie's") drops theirs, one counted in
("Rosie's batch included") keeps everyone's, and a question in the first person that names no one
("What's my average?", "How many coots have I counted?") keeps the user's own. A question naming no one,
or saying "we" and "our", keeps everyone's — or the collection's own person's, where others turn up only
now and then (:func:`main_person`); "between us", "everyone" keep everyone's."""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.ask.catalog import Collection, FieldInfo
from engine.ask.ir import Filter, Query
from engine.state import Record

WHOSE = "whose"
"""The field of a record's person: "me" or the person as the user named them."""

_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|me|my|mine|myself)\b", re.I)
_HOUSEHOLD = re.compile(r"\b(?:we|we've|we're|us|our|ours)\b", re.I)
# the assistant asked to do something, and the user's own keeping of the log: not whose the records are
_ASKING = re.compile(r"\b(?:remind|tell|show|give|help|let)\s+me\b|\bfor\s+me\b|\b(?:can|could|would)\s+you\b|"
                     r"\bi(?:'ve|\s+have)?\s+(?:noted|logged|recorded|written|wrote|tracked|kept|put\s+down|jotted|saved|told\s+you|gave\s+you|given\s+you|sent\s+you)\b",
                     re.I)
_BOTH_OF_US = re.compile(r"\bbetween\s+us\b|\bboth\s+of\s+us\b", re.I)


def _with_me(question: str, person: str) -> bool:
    """"Tomasz and I", "me and Tomasz", "between us": the user with the person named."""
    name = re.escape(person)
    return bool(_BOTH_OF_US.search(question) or re.search(rf"\b{name}\s+and\s+(?:i|me|myself)\b|\b(?:i|me)\s+and\s+{name}\b",
                                                          question, re.I))
_LEFT_OUT = r"(?:leaving\s+out|leave\s+out|not\s+counting|not\s+including|excluding|except(?:\s+for)?|without|apart\s+from|other\s+than|but\s+not)"
_NOT_THEIRS = r"(?:not|rather\s+than|instead\s+of)"
"""Said right before a name: "just mine, not Tom's", "mine rather than Tom's"."""
_COUNTED_IN = r"(?:including|counting|plus|along\s+with|as\s+well\s+as)"


_PLACE_BEFORE = re.compile(r"\b(?:at|to|round|over|in)\s+(?:the\s+)?$", re.I)
_PLACE_AFTER = re.compile(r"\s*(?:[,.;?!]|$)|\s+(?:house|home|flat|place|with|for|this|last|during|when|while|and|or|in|on|at)\b", re.I)


def _their_place(question: str, m: re.Match[str]) -> bool:
    """"At Margaret's", "round Nan's house": where the user was, not the person's own records."""
    return m.group(0).lower().endswith(("'s", "’s")) and bool(_PLACE_BEFORE.search(question[:m.start()])) \
        and bool(_PLACE_AFTER.match(question, m.end()))


def person_field(records: Sequence[Record]) -> FieldInfo | None:
    """The ``whose`` field of a collection whose records are about more than one person."""
    people = sorted({r.subject or "me" for r in records})
    return FieldInfo(WHOSE, "person", "whose person who", people) if len(people) > 1 else None


def whose_filters(question: str, coll: Collection, query: Query) -> list[Filter]:
    """The condition on whose records the question is about (none when it is about everyone's)."""
    info = coll.fields.get(WHOSE)
    if info is None or any(f.field == WHOSE for f in query.filters):
        return []
    kept: list[str] = []
    dropped: list[str] = []
    for person in (p for p in info.values if p != "me"):
        name = rf"{re.escape(person)}(?:['’]s?)?"
        said = [m for m in re.finditer(rf"\b{name}(?!\w)", question, re.I) if not _their_place(question, m)]
        if not said:
            continue
        if re.search(rf"\b{_LEFT_OUT}\s+(?:\w+\s+){{0,2}}?{name}(?!\w)|\b{_NOT_THEIRS}\s+{name}(?!\w)", question, re.I):
            dropped.append(person)
        elif re.search(rf"\b{_COUNTED_IN}\s+(?:\w+\s+){{0,2}}?{name}(?!\w)|\b{name}\s+(?:\w+\s+)?(?:included|too|as\s+well)\b",
                       question, re.I):
            return []  # "Rosie's batch included": everyone's
        else:
            kept.append(person)
    if kept and "me" in info.values and any(_with_me(question, person) for person in kept):
        kept.append("me")  # "how many kilos did Tomasz and I pick between us": both people's
    if kept:
        return [Filter(WHOSE, "eq", kept[0])] if len(kept) == 1 else [Filter(WHOSE, "one_of", tuple(kept))]
    if dropped:
        return [Filter(WHOSE, "ne", person) for person in dropped]
    if _EVERYONE.search(question):
        return []
    if _HOUSEHOLD.search(question) or not _FIRST_PERSON.search(_ASKING.sub(" ", question)):
        pronoun = _THIRD_PERSON.search(question)
        main = main_person(coll.records, others="" if pronoun is None else _PRONOUN_GENDER.get(pronoun.group(0).lower(), "any"))
        return [] if main is None else [Filter(WHOSE, "eq", main)]
    return [Filter(WHOSE, "eq", "me")]


_THIRD_PERSON = re.compile(r"\b(?:he|she|they|him|her|his|hers|them|their|he's|she's|they've)\b", re.I)
_PRONOUN_GENDER = {"he": "m", "him": "m", "his": "m", "he's": "m", "she": "f", "her": "f", "hers": "f", "she's": "f"}


_EVERYONE = re.compile(rf"\b(?:everyone|everybody|all\s+of\s+us|the\s+family)\b|{_BOTH_OF_US.pattern}|\b(?:we|us)\b.*\btogether\b", re.I)
"""Everyone's records said outright ("between us", "did we pick together"); "May and June combined" joins periods, not people."""


def main_person(records: Sequence[Record], *, others: str = "") -> str | None:
    """The person a collection is kept about, where others only turn up now and then (the neighbour's
    seven eggs beside the user's dozen records, a friend's one catch beside Dad's): a question naming
    no one ("what's the biggest fish he's had", "how many eggs have the girls laid") means theirs.
    ``others``: the question says "he" ("m"), "she" ("f") or "they" ("any"); where the user's records
    lead, the one other person a relation shows to be "he" or "she" ("how many did he smoke": Dad's)."""
    from engine.learn.whose import kin_gender

    counts: dict[str, int] = {}
    for r in records:
        counts[r.subject or "me"] = counts.get(r.subject or "me", 0) + 1
    if others in ("m", "f"):
        fits = [p for p in counts if p != "me" and kin_gender(p) == others]
        if len(fits) == 1 and max(counts, key=lambda p: counts[p]) == "me":
            return fits[0]
    if others and max(counts, key=lambda p: counts[p]) == "me":
        return None  # "he", "she" or "they" is not the user: no one's records are picked
    if len(counts) < 2:
        return None
    main, most = max(counts.items(), key=lambda kv: kv[1])
    rest = [n for p, n in counts.items() if p != main]
    return main if most >= 4 and most >= 0.8 * sum(counts.values()) and max(rest) <= 2 else None


MORE_WORDS = r"(?:more|longer|further|farther|higher|bigger|heavier|greater)"
LESS_WORDS = r"(?:less|fewer|shorter|lower|smaller|lighter)"
"""The words of "how much more … than" and "how many fewer … than": one side set against another."""
_ME = re.compile(r"\b(?:i|me|my|mine|myself)\b", re.I)


_BEATEN = re.compile(r"\bby\s+how\s+(?:much|many|far|long)\b()(.*?)\b(?:beat|beaten|beats|outscored?|outran|outscoring|"
                     r"lose\s+to|lost\s+to|win\s+against|won\s+against)\b(.*)$", re.I)
""""By how many frames did Grandpa beat me": a margin between two people (its size: see ``Query.margin``)."""


def beaten(question: str) -> bool:
    """The question asks for a winning margin, answered without its sign."""
    return _BEATEN.search(question) is not None


def compared_people(question: str, coll: Collection) -> tuple[str, str] | None:
    """The two people a question sets against each other, the one with more first ("how much more
    honey did Mabel produce than Hilda?", "how many fewer jars did Rosie make than I did?": mine,
    then Rosie's); the user is "me" where the question speaks in the first person."""
    info = coll.fields.get(WHOSE)
    if info is None:
        return None
    m = re.search(rf"\bhow\s+(?:much|many|far)\s+(?:[a-z]+\s+)?(?:({MORE_WORDS})|{LESS_WORDS})\b(.*?)\bthan\b(.*)$", question, re.I) \
        or _BEATEN.search(question)
    if m is None or m.re is not _BEATEN and re.match(r"\s*(?:i|me)\s+(?!did|do|have|had|was|got)[a-z]+", m.group(3), re.I):
        return None  # "how many more … than I expected": no second person
    sides: list[list[str]] = [[], []]
    for p in (p for p in info.values if p != "me"):
        hit = re.search(rf"\b{re.escape(p)}(?:['’]s?)?(?!\w)", question, re.I)
        if hit:
            sides[hit.start() >= m.start(3)].append(p)
    said_me = (_ME.search(_ASKING.sub(" ", question[:m.start(3)])), re.match(r"\s*(?:i|me|mine|myself)\b", question[m.start(3):], re.I))
    for i, hit in enumerate(said_me):  # "than my sister" is not "than me"
        if not sides[i] and "me" in info.values and hit:
            sides[i].append("me")
    if len(sides[0]) != 1 or len(sides[1]) != 1 or sides[0] == sides[1] or any(
            side[0] != "me" and re.search(r"\b(?:and\s+(?:i|me)|(?:i|me)\s+and)\b", part, re.I)
            for side, part in zip(sides, (question[:m.start(3)], question[m.start(3):]), strict=True)):
        return None  # "how much more did Tomasz and I pick than Rosie": two people on one side
    first, second = sides[0][0], sides[1][0]
    return (first, second) if m.group(1) else (second, first)


def compare_people(query: Query, pair: tuple[str, str]) -> bool:
    """Make ``query`` (a total, an average, a count or a best) the first person's minus the second's
    ("how much higher is Grandpa's best break than mine": his largest minus mine)."""
    if query.aggregate in ("argmax", "argmin") and query.measure and query.target in (None, query.measure):
        query.aggregate, query.target = ("max" if query.aggregate == "argmax" else "min"), None
    if query.aggregate not in ("sum", "avg", "count", "max", "min", "median") or query.periods:
        return False
    query.metric, query.aggregate = query.aggregate, "trend"
    query.periods = [[Filter(WHOSE, "eq", pair[1])], [Filter(WHOSE, "eq", pair[0])]]
    query.filters = [f for f in query.filters if f.field != WHOSE]
    return True
