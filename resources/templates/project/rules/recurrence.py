"""How a recurring event repeats, read from the words that say it, and the days it falls on.

An event's ``recurrence`` holds the words of the message ("every other Tuesday", "weekly on Mon
and Thu", "monthly on the 1st", "the first Monday of the month", "weekdays"). They are read here by
their parts — a frequency, an interval, weekdays, a day of the month, which weekday of the month —
not matched as whole phrases, so "each Wednesday and Friday" and "Fridays" read alike. What does
not say a rhythm gives ``None`` and the event stays a single day.

The scheduling pack expands repeating commitments with it, and the app's agenda uses this same
file, so a clash and the calendar always agree on the days.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Iterator
from dataclasses import dataclass

WEEKDAYS = {name.lower(): i for i, name in enumerate(calendar.day_name)}
_WEEKDAY = re.compile(r"\b(mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?\b", re.I)
_MONTHDAY = re.compile(r"\b(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b", re.I)
_ORDINAL_WORDS = {"other": 2, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5, "sixth": 6}
_NOT_A_COUNT = frozenset({"single", "working", "week", "business", "school", "calendar", "morning", "evening"})
"""Words between "every" and the unit that are not a count ("every single day", "every working day")."""
_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "last": -1}
_NTH = re.compile(r"\b(first|1st|second|2nd|third|3rd|fourth|4th|last)\s+(mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)"
                  r"(?:day)?\b", re.I)
_NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                 "ten": 10, "eleven": 11, "twelve": 12}
WORKWEEK = (0, 1, 2, 3, 4)
LIMIT = 400
"""Occurrences listed at most for one series (more than a year of a daily one)."""


@dataclass(frozen=True)
class Recurrence:
    """``freq`` is daily, weekly, monthly or yearly; every ``interval`` of them; on ``weekdays``
    (Monday = 0) for weekly ones, on ``monthday`` for monthly ones (else the first day's)."""

    freq: str
    interval: int = 1
    weekdays: tuple[int, ...] = ()
    monthday: int | None = None
    nth: int | None = None
    """Monthly on the ``nth`` of its weekday (1–4, or -1 for the last)."""

    @property
    def needs_anchor(self) -> bool:
        """Whether the days depend on when the series started (every other week, "monthly" alone):
        without a first date they are unknown, and nothing is guessed."""
        if self.interval > 1 or self.freq == "yearly":
            return True
        if self.freq == "weekly":
            return not self.weekdays
        if self.freq == "monthly":
            return self.monthday is None and self.nth is None
        return False

    def days(self, first: dt.date, since: dt.date, until: dt.date) -> Iterator[dt.date]:
        """The days of the series that starts on ``first``, from ``since`` to ``until`` (inclusive)."""
        n = 0
        for day in self._all(first):
            if day > until or n >= LIMIT:
                return
            if day >= since:
                n += 1
                yield day

    def _all(self, first: dt.date) -> Iterator[dt.date]:
        if self.freq == "daily":
            step = dt.timedelta(days=self.interval)
            day = first
            while True:
                if not self.weekdays or day.weekday() in self.weekdays:
                    yield day
                day += step
        elif self.freq == "weekly":
            days = self.weekdays or (first.weekday(),)
            week = first - dt.timedelta(days=first.weekday())
            while True:
                for wd in sorted(days):
                    day = week + dt.timedelta(days=wd)
                    if day >= first:
                        yield day
                week += dt.timedelta(weeks=self.interval)
        elif self.freq == "monthly":
            target = self.monthday or first.day
            year, month = first.year, first.month
            while True:
                day = self._in_month(year, month) if self.nth is not None and self.weekdays else \
                    dt.date(year, month, min(target, calendar.monthrange(year, month)[1]))
                if day is not None and day >= first:
                    yield day
                month += self.interval
                year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
        else:
            year = first.year
            while True:
                last = calendar.monthrange(year, first.month)[1]
                yield dt.date(year, first.month, min(first.day, last))
                year += self.interval

    def _in_month(self, year: int, month: int) -> dt.date | None:
        """The ``nth`` (or last) of the weekday in that month; None when the month has no fifth."""
        same = [dt.date(year, month, d) for d in range(1, calendar.monthrange(year, month)[1] + 1)
                if dt.date(year, month, d).weekday() == self.weekdays[0]]
        if self.nth == -1:
            return same[-1]
        return same[self.nth - 1] if self.nth is not None and 0 < self.nth <= len(same) else None

    def describe(self) -> str:
        """In words, for the agenda ("every 2 weeks on Tuesday")."""
        unit = {"daily": "day", "weekly": "week", "monthly": "month", "yearly": "year"}[self.freq]
        every = f"every {unit}" if self.interval == 1 else f"every {self.interval} {unit}s"
        if self.nth is not None and self.weekdays:
            which = {1: "first", 2: "second", 3: "third", 4: "fourth", -1: "last"}[self.nth]
            return f"the {which} {calendar.day_name[self.weekdays[0]]} of every " + (
                "month" if self.interval == 1 else f"{self.interval} months")
        if self.weekdays and self.weekdays != WORKWEEK:
            every += " on " + ", ".join(calendar.day_name[d] for d in self.weekdays)
        elif self.weekdays:
            every = "every weekday"
        if self.monthday:
            every += f" on day {self.monthday}"
        return every


def parse(text: object) -> Recurrence | None:
    """The rhythm ``text`` states, or None when it states none (or states a count it cannot read:
    "every few weeks" is not guessed)."""
    if not isinstance(text, str) or not text.strip():
        return None
    words = text.lower()
    but = re.search(r"\b(?:except|but\s+not|other\s+than|apart\s+from)\b", words)
    skipped: tuple[int, ...] = ()
    if but is not None:  # "weekdays except Wednesday": the days named after it are taken out
        skipped, _ = _weekdays(words[but.end():])
        words = words[:but.start()]
    weekdays, ranged = _weekdays(words)
    workweek = not weekdays and re.search(r"\b(?:weekdays?|(?:working|business|work|school)\s+days?)\b", words) is not None
    if workweek:
        weekdays = WORKWEEK
    found = _parse(words, weekdays, ranged, workweek)
    if found is None or not skipped:
        return found
    days = found.weekdays or (tuple(range(7)) if found.freq == "daily" else ())
    kept = tuple(d for d in days if d not in skipped)
    if not days or not kept:
        return None if not kept and days else found
    return Recurrence(found.freq, found.interval, kept, found.monthday, found.nth)


def _parse(words: str, weekdays: tuple[int, ...], ranged: bool, workweek: bool) -> Recurrence | None:
    nth = _NTH.search(words)
    every_month = re.search(r"\b(?:monthly|(?:every|each)\s+(?:\w+\s+)?months?)\b", words)
    of_month = re.search(r"\bof\s+(?:the|every|each)\s+month\b", words)
    in_month = nth is not None and (every_month or of_month)  # "every second Tuesday of the month": which one, not how often
    interval = _interval(words[nth.end():] if in_month and nth is not None else words)
    if interval is None:
        return None
    monthday = next((int(m.group(1)) for m in _MONTHDAY.finditer(words) if 1 <= int(m.group(1)) <= 31), None)
    if re.search(r"\b(?:fortnight(?:ly)?|bi-?weekly)\b", words):
        return Recurrence("weekly", 2, weekdays)
    if re.search(r"\b(?:annual(?:ly)?|yearly|(?:every|each)\s+(?:\w+\s+)?years?)\b", words):
        return Recurrence("yearly", interval)
    if nth is not None and (every_month or of_month):
        return Recurrence("monthly", interval, (_weekday(nth.group(2)),), None, _ORDINALS[nth.group(1)])
    if every_month or (of_month and monthday is not None):
        return Recurrence("monthly", interval, (), monthday)
    if workweek:
        return Recurrence("daily", 1, WORKWEEK)
    if weekdays and (ranged or re.search(r"\b(?:every|each)\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b", words)) \
            or re.search(r"\b(?:weekly|(?:every|each)\s+(?:\w+\s+)?weeks?)\b", words):
        return Recurrence("weekly", interval, weekdays)
    if re.search(r"\b(?:daily|nightly|(?:every|each)\s+(?:\w+\s+)?(?:day|night|morning|evening)s?)\b", words):
        return Recurrence("daily", interval)
    return None


def _weekdays(words: str) -> tuple[tuple[int, ...], bool]:
    """Weekdays named, a range such as "Monday to Friday" or "Mon-Thu" filled in; and whether
    there was a range."""
    found = [(m.start(), m.end(), _weekday(m.group(1))) for m in _WEEKDAY.finditer(words)]
    days = {d for _s, _e, d in found}
    ranged = False
    for (_s1, end, a), (start, _e2, b) in zip(found, found[1:], strict=False):
        if re.fullmatch(r"\s*(?:to|through|thru|till|until|-|–|—)\s*", words[end:start]):
            days.update(range(a, b + 1) if a <= b else [*range(a, 7), *range(0, b + 1)])
            ranged = True
    return tuple(sorted(days)), ranged


def _weekday(word: str) -> int:
    word = word.lower()
    return next(i for name, i in WEEKDAYS.items() if name.startswith(word[:3]))


def _interval(words: str) -> int | None:
    """Every how many units: 1 unless a count stands between "every" and the unit ("every other
    Tuesday", "every 6 weeks", "every three months"); None for a count that is not a number
    ("every few weeks")."""
    m = re.search(r"\b(?:every|each)\s+(\w+)\s+(?:day|week|month|year|\w+day)s?\b", words)
    if m is None:
        return 1
    word = m.group(1)
    if word.isdigit():
        return int(word) if 0 < int(word) <= 366 else None
    if word in _ORDINAL_WORDS or word in _NUMBER_WORDS:
        return _ORDINAL_WORDS.get(word) or _NUMBER_WORDS[word]
    return 1 if word in _NOT_A_COUNT else None
