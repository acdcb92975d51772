"""Whose record a learned record is: the user's, or someone's in their life.

The model names a person only now and then ("who"), so code reads the clause that holds the
record's values. Its subject decides: "She did an hour and a half yesterday" after "My daughter
Mia..." is Mia's; "Her resting heart rate was 72" after "Visited Gran today" is Gran's; "Arjun got
78 out of 100" is Arjun's; "I ran 5k with Sarah" and "Ran 5k with Sarah" stay the user's. A clause
whose subject is not said ("Pulse was 78", "Took it again yesterday, 68") keeps a collection kept
about one other person theirs when the message speaks of them and says nothing of the user.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from functools import cache, lru_cache

from engine.extract.dates import IRREGULAR_PAST, PART_EDGE
from engine.extract.numbers import NUMBER_WORD
from engine.extract.people import CARERS, RELATIONS, find_people, kin, place_or_org, relation_of
from engine.extract.segment import clauses, sentences, sentences_around
from engine.extract.tables import rows
from engine.learn.collection import LearnedCollection
from engine.log import Fact, NewFact

_FIRST_PERSON = re.compile(r"(?<![\w.])(?:i|i'm|i've|i'd|im|ive|me|myself|my|we|our|us)(?![\w.])", re.I)
_I_OR_ME = re.compile(r"(?<![\w.])(?:i|i'm|i've|i'd|im|ive|me|myself)(?![\w.])", re.I)
"""The user alone ("took me 14 minutes"), not "we were all so proud" nor "my ears are ringing"."""
_THIRD_PERSON = re.compile(r"\b(?:he|she|his|her|him|he's|she's|they|their|them)\b", re.I)
_HEDGE_WORDS = r"i\s+(?:think|reckon|guess|believe)|i['’]m\s+(?:pretty\s+)?sure"
# words that may open a clause before its subject: "Oh, and then she did..."
_OPENERS = re.compile(
    r"^\s*(?:\s*(?:oh|and|then|also|so|but|well|actually|anyway|hmm+|ok(?:ay)?|right|yes|yeah|hello|hi|hey|plus|"
    rf"{_HEDGE_WORDS}|pretty\s+sure|probably|maybe|apparently|"
    r"today|yesterday|tonight|this\s+(?:morning|afternoon|evening)|last\s+night|(?:on\s+|last\s+|that\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b[\s,!.—–-]*)*",
    re.I,
)
_HEDGE = re.compile(rf"\b(?:{_HEDGE_WORDS})\b", re.I)
"""The user's hedge on a value ("I think it was 17"): the user says how sure they are, not that they did it."""


def _first_person(words: str) -> bool:
    """The user speaks of themselves in ``words``, beyond a hedge on a value ("I think it was 17")."""
    return _FIRST_PERSON.search(_HEDGE.sub(" ", words)) is not None


_LEAD = re.compile(r"(?P<word>[A-Za-z][\w'’]*)(?:\s+(?P<next>[A-Za-z][\w'’]*))?")
_PRONOUN_OTHER = frozenset({"she", "he", "her", "his", "they", "their", "she's", "he's"})
_PRONOUN_ME = frozenset({"i", "i'm", "i've", "i'd", "we", "we've", "we're", "our", "my", "me", "us"})
_NOT_NAMES = frozenset({
    "the", "a", "an", "it", "it's", "its", "this", "that", "there", "these", "those", "what", "which", "who", "when",
    "where", "how", "why", "just", "not", "no", "yes", "all", "both", "each", "every", "some", "one", "total", "only",
})


def _clause_span(text: str, at: int) -> tuple[int, str]:
    for c in clauses(text):
        if c.start <= at < max(c.end, c.start + 1):
            return c.start, text[c.start:c.end]
    return 0, text


def _sentence_at(text: str, at: int) -> str:
    for a, b in sentences(text):
        if a <= at <= b:
            return text[a:b]
    return text


@lru_cache(maxsize=512)
def _proper_nouns(text: str) -> frozenset[str]:
    """Capitalised words that are names: said capitalised somewhere other than a sentence's start."""
    starts = {a for a, _ in sentences(text)}
    out: set[str] = set()
    for m in re.finditer(r"\b[A-Z][a-z’']+\b", text):
        if m.start() in starts or text[max(0, m.start() - 2):m.start()].rstrip().endswith((".", "!", "?", ":", "—")):
            continue
        out.add(re.sub(r"['’]s?$", "", m.group(0)))
    return frozenset(out)


def _people_before(text: str, at: int) -> list[str]:
    """People the message names before ``at``, nearest last: a name, or a relation as said ("Gran", "my dad")."""
    found: list[tuple[int, str]] = []
    for m in find_people(text, 0, len(text)):
        if m.start < at:
            name = m.value or m.text
            found.append((m.start, re.sub(r"^(?:my|our)\s+", "", str(name), flags=re.I).strip()))
    return [name for _, name in sorted(found)]


