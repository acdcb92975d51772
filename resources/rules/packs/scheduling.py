"""Scheduling: commitments of the same person that cannot all happen.

- overlap: two scheduled events on the same date whose times overlap (an event with only a start
  time is assumed to last ``default_duration_minutes``), or a timed event on a day another event
  takes whole (a multi-day event, or one whose title says it takes the day: data.scheduling).
  Events with neither a time nor an all-day marker are not compared: their times are unknown.
- during_trip: a scheduled event dated inside a trip that is not cancelled, unless the event is at
  the destination (part of the trip).
- trips_overlap: two trips of the same person, both with start and end dates, in different
  countries, that share a night (one ends after the other starts; coming home the day the next trip
  leaves is fine). Trips in the same country, with a country unknown, or without an end date may be
  legs of one journey and stay quiet.
A repeating commitment ("every Tuesday 14:00–16:00", "the first Monday of the month", "monthly on
the 1st") takes part in all three checks on each of its dates in the next
``recurrence_horizon_days`` (from its start date, if one is known, until its end date); one that
repeats every other week is expanded only when a first date anchors the weeks.
Another person's events never clash with the user's; cancelled or done events and past dates are quiet.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime, timedelta

from data.scheduling import DATA as SCHED
from rules.alerts import Alert, alert, known
from rules.recurrence import parse

OVERLAP_RULE = "scheduling.overlap"
TRIP_RULE = "scheduling.during_trip"
TRIPS_RULE = "scheduling.trips_overlap"
DURATION = int(SCHED["default_duration_minutes"])
MAX_SPAN = int(SCHED["max_span_days"])
ALL_DAY = re.compile(
    r"(?<![a-z])(?:" + "|".join(re.escape(w) for w in sorted(SCHED["all_day_words"], key=len, reverse=True))
    + r")(?![a-z])"
)
_TIME = re.compile(r"(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?", re.IGNORECASE)


def _norm(text) -> str:
    return re.sub(r"\s+", " ", str(text or "").strip().lower())


def parse_minutes(text) -> tuple[int, int | None] | None:
    """(start, end) minutes after midnight from "14:00", "2pm", "14:00-15:30", "2 to 3pm"; None if unreadable."""
    found = []
    for m in _TIME.finditer(str(text or "")):
        hour, minute, half = int(m.group(1)), int(m.group(2) or 0), (m.group(3) or "").lower().replace(".", "")
        if not m.group(2) and not half and hour > 24:
            continue
        if half == "pm" and hour < 12:
            hour += 12
        if half == "am" and hour == 12:
            hour = 0
        if hour > 23 or minute > 59:
            continue
        found.append([hour, minute, half])
        if len(found) == 2:
            break
    if not found:
        return None
    if len(found) == 2 and found[1][2] == "pm" and not found[0][2] and found[0][0] + 12 <= found[1][0]:
        found[0][0] += 12  # "2 to 3pm"
    start = found[0][0] * 60 + found[0][1]
    end = found[1][0] * 60 + found[1][1] if len(found) == 2 else None
    return start, (end if end is not None and end > start else None)


def clock(minutes: int) -> str:
    minutes = min(minutes, 24 * 60 - 1)
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _span(event) -> tuple[date, date]:
    end = event.end if event.end is not None and event.end >= event.start else event.start
    return event.start, min(end, event.start + timedelta(days=MAX_SPAN))


def _slot(event):
    """("timed", start, end, assumed) or ("day",) for a whole-day event, or None when unknown."""
    first, last = _span(event)
    if last > first:
        return ("day",)
    parsed = parse_minutes(event.time) if event.time else None
    if parsed is not None:
        start, end = parsed
        until = parse_minutes(getattr(event, "end_time", None)) if getattr(event, "end_time", None) else None
        if end is None and until is not None:
            end = until[0] if until[0] > start else 24 * 60  # a night shift 19:30–08:00 fills the evening it starts
        return ("timed", start, end if end is not None else start + DURATION, end is None)
    if ALL_DAY.search(_norm(event.title)):
        return ("day",)
    return None


def _live_events(state, today) -> list:
    events = known(state.calendar.events, today)
    once = [e for e in events if e.status == "scheduled" and e.start is not None and not _repeats(e)
            and _span(e)[1] >= today]
    repeated = [o for e in events if e.status == "scheduled" and _repeats(e) for o in occurrences(e, today)]
    return once + repeated


HORIZON = int(SCHED.get("recurrence_horizon_days", 180))


def _repeats(event) -> bool:
    """Whether the event repeats: its recurrence states a rhythm (rules.recurrence; a bare
    "tomorrow" does not)."""
    return parse(getattr(event, "recurrence", None)) is not None


def occurrences(event, today) -> list:
    """The event's dates from today to the horizon, as copies of it dated that day. A rhythm whose
    days depend on when it started (every other week) is expanded only from a known start."""
    rhythm = parse(event.recurrence)
    if rhythm is None or (event.start is None and rhythm.needs_anchor):
        return []
    anchor = event.start if event.start is not None else today
    last = today + timedelta(days=HORIZON)
    if getattr(event, "end", None) is not None and event.start is not None and event.end > event.start:
        last = min(last, event.end)
    return [replace(event, start=d, end=None) for d in rhythm.days(anchor, max(today, anchor), last)]


def _when(event, slot) -> str:
    first, last = _span(event)
    if slot[0] == "day":
        return f"from {first} to {last}" if last > first else f"on {first} (all day)"
    start, end, assumed = slot[1], slot[2], slot[3]
    times = f"at {clock(start)}" if assumed else f"{clock(start)}–{clock(end)}"
    return f"on {first} {times}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _name(event) -> str:
    return event.title or event.place or "an event"


def overlap_alerts(events: list) -> list[Alert]:
    by_day: dict = {}
    slots = {}
    for event in events:
        slot = _slot(event)
        if slot is None:
            continue
        slots[event.id] = slot
        first, last = _span(event)
        day = first
        while day <= last:
            by_day.setdefault((event.subject, day), []).append(event)
            day += timedelta(days=1)
    out: list[Alert] = []
    seen: set = set()
    for (_subject, day), group in sorted(by_day.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                pair = tuple(sorted((a.id, b.id)))
                if pair in seen or a.id == b.id:
                    continue
                sa, sb = slots[a.id], slots[b.id]
                if sa[0] == "timed" and sb[0] == "timed":
                    if not (sa[1] < sb[2] and sb[1] < sa[2]):
                        continue
                    if _norm(a.title) == _norm(b.title) and sa[1] == sb[1]:
                        continue  # the same event said twice
                seen.add(pair)
                out.append(_overlap_alert(a, sa, b, sb, day))
    return out


def _overlap_alert(a, sa, b, sb, day: date) -> Alert:
    if (a.known_since or date.min, a.id) > (b.known_since or date.min, b.id):
        a, sa, b, sb = b, sb, a, sa
    whose = "" if a.subject == "me" else f" ({a.subject})"
    assumed = sa[0] == "timed" and sa[3] or sb[0] == "timed" and sb[3]
    note = f" (a {DURATION}-minute length is assumed where no end time was given)" if assumed else ""
    message = (
        f"{_cap(_name(b))} {_when(b, sb)} overlaps {_name(a)} {_when(a, sa)}: both are on {day}{note}. "
        "You cannot be at both: move one of them."
    )
    title = f"Double-booked on {day}: {_name(a)} and {_name(b)}{whose}"
    evidence = a.cites("start", "end", "time", "title") + b.cites("start", "end", "time", "title")
    return alert(OVERLAP_RULE, "warning", title, message, evidence)


def _at_destination(event, trip) -> bool:
    where = _norm(" ".join(x for x in (event.title, event.place) if x))
    if not where:
        return False
    for name in (trip.destination, trip.region):
        name = _norm(name)
        if name and re.search(r"(?<![a-z])" + re.escape(name) + r"(?![a-z])", where):
            return True
    return False


def _live_trips(state, today) -> dict:
    """Subject -> [(trip, last day)] of trips not cancelled and not over."""
    trips: dict = {}
    for trip in known(state.travel.trips, today):
        if trip.status == "cancelled" or trip.start is None:
            continue
        end = trip.end if trip.end is not None and trip.end >= trip.start else trip.start
        if end < today:
            continue
        trips.setdefault(trip.subject, []).append((trip, end))
    return trips


def trips_overlap_alerts(trips: dict) -> list[Alert]:
    out: list[Alert] = []
    for group in trips.values():
        group = sorted(group, key=lambda te: (te[0].start, te[0].id))
        for i, (a, a_end) in enumerate(group):
            for b, b_end in group[i + 1:]:
                if b.start >= a_end:
                    break  # sorted by start: no later trip can share a night with ``a``
                if a.end is None or b.end is None or not a.country or not b.country or a.country == b.country:
                    continue  # a one-day trip may be a leg of the other; one country may be one journey
                out.append(_trips_alert(a, a_end, b, b_end))
    return out


def _trips_alert(a, a_end: date, b, b_end: date) -> Alert:
    first, last = b.start, min(a_end, b_end)
    where_a, where_b = a.destination or a.country, b.destination or b.country
    whose = "your" if a.subject == "me" else f"{a.subject}'s"
    both = f"on {first}" if last <= first else f"from {first} to {last}"
    message = (
        f"{_cap(whose)} trip to {where_b} ({b.start} to {b_end}) starts before {whose} trip to {where_a} "
        f"({a.start} to {a_end}) is over: {'you' if a.subject == 'me' else a.subject} cannot be in both "
        f"{both}. Cancel or move one of them."
    )
    title = f"Trips to {where_a} and {where_b} overlap"
    evidence = a.cites("start", "end", "country") + b.cites("start", "end", "country")
    return alert(TRIPS_RULE, "warning", title, message, evidence)


def trip_alerts(trips: dict, events: list) -> list[Alert]:
    out: list[Alert] = []
    for event in events:
        if str(event.kind or "") == "travel":
            continue
        first, last = _span(event)
        for trip, end in trips.get(event.subject, ()):
            if last < trip.start or first > end or _at_destination(event, trip):
                continue
            out.append(_trip_alert(event, trip, end, max(first, trip.start)))
    return out


def _trip_alert(event, trip, end: date, day: date) -> Alert:
    where = trip.destination or trip.country or "your trip"
    slot = _slot(event) or ("date",)
    when = _when(event, slot) if slot[0] != "date" else f"on {event.start}"
    span = f"{trip.start} to {end}" if end > trip.start else f"{trip.start}"
    if day == trip.start and end > trip.start:
        edge = f", the day you leave for {where}"
    elif day == end and end > trip.start:
        edge = f", the day you come back from {where}"
    else:
        edge = ""
    whose = "your" if trip.subject == "me" else f"{trip.subject}'s"
    message = (
        f"{_cap(_name(event))} {when} falls during {whose} trip to {where} ({span}){edge}. "
        "You will be away: reschedule it or change the trip."
    )
    title = f"{_cap(_name(event))} on {day} clashes with the trip to {where}"
    evidence = event.cites("start", "end", "time", "title") + trip.cites("start", "end", "destination")
    return alert(TRIP_RULE, "warning", title, message, evidence)


def check(state, now: datetime) -> list[Alert]:
    today = now.date()
    events = _live_events(state, today)
    trips = _live_trips(state, today)
    return overlap_alerts(events) + trip_alerts(trips, events) + trips_overlap_alerts(trips)
