"""The typed query IR a question becomes: what to select, filter, group and aggregate.

Plain data with no behaviour: :mod:`engine.ask.plan` builds it, :mod:`engine.ask.compile` turns
it into a Python expression. Values in filters are already typed (date, Decimal, int, str).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

AGGREGATES = (
    "count", "count_distinct", "sum", "avg", "median", "min", "max", "most_common", "least_common",
    "argmax", "argmin", "share", "distinct", "trend", "list", "change", "drop", "daily_change",
)
"""``change``: the last value of ``measure`` minus the first (by date); ``drop``: the first minus the last;
``daily_change``: the change divided by the days between the first and the last (a meter's use a day)."""
FILTER_OPS = ("eq", "ne", "in", "one_of", "contains", "gt", "ge", "lt", "le", "between", "weekday", "any", "missing", "present")
"""``one_of``: the value is one of a tuple; ``weekday``: the date falls on one of the named days;
``missing``: the field holds nothing (the value is ignored);
``any``: at least one of a tuple of filters holds (the field is ignored). A ``dt.time`` value
compares the time of day."""
DERIVED_GROUPS = ("month", "year", "weekday", "month_name", "quarter", "season")
"""``month_name``: the month without its year ("October"), for records of one calendar year;
``quarter``: "Q1".."Q4" of the date's year; ``season``: winter (December–February), spring, summer, autumn."""


UNIT_FACTORS = {
    ("minutes", "hours"): 1 / 60, ("hours", "minutes"): 60, ("seconds", "minutes"): 1 / 60, ("seconds", "hours"): 1 / 3600,
    ("minutes", "seconds"): 60, ("metres", "km"): 1 / 1000, ("km", "metres"): 1000, ("km", "miles"): 1 / 1.609344,
    ("miles", "km"): 1.609344, ("metres", "miles"): 1 / 1609.344,
    ("m3", "litres"): 1000, ("litres", "m3"): 1 / 1000, ("litres", "ml"): 1000, ("ml", "litres"): 1 / 1000,
    ("grams", "kg"): 1 / 1000, ("kg", "grams"): 1000,
}
"""What one unit of a field is in the unit the question asks for."""


@dataclass(frozen=True)
class Filter:
    """``field op value``; ``between`` takes an inclusive (low, high) pair."""

    field: str
    op: str
    value: Any


@dataclass
class Query:
    """``metric`` is what trend and most/least-common compare (count, sum, avg of ``measure``);
    ``group_by`` is a field or ``month``/``year``/``weekday`` of the collection's date field."""

    collection: str
    aggregate: str = "count"
    filters: list[Filter] = field(default_factory=list)
    measure: str | None = None
    metric: str | None = None
    target: str | None = None
    group_by: str | None = None
    order: str | None = None
    limit: int | None = None
    part: list[Filter] = field(default_factory=list)
    periods: list[list[Filter]] = field(default_factory=list)
    having: list[Filter] = field(default_factory=list)
    """Conditions on groups ("places I've been to at least 5 times"): ``field`` is ``count`` (the
    group's records) or a numeric field (its total in the group); ``by`` names the grouping field."""
    by: str | None = None
    plus: list[str] = field(default_factory=list)
    """Fields of the same kind added to ``measure`` in each record ("bill including tip")."""
    minus: list[str] = field(default_factory=list)
    """Fields taken from ``measure`` in each record ("how much is he up": won less spent)."""
    short_of: Decimal | None = None
    """A target the answer is taken from ("how many more to hit her target of 20": 20 less the count)."""
    scale: tuple[str, str] | None = None
    """The answer in another unit than the measure's field holds, ``(from, to)``: ("minutes", "hours")
    for "total time in hours" over a minutes column; the factor is :data:`UNIT_FACTORS`'s."""
    margin: bool = False
    """A trend answered as its size, without its sign ("by how many shots did Rob beat me": the winner is
    whoever scored more, or took less time)."""
    words: tuple[str, str] | None = None
    """A trend answered in words: ``words[0]`` when the difference is positive, ``words[1]`` when
    negative, "same" when none."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "collection": self.collection,
            "aggregate": self.aggregate,
            "filters": [_filter_json(f) for f in self.filters],
            "measure": self.measure,
            "metric": self.metric,
            "target": self.target,
            "group_by": self.group_by,
            "order": self.order,
            "limit": self.limit,
            "part": [_filter_json(f) for f in self.part],
            "periods": [[_filter_json(f) for f in p] for p in self.periods],
            "having": [_filter_json(f) for f in self.having],
            "by": self.by,
            "plus": list(self.plus),
            "minus": list(self.minus),
            "short_of": str(self.short_of) if self.short_of is not None else None,
            "words": list(self.words) if self.words else None,
            "margin": self.margin,
            "scale": list(self.scale) if self.scale else None,
        }


def _filter_json(f: Filter) -> dict[str, Any]:
    return {"field": f.field, "op": f.op, "value": _json(f.value)}


def _json(v: Any) -> Any:
    if isinstance(v, Filter):
        return _filter_json(v)
    if isinstance(v, dt.date | dt.time):
        return v.isoformat()
    if isinstance(v, Decimal):
        return str(v)
    if isinstance(v, tuple | list):
        return [_json(x) for x in v]
    return v
