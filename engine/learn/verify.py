"""Check the model's proposal against the message: every value must be a candidate it was offered
or words that are really in the message; a record must be something that happened (not dated
after the session) and say something measurable. What fails is dropped with its reason."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import cache
from typing import Any

from engine.extract.numbers import spelled_value
from engine.extract.reader.candidates import Candidate
from engine.extract.segment import opens_as_question, question_start, sentences
from engine.learn.align import Cited, align
from engine.learn.collection import InvalidCollection, check_name, clean_name, usable_field_name
from engine.learn.naming import stem
from engine.learn.propose import MAX_TEXT, Offer
from engine.learn.quantities import FROM_A_SPAN, bare_numbers, convert, units
from engine.learn.whose import first_names
from engine.profile import RESOURCES

FIELD_NAMES_PATH = RESOURCES / "learn" / "field_names.tsv"

_SELF = frozenset({"", "me", "i", "myself", "we", "us", "user", "the user", "self"})
_OWNER = re.compile(r"^(?:my|our)\s+", re.I)
_PERSONAL = frozenset({"he", "him", "his", "she", "her", "hers", "they", "them", "their", "you", "mine", "myself", "himself", "herself"})
_SPACE = re.compile(r"\s+")
_WHEN_FIELDS = frozenset({"when", "day", "date", "time", "on", "at", "timing"})
_WEEKDAY = re.compile(r"\b(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b")


@dataclass(frozen=True)
class Value:
    """One typed value and where in the message it came from."""

    kind: str  # float | date | time | money | str
    value: Any  # Decimal, date, "HH:MM", Decimal, str
    start: int
    end: int
    unit: str = ""
    dimension: str = ""
    currency: str = ""


@dataclass
class Proposed:
    collection: str
    who: str
    day: dt.date
    corrects: bool
    values: dict[str, Value]
    date_span: tuple[int, int] | None = None
    month_only: bool = False
    """The day cited is only a month ("that Monday in April"): a correction's record lies somewhere in it."""
    date_surface: str = ""
    """The words of the day cited, as the message says them."""
    numbers: tuple[Decimal, ...] = ()
    """Every number of the message: "272 pages, not 270" names the value being corrected."""
    taken_back: tuple[tuple[Decimal, str], ...] = ()
    """Numbers the record's sentences take back ("two and a half hours, not an hour and a half"): a
    record they correct must hold one of them."""
    message: str = ""
    """The whole message (set when the record is filed): "I got something wrong" may open it."""
    session_date: dt.date | None = None

    def span(self) -> tuple[int, int]:
        spans = [(v.start, v.end) for v in self.values.values()]
        if self.date_span:
            spans.append(self.date_span)
        if not spans:
            return 0, 0  # only that it happened: the message's first sentence says it
        return min(s for s, _ in spans), max(e for _, e in spans)


@dataclass
class Checked:
    records: list[Proposed] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)


def _norm(text: str) -> str:
    return _SPACE.sub(" ", text).strip().lower()


def find_words(text: str, words: str) -> tuple[int, int] | None:
    low, want = text.lower(), _norm(words)
    if not want:
        return None
    at = low.find(want)
    if at < 0:
        at = _norm(text).find(want)  # whitespace differs: the span is approximate but the words are there
        if at < 0:
            return None
    return at, at + len(want)


def who_of(raw: Any, text: str, people: Sequence[str] = ()) -> str | None:
    """``me`` or the person as written in the message (without "my") or as the collections already
    hold them (``people``); None when neither."""
    who = str(raw or "").strip()
    if who.lower() in _SELF:
        return "me"
    if who.lower() in {p.lower() for p in people}:
        return next(p for p in people if p.lower() == who.lower())
    if len(who) > 30 or find_words(text, who) is None:
        return None
    return _OWNER.sub("", who).strip() or "me"


_OF_THING = re.compile(r"\s+of\s+(?:the\s+|my\s+|our\s+|some\s+|fresh\s+)?([A-Za-z][\w'’-]*(?:\s+[A-Za-z][\w'’-]*){0,3})")
_THING_ENDS = re.compile(r"\s+(?:off|from|in|at|on|for|with|and|plus|but|which|that|this|today|yesterday|tonight|"
                         r"before|after|since|so|then|when|while|i|we|it|was|were|is|are)\b.*$", re.I)


def _only_happened(rec: dict[str, Any]) -> bool:
    """A record that says only that something happened ("took my iron tablet with lunch"): kept
    for a collection that holds nothing but days (fill checks which one it is)."""
    return isinstance(rec.get("values"), dict) and all(isinstance(v, str) for v in rec["values"].values())


_NOT_DONE = re.compile(r"\b(?:not|never|no|forgot|forget|didn't|didnt|haven't|havent|won't|will|going\s+to|gonna|"
                       r"tomorrow|later|should|shall|might|maybe|plan|planning|want|hope)\b|'ll\b", re.I)


