"""Where someone finished, asked in words: "how many quiz nights have we won", "when did we last finish
second", "how often did his birds come in the top three".

A collection that keeps a finishing place as a number (``team_position``, ``best_placing``, ``rank``)
answers these as conditions on that number: winning is place 1, "second" is 2, "the top three" is at
most 3. Where a collection keeps the result as a word instead ("won", "lost"), the word is matched as a
value elsewhere and nothing here applies. The phrases found are returned with their spans so the rest of
the planner does not read "top three" as a list of three, or "first" as the earliest record.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.ask.catalog import Collection
from engine.ask.ir import Filter
from engine.ask.lexicon import VALUE_SYNONYMS
from engine.ask.timecues import NUMBER_WORDS
from engine.extract.dates import ORDINALS

_PLACE_PARTS = frozenset({"position", "pos", "placing", "place", "placed", "rank", "ranking", "finish", "finishing",
                          "finished"})
_COUNTS = {w: n for w, n in NUMBER_WORDS.items() if len(w) > 2}
_ORD = r"(?P<ord>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d{1,2}(?:st|nd|rd|th))"
_CAME = (r"(?:finish(?:ed|es|ing)?|came|come|comes|coming|placed|place|end(?:ed)?\s+up|ended|"
         r"take|took|taking)")
_AFTER_PLACE = (r"(?![\s-]*(?!(?:place|places|position|positions|spot|overall|out|of|in|at|on|and|or|with|for|but|"
                r"again|behind|ahead|after|by|today|yesterday|last|this|then|so)\b)[a-z])")
"""After a place, only a word that is no noun: "came second in", not "the second tournament", "the first time"."""
_SUBJECT_BEFORE = r"(?<!\bshe\s)(?<!\bhe\s)(?<!\bi\s)(?<!\bwe\s)(?<!\bthey\s)(?<!\byou\s)"
_NOT_PLACE = frozenset({"time", "times", "duration", "min", "mins", "minutes", "sec", "secs", "seconds", "hours", "date",
                        "day", "name", "where", "location", "venue", "town", "city"})
_YES_NO = re.compile(r"^\s*(?:didn't|don't|doesn't|wasn't|weren't|haven't|hasn't|isn't|aren't)\s+[a-z]+\s*$")
_NEGATED = re.compile(r"\b(?:not|never|didn't|did\s+not|don't|haven't|hasn't|wasn't|weren't|failed\s+to)\b[^,.;]{0,20}$")
_PATTERNS = (
    # "in the top three", "a top-3 finish", "on the podium"
    (re.compile(r"\b(?:in|into|inside|within|make|made|making)\s+(?:the\s+)?top[\s-]+(?P<n>\d{1,2}|"
                + "|".join(_COUNTS) + r")\b|\btop[\s-]+(?P<n2>\d{1,2}|" + "|".join(_COUNTS)
                + r")\s+(?:finish(?:es)?|plac(?:e|es|ing|ings)|spots?|positions?)\b"), "le"),
    (re.compile(r"\b(?:on|onto|made|make|making|reach(?:ed)?)\s+(?:the\s+)?podium\b|\bpodium\s+(?:finish(?:es)?|places?)\b"), "podium"),
    # "came second", "finished in third place", "ended up 2nd", "second place", "runner-up"
    (re.compile(rf"\b{_CAME}\s+(?:in\s+|at\s+)?(?:(?:joint|equal)\s+)?{_ORD}(?:\s+(?:place|position|spot))?\b{_AFTER_PLACE}"), "eq"),
    (re.compile(rf"{_SUBJECT_BEFORE}\b{_ORD}\s+(?:place|position|spot)s?\b"), "eq"),
    (re.compile(r"\brunners?[\s-]+up\b"), "second"),
    # "have we won", "did Grandad win outright", "our wins", "a victory"
    (re.compile(r"\b(?:won|win|wins|winning|victory|victories)\b(?:\s+outright)?"), "won"),
)


@dataclass(frozen=True)
class Placing:
    start: int
    end: int
    filter: Filter


def placing_field(coll: Collection) -> str | None:
    """The number field that keeps a finishing place (``team_position``, ``best_placing``), if exactly one."""
    found = [f.name for f in coll.fields.values() if f.numeric and not f.ordinal
             and _PLACE_PARTS & set(f.name.lower().split("_")) and not _NOT_PLACE & set(f.name.lower().split("_"))]
    return found[0] if len(found) == 1 else None


def _results_kept_as_words(coll: Collection) -> bool:
    """Whether some field keeps the outcome as a word ("won", "W", "victory"): the verb matches that value."""
    words = {"won", "win", *VALUE_SYNONYMS["won"]}
    return any(f.categorical and any(str(v).lower() in words for v in f.values) for f in coll.fields.values())


def _winnings(coll: Collection) -> bool:
    """A number field named for winning ("won_gbp", "prize_won"): "won" is an amount there, not a place."""
    return any(f.numeric and {"won", "win", "winnings", "prize"} & set(f.name.lower().split("_"))
               for f in coll.fields.values())


def _wins_a_number(q: str, start: int, coll: Collection, place: str) -> bool:
    """"How many points has she won": the verb wins a number field named just before it, no place."""
    near = set(re.findall(r"[a-z]+", q[max(0, start - 30):start]))
    return any(f.numeric and f.name != place and near & set(f.words) for f in coll.fields.values())


def _place(word: str) -> int | None:
    if word in ORDINALS:
        return ORDINALS[word]
    digits = re.match(r"\d+", word)
    return int(digits.group(0)) if digits else _COUNTS.get(word)


def find_placings(q: str, coll: Collection) -> list[Placing]:
    """Conditions on the collection's finishing place that the question states, with their spans;
    none when the collection keeps no place or keeps its results as words."""
    field = placing_field(coll)
    if field is None:
        return []
    words_kept, winnings = _results_kept_as_words(coll), _winnings(coll)
    out: list[Placing] = []
    for pattern, kind in _PATTERNS:
        for m in pattern.finditer(q):
            if any(m.start() < p.end and p.start < m.end() for p in out):
                continue
            if kind == "won" and (words_kept or winnings or _wins_a_number(q, m.start(), coll, field)):
                continue
            if kind == "le":
                f = Filter(field, "le", _place(m.group("n") or m.group("n2")))
            elif kind == "podium":
                f = Filter(field, "le", 3)
            elif kind == "eq":
                f = Filter(field, "eq", _place(m.group("ord")))
            else:
                f = Filter(field, "eq", 2 if kind == "second" else 1)
            if _NEGATED.search(q[:m.start()]) and not _YES_NO.match(q[:m.start()]):
                f = Filter(field, {"le": "gt", "eq": "ne"}[f.op], f.value)
            out.append(Placing(m.start(), m.end(), f))
    return sorted(out, key=lambda p: p.start)


def masked(q: str, placings: list[Placing]) -> str:
    """The question with each placing phrase blanked (same length, so spans still line up)."""
    for p in placings:
        q = q[:p.start] + " " * (p.end - p.start) + q[p.end:]
    return q
