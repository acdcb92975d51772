"""Deterministic cues in a question: data values, field names, numbers with comparisons, limits.

Everything found here is anchored in the question text *and* in state (a value matches only if
some record holds it), so the planner never has to trust a guess for these parts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from rapidfuzz import fuzz

from engine.ask.catalog import Collection, FieldInfo
from engine.ask.inflect import word_forms
from engine.ask.lexicon import COLLECTION_SYNONYMS, FIELD_SYNONYMS, VALUE_SYNONYMS
from engine.ask.text import Token, fold, root, stem, tokens, variants
from engine.ask.timecues import NUMBER_WORDS

STOP = {
    "the", "a", "an", "my", "i", "me", "of", "in", "on", "at", "to", "for", "did", "do", "does", "was", "were",
    "is", "are", "what", "which", "how", "many", "much", "and", "or", "with", "by", "from", "have", "has", "had",
    "it", "that", "this", "there", "when", "where", "who", "all", "any", "than", "be", "been", "most", "least",
    "through", "into", "about",
}


@dataclass(frozen=True)
class ValueHit:
    field: str
    value: str
    start: int
    end: int
    score: float
    partial: bool = False
    """The question names only the value's first words ("Whole Foods" of "Whole Foods Market",
    "Shell" of every "Shell - <branch>"): a ``contains`` condition, not equality."""


@dataclass(frozen=True)
class FieldHit:
    field: str
    pos: int
    word: str
    direct: bool


@dataclass(frozen=True)
class Comparison:
    op: str
    value: Decimal
    high: Decimal | None
    pos: int
    end: int
    unit: str


def field_matches(fragment: str, f: FieldInfo) -> bool:
    if fragment == "$money":
        return f.kind == "money"
    if fragment == "$date":
        return f.temporal
    return any(w == fragment or w.startswith(fragment) for w in f.words)


def find_values(question: str, coll: Collection, reserved: list[tuple[int, int]]) -> list[ValueHit]:
    """Values of categorical fields named in the question (exact words, plurals, close spellings)."""
    q = question.lower()
    toks = tokens(question)
    stems = {t.stem for t in toks}
    hits: list[ValueHit] = []
    names = coll.name_stems
    for f in coll.categorical():
        close = len(f.values) <= CLOSE_MATCH_MAX
        # "soap_and_candle_batches": a name that lists two kinds of one field names neither alone
        kinds_named = sum(stem(fold(str(v)).lower()) in names for v in f.values) >= 2
        for value in f.values:
            v = fold(value).lower().strip()
            if not v or len(v) > 60:
                continue
            for start, end, score in _locate(v, q, toks, stems, close):
                if any(start < b and a < end for a, b in reserved):
                    continue
                if not kinds_named and {stem(w) for w in q[start:end].split()} <= names and (q[start:end] != v or len(f.values) < 2
                                                                         or _beside_the_name(q, start, end, names)) and (
                        score < 95 or not any(re.search(rf"\b{re.escape(w)}", q) for w in f.words)):
                    continue  # "book" is the collection, not a close spelling of "Ebook"; "games" is not the winner "game"
                hits.append(ValueHit(f.name, value, start, end, score))
            for t in toks:
                if any(t.pos < b and a < t.pos + len(t.text) for a, b in reserved):
                    continue
                if v in VALUE_SYNONYMS.get(t.text, ()) + VALUE_SYNONYMS.get(t.stem, ()):
                    hits.append(ValueHit(f.name, value, t.pos, t.pos + len(t.text), 90.0))
                elif _another_form(t.text, v, coll):
                    hits.append(ValueHit(f.name, value, t.pos, t.pos + len(t.text), 92.0))
    hits = [h for h in hits if not _names_a_number(q, h.start, h.end, coll)]
    hits += [p for p in _leading_words(q, coll, toks, reserved)
             if not any(p.start < h.end and h.start < p.end for h in hits)]
    hits.sort(key=lambda h: (-(h.end - h.start), -h.score, h.start))
    kept: list[ValueHit] = []
    for h in hits:
        if any(h.start < k.end and k.start < h.end and (k.field, k.value) != (h.field, h.value) and
               (k.end - k.start) > (h.end - h.start) for k in kept):
            continue
        kept.append(h)
    every_kind = bool(_EVERY_KIND.search(q))
    return sorted((_with_kinds(h, coll) if every_kind else h for h in kept), key=lambda h: h.start)


def _beside_the_name(q: str, start: int, end: int, names: set[str]) -> bool:
    """The word is said next to another word of the collection's name ("coffee shop visits", "book club"):
    the collection named, not one of its values."""
    before = re.findall(r"[a-z]+", q[max(0, start - 20):start])
    after = re.findall(r"[a-z]+", q[end:end + 20])
    return bool(before and stem(before[-1]) in names or after and stem(after[0]) in names)


def _another_form(word: str, value: str, coll: Collection | None = None) -> bool:
    """A one-word value said as another form of its verb: "lend" of "lent", "repayment" of "repaid"; not a
    stage in progress ("reading"), nor a word that names one of the collection's number fields ("pages read")."""
    if " " in value or word == value or len(word) < 3 or not value.isalpha() or value.endswith("ing"):
        return False
    if coll is not None and any(f.numeric and word_forms(word, ("VERB",)) & set(f.name.split("_")) for f in coll.fields.values()):
        return False
    if value in word_forms(word, ("NOUN",)):
        return False  # "games" of "game": the same noun, which the exact match already weighs
    if value in word_forms(word, ("VERB",)):
        return True
    if value.endswith("ment") and len(value) > 7 and value[:-4] in word_forms(word, ("VERB",)):
        return True  # "repaid" of "repayment"
    return word.endswith("ments") and value in word_forms(word[:-5], ("VERB",)) or (
        word.endswith("ment") and len(word) > 7 and value in word_forms(word[:-4], ("VERB",)))