@cache
def first_names() -> frozenset[str]:
    return frozenset(row[0].lower() for row in rows("first_names.txt"))


# a word that can follow a subject as its verb: "-ed", an auxiliary or a common irregular past
_VERBISH = re.compile(r"^(?:\w+ed|is|was|were|has|had|did|does|got|gets|scored|hit|ran|swam|rode|ate|drank|slept|won|lost|"
                      r"went|came|gave|made|took|sat|kept|managed|reached|weighs|weighed|measured|read|practi[cs]ed|walked)$", re.I)
_MALE = frozenset({"father", "son", "husband", "brother", "grandfather", "uncle", "boyfriend", "nephew", "stepfather",
                   "stepson", "fiance", "he", "his", "him"})
_FEMALE = frozenset({"mother", "daughter", "wife", "sister", "grandmother", "aunt", "girlfriend", "niece", "stepmother",
                     "stepdaughter", "fiancee", "she", "her"})
_MONTHS_DAYS = frozenset(w.lower() for w in (*calendar.month_name[1:], *calendar.day_name, "today", "tomorrow", "yesterday"))


def _possessor(word: str) -> str | None:
    m = re.fullmatch(r"(.+?)['’]s", word)
    return m.group(1) if m else None


def _person_word(word: str, following: str, text: str, known: frozenset[str]) -> bool:
    """A capitalised word that names a person here: someone the records are already about, a kin
    word ("Gran"), or a first name followed by a verb ("Arjun got")."""
    low = word.lower()
    if low in _NOT_NAMES or low in _MONTHS_DAYS:
        return False
    if low in known or kin(word):
        return True
    if low in _NAMES_THAT_ARE_WORDS and word not in _proper_nouns(text):
        return False  # "Bill came to £62", "Will do": a word at a sentence's start, unless the message names them elsewhere
    acts = bool(_VERBISH.match(following) or IRREGULAR_PAST.fullmatch(following))
    return acts and (low in first_names() or following.lower() not in _BEING and _named_doer(word, text))  # not "Piranesi is 272 pages"


_BEING = frozenset({"is", "was", "were"})
"""Verbs a thing has as often as a person ("Piranesi is 272 pages", "Biscuit was sick"): no sign of a name."""


def _named_doer(word: str, text: str) -> bool:
    """A name no list holds ("Dev", "Aoife"), doing something: said capitalised mid-sentence, spoken of
    as "he" or "she" after it, and no place or organisation ("so Dev went round… he says", not "then
    Zwift crashed", "Wordle took me 12 minutes")."""
    after = text[text.find(word) + len(word):]
    return word in _proper_nouns(text) and not kin(word) and _PERSONAL.search(after) is not None and not place_or_org(word)


_NAMES_THAT_ARE_WORDS = frozenset({"bill", "will", "mark", "rose", "june", "grace", "may", "april", "hope", "joy", "pat", "sue", "bob"})
"""First names that are also everyday words: a name only where the message names them mid-sentence too."""


# "his little sister Ada", "her brother": someone named by their relation to a person said before
_THEIR_KIN = re.compile(r"(?i:(?:his|her|their)\s+(?:(?:little|big|baby|younger|older|eldest|youngest|twin|step)\s+)?"
                        r"(?P<kin>[a-z]+))(?:\s+(?P<name>[A-Z][a-z’']+))?")


_TITLES = frozenset({"dr", "mr", "mrs", "ms", "miss", "mx", "prof", "sir", "year", "grade", "class", "form", "team"})


def _a_name(word: str) -> bool:
    """A capitalised word after a relation that is their name ("my son Leo"), not a title or a school year."""
    low = word.lower()
    return bool(word) and low not in _NOT_NAMES and low not in _MONTHS_DAYS and low not in _TITLES


# "Gemma, who dragged me there, did 35": the words between the commas say more of the subject, not what it did
_APPOSITIVE = re.compile(r"(?P<name>[A-Z][\w'’]*)\s*,\s*(?:who|whose)\b[^,.;!?]*,\s*")


