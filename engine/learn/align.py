"""Each record of a message takes the values said with its own day.

A small model reading "Harvey on Saturday, 1h, £25. Lily on Sunday, an hour and a half, £45" often
cites the first amount for both records, or the second record's amount for the first. Where every
record is dated by a different day of the message and each day has values said with it, the
message is cut into stretches, one per day (from the sentence that says the day to the sentence
that says the next; the first from the message's start), and a number the model cited from another
record's stretch is exchanged for the number of the same kind in the record's own stretch — or
dropped when those are all taken, and kept when the stretch has none of its kind.
A record whose day has no values beside it is left as the model read it when its values follow
("Tuesday and Thursday: 5k and 10k"), and loses them when they were all said before its day, with
the other records' days.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.extract.segment import clauses, sentences


@dataclass(frozen=True)
class Cited:
    """What alignment needs of one offered candidate: its kind (two values of one kind may stand
    for each other: amounts of one currency, quantities of one dimension) and where it is."""

    kind: str
    start: int


def align(records: list[Any], cited: Mapping[str, Cited], text: str) -> list[Any]:
    """``records`` as the model gave them (dicts with "date" and "values"), their values exchanged
    for the ones said with each record's day. Nothing else of a record changes."""
    anchored = [(cited[r["date"]].start, i) for i, r in enumerate(records)
                if isinstance(r, dict) and isinstance(r.get("values"), dict) and isinstance(r.get("date"), str)
                and r["date"] in cited and cited[r["date"]].kind == "date"]
    if len(anchored) < 2 or len({a for a, _ in anchored}) != len(anchored):
        return records  # one record, or two on one day (two people's): nothing to tell apart by day
    anchored.sort()
    edges = _edges([a for a, _ in anchored], text)
    if edges is None:
        return records
    stretches = {i: (edges[k], edges[k + 1]) for k, (_, i) in enumerate(anchored)}
    values = {i for i, c in cited.items() if c.kind != "date"}
    # a day with nothing said beside it ("Ran on Saturday and on Sunday. 5 km and 10 km."): its
    # record is left as read, and only the records whose days have values of their own are aligned
    bare = {i: (a, b) for i, (a, b) in stretches.items() if not any(a <= cited[v].start < b for v in values)}
    stretches = {i: s for i, s in stretches.items() if i not in bare}
    if len(stretches) < 2:
        return records
    out = list(records)
    for i, (a, _) in bare.items():
        fields = records[i]["values"]
        numbers = [v for v in fields.values() if isinstance(v, str) and v in cited and cited[v].kind != "date"]
        if numbers and all(cited[v].start < a for v in numbers):
            # a day said after its values, which were said with the days before it ("...£25 cash.
            # The dog was a menace at pickup today"): they are those records' values, not a record of its own
            out[i] = dict(records[i], values={k: v for k, v in fields.items() if v not in numbers})
    for i, (a, b) in stretches.items():
        rec = dict(records[i])
        rec["values"] = _own_values(rec["values"], cited, (a, b))
        out[i] = rec
    return out


def _edges(anchors: list[int], text: str) -> list[int] | None:
    """Where each day's stretch begins (and the message's end): the start of the sentence, or of
    the clause, that says the day; None when two days are not in parts of their own."""
    starts = [a for a, _ in sentences(text)]
    parts = [c.start for c in clauses(text)]
    edges = [0]
    for previous, anchor in zip(anchors, anchors[1:], strict=False):
        edge = max((s for s in starts if s <= anchor), default=0)
        if edge <= previous:
            edge = max((s for s in parts if s <= anchor), default=0)
        if edge <= previous:
            return None
        edges.append(edge)
    edges.append(len(text))
    return edges


def _own_values(fields: dict[str, Any], cited: Mapping[str, Cited], stretch: tuple[int, int]) -> dict[str, Any]:
    a, b = stretch
    out: dict[str, Any] = {}
    used = {v for v in fields.values() if isinstance(v, str) and v in cited and a <= cited[v].start < b}
    for name, value in fields.items():
        c = cited.get(value) if isinstance(value, str) else None
        if c is None or c.kind == "date" or a <= c.start < b:
            out[name] = value
            continue
        kind_here = sorted((i for i, o in cited.items() if o.kind == c.kind and a <= o.start < b), key=lambda i: cited[i].start)
        if not kind_here:
            out[name] = value  # "Times were 25 and 55 minutes" after both days: nothing of its kind here to prefer
            continue
        free = [i for i in kind_here if i not in used]
        if free:
            out[name] = free[0]  # the first free one of its kind said with this record's day
            used.add(free[0])
    return out
