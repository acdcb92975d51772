"""Time expressions in a question, resolved against ``now`` into inclusive date windows.

Calendar words mean calendar periods ("last year" is the previous calendar year, "last month"
the previous calendar month); "the past/last N days|weeks|months" and "the past year" are rolling
windows ending today. A month without a year is the most recent such month not after ``now``.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.extract.dates import HOLIDAY_NAMES, holiday_named, names_a_thing

MONTHS = {m.lower(): i for i, m in enumerate(calendar.month_name) if m}
MONTHS.update({m.lower(): i for i, m in enumerate(calendar.month_abbr) if m})
MONTHS["sept"] = 9
MONTH_RE = "|".join(sorted(MONTHS, key=len, reverse=True))
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a": 1, "an": 1}
_SEASON_FALL = re.compile(r"\b(?:last|this|next|the|in|during|since|over|until|till|by)\s+fall$")
""""Fall" names the season only after a word that leads a season in; otherwise it is a tumble."""

SEASONS = {"winter": (12, 2), "spring": (3, 5), "summer": (6, 8), "autumn": (9, 11), "fall": (9, 11)}


@dataclass(frozen=True)
class Window:
    start: dt.date
    end: dt.date
    text: str
    pos: int

    def label(self) -> str:
        return f"{self.start.isoformat()}..{self.end.isoformat()}"


def month_window(year: int, month: int) -> tuple[dt.date, dt.date]:
    return dt.date(year, month, 1), dt.date(year, month, calendar.monthrange(year, month)[1])


def _recent_month(month: int, today: dt.date) -> int:
    return today.year if month <= today.month else today.year - 1


def _shift_months(d: dt.date, n: int) -> dt.date:
    y, m = divmod(d.month - 1 - n, 12)
    year, month = d.year + y, m + 1
    return dt.date(year, month, min(d.day, calendar.monthrange(year, month)[1]))


def find_windows(question: str, now: dt.datetime | dt.date, join: bool = True) -> list[Window]:
    """Every time window the question names, in the order they appear; with ``join``, two joined
    as a range are one."""
    today = now.date() if isinstance(now, dt.datetime) else now
    q = question.lower()
    found: list[Window] = []
    taken: list[tuple[int, int]] = []

    def add_at(pos: int, stop: int, start: dt.date, end: dt.date) -> None:
        if any(pos < b and a < stop for a, b in taken):
            return
        taken.append((pos, stop))
        found.append(Window(start, end, q[pos:stop], pos))

    def add(m: re.Match[str], start: dt.date, end: dt.date) -> None:
        add_at(m.start(), m.end(), start, end)

    year = r"((?:19|20)\d{2})"
    for m in re.finditer(rf"\b({HOLIDAY_NAMES})(?![\w'’])(?:\s*\(([^)]*)\))?(?:,?\s+(?:in\s+|of\s+)?{year})?", q):
        if names_a_thing(q, m.end(1)) and not re.match(r"\s+sales?\b", q[m.end(1):]):
            continue  # "Easter eggs", "Christmas presents": a thing, no day ("the Black Friday sales" are that day's)
        # "Christmas Eve", "Black Friday (28 Nov) 2025": that day; without a year, the latest one so far
        said = re.fullmatch(rf"\s*(\d{{1,2}})\s+({MONTH_RE})\.?\s*|\s*({MONTH_RE})\.?\s+(\d{{1,2}})\s*", m.group(2) or "")
        def on(y: int, m: re.Match[str] = m, said: re.Match[str] | None = said) -> dt.date:
            if said:
                mo, d = (MONTHS[said.group(2)], int(said.group(1))) if said.group(1) else (MONTHS[said.group(3)], int(said.group(4)))
                return dt.date(y, mo, d)
            day = holiday_named(m.group(1), y)
            if day is None:
                raise ValueError(m.group(1))
            return day
        try:
            y = int(m.group(3)) if m.group(3) else today.year if on(today.year) <= today else today.year - 1
            add(m, on(y), on(y))
        except ValueError:
            continue
    for pos, stop, start, end in _parts_of_periods(q, today):
        add_at(pos, stop, start, end)
    for m in re.finditer(rf"\b(?:between|from)\s+({MONTH_RE})\s+(?:and|to|through|until)\s+({MONTH_RE})\b(?:\s+(?:of\s+)?{year})?", q):
        m1, m2 = MONTHS[m.group(1)], MONTHS[m.group(2)]
        y = int(m.group(3)) if m.group(3) else _recent_month(m2, today)
        y1 = y if m1 <= m2 else y - 1
        add(m, month_window(y1, m1)[0], month_window(y, m2)[1])
    for m in re.finditer(rf"\b(?:between|from)\s+{year}\s+(?:and|to|through|until)\s+{year}\b", q):
        add(m, dt.date(int(m.group(1)), 1, 1), dt.date(int(m.group(2)), 12, 31))
    for m in re.finditer(r"\b(\d{4})-(\d{2})-(\d{2})\b", q):
        try:
            d = dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            continue
        add(m, d, d)
    ordinal = r"(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?"
    to = r"\s*(?:-|–|to|through|thru|until|till|and)\s*"
    for m in re.finditer(rf"\b(?:from|between)\s+{ordinal}{to}{ordinal}\s+(?:of\s+)?({MONTH_RE})\b\.?(?:,?\s+{year})?", q):
        _add_days(add, m, MONTHS[m.group(3)], int(m.group(1)), int(m.group(2)), m.group(4), today)
    for m in re.finditer(rf"\b({MONTH_RE})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\s*(?:-|–|to|through|thru|until|till)\s*"
                         rf"(\d{{1,2}})(?:st|nd|rd|th)?\b(?!\s*(?:days|weeks|months|am|pm|:))(?:,?\s+{year})?", q):
        _add_days(add, m, MONTHS[m.group(1)], int(m.group(2)), int(m.group(3)), m.group(4), today)
    for m in re.finditer(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({MONTH_RE})\b\.?(?:,?\s+{year})?", q):
        # "1 March 2025", "the 30th of September": a day said day first
        if re.search(r"\b(?:top|first|last|past|next|over|under|than|least|most)\s+$", q[: m.start()]):
            continue
        mo, day = MONTHS[m.group(2)], int(m.group(1))
        later_year = re.match(rf"\s*(?:and|to|through|until|till|-|–)\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{MONTH_RE})\.?,?\s+{year}",
                              q[m.end():])
        y = int(m.group(3)) if m.group(3) else int(later_year.group(1)) if later_year else _recent_month(mo, today)
        try:
            add(m, dt.date(y, mo, day), dt.date(y, mo, day))
        except ValueError:
            continue
    for m in re.finditer(rf"\b({MONTH_RE})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+{year})?(?!\s*(?:days|weeks|months))", q):
        mo, day = MONTHS[m.group(1)], int(m.group(2))
        y = int(m.group(3)) if m.group(3) else _recent_month(mo, today)
        try:
            add(m, dt.date(y, mo, day), dt.date(y, mo, day))
        except ValueError:
            continue
    bare = r"(\d{1,2})(?:st|nd|rd|th)"
    for m in re.finditer(rf"\b(?:from\s+|between\s+)?(?:the\s+)?{bare}\s*(?:-|–|to|through|thru|until|till|and)\s*(?:the\s+)?{bare}\b"
                         rf"(?!\s*(?:of\s+)?(?:{MONTH_RE}))(?!\s+(?:time|run|one|place|last)\b)", q):
        # "the 5th to the 11th", "the 28th to the 3rd": the latest such span begun by today
        try:
            start = _latest_day_of_month(int(m.group(1)), today)
            end = start.replace(day=int(m.group(2))) if int(m.group(2)) >= start.day else _shift_months(
                start.replace(day=1), -1).replace(day=int(m.group(2)))
        except ValueError:
            continue
        add(m, start, end)
    for m in re.finditer(rf"\b(?:the|on)\s+{bare}\b(?=\s*(?:$|[,.;!?)]|(?:to|through|thru|until|till|and)\b(?!\s+last)))", q):
        # "after the 14th", "on the 19th": a day of the month said alone is the latest such day
        try:
            add(m, *(2 * (_latest_day_of_month(int(m.group(1)), today),)))
        except ValueError:
            continue
    relative = r"(this|last|next|previous)\s+year"
    for m in re.finditer(rf"\b(?:q([1-4])|(first|second|third|fourth) quarter)(?:\s+(?:of\s+)?(?:{year}|{relative}))?", q):
        n = int(m.group(1)) if m.group(1) else ["first", "second", "third", "fourth"].index(m.group(2)) + 1
        y = int(m.group(3)) if m.group(3) else today.year + {"last": -1, "previous": -1, "next": 1}.get(m.group(4) or "", 0)
        add(m, dt.date(y, 3 * n - 2, 1), month_window(y, 3 * n)[1])
    said = re.search(rf"\b(?:first|second) half of\s+{year}", q)
    shift = {"this": 0, "last": -1, "previous": -1, "next": 1}
    for m in re.finditer(rf"\b(first|second) half(?:\s+of\s+(?:{year}|{relative})|(?![\s-]+(?:of\b|marathon)))", q):
        if not (m.group(2) or m.group(3) or said):
            continue  # "the first half" means a year's only beside a half said with its year
        y = int(m.group(2)) if m.group(2) else today.year + shift[m.group(3)] if m.group(3) else int(said.group(1))  # type: ignore[union-attr]
        add(m, dt.date(y, 1, 1) if m.group(1) == "first" else dt.date(y, 7, 1),
            dt.date(y, 6, 30) if m.group(1) == "first" else dt.date(y, 12, 31))
    months = r"(\d{1,2}|" + "|".join(NUMBER_WORDS) + r")"
    for m in re.finditer(rf"\b(first|last)\s+{months}\s+months\s+of\s+(?:the\s+year|{year}|{relative})", q):
        # "the first three months of the year": counted from its start (or back from its end)
        n = int(m.group(2)) if m.group(2).isdigit() else NUMBER_WORDS[m.group(2)]
        y = int(m.group(3)) if m.group(3) else today.year + shift.get(m.group(4) or "this", 0)
        if not 1 <= n <= 12:
            continue
        if not (m.group(3) or m.group(4)) and m.group(1) == "last" and dt.date(y, 13 - n, 1) > today:
            y -= 1  # "the last three months of the year" asked in February: the year gone by
        if m.group(1) == "first":
            add(m, dt.date(y, 1, 1), month_window(y, n)[1])
        else:
            add(m, dt.date(y, 13 - n, 1), dt.date(y, 12, 31))
    for m in re.finditer(rf"\b({MONTH_RE})\b\.?(?:\s+(?:of\s+|in\s+)?{year})?", q):
        word = m.group(1)
        if word in ("may", "mar", "jan", "jun", "jul", "aug", "oct", "dec", "sep", "nov", "feb", "apr", "sept") and not (
            m.group(2) or re.search(rf"\b(in|during|of|since|before|after|for|from|and|to|vs|versus|than|until|till)\s+{word}\b|\bcompared\s+(?:with|to)\s+{word}\b", q)
            # "May versus July", "April or May": a month beside another month (not "with Jan", "Jan vs Tom")
            or re.search(rf"\b{word}\s+(?:vs\.?|versus|compared\s+(?:with|to)|against)\s+(?:in\s+)?(?:{MONTH_RE})\b"
                         rf"|\b(?!may\b)(?:{MONTH_RE})\s+or\s+{word}\b", q)
            or re.search(rf"\b(?:my|our|his|her|their|the)\s+{word}\s+[a-z]+", q)  # "my May parkruns"
        ):
            continue
        mo = MONTHS[word]
        y = int(m.group(2)) if m.group(2) else _recent_month(mo, today)
        add(m, *month_window(y, mo))
    for m in re.finditer(rf"\b(?:last|this|next)?\s*(winter|spring|summer|autumn|fall)\b(?:\s+(?:of\s+)?{year})?", q):
        if m.group(1) == "fall" and not (m.group(2) or _SEASON_FALL.search(q[:m.end(1)])):
            continue  # "a fall", "his falls", "did he fall": the season only where a season is said
        a, b = SEASONS[m.group(1)]
        y = int(m.group(2)) if m.group(2) else (today.year if (b < today.month or a == 12) else today.year - 1)
        if m.group(0).strip().startswith("this"):
            y = today.year
        elif m.group(0).strip().startswith("last") and not m.group(2) and re.search(rf"\bthis\s+{m.group(1)}\b", q):
            y = today.year - 1  # "this summer than last summer": the one before this one
        start = dt.date(y - 1, 12, 1) if a == 12 else dt.date(y, a, 1)
        add(m, start, month_window(y, b)[1])
    for m in re.finditer(rf"\b{year}\b", q):
        add(m, dt.date(int(m.group(1)), 1, 1), dt.date(int(m.group(1)), 12, 31))
    num = r"(\d+|" + "|".join(NUMBER_WORDS) + r")"
    for m in re.finditer(rf"\b(?:the\s+)?(?:last|past|previous)\s+{num}?\s*(day|week|month|year)s?\b", q):
        n = m.group(1)
        count = (int(n) if n.isdigit() else NUMBER_WORDS[n]) if n else None
        unit = m.group(2)
        rolling = count is not None or m.group(0).startswith("the") or "past" in m.group(0) or unit == "day"
        if not rolling:
            continue
        count = count or 1
        if unit == "day":
            start = today - dt.timedelta(days=count - 1)
        elif unit == "week":
            start = today - dt.timedelta(days=7 * count - 1)
        elif unit == "month":
            start = _shift_months(today, count) + dt.timedelta(days=1)
        else:
            start = _shift_months(today, 12 * count) + dt.timedelta(days=1)
        add(m, start, today)
    for m in re.finditer(rf"\b(?:the\s+)?(?:next|coming|upcoming)\s+{num}\s*(day|week)s?\b", q):
        n = m.group(1)
        count = int(n) if n.isdigit() else NUMBER_WORDS[n]
        add(m, today + dt.timedelta(days=1), today + dt.timedelta(days=count * (7 if m.group(2) == "week" else 1)))
    for m in re.finditer(r"\b(last|this|previous|current|next)\s+(week|month|year)\b", q):
        which, unit = m.group(1), m.group(2)
        off = {"last": -1, "previous": -1, "this": 0, "current": 0, "next": 1}[which]
        if unit == "year":
            add(m, dt.date(today.year + off, 1, 1), dt.date(today.year + off, 12, 31))
        elif unit == "month":
            first = _shift_months(today.replace(day=1), -off)
            add(m, *month_window(first.year, first.month))
        else:
            monday = today - dt.timedelta(days=today.weekday()) + dt.timedelta(weeks=off)
            add(m, monday, monday + dt.timedelta(days=6))
    for m in re.finditer(rf"\b(?:in|for)\s+(more\s+than|over|at\s+least)\s+{num}\s+(day|week|month|year)s?\b(?!\s+ago)"
                         rf"|\b(more\s+than|over|at\s+least)\s+{num}\s+(day|week|month|year)s?\s+ago\b", q):
        # "not in touch for more than a year", "over 3 months ago": dated before that long ago
        op, n, unit = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(4), m.group(5), m.group(6))
        count = int(n) if n.isdigit() else NUMBER_WORDS[n]
        cutoff = (today - dt.timedelta(days=count * (7 if unit == "week" else 1)) if unit in ("day", "week")
                  else _shift_months(today, count * (12 if unit == "year" else 1)))
        add(m, dt.date(1900, 1, 1), cutoff if op.startswith("at") else cutoff - dt.timedelta(days=1))
    for m in re.finditer(r"\b(today|yesterday|tonight|(?<!the\s)last night)\b", q):
        # "the last night I won": the latest of the records, not yesterday (see ``plan._superlative``)
        d = today if m.group(1) in ("today", "tonight") else today - dt.timedelta(days=1)
        add(m, d, d)
    found.sort(key=lambda w: w.pos)
    return _with_since(q, _ranges(q, found) if join else found, today)


_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY_RE = "|".join(_DAYS)
_ORDINAL_WEEKS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}
_COUNT = r"(one|two|three|four|\d)"
_FORTNIGHT = re.compile(r"\b(?:the\s+)?(?:last|past|previous)\s+(?:fortnight|couple\s+of\s+weeks|two\s+weeks)\b")


def _weekday_on_or_before(day: dt.date, weekday: int) -> dt.date:
    return day - dt.timedelta(days=(day.weekday() - weekday) % 7)


def _parts_of_periods(q: str, today: dt.date) -> list[tuple[int, int, dt.date, dt.date]]:
    """Parts of a month, weeks and weekends, and named weekdays as dates: "the first two weeks of
    June", "early/mid/late March", "the second half of May", "the last week of May", "last
    weekend", "the past fortnight", "last Saturday", "since Monday", "Friday to Sunday", "the start
    of the year" — each the latest such span unless a year is said."""
    out: list[tuple[int, int, dt.date, dt.date]] = []
    year = r"(?:,?\s+((?:19|20)\d{2}))?"

    def month_of(name: str, said: str | None) -> tuple[dt.date, dt.date]:
        mo = MONTHS[name]
        return month_window(int(said) if said else _recent_month(mo, today), mo)

    def past(m: re.Match[str], start: dt.date, end: dt.date, said: str | None) -> None:
        """The latest such span: a part of this month still to come is last year's."""
        if start > today and not said:
            start, end = start.replace(year=start.year - 1), end.replace(year=end.year - 1)
        out.append((m.start(), m.end(), start, end))

    for m in re.finditer(rf"\b(?:the\s+)?(first|second|third|fourth|last|1st|2nd|3rd|4th)\s+(?:{_COUNT}\s+)?weeks?\s+(?:of|in)\s+({MONTH_RE}){year}", q):
        first, last = month_of(m.group(3), m.group(4))
        n = NUMBER_WORDS.get(m.group(2) or "") or (int(m.group(2)) if (m.group(2) or "").isdigit() else 1)
        if m.group(1) == "last":
            past(m, last - dt.timedelta(days=7 * n - 1), last, m.group(4))
        else:
            k = _ORDINAL_WEEKS[m.group(1)]
            start = first + dt.timedelta(days=7 * (k - 1))
            past(m, start, min(last, start + dt.timedelta(days=7 * n - 1)), m.group(4))
    for m in re.finditer(rf"(?<!\bby )\b(early|mid|late|the\s+start\s+of|the\s+beginning\s+of|the\s+end\s+of)[\s-]+({MONTH_RE}){year}", q):
        # "by the end of March" is up to its end (the month's own window), not its last days
        first, last = month_of(m.group(2), m.group(3))
        part = m.group(1).split()[1] if m.group(1).startswith("the") else m.group(1)
        if part in ("early", "start", "beginning"):
            past(m, first, first + dt.timedelta(days=9), m.group(3))
        elif part == "mid":
            past(m, first + dt.timedelta(days=10), first + dt.timedelta(days=19), m.group(3))
        else:
            past(m, first + dt.timedelta(days=20), last, m.group(3))
    for m in re.finditer(rf"\b(?:the\s+)?(first|second)\s+half\s+of\s+({MONTH_RE}){year}", q):
        first, last = month_of(m.group(2), m.group(3))
        mid = first + dt.timedelta(days=14)
        if m.group(1) == "first":
            past(m, first, mid, m.group(3))
        else:
            past(m, mid + dt.timedelta(days=1), last, m.group(3))
    for m in re.finditer(r"\b(last|this|previous)\s+weekend\b", q):
        saturday = _weekday_on_or_before(today, 5)
        if m.group(1) != "this" and saturday + dt.timedelta(days=1) >= today:
            saturday -= dt.timedelta(days=7)  # "last weekend" said on a Sunday is the one before
        out.append((m.start(), m.end(), saturday, saturday + dt.timedelta(days=1)))
    for m in _FORTNIGHT.finditer(q):
        out.append((m.start(), m.end(), today - dt.timedelta(days=13), today))
    for m in re.finditer(rf"\b(?:from\s+|(?:last|this)\s+)({_DAY_RE})\s*(?:to|through|thru|until|till|-|–)\s*({_DAY_RE})\b", q):
        # "from Friday to Sunday" is one span; "Monday to Friday" alone is every weekday (the weekday cues)
        end = _weekday_on_or_before(today, _DAYS.index(m.group(2)))
        out.append((m.start(), m.end(), _weekday_on_or_before(end, _DAYS.index(m.group(1))), end))
    for m in re.finditer(rf"\b(last|this|since|before|after|until|till|on)\s+(?:the\s+)?({_DAY_RE})\b(?!s)", q):
        if m.group(1) == "on" and (not re.search(r"\b(?:was|were|did|had|got)\b", q)
                                   or re.search(r"\b(?:average|usually|typically|normally|tend)\b", q)):
            continue  # "on Saturday" alone may mean every Saturday: left to the weekday cues
        day = _weekday_on_or_before(today, _DAYS.index(m.group(2)))
        if m.group(1) == "last" and day == today:
            day -= dt.timedelta(days=7)
        elif m.group(1) == "this":
            day = today - dt.timedelta(days=today.weekday()) + dt.timedelta(days=_DAYS.index(m.group(2)))
        text_at = m.start(2) if m.group(1) in ("since", "before", "after", "until", "till") else m.start()
        if m.group(1) in ("until", "till"):
            out.append((m.start(), m.end(), dt.date(1900, 1, 1), day))  # "until Friday": everything up to that day
            continue
        out.append((text_at, m.end(), day, day))  # "since Monday": the window is "Monday"
    for m in re.finditer(r"(?<=since )the\s+(?:start|beginning)\s+of\s+(?:the|this)\s+(year|month|week)\b|\b(year|month)\s+to\s+date\b", q):
        unit = m.group(1) or m.group(2)
        start = (today.replace(month=1, day=1) if unit == "year" else today.replace(day=1) if unit == "month"
                 else today - dt.timedelta(days=today.weekday()))
        out.append((m.start(), m.end(), start, today))
    return out