def _lead(part: str, text: str, at: int, known: frozenset[str]) -> str | None:
    opened = _OPENERS.match(part).end()
    aside = _APPOSITIVE.match(part, opened)
    if aside is not None:
        part = part[:opened] + aside["name"] + " " + part[aside.end():]
    lead = _LEAD.match(part, opened)
    if lead is None:
        return None
    word, following = lead["word"], (lead["next"] or "")
    low = word.lower()
    related = _THEIR_KIN.match(part, opened)
    if related is not None and kin(related["kin"]):
        name = re.sub(r"['’]s$", "", related["name"] or "")
        return name if _a_name(name) else related["kin"]
    owner = _possessor(following) if low in ("my", "our") else None
    if low in ("my", "our") and (kin(following) or (owner and kin(owner))):
        named = re.match(r"\s*(?P<name>[A-Z][a-z’']+)", part[lead.end():]) if not owner else None
        if named and _a_name(re.sub(r"['’]s$", "", named["name"])):
            return re.sub(r"['’]s$", "", named["name"])  # "my daughter Rosie made her own batch": Rosie's
        return owner or following  # "my daughter did 30 minutes", "my dad's pulse was 80": theirs
    if low in ("my", "our") and following[:1].isupper() and following.lower() in first_names() and _a_name(following):
        return following  # "our Chloe is 13 and hers was 8h20": a family member by name
    low = _OWN.get(low, low)
    if low in _PRONOUN_ME:
        return "me"
    if low in _PRONOUN_OTHER:
        return _pronoun(low, text, at)
    owner = _possessor(word)
    if owner and word[0].isupper() and owner.lower() not in _MONTHS_DAYS and (
            owner.lower() in known or kin(owner) or owner in _proper_nouns(text) or owner.lower() in first_names()):
        return owner  # "Gran's pulse was 78", "Arjun's maths"
    if word[0].isupper() and not owner and _person_word(word, following, text, known):
        return word  # "Mia practised", "Arjun got 78", "Gran was at 70"
    return None


def _pronoun(pronoun: str, text: str, at: int) -> str:
    """The person a pronoun points back to: the nearest one named before it whose relation does not
    say otherwise ("Drove Dad to the clinic, Mum came too. His BP..." is Dad's); "them" if none."""
    male = pronoun in _MALE
    female = pronoun in _FEMALE
    for m in sorted((m for m in find_people(text, 0, len(text)) if m.start < at), key=lambda m: m.start, reverse=True):
        relation = str(m.attrs.get("relation") or "")
        if (male and relation in _FEMALE) or (female and relation in _MALE):
            continue
        return re.sub(r"^(?:my|our)\s+", "", str(m.value or m.text), flags=re.I).strip()
    return "them/m" if male else "them/f" if female else "them"


def first_name_before(text: str, at: int) -> str | None:
    """The nearest capitalised first name before ``at`` ("Isla's come down with something"); a word
    opening a sentence only when it owns something or does something ("Will do." is not Will)."""
    starts = {a for a, _ in sentences(text)}
    for m in reversed(list(re.finditer(r"\b[A-Z][a-z]+\b", text[:at]))):
        if _a_first_name(text, m, starts):
            return m.group(0)
    return None


def _a_first_name(text: str, m: re.Match[str], starts: set[int]) -> bool:
    """A capitalised word said as a first name: one opening a sentence only when it owns something
    or does something ("Isla's come down", "Dan did"; not "Will do."); a name no list holds only
    when it does something (see :func:`_named_doer`)."""
    low = m.group(0).lower()
    if low in _NOT_NAMES | _MONTHS_DAYS:
        return False
    after = _LEAD.match(text, m.end() + 1)
    following = after["word"] if after is not None and text[m.end():m.end() + 1] == " " else ""
    if low not in first_names():
        return _person_word(m.group(0), following, text, frozenset())
    if m.start() not in starts:
        return True
    return text[m.end():m.end() + 2] in ("'s", "’s") or bool(_VERBISH.match(following))


_HOUSEHOLD = re.compile(r"\b(?:the|our|my)\s+(?P<who>baby|babies|twins|kids|children|toddler|dog|cat|puppy|kitten|pony|horse)\b", re.I)
"""Whom a household speaks of without a name or a relation."""


_POSSESSED_NAME = re.compile(
    r"\b(?:[Oo]ur|[Mm]y|[Hh]is|[Hh]er|[Tt]heir)\s+(?:(?:little|big|older|younger|baby|eldest|youngest|middle|twin|new)\s+)?"
    r"(?:(?P<rel>[a-z]+)\s+)?(?P<name>[A-Z][a-z]+)\b(?!\s+[A-Z])")
"""A name said with a possessive: "his little brother Ted", "our Chloe did"."""


def _possessed_names(text: str) -> list[tuple[int, str]]:
    """Names said after "my/our/his/her" and a relation word ("his little brother Ted"); a thing owned
    ("my Garmin", "our Tesla") is no one."""
    out = []
    for m in _POSSESSED_NAME.finditer(text):
        name, rel = m["name"], m["rel"]
        low = name.lower()
        if low in _NOT_NAMES | _MONTHS_DAYS or kin(name):
            continue
        if rel is not None and (kin(rel) or relation_of(rel) in CARERS):
            out.append((m.start("name"), name))  # a known first name alone ("our Chloe") people_said finds as one
    return out


