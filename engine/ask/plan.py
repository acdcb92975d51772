"""Question -> query IR: deterministic cues decide what they can; the model picks what stays open.

Each open decision carries its options (built from the collection's real fields) and the default
the cues prefer; :mod:`engine.ask.choose` asks the model only when there is something to ask, and
any answer outside the options falls back to the default.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from decimal import Decimal

from engine.ask.balance import money_back, net_fields, owed_periods, target_left
from engine.ask.catalog import PERSON_WORDS, PLACE_WORDS, Collection, FieldInfo
from engine.ask.cues import (
    STOP,
    Comparison,
    FieldHit,
    ValueHit,
    collection_score,
    field_matches,
    find_comparisons,
    find_fields,
    find_limit,
    find_values,
)
from engine.ask.daycues import WEEKDAYS, WEEKEND, ClockHit, WeekdayHit, find_clock, find_weekdays
from engine.ask.inflect import word_forms
from engine.ask.ir import DERIVED_GROUPS, UNIT_FACTORS, Filter, Query
from engine.ask.lexicon import FIELD_SYNONYMS, MEASURE_ADJECTIVES, PHRASE_SYNONYMS, VALUE_SYNONYMS
from engine.ask.placing import find_placings, masked
from engine.ask.text import stem, tokens, variants
from engine.ask.timecues import NUMBER_WORDS, Window, find_windows
from engine.learn.quantities import unit_named

_SAYINGS = (
    r"what\s+did\s+i\s+(?:say|tell|mention|write|note)|what\s+do\s+(?:you|i)\s+know\s+about|"
    r"tell\s+me\s+(?:about|what)|did\s+i\s+(?:ever\s+)?(?:mention|say|tell|talk)|what\s+(?:have|had)\s+i\s+"
    r"(?:said|told|mentioned)|remind\s+me\s+(?:about|what)|what\s+was\s+said|do\s+i\s+have\s+any\s+notes?|search\s|"
    r"find\s+(?:notes|messages)"
)
SAYINGS = re.compile(rf"^\s*(?:{_SAYINGS})", re.I)
"""A question after what was said, not after one answer: the cited sentences are its answer."""
RECALL = re.compile(
    rf"^\s*(?:(?:who\s+(?:is|was|are)\b|who's\b)(?!\s+(?:the|my)\s+(?:\w+est|most|least)\b)|{_SAYINGS}|"
    r"why\b|how\s+come\b|what\s+(?:was\s+the\s+reason|caused)\b)",
    re.I,
)
"""A question recall answers: who someone is, what was said, and why (a reason is a passage)."""
TREND = re.compile(
    r"\b(change|changed|increase|increased|decrease|decreased|compare|compared|comparison|vs|versus|difference|"
    r"differ|go up|go down|went up|went down|rise|rose|drop|dropped|grow|grew|more|less|fewer|higher|lower|"
    r"bigger|smaller|larger|longer|shorter|greater|heavier|lighter|faster|slower)\b"
)
STRONG_TREND = re.compile(
    r"\b(change|changed|increase|increased|decrease|decreased|compare|compared|comparison|vs|versus|difference|"
    r"differ|go up|go down|went up|went down|rise|rose|drop|dropped|grow|grew)\b"
)
SHARE = re.compile(r"\b(percent|percentage|share|fraction|proportion|ratio)\b|%")
CHANGE = re.compile(r"\b(?:since|between)\s+(?:my|the|our|his|her|their)\s+(?:very\s+)?first\b|\bfrom\s+(?:my|the|his|her|their|our)\s+first\b.*\b(?:to|until)\s+(?:my|the|his|her|their|our)\s+(?:last|latest|most\s+recent)\b"
                    r"|\b(?:gone|come|went|came)\s+(?:up|down)\s+since\b|\b(?:lost|gained|put on|dropped|improved)\s+since\b")
DOWN = re.compile(r"\b(?:lost|lose|drop|dropped|come down|came down|gone down|go down|went down|shed|(?<!the )fall|fallen|fell)\b")
_MOVED = re.compile(r"\b(?:lost|lose|loses|drop|dropped|shed|gain|gained|gains|put\s+on|(?:go|gone|went|come|came)\s+(?:up|down)|"
                    r"rose|risen|fell|fallen|increased?|decreased?|improved?)\b")
_SIDES = re.compile(r"\b(?:more|less|fewer|than|compared|versus|vs|or)\b")


def _moved_between(q: str, windows: list[Window]) -> bool:
    """"How much did she lose between the 17th of March weigh-in and the 21st of April one": a level's move
    from the record of one day to the record of a later one (not two periods set against each other)."""
    if len(windows) != 2 or not _MOVED.search(q) or _SIDES.search(q):
        return False
    a, b = windows
    return a.start == a.end and b.start == b.end and a.end < b.start and re.search(r"\b(?:between|from)\s", q[:a.pos]) is not None


_BODY_WEIGHT = re.compile(r"_(?:kg|lb|lbs|st)$")


def _weight_moved(q: str, coll: Collection, numeric_hits: list[FieldHit], windows: list[Window]) -> bool:
    """"How much did she lose in April": a weight lost or gained over a period is its move from the period's
    first weigh-in to its last, never weights added up."""
    if len(windows) != 1 or not re.search(r"\bhow\s+much\b", q) or not _MOVED.search(q) or _SIDES.search(q):
        return False
    named = {h.field for h in numeric_hits} or {f.name for f in coll.numeric() if not f.ordinal}
    if len(named) != 1:
        return False
    name = named.pop()  # a weight itself, not what each weigh-in lost ("weight_lost_lb" is added up)
    return _BODY_WEIGHT.search(name) is not None and not re.search(r"(?:^|_)(?:lost|loss|gain|gained|change|drop|down|up)(?:_|$)", name)


COMPARATIVES = {
    "higher": "lower", "more": "less", "bigger": "smaller", "larger": "smaller", "longer": "shorter",
    "greater": "less", "heavier": "lighter", "faster": "slower", "up": "down", "increase": "decrease",
    "increased": "decreased", "rise": "fall", "rose": "fell", "grew": "shrank",
}
"""A comparison's word for "the first period's value is larger" and its opposite."""
_OPPOSITES = {v: k for k, v in reversed(COMPARATIVES.items())} | {"fewer": "more", "dropped": "rose", "drop": "rise"}


_REFERENCE = r"\b(?:than|compared|vs|versus|relative|against)\b"
"""Words before the period a comparison is made against ("more in June than in May")."""


def _either_period(q: str, first: Window, second: Window) -> bool:
    """"in January or in February", "March or April": two periods offered as the answer's choices."""
    a, b = sorted([first, second], key=lambda w: w.pos)
    between = q[a.pos + len(a.text):b.pos]
    return re.fullmatch(r"[\s,]*or\s+(?:(?:in|on|during)\s+)?", between, re.I) is not None


def comparison_words(q: str) -> tuple[str, str] | None:
    """The words a comparison of two periods is answered with, as the question says them
    ("more or fewer", "higher or lower", "go up or down")."""
    found = re.findall(r"\b[a-z]+\b", q)
    up = next((w for w in found if w in COMPARATIVES), None)
    down = next((w for w in found if w in _OPPOSITES), None)
    if up is None:
        return (_OPPOSITES[down], down) if down else None
    return up, down or COMPARATIVES[up]


MEDIAN = re.compile(r"\bmedian\b")
AVG = re.compile(r"\b(average[ds]?|averaging|avg|(?<!i )mean|typical|typically|usually|normally|on average|per)\b")
SUM = re.compile(r"\bwhat (?:did|have|had) i (spend|spent|pay|paid)\b|\b(total|sum|altogether|combined|in all|overall|cumulative|how much|add up|added up)\b"
                 r"|\bwhat (?:did|do|does|will|have|has) (?:(?!\b(?:when|while|if|after|before|as)\b)[a-z' ]){1,40}\b(?:come|came|amount(?:ed)?) to\b")
"""Words that ask for a total: "what did my tickets come to"."""
COUNT = re.compile(r"\b(how many|how often|number of|count|times)\b")
COMMON = re.compile(
    r"\b(most|least)\s+(common|frequent|frequently|often|popular|usual|visited|ordered|eaten|used|taken)\b|"
    r"\b(favou?rite|rarest|commonest)\b|\b(most|least)\s+times\b"
)
DISTINCT_WORDS = re.compile(r"\b(list|name|which|what|where|who)\b.*\b(all|different|distinct|unique|various|ever)\b|^\s*(list|name|show)\b")
ACCUMULATE = re.compile(
    r"\b(spend|spent|spending|pay|paid|burn|burned|burnt|ran|run|walk|walked|sleep|slept|cycle|cycled|"
    r"swim|swam|drive|drove|burned|total|overall|in total|altogether)\b"
)
SUPERLATIVE_WORDS = {
    "most": 1, "least": -1, "highest": 1, "lowest": -1, "largest": 1, "smallest": -1, "biggest": 1,
    "maximum": 1, "minimum": -1, "max": 1, "min": -1, "fewest": -1, "greatest": 1, "top": 1,
    "longest": 1, "shortest": -1, "cheapest": -1, "priciest": 1, "farthest": 1, "furthest": 1,
    "heaviest": 1, "lightest": -1, "latest": 1, "earliest": -1, "newest": 1, "oldest": -1,
    "last": 1, "first": -1, "costliest": 1, "best": 1, "worst": -1, "youngest": -1, "eldest": 1,
    "fastest": -1, "quickest": -1, "slowest": 1,
}
"""The fastest time is the least of it; over a speed it is the most (see ``_SPEED``)."""
_SPEED = re.compile(r"speed|mph|kph|km_?h|kmh|velocity|knots|wpm|rpm|per_(?:min|hour|sec)", re.I)
_TIMED = re.compile(r"time|duration|minutes|_min$|_mins$|_sec$|_s$|seconds|hours|_h$|pace|lap", re.I)
"""A field the fastest is the least of: a time taken (a pace, minutes per km, too)."""
_FUNCTION_WORDS = r"(?:in|on|at|of|for|by|to|so|since|with|without|including|excluding|plus|counting|this|last|that|the|a|an|i|i've|my|we|you|ever|yet|far|was|is|did|has|had|have)"
"""Words that end the noun phrase after a superlative ("the driest day in March": "day")."""
_LESS_IS_BETTER = re.compile(r"position|rank|plac(?:e|ing)|strokes|handicap|errors|mistakes|penalt"
                             # what is suffered: the worst day for symptoms is the most of them
                             r"|(?:^|_)(?:symptom|pain|sever|itch|ache|headache|migraine|cough|sneez|wak|flare|nausea|seizure|attack)", re.I)
_RACED = re.compile(r"pace|finish|lap|split|race|(?:^|_)time(?:_|$)", re.I)
"""A field whose best is its least: a place in an order, a score kept low, what is suffered, a time raced (not
hours slept)."""
ADJ_OF = {"longest": "long", "shortest": "short", "cheapest": "cheap", "priciest": "pricey", "farthest": "far",
          "furthest": "far", "heaviest": "heavy", "lightest": "light", "latest": "late", "earliest": "early",
          "newest": "new", "oldest": "old", "last": "last", "first": "first", "biggest": "big",
          "largest": "large", "highest": "high", "lowest": "low", "smallest": "small", "greatest": "great",
          "costliest": "costly", "youngest": "young", "eldest": "old"}
DERIVED = {"month": "month", "year": "year", "weekday": "weekday", "day of the week": "weekday", "day of week": "weekday",
           "quarter": "quarter", "season": "season"}


@dataclass
class Open:
    """A decision the cues could not settle: the model picks one of ``options``."""

    options: tuple[str, ...]
    default: str
    hint: str


@dataclass
class Draft:
    query: Query
    open: dict[str, Open] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def is_recall(question: str) -> bool:
    return bool(RECALL.search(question))


def rank_collections(question: str, catalog: dict[str, Collection]) -> list[tuple[float, str]]:
    return sorted(((collection_score(question, c), name) for name, c in catalog.items()), key=lambda x: (-x[0], x[1]))


_LEAD_IN = re.compile(r"^(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:remind\s+me|tell\s+me|let\s+me\s+know|do\s+you\s+know|"
                      r"i\s+(?:wonder|was\s+wondering)|any\s+idea)\s*,?\s*(?=(?:which|what|when|where|who|how)\b)")