def _said_done(text: str, collection: str) -> bool:
    """A record with no value must rest on a statement that it happened: a sentence that names
    the collection's kind ("took my iron tablet") and is neither a question, a negation nor a plan."""
    parts = [p[:4] for p in collection.split("_") if len(p) >= 3]
    for a, b in sentences(text):
        sentence = text[a:b]
        words = re.findall(r"[a-z]+", sentence.lower())
        if any(w.startswith(p) for p in parts for w in words):
            return not sentence.rstrip().endswith("?") and not _NOT_DONE.search(sentence)
    return False


def _measured_thing(text: str, values: dict[str, Value]) -> Value | None:
    """What a quantity is of, as the message says it ("910g of tomatoes", "two litres of water"):
    a record whose model reading named no words still says what was measured."""
    measured = [v for v in values.values() if v.kind == "float" and v.unit]
    if len(measured) != 1:
        return None
    v = measured[0]
    m = _OF_THING.match(text, v.end)
    if m is None:
        return None
    phrase = _THING_ENDS.sub("", m.group(1)).strip(" '’-")
    if not phrase or len(phrase) > MAX_TEXT:
        return None
    return Value("str", phrase, m.start(1), m.start(1) + len(phrase))


def dimension_named(name: str) -> str | None:
    """The dimension a field's name says it holds ("distance", "temp", "minutes"), or None."""
    named = _dimension_names()[1]
    return named.get(name) or next((named[p] for p in name.split("_") if p in named), None)


@cache
def _dimension_names() -> tuple[dict[str, str], dict[str, str]]:
    """(dimension -> its field name, any name a field goes by -> its dimension)."""
    default: dict[str, str] = {}
    named: dict[str, str] = {}
    for line in FIELD_NAMES_PATH.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        dimension, name, *others = line.split("\t")
        default[dimension] = name
        for n in [name, *" ".join(others).split()]:
            named.setdefault(n, dimension)
    return default, named


# "Total cholesterol 6.4, LDL 4.1", "trigs 1.7", "sats: 97": a bare number labelled by the words just before it
_LABEL = re.compile(r"(?:^|[,.;:(!?]\s*|\b(?:and|then|plus|also|with)\s+)(?P<label>[A-Za-z][A-Za-z'’]{1,20}(?:\s+[A-Za-z][A-Za-z'’]{1,20})?)"
                    r"(?:'s)?\s*(?::|=|\bof\b|\bat\b)?\s*$")
_NOT_LABELS = frozenset({
    "i", "me", "my", "we", "he", "she", "it", "they", "you", "his", "her", "their", "our", "was", "were", "is", "are", "be",
    "did", "got", "took", "made", "had", "has", "have", "about", "around", "roughly", "maybe", "only", "just", "like", "than",
    "then", "and", "or", "not", "the", "a", "an", "at", "on", "in", "for", "to", "from", "by", "of", "with", "up", "down",
    "over", "under", "after", "before", "today", "yesterday", "tonight", "morning", "evening", "afternoon", "night", "week",
    "all", "told", "so", "another", "again", "still", "nearly", "almost", "exactly", "call", "say", "now",
})
_WEEKDAYS_MONTHS = re.compile(r"^(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?|jan(?:uary)?|feb(?:ruary)?|march|"
                               r"apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)$", re.I)


_INTERJECTIONS = frozenset({"hi", "hey", "hello", "hmm", "hmmm", "ugh", "oh", "ah", "wow", "yay", "ok", "okay", "um", "er",
                            "erm", "lol", "yes", "yeah", "no", "nope", "thanks", "cheers"})


def _past(word: str) -> bool:
    from engine.extract.dates import tense

    return tense(word, told=True) is True


def _label_of(text: str, v: Value) -> str | None:
    """The words that label a bare number ("LDL" of "LDL 4.1"), when they are a label: not a verb,
    a pronoun, a hedge or a day."""
    if v.kind != "float" or v.unit or re.match(r"\s*[x×]\s*\d", text[v.end:]):
        return None  # "Deadlift 140 x 5": the lift, not what 140 is a number of
    m = _LABEL.search(text[max(0, v.start - 48):v.start])
    if m is None:
        return None
    words = m["label"].split()
    if any(w.lower() in _NOT_LABELS or w.lower().endswith("ed") or _WEEKDAYS_MONTHS.match(w) or _past(w)
           or w.lower() in first_names() or w.lower() in _INTERJECTIONS for w in words):
        return None  # "Emma 12", "Slept 7", "Hi 45": a person, a verb or a greeting, not what was measured
    label = clean_name(" ".join(words))
    try:
        return check_name(label, what="field")
    except InvalidCollection:
        return None  # "HR 61": too short to name a field; the model's name stands


def _labelled(text: str, values: dict[str, Value], collection: str) -> dict[str, Value]:
    """A bare number's field named for its label when the model's name shares no word with it (a
    cholesterol of 6.4 the model filed as "systolic"). A label that names the collection's own kind
    ("Gas 4161" of gas_meter, "Meter 4240") says what the record is, not which field."""
    kind = {p[:4] for p in collection.split("_")}
    out: dict[str, Value] = {}
    for name, v in values.items():
        label = _label_of(text, v)
        if label and not ({p[:4] for p in name.split("_")} & {p[:4] for p in label.split("_")}) and label not in values \
                and not {p[:4] for p in label.split("_")} <= kind:
            name = label
        out.setdefault(name, v)
    return out