def known_people(prior: Sequence[Fact], limit: int = 400) -> tuple[str, ...]:
    """People earlier messages named (a son introduced weeks before his first score) and whom earlier
    records were about: offered again where a later message says their name."""
    found: dict[str, str] = {}
    for f in list(prior)[-limit:]:
        if f.subject and f.subject.lower() not in ("me", "") and f.subject[:1].isupper():
            found.setdefault(f.subject.lower(), f.subject)
        if f.frame == "Person" and isinstance(f.slots.get("name"), str):
            found.setdefault(f.slots["name"].lower(), f.slots["name"])
        text = f.slots.get("text") if f.frame == "Note" else None
        for _, name in _possessed_names(text if isinstance(text, str) else f.evidence or ""):
            found.setdefault(name.lower(), name)
    return tuple(found.values())


def people_said(text: str, known: Sequence[str] = ()) -> tuple[str, ...]:
    """The people a message names, as written, in order: a relation ("mum", "Gran"), a relation's name
    ("my daughter Rosie": Rosie), a first name said as one ("Isla's bottles", "Dan did the 10am one";
    not "Will do."), a name said with a possessive ("his little brother Ted"), or a name ``known``
    from earlier messages. What the model may choose as whose a record is."""
    found: list[tuple[int, str]] = _possessed_names(text)
    for name in known:
        hit = re.search(rf"\b{re.escape(name)}\b(?!-)", text)
        if hit is not None:
            found.append((hit.start(), name))
    holiday = re.compile(r"['’]s\s+Day\b", re.I)  # "Father's Day" names no one
    for m in find_people(text, 0, len(text)):
        if not holiday.match(text, m.end):
            found.append((m.start, re.sub(r"^(?:my|our)\s+", "", str(m.value or m.text), flags=re.I).strip()))
    starts = {a for a, _ in sentences(text)}
    for m in re.finditer(r"\b[A-Z][a-z]+\b", text):
        low = m.group(0).lower()
        if kin(m.group(0)) and low not in _NOT_NAMES:
            if not holiday.match(text, m.end()):
                found.append((m.start(), m.group(0)))  # "Took Grandad round the park", "Mum's eggs"
            continue
        if _a_first_name(text, m, starts):
            found.append((m.start(), m.group(0)))
    for m in _HOUSEHOLD.finditer(text):
        found.append((m.start(), m.group("who").lower()))  # "the baby had 120ml", "our dog walked 3 miles"
    out: dict[str, str] = {}
    for _, name in sorted(found):
        if name and name.lower() not in _PRONOUN_ME | _PRONOUN_OTHER:
            out.setdefault(name.lower(), name)
    return tuple(out.values())


_SUBJECT_PRONOUN = re.compile(r"\b(?:i|we|he|she|they)\b(?!['’](?:s|d)\b)|(?<!\bof\s)\b(?:mine|ours|hers|his|theirs)(?=\s+(?:was|is|were|came|got|went|did)\b)", re.I)
"""A subject pronoun, or a possessive one standing for the thing measured ("his was 2h40", "mine was 3h50")."""
_OWN = {"mine": "i", "ours": "we", "hers": "she", "his": "he", "theirs": "they"}


def subject_of_clause(text: str, at: int, known: frozenset[str] = frozenset()) -> str | None:
    """As :func:`_subject_of_clause`; and when the clause opens with words before its subject ("At
    about 7 last night she was 38.6"), the subject pronoun nearest before the value."""
    said = _subject_of_clause(text, at, known)
    if said is not None:
        return said
    clause_start, clause = _clause_span(text, at)
    before = _HEDGE.sub(lambda m: " " * len(m.group(0)), clause[:max(0, at - clause_start)])
    found = list(_SUBJECT_PRONOUN.finditer(before))
    if not found:
        return None
    low = found[-1].group(0).lower()  # the nearest: "Once she was in bed I did 30 minutes" is mine
    low = _OWN.get(low, low)
    return "me" if low in ("i", "we") else _pronoun(low, text, at)


