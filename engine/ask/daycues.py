"""Times of day and days of the week in a question: "runs before 7am", "meals after 9pm",
"appointments at 3pm or later", "on Fridays", "on weekends".

Found as spans so the number in "before 8am" is never read as an amount; the planner turns them
into filters on the collection's time (or date-and-time) field and its date's weekday.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass

DAY_NAMES = tuple(calendar.day_name)
WEEKEND = ("Saturday", "Sunday")
WEEKDAYS = DAY_NAMES[:5]

_CLOCK = r"(\d{1,2})(?:(?::|\.)(\d{2}))?\s*(a\.?m\.?|p\.?m\.?|o'?clock)?|(noon|midday|midnight)"
_BEFORE = r"before|earlier than|until|prior to"
_AFTER = r"after|later than|past"


@dataclass(frozen=True)
class ClockHit:
    """``op`` is gt/ge/lt/le/between; ``value`` a time, or a (start, end) pair for between."""

    op: str
    value: dt.time | tuple[dt.time, dt.time]
    pos: int
    end: int


@dataclass(frozen=True)
class WeekdayHit:
    days: tuple[str, ...]
    pos: int
    end: int


def _time(m: re.Match[str], offset: int = 0) -> dt.time | None:
    """The time a clock match names; None when it is a bare number with nothing saying it is a time."""
    hour, minute, suffix, word = (m.group(offset + i) for i in range(1, 5))
    if word:
        return dt.time(0, 0) if word == "midnight" else dt.time(12, 0)
    if not suffix and (not minute or ":" not in m.group(0)):
        return None  # "12.50" is an amount unless am/pm follows
    h, mi = int(hour), int(minute or 0)
    if suffix and suffix.startswith("p") and h < 12:
        h += 12
    elif suffix and suffix.startswith("a") and h == 12:
        h = 0
    if not (0 <= h < 24 and 0 <= mi < 60):
        return None
    return dt.time(h, mi)


def find_clock(question: str) -> list[ClockHit]:
    """Every condition on the time of day: a time needs am/pm, a colon, o'clock, noon or midnight."""
    q = question.lower()
    out: list[ClockHit] = []

    def add(op: str, value: dt.time | tuple[dt.time, dt.time], m: re.Match[str]) -> None:
        if not any(m.start() < h.end and h.pos < m.end() for h in out):
            out.append(ClockHit(op, value, m.start(), m.end()))

    for m in re.finditer(rf"\bbetween\s+(?:{_CLOCK})\s+and\s+(?:{_CLOCK})", q):
        b = _time(m, 4)
        a = _time(m, 0) or (_infer_half(m.group(1), m.group(2), b) if b else None)
        if a and b:
            add("between", (a, b), m)
    for m in re.finditer(rf"(?:{_CLOCK})\s+or\s+(later|after|earlier|before)\b(?!\s+(?:{_CLOCK}))", q):
        t = _time(m)
        if t:
            add("ge" if m.group(5) in ("later", "after") else "le", t, m)
    for m in re.finditer(rf"\b(?:at\s+or\s+after|no\s+earlier\s+than|from)\s+(?:{_CLOCK})(?!\s*(?:to|until|-))", q):
        t = _time(m)
        if t and not m.group(0).startswith("from"):
            add("ge", t, m)
    for m in re.finditer(rf"\b(?:at\s+or\s+before|no\s+later\s+than)\s+(?:{_CLOCK})", q):
        t = _time(m)
        if t:
            add("le", t, m)
    for m in re.finditer(rf"\b(?:{_BEFORE})\s+(?:{_CLOCK})", q):
        t = _time(m)
        if t:
            add("lt", t, m)
    for m in re.finditer(rf"\b(?:{_AFTER})\s+(?:{_CLOCK})", q):
        t = _time(m)
        if t:
            add("gt", t, m)
    for m in _PART_OF_DAY.finditer(q):
        a, b = PARTS_OF_DAY[m.group(1) or m.group(2)]
        add("between", (a, b), m)
    return sorted(out, key=lambda h: h.pos)


PARTS_OF_DAY = {"morning": (dt.time(5), dt.time(11, 59)), "afternoon": (dt.time(12), dt.time(17, 59)),
                "evening": (dt.time(18), dt.time(23, 59))}
"""The hours a part of the day spans, for records kept with a time ("readings in the evening")."""
_PART_OF_DAY = re.compile(r"\b(?:in|during)\s+the\s+(morning|afternoon|evening)s?\b"
                          r"|\b(morning|afternoon|evening)\s+(?:ones|readings|doses|sessions)\b")


def _infer_half(hour: str, minute: str | None, end: dt.time) -> dt.time | None:
    """"between 6 and 9am": the first time takes the second's half of the day."""
    h, mi = int(hour), int(minute or 0)
    if not (0 < h <= 12 and mi < 60):
        return None
    if end.hour >= 12 and h < 12 and h + 12 <= end.hour:
        h += 12
    return dt.time(h, mi)


def find_weekdays(question: str) -> list[WeekdayHit]:
    """"on Fridays", "on a Saturday", "weekends", "on weekdays", "Mon-Fri": the days a date must fall on."""
    q = question.lower()
    out: list[WeekdayHit] = []
    for m in re.finditer(r"\b(?:on\s+)?(?:the\s+)?(weekends?|weekdays?|work\s*days?|mon(?:day)?\s*-\s*fri(?:day)?)\b", q):
        word = m.group(1)
        if re.search(r"\b(?:what|which)\s+(?:day\s+of\s+the\s+)?$", q[:m.start()]):
            continue  # "what weekday": a grouping, not a condition
        days = WEEKEND if word.startswith("weekend") else WEEKDAYS
        out.append(WeekdayHit(days, m.start(), m.end()))
    names = "|".join(d.lower() for d in DAY_NAMES)
    for m in re.finditer(rf"\b(?:on\s+)?(?:a\s+|the\s+)?({names})s?\b", q):
        if any(m.start() < h.end and h.pos < m.end() for h in out) or re.search(r"\bblack\s+$", q[:m.start()]):
            continue  # "Black Friday" is one day
        if re.search(r"\b(?:last|this|next|since|until|till|before|after|from|between|to|through|and)\s+$", q[:m.start()]) or \
                re.match(r"\s*(?:to|through|until|till|-|–|and)\s", q[m.end():]):
            return []  # "since Monday", "last Friday", "Friday to Sunday": a date, not every such day
        out.append(WeekdayHit((m.group(1).capitalize(),), m.start(), m.end()))
    out.sort(key=lambda h: h.pos)
    merged: list[WeekdayHit] = []
    for h in out:  # "on Saturdays or Sundays": one condition
        if merged and re.fullmatch(r"\s*(?:,|or|and|,\s*or)\s*", q[merged[-1].end:h.pos]):
            prev = merged.pop()
            h = WeekdayHit(tuple(dict.fromkeys(prev.days + h.days)), prev.pos, h.end)
        if not merged or merged[-1].days != h.days:
            merged.append(h)
    return merged