def draft(question: str, coll: Collection, now: dt.datetime) -> Draft:
    """The IR for ``question`` over ``coll``, with what is still open for the model."""
    q = " ".join(question.lower().replace("?", " ").split())
    q = _LEAD_IN.sub("", q)  # "remind me which books…" asks which books
    q = re.sub(r"\b(\d+(?:\.\d+)?)-milers?\b", r"\1-mile", q)  # "his 18-miler": the one of 18 miles
    placings = find_placings(q, coll)  # "have we won", "top three": conditions on the finishing place
    q = masked(q, placings)
    left = target_left(q)  # "how many more to hit her target of 20": planned without the target, taken from it
    if left is not None:
        q = q[:left[1]] + " " * (left[2] - left[1]) + q[left[2]:]
    windows = find_windows(q, now)
    comparisons = find_comparisons(q)
    limit = find_limit(q)
    clocks = find_clock(q)
    weekdays = find_weekdays(q)
    widened = counted_in(q)  # "how many shifts in March, counting the extra Sunday": not a condition
    weekdays = [h for h in weekdays if not _within(h.pos, widened)]
    if not any(f.kind in ("time", "datetime") for f in coll.fields.values()):
        clocks = []  # nothing here has a time of day: the numbers stay what they were
    comparisons = [c for c in comparisons if not any(c.pos < h.end and h.pos < c.end for h in clocks)
                   and not any(c.pos < w.pos + len(w.text) and w.pos < c.end for w in windows)]
    having = [c for c in comparisons if c.unit in GROUP_UNITS and c.op != "outside"]  # "at least 5 times": a condition on groups
    comparisons = [c for c in comparisons if c not in having]
    reserved = ([(w.pos, w.pos + len(w.text)) for w in windows] + [(c.pos, c.end) for c in comparisons]
                + [(h.pos, h.end) for h in clocks] + [(h.pos, h.end) for h in weekdays])
    values = [v for v in _dedupe_values(find_values(q, coll, reserved), q, coll)
              if str(v.value).lower() not in ("yes", "no")  # "no follow-up" is a condition on the follow-up
              and not _within(v.start, widened)]
    fhits = find_fields(q, coll)
    d = Draft(Query(coll.name))
    query = d.query
    sup = _superlative(q, question, named_field=any(h.direct and coll.fields[h.field].numeric for h in fhits))
    if re.search(r"\b(?:next|upcoming|soonest|coming)\s+birthday|\bbirthday\s+(?:is\s+|comes\s+)?(?:coming\s+up\s+)?(?:next|soonest)\b", q) and "upcoming" in coll.fields:
        sup = ("next", -1, "upcoming")  # "who has the next birthday": the fewest days until it
    if sup and sup[2] in ("old", "young") and "age" in coll.fields:
        # "the oldest of my friends": the largest age, not the earliest record
        sup = (sup[0], 1 if sup[2] == "old" else -1, "aged")
    ended = _verb_date(q, coll, fhits)
    fhits += ended
    # a number naming the record ("game_number") is a measure only where the question says "number"
    numeric_hits = [h for h in fhits if coll.fields[h.field].numeric
                    and (not coll.fields[h.field].ordinal or re.search(r"\b(?:number|no\.?)(?!\w)|#", q))]
    sized = _sized(q, numeric_hits)
    fhits = [h for h in fhits if h not in sized]
    numeric_hits = [h for h in numeric_hits if h not in sized]
    added, left_out = _included(q, coll, numeric_hits)
    if added or left_out:  # "bill including tip": the tip is added to the bill, not the measure itself
        numeric_hits = [h for h in numeric_hits if h.field not in added | left_out]
        fhits = [h for h in fhits if h.field not in added | left_out]
    target, derived = _target(q, coll, fhits)
    if target == coll.date_field and ended and re.search(r"^\s*when\b", q):
        target = ended[0].field  # "when did I get back": the end date
    if target is None and derived is None:
        target = _listed_options(q, values)
    record_level = derived == "record"
    if record_level:
        derived = None

    if len(windows) == 1 and STRONG_TREND.search(q) and re.match(r"(between|from)\s", windows[0].text):
        split = find_windows(re.sub(r"^(between|from)\s+", "", windows[0].text), now, join=False)
        if len(split) == 2:
            windows = [Window(w.start, w.end, w.text, windows[0].pos + i) for i, w in enumerate(split)]
    change = CHANGE.search(q) or _moved_between(q, windows) or _weight_moved(q, coll, numeric_hits, windows)
    if change and len(windows) == 2 and not CHANGE.search(q):
        windows = [Window(windows[0].start, windows[1].end, q[windows[0].pos:windows[1].pos + len(windows[1].text)], windows[0].pos)]
    owed = owed_periods(q, coll)
    if owed is not None:
        # "how much does Jamie still owe me": what was lent less what was paid back
        query.aggregate, query.metric = "trend", "sum"
        query.measure = _measure(q, coll, numeric_hits, None, d)
        query.periods = [owed[0], owed[1]]
    elif change and coll.date_field and (numeric_hits or coll.numeric()):
        # "how much have I lost since my first weigh-in", "miles between my first and last fill-up"
        query.aggregate = "drop" if DOWN.search(q) else "change"
        query.measure = _measure(q, coll, numeric_hits, None, d)
    elif len(windows) >= 2 and TREND.search(q) and not SHARE.search(q):
        query.aggregate = "trend"
        query.metric = _metric(q, coll, numeric_hits, d)
        if query.metric != "count":
            query.measure = _measure(q, coll, numeric_hits, None, d)
        datef = _date_field(coll, fhits)
        ordered = sorted(windows[:2], key=lambda w: w.start)
        words = comparison_words(q)
        if words and not re.search(r"\bhow (much|many|long|far|often)\b|^\s*(which|what)\b", q):
            # "was January higher or lower than July": a word about the period named first
            query.words = words
            first, second = windows[:2]
            reference = r"\b(than|compared|vs|versus|relative|against)\b"
            if re.search(reference, q[:first.pos]):
                ordered = [first, second]  # "compared to April, did I ride more in March?"
            elif re.search(reference, q[first.pos:second.pos]):
                ordered = [second, first]
            elif _either_period(q, first, second):
                # "more hours in January or in February": the period itself is the answer
                ordered = sorted([first, second], key=lambda w: w.pos)
                a, b = (w.text.strip() for w in ordered)
                said = next(w for w in re.findall(r"\b[a-z]+\b", q) if w in COMPARATIVES or w in _OPPOSITES)
                # the trend is the second's minus the first's: positive, the second has more
                query.words = (b, a) if said in COMPARATIVES else (a, b)
        elif (how := re.search(r"\bhow (?:many|much) ([a-z]+)\b", q)) and (
                how.group(1) in COMPARATIVES or how.group(1) in _OPPOSITES) and (
                re.search(_REFERENCE, q[windows[0].pos:windows[1].pos]) or re.search(_REFERENCE, q[:windows[0].pos])):
            # "how many more in 2025 than in 2024": 2025 minus 2024; "how much lower in July compared with
            # May": May minus July. The period after "than" (or "compared with", said first) is the reference.
            named, reference = windows[0], windows[1]
            if re.search(_REFERENCE, q[:windows[0].pos]):
                named, reference = windows[1], windows[0]  # "compared with May, how much lower was July"
            ordered = [reference, named] if how.group(1) in COMPARATIVES else [named, reference]
        query.periods = [[Filter(datef, "between", (w.start, w.end))] for w in ordered] if datef else []
        windows = windows[2:]
    elif SHARE.search(q):
        query.aggregate = "share"
        coll_stems = coll.name_stems
        direct = [h for h in numeric_hits if h.direct and h.word not in coll_stems]
        spend = re.search(r"\b(spend|spent|spending|money|costs?|paid|expenses?)\b", q)
        of = re.search(r"\b(?:percent(?:age)?|share|fraction|proportion)\s+of\s+(?:(?:my|the|all|our)\s+)*([a-z]+)", q)
        if of and not spend:
            # "what percent of nights …" counts nights; "what share of my spending …" sums
            noun = of.group(1)
            direct = [h for h in direct if variants(noun) & set(coll.fields[h.field].words)]
        query.metric = "sum" if (spend or direct) else "count"
        if query.metric == "sum":
            query.measure = _measure(q, coll, numeric_hits, None, d)
    elif (ranking := _ranking(q, coll)) is not None:
        # "rank the formats by average session length, longest first": every group, in order
        group, by_words = ranking
        least = bool(re.search(r"\b(?:lowest|least|shortest|smallest|cheapest|fewest)\s+first\b|\bascending\b", q))
        query.aggregate = "least_common" if least else "most_common"
        query.group_by, query.limit = group, RANK_ALL
        if re.search(r"\b(?:how many|number of|count|times|often|visits)\b", by_words):
            query.metric = "count"
        else:
            query.metric = "avg" if AVG.search(by_words) else "sum"
            query.measure = _measure(by_words, coll, [h for h in find_fields(by_words, coll) if coll.fields[h.field].numeric],
                                     None, d)
            if query.measure is None:
                query.metric = "count"
    elif limit and (COMMON.search(q) or re.search(r"\bby\s+(?:the\s+)?(?:number|count)\s+of\b|\bmost\s+often\b", q)):
        # "my 3 most visited restaurants", "top 3 providers by number of visits": groups, ranked
        least = bool(re.search(r"\bleast\b|\brarest\b", q))
        query.aggregate = "least_common" if least else "most_common"
        query.limit = limit
        query.group_by = (target if target and coll.fields[target].categorical else None) or _category_target(coll, values, q)
        query.metric = "count"
    elif limit and sup and _ranked_groups(q, coll, target):
        # "top 3 cities my contacts live in", "top 3 categories by how much I've spent": groups ranked
        query.aggregate = "most_common" if sup[1] > 0 else "least_common"
        query.limit = limit
        query.group_by = _ranked_groups(q, coll, target)
        if AVG.search(q):
            query.metric = "avg"
        elif re.search(r"\b(?:how many|number of|count|times|often)\b", q) or not (
                [h for h in numeric_hits if h.direct] or _money_cue(q) or SUM.search(q)):
            query.metric = "count"
        else:
            query.metric = "sum"
        if query.metric != "count":
            query.measure = _measure(q, coll, numeric_hits, None, d)
    elif limit and sup:
        query.aggregate = "list"
        query.limit = limit
        query.order = "desc" if sup[1] > 0 else "asc"
        query.measure = _measure(q, coll, numeric_hits, sup, d)
        query.target = target if target and not coll.fields[target].numeric else coll.label_field
    elif COMMON.search(q):
        m = COMMON.search(q)
        least = bool(m and ("least" in m.group(0) or "rarest" in m.group(0)))
        query.aggregate = "least_common" if least else "most_common"
        query.group_by = derived or target or _category_target(coll, values, q)
        query.metric = "count"
    elif sup and not re.search(r"\bhow many (different|distinct|unique)\b", q):
        _superlative_query(q, coll, d, sup, target, derived, numeric_hits, values, record_level)
        day_noun = re.search(rf"\b{sup[0]}\s+(?:night|day|morning|evening|afternoon|date)\b", q)
        if day_noun and query.aggregate in ("argmax", "argmin") and query.measure == coll.date_field:
            query.target = coll.date_field  # "the first night my score dipped": which night, its date
    elif re.search(r"\b(how many|count|number of)\s+(the\s+|my\s+)?(different|distinct|unique|separate)\b"
                   r"(?!\s+(?:times|occasions|goes|visits|trips)\b)", q) or (
        re.search(r"\bhow many\b", q) and target and _noun_after(q, "how many", coll, target)
    ):
        query.aggregate = "count_distinct"
        query.target = target or coll.label_field
    elif MEDIAN.search(q):
        query.aggregate = "median"
        query.measure = _measure(q, coll, numeric_hits, None, d)
    elif AVG.search(q) and not (comparisons and re.search(r"^\s*how many\b", q)
                                and not _unit_after_how_many(q, coll, numeric_hits)):
        query.aggregate = "avg"
        query.measure = _measure(q, coll, numeric_hits, None, d)
    elif re.search(r"\bhow many\b", q) and _FREE.search(q):
        query.aggregate = "count"  # "how many smoke-free days": the days, each holding none of it (see ``_free_of``)
    elif counted := _counted_of_a_kind(q, coll, values) or _counted_by_verb(q, coll, values):
        query.aggregate = "sum"  # "how many coots have I counted": the counts of the coot records added up
        query.measure = counted
    elif re.search(r"\bhow many times\b|\bhow often\b|\bnumber of\b", q) or re.search(r"\bhow many\b", q) and not _unit_after_how_many(q, coll, numeric_hits):
        query.aggregate = "count"
        _count_those_with(query, coll, numeric_hits)
    elif SUM.search(q) or re.search(r"\bhow (many|long|far)\b", q):
        query.aggregate = "sum"
        query.measure = _measure(q, coll, numeric_hits, None, d)
    elif re.search(r"^\s*(when|what date|what day)\b", q):
        query.aggregate = "distinct"
        query.target = _date_field(coll, fhits)
    elif re.search(r"^\s*(which|what|where|who|whose|list|name|show)\b", q) or DISTINCT_WORDS.search(q):
        query.aggregate = "distinct"
        query.target = target or coll.label_field
        measured = _value_on_a_day(q, coll, windows, numeric_hits)
        asked = re.match(r"^\s*(?:which|what)\s+(\w+)", q)
        records_asked = asked is not None and asked.group(1).endswith("s") and stem(asked.group(1)) in coll.name_stems
        first = re.match(r"^\s*(?:which|what)\s+([a-z]+)\b", q)
        # the collection's own noun names a record ("which trip" of trip_miles), unless the field is the amount
        # the noun is ("what quote" of quote_gbp)
        said_first = next((h.field for h in numeric_hits if h.direct and first and h.pos == first.start(1) and (
            stem(first.group(1)) not in coll.name_stems or coll.fields[h.field].kind == "money")), None)
        if said_first and (target is None or record_level and not records_asked):
            query.target = said_first  # "what salary did Northwind offer me": the salary, not the company
        elif (target is None or record_level and not records_asked) and query.target == coll.date_field and measured:
            # "which runs did I do in May" asks for the runs, not their one number
            query.target = measured  # "what did I weigh on the 19th", "what did the meter say on the 16th": the value
        elif target is None and (number := _number_asked(q, coll, numeric_hits)):
            query.target = number  # "what did Maisie get on the hazard test": her score, not the test's name
    elif re.search(r"^\s*(did|have|has|was|were|is|are)\b", q):
        query.aggregate = "count"
        d.notes.append("yes/no question answered by counting matches")
    else:
        query.aggregate = "count"
        d.open["aggregate"] = Open(("count", "sum", "avg", "distinct"), "count", "what the question asks for")

    periods_counted = re.search(r"\b(?:in\s+|on\s+)?how\s+many\s+(months|years|quarters)\b", q)
    if having and periods_counted and coll.date_field:
        # "in how many months of 2024 did I fill up at least 3 times": months, each with 3 or more
        query.aggregate, query.target = "count_distinct", periods_counted.group(1)[:-1]
        query.measure = query.metric = query.group_by = None
    if having:
        query.by = (query.group_by if query.aggregate in ("most_common", "least_common") else
                    query.target if query.aggregate in ("distinct", "count_distinct", "argmax", "argmin") else None) \
            or coll.label_field
        if query.by in DERIVED_GROUPS and coll.date_field:
            pass  # months, years or quarters of the date: each counted as a group
        elif query.by not in coll.fields or not coll.fields[query.by].categorical:
            query.by = coll.label_field
        query.having = [Filter("count", c.op, (int(c.value), int(c.high or 0)) if c.op == "between" else int(c.value))
                        for c in having]
    if added and query.measure and query.aggregate not in ("count", "count_distinct", "distinct"):
        kind = coll.fields[query.measure].kind
        query.plus = [f for f in sorted(added) if f != query.measure and coll.fields[f].kind == kind]
    if query.group_by == "month" and windows and len({y for w in windows for y in (w.start.year, w.end.year)}) == 1:
        query.group_by = "month_name"  # "in 2025, which month …": October, not 2025-10
    _filters(q, coll, d, windows, comparisons, values, fhits,
             _day_filters(q, coll, clocks, [] if query.group_by == "weekday" else weekdays, fhits)
             + [(p.start, p.filter) for p in placings])
    query.filters += [Filter(h.field, "eq", n) for h, n in sized.items()]
    _done_at_all(q, coll, query, numeric_hits)
    _free_of(q, coll, query, numeric_hits)
    fixed = {h.field for h in sized}
    if query.measure in fixed and "measure" in d.open:
        rest = [o for o in d.open["measure"].options if o not in fixed]
        if rest:  # "average score for the 18-hole rounds": not the holes, which the rounds all share
            query.measure = _open_measure(d, rest, rest[0])
    _either(q, coll, d)
    _rate(q, coll, d)
    _scale(q, coll, d)
    net = net_fields(q, coll)
    if net is not None and query.aggregate == "distinct" and query.target == coll.date_field and not re.search(
            r"^\s*(?:when|what\s+(?:date|day))\b", q):
        query.aggregate, query.target = "sum", None  # "what's his net profit in March": a total, not the days
    if net is not None and query.aggregate in ("sum", "avg", "median", "min", "max", "argmax", "argmin", "trend"):
        query.measure, query.minus = net.measure, [net.minus]  # "how much is he up": won less spent
        query.metric = "sum" if query.aggregate == "trend" else query.metric
        d.open.pop("measure", None)
    if left is not None:
        query.short_of = left[0]
    return d