def _subject_of_clause(text: str, at: int, known: frozenset[str] = frozenset()) -> str | None:
    """The subject of the words that hold the value at ``at``, when it is said: "me", a person as
    written, "them" (a pronoun with no one named before it; "them/m" and "them/f" for he and she), or None. The part of the clause around
    the value decides ("Sarah's party last night so only 20 minutes of practice": not Sarah's;
    "She did 30 minutes, I did 25": the 25 is the user's); when that part has no subject, the
    clause's own subject does, unless it only owns something else ("Sarah's party")."""
    clause_start, clause = _clause_span(text, at)
    rel = at - clause_start
    marks = [m for m in PART_EDGE.finditer(clause) if m.end() <= rel]
    edges = [m.end() for m in marks]
    part_start = max(edges, default=0)
    said = _lead(clause[part_start:], text, at, known)
    if said is not None or part_start == 0:
        return said
    for crossed, edge in zip(reversed(marks), [m.end() for m in reversed(marks[:-1])] + [0], strict=True):
        # the nearest part before that says who did something ("so Dev went round, just once, one pouch",
        # "Dev did yesterday for me: two visits"), back over punctuation only: "Sarah came over for tea,
        # then 30 minutes of piano" is another thing done. One led by an owner ("Sarah's party last night,
        # so only 20 minutes") or a pronoun decides nothing.
        if crossed.group(0).strip().isalpha():
            break
        part = clause[edge:]
        lead = _LEAD.match(part, _OPENERS.match(part).end())
        if lead is None or _possessor(lead["word"]) or lead["word"].lower() in _PRONOUN_OTHER or clause[edge - 1:edge] == "(":
            continue  # "Dan (my husband) says his was 2h40": an aside in brackets is no part of its own
        earlier = _lead(part, text, at, known)
        if earlier is not None and not earlier.startswith("them"):
            return earlier
    lead = _LEAD.match(clause, _OPENERS.match(clause).end())
    if lead is None or _possessor(lead["word"]):
        return None
    low = lead["word"].lower()
    said = _lead(clause, text, at, known)
    if said == "me" or (said or "").startswith("them") or low in _PRONOUN_OTHER or low in known or kin(lead["word"]) or low in first_names() \
            or low in ("my", "our"):
        return said  # "Arjun got his result today, 78 out of 100": the sentence's subject owns the bare value
    return None  # "Lisbon was amazing, walked 12 km": a place, not whose the walk is


def whose(coll: LearnedCollection, who: str, facts: Sequence[Fact | NewFact], text: str, start: int,
          parts: Sequence[str] = (), *, end: int | None = None) -> str:
    """Whose the record with values from ``start`` to ``end`` of ``text`` is (``who``: what the
    model chose, "me" when nothing). The model's person stands when the record's sentences or the
    one before them name them, when the records already hold them and no one else is the subject
    of the record's clause ("I did that one", a feed of the baby's), or nothing there says otherwise; a first person or someone else as
    the subject there lets code read it ("Dan had Maria on Tuesday... Then last Saturday we got a
    date night": the second record is not Dan's). ``parts``: the record's words, where the
    model put the people who only took part in it (the student the user taught, the sitter they
    paid, a donor to their page): not whose it is."""
    known = frozenset(str(f.subject).lower() for f in facts if f.subject and f.subject != "me")
    if who != "me" and _inside_a_value(who, parts):
        who = "me"  # "the green Zara coat, £22": a brand within what the record is of, not a person's record
    held = {str(f.subject).lower() for f in facts if f.frame == coll.frame and f.subject}
    if who != "me" and held - {"me", who.lower()} and who.lower() not in held and _only_a_place(who, text):
        who = "me"  # "he was at his brother's watching the football" of Sam's records: where it happened, not whose it is
    said = subject_of_clause(text, start, known)
    if carer(who, facts, text):
        who = "me"  # "My GP wants me to check my blood pressure... 141 over 88": the user's reading
    if said is not None and carer(said, facts, text):
        said = None
    if who != "me" and who.lower() not in held and _only_with_me(who, text, start, start if end is None else end):
        who = "me"  # "Sam and I went to see it on Saturday. £14 a ticket": an outing of the user's, Sam along
    acted_on = _acts_on_another(who, text, start) if who != "me" and who.lower() not in held else None
    said_the_giver = said is not None and (said.lower() in who.lower() or who.lower() in said.lower())
    if acted_on is not None and (said is None or said_the_giver or said == f"them/{acted_on}" or said.lower() in held):
        # "Mrs Birch gave her a mock exam. She got 118", "Mrs Okafor gave him forty-nine quid": the one who gave it
        # is not whose it is; "her" or "him" is, read as a pronoun of the clause
        said = f"them/{acted_on}" if said_the_giver else said
        who = "me"
    if who != "me":
        # a pronoun no one in the message is named for ("she had 160ml") may be the model's person
        fits = said is not None and said.startswith("them") and _gender(who, facts) in ("", said[5:])
        agrees = said is not None and (fits or said.lower() == who.lower())
        # ...and where the message could mean them: it names them, a pronoun could point to them, or the
        # collection holds no record of the user's ("Did the park in the rain, 28:40" after Tom's records: the user's)
        could_mean = (re.search(rf"\b{re.escape(who)}\b", text, re.I) is not None or "me" not in held
                      or _pronoun_for(_sentences_and_next(text, start, start if end is None else end), _gender(who, facts)))
        last = start if end is None else end
        own = _sentences_between(text, start, last)
        # "I did that one" of a feed of the baby's stands when the record's words speak of someone else;
        # "I was on for six hours yesterday" naming no one is the user's, whoever the collection holds
        spoken_of = _named_near(who, own, 0, len(own)) or _pronoun_for(own, _gender(who, facts))
        chosen_before = who.lower() in held and (said is None or agrees or said == "me" and spoken_of) and could_mean
        # a collection of the user's own records (sessions they taught, sitters they paid) takes someone
        # else's record said in the first person ("...for an hour and a half. I charged her £45") only
        # when the words say that person did it ("Lily swam 50m")
        mine_so_far = "me" in held and who.lower() not in held and (
            said is not None or _first_person(_sentences_between(text, start, start if end is None else end)))
        # named in the sentence before, while the record's own sentence speaks of the user ("My grandson Daniel set
        # you up for me. This morning the crossword took me 14 minutes"): the user's, not the one named before
        named = _named_near(who, text, start, last) and (_named_near(who, own, 0, len(own)) or not _I_OR_ME.search(own))
        # someone new to a collection of the user's records, named only further on than the sentence after the record's
        # ("Yesterday there were four in the nest box ... Do hens need light? My neighbour swears by a lamp"): not whose
        # it is ("Cycled 25 minutes today. Well, Tom did" is Tom's)
        far_newcomer = "me" in held and who.lower() not in held and not _named_in(who, text[:_sentence_end(text, last, after=1)])
        if agrees or not _only_aside(who, text, start) and not far_newcomer and (chosen_before or not mine_so_far and (named or could_mean and not (
                _first_person(_sentence_at(text, start)) or said is not None))):
            return who  # "Lily's gala was on Saturday... 50m in 48 seconds": nothing here says otherwise
        who = "me"
    if said is not None and said.startswith("them"):
        # the collection's last person the pronoun fits; else a first name the message gave
        said = _one_other(coll, facts, with_me=True, gender=said[5:]) or first_name_before(text, start)
    if said is not None and said != "me" and _takes_part(said, parts):
        said = None  # "Harvey again on Saturday" with Harvey as the student: the tutor's record
    if said is not None:
        return said
    sentence = _sentence_at(text, start)
    if _first_person(sentence):
        return who
    other = _one_other(coll, facts)
    if other is None:
        return who
    named = re.search(rf"\b{re.escape(other)}\b", text, re.I) is not None
    return other if named or _THIRD_PERSON.search(text) else who


