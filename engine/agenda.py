"""One agenda over every dated record: trips, appointments, deadlines, renewals, document expiries.

Which slots of which frame put a record on the agenda is declared below as data; learned and
imported collections join through their ``date`` field. Two commitments that need the user on the
same day are a clash, and a document that stops being valid during a trip is flagged on the trip's
days, so "passport expires mid-trip" is visible at a glance. A recurring event ("every other
Tuesday", :mod:`engine.recurrence`) is on every day it falls on, and listed as coming up once.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace

from engine import recurrence
from engine.state import Record, State


@dataclass(frozen=True)
class AgendaSource:
    """``frame`` records appear from ``start`` to ``end`` (or on ``start`` alone), titled by the first
    of ``title`` that holds a value; ``commitment`` marks what needs the user somewhere."""

    frame: str
    start: str
    end: str | None
    title: tuple[str, ...]
    kind: str
    commitment: bool = False
    time: str | None = None


SOURCES: tuple[AgendaSource, ...] = (
    AgendaSource("Trip", "start", "end", ("destination", "country"), "trip", commitment=True),
    AgendaSource("Event", "start", "end", ("title", "kind", "place"), "event", commitment=True, time="time"),
    AgendaSource("Deadline", "due", None, ("about", "action"), "deadline"),
    AgendaSource("TravelDocument", "expires", None, ("kind", "country"), "expiry"),
    AgendaSource("Subscription", "renewal", None, ("service",), "renewal"),
    AgendaSource("Purchase", "return_by", None, ("item", "vendor"), "return window ends"),
    AgendaSource("Purchase", "warranty_until", None, ("item", "vendor"), "warranty ends"),
    AgendaSource("Policy", "end", None, ("about", "kind"), "policy ends"),
    AgendaSource("Medication", "stop", None, ("name",), "medication ends"),
)
_KIND_WORDS = {"expiry": "expires", "renewal": "renews"}
_INACTIVE = {"cancelled", "done", "expired", "returned", "deleted", "lifted"}


@dataclass(frozen=True)
class AgendaItem:
    start: dt.date
    end: dt.date
    kind: str
    title: str
    record_id: str
    time: dt.time | None = None
    commitment: bool = False
    notes: tuple[str, ...] = field(default=())
    repeats: str = ""
    """How the series it is one day of repeats ("every week on Tuesday"); empty for a single item."""

    def covers(self, day: dt.date) -> bool:
        return self.start <= day <= self.end

    @property
    def label(self) -> str:
        verb = _KIND_WORDS.get(self.kind)
        if verb:
            return f"{self.title} {verb}"
        return f"{self.kind.capitalize()}: {self.title}" if self.kind not in ("trip", "event") else self.title


SERIES_BEFORE = dt.timedelta(days=31)
SERIES_AHEAD = dt.timedelta(days=366)
"""A recurring event is listed on its days from a month before ``around`` to a year after it."""


def agenda(state: State, around: dt.date | None = None) -> list[AgendaItem]:
    """Every dated item of ``state``, by start date, with clashes and mid-trip expiries noted. A
    recurring event is one item per day it falls on near ``around`` (default: its first day)."""
    items: list[AgendaItem] = []
    for src in SOURCES:
        for rec in state.of(src.frame):
            series = recurrence.parse(rec.values.get("recurrence")) if src.frame == "Event" else None
            if series is not None:
                items += _series(rec, src, series, around)
                continue
            item = _item(rec, src)
            if item is not None:
                items.append(item)
    for name, frame in state.frames.items():  # learned and imported collections with a date
        if any(s.name == "date" for s in frame.slots):
            for rec in state.of(name):
                item = _item(rec, AgendaSource(name, "date", None, (), frame.collection.replace("_", " ")))
                if item is not None:
                    items.append(item)
    items = _annotate(items)
    return sorted(items, key=lambda i: (i.start, i.time or dt.time(0), i.title))


def upcoming(items: list[AgendaItem], today: dt.date, days: int = 60) -> list[AgendaItem]:
    """What is on from ``today`` for ``days`` days (a trip under way counts), plus deadlines passed
    that are still open; a recurring event by its next day only."""
    horizon = today + dt.timedelta(days=days)
    out: list[AgendaItem] = []
    series: set[str] = set()
    for i in items:
        if not ((i.end >= today and i.start <= horizon) or (i.kind == "deadline" and i.end < today)):
            continue
        if i.repeats:
            if i.record_id in series:
                continue
            series.add(i.record_id)
        out.append(i)
    return out


def _series(rec: Record, src: AgendaSource, series: recurrence.Recurrence, around: dt.date | None) -> list[AgendaItem]:
    """The days of a recurring event: from its first day (else the day it was said) up to its end
    day if it has one (with a rhythm, ``end`` is when the series stops)."""
    if rec.status in _INACTIVE:
        return []
    start = _day(rec.values.get(src.start))
    if start is None and series.needs_anchor:
        return []  # "every other Wednesday" with no first date: which weeks is unknown, as for the clash rule
    first = start or rec.first_seen
    if first is None:
        return []
    last = _day(rec.values.get(src.end)) if src.end else None
    anchor = around or first
    until = anchor + SERIES_AHEAD if last is None or start is None or last <= start else min(last, anchor + SERIES_AHEAD)
    title = next((str(rec.values[t]) for t in src.title if rec.values.get(t)), "") or src.kind
    clock = _clock(rec.values.get(src.time)) if src.time else None
    return [AgendaItem(day, day, src.kind, title, rec.id, clock, src.commitment, repeats=series.describe())
            for day in series.days(first, max(first, anchor - SERIES_BEFORE), until)]


def _item(rec: Record, src: AgendaSource) -> AgendaItem | None:
    if rec.status in _INACTIVE:
        return None
    start = _day(rec.values.get(src.start))
    if start is None:
        return None
    end = _day(rec.values.get(src.end)) if src.end else None
    if end is None or end < start:
        end = start
    title = next((str(rec.values[t]) for t in src.title if rec.values.get(t)), "") or src.kind
    return AgendaItem(start, end, src.kind, title, rec.id, _clock(rec.values.get(src.time)) if src.time else None,
                      src.commitment)


def _clock(value: object) -> dt.time | None:
    if isinstance(value, dt.time):
        return value
    try:
        return dt.time.fromisoformat(str(value)[:5]) if value else None
    except ValueError:
        return None


def _day(value: object) -> dt.date | None:
    if isinstance(value, dt.datetime):
        return value.date()
    return value if isinstance(value, dt.date) else None


def _annotate(items: list[AgendaItem]) -> list[AgendaItem]:
    commitments = [i for i in items if i.commitment]
    expiries = [i for i in items if i.kind == "expiry"]
    out = []
    for item in items:
        notes: list[str] = []
        if item.commitment:
            for other in commitments:
                if other is not item and other.start <= item.end and item.start <= other.end:
                    notes.append(f"clashes with {other.title}")
            if item.kind == "trip":
                for doc in expiries:
                    if item.start <= doc.start <= item.end:
                        notes.append(f"{doc.title} expires during it")
        out.append(replace(item, notes=tuple(notes)))
    return out