def _fit_names(values: dict[str, Value], anchors: list[int]) -> dict[str, Value]:
    """Field names that fit their values: a name of another dimension gives way to the value's own
    ("pages" of 25 minutes is a duration). When two values then claim one field, the record holds
    the one nearest its other words and its day (a model that put two readings in one record)."""
    default, named = _dimension_names()
    out: dict[str, list[Value]] = {}
    for name, v in values.items():
        if v.kind == "float" and v.dimension and v.dimension in default:
            other = named.get(name) if name in default.values() else None  # "pages", "distance": a dimension's own name
            if other is not None and other != v.dimension and default.get(other) != default[v.dimension] \
                    or name in units() and default.get(units()[name].dimension) == default[v.dimension]:
                name = default[v.dimension]  # "pages" of 25 minutes, "hours" of 90 minutes: a duration
        out.setdefault(name, []).append(v)

    def distance(v: Value) -> int:
        return min((abs(v.start - a) for a in anchors), default=0)

    return {name: min(vs, key=distance) if len(vs) > 1 else vs[0] for name, vs in out.items()}


_TAKEN_BACK = re.compile(r"(?:\b(?:not|instead\s+of|rather\s+than)|\b(?:was|were|is)n['’]?t)\s+(?:the\s+|about\s+|around\s+)?$", re.I)
"""Words before a number that take it back ("not 270", "instead of the 40", "wasn't twelve quid"): an old
value, not the record's."""
_TOLD_BEFORE = re.compile(r"\b(?:i\s+)?(?:told\s+you|said)(?:\s+(?:that|it|she|he|they|we|i|was|were|did|had|got|"
                          r"made|it's))*\s+(?:about\s+|around\s+)?$", re.I)
_CONTRADICTED = re.compile(r"[^.!?]*?\b(?:but|actually|in\s+fact|turns\s+out)\b[^.!?]*?\d", re.I)
""""I told you she did 40 minutes on Wednesday, but her diary says 35": a number said before, then contradicted by
another in the same sentence, is taken back ("as I said, 40 minutes" and "I said 40 minutes" alone are not)."""


def _names_its_noun(name: str, text: str, v: Value) -> bool:
    """"cards" of "four cards": a field named by a word the value was said with."""
    said = {stem(w) for w in re.findall(r"[a-z]{3,}", text[v.start:v.end].lower())}
    return any(stem(w) in said for w in name.split("_") if len(w) >= 3)


def taken_back(text: str, v: Value) -> bool:
    return v.kind in ("float", "money") and _taken_back_at(text, v.start)


def _taken_back_at(text: str, start: int) -> bool:
    before = text[max(0, start - 36):start]
    if _TAKEN_BACK.search(before[-24:]) is not None:
        return True
    if re.search(r"\b(?:as|like)\s+(?:i\s+)?(?:told\s+you|said)\b", before, re.I):
        return False  # "as I said, 40 minutes": said again, not taken back
    return _TOLD_BEFORE.search(before) is not None and _CONTRADICTED.match(text, start + 1) is not None


def _said_instead(text: str, v: Value, by_id: dict[str, Value]) -> Value | None:
    """The value said in place of one taken back, in its sentence: the nearest of the same kind and
    dimension said before it ("2.5 hours, not 1.5"), else the nearest after ("not 8 hours, more like 6")."""
    sentence = next(((a, b) for a, b in sentences(text) if a <= v.start < b), (v.start, v.end))
    said = [w for w in by_id.values() if w.kind == v.kind and w is not v and w.currency == v.currency
            and sentence[0] <= w.start < sentence[1] and not taken_back(text, w)]
    # the same dimension first ("2 hours, 3 of them, not 1 hour": the hours); a bare number taken back
    # ("30 minutes, not 35") is of the dimension said beside it; a bare number replaces one only last
    for fits in (lambda w: bool(v.dimension) and w.dimension == v.dimension,
                 lambda w: not v.dimension, lambda w: not w.dimension):
        same = [w for w in said if fits(w)]
        before = [w for w in same if w.start < v.start]
        if before:
            return max(before, key=lambda w: w.start)
        after = [w for w in same if w.start > v.end]
        if after:
            return min(after, key=lambda w: w.start)
    return None


# "45 today, not 30 like last weekend": a number said to compare with, not an old value taken back
_COMPARED = re.compile(r"\s*(?:\w+\s+){0,2}?(?:like|as|than)\s+(?:the\s+)?(?:last|before|usual|previous|yesterday)\b", re.I)
# "81.5, down from 82.4", "up from 30 on Monday", "compared with 6.0": a number to compare with
_COMPARED_BEFORE = re.compile(r"\b(?:from|than|vs\.?|versus|compared\s+(?:to|with))\s+(?:the\s+|about\s+|around\s+)?$", re.I)


