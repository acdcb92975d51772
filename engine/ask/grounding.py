"""Is a computed plan about what the question asks?

The planner always finds *some* collection to compute over. "When did I go to the dentist?" must
not be answered with the start of a trip because "go" sounded like travel: if the question names
something the chosen collection does not hold anywhere (its name, fields, values) while the log
does speak of it, the state cannot answer faithfully and the question goes to recall instead.
Words that only shape the query (question words, aggregates, time words, measures) never count.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable

from engine.ask.catalog import Collection
from engine.ask.cues import STOP
from engine.ask.inflect import word_forms
from engine.ask.ir import Filter, Query
from engine.ask.lexicon import (
    COLLECTION_SYNONYMS,
    FIELD_SYNONYMS,
    MEASURE_ADJECTIVES,
    VALUE_SYNONYMS,
)
from engine.ask.plan import FLAG_PHRASES, SUPERLATIVE_WORDS, counted_in
from engine.ask.text import fold, stem
from engine.ask.timecues import MONTHS, NUMBER_WORDS, SEASONS
from engine.frames import IMPORT_DOMAIN, IMPORT_SCHEMA_FRAME
from engine.log import Fact, LogStore
from engine.state import StoredRecords

QUERY_WORDS = frozenset({
    "about", "above", "after", "again", "ago", "along", "also", "average", "before", "below", "between",
    "can", "compared", "could", "count", "days", "during", "each", "earlier", "entries", "entry", "ever",
    "every", "fewer", "from", "gave", "get", "give", "go", "going", "gone", "got", "half", "into", "know",
    "later", "less", "list", "log", "logged", "made", "make", "months", "more", "much", "next", "number",
    "often", "other", "over", "percent", "previous", "quarter", "recent", "recently", "record", "recorded",
    "records", "remember", "same", "saw", "see", "seen", "should", "show", "since", "some", "take",
    "taken", "tell", "than", "then", "they", "those", "through", "time", "times", "today", "together",
    "tomorrow", "took", "total", "under", "until", "weeks", "went", "were", "what", "will", "within",
    "would", "year", "years", "yesterday", "your", "week", "month", "day", "morning", "evening", "night",
    "afternoon", "weekend", "weekends", "weekday", "weekdays", "tonight", "last", "first", "start", "beginning",
    "end", "median", "middle", "either", "neither", "both", "inclusive", "including", "included", "percentage", "which", "ones",
    "spend", "spent", "paid", "cost", "costs", "whats", "hows", "thats", "dont", "didnt", "ive", "group", "groups",
    "kind", "kinds", "sort", "sorts", "etc", "ended", "ending", "needing", "needed", "flagged", "marked", "stuff",
    "things", "something", "anything", "skip", "skipping", "ignore", "ignoring", "regardless", "ways", "please",
    "single", "without", "kick", "kicked", "kicks", "kicking", "rank", "ranked", "ranking", "sorted",
})
"""Words that shape a query rather than name what it is about."""

IGNORED = (STOP | QUERY_WORDS | set(FIELD_SYNONYMS) | set(MEASURE_ADJECTIVES) | set(SUPERLATIVE_WORDS)
           | set(MONTHS) | set(NUMBER_WORDS) | set(SEASONS) | {d.lower() for d in calendar.day_name})
_WORD = re.compile(r"[a-z][a-z'-]+")


def _shaping(word: str) -> bool:
    """A word that shapes the query, in any of its forms ("started" as "start")."""
    return word in IGNORED or _stem(word) in _IGNORED_STEMS


IRREGULAR = {"met": "meet", "ran": "run", "went": "go", "bought": "buy", "spoke": "speak", "saw": "see"}
"""Past forms that share no stem with their verb ("how we met" holds "meet")."""


def _stem(word: str) -> str:
    """A crude stem, enough to tell "expiring" and "expires" are one word and "dentist" another;
    the same for a word and its plural ("copay", "copays"; "ride", "rides")."""
    word = stem(word.strip("'-"))  # plurals and 's, as everywhere in asking
    word = IRREGULAR.get(word, word)
    for suffix in ("ing", "ied", "ed"):
        if len(word) - len(suffix) >= 4 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    if len(word) >= 5 and word.endswith("y"):
        word = word[:-1]
    return word[:5]


_IGNORED_STEMS = frozenset(_stem(w) for w in IGNORED if len(w) > 3)


_CONTRACTION = re.compile(r"'(?:s|ve|re|ll|d|m)$|n't$")


def _words(text: str) -> Iterable[str]:
    """Words without accents ("café" is the question's "cafe"), contractions ("what's" is "what") and hyphens ("fill-up" is the "fillups" of a
    collection's name)."""
    return [_CONTRACTION.sub("", w).replace("-", "") for w in _WORD.findall(fold(text).lower().replace("’", "'"))]


def vocabulary(coll: Collection) -> set[str]:
    """Stems of every word the collection holds: its schema words and every text value (worked out
    once per collection: a big one is a stream from the log)."""
    if coll.words is None:
        words: set[str] = set()
        for text in (str(v) for f in coll.fields.values() for v in f.values):
            words.update(_words(text))
        for record in coll.records:
            for v in record.values.values():
                if isinstance(v, str | list):
                    words.update(_words(str(v)))
            words.update(_words(record.subject))
        coll.words = {_stem(w) for w in words}
    return _schema_words(coll) | coll.words


def said_about(coll: Collection, log_store: LogStore | None) -> set[str]:
    """Stems of what was said where a learned or imported collection's records come from: "meter"
    and "readings" belong to a collection of electricity readings the user told about in those words."""
    if log_store is None or coll.domain != IMPORT_DOMAIN:
        return set()
    if isinstance(coll.records, StoredRecords):  # imported: its records' words are its vocabulary already
        texts = [f.evidence for f in log_store.entangled(coll.frame)]
        return {_stem(w) for text in texts for w in _words(text)}
    ids = {i for r in coll.records for i in r.evidence}
    imported = log_store.facts(domain=IMPORT_DOMAIN)
    facts = [f for f in imported if f.id in ids]
    texts = [f.evidence for f in facts]
    shared = {f.message_id for f in imported if f.frame not in (coll.frame, IMPORT_SCHEMA_FRAME)}
    for message_id in {f.message_id for f in facts if f.message_id is not None} - shared:
        # a learned record's whole message, when no other collection's records were told in it:
        # "started Japanese again ... 25 minutes of hiragana drills"
        message = log_store.message(message_id)
        if message is not None and message.speaker == "user":
            texts.append(message.text)
    return {_stem(w) for text in texts for w in _words(text)}


def said_score(question: str, coll: Collection, log_store: LogStore | None) -> float:
    """How many content words of the question were said where the collection's records come from."""
    said = said_about(coll, log_store)
    if not said:
        return 0.0
    words = [w for w in dict.fromkeys(_words(question)) if len(w) > 3 and not _shaping(w)]
    return float(sum(_stem(w) in said for w in words))


ASIDE = re.compile(r"((?:[a-z'-]+\s+){1,2})(?:—|–|\s-\s|\(|,\s*(?:i\.e\.|meaning|that is)\s)\s*([^—–()]+)")
"""Words followed by an aside that explains them ("work trips — business or conference —")."""
BACK = re.compile(r"\b(?:get|got|getting|come|came|coming)\s+back\b")
PHRASAL = re.compile(r"\b(work|check|sign)(?:ed|ing|s)?\s+(out|up|in)\b")


def _synonym_stems(coll: Collection) -> set[str]:
    """The words that name the collection ("sessions", "exercise" for workouts): never a word it lacks."""
    names = {stem(p) for p in coll.name.split("_")} | {stem(coll.frame.lower())}
    return {_stem(w) for n in names for w in COLLECTION_SYNONYMS.get(n, ())}


def uncovered(question: str, coll: Collection, said: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """Content words of the question that the collection does not hold in any form."""
    known = vocabulary(coll) | said | _synonym_stems(coll)
    known |= {_stem(w) for w, targets in VALUE_SYNONYMS.items() if any(_stem(t) in known for t in targets)}
    question = PHRASAL.sub(r"\1\2", question.lower())  # "worked out": a workout
    question = BACK.sub("end", question)  # "when did I get back": the end of it
    for key, phrase in FLAG_PHRASES.items():  # "sent back": the returned column's word
        if any(key in f.words for f in coll.fields.values() if f.kind in ("bool", "enum")):
            question = phrase.sub(key, question)
    explained: set[str] = set()
    for m in ASIDE.finditer(question):  # "work trips — business or conference —": the aside says what "work" is
        said_in = [w for w in _words(m.group(2)) if len(w) > 3 and not _shaping(w)]
        if said_in and all(_stem(w) in known for w in said_in):
            explained |= set(_words(m.group(1)))
    return [w for w in dict.fromkeys(_words(question))
            if len(w) > 3 and not _shaping(w) and not _known_form(w, known) and w not in explained]


def _known_form(word: str, known: set[str]) -> bool:
    """The word, or another form of the verb it is, is known: "winning" is the "won" a field is named by
    (only a word inflected as a verb: "fees" is no form of "feed")."""
    if _stem(word) in known:
        return True
    return word.endswith(("ing", "ed")) and any(_stem(form) in known for form in word_forms(word, ("VERB",)))


def about_something_else(question: str, coll: Collection, log_store: LogStore | None) -> bool:
    """The question names something the collection lacks and the log mentions elsewhere (not in
    the collection's own records, schema or import): recall or another collection, not this one."""
    if log_store is None:
        return False
    return any(_said_elsewhere(word, coll, log_store) for word in uncovered(question, coll, said_about(coll, log_store)))


def _said_elsewhere(word: str, coll: Collection, log_store: LogStore) -> bool:
    hits = log_store.search(word, limit=5)
    if not hits:
        return False
    facts = {f.id: f for f in log_store.facts_by_id(int(h["ref"]) for h in hits if h["kind"] == "fact")}
    own_sessions = {f.session_id for f in facts.values() if _of(f, coll)}
    for h in hits:
        fact = facts.get(int(h["ref"])) if h["kind"] == "fact" else None
        if fact is not None and _of(fact, coll):
            continue
        if fact is None and h["session_id"] in own_sessions:
            continue  # the import's own summary message
        return True
    return False


def _of(fact: Fact, coll: Collection) -> bool:
    """The fact is one of the collection's records or its import schema."""
    return fact.frame == coll.frame or (fact.frame == IMPORT_SCHEMA_FRAME and fact.slots.get("frame") == coll.frame)


def _schema_words(coll: Collection) -> set[str]:
    """Stems of the collection's own names: itself, its fields, its enum values (not free text)."""
    texts = [coll.name, coll.frame, coll.domain]
    for f in coll.fields.values():
        texts += [f.name.replace("_", " "), f.label]
        if f.kind in ("enum", "bool"):
            texts += list(map(str, f.values))
    return {_stem(w) for text in texts for w in _words(text)}


def text_filters(question: str, coll: Collection, query: Query) -> list[Filter]:
    """"the dentist" in a question about events keeps the events whose text says dentist.

    A content word that names no part of the collection's schema and no filter already in the
    plan, but occurs in a text field of its records, becomes a ``contains`` filter on the text
    field that holds it most often."""
    schema = _schema_words(coll)
    question = question.lower()
    for start, end in counted_in(question):  # "counting the temporary one" lets records in, never keeps them out
        question = question[:start] + " " * (end - start) + question[end:]
    taken = " ".join(str(f.value).lower() for f in query.filters)
    taken += " " + " ".join(w for w, targets in VALUE_SYNONYMS.items() if any(t in taken for t in targets))
    naming = _synonym_stems(coll)  # "trips I visited", "rides": words for the records themselves
    stems = [_stem(word) for word in dict.fromkeys(_words(question))
             if len(word) > 3 and not _shaping(word) and _stem(word) not in schema and _stem(word) not in taken
             and _stem(word) not in naming]
    texts = [name for name, info in coll.fields.items() if info.kind == "str"]
    if not stems or not texts:
        return []
    counts = {stem: dict.fromkeys(texts, 0) for stem in stems}
    for r in coll.records:  # one pass for every word and field (a big collection is a stream)
        for name in texts:
            value = str(r.values.get(name) or "").lower()
            if value:
                for stem in counts:
                    if stem in value:
                        counts[stem][name] += 1
    out: list[Filter] = []
    for stem in stems:
        held = {name: n for name, n in counts[stem].items() if n}
        if held:
            out.append(Filter(max(held, key=lambda n: (held[n], n == coll.label_field)), "contains", stem))
    return out