_GIVING = (r"(?:gave|gives|give|paid|pays|pay|handed|hands|slipped|sent|lent|tipped|timed|marked|tested|examined|"
           r"taught|coached|awarded|offered|charged|set|owed|owes)")
"""What one person does to another that leaves the other the record: pay, a mark, a time, a test."""


def _acts_on_another(person: str, text: str, at: int) -> str | None:
    """"f" or "m" when the person does something to someone "her" or "him" stands for, in the record's sentence
    or the one before ("Mrs Birch gave her a mock exam", "Mrs Okafor gave him forty-nine quid"): that someone is
    not the person; None when not."""
    window = sentences_around(text, at, at)
    words = [w for w in person.split() if len(w) > 1]
    # "her" as an object, not an owner: followed by an article, a number, a small word or the clause's end
    # ("gave her a mock exam", "timed her on Saturday", "paid him £42"), not by what is hers ("brought her violin")
    # an amount after it is given to them only when nothing of theirs follows it ("paid him £30 for the day",
    # "gave him forty-nine quid"; not "paid her £40 entry fee", "set her 5k PB")
    amount = rf"(?:[£$€]\s?\d[\d,.]*|\d[\d,.]*|(?:{NUMBER_WORD})(?:-[a-z]+)?|a\s+fiver|a\s+tenner)"
    after = (r"(?=\s*(?:[,.;:!?)]|$)|\s+(?:a|an|the|some|on|at|in|for|to|with|up|out|back|off|round|over|home)\b(?!\s*\d)"
             rf"|\s+{amount}\s*(?:quid|pounds?|bucks|dollars|euros|cash)?(?:\s*[,.;:!?)]|\s*$|\s+(?:for|as|in|to|cash|towards|on|at|and|because)\b))")
    for w in words:
        m = re.search(rf"\b{re.escape(w)}\b\s+(?:[A-Za-z'’-]+\s+)?(?:(?:also|just|then)\s+)?{_GIVING}\s+(her|him)\b{after}", window)
        if m:
            return "f" if m.group(1) == "her" else "m"
    return None


_SERVES = (CARERS - {"vet"}) | {"tutor", "teacher", "coach", "trainer", "personal trainer", "mentor"}
"""Who treats or teaches the user for a living: they ask for, take and mark the readings, which are
not theirs (a vet's patient is named apart)."""


@cache
def _serving_words() -> str:
    return "|".join(sorted((re.escape(w) for w, rel in RELATIONS.items() if rel in _SERVES), key=len, reverse=True))