def _names_a_number(q: str, start: int, end: int, coll: Collection) -> bool:
    """The word at ``start:end`` is a number field's with its noun just before it ("how many games did I
    win": ``games_won``), not a result ("how many matches have I won", "games … in matches I won")."""
    said = q[start:end].strip()
    if " " in said:
        return False
    forms = word_forms(said, ("VERB",))
    near = {stem(w) for w in re.findall(r"[a-z]+", q[max(0, start - 25):start])}
    return any(f.numeric and forms & set(parts) and any(stem(p) in near for p in parts if p not in forms)
               for f in coll.fields.values() for parts in [f.name.split("_")])


_EVERY_KIND = re.compile(r"\b(?:any|all|every|each|whatever)\s+(?:kinds?|sorts?|types?|variet(?:y|ies)|flavou?rs?)\b|"
                         r"\bof\s+(?:any|every)\s+(?:kind|sort|type)\b")


def _with_kinds(hit: ValueHit, coll: Collection) -> ValueHit:
    """Where the question asks for every kind, a value that other values end with is their head
    noun: "lattes, any kind" counts the oat and iced lattes too (a ``contains`` condition)."""
    v = fold(hit.value).lower().strip()
    if hit.partial or not re.fullmatch(r"[a-z]+", v):
        return hit
    others = [fold(o).lower().strip() for o in coll.fields[hit.field].values]
    if any(re.search(rf"{re.escape(v)}(?!$)", o) and not o.endswith(" " + v) for o in others if o != v):
        return hit  # "gin" inside "ginger beer": not a kind of gin
    if any(o.endswith(" " + v) for o in others):
        return ValueHit(hit.field, hit.value, hit.start, hit.end, hit.score, partial=True)
    return hit