def compared(text: str, start: int, end: int) -> bool:
    """A number said to compare with ("down from 82.4", "than last time"), not a value of a record."""
    return _COMPARED.match(text, end) is not None or _COMPARED_BEFORE.search(text[max(0, start - 20):start]) is not None


def _as_cited(raw: str, o: Offer, by_id: dict[str, Value]) -> str:
    """A value the model copied as words that are the words of one offered number, time or amount
    ("25 min" of "25 mins"): that candidate, typed, instead of a string. Not a title or a name that
    holds a number ("The 39 Steps", "5k parkrun"), nor a value already given to a record."""
    if not re.search(r"\d", raw):
        return _same_words(raw, o, by_id)
    shown = _as_shown(raw, o)
    if shown is not None:
        return shown
    m = re.search(rf"(?<![\w.,]){re.escape(_norm(raw))}(?!\d|[.,]\d)", o.text.lower())
    if m is None:
        return _same_number(raw, o, by_id)
    hits = [i for i, v in by_id.items() if v.kind != "date" and v.start < m.end() and m.start() < v.end]
    if len(hits) != 1 or by_id[hits[0]].start in o.taken:
        return raw
    v = by_id[hits[0]]
    said = o.text[v.start:v.end].lower().split()
    same = all(any(a.startswith(b) or b.startswith(a) for b in said) for a in _norm(raw).split())
    return hits[0] if same else raw


def _as_shown(raw: str, o: Offer) -> str | None:
    """"12.00 GBP" for ``M1 "twelve quid" = 12.00 GBP``: the value as the offer showed it, copied in
    place of its id — that candidate, when exactly one was shown so and no record holds it yet."""
    want = _norm(raw)
    hits = [c.id for c in (*o.times, *o.money, *o.quantities) if c.start not in o.taken
            and _norm(re.sub(r"\s*\([^)]*\)", "", c.line().rsplit(" = ", 1)[-1])) == want]
    return hits[0] if len(hits) == 1 else None


_LEADING = re.compile(r"^(?:(?:a|an|about|around|roughly|nearly|almost|just|only|over|under|maybe)\s+)+")


def _same_words(raw: str, o: Offer, by_id: dict[str, Value]) -> str:
    """"quarter of an hour" of "a quarter of an hour", "ten minutes": a value copied as the words of one
    offered number (said in words) is that number, typed, not a text field. Only when the words are
    the number's own, all of them: "The Three Musketeers" holds a number but is a title."""
    want = _LEADING.sub("", _norm(raw))
    if not want:
        return raw
    hits = [i for i, v in by_id.items() if v.kind in ("float", "money", "time") and v.start not in o.taken
            and _LEADING.sub("", _norm(o.text[v.start:v.end])) == want]
    return hits[0] if len(hits) == 1 else raw


