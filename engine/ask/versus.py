"""Two values of one field set against each other: "how much more on FC than on Fortnite".

The draft reads every value a question names as a condition, so two games, two companies or two places
on either side of "than" would both have to hold at once and nothing is counted. Here they become the
two sides of a difference instead: the total (count, average, best) of the one less that of the other.
"""

from __future__ import annotations

import re

from engine.ask.ir import Filter, Query
from engine.ask.whose import LESS_WORDS, MORE_WORDS

_HOW = re.compile(rf"\bhow\s+(?:much|many|far|long)\s+(?:[a-z]+\s+)?(?:({MORE_WORDS})|{LESS_WORDS})\b(.*?)\bthan\b", re.I)
_SIDED_OPS = ("eq", "contains")
_AGGREGATES = ("sum", "avg", "count", "max", "min", "median")


def _position(question: str, f: Filter) -> int:
    """Where the question says the condition's value (its whole text, else its first word; a ``contains``
    value may be the start of a word: "ferro" of "Ferrow"), or -1."""
    text = str(f.value).lower()
    q = question.lower()
    end = "" if f.op == "contains" else r"(?!\w)"
    found = re.search(rf"(?<!\w){re.escape(text)}{end}", q)
    if found is None and " " in text:
        found = re.search(rf"(?<!\w){re.escape(text.split()[0])}(?!\w)", q)
    return found.start() if found else -1


def compared_values(question: str, query: Query) -> tuple[Filter, Filter] | None:
    """The two conditions on one field said on either side of "than", the one with more first
    ("how many fewer hours on Minecraft than on Fortnite": Fortnite's, then Minecraft's)."""
    m = _HOW.search(question)
    if m is None:
        return None
    than = m.end()
    by_field: dict[str, list[tuple[int, Filter]]] = {}
    for f in query.filters:
        if f.op in _SIDED_OPS and isinstance(f.value, str):
            pos = _position(question, f)
            if pos >= m.start():
                by_field.setdefault(f.field, []).append((pos, f))
    for found in by_field.values():
        before = [f for pos, f in found if pos < than]
        after = [f for pos, f in found if pos >= than]
        if len(before) == 1 and len(after) == 1:
            return (before[0], after[0]) if m.group(1) else (after[0], before[0])
    return None


def compare_values(query: Query, pair: tuple[Filter, Filter]) -> bool:
    """Make ``query`` the first condition's total (count, average, best) less the second's; where two
    people are already set against each other, each side keeps its own condition as well."""
    if query.aggregate in ("argmax", "argmin") and query.measure and query.target in (None, query.measure):
        query.aggregate, query.target = ("max" if query.aggregate == "argmax" else "min"), None
    if query.aggregate == "trend" and len(query.periods) == 2 and query.metric in _AGGREGATES:
        query.periods = [query.periods[0] + [pair[1]], query.periods[1] + [pair[0]]]
    elif query.aggregate in _AGGREGATES and not query.periods:
        query.metric, query.aggregate = query.aggregate, "trend"
        query.periods = [[pair[1]], [pair[0]]]
    else:
        return False
    query.filters = [f for f in query.filters if f not in pair]
    return True