def _leading_words(q: str, coll: Collection, toks: list[Token], reserved: list[tuple[int, int]]) -> list[ValueHit]:
    """Question words that begin some values of a text field ("whole foods" → "Whole Foods Market"):
    one hit per field, for the longest run of words; words that name the collection or its fields,
    and short or common words, never count."""
    own = {stem(p) for p in coll.name.split("_")} | {w for f in coll.fields.values() for w in f.words}
    own |= {stem(w) for p in coll.name.split("_") for w in COLLECTION_SYNONYMS.get(stem(p), ())}  # "visited": a trip
    out: list[ValueHit] = []
    for f in coll.categorical():
        if len(f.values) > CLOSE_MATCH_MAX:
            continue
        itself = {f.name} if "_" not in f.name else set()  # "hotels" names the Hotel column, not its values "Hotel Neri", "Hotel Arts"
        starts = [[stem(w) for w in re.findall(r"[a-z0-9&]+", v.lower())] for v in f.values]
        heads = [vs[0] for vs in starts if vs]
        shared = {h for h in heads if heads.count(h) >= 2}  # "Online - Teams", "Online - Zoom": "online" begins both
        runs: list[tuple[int, int]] = []
        i = 0
        while i < len(toks):
            t = toks[i]
            n = 0
            if not (t.stem in STOP or variants(t.text) & own and (t.stem not in shared or variants(t.text) & itself) or len(t.text) < 4
                    or any(t.pos < b and a < t.pos + len(t.text) for a, b in reserved)):
                while i + n < len(toks) and any(len(vs) > n and all(vs[k] == toks[i + k].stem for k in range(n + 1)) for vs in starts):
                    n += 1
            if n:
                runs.append((toks[i].pos, toks[i + n - 1].pos + len(toks[i + n - 1].text)))
            i += max(n, 1)
        if runs:
            best = max(runs, key=lambda r: (r[1] - r[0], -r[0]))
            kept = [r for k, r in enumerate(runs) if r == best or _joined(q, runs, k) or _set_against(q, best, r)]
            out += [ValueHit(f.name, q[a:b], a, b, 80.0, partial=True) for a, b in kept]
    return out


JOINED = re.compile(r"\s*(?:,\s*)?(?:(?:or|and/or|and)\s+)?(?:(?:either|at|in|on|the|a|an|from|with|to|by)\s+){0,2}")


def _joined(q: str, runs: list[tuple[int, int]], k: int) -> bool:
    """The run is said next to another by "or", "and" or a comma ("Shell or Arco"): alternatives
    of one field, each its own value."""
    def gap(a: tuple[int, int], b: tuple[int, int]) -> bool:
        text = q[a[1]:b[0]]
        return bool(re.search(r",|\b(?:or|and)\b", text)) and bool(JOINED.fullmatch(text))
    return (k > 0 and gap(runs[k - 1], runs[k])) or (k + 1 < len(runs) and gap(runs[k], runs[k + 1]))


