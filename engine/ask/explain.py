"""How an answer was worked out, in plain words, from the query IR it was computed from.

The app shows this first and the Python expression on request: "Counted your trips where the
start is between 1 Jan 2025 and 31 Dec 2025." Built only from the IR's typed parts, so it says
exactly what was computed, never what the question hoped for.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

_AGGREGATE = {
    "count": "Counted",
    "count_distinct": "Counted the different {measure} of",
    "sum": "Added up the {measure} of",
    "avg": "Averaged the {measure} of",
    "median": "Took the middle {measure} (the median) of",
    "min": "Took the smallest {measure} among",
    "max": "Took the largest {measure} among",
    "most_common": "Found the most common {target} among",
    "least_common": "Found the least common {target} among",
    "argmax": "Found the record with the largest {measure} among",
    "argmin": "Found the record with the smallest {measure} among",
    "share": "Worked out what share of",
    "distinct": "Listed the different {target} of",
    "trend": "Compared, period by period,",
    "list": "Listed",
    "change": "Took the last {measure} minus the first, over",
    "daily_change": "Took the last {measure} minus the first, a day between them, over",
    "drop": "Took the first {measure} minus the last, over",
}
_OPS = {
    "eq": "is", "ne": "is not", "in": "is one of", "contains": "mentions", "gt": "is more than",
    "ge": "is at least", "lt": "is less than", "le": "is at most", "between": "is between",
    "one_of": "is one of", "weekday": "falls on a",
}


def in_words(ir: dict[str, Any] | None) -> str:
    """One or two sentences; empty when the IR says nothing a person could read."""
    if not isinstance(ir, dict) or not ir:
        return ""
    if ir.get("verdict"):
        return f"Answered by the rule that watches this ({_words(ir['verdict'])}): it raises this alert now."
    if "recall" in ir:
        terms = ", ".join(f"“{t}”" for t in ir.get("recall") or [])
        return f"Looked through what you said for {terms} and quoted the best match." if terms else \
            "Looked through what you said for the best match."
    collection = ir.get("collection")
    if not collection:
        return ""
    name = _words(str(collection))
    if ir.get("countdown"):
        return f"Counted the days from today to the {_words(ir['countdown'])} of the next of your {name}."
    verb = _AGGREGATE.get(str(ir.get("aggregate") or "count"), "Computed over")
    verb = verb.format(measure=_words(ir.get("measure") or "value"), target=_words(ir.get("target") or "value"))
    sentence = f"{verb} your {name}"
    conditions = [_condition(f) for f in ir.get("filters") or [] if isinstance(f, dict)]
    if conditions:
        sentence += " where " + " and ".join(conditions)
    if ir.get("group_by"):
        sentence += f", grouped by {_words(ir['group_by'])}"
    if ir.get("limit"):
        sentence += f", top {ir['limit']}"
    periods = [p for p in ir.get("periods") or [] if p]
    if len(periods) == 2:
        first, second = (" and ".join(_condition(f) for f in p if isinstance(f, dict)) for p in periods)
        sentence += f", comparing {first} with {second}"
    scale = ir.get("scale")
    if isinstance(scale, list | tuple) and len(scale) == 2:
        sentence += f", converted from {scale[0]} to {scale[1]}"
    return sentence + "."


def _condition(f: dict[str, Any]) -> str:
    op = str(f.get("op"))
    value = f.get("value")
    if op == "any" and isinstance(value, list):
        return "(" + " or ".join(_condition(sub) for sub in value if isinstance(sub, dict)) + ")"
    if op == "missing":
        return f"{_words(str(f.get('field')))} is left empty"
    if op == "present":
        return f"{_words(str(f.get('field')))} is given"
    if op == "weekday" and isinstance(value, list | tuple):
        return f"{_words(str(f.get('field')))} falls on a " + " or ".join(map(str, value))
    if op == "between" and isinstance(value, list | tuple) and len(value) == 2:
        shown = f"{_value(value[0])} and {_value(value[1])}"
    elif isinstance(value, list | tuple):
        shown = ", ".join(_value(v) for v in value)
    else:
        shown = _value(value)
    return f"{_words(str(f.get('field')))} {_OPS.get(op, op)} {shown}"


def _value(value: Any) -> str:
    if isinstance(value, str):
        try:
            day = dt.date.fromisoformat(value[:10]) if len(value) >= 10 else None
        except ValueError:
            day = None
        if day is not None and len(value) == 10:
            return f"{day.day} {day:%b %Y}"
        return f"“{value}”"
    if isinstance(value, dt.date):
        return f"{value.day} {value:%b %Y}"
    return str(value)


def _words(name: Any) -> str:
    return str(name).replace("_", " ")