def carer(person: str, facts: Sequence[Fact | NewFact] = (), text: str = "") -> bool:
    """"My GP wants me to check my blood pressure... 141 over 88", "my tutor Claire marked it 12 out
    of 25": the person is someone who serves the user — by the word itself, by how the message
    names them, or by a person recorded earlier with that relation."""
    words = person.lower().split()
    if not words or words == ["me"]:
        return False
    if relation_of(words[-1]) in _SERVES:
        return True
    name = re.escape(person)
    role = _serving_words()
    if text and re.search(rf"(?i:\b(?:my|our|her|his|their|the)\s+(?:{role})\s*,?\s+){name}\b|"
                          rf"\b{name}\s*(?:,\s*|\()(?i:(?:my|our|her|his|their|the)\s+)?(?i:{role})\b", text):
        return True
    return any(f.frame == "Person" and str(f.slots.get("name") or "").lower() == person.lower()
               and relation_of(str(f.slots.get("relation") or "")) in _SERVES for f in facts)


def _sentences_between(text: str, start: int, end: int) -> str:
    """The sentences holding ``start`` to ``end``: the words a record's values were said in."""
    spans = [(a, b) for a, b in sentences(text) if a <= end and start <= b]
    return text[spans[0][0]:spans[-1][1]] if spans else text


def _sentences_and_next(text: str, start: int, end: int) -> str:
    """The sentences holding ``start`` to ``end`` and the one after: "18 miles. Three hours and two
    minutes. He looked destroyed" speaks of him."""
    spans = sentences(text)
    held = [i for i, (a, b) in enumerate(spans) if a <= end and start <= b]
    if not held:
        return text
    return text[spans[held[0]][0]:spans[min(held[-1] + 1, len(spans) - 1)][1]]


def _sentence_end(text: str, at: int, after: int = 0) -> int:
    """Where the sentence holding ``at`` ends (``after``: that many sentences further on)."""
    spans = sentences(text)
    i = next((k for k, (a, b) in enumerate(spans) if a <= at < b), len(spans) - 1)
    return spans[min(i + after, len(spans) - 1)][1] if spans else len(text)


def _named_near(person: str, text: str, start: int, end: int) -> bool:
    """The person is named in the sentences holding ``start`` to ``end`` or in the one before."""
    return _named_in(person, sentences_around(text, start, end))


def _named_in(person: str, words_said: str) -> bool:
    """The person is named in ``words_said`` ("his mum": mum)."""
    words = [w for w in person.split() if len(w) > 1 and w.lower() not in _PRONOUN_OTHER | _PRONOUN_ME | {"him", "them"}]
    return any(re.search(rf"\b{re.escape(word)}\b", words_said, re.I) for word in words)


def _only_with_me(person: str, text: str, start: int, end: int) -> bool:
    """Every time the record's sentences (and the one before) name the person, it is with the user as
    one subject ("Sam and I", "me and Sam")."""
    window = sentences_around(text, start, end)
    words = [w for w in person.split() if len(w) > 1]
    named = [m for w in words for m in re.finditer(rf"\b{re.escape(w)}\b", window, re.I)]
    return bool(named) and all(
        re.match(r"\s+and\s+(?:I|me)\b", window[m.end():]) or re.search(r"\b(?:I|me)\s+and\s+$", window[:m.start()], re.I)
        for m in named)


_ASIDE = re.compile(r"\b(?:because|cos|coz|cause|since|which)\b", re.I)
"""Words that hang a reason or a remark on what was just said; "when", "while", "as" may tell whose it is."""


def _only_aside(person: str, text: str, start: int) -> bool:
    """Every time the record's sentence names the person, it is after the record's first value and in
    a clause hung on it ("six hours because Priya called in sick", "£8.40, which Mum says is good"):
    a reason or a remark, not whose the record is."""
    a, b = next(((a, b) for a, b in sentences(text) if a <= start < max(b, a + 1)), (0, len(text)))
    words = [w for w in person.split() if len(w) > 1]
    found = [m.start() for w in words for m in re.finditer(rf"\b{re.escape(w)}\b", text[a:b], re.I)]
    return bool(found) and all(a + at > start and _ASIDE.search(text, start, a + at) for at in found)


_AT_THEIRS = re.compile(r"\b(?:at|to|round|around|from|over\s+at|stayed\s+at|in)\s+(?:(?:my|his|her|their|our|your|the)\s+)?$", re.I)


def _only_a_place(person: str, text: str) -> bool:
    """Every time the message names the person it is their home as a place ("at his brother's", "round
    Mum's.", "back from Gran's"): where something happened, not whose it is."""
    name = re.sub(r"^(?:(?:my|his|her|their|our|your|the)\s+)+", "", person.strip(), flags=re.I)
    said = list(re.finditer(rf"\b{re.escape(name)}\b", text, re.I)) if name else []
    return bool(said) and all(_AT_THEIRS.search(text[max(0, m.start() - 30):m.start()]) and _PLACE_AFTER.match(text, m.end())
                              for m in said)


_PLACE_AFTER = re.compile(r"['’]s?(?![\w'’])(?:\s+(?:house|place|flat|home|and|or|for|with|on|at|in|to|the|this|that|last|yesterday|"
                          r"today|watching|having|playing|again)\b|\s*(?:[^\w\s]|$))", re.I)