def _same_number(raw: str, o: Offer, by_id: dict[str, Value]) -> str:
    """"3 tablets" of "three tablets": the one offered number of that value whose words hold the
    model's noun (a number said in words, copied as digits)."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*", _norm(raw))
    if m is None:
        return raw
    value, noun = Decimal(m.group(1)), m.group(2)[:4]
    hits = [i for i, v in by_id.items() if v.kind == "float" and v.value == value and v.start not in o.taken
            and noun in o.text[v.start:v.end].lower()]
    return hits[0] if len(hits) == 1 else raw


# "I think it was $80?", "it was like 80 bucks?": a statement said unsure, not a question asked
_HEDGED = re.compile(r"^\W*(?:i\s+think|i\s+guess|i\s+reckon|i\s+believe|(?:i'm\s+)?pretty\s+sure|it\s+was\s+like)\b", re.I)


# "She thinks two sets, and maybe fifteen mins?": a statement, not opening as a question, said with a
# hedge and asking nothing of anyone (no "you", "any", "if"/"whether", "should", no question word anywhere:
# "Roughly how many miles did I run?" asks)
_HEDGE_WORD = re.compile(r"\b(?:thinks?|thought|reckons?|guess(?:es)?|maybe|probably|perhaps|roughly|about|around|or\s+so|"
                         r"ish)\b", re.I)
_ASKS_SOMEONE = re.compile(r"\b(?:you|your|any|anyone|anybody|if|whether|should|could|would|idea|tips?|advice|normal|ok(?:ay)?|"
                           r"how|what|when|where|which|who|whom|whose|why|remind|tell|total)\b", re.I)


def _unsure(sentence: str) -> bool:
    """A statement said unsure with a question mark: its values are still stated."""
    if _HEDGED.match(sentence):
        return True
    return (question_start(sentence) == 0 and not opens_as_question(sentence) and _HEDGE_WORD.search(sentence) is not None
            and _ASKS_SOMEONE.search(sentence) is None and _SUPPOSED.search(sentence) is None)


def asks(sentence: str) -> bool:
    """A sentence that asks the assistant something (the segmenter's reading of questions): values
    in it are not records. A statement said unsure ("I think it was $80?", "She thinks two sets,
    and maybe fifteen mins?") still states its value."""
    return question_start(sentence) is not None and not _unsure(sentence)


_SUPPOSED = re.compile(r"^\W*(?:if|say|suppose|supposing|assuming|what\s+if|imagine)\b|\b(?:plan(?:ning)?|thinking\s+(?:of|about)|going\s+to|gonna|"
                       r"will|want(?:ing)?\s+to|hop(?:e|ing)\s+to|aim(?:ing)?|should\s+i|could\s+i|would)\b|'ll\b", re.I)
"""A statement part that supposes or plans: nothing in it happened."""


def asked_spans(text: str) -> list[tuple[int, int]]:
    """The parts of ``text`` that ask something: a whole question, or only the tag after a
    statement ("I stayed in for about 20 minutes, which apparently is loads?" states its 20 minutes)."""
    out = []
    for a, b in sentences(text):
        sentence = text[a:b]
        start = question_start(sentence)
        if start is not None and not _unsure(sentence):
            # "If I stay in for 30 minutes, is that too long?", "Planning to do 5k, would that be ok?": the whole asks
            out.append((a + (0 if _SUPPOSED.search(sentence[:start]) else start), b))
    return out


def _nearest_words(text: str, values: dict[str, Value], date_span: tuple[int, int] | None) -> dict[str, Value]:
    """Words said more than once ("Maria" of two records) stand where they are nearest the
    record's numbers and day: the record's words are read in the record's own sentence."""
    anchors = [v.start for v in values.values() if v.kind != "str"] + ([date_span[0]] if date_span else [])
    if not anchors:
        return values
    out = dict(values)
    for name, v in values.items():
        if v.kind != "str":
            continue
        said = re.escape(_norm(text[v.start:v.end]))
        spots = [m.start() for m in re.finditer(rf"(?<!\w){said}(?!\w)", text.lower())] if said else []
        if len(spots) > 1:
            at = min(spots, key=lambda s: min(abs(s - a) for a in anchors))
            out[name] = Value("str", v.value, at, at + (v.end - v.start))
    return out


def _words_with_the_record(text: str, values: dict[str, Value], date_span: tuple[int, int] | None, *,
                           rejected: list[str], collection: str) -> dict[str, Value]:
    """Words said before the record begins are not its own: a record told from the sentence of its cited
    day on ("Hi again. So yesterday was a six-hour shift", "Back from Leeds. Went straight into a shift
    yesterday") does not take a greeting, a heading or an aside before that day as a field. Words said
    with the day, after it, or with any of the record's numbers stay."""
    if date_span is None:
        return values
    spans = sentences(text)

    def sentence(at: int) -> int:
        return next((i for i, (a, b) in enumerate(spans) if a <= at < b), -1)

    begins = min([sentence(date_span[0])] + [sentence(v.start) for v in values.values() if v.kind != "str"])
    out: dict[str, Value] = {}
    for fname, v in values.items():
        if v.kind == "str" and 0 <= sentence(v.start) < begins:
            rejected.append(f"{collection}.{fname}: {v.value!r} is said before the record begins")
            continue
        out[fname] = v
    return out


def _kind_of(v: Value) -> str:
    """What a value may be exchanged for when records are aligned by day: an amount of the same
    currency, a quantity of the same dimension, a time."""
    if v.kind == "money":
        return f"money:{v.currency}"
    if v.kind == "float":
        return f"float:{v.dimension}"
    return v.kind


_OTHER_DAY = re.compile(r"\b(?:than|since|from|like|as|until|till|before|after|vs\.?|down|up|compared)\b", re.I)
"""A day said to compare with or count from ("warmer than on Tuesday", "first time under 25 since I
started in January", "down from 82.4 on Saturday"): not the record's own."""


def _leads_into(o: Offer, c: Candidate, first: int, words: int = 5) -> bool:
    """A day that opens the numbers' own words ("on Wednesday: 4 off 9", "Last night was the dress
    rehearsal - three hours"): before them and a few words off, not the day of the telling ("Today my
    legs still hurt from those 20 miles") nor a possessive ("Yesterday's physio said my 25 minutes")."""
    if c.end > first or c.value == o.session_date.isoformat() or re.match(r"['’]s\b", o.text[c.end:]):
        return False
    return len(re.findall(r"[A-Za-z]+", o.text[c.end:first])) <= words


def _day_said_with(o: Offer, values: dict[str, Value], date_span: tuple[int, int] | None, day: dt.date) -> Any:
    """The day said in the sentences of a record's numbers, where the model's day cannot be the
    record's: a month said alone or a day ahead, said elsewhere ("signed up for the marathon in April
    ... Today was 10 miles"), or "today" where the numbers' own sentence says another past day
    ("did 4 miles with him yesterday, 44 minutes"), or a day cited from another sentence where the
    numbers' own sentence opens with a day of its own. Only a day said as a day (not a month), never one
    compared with or counted from, and the only one there; None otherwise: a day the model cited
    in the message stands ("Took a mock on Saturday. Listening 14 out of 25")."""
    spans = sentences(o.text)
    held = sorted({i for i, (a, b) in enumerate(spans) for v in values.values()
                   if v.kind in ("float", "money", "time") and a <= v.start < b})
    if not held:
        return None
    first = min(v.start for v in values.values() if v.kind in ("float", "money", "time"))
    before_values, near = False, True
    if date_span is not None:
        cited = next((c for c in o.dates if (c.start, c.end) == date_span), None)
        loose = day > o.session_date or (cited is not None and cited.month_only)
        if any(spans[i][0] <= date_span[0] < spans[i][1] for i in held):
            return None
        # a day said in another sentence gives way only to one that opens the numbers' own words
        # ("Alfie scored 61 yesterday ... Ted wasn't so lucky on Wednesday: 4 off 9"); the day of the telling
        # said further off than the sentence before them ("Happy Easter! ... So, first entry: Friday he went
        # to the pond and caught seven") gives way to the day their own clause opens with, a few more words off
        before_values = not loose
        near = any(spans[i - 1][0] <= date_span[0] < spans[i - 1][1] for i in held if i > 0)
    own = [c for c in o.dates if any(spans[i][0] <= c.start < spans[i][1] for i in held) and not c.month_only
           and not _OTHER_DAY.search(o.text[max(spans[i][0] for i in held if spans[i][0] <= c.start):c.start])
           and dt.date.fromisoformat(c.value) <= o.session_date  # a day ahead is no record's ("the first" of next month)
           and (not before_values or _leads_into(o, c, first, 5 if near or day != o.session_date else 10))]
    if len({c.value for c in own}) != 1:
        return None
    c = own[0]
    return Value("date", dt.date.fromisoformat(c.value), c.start, c.end)


_DAY_FILLER = frozenset({"the", "a", "an", "on", "this", "that", "last", "next", "first", "second", "third", "fourth",
                         "my", "our", "usual", "normal", "of", "in", "at", "weekend", "morning", "afternoon",
                         "evening", "night"})


def _only_a_day(o: Offer, span: tuple[int, int]) -> bool:
    """Words that are a day the finders read ("Thursday", "Second Saturday", "Easter") put as a text
    value: days reach a record only as the date ids the finders offer; "Sunday league" has more."""
    a, b = span
    days = [(max(a, c.start), min(b, c.end)) for c in o.dates if c.start < b and a < c.end]
    if not days:
        return False
    rest = "".join(ch if not any(x <= i < y for x, y in days) else " " for i, ch in enumerate(o.text[a:b], a))
    return all(w.lower() in _DAY_FILLER for w in re.findall(r"[A-Za-z]+", rest))


def verify(raw: Any, o: Offer) -> Checked:
    out = Checked()
    records = raw.get("records") if isinstance(raw, dict) else None
    if not isinstance(records, list):
        return out
    by_id: dict[str, Value] = {}
    for c in o.dates:
        by_id[c.id] = Value("date", dt.date.fromisoformat(c.value), c.start, c.end)
    for c in o.times:
        by_id[c.id] = Value("time", c.value, c.start, c.end)
    for c in o.money:
        by_id[c.id] = Value("money", Decimal(c.value), c.start, c.end, currency=c.currency or "")
    for q in o.quantities:
        counted = bool(q.unit) and not q.measured  # "6 jars": a number; the noun is the model's to name the field by
        by_id[q.id] = Value("float", q.value, q.start, q.end, "" if counted else q.unit, "" if counted else q.dimension)
    records = align(records, {i: Cited(_kind_of(v), v.start) for i, v in by_id.items()}, o.text)
    asked = asked_spans(o.text)
    spanned = {q.start for q in o.quantities if q.note == FROM_A_SPAN}
    taken: set[tuple[str, str]] = set()  # a number is one person's record's: cited again for them, no second record
    for rec in records:
        if not isinstance(rec, dict):
            continue
        name = clean_name(rec.get("collection", ""))
        if not name:
            out.rejected.append("a record without a collection")
            continue
        fields = rec.get("values")
        named = fields.get("who") if isinstance(fields, dict) and not rec.get("who") else None
        who = who_of(rec.get("who") or named, o.text, o.people)
        if who is None and named and not rec.get("who"):
            who = "me"  # a person put among the values who is not in the message: whose it is is read by code
        if who is None:
            out.rejected.append(f"{name}: who {rec.get('who')!r} is not in the message")
            continue
        day, date_span = o.session_date, None
        date_id = rec.get("date")
        if date_id not in (None, "today"):
            cited = by_id.get(str(date_id))
            if cited is None or cited.kind != "date":
                out.rejected.append(f"{name}: date {date_id!r} was not offered")
                continue
            day, date_span = cited.value, (cited.start, cited.end)
            surface = o.text[cited.start:cited.end].lower()
            if day > o.session_date and (day - o.session_date).days < 7 and _WEEKDAY.search(surface):
                day -= dt.timedelta(days=7)  # "did it on Wednesday": a record happened, so the last one
        values: dict[str, Value] = {}
        twice = False
        for raw_name, raw_value in (fields.items() if isinstance(fields, dict) else ()):
            fname = clean_name(raw_name)
            fname = fname if fname in _WHEN_FIELDS else usable_field_name(fname)
            if not fname or fname in values or not isinstance(raw_value, str) or (fname == "who" and named):
                continue
            if raw_value not in by_id:
                raw_value = _as_cited(raw_value, o, by_id)
            if raw_value in by_id:
                v = by_id[raw_value]
                if any(a <= v.start < b for a, b in asked):
                    out.rejected.append(f"{name}.{fname}: {raw_value} is in a question, not a record")
                    continue
                if v.kind == "date" and fname in ("date", "day", "when"):
                    continue  # the record's own day, already taken from "date"
                if (raw_value, who) in taken and v.kind != "date":
                    twice = True
                    continue
                if taken_back(o.text, v):
                    instead = _said_instead(o.text, v, by_id)
                    cited = {by_id[r] for r in fields.values() if isinstance(r, str) and r in by_id and r != raw_value} \
                        if isinstance(fields, dict) else set()
                    if instead is None or instead in cited or any(instead is w for w in values.values()):
                        out.rejected.append(f"{name}.{fname}: {raw_value} is a value the message takes back")
                        continue
                    v = instead  # "two and a half hours, not an hour and a half": the value said in its place
                held_by = next((k for k, w in values.items() if w is v), None)
                if held_by is not None:
                    # one number, one field: the same 180 cited as "weight", "ohp" and "squat" is the first's,
                    # unless a later field is named by the number's own noun ("cards" for "four cards")
                    if _names_its_noun(fname, o.text, v) and not _names_its_noun(held_by, o.text, v):
                        del values[held_by]
                        values[fname] = v
                    continue
                values[fname] = v
                continue
            if fname in _WHEN_FIELDS:
                continue  # "when": "Saturday" is the record's day, read from its date, not a text field
            if _norm(raw_value) in _SELF | _PERSONAL or (who != "me" and _norm(raw_value) == who.lower()):
                continue  # "client": "me", "runner": "Sam" of Sam's own record: whose it is, said again, is no value
            span = find_words(o.text, raw_value)
            if span is None or len(raw_value) > MAX_TEXT or re.fullmatch(r"[\d.,:/\s]+", raw_value):
                out.rejected.append(f"{name}.{fname}: {raw_value!r} is not words of the message")
                continue
            if _only_a_day(o, span):
                out.rejected.append(f"{name}.{fname}: {raw_value!r} is a day, which is cited only as a date")
                continue
            values[fname] = Value("str", o.text[span[0]:span[1]].strip(), span[0], span[1])
        values = _said_once(values, spanned)
        values = _nearest_words(o.text, values, date_span)
        values = _fit_names(_labelled(o.text, values, name), [v.start for v in values.values() if v.kind == "str"]
                            + ([date_span[0]] if date_span else []))
        values = _with_totals(values)
        values = _fallen(o.text, values)
        values = _words_with_the_record(o.text, values, date_span, rejected=out.rejected, collection=name)
        own_day = _day_said_with(o, values, date_span, day)
        if own_day is not None:
            day, date_span = own_day.value, (own_day.start, own_day.end)
        if day > o.session_date:
            out.rejected.append(f"{name}: dated {day} after the message — a plan, not a record")
            continue
        if twice and not any(v.kind in ("float", "money", "time") for v in values.values()):
            out.rejected.append(f"{name}: its numbers are another record's")
            continue
        taken.update((i, who) for i, v in by_id.items() if v.kind != "date" and any(v is w for w in values.values()))
        if not values and not (_only_happened(rec) and _said_done(o.text, name)):
            out.rejected.append(f"{name}: no verified value")
            continue
        if not any(v.kind == "str" for v in values.values()):
            what = _measured_thing(o.text, values)
            if what is not None:
                values["item"] = what
        # the numbers said with the record ("140 not 150"): an old value named further off in the message
        # is another record's, not one this record corrects
        spans = sentences(o.text)
        held = [i for i, (a, b) in enumerate(spans) if any(a <= v.start < b for v in values.values() if v.kind != "date")]
        # and the sentence before them: "I said 82.4 on Monday but that was wrong. Should have been 81.9."
        own = [spans[i] for i in sorted({j for i in held for j in (i - 1, i) if j >= 0})]
        # an amount names an old one only where it is taken back ("£35, not £40"): "last week was £78" compares
        said_numbers = [(q.value, q.start, q.end) for q in o.quantities] + [
            (Decimal(c.value), c.start, c.end) for c in o.money if _taken_back_at(o.text, c.start)] + [
            # and one said bare, taken back: "so it was five hours, not five and a half"
            (n, a0, b0) for a0, b0, n in bare_numbers(o.text, [(c.start, c.end) for c in (*o.dates, *o.times)])
            if _taken_back_at(o.text, a0)]
        numbers = tuple(n for n, a0, b0 in said_numbers if not compared(o.text, a0, b0)
                        and (not own or any(a <= a0 < b for a, b in own)))
        month_only = date_span is not None and any(c.month_only and (c.start, c.end) == date_span for c in o.dates)
        back = tuple((w.value, w.unit) for w in by_id.values() if taken_back(o.text, w) and (not own or any(a <= w.start < b for a, b in own)))
        for one in _one_per_item(o.text, values, by_id):
            out.records.append(Proposed(name, who, day, rec.get("corrects") is True, one, date_span, month_only=month_only,
                                        numbers=numbers, taken_back=back,
                                        date_surface=o.text[date_span[0]:date_span[1]] if date_span else "",
                                        session_date=o.session_date))
    return out


def _said_once(values: dict[str, Value], spanned: set[int]) -> dict[str, Value]:
    """"five hours, 9 till 2": a duration counted from two clock times beside the same duration said
    outright is one measure said twice, not a second field."""
    def same(w: Value, v: Value) -> bool:
        here = convert(w.value, w.unit, v.unit) if w.kind == "float" and w.dimension == v.dimension else None
        return here is not None and abs(float(here) - float(v.value)) < 0.01

    return {k: v for k, v in values.items() if v.start not in spanned or not any(w is not v and same(w, v) for w in values.values())}


_CHANGE_FIELD = re.compile(r"(?:^|_)(?:change|changes|diff|difference|delta|movement|net|shift|swing)(?:_|$)")
_FELL_BY = re.compile(r"\b(?:dropped|drops?|fell|falls?|down|decreased?|declined?|lost|loses|lower|minus|dipped|dips?|slipped|"
                      r"sank|sunk|shed)\s+(?:by\s+)?(?:(?:about|around|roughly|nearly|almost|another|a\s+further|a\s+whole|only|just)\s+)?$", re.I)


def _fallen(text: str, values: dict[str, Value]) -> dict[str, Value]:
    """A change said as a fall ("his rating dropped 4 points", "went down 15") is a negative change:
    a field that keeps a change ("rating_change") holds it below nothing; a field of what was lost
    ("weight_lost_kg") keeps the number as said."""
    out = dict(values)
    for name, v in values.items():
        if v.kind in ("float", "money") and v.value > 0 and _CHANGE_FIELD.search(name) and _FELL_BY.search(text[max(0, v.start - 40):v.start]):
            out[name] = replace(v, value=-v.value)
    return out


_SCALES = frozenset({"/5", "/10", "/100"})


def _with_totals(values: dict[str, Value]) -> dict[str, Value]:
    """A mark kept with the total it is out of ("47 out of 60": ``score`` 47 and ``score_out_of`` 60), so
    marks out of different totals can be compared; a rating on a fixed scale (out of 5, 10, 100) is not."""
    out = dict(values)
    for name, v in values.items():
        if v.kind != "float" or v.dimension != "rating" or not v.unit.startswith("/") or v.unit in _SCALES:
            continue
        total = Decimal(v.unit[1:])
        if f"{name}_out_of" not in out and not any(w.kind == "float" and w.value == total for w in values.values()):
            out[f"{name}_out_of"] = Value("float", total, v.start, v.end)
    return out


_LIST_JOIN = re.compile(r"\s*(?:,\s*(?:and\s+|then\s+)?|\s+(?:and|then)\s+|\s*&\s*)")


def _listed(text: str, by_id: dict[str, Value]) -> list[list[Value]]:
    """Runs of three or more numbers said as one list ("142, 167 and 155", "62, 68 and 71 wpm"):
    the same kind of thing, each unitless or in the unit of the last."""
    numbers = sorted((v for v in by_id.values() if v.kind == "float"), key=lambda v: v.start)
    runs: list[list[Value]] = []
    for v in numbers:
        last = runs[-1][-1] if runs else None
        if last is not None and _LIST_JOIN.fullmatch(text[last.end:v.start]) and (not last.unit or last.unit == v.unit):
            runs[-1].append(v)
        else:
            runs.append([v])
    return [run for run in runs if len(run) >= 3]


def _counted_before(text: str, run: list[Value]) -> bool:
    """The list is said as that many of something ("Three games: 142, 167 and 155", "3 tries - 62, 68, 71")."""
    sentence = next((a for a, b in sentences(text) if a <= run[0].start < b), 0)
    words = re.findall(r"[a-z]+|\d+", text[sentence:run[0].start].lower())
    return any(spelled_value(w) == len(run) or w == str(len(run)) for w in words)


def _one_per_item(text: str, values: dict[str, Value], by_id: dict[str, Value]) -> list[dict[str, Value]]:
    """One record per item of a list the model spread over several fields of one record ("Three
    games: 142, 167 and 155" read as games 142, handicap 167, losses 155): items of one list are the
    same kind of thing, so each is a record of its own, under the first item's field; the record's
    other values stay with the first."""
    for run in _listed(text, by_id):
        fields = [name for name, v in values.items() if any(v is item for item in run)]
        if len(fields) < 2 or not (_counted_before(text, run) or len({re.sub(r"_?\d+$", "", f) for f in fields}) == 1):
            continue  # "BP 128, 84, 61": three measures of one reading, not three readings
        rest = {k: v for k, v in values.items() if k not in fields}
        return [{**(rest if i == 0 else {k: v for k, v in rest.items() if v.kind == "str"}), fields[0]: item}
                for i, item in enumerate(run)]
    return [values]