def _set_against(q: str, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """The two runs are said either side of "than" or "versus" ("more at Bloom than at Greenfingers"): the
    two sides of a difference, each its own value."""
    first, second = sorted([a, b])
    if not re.search(r"\bhow\s+(?:much|many|far|long)\b", q[:first[0]]):
        return False  # "did I spend more at X than at Y": a yes or no, answered over the first alone
    return first[1] <= second[0] and re.search(r"\b(?:than|vs|versus|compared\s+(?:with|to))\b", q[first[1]:second[0]]) is not None


CLOSE_MATCH_MAX = 2_000
"""Values a field may have for close spellings to be tried; beyond, only exact words and stems."""


def _locate(value: str, q: str, toks: list[Token], stems: set[str], close: bool = True) -> list[tuple[int, int, float]]:
    out = []
    if value in q:
        for m in re.finditer(rf"(?<![a-z0-9]){re.escape(value)}(?:e?s)?(?![a-z0-9])", q):
            out.append((m.start(), m.end(), 100.0))
    if out:
        return out
    vstems = [stem(w) for w in re.findall(r"[a-z0-9]+", value)]
    if not vstems or (not close and vstems[0] not in stems):
        return out
    if len(vstems) == 1 and len(value) >= 8:  # "physio": Physiotherapy
        out += [(t.pos, t.pos + len(t.text), 90.0) for t in toks
                if len(t.text) >= 6 and value.startswith(t.text) and t.stem not in STOP]
        if out:
            return out
    n = len(vstems)
    vroots = [root(w) for w in vstems]
    for i in range(len(toks) - n + 1):
        window = toks[i:i + n]
        if [t.stem for t in window] == vstems:
            out.append((window[0].pos, window[-1].pos + len(window[-1].text), 95.0))
        elif [root(t.stem) for t in window] == vroots and not any(t.stem in STOP for t in window):
            out.append((window[0].pos, window[-1].pos + len(window[-1].text), 92.0))  # "dermatologist": Dermatology
        elif len(value) >= 5 and not any(t.stem in STOP for t in window):
            joined = " ".join(t.text for t in window)
            score = fuzz.ratio(joined, value)
            if score >= 88:
                out.append((window[0].pos, window[-1].pos + len(window[-1].text), float(score)))
    return out


SHAPING = {"total", "sum", "count", "number", "average", "avg", "mean", "median", "times"}
"""Words that say what to compute: a field called "total" is not what "how much in total" is about."""


def _unit_fields(question: str, coll: Collection) -> set[str]:
    """Numeric fields a unit word names by its first, most specific fragment ("kilometers" → a
    ``*_km`` field, not any distance): a collection named only by the unit it measures in."""
    out: set[str] = set()
    for t in tokens(question):
        for v in variants(t.text):
            frags = FIELD_SYNONYMS.get(v, ())
            if frags and not frags[0].startswith("$"):
                out |= {f.name for f in coll.numeric() if frags[0] in f.words}
    return out


def _compound_head(word: str, f: FieldInfo) -> bool:
    """"airfare" names a fare, "paycheck" a check: a compound whose last part is a field's word."""
    return len(word) >= 7 and any(len(w) >= 4 and word.endswith(w) and len(word) - len(w) >= 3 for w in f.words)


def find_fields(question: str, coll: Collection) -> list[FieldHit]:
    """Fields the question names directly ("calories") or through a synonym ("spent" -> money)."""
    hits: list[FieldHit] = []
    for t in tokens(question):
        for f in coll.fields.values():
            if t.stem in STOP or len(t.stem) < 2:
                continue
            if variants(t.text) & set(f.words) or (len(t.stem) >= 4 and any(w.startswith(t.stem) for w in f.words if len(w) >= 4)) \
                    or _compound_head(t.stem, f):
                hits.append(FieldHit(f.name, t.pos, t.stem, True))
            elif any(field_matches(frag, f) for v in variants(t.text) for frag in FIELD_SYNONYMS.get(v, ())):
                hits.append(FieldHit(f.name, t.pos, t.stem, False))
            elif len(t.stem) >= 4 and f.numeric and word_forms(t.text.lower(), ("VERB",)) & set(f.words) - {t.text.lower()}:
                hits.append(FieldHit(f.name, t.pos, t.stem, False))  # "how much have I taken": the takings
    return hits


FRACTIONS = {"half a": Decimal("0.5"), "half an": Decimal("0.5"),
             "a quarter of a": Decimal("0.25"), "a quarter of an": Decimal("0.25"), "a quarter": Decimal("0.25"),
             "three quarters of a": Decimal("0.75"), "three quarters of an": Decimal("0.75"),
             "a third of a": Decimal(1) / 3, "a third of an": Decimal(1) / 3}
"""A bound said as a fraction of its unit: "more than half an inch", "under a quarter of a mile"."""
_FRACTION = "|".join(re.escape(k).replace(r"\ ", r"\s+") + r"(?!\s+dozen)\b" for k in sorted(FRACTIONS, key=len, reverse=True))
# "10k steps": thousands before a count (as the record reader reads them); "5k" alone is a distance
_THOUSANDS = r"(?:k(?=\s*(?:steps|words|points|calories|miles)\b))?"
_NUM = r"(" + _FRACTION + r"|\d+(?:,\d{3})*(?:\.\d+)?" + _THOUSANDS + "|" + "|".join(k for k in NUMBER_WORDS if len(k) > 2) + ")"
_CUR = r"(?:[$€£]\s*)?"
_UNIT = r"\s*([a-z$€£%]+)?"
_RANGE_OF = r"(?:the\s+|her\s+|his\s+|my\s+|their\s+|our\s+)?(?:(?:target\s+|normal\s+)?range\s+(?:of\s+)?)?"
COMPARE = [
    (rf"\bbetween\s+{_CUR}{_NUM}{_UNIT}\s+and\s+{_CUR}{_NUM}", "between"),
    # "outside the 2 to 3 range", "within 2-3": a range said with its two ends
    (rf"\boutside\s+(?:of\s+)?{_RANGE_OF}{_CUR}{_NUM}{_UNIT}\s*(?:-|–|to)\s*{_CUR}{_NUM}(?!\s+and\b)", "outside"),
    (rf"\b(?:within|inside)\s+{_RANGE_OF}{_CUR}{_NUM}{_UNIT}\s*(?:-|–|to)\s*{_CUR}{_NUM}(?!\s+and\b)", "between"),
    (rf"\b(?:more|greater|higher|larger|bigger|longer|further|farther|heavier|pricier|costlier)\s+than\s+{_CUR}{_NUM}", "gt"),
    (rf"\b(?:over|above|exceeding|exceeded|beyond)\s+{_CUR}{_NUM}", "gt"),
    (rf"\b(?:at\s+least|minimum\s+of|no\s+less\s+than|or\s+more)\s+{_CUR}{_NUM}", "ge"),
    (rf"\b{_CUR}{_NUM}{_UNIT}\s+or\s+(?:more|longer|higher|greater|bigger|further|farther|above|over)\b", "ge"),
    (rf"\b(?:less|fewer|lower|smaller|shorter|cheaper|lighter)\s+than\s+{_CUR}{_NUM}", "lt"),
    (rf"\b(?:under|below|beneath)\s+{_CUR}{_NUM}", "lt"),
    (rf"\b(?:at\s+most|no\s+more\s+than|maximum\s+of|up\s+to)\s+{_CUR}{_NUM}", "le"),
    (rf"\b{_CUR}{_NUM}{_UNIT}\s+or\s+(?:less|fewer|shorter|lower|smaller|below|under)\b", "le"),
    (rf"\b(?:exactly|equal\s+to)\s+{_CUR}{_NUM}", "eq"),
    # a target met: "reach her 3,000 step target", "hit 10k steps", "cleared 2 metres"
    (rf"\b(?:reach|reached|reaches|reaching|hit|hits|hitting|cleared|topped)\s+(?:(?:my|his|her|their|our|the|a|an)\s+)?{_CUR}{_NUM}", "ge"),
]


def _num(text: str) -> Decimal:
    t = text.replace(",", "")
    said = " ".join(t.split())
    if said in FRACTIONS:
        return FRACTIONS[said]
    if t.endswith("k") and t[:-1].replace(".", "", 1).isdigit():
        return Decimal(t[:-1]) * 1000
    return Decimal(NUMBER_WORDS[t]) if t in NUMBER_WORDS else Decimal(t)


_HOURS = (r"(?:(?P<n>an?|one|two|three|four|five|six|\d+(?:\.\d+)?)\s+hours?(?P<half>\s+and\s+a\s+half)?"
          r"|(?P<halfhour>half\s+an\s+hour)|(?P<nh>\d+|one|two|three)\s+and\s+a\s+half\s+hours)")
DURATION_COMPARE = [
    (rf"\b(?:(?:more|longer)\s+than|over|above|beyond|exceeding)\s+{_HOURS}", "gt"),
    (rf"\b(?:at\s+least|no\s+less\s+than)\s+{_HOURS}", "ge"),
    (rf"\b{_HOURS}\s+or\s+(?:more|longer|over)\b", "ge"),
    (rf"\b(?:(?:less|shorter)\s+than|under|below)\s+{_HOURS}", "lt"),
    (rf"\b(?:at\s+most|no\s+more\s+than|up\s+to)\s+{_HOURS}", "le"),
    (rf"\b{_HOURS}\s+or\s+(?:less|shorter|under)\b", "le"),
]
"""A length of time said in words ("over an hour", "an hour and a half or more") is compared in
hours; :func:`engine.ask.plan._filters` turns it into minutes for a field kept in minutes."""


def _hours(m: re.Match[str]) -> Decimal:
    if m.group("halfhour"):
        return Decimal("0.5")
    if m.group("nh"):
        return _num(m.group("nh")) + Decimal("0.5")
    n = m.group("n")
    hours = Decimal(1) if n in ("a", "an") else _num(n)
    return hours + (Decimal("0.5") if m.group("half") else 0)


def find_comparisons(question: str) -> list[Comparison]:
    q = question.lower()
    out: list[Comparison] = []
    for pattern, op in DURATION_COMPARE:
        for m in re.finditer(pattern, q):
            if not any(m.start() < c.end and c.pos < m.end() for c in out):
                out.append(Comparison(op, _hours(m), None, m.start(), m.end(), "hours"))
    for pattern, op in COMPARE:
        for m in re.finditer(pattern, q):
            if any(m.start() < c.end and c.pos < m.end() for c in out):
                continue
            years = [g for g in (m.group(1), m.group(3) if op in ("between", "outside") else None) if g]
            if all(re.fullmatch(r"(19|20)\d{2}", g) for g in years) and "$" not in m.group(0):
                continue
            if op in ("between", "outside"):
                low, high = _num(m.group(1)), _num(m.group(3))
            else:
                low, high = _num(m.group(1)), None
            tail = q[m.end():m.end() + 24]
            unit_m = re.match(r"\s*([a-z]+)", tail)
            unit = "$" if re.search(r"[$€£]|dollar|euro|pound|usd|eur", m.group(0) + tail[:10]) else (unit_m.group(1) if unit_m else "")
            out.append(Comparison(op, low, high, m.start(), m.end(), unit))
    for m in TIMES_IN_WORDS.finditer(q):  # "been to only once", "more than twice": a number of times
        if not any(m.start() < c.end and c.pos < m.end() for c in out):
            op = {"more than": "gt", "over": "gt", "at least": "ge", "at most": "le", "no more than": "le",
                  "less than": "lt", "fewer than": "lt"}.get(" ".join((m.group(1) or "").split()), "eq")
            out.append(Comparison(op, Decimal(ONCE[m.group(2)]), None, m.start(), m.end(), "times"))
    return out


ONCE = {"once": 1, "twice": 2, "thrice": 3}
TIMES_IN_WORDS = re.compile(
    r"\b(?:(more\s+than|over|at\s+least|at\s+most|no\s+more\s+than|less\s+than|fewer\s+than)\s+|"
    r"(?:only\s+|just\s+|exactly\s+)?(?:ever\s+)?)(once|twice|thrice)\b(?!\s+(?:a|an|per|every|each|in\s+a)\b)")
"""A count said as a word: "only once", "more than twice" (not a rate: "once a week")."""


def find_limit(question: str) -> int | None:
    """'top 3', 'three most expensive', '5 largest': a ranking limit."""
    q = question.lower()
    m = re.search(rf"\b(?:top|first|last|best|worst)\s+{_NUM}\b", q) or re.search(
        # "which two trails have I hiked the most": a count of answers asked for with a superlative
        rf"^\s*(?:which|what)\s+(?:are\s+(?:the|my|our)\s+)?{_NUM}\s+(?:[a-z]+s|people|men|women|children)\b(?!\s+(?:long|old|away))"
        rf"(?=.*\b(?:most|least|highest|lowest|largest|longest|biggest|best|worst)\b)", q) or re.search(
        rf"\b{_NUM}\s+(?:most|least|largest|biggest|smallest|highest|lowest|longest|shortest|cheapest|latest|earliest|"
        rf"priciest|heaviest|lightest|recent|newest|oldest)\b", q
    )
    if not m:
        return None
    try:
        n = int(_num(m.group(1)))
    except (ValueError, ArithmeticError):
        return None
    return n if 1 < n <= 100 else None


def collection_score(question: str, coll: Collection) -> float:
    """How strongly the question points at ``coll``: its name, synonyms, fields and values."""
    stems_ = [t.stem for t in tokens(question)]
    stems_ += [stem(w.replace("-", "")) for w in re.findall(r"[a-z]+(?:-[a-z]+)+", question.lower())]  # "fill-ups"
    stems_ += [stem(m.group(1) + m.group(2)) for m in re.finditer(r"\b(work|check|sign)(?:ed|ing|s)?\s+(out|up|in)\b",
                                                                   question.lower())]  # "worked out": a workout
    name_stems = coll.name_stems
    score = 0.0
    for s in stems_:
        if s in name_stems:
            score += 4
        elif any(s in COLLECTION_SYNONYMS.get(n, ()) for n in name_stems):
            score += 2.5
    shaping = {t.pos for t in tokens(question) if t.text in SHAPING}
    score += 2.0 * len({h.field for h in find_fields(question, coll) if h.direct and h.word not in STOP and h.pos not in shaping})
    score += 1.5 * len(_unit_fields(question, coll))
    score += 2.0 * len({(h.field, h.value) for h in find_values(question, coll, []) if not h.partial})
    return score