def _sized(q: str, numeric_hits: list[FieldHit]) -> dict[FieldHit, float]:
    """"the 18-hole rounds", "my 5-mile runs": a number joined to a field's word says which records,
    it is not what is measured."""
    out: dict[FieldHit, float] = {}
    for m in re.finditer(r"\b(\d+(?:\.\d+)?)-([a-z]+)\b", q):
        hit = next((h for h in numeric_hits if h.direct and h.pos == m.start(2)), None)
        if hit is not None:
            out[hit] = float(m.group(1))
    return out


_ASKED_UNIT = (("hours", r"\b(?:in|as)\s+hours\b|\bhow\s+many\s+hours\b|\bhours\s+(?:in\s+total|total|altogether)\b"),
               ("minutes", r"\b(?:in|as)\s+minutes\b|\bhow\s+many\s+minutes\b"),
               ("km", r"\b(?:in|as)\s+(?:km|kilomet(?:er|re)s)\b|\bhow\s+many\s+(?:km|kilomet(?:er|re)s)\b"),
               ("miles", r"\b(?:in|as)\s+miles\b|\bhow\s+many\s+miles\b"),
               ("metres", r"\b(?:in|as)\s+met(?:er|re)s\b|\bhow\s+many\s+met(?:er|re)s\b"),
               ("litres", r"\b(?:in|as)\s+lit(?:er|re)s\b|\bhow\s+many\s+lit(?:er|re)s\b"),
               ("m3", r"\b(?:in|as)\s+cubic\s+met(?:er|re)s\b|\bhow\s+many\s+cubic\s+met(?:er|re)s\b"),
               ("kg", r"\b(?:in|as)\s+(?:kg|kilos|kilograms)\b|\bhow\s+many\s+(?:kg|kilos|kilograms)\b"),
               ("grams", r"\b(?:in|as)\s+grams\b|\bhow\s+many\s+grams\b"))
_FIELD_UNIT = (("minutes", r"(?:^|_)(?:min|mins|minutes)$|^(?:mins|minutes)_[a-z]+$"),
               ("hours", r"(?:^|_)(?:h|hr|hrs|hours)$|^(?:hrs|hours)_[a-z]+$"), ("seconds", r"(?:^|_)(?:s|sec|secs|seconds)$"),
               ("metres", r"(?:^|_)(?:m|metres|meters)$"), ("km", r"(?:^|_)km$"), ("miles", r"(?:^|_)(?:mi|miles)$"),
               ("m3", r"(?:^|_)(?:m3|cubic_met(?:er|re)s)$"), ("litres", r"(?:^|_)(?:l|litres|liters)$"),
               ("ml", r"(?:^|_)(?:ml|millilit(?:er|re)s)$"), ("kg", r"(?:^|_)(?:kg|kilos|kilograms)$"),
               ("grams", r"(?:^|_)(?:g|grams)$"))

_SPELLED_UNIT = (("m3", r"\bcubic\b"), ("ml", r"\bmillilit(?:er|re)s?\b"), ("litres", r"\blit(?:er|re)s?\b"),
                 ("km", r"\bkilomet(?:er|re)s?\b"), ("metres", r"\bmet(?:er|re)s?\b"), ("miles", r"\bmiles?\b"),
                 ("hours", r"\bhours?\b"), ("minutes", r"\bminutes?\b"), ("seconds", r"\bseconds?\b"),
                 ("kg", r"\bkilo(?:gram)?s?\b"), ("grams", r"\bgrams?\b"))
_ASK_UNIT_OF = {"kg": "kg", "g": "grams", "km": "km", "mi": "miles", "m": "metres", "h": "hours", "min": "minutes",
                "s": "seconds", "l": "litres", "ml": "ml", "m3": "m3"}
"""The unit table's names (``resources/learn/units.tsv``) as the units :data:`UNIT_FACTORS` converts between."""


def _said_unit(word: str) -> str | None:
    """The unit a word after a number in a question names ("over 4 kilos", "more than 500 metres"),
    read with the unit table's aliases."""
    unit = unit_named(word.lower())
    return _ASK_UNIT_OF.get(unit.name) if unit is not None else None


def _in_field_unit(value: Decimal | float, said: str, coll: Collection, name: str) -> Decimal | float:
    """A bound said in one unit, in the unit the field keeps: "over 4 kg" of ``weight_grams`` is 4000."""
    asked = _said_unit(said)
    held = _unit_held(coll, name)
    if asked is None or held is None or asked == held or (asked, held) not in UNIT_FACTORS:
        return value
    scaled = float(value) * UNIT_FACTORS[(asked, held)]
    return Decimal(str(round(scaled, 6))) if isinstance(value, Decimal) else scaled


def _unit_held(coll: Collection, name: str) -> str | None:
    """The unit a field keeps: from its name (``duration_min``), or for a learned field from the unit
    words its label spells out ("duration (mins minute minutes)")."""
    held = next((unit for unit, pat in _FIELD_UNIT if re.search(pat, name)), None)
    info = coll.fields.get(name)
    if held is not None or info is None or "(" not in info.label or re.search(r"/|\bper\b", info.label):
        return held  # an imported column's "Pace (min/km)" is a rate, not a unit
    spelled = info.label[info.label.index("("):]
    return next((unit for unit, pat in _SPELLED_UNIT if re.search(pat, spelled)), None)


_RATE_UNIT = (("minutes", r"minutes?|mins?"), ("hours", r"hours?|hrs?"), ("seconds", r"seconds?|secs?"),
              ("km", r"km|kilomet(?:er|re)s?"), ("miles", r"miles?"), ("metres", r"met(?:er|re)s?"),
              ("litres", r"lit(?:er|re)s?"))
_RATE = re.compile(r"\b(?:(" + "|".join(p for _, p in _RATE_UNIT) + r")\s+)?(?:per|an?|every|/)\s*("
                   + "|".join(p for _, p in _RATE_UNIT) + r")\b")


_MONEY_BEFORE_PER = re.compile(r"pay|paid|earn(?:ed|ings|t)?|wages?|cost|costs|price|spend|spent|spending|income|tips?|takings|money"
                               r"|averaged?")
"""Words before "per hour" that ask for money, where the records keep one amount ("what have I averaged per hour")."""


def _rate(q: str, coll: Collection, d: Draft) -> None:
    """"Sam's average pace on his 18-miler, in minutes per mile", "how much did he make per hour": one
    field of each record over another, when both keep the units the question names (an amount of
    money over hours needs no unit before "per")."""
    query = d.query
    if query.aggregate not in ("avg", "median", "min", "max", "argmax", "argmin", "distinct") or query.measure is None:
        return
    for m in _RATE.finditer(q):
        top_unit = next((u for u, pat in _RATE_UNIT if m.group(1) and re.fullmatch(pat, m.group(1))), None)
        under_unit = next(u for u, pat in _RATE_UNIT if re.fullmatch(pat, m.group(2)))
        if top_unit is None and m.group(0).split()[0] in ("a", "an"):
            continue  # "an hour" alone is a length of time, not a rate
        held = {f.name: _unit_held(coll, f.name) for f in coll.numeric()
                if not f.formula and not re.search(r"\b(?:per|rate)\b", f"{f.name} {f.label}".replace("_", " "))}
        unders = [n for n, u in held.items() if u == under_unit]
        said = re.search(r"([a-z]+)\s+$", q[:m.start()])  # "pay per hour", "time per mile"
        if top_unit is not None:
            tops = [n for n, u in held.items() if u == top_unit]
        elif said and _MONEY_BEFORE_PER.fullmatch(said.group(1)):
            tops = [n for n in held if coll.fields[n].kind == "money"]
            # "tips per hour" where the records keep tips and another amount: the amount the word names
            tops = [n for n in tops if variants(said.group(1)) & set(coll.fields[n].words)] or tops
        elif said and said.group(1) in ("time", "pace"):
            tops = [n for n, u in held.items() if u in ("minutes", "hours", "seconds")]
        else:
            continue
        if len(tops) != 1 or len(unders) != 1 or tops == unders:
            continue
        name = f"{tops[0]}_per_{unders[0]}"
        coll.fields[name] = FieldInfo(name, "float", f"{top_unit or 'amount'} per {under_unit}", [], ("per", tops[0], unders[0]))
        if query.measure == query.target:
            query.target = name
        query.filters = [f for f in query.filters if f.field != name]
        query.measure = name
        d.notes.append(f"{tops[0]} over {unders[0]}")
        return
    _rate_per_field(q, coll, d)


_PER_FIELD = re.compile(r"\b(?:per|a|an|each|every)\s+([a-z]+)\b")


def _rate_per_field(q: str, coll: Collection, d: Draft) -> None:
    """"What have I paid per cord", "the cost per night": the amount over the number field the word after
    "per" names, where the question speaks of money and the records keep one amount."""
    query = d.query
    money = [f.name for f in coll.numeric() if f.kind == "money" and not f.formula]
    if len(money) != 1 or not (_money_cue(q) or query.measure == money[0]):
        return
    for m in _PER_FIELD.finditer(q):
        if m.group(0).split()[0] != "per" and not re.search(r"\b(?:paid|pay|cost|costs|spent|spend|price|charged?)\s+(?:me\s+)?$",
                                                              q[:m.start()]):
            continue  # "a cord" is a rate only right after what was paid ("£350 a cord")
        if m.group(1) in ("time", "times", "go", "visit", "one"):
            continue  # "what do I pay each time": a payment, not an amount per minute
        unders = [f.name for f in coll.numeric() if f.name != money[0] and not f.formula and not f.ordinal
                  and variants(m.group(1)) & set(f.words)]
        if len(unders) != 1:
            continue
        name = f"{money[0]}_per_{unders[0]}"
        coll.fields[name] = FieldInfo(name, "float", f"amount per {m.group(1)}", [], ("per", money[0], unders[0]))
        query.filters = [f for f in query.filters if f.field != name]
        query.measure = name
        if query.target in (money[0], unders[0]):
            query.target = name
        d.notes.append(f"{money[0]} over {unders[0]}")
        return


def _held_in_another_unit(q: str, coll: Collection) -> str | None:
    """The one numeric field that holds what the question asks for in another unit of the same
    kind ("how many metres" of ``distance_km``)."""
    asked = next((unit for unit, pat in _ASKED_UNIT if re.search(pat, q)), None)
    if asked is None:
        return None
    units = {f.name: _unit_held(coll, f.name) for f in coll.numeric()}
    if asked in units.values():
        return None  # a field kept in that very unit is the one asked for
    held = [name for name, unit in units.items() if unit and (unit, asked) in UNIT_FACTORS]
    return held[0] if len(held) == 1 else None


def _scale(q: str, coll: Collection, d: Draft) -> None:
    """"Total time swimming in Q1, in hours?" over a ``duration_min`` column: the sum, in hours. The unit a
    field holds comes from its name; the unit asked for from the question's words."""
    query = d.query
    field_name = query.measure
    if field_name is None or query.aggregate not in ("sum", "avg", "median", "min", "max", "trend", "change", "drop"):
        return
    asked = next((unit for unit, pat in _ASKED_UNIT if re.search(pat, q)), None)
    held = _unit_held(coll, field_name)
    if asked and held and asked != held and (held, asked) in UNIT_FACTORS:
        query.scale = (held, asked)
        d.notes.append(f"converted {held} to {asked}")


_WEEK_PARTS = re.compile(r"\b(weekends?|weekdays?)\s*,?\s+or\s+(?:on\s+|during\s+)?(?:the\s+)?(weekends?|weekdays?)\b")


def _either(q: str, coll: Collection, d: Draft) -> None:
    """"Do I spend more per coffee on weekends or on weekdays?", "is my systolic higher sitting or standing?":
    two groups compared, answered with the name of the group that has more (or less, when the question asks
    for less) — a trend between the two groups instead of two periods."""
    query = d.query
    if query.aggregate not in ("count", "sum", "avg", "median") or re.search(r"\bhow (?:much|many|long|far|often)\b", q):
        return
    said = [w for w in re.findall(r"[a-z]+", q) if w in COMPARATIVES or w in _OPPOSITES or w in ("cheaper", "pricier")]
    if not said:
        return
    low = said[0] in _OPPOSITES or said[0] == "cheaper"
    if query.aggregate == "count" and (said[0] not in ("more", "fewer", "less") or re.search(
            r"\b(?:expensive|cheap|cheaper|pricier|longer|shorter|higher|lower|bigger|smaller|heavier|lighter|faster|slower|further|farther)\b", q)):
        return  # "were games longer sitting or standing": a measure compared, not how many
    groups: tuple[list[Filter], list[Filter]] | None = None
    labels: tuple[str, str] = ("", "")
    for f in query.filters:
        if f.op == "one_of" and len(f.value) == 2:
            groups, labels = ([Filter(f.field, "eq", f.value[0])], [Filter(f.field, "eq", f.value[1])]), (str(f.value[0]), str(f.value[1]))
            query.filters.remove(f)
            break
        parts = _WEEK_PARTS.search(q)
        if f.op == "weekday" and parts and parts.group(1)[:6] != parts.group(2)[:6]:
            first, second = (WEEKEND if parts.group(i).startswith("weekend") else WEEKDAYS for i in (1, 2))
            groups = ([Filter(f.field, "weekday", first)], [Filter(f.field, "weekday", second)])
            labels = (parts.group(1), parts.group(2))
            query.filters.remove(f)
            break
    if groups is None:
        return
    query.metric, query.aggregate = query.aggregate, "trend"
    if query.metric == "count":
        query.measure = None
    query.periods = [groups[0], groups[1]]
    # the trend is the second group's value minus the first's: positive means the second has more
    query.words = (labels[0], labels[1]) if low else (labels[1], labels[0])
    d.notes.append(f"compared {labels[0]} with {labels[1]}")