def _latest_day_of_month(day: int, today: dt.date) -> dt.date:
    """The latest ``day``-th of a month on or before today (raises ValueError for a 32nd)."""
    first = today.replace(day=1)
    for back in range(3):
        month = _shift_months(first, back)
        try:
            found = month.replace(day=day)
        except ValueError:
            continue
        if found <= today:
            return found
    raise ValueError(f"no {day}th in the last months")


def _add_days(add: Callable[[re.Match[str], dt.date, dt.date], None], m: re.Match[str], month: int,
              first: int, last: int, year: str | None, today: dt.date) -> None:
    """"from the 1st to the 15th of June", "March 3-9": one inclusive window."""
    y = int(year) if year else _recent_month(month, today)
    try:
        start, end = dt.date(y, month, first), dt.date(y, month, last)
    except ValueError:
        return
    if start <= end:
        add(m, start, end)


_COMPARE = re.compile(r"\b(?:change[ds]?|compare[ds]?|comparison|vs|versus|differ|difference|go(?:ne)? up|go(?:ne)? down|went up|"
                      r"went down|rise|rose|drop(?:ped)?|grow|grew|increase[ds]?|decrease[ds]?)\b")
"""Two whole periods said with these words are compared ("how did it change from 2022 to 2023"), not joined."""
_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
_RANGE_JOIN = re.compile(r"\s*(?:-|–|to|through|thru|until|till|up to|and)\s*(?:the\s+)?(?:end\s+of\s+)?$")