"""What follows someone's home said as a place: a place word, a small word, the clause's end ("at his brother's
watching the football", "round Mum's."), not what is theirs ("Gran's 20 minutes")."""


def _takes_part(person: str, parts: Sequence[str]) -> bool:
    """The person is one of the record's words ("Harvey" as its student, "Mrs Patel" as its client)."""
    low = person.lower()
    return any(low == w or low in w.split() for w in (p.lower() for p in parts))


def _inside_a_value(person: str, parts: Sequence[str]) -> bool:
    """The name is one word of a longer value of the record that is no one's name ("green Zara coat", not
    "Alfie Jones")."""
    low = person.lower()
    for part in parts:
        words = part.split()
        if low in (w.lower() for w in words) and len(words) > 1 and any(w[:1].islower() for w in words if w.lower() != low):
            return True
    return False


def _one_other(coll: LearnedCollection, facts: Sequence[Fact | NewFact], *, with_me: bool = False,
               gender: str = "") -> str | None:
    """The other person a collection is kept about, if it is kept about one (``with_me``: the user's
    own records may be among them, and of several people the one recorded last whom the pronoun
    fits — "he" in a message naming no one is the boy the last of his records was about)."""
    ordered = [f.subject for f in facts if f.frame == coll.frame]
    subjects = set(ordered)
    if with_me:
        others = [s for s in dict.fromkeys(reversed(ordered)) if s != "me"]
        known = [s for s in others if gender and _gender(s, facts) == gender]
        fitting = known or [s for s in others if not gender or _gender(s, facts) in ("", gender)]
        return fitting[0] if fitting else None  # "she": the girl the user spoke of as "she" before a boy named since
    if len(subjects) != 1 or "me" in subjects:
        return None
    return subjects.pop()


_HE = re.compile(r"\b(?:he|his|him|they|their|them)\b", re.I)
_SHE = re.compile(r"\b(?:she|her|hers|they|their|them)\b", re.I)
_PERSONAL = re.compile(r"\b(?:he|his|him|she|her|hers)\b", re.I)


def _pronoun_for(words: str, gender: str) -> bool:
    """A third-person pronoun in ``words`` that could be the person of ``gender`` ("m", "f", "" unknown):
    "gave her a brush" of the cat is not Dev, whom the user calls "he"."""
    pronoun = {"m": _HE, "f": _SHE}.get(gender, _THIRD_PERSON)
    return pronoun.search(words) is not None


def kin_gender(person: str) -> str:
    """"m" or "f" for a person named by a relation ("Dad", "his little sister", "Sam (partner)" says nothing), else ""."""
    relations = {kin(person) or person.lower()} | {kin(w) or w for w in re.findall(r"[a-z]+", person.lower())}
    return "m" if relations & _MALE else "f" if relations & _FEMALE else ""


def _gender(person: str, facts: Sequence[Fact | NewFact]) -> str:
    """"m", "f" or "" for a person the records are about, from how the user spoke of them: a relation
    ("Dad", "his little sister Ada") or the pronouns after their name in the words a record came from."""
    by_relation = kin_gender(person)
    if by_relation:
        return by_relation
    male = female = 0
    for f in facts:
        if f.subject != person or not f.evidence:
            continue
        if not re.search(rf"\b{re.escape(person)}\b", f.evidence) and not {w for w in _proper_nouns(f.evidence) if w.lower() not in _MONTHS_DAYS}:
            # "She did twenty-five minutes yesterday" filed as Maya's: the pronoun is hers
            words = re.findall(r"[a-z]+", f.evidence.lower())
            male += sum(w in ("he", "his", "him") for w in words)
            female += sum(w in ("she", "her") for w in words)
            continue
        for m in re.finditer(rf"\b{re.escape(person)}\b", f.evidence):
            before = re.findall(r"[a-z]+", f.evidence[max(0, m.start() - 30):m.start()].lower())[-3:]
            after = re.findall(r"[a-z]+", f.evidence[m.end():m.end() + 120].lower())
            male += sum(w in _MALE for w in before if w not in ("he", "his", "him"))
            female += sum(w in _FEMALE for w in before if w not in ("she", "her"))
            if f.evidence[m.end():m.end() + 2] in ("'s", "’s"):
                # "Ollie's swim teacher says she's moving him up": the pronouns after an owner may be another's
                male += sum(w in ("he", "his", "him") for w in after)
                female += sum(w in ("she", "her") for w in after)
                continue
            # the first pronoun after the name is theirs; one after it may be someone else's ("he says she pulled")
            first = next((w for w in after if w in ("he", "his", "him", "she", "her")), None)
            male += first in ("he", "his", "him")
            female += first in ("she", "her")
    return "m" if male > female else "f" if female > male else ""