def _ranked_groups(q: str, coll: Collection, target: str | None) -> str | None:
    """The field whose values "top 3 <noun>" ranks when the noun names a grouping field other than
    what names each record ("top 3 cities", not "top 3 most expensive items")."""
    m = re.search(rf"\btop\s+(?:\d+|{'|'.join(NUMBER_WORDS)})\s+(?:most\s+|least\s+)?([a-z]+)", q)
    found = target if target and coll.fields[target].categorical else None
    if found is None and m:
        found = _field_for_noun(m.group(1), coll)
    if found is None or found == coll.label_field or not coll.fields[found].categorical:
        return None
    return found


RANK_ALL = 1000
"""A ranking with no "top N" lists every group (up to this many)."""
RANK = re.compile(r"^\s*(?:(?:can|could)\s+you\s+)?(?:please\s+)?(?:rank|order|sort)\s+(?:the\s+|my\s+|all\s+)*([a-z]+)\s+by\s+(.+)$")


def _ranking(q: str, coll: Collection) -> tuple[str, str] | None:
    """"rank the formats by …": the grouping field the noun names and the words after "by"."""
    m = RANK.search(q)
    if not m:
        return None
    group = _field_for_noun(m.group(1), coll)
    if group is None or not coll.fields[group].categorical:
        return None
    return group, m.group(2)


def _listed_options(q: str, values: list[ValueHit]) -> str | None:
    """"which group is oldest — friends, family, colleagues, etc.?": values of one field listed as
    examples of what to choose among name that field as the answer, not as conditions."""
    if not re.search(r"^\s*(?:which|what)\b", q) or not re.search(r"\b(?:etc|and so on|or so)\b", q):
        return None
    fields = [v.field for v in values if not v.partial]
    common = max(set(fields), key=fields.count) if fields else None
    return common if common and fields.count(common) >= 2 else None


_COUNTED_IN = re.compile(r"(?<!not )(?<!without )\b(?:counting|including)\s+(?:in\s+)?(?:the|my|his|her|their|our|any|a|an)\b"
                         r"(?:\s+(?!(?:at|on|in|from|for|during|since|before|after|last|this|that|and|but|or|to|with)\b)[a-z'-]+){1,4}")


def counted_in(q: str) -> list[tuple[int, int]]:
    """Spans that widen what is counted ("counting the temporary one", "including the Sunday"):
    what they name is let in, never made a condition."""
    return [m.span() for m in _COUNTED_IN.finditer(q)]


def _within(pos: int, spans: list[tuple[int, int]]) -> bool:
    return any(start <= pos < end for start, end in spans)


GROUP_UNITS = frozenset({"times", "time", "visits", "visit", "occasions", "sessions"})
"""A threshold in these units counts records of a group, not a field of one record."""

INCLUDED = re.compile(r"\b(?:including|incl|plus|with|inc)\s+(?:the\s+|my\s+|a\s+)?([a-z]+)|\b([a-z]+)\s+(?:included|incl|inclusive)\b")
LEFT_OUT = re.compile(r"\b(?:before|excluding|excl|without|not\s+counting|minus)\s+(?:the\s+|my\s+|a\s+)?([a-z]+)|\b([a-z]+)\s+(?:excluded|not\s+included)\b")


COMBINED = re.compile(r"\b(?:added\s+(?:up\s+)?together|put\s+together|together|combined|between\s+them|all\s+told)\b")
BOTH = re.compile(r"\b([a-z]+)\s+(?:and|plus|\+|&)\s+(?:the\s+|my\s+|his\s+|her\s+|their\s+)?([a-z]+)\b")


def _included(q: str, coll: Collection, numeric_hits: list) -> tuple[set[str], set[str]]:
    """Numeric fields said as added to another ("tips included", "including tax") and fields said
    as left out ("before tip"): neither is the measure itself."""
    def named(pattern: re.Pattern[str]) -> set[str]:
        out: set[str] = set()
        for m in pattern.finditer(q):
            word = m.group(1) or m.group(2)
            out |= {h.field for h in numeric_hits if h.direct and variants(word) & set(coll.fields[h.field].words)}
        return out
    added, left_out = named(INCLUDED), named(LEFT_OUT)
    if COMBINED.search(q):  # "goals and assists added together": the second added to the first
        for m in BOTH.finditer(q):
            first = {h.field for h in numeric_hits if h.direct and variants(m.group(1)) & set(coll.fields[h.field].words)}
            second = {h.field for h in numeric_hits if h.direct and variants(m.group(2)) & set(coll.fields[h.field].words)}
            if first and second and not first & second:
                added |= second
    others = {f.name for f in coll.numeric()} - added - left_out
    return (added, left_out) if others else (set(), set())


def _day_filters(q: str, coll: Collection, clocks: list[ClockHit], weekdays: list[WeekdayHit],
                 fhits: list) -> list[tuple[int, Filter]]:
    """"before 8am" on the time (or date-and-time) field the question names, else the first one;
    "on Fridays" on the date field."""
    out: list[tuple[int, Filter]] = []
    timed = [f for f in coll.fields.values() if f.kind in ("time", "datetime")]
    if clocks and timed:
        named = [h.field for h in fhits if coll.fields[h.field].kind in ("time", "datetime")]
        plain = [f.name for f in timed if f.kind == "time"]
        fname = named[0] if named else (plain[0] if plain else timed[0].name)
        spans = [(h.pos, h.end, Filter(fname, h.op, h.value)) for h in clocks]
        out += [(start, f) for start, _, f in _alternatives(q, spans)]  # "after 9pm or before 7am"
    datef = _date_field(coll, fhits)
    if datef:
        for w in weekdays:
            out.append((w.pos, Filter(datef, "weekday", w.days)))
    return out


def _dedupe_values(values: list[ValueHit], q: str, coll: Collection) -> list[ValueHit]:
    """One field per mentioned span: the field the question names, else the one with fewest values."""
    by_span: dict[tuple[int, int], list[ValueHit]] = {}
    for v in values:
        by_span.setdefault((v.start, v.end), []).append(v)
    out = []
    qstems = {t.stem for t in tokens(q)}
    for hits in by_span.values():
        if len(hits) == 1:
            out.append(hits[0])
            continue
        named = [h for h in hits if qstems & set(coll.fields[h.field].words)]
        before = re.search(r"\b(from|to|into|out of)\s+(?:the\s+)?$", q[:hits[0].start])
        if before and not named:  # "from San Francisco": the origin, "to Boston": the destination
            roles = FROM_WORDS if before.group(1) in ("from", "out of") else TO_WORDS
            named = [h for h in hits if roles & set(coll.fields[h.field].words)]
        pool = named or hits
        out.append(min(pool, key=lambda h: (coll.fields[h.field].kind != "enum", len(coll.fields[h.field].values), h.field)))
    return sorted(out, key=lambda h: h.start)


FROM_WORDS = frozenset({"origin", "from", "departure", "source", "depart"})
TO_WORDS = frozenset({"destination", "to", "arrival", "dest", "arrive"})