def _ranges(q: str, windows: list[Window]) -> list[Window]:
    """Two windows joined as a range ("between March 3 and March 9", "Aug 10 through Sep 9, 2024",
    "from January to the end of March") are one inclusive window from the first's start to the
    second's end; a year said once, after the second, holds for both."""
    out: list[Window] = []
    i = 0
    while i < len(windows):
        w = windows[i]
        nxt = windows[i + 1] if i + 1 < len(windows) else None
        if nxt is not None:
            gap = q[w.pos + len(w.text):nxt.pos]
            head = q[max(0, w.pos - 20):w.pos]  # "between her 17 March and 6 June readings": whose, then the range
            head = re.sub(r"\b(?:my|her|his|our|their|the)\s+$", "", head)
            joined = _RANGE_JOIN.fullmatch(gap) and ("and" not in gap.split() or re.search(r"\bbetween\s+$", head))
            periods = w.start != w.end and nxt.start != nxt.end
            if joined and not (periods and _COMPARE.search(q)) and (re.search(r"\b(?:between|from)\s+$", head) or "and" not in gap.split()):
                start, end = w.start, nxt.end
                if not _YEAR.search(w.text) and _YEAR.search(nxt.text) and start.year != end.year:
                    try:
                        start = start.replace(year=end.year - (1 if start.month > end.month else 0))
                    except ValueError:  # 29 February in a year without one
                        start = start.replace(day=28, year=end.year - (1 if start.month > end.month else 0))
                lead = re.search(r"\b(?:between|from)\s+(?:(?:my|her|his|our|their|the)\s+)?$", q[:w.pos])
                pos = w.pos - len(lead.group(0)) if lead else w.pos
                if start <= end:
                    out.append(Window(start, end, q[pos:nxt.pos + len(nxt.text)], pos))
                    i += 2
                    continue
        out.append(w)
        i += 1
    return out


