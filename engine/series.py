"""Series to chart from the typed state: money per month, and any measured number over time.

A collection is chartable when its records have a date and a number (money, int or float), built
in, learned or imported alike. The app draws what these functions compute; nothing is counted twice.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from engine.frames import FRAMES_BY_NAME, Frame
from engine.state import Record, State

_NUMBER_KINDS = ("money", "int", "float")


@dataclass(frozen=True)
class Chartable:
    """``frame``'s records plotted by ``date_field``: money as monthly totals, numbers as points."""

    frame: str
    collection: str
    date_field: str
    value_field: str
    kind: str  # "money" or "number"

    @property
    def title(self) -> str:
        what = self.value_field.replace("_", " ")
        name = self.collection.replace("_", " ")
        return f"{name.capitalize()}: {what} per month" if self.kind == "money" else f"{name.capitalize()}: {what}"


def chartables(state: State) -> list[Chartable]:
    out: list[Chartable] = []
    for name, recs in state.records.items():
        frame = FRAMES_BY_NAME.get(name) or state.frames.get(name)
        if frame is None or not recs:
            continue
        dates = [s.name for s in frame.slots if s.kind == "date" and any(r.values.get(s.name) for r in recs)]
        if not dates:
            continue
        for slot in _numbers(frame):
            if sum(r.values.get(slot.name) is not None and r.values.get(dates[0]) is not None for r in recs) >= 1:
                kind = "money" if slot.kind == "money" else "number"
                out.append(Chartable(name, frame.collection, dates[0], slot.name, kind))
    return sorted(out, key=lambda c: c.title)


def _numbers(frame: Frame) -> list:
    return [s for s in frame.slots if s.kind in _NUMBER_KINDS and s.name not in ("id",)]


def monthly_totals(records: list[Record], chart: Chartable) -> list[tuple[dt.date, Decimal, str]]:
    """(first day of month, total, currency) for each month that has a record, per currency."""
    totals: dict[tuple[dt.date, str], Decimal] = {}
    for rec in records:
        day, value = rec.values.get(chart.date_field), rec.values.get(chart.value_field)
        if not isinstance(day, dt.date) or value is None or rec.status == "cancelled":
            continue
        key = (day.replace(day=1), str(rec.values.get("currency") or ""))
        totals[key] = totals.get(key, Decimal(0)) + Decimal(str(value))
    return [(month, total, currency) for (month, currency), total in sorted(totals.items())]


def points(records: list[Record], chart: Chartable) -> list[tuple[dt.date, float]]:
    """(date, value) of every record that has both, in date order."""
    out = []
    for rec in records:
        day, value = rec.values.get(chart.date_field), rec.values.get(chart.value_field)
        if isinstance(day, dt.date) and value is not None and rec.status != "cancelled":
            out.append((day, float(value)))
    return sorted(out)