def _superlative(q: str, said: str = "", named_field: bool = True) -> tuple[str, int, str | None] | None:
    """(word, direction, adjective) of the first superlative, e.g. ('most', 1, 'expensive');
    ``said`` is the question as written (a capitalised "-est" word is a name: the Budapest run)."""
    for t in tokens(q):
        w = t.text
        if w in ("last", "first") and re.match(
            rf"{w}\s+(\d+|year|month|week|day|quarter|half|two|three|four|five|ten|fortnight|couple|few)\b", q[t.pos:]
        ) or w == "last" and re.match(r"last\s+(night|weekend|summer|winter|spring|autumn|fall|christmas|easter|"
                                      r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", q[t.pos:]) \
                and not (q.startswith("last night", t.pos) and re.search(r"\bthe\s+$", q[:t.pos])):
            # "the first week", "last summer": a window ("the first night" of many is not one, nor
            # "the last night I won": the latest of the nights, not yesterday)
            continue
        if re.search(r"\b(?:average|avg|mean|typical)\s+$", q[:t.pos]):
            continue  # "Dad's average top speed": the mean of the field "top" names, not its largest
        if w in ("most", "least") and re.search(r"\b(?:at|the\s+very)\s+$", q[:t.pos]):
            continue  # "at least 4 stars", "at most $20": a threshold, not a superlative
        if w in ("most", "least"):
            nxt = re.match(rf"{w}\s+([a-z]+)", q[t.pos:])
            adj = nxt.group(1) if nxt else None
            if adj in ("recent", "recently"):
                return (w, 1 if w == "most" else -1, "recent")
            return (w, SUPERLATIVE_WORDS[w], adj if adj in MEASURE_ADJECTIVES else None)
        if w in SUPERLATIVE_WORDS:
            return (w, SUPERLATIVE_WORDS[w], ADJ_OF.get(w))
        if w in ("last", "first") and re.match(rf"{w}\s+time\b", q[t.pos:]) and not named_field:
            continue  # "how far did I run last time" without a field named: left as it was read before
        if _ANY_SUPERLATIVE.fullmatch(w) and w not in _NOT_SUPERLATIVE and re.search(r"\b(?:the|my|our|his|her|their)\s+$", q[:t.pos]) \
                and not re.search(rf"\b{w.capitalize()}\b", said):
            # "the wettest day", "my hottest run": the most of the measure, or the least for a word of less
            base = re.sub(r"est$", "", w)
            return (w, -1 if any(base.startswith(b) for b in _LESS_WORDS) else 1, None)
    return None


_ANY_SUPERLATIVE = re.compile(r"[a-z]{3,}est")
_NOT_SUPERLATIVE = frozenset({"interest", "forest", "honest", "harvest", "request", "suggest", "modest", "protest",
                              "contest", "manifest", "digest", "invest", "arrest", "inquest", "conquest", "bequest",
                              "behest", "earnest", "retest", "pretest", "unrest", "priest", "tempest", "midwest",
                              "northwest", "southwest", "attest", "detest", "infest", "ingest", "divest", "molest",
                              "everest", "budapest", "bucharest", "oktoberfest", "armrest", "headrest", "footrest"})
"""Words ending in "est" that are not superlatives."""
_LESS_WORDS = ("cold", "cool", "dri", "dry", "slow", "weak", "calm", "quiet", "few", "small", "thin", "narrow",
               "shallow", "easi", "gentl", "mild", "soft", "low", "short", "light", "cheap", "clos", "near")
"""Superlatives of less ("the driest week", "my slowest ride"); any other "-est" word is of more."""


def _target(q: str, coll: Collection, fhits: list) -> tuple[str | None, str | None]:
    """The field the answer should name ("which city" -> destination) or a derived month/year/weekday."""
    coll_stems = coll.name_stems
    for m in re.finditer(r"\b(?:which|what|per|name the|list the|count the|the)\s+(?=((?:[a-z']+\s*){1,4}))", q):
        words = [w for w in m.group(1).split() if w not in SKIP_ADJ or w == "of"]
        if not words or words[0] in NOT_NOUNS:
            continue
        phrase = " ".join(words)
        for key, value in DERIVED.items():
            if phrase.startswith(key) or stem(words[0]) == key:
                return None, value
        found = _field_in_words(words, coll, coll_stems)
        if found:
            return found, None
        if stem(words[0]) in coll_stems:
            label = coll.label_field
            if m.group(0).startswith("the") and label is not None and coll.fields[label].temporal \
                    and re.search(r"\b(?:in|at|from|on|into|of)\s+$", q[:m.start()]) and not re.match(r"\s*which\b", q):
                continue  # "the most moths in the trap": the trap names the records, not their day
            return label, "record"
    if re.search(r"^\s*where\b|\bwhere\s+(did|was|were|have|do)\b", q) and (
            coll.role_field(PLACE_WORDS) or not re.search(r"^\s*where\s+(?:is|was|were|are)\s+(?:my|the|our)\b", q)):
        return _role(coll, PLACE_WORDS), None  # "where was my streak at" with no place kept: what it was
    if re.search(r"^\s*who(?:se)?\b|\bwith whom\b|\bwho\s+(did|was|were)\b", q):
        return _role(coll, PERSON_WORDS), None
    if re.search(r"^\s*when\b|\bwhat date\b|\bwhich date\b|\bwhat day\b|\bwhich (?:day|night)\b(?! of the week)"
                  r"|\bwhich (?:evening|morning|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b"
                  r"(?=\s+(?:was|were|did|had|have|is|do|that|when|i|we|you|he|she|they|my|our)\b)", q):
        # "which Saturday was my best": the day itself
        return coll.date_field, None
    if re.search(r"\bwhat time\b", q):
        times = [f.name for f in coll.fields.values() if f.kind == "time"]
        return (times[0] if times else None), None
    m = re.search(r"\bhow many\s+(different\s+|distinct\s+|unique\s+)?([a-z]+)", q)
    if m and stem(m.group(2)) not in coll_stems:
        f = _field_for_noun(m.group(2), coll)
        if f and not coll.fields[f].numeric:
            return f, None
    return None, None


SKIP_ADJ = {"different", "distinct", "unique", "separate", "various", "single", "one", "my"}
NOT_NOUNS = {"was", "is", "were", "are", "did", "do", "does", "percentage", "share", "fraction", "number", "total",
             "average", "mean", "sum", "most", "least", "highest", "lowest", "largest", "smallest", "biggest",
             "maximum", "minimum", "i", "have", "has", "had", "longest", "shortest", "cheapest", "last", "first",
             "latest", "earliest", "same", "amount"}


def _field_in_words(words: list[str], coll: Collection, coll_stems: set[str]) -> str | None:
    """The non-numeric field named by the first words after 'which'/'what': 'meal type' -> meal."""
    phrase = " ".join(words)
    for f in coll.fields.values():
        if f.numeric:
            continue
        label = f.name.replace("_", " ")
        if phrase.startswith(label) and (label not in coll_stems or len(words) > 1 and words[1] in ("type", "kind", "category")):
            return f.name
    for syn, frags in PHRASE_SYNONYMS.items():
        if phrase.startswith(syn):
            for f in coll.fields.values():
                if not f.numeric and any(field_matches(fr, f) for fr in frags):
                    return f.name
    for w in words[:3]:
        if stem(w) in coll_stems or w in STOP or w in ("time", "way", "ways", "kind", "kinds", "sort", "sorts", "i've"):
            continue
        f = _field_for_noun(w, coll)
        if f and not coll.fields[f].numeric:
            return f
        break
    return None


def _field_for_noun(noun: str, coll: Collection) -> str | None:
    s = stem(noun)
    if s in STOP:
        return None
    for f in coll.fields.values():
        if variants(noun) & set(f.words):
            return f.name
    frags = synonyms(noun)
    for frag in frags:
        for f in coll.fields.values():
            if (f.categorical or f.temporal or f.kind == "time") and field_matches(frag, f):
                return f.name
    return None


def synonyms(word: str) -> tuple[str, ...]:
    out: list[str] = []
    for v in variants(word):
        out.extend(FIELD_SYNONYMS.get(v, ()))
    return tuple(dict.fromkeys(out))


def _role(coll: Collection, words: tuple[str, ...]) -> str | None:
    return coll.role_field(words) or coll.label_field


def _noun_after(q: str, phrase: str, coll: Collection, target: str) -> bool:
    m = re.search(rf"\b{phrase}\s+([a-z]+)(?:\s+([a-z]+))?", q)
    if m and m.group(2) and stem(m.group(2)) in coll.name_stems:
        return False
    return bool(m and _field_for_noun(m.group(1), coll) == target and coll.fields[target].categorical)


_COUNT_FIELDS = frozenset({"count", "number", "quantity", "qty", "seen", "how_many"})


def _counted_of_a_kind(q: str, coll: Collection, values: list[ValueHit]) -> str | None:
    """The count field a "how many <things>" adds up, when the things are a kind the records are of
    ("how many coots" of sightings kept as species and count), not the records themselves."""
    # the head of the words counted: the last before the verb ("how many home or beauty orders have": orders)
    m = re.search(r"\bhow many\s+(?:[a-z-]+\s+){0,3}?([a-z-]+)(?=\s+(?:have|has|had|did|do|does|were|was|are|is|i|we|she|he|they|"
                  r"in|at|on|since|so|altogether|in\s+total)\b|\s*$)", q)
    if not m or not any(v.start <= m.start(1) < v.end or m.start(1) <= v.start < m.end(1) for v in values):
        return None
    counts = [f.name for f in coll.numeric() if f.name in _COUNT_FIELDS or f.name.rpartition("_")[2] in _COUNT_FIELDS]
    return counts[0] if len(counts) == 1 else None


_HOW_MANY_DID = re.compile(r"\bhow many\s+(?:(?P<noun>[a-z-]+)\s+)?(?:have|has|had|did|do|does|will)\s+"
                          r"(?:(?:i|we|you|he|she|they|[a-z]+'s?|[a-z]+)\s+)(?:(?:actually|really|ever|all|both)\s+)?(?P<verb>[a-z]+)\b")


_NOT_DONE_VERB = re.compile(r"(?:miss|skip|forg[eo]t|fail|avoid|resist|refus|turn(?:ed)?\s+down|declin)")
""""How many did I miss": what did not happen, not the count the records keep."""
_MEASURES = frozenset({"page", "pages", "minute", "minutes", "min", "mins", "hour", "hours", "mile", "miles", "km", "metre",
                       "metres", "step", "steps", "point", "points", "word", "words", "calorie", "calories", "kcal", "lap",
                       "laps", "rep", "reps", "kg", "lb", "lbs", "gbp", "usd", "eur", "pound", "pounds"})
"""What a record is measured in, not things counted: a number named with one is a size of each record."""


def _counted_by_verb(q: str, coll: Collection, values: list[ValueHit]) -> str | None:
    """The number field a "how many did we find" adds up: its name holds a form of the verb
    (``caches_found``), and the noun counted, if any, is that field's or the collection's, not "times"."""
    m = _HOW_MANY_DID.search(q)
    if not m:
        return None
    counts = [f for f in coll.numeric() if not f.ordinal and f.kind != "money" and not _MEASURES & set(f.words)]
    if m.group("noun") is None and len(coll.numeric()) == 1 and len(counts) == 1 and not _NOT_DONE_VERB.match(m.group("verb")):
        return counts[0].name  # "how many did he smoke in January": the one count the records keep, added up
    forms = word_forms(m.group("verb"), ("VERB",))
    if len(forms) < 2 and not any(m.group("verb") in f.name.split("_") for f in coll.numeric()):
        return None  # a light verb ("get", "do") names no field, unless a field says it ("units_made")
    noun = m.group("noun")
    if noun is not None and any(v.start <= m.start("noun") < v.end for v in values):
        noun = None  # "how many candles have I made": the candle records' units made
    found = [f for f in coll.numeric() if not f.ordinal and forms & set(f.name.split("_"))
             and (noun is None or variants(noun) & set(f.words))]
    if len(found) != 1 or noun is None and _MEASURES & set(found[0].words):
        return None  # "how many did I read" of pages_read counts the books; "how many pages did I read" adds pages
    return found[0].name


def _unit_after_how_many(q: str, coll: Collection, numeric_hits: list) -> bool:
    m = re.search(r"\bhow many\s+(?:more\s+|fewer\s+|less\s+|extra\s+)?([a-z]+)", q)
    if not m:
        return False
    s = stem(m.group(1))
    named = {s, *(stem(v) for v in VALUE_SYNONYMS.get(s, ()))}  # "how many runs" of a collection named running
    said = _said_unit(m.group(1))
    if named & coll.name_stems and not any(stem(f.name.rpartition("_")[2]) == s or said and _unit_held(coll, f.name) == said
                                           for f in coll.numeric()):
        return False  # "how many runs" of runs counts them; "how many hours" of volunteering_hours adds its hours
    if any(_counted_thing(m.group(1), f.name) for f in coll.numeric()):
        return False  # "how many doses" of a dose_mg column: doses counted, not milligrams added
    if _held_in_another_unit(q, coll):
        return True  # "how many metres" over a distance kept in km: the distance added up, converted
    return any(h.word == s for h in numeric_hits) or any(
        field_matches(frag, f) for frag in synonyms(m.group(1)) for f in coll.numeric()
    ) or any(variants(m.group(1)) & set(f.words) for f in coll.numeric())


UNIT_SUFFIX = re.compile(r"^(.+?)_(mg|g|kg|km|m|mi|min|mins|h|hr|hrs|s|sec|ml|l|kwh|wh|bpm|cm|mm|lb|lbs|oz|kcal|sek|usd|eur|gbp)$")


def _count_those_with(query: Query, coll: Collection, numeric_hits: list) -> None:
    """"How many practice sessions in April": the records that have the field the question names,
    when the records without it are another kind of record (a mock exam kept among the practice
    sessions, with a field none of them has), not the same kind with a value left out."""
    named = {h.field for h in numeric_hits if h.direct}
    if len(named) != 1 or not isinstance(coll.records, list):
        return
    field = named.pop()
    if any(f.field == field for f in query.filters):
        return
    having = [r for r in coll.records if r.values.get(field) is not None]
    lacking = [r for r in coll.records if r.values.get(field) is None]
    if not having or not lacking:
        return
    theirs = {k for r in having for k, v in r.values.items() if v is not None}
    others = {k for r in lacking for k, v in r.values.items() if v is not None}
    if others - theirs:  # another kind of record kept alongside (an exam among practice sessions), not a blank
        query.filters.append(Filter(field, "present", None))


_LOGGED = re.compile(r"\b(?:did|does|do|has|have|had)\s+(?:[a-z']+\s+){1,2}?(?:log|logged|record|recorded|note|noted|track|"
                     r"tracked|write|written|wrote|enter|entered|put\s+down|tell|told)\b")
""""How many days have I logged my cigarettes": the days kept, whatever they hold."""


_WENT_DOWN = re.compile(r"(?<!\bup or )\b(?:down|negative|minus)\b(?!\s+(?:or|in|at|to|the|by|from|on)\b)")
""""With his rating down", not "up or down" nor "down in Brighton"."""


def _done_at_all(q: str, coll: Collection, query: Query, numeric_hits: list[FieldHit]) -> None:
    """"On how many days did Jake spend money": the records where the amount the question names is more than
    nothing, when some records hold nothing of it (a day logged without spending is not counted)."""
    if query.aggregate != "count" or not re.search(r"\bhow many\b.*\b(?:did|does|do|has|have|had)\b", q) or _LOGGED.search(q):
        return
    named = {h.field for h in numeric_hits}
    if len(named) != 1 or not isinstance(coll.records, list):
        return
    field = named.pop()
    if any(f.field == field for f in query.filters) or not coll.fields[field].numeric:
        return
    held = [r.values.get(field) for r in coll.records]
    if _WENT_DOWN.search(q) and any(isinstance(v, (int, float, Decimal)) and v < 0 for v in held):
        query.filters.append(Filter(field, "lt", 0))  # "with his rating down": a change below nothing
    elif any(v == 0 for v in held):
        query.filters.append(Filter(field, "gt", 0))


_FREE = re.compile(r"\b([a-z]+)[- ]free\s+(?:days?|nights?|sessions?|evenings?|mornings?|shifts?)\b")


def _free_of(q: str, coll: Collection, query: Query, numeric_hits: list[FieldHit]) -> None:
    """"How many smoke-free days", "alcohol-free nights": the records that hold none of the one count
    the question names or, naming none, the collection keeps."""
    if query.aggregate != "count" or not _FREE.search(q):
        return
    named = {h.field for h in numeric_hits}
    fields = named if len(named) == 1 else {f.name for f in coll.numeric() if not f.ordinal} if len(coll.numeric()) == 1 else set()
    if len(fields) == 1 and not any(f.field in fields for f in query.filters):
        query.filters.append(Filter(fields.pop(), "eq", 0))


def _counted_thing(word: str, field_name: str) -> bool:
    """"doses" of ``dose_mg``: the word names the thing a unit column measures, not the unit, so
    "how many" counts the things (a column named without a unit, "pages_read", is summed)."""
    m = UNIT_SUFFIX.match(field_name)
    if not m or word in (m.group(2), f"{m.group(2)}s"):
        return False
    head = m.group(1).split("_")
    # "doses" of dose_mg counts doses; "calories" of calories_kcal is the quantity itself, added up
    return len(head) == 1 and word != head[0] and word.endswith("s") and head[0] in variants(word)


def _money_cue(q: str) -> bool:
    return bool(re.search(r"\b(spend|spent|spending|money|paid|pay|cost|costs|dollars|euros|budget|expenses?|earn|earned|earnings|"
                          r"income|charged?|(?:bring|brought|bringing)\s+in)\b|[$€£]", q))


def _metric(q: str, coll: Collection, numeric_hits: list, d: Draft) -> str:
    if AVG.search(q):
        return "avg"
    if re.search(r"\b(how many times|how often|number of|count)\b", q):
        return "count"
    if re.search(r"\bhow many\b", q) and not _unit_after_how_many(q, coll, numeric_hits):
        return "count"
    if numeric_hits or _money_cue(q) or SUM.search(q):
        return "sum"
    return "count"


_PAID_BACK = re.compile(r"\b(?:paid|pay|pays|paying|given|gave|give|got)\s+(?:[a-z]+\s+){0,2}?back\b|\brepaid\b|\brepay")


def _paid_back(q: str, coll: Collection) -> str | None:
    """The one amount column of money coming back ("how much has Doris paid me back": repaid_gbp); not
    where the question denies it ("who hasn't paid me back") or asks what was lent."""
    m = _PAID_BACK.search(q)
    if not m or re.search(r"n't|\bnot\b|\bnever\b|\byet\s+to\b|\blent\b|\blend\b|\bloan", q[:m.start()]):
        return None
    said = set(re.findall(r"[a-z]+", q[:m.start()]))
    money = [f.name for f in coll.numeric() if f.kind == "money"]
    if any(said & set(name.split("_")) for name in money if not money_back(name)):
        return None  # "how much had I spent before she paid me back": the spending
    back = [name for name in money if money_back(name)]
    return back[0] if len(back) == 1 else None


def _measure(q: str, coll: Collection, numeric_hits: list, sup: tuple[str, int, str | None] | None, d: Draft) -> str | None:
    """The numeric field a sum/avg/superlative is over: named, implied by an adjective, or open."""
    if back := _paid_back(q, coll):
        return back
    numeric = [f.name for f in coll.numeric()]
    own = coll.name_stems
    nouned = [h.field for h in numeric_hits if h.direct and h.word in own]
    if nouned and len(numeric) > 1 and all(h.word in own for h in numeric_hits if h.direct) and not any(
            _is_the_noun(h.field, h.word) for h in numeric_hits if h.direct):
        # "my average sleep" in a sleep log: the log's own noun, not the name of its sleep score
        numeric_hits = [h for h in numeric_hits if not (h.direct and h.word in own)]
    else:
        nouned = []
    direct = [h.field for h in numeric_hits if h.direct]
    named = [h.field for h in numeric_hits if h.direct and h.word not in ("total", "sum", "overall")]
    if named and set(named) != set(direct):
        direct = named  # "total gallons": the gallons, though a field is called total
    said = list(dict.fromkeys(h.field for h in numeric_hits if not h.direct))
    if direct and not named and len(said) == 1 and not _money_cue(q):
        direct = said  # "units in total": the units, though the amount is called total
    unit_m = re.search(r"\bin\s+([a-z]+)(?:\s+please)?\s*$", q)
    if unit_m and not direct:  # "..., in minutes": the field kept in that unit
        in_unit = [f.name for f in coll.numeric() if variants(unit_m.group(1)) & set(f.words)] or \
            list(dict.fromkeys(f.name for f in coll.numeric() for fr in synonyms(unit_m.group(1)) if field_matches(fr, f)))
        if len(in_unit) == 1:
            return in_unit[0]
    head = _head_field(q, numeric_hits)
    if head is not None and direct and head not in direct:
        return head  # "average time in the water": the time, not the water's temperature
    if len(set(direct)) > 1:
        # "on the days the pollen count was over 80, her average symptom score": the field a bound is
        # said of is a condition, the other one is measured
        bounded = {h.field for h in numeric_hits if h.direct and _bound_after(q, h.pos)}
        direct = [f for f in direct if f not in bounded] or direct
    if direct and (earned := _earned_from(q, coll, numeric_hits, direct)):
        return earned
    if direct:
        return direct[-1] if _all_same(direct) else _open_measure(d, direct, direct[0])
    other_unit = _held_in_another_unit(q, coll)
    if other_unit:
        return other_unit
    if sup and sup[2]:
        frags, _ = MEASURE_ADJECTIVES.get(sup[2], ((), 0))
        if "$date" in frags:
            return None
        cands = [f.name for f in coll.fields.values() if f.numeric and any(field_matches(fr, f) for fr in frags)]
        if not cands and sup[2] in ("long", "short"):
            # "the longest lift" of lifts kept only in miles: the miles (never a pace per mile)
            cands = [f.name for f in coll.numeric() if {"mile", "miles"} & set(f.words) and not RATE_WORDS & set(f.words)]
        if "$money" in frags:  # "most expensive order": what it cost, before a price per unit
            cands = _spent(coll, cands) + [c for c in cands if c not in _spent(coll, cands)]
        if len(cands) == 1:
            return cands[0]
        named_too = [c for c in cands if any(h.field == c for h in numeric_hits)]
        if len(named_too) == 1:
            return named_too[0]  # "my longest swim in terms of time": long in laps or in minutes, and time says which
        if cands:
            return _open_measure(d, cands, cands[0])
    syn = list(dict.fromkeys(h.field for h in numeric_hits))
    if len(syn) == 1:
        return syn[0]
    if len(syn) > 1:
        money = _spent(coll, syn)
        return _open_measure(d, syn, money[0] if money else syn[0])
    if len(numeric) == 1:
        return numeric[0]
    if not numeric:
        return None
    money = [n for n in _spent(coll, numeric) if not RATE_WORDS & set(coll.fields[n].words)]  # a total, not a price per unit
    return _open_measure(d, numeric, nouned[0] if nouned else money[0] if money else numeric[0])


_EARNED = re.compile(r"\bhow much\b.*\b(?:make|made|earn|earned|earning|take|took|taken|bring|brought|clear|cleared)\b")
_SOURCE = re.compile(r"\b(?:from|for|on|off|doing|out\s+of)\s+(?:(?:the|my|his|her|their|our|those|these|all)\s+)*$")


def _earned_from(q: str, coll: Collection, numeric_hits: list, direct: list[str]) -> str | None:
    """"How much did I make from the lawns": the money earned, not the number of lawns it was earned from,
    when every field the question names is said as the source after "from", "for" or "on"."""
    if not _EARNED.search(q) or re.search(r"\bhow much (?:time|longer)\b", q):
        return None  # "how much time did I take on the lawns": the time
    sources = {h.field for h in numeric_hits if h.direct and _SOURCE.search(q[:h.pos])}
    money = _spent(coll, [f.name for f in coll.numeric()])
    if not sources or set(direct) - sources or any(coll.fields[f].kind == "money" for f in direct) or len(money) != 1:
        return None
    return money[0]


def _is_the_noun(name: str, word: str) -> bool:
    """Whether a field is the thing a word names, kept in a unit ("score_points" is the score; "sleep_score"
    is a score of the sleep, not the sleep)."""
    parts = name.split("_")
    rest = [p for p in parts if stem(p) != word]
    return len(rest) < len(parts) and all(unit_named(p) is not None for p in rest)


_HEAD = re.compile(rf"\b(?:average|mean|typical|total)\s+(?P<head>(?!{_FUNCTION_WORDS}\b)[a-z]+)(?:\s+(?P<more>(?!{_FUNCTION_WORDS}\b)[a-z]+))?")


def _head_field(q: str, numeric_hits: list) -> str | None:
    """The one number field the noun right after "average"/"total" names, with its neighbour
    ("average water temperature"): the head of what is asked, before words of a phrase after it."""
    m = _HEAD.search(q)
    if m is None:
        return None
    words = {m["head"], m["more"]} - {None}
    fields = {h.field for h in numeric_hits if h.word in words}
    return fields.pop() if len(fields) == 1 else None


RATE_WORDS = frozenset({"per", "rate", "unit", "each"})


def _spent(coll: Collection, names: list[str]) -> list[str]:
    """The money fields among ``names``, amounts paid before prices per unit: what was spent at
    the pump is the fill-up's total, not its price per gallon."""
    money = [n for n in names if coll.fields[n].kind == "money"]
    prices = {f.formula[1] for f in coll.fields.values() if f.formula and f.formula[0] == "times"}
    return sorted(money, key=lambda n: bool(RATE_WORDS & set(coll.fields[n].words)) or n in prices)


def _all_same(items: list[str]) -> bool:
    return len(set(items)) == 1


def _bound_after(q: str, pos: int) -> bool:
    """A bound (see :func:`find_comparisons`) said within a few words after a field's words ("the pollen
    count was over 80")."""
    return any(pos < c.pos and re.fullmatch(r"(?:[a-z']+\s+){1,5}", q[pos:c.pos]) for c in find_comparisons(q))


def _open_measure(d: Draft, options: list[str], default: str) -> str:
    d.open["measure"] = Open(tuple(dict.fromkeys(options)), default, "the numeric field the question is about")
    return default


END_VERBS = re.compile(r"\b(?:read|finish|finished|finishing|complete|completed|done|got through|get through|ended|"
                       r"wrapped up|returned|came back|come back|get back|got back|getting back)\b")
END_WORDS = frozenset({"finish", "finished", "end", "ended", "completed", "complete", "done", "return", "returned"})
START_WORDS = frozenset({"start", "started", "begin", "began", "beginning"})


def _verb_date(q: str, coll: Collection, fhits: list[FieldHit]) -> list[FieldHit]:
    """A record with a start and an end date ("date_started", "date_finished") is counted by the
    date its verb names: "books I read/finished in 2025" by the end, "started" by the start (a
    named field says it already)."""
    if any(h.direct and coll.fields[h.field].temporal for h in fhits):
        return []
    temporal = coll.temporal()
    ends = [f.name for f in temporal if END_WORDS & set(f.words)]
    starts = [f.name for f in temporal if START_WORDS & set(f.words)]
    m = END_VERBS.search(q)
    if not (ends and starts and m):
        return []
    return [FieldHit(ends[0], m.start(), stem(m.group(0)), True)]


_ASKS_FOR_A_DAY = re.compile(r"\b(?:when|what\s+(?:date|day|time)|which\s+(?:date|day|night|morning|evening|week|month))\b")


_ASKS_A_NUMBER = re.compile(
    r"^\s*what\s+(?:did|does|do|has|have|had)\s+(?:[\w']+\s+){1,2}?(?:score|weigh|clock|achieve|come\s+out\s+at|"
    r"get\s+(?:on|in|for)\s+(?:(?:the|her|his|my|their|a)\s+)?(?:[\w-]+\s+)?(?:test|exam|mock|quiz|paper|round|game|match|race))\b"
    r"|^\s*what\s+(?:mark|marks|score|grade|result|points|time)\s+(?:did|does|do|has|have|had)\b"
    # "what did I end up getting for the raincoat", "what did the boots go for": what it sold for
    r"|^\s*what\s+(?:did|does|do|has|have|had)\s+(?:[\w']+\s+){1,3}?(?:getting|fetch|fetched|sell\s+\w+|sell\s+the\s+\w+)\s+for\b"
    r"|^\s*what\s+(?:did|does|do|has|have|had)\s+(?:[\w']+\s+){1,3}?(?:get|got)\s+for\s+(?:the|that|those)\s+(?:[\w'-]+\s+){0,2}[\w'-]+\s*$"
    r"|^\s*what\s+did\s+(?:[\w'-]+\s+){1,4}?(?:go|sell)\s+for\s*$")
""""What did Maisie score", "what mark did she get", "what did she get on the hazard test", "what did he
weigh": a number is asked for ("what did Tom make", "what did I get from Ann's" ask for a thing)."""


def _number_asked(q: str, coll: Collection, numeric_hits: list[FieldHit]) -> str | None:
    """The number field a "what did X score/get" question asks for: the one it names, else the
    collection's only number (none when it keeps several and names none)."""
    if not _ASKS_A_NUMBER.search(q):
        return None
    named = {h.field for h in numeric_hits}
    if len(named) == 1:
        return named.pop()
    numbers = [f.name for f in coll.numeric() if f.formula is None and not f.ordinal]
    return numbers[0] if not named and len(numbers) == 1 else None


def _value_on_a_day(q: str, coll: Collection, windows: list[Window], numeric_hits: list) -> str | None:
    """The number a "what was it on <day>" question asks for: the field it names, else the
    collection's only number. A question bounded by a day never asks for that day back."""
    if not windows or _ASKS_FOR_A_DAY.search(q):
        return None
    named = {h.field for h in numeric_hits}
    if len(named) == 1:
        return named.pop()
    numbers = [f.name for f in coll.numeric() if f.formula is None]
    return numbers[0] if not named and len(numbers) == 1 else None


def _date_field(coll: Collection, fhits: list) -> str | None:
    """The date a window applies to: the one the question names, or says in other words ("been in
    touch" is last contacted), else the collection's own."""
    own = coll.name_stems
    named = [h.field for h in fhits if h.direct and coll.fields[h.field].temporal and h.word not in own]
    said = [h.field for h in fhits if not h.direct and coll.fields[h.field].temporal
            and h.word not in ("when", "date", "day", "time")]
    return named[0] if named else said[0] if len(set(said)) == 1 else coll.date_field


def _category_target(coll: Collection, values: list[ValueHit], q: str) -> str | None:
    named = [h for h in find_fields(q, coll) if coll.fields[h.field].categorical and h.direct]
    if named:
        return named[0].field
    for pref in ("category", "type", "kind", "activity", "meal"):
        for f in coll.categorical():
            if pref in f.words:
                return f.name
    return coll.label_field


def _superlative_query(
    q: str, coll: Collection, d: Draft, sup: tuple[str, int, str | None], target: str | None,
    derived: str | None, numeric_hits: list, values: list[ValueHit], record_level: bool = False,
) -> None:
    query = d.query
    word, direction, adj = sup
    frags = MEASURE_ADJECTIVES.get(adj or "", ((), 0))[0]
    by_date = "$date" in frags or adj == "recent"
    measure = None if by_date else _measure(q, coll, numeric_hits, sup, d)
    if word in ("fastest", "quickest", "slowest") and measure and not (_SPEED.search(measure) or _TIMED.search(measure)):
        timed = [f.name for f in coll.numeric() if _TIMED.search(f.name) and f.formula is None]
        measure = timed[0] if len(timed) == 1 else measure  # "my fastest run": its time, not its distance
        if measure and not _TIMED.search(measure):
            measure = None
    if word in ("fastest", "quickest", "slowest") and measure and _SPEED.search(measure):
        direction = -direction  # the fastest speed is the most of it
    if word in ("best", "worst") and measure and (_LESS_IS_BETTER.search(measure) or _RACED.search(measure)):
        direction = -direction  # the best finishing position, golf score or race time is the least of it
    accumulate = word in ("most", "least") and adj is None
    if by_date:
        datef = target if target and coll.fields[target].temporal and re.search(r"^\s*when\b", q) else _date_field(coll, [])
        named = [h.field for h in numeric_hits if h.direct]
        if target is None and not named and (number := _number_asked(q, coll, numeric_hits)):
            named = [number]  # "what mark did she get in her first mock": the number of the earliest
        if target is None and named and datef and not re.search(r"^\s*when\b", q):
            # "my most recent weight": that field of the latest record that has it, not the latest date
            query.aggregate = "argmax" if direction > 0 else "argmin"
            query.measure = datef
            query.target = named[0]
            query.filters.append(Filter(named[0], "present", None))
            return
        if target is None or target == datef or re.search(r"^\s*when\b", q):
            query.aggregate = "max" if direction > 0 else "min"
            query.measure = datef
            return
        query.aggregate = "argmax" if direction > 0 else "argmin"
        query.measure = datef
        query.target = target
        return
    totals = bool(re.search(r"\b(total|in total|overall|altogether|combined|sum)\b", q))
    grouped = target and coll.fields[target].categorical and not (record_level and measure)
    if accumulate and target is not None and target == coll.date_field and re.search(r"^\s*(?:which|what)\s+(?:day|date)\b", q) \
            and (re.search(r"\b(?:i|my|me)\b", q) or len(people := {r.subject or "me" for r in coll.records}) == 1
                 or any(re.search(rf"\b{re.escape(p)}\b", q, re.I) for p in people if p != "me")):
        # "which day did I revise the most": the day whose records add up to the most, not the biggest record
        # (one person's days: two people's records of one day are not added together)
        query.aggregate = "most_common" if direction > 0 else "least_common"
        query.group_by = target
        query.metric, query.measure = ("sum", measure) if measure else ("count", None)
        return
    if derived or (grouped and (accumulate or (totals and measure) or (AVG.search(q) and measure))):
        query.aggregate = "most_common" if direction > 0 else "least_common"
        query.group_by = derived or target
        if AVG.search(q):
            query.metric, query.measure = "avg", measure
        elif numeric_hits or (measure and (_money_cue(q) or ACCUMULATE.search(q))) and not re.search(r"\b(times|often)\b", q):
            query.metric, query.measure = "sum", measure
        else:
            query.metric, query.measure = "count", None
        return
    if accumulate and not target and not (numeric_hits or _money_cue(q)):
        query.aggregate = "most_common" if direction > 0 else "least_common"
        query.group_by = _category_target(coll, values, q)
        query.metric = "count"
        return
    value_ask = bool(re.search(r"(^\s*(?:how much|how long|how far|how many|how heavy)|\bwhat(?:'s| is| was| were)\s+(?:the|my|his|her|their|our|[a-z]+'s)\s+"
                               r"(?:\w+\s+)?(?:highest|lowest|largest|smallest|biggest|maximum|minimum|max|min|most|least|longest|shortest|fewest|furthest|farthest|"
                               r"fastest|quickest|slowest|(?:best|worst|top)\s+(?:score|mark|result|total|reading|time|number)))\b", q)) or bool(re.search(
        rf"\bwhat(?:'s| is| was| were)\s+(?:the|my|his|her|their|our|[a-z]+'s)\s+{re.escape(word)}"
        r"(?=\s+(?:i|we|he|she|they|you|it|one|ever|so\s+far)\b|\s*$)", q))  # "what was the heaviest I brought home": the value
    unit_m = re.search(r"\bin\s+([a-z]+)\s*$", q)
    if unit_m and target is None and any(
        variants(unit_m.group(1)) & set(f.words) or any(field_matches(fr, f) for fr in synonyms(unit_m.group(1)))
        for f in coll.numeric()
    ):
        query.aggregate = "max" if direction > 0 else "min"
        query.measure = measure
        return
    noun_m = re.search(rf"\b{word}\s+(?:{adj}\s+)?((?:(?!{_FUNCTION_WORDS}\b)[a-z]+\s+){{0,2}}(?!{_FUNCTION_WORDS}\b)[a-z]+)", q)
    if noun_m and target is None and not re.match(r"\s*which\b", q) and not AVG.search(noun_m.group(1)) and any(
            variants(n) & set(f.words) for n in noun_m.group(1).split() for f in coll.numeric()):
        value_ask = True  # "the best reading score": a number field named within the next words
    if value_ask and target is None:
        noun_after = re.search(rf"\b{word}\s+(?:{adj}\s+)?([a-z]+)", q)
        noun = stem(noun_after.group(1)) if noun_after else ""
        said_after = noun_m.group(1).split() if noun_m else []
        record_noun = noun in coll.name_stems and not any(
            variants(n) & set(f.words) for n in said_after for f in coll.numeric()) if noun_after else False
        label = coll.label_field
        if record_noun and not q.startswith("how") and label is not None and not coll.fields[label].temporal:
            d.open["answer"] = Open(("value", "record"), "record", "the largest value itself, or the record that has it")
            query.aggregate = "argmax" if direction > 0 else "argmin"
            query.measure = measure
            query.target = coll.label_field
            return
        query.aggregate = "max" if direction > 0 else "min"
        query.measure = measure
        return
    if target and coll.fields[target].numeric:
        query.aggregate = "max" if direction > 0 else "min"
        query.measure = target
        return
    day_after = re.search(rf"\b{word}\s+(?:{adj}\s+)?(?:day|night|date|morning|evening|afternoon)\b", q)
    if target is None and measure and day_after and coll.date_field:
        # "what was the wettest day": the day that has the most, not the amount
        query.aggregate = "argmax" if direction > 0 else "argmin"
        query.measure = measure
        query.target = coll.date_field
        return
    if target is None and measure and not re.search(r"\b(?:which|what|where|who|whom|whose|when)\b", q):
        # "shortest run this year?", "smallest fill-up total in 2026?": nothing asks for a record
        query.aggregate = "max" if direction > 0 else "min"
        query.measure = measure
        return
    label = coll.label_field
    if target is None and measure and (label is None or coll.fields[label].temporal) and not re.search(
            r"^\s*when\b|^\s*(?:which|what)\s+(?:day|date|night|week|month|time)\b", q):
        # nothing names a record but its date: "what was my heaviest weigh-in" asks for the weight
        query.aggregate = "max" if direction > 0 else "min"
        query.measure = measure
        return
    query.aggregate = "argmax" if direction > 0 else "argmin"
    query.measure = measure
    query.target = target or coll.label_field
    if re.search(r"^\s*what\s+(was|is|were)\s+(my|the)\b", q) and not target:
        d.open["answer"] = Open(("value", "record"), "record", "the largest value itself, or the record that has it")


def _filters(
    q: str, coll: Collection, d: Draft, windows: list[Window], comparisons: list[Comparison],
    values: list[ValueHit], fhits: list, day_filters: list[tuple[int, Filter]],
) -> None:
    query = d.query
    datef = _date_field(coll, fhits)
    base: list[tuple[int, Filter]] = list(day_filters)
    windows = [w for k, w in enumerate(windows) if not any((w.start, w.end) == (v.start, v.end) for v in windows[:k])]
    if datef:
        for w in windows:
            ahead = _birthday_window(coll, datef, w)
            yearly = None if ahead else _this_year(coll, datef, w)
            if yearly and w.start.year == w.end.year:  # "birthdays in December": December of this year's anniversaries
                year = _today(coll, yearly).year
                try:
                    base.append((w.pos, Filter(yearly, "between", (w.start.replace(year=year), w.end.replace(year=year)))))
                    continue
                except ValueError:
                    pass
            base.append((w.pos, ahead or Filter(datef, "between", (w.start, w.end))))
        base = _joined_periods(q, windows, base)
        yearly = _this_year(coll, datef, windows[0] if windows else None)
        if yearly:  # "birthday on a Saturday this year": the weekday of this year's anniversary
            base = [(p, Filter(yearly, f.op, f.value) if f.field == datef and f.op == "weekday" else f) for p, f in base]
    base += _counted(q, coll, windows, comparisons)
    for c in comparisons:
        fname = _comparison_field(q, coll, c, query.measure, d)
        if fname is None:
            continue
        value = c.value
        words = set(coll.fields[fname].words)
        high = c.high
        if stem(c.unit) == "hour" and words & {"minute", "min"} and "hour" not in words:
            value = value * 60  # "over an hour" on a field kept in minutes
            high = high * 60 if isinstance(high, (int, float, Decimal)) else high
        elif c.unit and isinstance(value, (int, float, Decimal)):
            value = _in_field_unit(value, c.unit, coll, fname)
            high = _in_field_unit(high, c.unit, coll, fname) if isinstance(high, (int, float, Decimal)) else high
        if c.op == "outside":  # below the low end or above the high one
            f = Filter(fname, "any", (Filter(fname, "lt", value), Filter(fname, "gt", high)))
        else:
            f = Filter(fname, "between", (value, high)) if c.op == "between" else Filter(fname, c.op, value)
        base.append((c.pos, f))
    skip_fields = {query.group_by} if query.aggregate in ("most_common", "least_common") else set()
    named: list[tuple[int, int, Filter]] = []
    for v in values:
        left_out = EXCEPT.search(q[:v.start]) or LEAVE_THEM.match(q[v.end:v.end + 60])
        if left_out and not v.partial and coll.fields[v.field].kind != "list":
            # "apart from Utrecht, which city…", "countries outside the Netherlands": that value left out
            base.append((v.start, Filter(v.field, "ne", v.value)))
            continue
        if v.field in skip_fields:
            continue
        if query.aggregate in ("distinct", "count_distinct") and v.field == query.target:
            continue
        naming = min((h.pos for h in fhits if h.field == query.measure), default=-1)
        if query.measure and v.start <= naming < v.end:
            continue  # "how many fillings": the number of fillings added up, not the visits called "fillings"
        op = "contains" if v.partial else "in" if coll.fields[v.field].kind == "list" else "eq"
        named.append((v.start, v.end, Filter(v.field, op, v.value)))
    base += [(start, f) for start, _, f in _alternatives(q, named)]
    for m in re.finditer(r"(?:^|(?<=[\s(]))[\"“'‘]([^\"”'’]{2,40})[\"”'’](?=[\s?.!,)]|$)", q):
        label = coll.label_field
        if label:
            base.append((m.start(), Filter(label, "contains", m.group(1).lower())))
    base += _flags(q, coll, {query.target, query.group_by, query.measure} | {v.field for v in values})
    base += _missing(q, coll, {query.target, query.group_by, query.measure, *query.plus})
    base += _nothing(q, coll)
    if (back := _paid_back(q, coll)) and query.measure != back:
        base.append((10_000, Filter(back, "present", None)))  # "when did she last pay me back": a record of money back
    for fname, value in _cancelled(coll):
        if not any(f.field == fname or f.op == "any" and any(a.field == fname for a in f.value) for _, f in base):
            base.append((10_000, Filter(fname, "ne", value)))
    if query.aggregate == "share":
        movable = [(p, f) for p, f in base if f.op != "between" or f.field != datef]
        movable = [(p, f) for p, f in movable if p < 10_000]
        if movable:
            part = max(movable, key=lambda x: x[0])
            query.part = [part[1]]
            base.remove(part)
        else:
            d.notes.append("no condition found for the share; answering 100%")
    planned, query.filters = query.filters, []  # conditions the aggregate itself needs ("that has a streak") stay
    for _, f in sorted(base, key=lambda x: x[0]):
        if f not in query.filters:  # "bike ride": Cycling once
            query.filters.append(f)
    query.filters += [f for f in planned if f not in query.filters]


_PERIODS_JOINED = re.compile(r"\s*(?:,\s*)?(?:and|or|&|plus|,)\s+(?:(?:in|during|on|over)\s+)?(?:the\s+)?")


def _joined_periods(q: str, windows: list[Window], base: list[tuple[int, Filter]]) -> list[tuple[int, Filter]]:
    """"In May and June combined", "March, April or May": periods said together, no two with a day in
    common, are any of them (a record cannot fall in two)."""
    own = {w.pos: f for w in windows for p, f in base if p == w.pos and f.op == "between"}
    ordered = sorted((w for w in windows if w.pos in own), key=lambda w: w.pos)
    chains: list[list[Window]] = []
    for w in ordered:
        last = chains[-1][-1] if chains else None
        if last is not None and own[last.pos].field == own[w.pos].field and _PERIODS_JOINED.fullmatch(
                q[last.pos + len(last.text):w.pos]) and all(v.end < w.start or w.end < v.start for v in chains[-1]):
            chains[-1].append(w)
        else:
            chains.append([w])
    out = list(base)
    for chain in (c for c in chains if len(c) > 1):
        parts = tuple(own[w.pos] for w in chain)
        out = [(p, f) for p, f in out if not (f in parts and p in {w.pos for w in chain})]
        out.append((chain[0].pos, Filter(parts[0].field, "any", parts)))
    return out


def _today(coll: Collection, name: str) -> dt.date:
    """The day a derived date field was worked out for (its formula's date)."""
    formula = coll.fields[name].formula
    return formula[2] if formula and isinstance(formula[2], dt.date) else dt.date.today()


def _this_year(coll: Collection, datef: str, w: Window | None) -> str | None:
    """The anniversary field of a date of birth when a window of this year (or none) applies to it."""
    field = next((f for f in coll.fields.values() if f.formula and f.formula[0] == "anniversary"
                  and f.formula[1] == datef), None)
    if field is None or not isinstance(field.formula[2], dt.date):
        return None
    year = field.formula[2].year
    return field.name if w is None or w.start.year == w.end.year == year or not re.search(r"\d{4}", w.text) else None


def _birthday_window(coll: Collection, datef: str, w: Window) -> Filter | None:
    """A window ahead of today on a date of birth ("birthdays in the next 30 days") is about the
    coming anniversaries: the days until the next birthday, not the year someone was born."""
    ahead = next((f for f in coll.fields.values() if f.formula and f.formula[0] == "next_birthday"
                  and f.formula[1] == datef), None)
    if ahead is None or not isinstance(ahead.formula[2], dt.date) or w.start <= ahead.formula[2]:
        return None
    today = ahead.formula[2]
    return Filter(ahead.name, "between", ((w.start - today).days, (w.end - today).days))


FLAG_PHRASES = {"return": re.compile(r"\b(?:sent|send|sending|going|go|gone|went|took|take|taken|brought|bring|gave|give)\s+(?:\w+\s+)?back\b")}
"""Ways of saying a yes/no column's word without it ("orders I sent back" are returned)."""
NEGATION = re.compile(r"\b(?:not|never|without|no|excluding|except|minus)\b|n't\b")
IGNORING = re.compile(r"\b(?:ignore|ignoring|regardless\s+of|irrespective\s+of|no\s+matter|whether\s+or\s+not)\s+(?:the\s+|my\s+|any\s+)?$")
AT_ALL = re.compile(r"\b(?:at all|whatsoever|in any way|nothing)\b")


def _flags(q: str, coll: Collection, skip: set[str | None]) -> list[tuple[int, Filter]]:
    """A yes/no column named by its word is a condition: "orders I returned" (returned is True),
    "not counting stuff I sent back" (False), "visits flagged as needing a follow-up". A Yes/No
    column with more answers ("Partial") said negated is not Yes; "not ... at all" is No."""
    out: list[tuple[int, Filter]] = []
    toks = tokens(q)
    for f in coll.fields.values():
        values = set(f.values)
        yes_no = f.kind == "enum" and {"Yes", "No"} <= values
        if f.name in skip or not (f.kind == "bool" or yes_no):
            continue
        words = set(f.words)
        spans = [(t.pos, t.pos + len(t.text)) for t in toks if len(t.text) >= 4 and t.stem not in STOP
                 and (variants(t.text) | {t.text.replace("-", "")}) & (words | {w.replace("-", "") for w in words})]
        for key, phrase in FLAG_PHRASES.items():
            if key in words:
                spans += [(m.start(), m.end()) for m in phrase.finditer(q)]
        if not spans:
            continue
        start, end = min(a for a, _ in spans), max(b for _, b in spans)
        if end - start > 40:
            end = min(b for _, b in spans)
        if IGNORING.search(q[max(0, start - 30):start]):
            continue  # "full price, ignore insurance": no condition on it
        head = q[max(0, start - 25):end] + " " + " ".join(q[end:].split()[:2])[:20]
        negated = bool(NEGATION.search(head.split(",")[-1]))
        said = [v for v in f.values if v not in ("Yes", "No") and re.search(rf"\b{re.escape(v.lower())}", q)]
        if said:  # "partially covered": that answer
            out.append((start, Filter(f.name, "eq", said[0])))
        elif f.kind == "bool":  # an empty cell is not a yes: "not returned" keeps it
            out.append((start, Filter(f.name, "ne", True) if negated else Filter(f.name, "eq", True)))
        elif not negated:
            out.append((start, Filter(f.name, "eq", "Yes")))
        elif AT_ALL.search(q[start:end + 20]):
            out.append((start, Filter(f.name, "eq", "No")))
        else:
            out.append((start, Filter(f.name, "ne", "Yes")))
    return out


_RECORDING = r"(?:put|putting|log\w*|record\w*|enter\w*|fill\w*|add\w*|writ\w*|wrote|not(?:e|ed|ing))"
MISSING_BEFORE = re.compile(
    rf"(?:\b(?:forg[eo]t(?:ten)?|forgetting|missing|without)|\b(?:didn'?t|did\s+not|never)\s+{_RECORDING})"
    rf"(?:\s+(?:to|in|the|a|an|any|my|down|{_RECORDING}))*\s+$")
MISSING_AFTER = re.compile(r"^\s+(?:(?:was|is|were|got|been)\s+)?(?:left\s+(?:blank|empty|out)|blank|missing)\b(?!\s+(?:the|a|an|my)\b)")
"""Right after the field's words: "the waist left blank", "the outdoor temp was missing"."""


def _field_spans(fhits: list[FieldHit], coll: Collection) -> list[tuple[str, int, int]]:
    """Each field phrase of the question once, ``(field, start, end)``: a word that several fields
    share ("temp" of indoor_temp and outdoor_temp) goes to the field whose other words are beside
    it ("the outdoor temp"), and to none when nothing beside it tells them apart."""
    by_field: dict[str, list[FieldHit]] = {}
    for h in fhits:
        if h.direct:
            by_field.setdefault(h.field, []).append(h)
    owners: dict[int, list[str]] = {}
    for name, hits in by_field.items():
        for h in hits:
            owners.setdefault(h.pos, []).append(name)
    spans: list[tuple[str, int, int]] = []
    for name, hits in by_field.items():
        own = [h for h in hits if owners[h.pos] == [name]]
        shared = [h for h in hits if len(owners[h.pos]) > 1]
        if not own:
            continue  # only words other fields have too: whose it is stays unsaid
        start = min(h.pos for h in own)
        end = max(h.pos + len(h.word) for h in own)
        for h in shared:  # a shared word right beside this field's own words is part of its phrase
            if 0 <= h.pos - end <= 2 or 0 <= start - (h.pos + len(h.word)) <= 2:
                start, end = min(start, h.pos), max(end, h.pos + len(h.word))
        spans.append((name, start, end))
    return spans


def _missing(q: str, coll: Collection, used: set[str | None]) -> list[tuple[int, Filter]]:
    """"readings I forgot to put the outdoor temp on", "nights with the score left blank": the
    records where that field holds nothing (a yes/no field is a condition of its own, see _flags;
    the field the question computes over, ``used``, never is)."""
    out: list[tuple[int, Filter]] = []
    for name, start, end in _field_spans(find_fields(q, coll), coll):  # every field said, "with" or not
        f = coll.fields[name]
        yes_no = f.kind == "bool" or f.kind == "enum" and {"Yes", "No"} <= set(f.values)
        if yes_no or f.formula or name in used:
            continue
        word = re.match(r"[a-z'-]*", q[end:])
        end += len(word.group(0)) if word else 0  # the whole last word ("temps", not "temp")
        before = MISSING_BEFORE.search(q[max(0, start - 40):start])
        if before and f.numeric and re.match(r"\s*without\b", before.group(0)):
            # "days she managed without a nap": none said, or nought minutes of it
            out.append((start, Filter(name, "any", (Filter(name, "missing", None), Filter(name, "eq", 0)))))
        elif before or MISSING_AFTER.match(q[end:end + 40]):
            out.append((start, Filter(name, "missing", None)))
    return out


_NOTHING = re.compile(r"\b([a-z]+)\s+(?:(?:absolutely|a\s+single|just|precisely)\s+)?(?:nothing|zero|nowt|zilch|nil|"
                      r"not\s+a\s+(?:penny|thing|single\s+\w+))\b"
                      # "without winning anything", "came home without scoring"
                      r"|\bwithout\s+([a-z]+ing)\b(?!\s+(?:a|an|the|his|her|my|their|any\s+of)\b)"
                      # "the last game where Tom didn't score", "nights she didn't win anything"
                      r"|\b(?:didn'?t|did\s+not|never|failed\s+to)\s+([a-z]+)(?=\s+(?:anything|a\s+thing|at\s+all)\b|\s*$|\s*[,.;])")


def _nothing(q: str, coll: Collection) -> list[tuple[int, Filter]]:
    """"Cards that won nothing", "days he caught zero": the number field the verb names is nought or
    was never said."""
    out: list[tuple[int, Filter]] = []
    for m in _NOTHING.finditer(q):
        verb = m.group(1) or m.group(2) or m.group(3)
        forms = word_forms(verb, ("VERB",))
        if len(forms) < 2:
            continue
        numbers = [f for f in coll.numeric() if not f.ordinal]
        named = [f.name for f in numbers if forms & set(f.name.split("_"))]
        if not named and forms & {"score", "scored", "scoring"}:  # "didn't score": the goals
            fragments = {frag for form in forms for frag in FIELD_SYNONYMS.get(form, ())}
            named = [f.name for f in numbers if any(frag in f.name for frag in fragments)]
        if len(named) == 1:
            name = named[0]
            out.append((m.start(), Filter(name, "any", (Filter(name, "missing", None), Filter(name, "eq", 0)))))
    return out


EXCEPT = re.compile(r"\b(?:outside(?:\s+of)?|apart\s+from|other\s+than|except(?:\s+for)?|excluding|besides|not\s+in|"
                    r"not\s+counting|leaving\s+out|ignoring|minus)\s+(?:the\s+|any\s+|my\s+)?$")
"""Words before a value that leave it out."""
LEAVE_THEM = re.compile(r"^[^.?!;]{0,50}?\b(?:leave|leaving|skip|skipping|exclude|excluding|ignore|ignoring|drop|dropping)\s+"
                        r"(?:them|those|these|it|that|that\s+one)\s+out\b|^[^.?!;]{0,50}?\b(?:skip|skipping|exclude|excluding|"
                        r"ignore|ignoring|drop|dropping)\s+(?:them|those|these|it)\b")
"""Words after a value that leave it out: "audiobooks have no pages so leave them out"."""
CANCELLED = re.compile(r"^(?:cancell?ed|called off|void|voided|no[- ]show)$", re.I)


def _cancelled(coll: Collection) -> list[tuple[str, str]]:
    """Fields holding a "cancelled" value (the log's own status, or an imported Status column):
    what did not happen is left out unless the question names it ("how many were cancelled")."""
    out = []
    for f in coll.fields.values():
        if f.kind == "enum" or f.name == "status":
            out += [(f.name, v) for v in f.values if CANCELLED.match(v)][:1]
    return out


def _counted(q: str, coll: Collection, windows: list[Window], comparisons: list[Comparison]) -> list[tuple[int, Filter]]:
    """"with zero awakenings", "books I gave 5 stars", "2 passengers": a number said with a word that
    names a numeric field is that field's value."""
    taken = [(w.pos, w.pos + len(w.text)) for w in windows] + [(c.pos, c.end) for c in comparisons]
    out: list[tuple[int, Filter]] = []
    words = "|".join(w for w in NUMBER_WORDS if len(w) > 2)
    for m in re.finditer(rf"(?<![\d,.])\b(zero|no|any|\d+(?:,\d{{3}})*(?:\.\d+)?|{words})\s+([a-z]+)\b", q):
        if any(m.start() < b and a < m.end() for a, b in taken) or re.fullmatch(r"(19|20)\d\d", m.group(1)):
            continue
        if re.search(r"\b(?:top|first|last|over|under|above|below|than|least|most|exactly|to|from|about|around|"
                     r"within|up|nearly|almost|roughly|approximately)\s+$|[-–~]\s*$", q[:m.start()]):
            continue
        if re.match(r"\s*(?:or|to|-|–)\s", q[m.end():]):
            continue  # "12 km or longer", "10 to 13 km": a range, not a value
        if LEAVE_THEM.match(q[m.end():m.end() + 60]):
            continue  # "audiobooks have no pages so leave them out": why they are left out, no condition
        word = m.group(2)
        named = [f for f in coll.numeric() if variants(word) & set(f.words) or any(field_matches(fr, f) for fr in synonyms(word))]
        if len(named) != 1:
            continue
        raw = m.group(1).replace(",", "")
        if raw == "any":
            if re.search(r"\bwithout\b[^.?!]*$", q[:m.start()]):
                continue  # "without any nap": left to the missing ones (see ``_missing``)
            name = named[0].name
            if re.search(r"\b(?:no|not|never)\b[^.?!]*$|n't\b[^.?!]*$", q[:m.start()]):
                # "days Gran did not have any nap", "nights I didn't win any frames": none said, or nought
                out.append((m.start(), Filter(name, "any", (Filter(name, "missing", None), Filter(name, "eq", 0)))))
            else:
                out.append((m.start(), Filter(name, "gt", 0)))  # "days with any ammonia at all": more than none
            continue
        value = 0 if raw in ("zero", "no") else NUMBER_WORDS[raw] if raw in NUMBER_WORDS else Decimal(raw)
        out.append((m.start(), Filter(named[0].name, "eq", value)))
    return out


_OR = re.compile(r"\s*,?\s*(?:or|and/or)\s+(?:(?:at|in|on|the|a|an|from|with|to|by)\s+){0,2}")
_AND = re.compile(r"\s*(?:,\s*(?:and\s+)?|and\s+|[+&/]\s*)(?:(?:at|in|on|the|a|an|from|with|to|by)\s+){0,2}")
"""Values of one field said with "and" or a comma ("at Shell and Arco"): a record holds one of
them, so they are alternatives too (not for a list field, where a record may hold both)."""


def _alternatives(q: str, named: list[tuple[int, int, Filter]]) -> list[tuple[int, int, Filter]]:
    """Values said as alternatives ("groceries or dining", "premium or at Shell") are one condition:
    ``one_of`` on one field, ``any`` across fields."""
    out: list[tuple[int, int, Filter]] = []
    for start, end, f in sorted(named, key=lambda x: x[0]):
        gap = q[out[-1][1]:start] if out else ""
        same_field = bool(out) and f.op in ("eq", "contains") and (
            out[-1][2].field == f.field and out[-1][2].op in ("eq", "contains", "one_of")
            or out[-1][2].op == "any" and all(a.field == f.field for a in out[-1][2].value))
        if out and (_OR.fullmatch(gap) or same_field and _AND.fullmatch(gap)):
            pstart, _, prev = out.pop()
            if prev.op == "any":
                alts = prev.value + (f,)
            elif prev.field == f.field and prev.op in ("eq", "one_of") and f.op == "eq":
                values = prev.value if prev.op == "one_of" else (prev.value,)
                out.append((pstart, end, Filter(f.field, "one_of", values + (f.value,))))
                continue
            else:
                alts = (prev, f)
            out.append((pstart, end, Filter("", "any", alts)))
            continue
        out.append((start, end, f))
    return out


MARK_GIVEN = frozenset({"given", "gave", "give", "giving", "awarded", "marked", "scored"})
"""Verbs before a number that is a mark someone gave ("films I've given 8 or more")."""
MARK_FIELDS = ("rating", "score", "star", "mark")


def _comparison_field(q: str, coll: Collection, c: Comparison, measure: str | None, d: Draft) -> str | None:
    numeric = coll.numeric()
    if not numeric:
        return None
    if c.unit == "$":
        money = _spent(coll, [f.name for f in numeric])
        if money:
            return money[0]
    if c.unit:
        s = stem(c.unit)
        for f in numeric:
            if s in f.words or any(field_matches(fr, f) for fr in synonyms(c.unit)):
                return f.name
    lo = max(0, c.pos - 40)
    head = q[lo:c.pos + 12]
    toks = tokens(head)
    # the nearest word before the comparison names its field ("systolic at least 130 and my diastolic at least 85")
    ordered = sorted((t for t in toks if lo + t.pos < c.pos), key=lambda t: -t.pos) + [t for t in toks if lo + t.pos >= c.pos]
    for t in ordered:
        for f in numeric:
            if variants(t.text) & set(f.words) and t.stem not in STOP:
                return f.name
        adj = {"longer": "long", "shorter": "short", "further": "far", "farther": "far", "heavier": "heavy",
               "lighter": "light", "cheaper": "cheap", "pricier": "pricey", "costlier": "costly"}.get(t.text)
        if adj:
            frags = MEASURE_ADJECTIVES[adj][0]
            cands = [f.name for f in numeric if any(field_matches(fr, f) for fr in frags)]
            if cands:
                return cands[0]
        for frag in synonyms(t.text) + (MARK_FIELDS if t.text in MARK_GIVEN else ()):
            cands = [f.name for f in numeric if field_matches(frag, f)]
            if cands:
                return cands[0]
    if c.unit:
        # "under 4 kilos" of a column kept in grams, no word naming it: the one field kept in that unit or one it converts to
        said = _said_unit(c.unit)
        held = {f.name: _unit_held(coll, f.name) for f in numeric}
        kept = [n for n, u in held.items() if said is not None and u == said] or [
            n for n, u in held.items() if (said, u) in UNIT_FACTORS]
        if len(kept) == 1:
            return kept[0]
    if measure and coll.fields.get(measure) and coll.fields[measure].numeric:
        return measure
    if len(numeric) == 1:
        return numeric[0].name
    money = _spent(coll, [f.name for f in numeric])
    default = money[0] if money else numeric[0].name
    d.open["compare_field"] = Open(tuple(f.name for f in numeric), default, f"the field compared with {c.value}")
    return default