def _with_since(q: str, windows: list[Window], today: dt.date) -> list[Window]:
    """'since X' runs to today; 'before X' ends the day before X starts; 'after X' starts after X ends."""
    out = []
    for w in windows:
        head = q[max(0, w.pos - 40):w.pos]
        clause = q[max(0, w.pos - 80):w.pos]
        if (re.search(r"\bsince(?:\s+the)?(?:\s+(?:start|beginning)\s+of(?:\s+the)?)?\s*$", head)
                # "since I started the new rule on the 20th,", "since they started back in April?": the day
                # that starts a "since" clause ending there
                or re.search(r"\bsince\s+(?:i|we|he|she|they|you|my|our|his|her|their)\b(?:(?!\b(?:how|what|which|when|who)\b)[^,;?.])*"
                             r"\b(?:back\s+)?(?:on|in)\s+(?:the\s+)?$", clause)
                and re.match(r"\s*(?:[,?.!]|$)", q[w.pos + len(w.text):])) \
                and w.end < today:
            out.append(Window(w.start, today, w.text, w.pos))
        elif re.search(r"\bbefore\s+$", head):
            out.append(Window(dt.date(1900, 1, 1), w.start - dt.timedelta(days=1), w.text, w.pos))
        elif re.search(r"\bafter\s+$", head):
            out.append(Window(w.end + dt.timedelta(days=1), dt.date(2999, 12, 31), w.text, w.pos))
        else:
            out.append(w)
    return out
