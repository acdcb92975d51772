"""Dates, date ranges and times, resolved against the session date (never the wall clock).

Why a hand-written detector: the general parsers either miss ranges ("the 5th to the 9th",
"March 3-10") or guess a year without knowing whether the speaker talks about the past or the
future. Rules here: month/day order follows ``day_first`` unless a number above 12 settles it; a
date without a year that falls before the session month rolls into next year unless the clause
speaks of the past; a bare day ("the 5th") is the next such day; weekdays are the next occurrence,
"next Friday" the Friday of next week (Monday-based), "last Monday" the previous one.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass, replace
from functools import lru_cache

from engine.extract.mentions import Mention
from engine.extract.tables import text as _tables_text

MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
    "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
    "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}
WEEKDAYS = {
    "monday": 0, "mon": 0, "tuesday": 1, "tue": 1, "tues": 1, "wednesday": 2, "wed": 2,
    "thursday": 3, "thu": 3, "thur": 3, "thurs": 3, "friday": 4, "fri": 4, "saturday": 5, "sat": 5,
    "sunday": 6, "sun": 6,
}
ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
    "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15, "sixteenth": 16,
    "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "twenty-first": 21, "twenty-second": 22,
    "twenty-third": 23, "twenty-fourth": 24, "twenty-fifth": 25, "thirtieth": 30, "thirty-first": 31,
}
NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2, "a few": 3,
    "couple of": 2, "fourteen": 14, "fifteen": 15, "twenty": 20, "thirty": 30,
}

# "May's car", "Jun’s birthday": a month name with a possessive is a person, never a date
_MON = r"(?P<{n}>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?(?!['’]s\b)"
_DAY = r"(?P<{n}>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s*(?P<{n}>(?:19|20)\d\d|'\d\d))"
_NUM = r"(?P<{n}>\d+|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
_UNIT = r"(?P<{n}>day|week|month|year|night|fortnight)s?"


def _p(template: str, **names: str) -> str:
    return template.format(**names)


def _f(pat: str, n: str) -> str:
    return pat.replace("{n}", n)


# "I owe April 20 bucks", "told May 3 times": a name and a count, no date
_COUNTED = r"(?!\s+(?:times?|bucks|dollars|quid|euros?|pounds|kids|children|people|guests|minutes|mins|hours|hrs|pages|"\
           r"messages|texts|calls|emails|photos|pics|years|yrs|months|weeks|days|nights|of\s+(?:them|us|those|these)|more|extra|percent)\b)"
MD = _f(_MON, "m1") + r"\s+(?:the\s+)?" + _f(_DAY, "d1") + r"\b(?!:)" + _COUNTED + "(?:" + _f(_YEAR, "y1") + ")?"
DM = r"(?:the\s+)?" + _f(_DAY, "d2") + r"\s+(?:of\s+)?" + _f(_MON, "m2") + r"\b" + "(?:" + _f(_YEAR, "y2") + ")?"
MY = _f(_MON, "m3") + r"\b" + _f(_YEAR, "y3")

def _easter(year: int) -> dt.date:
    """Western Easter Sunday (the anonymous Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    L = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * L) // 451
    month, day = divmod(h + L - 7 * m + 114, 31)
    return dt.date(year, month, day + 1)


def _holiday_on(rule: str, year: int) -> dt.date | None:
    """The date of a holiday rule from ``holidays.tsv`` in a given year."""
    rule, _, plus = rule.partition("+") if not rule.startswith("easter") else (rule, "", "")
    if rule.startswith("easter"):
        return _easter(year) + dt.timedelta(days=int(rule[6:] or 0))
    if rule.count(":") == 2:
        month, wd, nth = rule.split(":")
        m, n, w = int(month), int(nth), WEEKDAYS[wd]
        if n > 0:
            first = dt.date(year, m, 1)
            value = first + dt.timedelta(days=(w - first.weekday()) % 7 + 7 * (n - 1))
        else:
            last = dt.date(year, m, calendar.monthrange(year, m)[1])
            value = last - dt.timedelta(days=(last.weekday() - w) % 7)
        return value + dt.timedelta(days=int(plus or 0))
    month, day = rule.split("-")
    return _safe(year, int(month), int(day))


def _holiday_table() -> list[tuple[str, str]]:
    from engine.extract.tables import rows

    names = [(alias, r[1]) for r in rows("holidays.tsv") for alias in r[0].split("|")]
    return sorted(names, key=lambda n: len(n[0]), reverse=True)


_HOLIDAYS = _holiday_table()
_HOLIDAY_RULES = [(re.compile(a.replace("'", "['’]").replace(" ", r"\s+"), re.I), r) for a, r in _HOLIDAYS]
# "Christmas tree", "Halloween costume", "Easter Island": the name qualifies a thing, it is no date
_HOLIDAY_NOT_DATE = re.compile(
    r"\s+(?:trees?|cards?|presents?|gifts?|shopping|jumpers?|sweaters?|decorations?|lights|markets?|bonus(?:es)?|movies?|films?|"
    r"songs?|music|carols?|cookies|candy|costumes?|sales?|specials?|menus?|break|holidays?|vacation|season|spirit|week|weekend|"
    r"island|resolutions?|eggs?|bunny|baskets?|flowers|crackers|pudding|stockings?|list|rush|hours|schedule|brunch\s+menu)\b",
    re.I,
)
_HOLIDAY_ALT = "|".join(p.pattern for p, _ in _HOLIDAY_RULES)
# "the Christmas party is the 19th": a holiday naming an event yields to an explicit date in the clause
_HOLIDAY_EVENT = re.compile(r"\s+(?:party|parties|do|dinner|lunch|drinks|celebration|get-together|gathering|service|mass|parade|"
                            r"concert|show|play|recital|bbq|barbecue|cookout|picnic|potluck|fireworks|event|meal|feast)\b", re.I)

_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("holiday", re.compile(r"\b(?:(?:the\s+)?day\s+(?P<off>before|after)\s+)?(?P<h>" + _HOLIDAY_ALT + r")(?![\w'’])"
                           r"(?:,?\s*(?P<y>(?:19|20)\d\d)\b)?", re.I)),
    # "my husband has his colonoscopy the day after": a day relative to the date said before it in the message
    ("anchored", re.compile(r"\b(?:the\s+)?(?:(?P<dir>day|night)\s+(?P<rel>after|before)|(?P<next>next|following)\s+day|(?P<n>a|one|two|three|\d)\s+days?\s+(?P<rel2>later|after(?:wards?)?|before|earlier))\b"
                            r"(?!\s+(?:tomorrow|today|yesterday|that|this|the|my|our|his|her|their|a|an|\w+day\b|\d))", re.I)),
    ("weekend", re.compile(r"\b(?P<mod>this(?:\s+coming)?|next|coming|the|last|past|on|at|over)\s+(?:the\s+)?weekend\b", re.I)),
    ("iso", re.compile(r"\b(?P<y>(?:19|20)\d\d)-(?P<m>[01]?\d)-(?P<d>[0-3]?\d)\b")),
    ("numeric", re.compile(r"\b(?P<a>[0-3]?\d)[/.](?P<b>[0-3]?\d)(?:[/.](?P<y>(?:19|20)?\d\d))?\b(?![./]\d)")),
    # compact ranges: "March 3-10", "March 3 to 10, 2025", "3-10 March"
    ("md_range", re.compile(
        _f(_MON, "m") + r"\s+(?P<d1>[0-3]?\d)(?:st|nd|rd|th)?\s*(?:-|–|—|to|through|thru|until|till)\s*(?:the\s+)?"
        r"(?P<d2>[0-3]?\d)(?:st|nd|rd|th)?\b(?!\s*(?:am|pm|:|%|mg|days?|weeks?|nights?))" + "(?:" + _f(_YEAR, "y") + ")?",
        re.I)),
    ("dm_range", re.compile(
        r"\b(?P<d1>[0-3]?\d)(?:st|nd|rd|th)?\s*(?:-|–|—|to|through|thru|until|till)\s*(?:the\s+)?(?P<d2>[0-3]?\d)"
        r"(?:st|nd|rd|th)?\s+(?:of\s+)?" + _f(_MON, "m") + r"\b" + "(?:" + _f(_YEAR, "y") + ")?", re.I)),
    ("md", re.compile(r"\b" + MD, re.I)),
    ("dm", re.compile(r"\b" + DM, re.I)),
    ("my", re.compile(r"\b" + MY, re.I)),
    ("num_my", re.compile(r"\b(?P<m>0?[1-9]|1[0-2])/(?P<y>20\d\d)\b")),
    ("month", re.compile(r"\b(?P<mod>in|during|by|until|for|of|this|next|early|late|mid|(?:the\s+)?end\s+of)(?:\s+|\s*-\s*)" + _f(_MON, "m") + r"\b(?!\s+\d)", re.I)),
    ("year", re.compile(r"\b(?:in|since|from|of|back\s+in|during|until|till|through|thru|before)\s+(?P<y>(?:19|20)\d\d)\b", re.I)),
    ("end_of", re.compile(r"\b(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?(?P<what>month|year|next\s+month|next\s+week|the\s+week|week)\b", re.I)),
    ("rel_day", re.compile(r"\b(?P<w>the\s+day\s+after\s+tomorrow|day\s+after\s+tomorrow|(?:the\s+)?day\s+before\s+yesterday|today|tonight|tomorrow|tmrw|tmr|tmrrw|2moro|2morrow|tomoz|yesterday|yday|tdy|last\s+night|this\s+(?:morning|afternoon|evening))\b", re.I)),
    ("eod", re.compile(r"\b(?:eod|cob|end\s+of\s+(?:the\s+)?(?:business\s+)?day|close\s+of\s+(?:business|play))\b", re.I)),
    ("in_n", re.compile(r"\b(?P<dir>in|within)\s+" + _f(_NUM, "n") + r"\s+" + _f(_UNIT, "u") + r"\b", re.I)),
    ("n_from_now", re.compile(r"\b" + _f(_NUM, "n") + r"\s+" + _f(_UNIT, "u") + r"\s+(?P<dir>from\s+(?:now|today)|ago|later)\b", re.I)),
    ("weekday", re.compile(r"\b(?:(?P<mod>next|this|coming|last|past|on)\s+)?(?:the\s+)?(?P<wd>" + "|".join(sorted(WEEKDAYS, key=len, reverse=True)) + r")\b\.?(?P<after>\s+after\s+next)?(?P<wk>,?\s+(?:of\s+)?(?:next|this|the\s+coming)\s+week\b)?", re.I)),
    ("rel_period", re.compile(r"\b(?P<mod>next|last)\s+(?P<u>week|month|year)\b", re.I)),
    ("word_day", re.compile(r"\bthe\s+(?P<w>" + "|".join(sorted(ORDINALS, key=len, reverse=True)) + r")\b(?!\s+(?:time|one|two|of\s+(?:them|us|all)))", re.I)),
    ("day_only", re.compile(r"(?:\b(?:the\s+)(?P<d>[0-3]?\d)(?:st|nd|rd|th)\b|\b(?P<d3>[0-3]?\d)(?:st|nd|rd|th)\b)(?!\s+(?:birthday|anniversary|floor|grade|place|time|century|year|edition|row|street|st\b|avenue|ave\b))", re.I)),
]
_CONNECT = re.compile(r"^\s*(?:-|–|—|to|through|thru|until|till|'til|and|until\s+the|to\s+the|through\s+the)\s*$", re.I)
PAST = re.compile(
    r"\b(?:was|were|had|did|went|got|bought|paid|ordered|purchased|visited|came|returned|took|saw|"
    r"started|renewed|sent|transferred|spent|ago|last|yesterday|expired|flew|drove|used to|"
    r"have been|has been|issued|signed|closed|opened|moved|received|stopped|quit|ended|finished|lost|left|"
    r"arrived|landed|cancell?ed|venmo'd|zelle'd|venmoed|zelled|wired|e-?transferred|reimbursed|deposited|withdrew|booked\s+\w+\s+ago)\b|\b(?:I|we|he|she|they)\s+(?:\w+ly\s+)?(?!\w*eed\b)\w+ed\b",
    re.I,
)
IRREGULAR_PAST = re.compile(
    r"\b(?:" + "|".join(line.strip() for line in _tables_text("irregular_past.txt").splitlines() if line.strip() and not line.startswith("#"))
    + r")\b(?!['’]t)",  # not "won't"
    re.I,
)
# a record told without its subject ("Brewed a stout on Saturday", "Rowed on the 1st") or of a named person
# or someone's ("Mia practised 45 minutes on Monday", "my daughter practised"); not a feeling ("Excited for Friday")
_DROPPED_SUBJECT_PAST = re.compile(
    r"(?:^|[.!?;]\s+|\b(?:then|so|also|and|just|finally|oh|anyway)\s+)(?:\w+ly\s+)?(?P<v>[A-Za-z]+ed)\b(?!\s+(?:about|for|of|that|with|to|by)\b)"
    r"|\b(?:[A-Z][a-z]+|(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)\s+[a-z]+)\s+(?:\w+ly\s+)?(?P<v2>[a-z]+ed)\b(?!\s+(?:about|of|that|with|by)\b)",
)
# "back in March", "back at the end of January": a time gone by (not "be back in March")
_BACK_THEN = re.compile(r"\bback\s+(?:in|around|at\s+the\s+(?:start|end|beginning)\s+of)\b", re.I)
_BACK_MOVING = re.compile(r"\b(?:be|get|gets|getting|come|comes|coming|go|going|fly|flying|head|heading|drive|driving|am|are|is|was|were|"
                          r"will|i['’]m|we['’]re|they['’]re|['’]ll|home)\s+(?:\w+\s+)?$", re.I)
_DURATION = re.compile(r"^\s*,?\s*(?:and\s+)?(?:for|staying)\s+(?:about\s+)?" + _f(_NUM, "n") + r"\s+" + _f(_UNIT, "u") + r"\b", re.I)
_TARGET = re.compile(r"\b(?:to|until|till|for|by|before|no\s+later\s+than)\s+(?:the\s+)?$", re.I)
_DURATION_ANY = re.compile(r"\b(?:for|staying)\s+(?:about\s+)?" + _f(_NUM, "n") + r"\s+" + _f(_UNIT, "u") + r"\b", re.I)
_TIME = re.compile(
    r"\b(?:at\s+)?(?P<h>[01]?\d|2[0-3])(?:[:.](?P<mi>[0-5]\d))?\s*(?P<ap>a\.?m\.?|p\.?m\.?)(?![a-z])|\b(?:at\s+)(?P<h2>[01]?\d|2[0-3]):(?P<mi2>[0-5]\d)\b|\b(?P<noon>noon|midday|midnight)\b",
    re.I,
)


_WD_ALT = "|".join(sorted(WEEKDAYS, key=len, reverse=True))
_SHORT_DAY_OK = re.compile(r"\s*(?:at\s+\d|\d{1,2}(?::\d\d)?\s*(?:am|pm)?\b|the\s+\d|morning|afternoon|evening|night|(?:-|–|to|till|thru|through)\s*(?:" + _WD_ALT + r")\b)", re.I)
_SHORT_DAY_AFTER = re.compile(r"(?:\b(?:" + _WD_ALT + r")\s*(?:-|–|to|till|thru|through)\s*)$", re.I)


@dataclass(frozen=True)
class DateValue:
    """A resolved date or range; ``precision`` is 'day' or 'month' (month dates use the 1st)."""

    start: dt.date
    end: dt.date | None = None
    precision: str = "day"
    explicit_year: bool = False
    day_only: bool = False


_FUTURE = re.compile(
    r"\b(?:will|going\s+to|gonna|next|coming|upcoming|flying|leaving|heading|departing|arriving|plan|planning|"
    r"soon|tomorrow|expires|due|renews|until|no\s+later\s+than|(?:last|final)\s+(?:day|date|chance)\s+(?:to|for)|have\s+until|has\s+until|got\s+until)\b|'ll\b",
    re.I,
)


# a participle after a determiner or "be" describes a thing ("the signed lease", "has to be filed"), it tells no past
_PARTICIPLE_LEAD = re.compile(r"\b(?:the|a|an|my|our|his|her|their|your|this|that|these|those|be|being|get|gets)\s+(?:\w+ly\s+)?$", re.I)


# "until" after a verb in the past tense bounds what happened ("the call ran until 9pm"), it points nowhere ahead
_PAST_UNTIL = re.compile(r"\b(?:\w+ed|ran|sat|stood|slept|kept|went|was|were|stayed|dragged)\s+(?:on\s+)?(?:\w+\s+)?until$", re.I)
# ...but a participle after "is", "stays" or "was" tells a state that lasts until then ("the pool is closed until Friday")
_STATE_UNTIL = re.compile(r"\b(?:is|are|was|were|be|been|being|stays?|stayed|remains?|remained|gets?|got|['’]s)\s+(?:\w+ly\s+)?\w+ed\s+(?:\w+\s+)?until$", re.I)


# the part of a clause a date sits in: between commas, semicolons, dashes and "so"/"but"/"and"
PART_EDGE = re.compile(r"[,;:()]|\s[-–—]\s|\b(?:so|but|and|then)\b", re.I)
# a verb of that part saying the date is ahead or current ("it's on the 18th", "valid 1 to 30 October")
_PRESENT_HERE = re.compile(r"\b(?:is|are|it['’]s|that['’]s|valid|good\s+(?:until|till|through|thru)|runs|starts|begins)\b", re.I)


def _ahead_here(clause: str, s: int, e: int) -> bool:
    """Whether the part of a past-tense clause that holds a date speaks of now or later ("so I
    finally signed up, it's on the 18th"; "sorted the e-visa, valid 1 October to 30 October"): the
    date's own verb decides, not the first verb of the clause."""
    if re.search(r"\b(?:since|been|from|ago|after)\s+(?:the\s+)?$", clause[max(0, s - 12) : s], re.I):
        return False  # "it's been a week since the 14th": counted from a day gone by
    edges = [m for m in PART_EDGE.finditer(clause)]
    lo = max((m.end() for m in edges if m.end() <= s), default=0)
    hi = min((m.start() for m in edges if m.start() >= e), default=len(clause))
    part = clause[lo:s] + " " + clause[e:hi]
    return bool(_PRESENT_HERE.search(part) or _FUTURE.search(part)) and not PAST.search(part)


def _behind_here(clause: str, s: int, e: int) -> bool:
    """Whether the part of a clause read as ahead that holds a date speaks of the past ("She sat it
    on the 10th like planned and says she'll never play it again"): the date's own verb decides."""
    edges = [m for m in PART_EDGE.finditer(clause)]
    lo = max((m.end() for m in edges if m.end() <= s), default=0)
    hi = min((m.start() for m in edges if m.start() >= e), default=len(clause))
    part = clause[lo:s] + " " + clause[e:hi]
    return tense(part, told=True) is True and not _PRESENT_HERE.search(part)


def is_past(clause: str) -> bool:
    """Whether the clause speaks of the past: then dates without a year never roll forward."""
    return tense(clause) is True


def tense(clause: str, *, told: bool = False) -> bool | None:
    """True when the clause speaks of the past, False when of now or later, None when it has no
    tense of its own ("Then on Saturday a shorter one, 3k in 13 minutes").

    ``told``: the clause tells of something that happened (a record), so weaker signs of the past
    count too — irregular verbs, a dropped subject ("Brewed a stout on Saturday"), a named person's
    -ed verb, "back in March". In plans they mislead ("Sat 3rd: Tom's party", "Bed delivery on
    Thursday", "Emma invited us for Saturday"), so other readers never use them."""
    if any(not (m.group(0).lower() == "until" and _PAST_UNTIL.search(clause[: m.end()])
                and not _STATE_UNTIL.search(clause[: m.end()])) for m in _FUTURE.finditer(clause)):
        return False
    if any(not (m.group(0).lower().endswith("ed") and _PARTICIPLE_LEAD.search(clause[: m.start()]))
           for m in PAST.finditer(clause)):
        return True
    if not told:
        return None
    if IRREGULAR_PAST.search(clause) or any(not _BACK_MOVING.search(clause[max(0, m.start() - 20):m.start()])
                                              for m in _BACK_THEN.finditer(clause)):
        return True
    for m in _DROPPED_SUBJECT_PAST.finditer(clause):
        verb = m["v"] or m["v2"]
        if not verb.lower().endswith("eed"):
            return True
    return False if _PRESENT_HERE.search(clause) else None


def _year(raw: str | None) -> int | None:
    if not raw:
        return None
    raw = raw.strip().lstrip("'")
    return 2000 + int(raw) if len(raw) == 2 else int(raw)


def _safe(y: int, m: int, d: int) -> dt.date | None:
    try:
        return dt.date(y, m, d)
    except ValueError:
        return None


def _roll(m: int, d: int, year: int | None, today: dt.date, past: bool) -> dt.date | None:
    if year is not None:
        return _safe(year, m, d)
    value = _safe(today.year, m, d)
    if value is None:
        return None
    if not past and m < today.month:
        value = _safe(today.year + 1, m, d)
    elif past and value > today + dt.timedelta(days=1) and m > today.month:
        value = _safe(today.year - 1, m, d)
    return value


def _next_day(d: int, today: dt.date, past: bool) -> dt.date | None:
    if past:
        value = _safe(today.year, today.month, d)
        if value is None or value > today:
            prev = today.replace(day=1) - dt.timedelta(days=1)
            value = _safe(prev.year, prev.month, d)
        return value
    y, m = today.year, today.month
    for _ in range(3):
        value = _safe(y, m, d)
        if value is not None and value >= today:
            return value
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return None


def month_end(day: dt.date) -> dt.date:
    """The last day of ``day``'s month ("valid till August" is valid to 31 August)."""
    return day.replace(day=calendar.monthrange(day.year, day.month)[1])


def _add(today: dt.date, n: int, unit: str) -> dt.date:
    unit = unit.lower()
    if unit in ("day", "night"):
        return today + dt.timedelta(days=n)
    if unit == "week":
        return today + dt.timedelta(weeks=n)
    if unit == "fortnight":
        return today + dt.timedelta(weeks=2 * n)
    months = n * (12 if unit == "year" else 1)
    y, m = divmod(today.month - 1 + months, 12)
    year, month = today.year + y, m + 1
    return dt.date(year, month, min(today.day, calendar.monthrange(year, month)[1]))


def add_period(day: dt.date, n: int, unit: str) -> dt.date:
    """``day`` moved by ``n`` units (negative: back); a month end clamps ("1 month after Jan 31")."""
    return _add(day, n, unit)


def _num(raw: str) -> int:
    raw = raw.lower().strip()
    return int(raw) if raw.isdigit() else NUMBER_WORDS.get(raw, 1)


def _resolve(kind: str, g: dict[str, str | None], today: dt.date, past: bool, day_first: bool) -> DateValue | None:
    if kind == "holiday":
        return _resolve_holiday(g, today, past)
    if kind == "anchored":
        return None  # resolved in find_dates, which sees the text before the clause
    if kind == "weekend":
        mod = re.sub(r"\s+", " ", (g["mod"] or "").lower())
        saturday = today + dt.timedelta(days=(5 - today.weekday()) % 7)
        if today.weekday() == 6:
            saturday = today - dt.timedelta(days=1)
        if mod in ("last", "past") or (past and mod in ("the", "on", "at", "over")):
            return DateValue(today - dt.timedelta(days=(today.weekday() - 5) % 7 or 7))
        if mod == "next":
            return DateValue(today + dt.timedelta(days=7 - today.weekday() + 5))
        return DateValue(saturday)
    if kind == "iso":
        v = _safe(int(g["y"] or 0), int(g["m"] or 0), int(g["d"] or 0))
        return DateValue(v, explicit_year=True) if v else None
    if kind == "numeric":
        a, b = int(g["a"] or 0), int(g["b"] or 0)
        year = _year(g["y"])
        if a > 12 >= b:
            d, m = a, b
        elif b > 12 >= a:
            m, d = a, b
        else:
            d, m = (a, b) if day_first else (b, a)
        if year is None and (m > 12 or d > 31):
            return None
        v = _roll(m, d, year, today, past)
        return DateValue(v, explicit_year=year is not None) if v else None
    if kind in ("md_range", "dm_range"):
        m = MONTHS[(g["m"] or "").lower()]
        year = _year(g["y"])
        s = _roll(m, int(g["d1"] or 0), year, today, past)
        if s is None:
            return None
        e = _safe(s.year, m, int(g["d2"] or 0))
        if e is None or e < s:
            return None
        return DateValue(s, e, explicit_year=year is not None)
    if kind in ("md", "dm"):
        i = "1" if kind == "md" else "2"
        m = MONTHS[(g["m" + i] or "").lower()]
        year = _year(g["y" + i])
        v = _roll(m, int(g["d" + i] or 0), year, today, past)
        return DateValue(v, explicit_year=year is not None) if v else None
    if kind == "my":
        m = MONTHS[(g["m3"] or "").lower()]
        v = _safe(_year(g["y3"]) or today.year, m, 1)
        return DateValue(v, precision="month", explicit_year=True) if v else None
    if kind == "num_my":
        v = _safe(int(g["y"] or 0), int(g["m"] or 0), 1)
        return DateValue(v, precision="month", explicit_year=True) if v else None
    if kind == "month":
        m = MONTHS[(g["m"] or "").lower()]
        v = _roll(m, 1, None, today, past)
        if v is not None and not past and m == today.month:
            v = today.replace(day=1)
        if v is not None and (g.get("mod") or "").lower().replace("the ", "").startswith("end"):  # "end of March" = the 31st
            return DateValue(v.replace(day=calendar.monthrange(v.year, v.month)[1]))
        if v is not None and (g.get("mod") or "").lower() == "mid":  # "mid-March" = the 15th
            return DateValue(v.replace(day=15))
        return DateValue(v, precision="month") if v else None
    if kind == "year":
        return DateValue(dt.date(int(g["y"] or 0), 1, 1), precision="year", explicit_year=True)
    if kind == "end_of":
        what = re.sub(r"\s+", " ", (g["what"] or "").lower())
        if "week" in what:
            base = today + dt.timedelta(weeks=1) if "next" in what else today
            return DateValue(base + dt.timedelta(days=(4 - base.weekday()) % 7))
        if what == "year":
            return DateValue(dt.date(today.year, 12, 31))
        base = _add(today.replace(day=1), 1, "month") if "next" in what else today
        return DateValue(base.replace(day=calendar.monthrange(base.year, base.month)[1]))
    if kind == "rel_day":
        w = re.sub(r"\s+", " ", (g["w"] or "").lower())
        delta = {"today": 0, "tdy": 0, "tonight": 0, "tomorrow": 1, "tmrw": 1, "tmr": 1, "tmrrw": 1, "2moro": 1, "2morrow": 1,
                 "tomoz": 1, "yesterday": -1, "yday": -1, "last night": -1}.get(w, 2 if re.search(r"\bafter\b", w) else -2 if re.search(r"\bbefore\b", w) else 0)  # not "this afternoon"
        return DateValue(today + dt.timedelta(days=delta))
    if kind == "eod":
        return DateValue(today)
    if kind == "in_n":
        return DateValue(_add(today, _num(g["n"] or "1"), g["u"] or "day"))
    if kind == "n_from_now":
        n = _num(g["n"] or "1")
        sign = -1 if (g["dir"] or "").lower() == "ago" else 1
        return DateValue(_add(today, sign * n, g["u"] or "day"))
    if kind == "weekday":
        wd = WEEKDAYS[(g["wd"] or "").lower()]
        mod = (g["mod"] or "").lower()
        if g.get("wk") and "this" in g["wk"].lower():  # "Monday this week": this week's, past or ahead
            return DateValue(today - dt.timedelta(days=today.weekday()) + dt.timedelta(days=wd))
        if g.get("wk"):  # "Thursday next week", "Thursday of the coming week"
            mod = "next"
        if mod in ("last", "past"):
            back = (today.weekday() - wd) % 7 or 7
            return DateValue(today - dt.timedelta(days=back))
        if past and mod in ("", "on"):
            return DateValue(today - dt.timedelta(days=(today.weekday() - wd) % 7 or 7))
        if mod == "this":
            return DateValue(today + dt.timedelta(days=(wd - today.weekday()) % 7))
        if mod == "next":
            monday = today + dt.timedelta(days=7 - today.weekday())
            return DateValue(monday + dt.timedelta(days=wd + (7 if g.get("after") else 0)))
        ahead = (wd - today.weekday()) % 7 or 7
        return DateValue(today + dt.timedelta(days=ahead))
    if kind == "rel_period":
        return None
    if kind == "word_day":
        v = _next_day(ORDINALS[(g["w"] or "").lower()], today, past)
        return DateValue(v, day_only=True) if v else None
    if kind == "day_only":
        d = int(g["d"] or g["d3"] or 0)
        v = _next_day(d, today, past)
        return DateValue(v, day_only=True) if v else None
    return None


HOLIDAY_NAMES = _HOLIDAY_ALT
"""Every named day of ``holidays.tsv`` as one pattern ("good friday", "christmas day", "mother's day")."""


def names_a_thing(text: str, end: int) -> bool:
    """The named day said at ``text[:end]`` qualifies a thing ("Easter eggs", "Christmas presents"): no date."""
    return _HOLIDAY_NOT_DATE.match(text, end) is not None


def holiday_named(name: str, year: int) -> dt.date | None:
    """The date of the named day (as ``HOLIDAY_NAMES`` matched it) in ``year``."""
    name = re.sub(r"\s+", " ", name)
    rule = next((r for p, r in _HOLIDAY_RULES if p.fullmatch(name)), None)
    return None if rule is None else _holiday_on(rule, year)


def _resolve_holiday(g: dict[str, str | None], today: dt.date, past: bool) -> DateValue | None:
    """A named day: the named year's, else the next one (the latest one when the clause is past)."""
    name = re.sub(r"\s+", " ", g["h"] or "")
    rule = next((r for p, r in _HOLIDAY_RULES if p.fullmatch(name)), None)
    if rule is None:
        return None
    shift = dt.timedelta(days={"before": -1, "after": 1}.get((g.get("off") or "").lower(), 0))
    year = _year(g.get("y"))
    if year is not None:
        v = _holiday_on(rule, year)
        return DateValue(v + shift, explicit_year=True) if v else None
    for y in ((today.year, today.year - 1) if past else (today.year, today.year + 1)):
        v = _holiday_on(rule, y)
        if v is not None and ((v + shift <= today) if past else (v + shift >= today)):
            return DateValue(v + shift)
    return None


_WITH_NAME_AFTER = re.compile(r"\s+(?:and|&)\s+(?-i:(?P<n>[A-Z][a-z]+))\b(?!\s+\d)", re.I)
_NAME_BEFORE = re.compile(r"\b(?-i:(?P<n>[A-Z][a-z]+))\s+(?:and|&)\s+$", re.I)


def _names_a_person(clause: str, start: int, end: int) -> bool:
    """"made dinner for June and Tom", "Tom and April": a month name listed with a person's name is a person."""
    for hit in (_WITH_NAME_AFTER.match(clause, end), _NAME_BEFORE.search(clause[max(0, start - 20) : start])):
        if hit is not None and hit.group("n").lower() not in MONTHS and hit.group("n").lower() not in WEEKDAYS \
                and not any(p.fullmatch(hit.group("n")) for p, _ in _HOLIDAY_RULES):
            return True
    return False


_NUMERIC_PARTS = re.compile(r"\b(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)(?:/(?:19|20)?\d\d)?\b|\b(?P<c>[0-3]?\d)\.(?P<d>[0-3]?\d)\.(?:19|20)?\d\d\b")


def _message_order(text: str, day_first: bool) -> bool:
    """Whether "01/09" is day-first: a date in the same message whose part above 12 settles the order
    ("issued 14/03/2018, expires 01/09/2028") decides for all of them; else the caller's default
    (month-first unless the user's settings or an import said otherwise)."""
    votes = _order_votes(text)
    return next(iter(votes)) if len(votes) == 1 else day_first


@lru_cache(maxsize=64)
def _order_votes(text: str) -> frozenset[bool]:
    """The orders the message's numeric dates allow; read once per message (every clause asks)."""
    votes = set()
    for m in _NUMERIC_PARTS.finditer(text):
        a, b = int(m.group("a") or m.group("c")), int(m.group("b") or m.group("d"))
        if a > 12 >= b:
            votes.add(True)
        elif b > 12 >= a:
            votes.add(False)
    return frozenset(votes)


_YEAR_WORD_AFTER = re.compile(r"\s*,?\s*(?:of\s+|in\s+)?(?P<w>last|next|this|the\s+following|the\s+previous)\s+year\b", re.I)
_YEAR_WORD_BEFORE = re.compile(r"\b(?P<w>last|next|this)\s+year\s*,?\s*(?:(?:on|in|from|between|during|around|over|at|for)\s+)?(?:the\s+)?$", re.I)
_YEAR_WORD_KINDS = {"md", "dm", "md_range", "dm_range", "range", "month", "numeric", "holiday", "duration"}


def _year_words(text: str, found: list[Mention], hi: int, today: dt.date) -> list[Mention]:
    """"May 3-9 last year", "next year on March 4": the year word beats the tense guess."""
    out: list[Mention] = []
    for m in found:
        after = _YEAR_WORD_AFTER.match(text[m.end : hi])
        before = _YEAR_WORD_BEFORE.search(text[max(0, m.start - 30) : m.start])
        hit = after or before
        if hit is None or m.value.explicit_year or m.attrs.get("pattern") not in _YEAR_WORD_KINDS:
            out.append(m)
            continue
        word = hit.group("w").lower()
        year = today.year + (-1 if word in ("last", "the previous") else 1 if word in ("next", "the following") else 0)
        shift = year - m.value.start.year
        start = _safe(year, m.value.start.month, m.value.start.day)
        end = _safe(m.value.end.year + shift, m.value.end.month, m.value.end.day) if m.value.end else None
        if start is None or (m.value.end is not None and end is None):
            out.append(m)
            continue
        stop = m.end + after.end() if after else m.end
        value = DateValue(start, end, precision=m.value.precision, explicit_year=True, day_only=m.value.day_only)
        out.append(Mention("date", m.start, stop, text[m.start : stop], value, m.attrs))
    return out


_COUNTS_THINGS = re.compile(r"\s+(?!(?:of|and|or|to|through|till|until|at|in|on|for|i|we|he|she|they|it|is|was|when|then|"
                            r"so|but|this|next|last|after|before|from|as|if|because|please|instead)\b)[a-z]")
_DAY_LEADS = re.compile(r"\b(?:on|by|until|till|til|from|since|before|after)\s+$", re.I)
"""A word before "the fifteenth" that makes it a day whatever follows ("on the fifteenth my rent goes up")."""


def find_dates(text: str, lo: int, hi: int, today: dt.date, *, day_first: bool = False, past: bool | None = None,
               lean_past: bool = False) -> list[Mention]:
    """Date mentions within ``text[lo:hi]``; ranges merged ("from X to Y", "X - Y", "X for 2 weeks").

    ``past`` overrides the clause's own tense (a builder that knows "cancelled the vet on Wednesday"
    names an appointment still ahead); ``lean_past`` reads a clause with no tense of its own as past
    (a reader of things that happened: "Then on Saturday a shorter one")."""
    clause = text[lo:hi]
    own_tense = past is None
    if past is None:
        said = tense(clause, told=lean_past)
        past = lean_past if said is None else said
    day_first = _message_order(text, day_first)
    weak: list[tuple[int, int]] = []
    found: list[Mention] = []
    taken: list[tuple[int, int]] = []
    for kind, pat in _PATTERNS:
        for m in pat.finditer(clause):
            s, e = m.start(), m.end()
            if any(s < te and ts < e for ts, te in taken):
                continue
            if kind == "weekday" and re.search(r"\b(?:black|good|cyber|happy)\s+$", clause[max(0, s - 7) : s], re.I):
                continue  # "Black Friday" is a holiday; "Happy Friday" a greeting, no date
            if kind == "weekday" and (m.group("wd") or "").lower() in ("sat", "sun", "mon", "wed") and not m.group("mod") and not m.group("wd")[0].isupper() \
                    and not _SHORT_DAY_OK.match(clause, e) and not _SHORT_DAY_AFTER.search(clause[max(0, s - 14) : s]):
                continue  # "wed" may be a verb; "dentist wed at 9:40", "sat to mon" are days
            if kind == "md" and (m.group("m1") or "").lower() == "may" and m.group("m1")[0] == "m" and m.group("y1") is None:
                continue
            if kind == "numeric" and m.group("y") is None and "/" not in m.group():
                continue
            if kind in ("md", "month", "my", "md_range") and m.group(next(k for k in ("m1", "m", "m3") if k in m.groupdict()))[0].isupper() \
                    and _names_a_person(clause, *m.span(next(k for k in ("m1", "m", "m3") if k in m.groupdict()))):
                continue
            if kind == "word_day" and _COUNTS_THINGS.match(clause, e) and not _DAY_LEADS.search(clause[max(0, s - 8):s]):
                continue  # "the first race", "the third lesson": an ordinal before a noun counts things
            if kind == "holiday" and _HOLIDAY_NOT_DATE.match(clause, e):
                taken.append((s, e))  # "Christmas shopping": no date, and no other pattern may read one here
                continue
            if kind == "holiday" and (_HOLIDAY_EVENT.match(clause, e) or re.search(r"\bfor\s+$", clause[max(0, s - 5) : s], re.I)) \
                    or kind in ("weekend", "eod"):
                weak.append((lo + s, lo + e))
            if kind == "anchored":
                anchor = _anchor(text, lo + s, today, day_first)
                if anchor is not None:
                    g = m.groupdict()
                    n = 1 if g.get("dir") or g.get("next") else _num(g.get("n") or "1")
                    sign = -1 if (g.get("rel") or g.get("rel2") or "").lower() in ("before", "earlier") else 1
                    taken.append((s, e))
                    found.append(Mention("date", lo + s, lo + e, m.group(), DateValue(anchor + dt.timedelta(days=sign * n)), {"pattern": kind}))
                continue
            here_past = (past and not (own_tense and _ahead_here(clause, s, e))) or (
                own_tense and lean_past and not past and _behind_here(clause, s, e))
            target = here_past and bool(_TARGET.search(clause[max(0, s - 12) : s]))
            dv = _resolve(kind, m.groupdict(), today, here_past and not target, day_first)
            if dv is None or dv.start is None:
                continue
            taken.append((s, e))
            found.append(Mention("date", lo + s, lo + e, m.group(), dv, {"pattern": kind}))
    found.sort(key=lambda m: m.start)
    found = [_offset(text, m, lo) for m in found]
    if any((m.start, m.end) not in weak for m in found):
        found = [m for m in found if (m.start, m.end) not in weak]  # "the Christmas party is the 19th"
    merged = _year_words(text, _merge_ranges(text, _merge_weekday_dates(text, found)), hi, today)
    return _year_words(text, _with_durations(text, merged, lo, hi), hi, today)


_OFFSET_BEFORE = re.compile(r"\b" + _f(_NUM, "n") + r"\s+" + _f(_UNIT, "u") + r"\s+(?P<dir>from|after|before)\s+$", re.I)


def _offset(text: str, m: Mention, lo: int) -> Mention:
    """"a week from Friday", "two days before the 14th": the named date moved by the count."""
    window = text[max(lo, m.start - 40) : m.start]
    before = _OFFSET_BEFORE.search(window)
    if before is None or m.value.end is not None or m.value.precision != "day":
        return m
    if re.search(r"\b(?:for|staying|stay|spend(?:ing)?|away)\s+(?:about\s+|around\s+|just\s+)?$", window[: before.start()], re.I):
        return m  # "for a week from the 14th": a stay's length, which the duration reading handles
    n = _num(before.group("n")) * (-1 if before.group("dir").lower() == "before" else 1)
    start = m.start - len(text[max(lo, m.start - 40) : m.start]) + before.start()
    if before.group("u").lower().startswith("night") and n > 0:  # "5 nights from Oct 3" is a stay, never a date five days on
        return Mention("date", start, m.end, text[start : m.end], DateValue(m.value.start, span_end(m.value.start, n, "night"),
                       explicit_year=m.value.explicit_year), {"pattern": "duration", "unit": "nights"})
    value = DateValue(_add(m.value.start, n, before.group("u")), explicit_year=m.value.explicit_year)
    return Mention("date", start, m.end, text[start : m.end], value, {"pattern": "offset"})


def _anchor(text: str, before: int, today: dt.date, day_first: bool) -> dt.date | None:
    """The last single date said before ``before`` in the same message: what "the day after" counts from."""
    start = max(0, before - 200)
    prior = [m for m in find_dates(text, start, before, today, day_first=day_first) if m.attrs.get("pattern") != "anchored"]
    if not prior or prior[-1].value.precision != "day":
        return None
    return prior[-1].value.end or prior[-1].value.start


def _merge_weekday_dates(text: str, found: list[Mention]) -> list[Mention]:
    """'Thursday the 14th', 'Friday, March 7': one date; the weekday picks which 14th or which
    March 7 when the tense alone would pick one that falls on another day."""
    out: list[Mention] = []
    for m in found:
        if out and out[-1].attrs.get("pattern") == "weekday" and re.fullmatch(r"\s*,?\s*", text[out[-1].end : m.start]):
            prev = out.pop()
            value = _fit_weekday(m.value, prev.value.start.weekday())
            out.append(Mention("date", prev.start, m.end, text[prev.start : m.end], value, m.attrs))
            continue
        out.append(m)
    return out


def _fit_weekday(value: DateValue, weekday: int) -> DateValue:
    """The occurrence of a year-less date nearest to the one read from the tense that falls on the
    weekday said ("I booked dinner for Saturday the 12th": the 12th that is a Saturday)."""
    if value.end is not None or value.explicit_year or value.start.weekday() == weekday or value.precision == "month":
        return value  # "that Saturday in May": some Saturday of that May, not a May 1st that is one
    start = value.start
    if value.day_only:
        shifted = (_safe(start.year + (start.month - 1 + k) // 12, (start.month - 1 + k) % 12 + 1, start.day) for k in range(-11, 12))
    else:
        shifted = (_safe(start.year + k, start.month, start.day) for k in (-1, 1))
    fits = [d for d in shifted if d is not None and d.weekday() == weekday]
    if not fits:
        return value
    return replace(value, start=min(fits, key=lambda d: abs((d - start).days)))


def _merge_ranges(text: str, found: list[Mention]) -> list[Mention]:
    out: list[Mention] = []
    i = 0
    while i < len(found):
        a = found[i]
        if i + 1 < len(found):
            b = found[i + 1]
            gap = text[a.end : b.start]
            between = re.search(r"\bbetween\s+$", text[max(0, a.start - 9) : a.start], re.I)
            if re.fullmatch(r"\s*and\s*", gap, re.I) and not between:
                out.append(a)
                i += 1
                continue
            if _CONNECT.match(gap) and a.value.end is None and b.value.end is None:
                start, end = a.value.start, b.value.start
                if b.value.day_only:
                    end = _safe(start.year, start.month, end.day) or end
                    if end < start:
                        end = _add(end, 1, "month")
                elif not a.value.explicit_year and b.value.explicit_year:
                    start = _safe(end.year, start.month, start.day) or start
                    if start > end:
                        start = _safe(end.year - 1, start.month, start.day) or start
                if b.attrs.get("pattern") == "weekday":
                    # a range of weekdays ends at the first such weekday after its start: "Monday to
                    # Sunday" is a week, not a year
                    end = start + dt.timedelta(days=(end.weekday() - start.weekday()) % 7)
                elif not b.value.explicit_year and not b.value.day_only:
                    # a range ends at the first such day after its start: "15 July to 30 July" (said in
                    # September of the past) must not read the end as next July
                    same = _safe(start.year, end.month, end.day)
                    end = same if same is not None and same >= start else (_safe(start.year + 1, end.month, end.day) or end)
                if end >= start:
                    before = text[max(0, a.start - 8) : a.start].lower()
                    s0 = a.start
                    for lead in ("from ", "between "):
                        if before.endswith(lead):
                            s0 = a.start - len(lead)
                    out.append(Mention("date", s0, b.end, text[s0 : b.end],
                                       DateValue(start, end, explicit_year=a.value.explicit_year or b.value.explicit_year),
                                       {"pattern": "range"}))
                    i += 2
                    continue
        out.append(a)
        i += 1
    return out


def span_end(start: dt.date, n: int, unit: str) -> dt.date:
    """The last day of a stretch said as a length from ``start``: "10 days" is day 10 (start + 9),
    "5 nights" checks out on start + 5, "two weeks" start + 14, "a month" the same day next month
    (the labelling convention in benchmarks/extraction/data/README.md)."""
    unit = unit.lower().rstrip("s")
    if unit == "day":
        return start + dt.timedelta(days=max(n, 1) - 1)
    return _add(start, n, unit)


def _with_durations(text: str, found: list[Mention], lo: int, hi: int) -> list[Mention]:
    """"May 2 for 10 days", "for a week starting the 14th": a single date becomes a span (see ``span_end``)."""
    out: list[Mention] = []
    singles = [m for m in found if m.value.end is None and m.value.precision == "day"]
    anywhere = _DURATION_ANY.search(text, lo, hi) if len(singles) == 1 else None
    for m in found:
        dur = _DURATION.match(text[m.end : hi])
        if dur is None and anywhere is not None and m is singles[0] and not (m.start <= anywhere.start() < m.end):
            dur = anywhere
            stop = m.end
            end = span_end(m.value.start, _num(dur.group("n")), dur.group("u"))
            out.append(Mention("date", m.start, stop, m.text, DateValue(m.value.start, end, explicit_year=m.value.explicit_year),
                               {"pattern": "duration", "unit": dur.group("u").lower()}))
            continue
        if m.value.end is None and dur and m.value.precision == "day":
            end = span_end(m.value.start, _num(dur.group("n")), dur.group("u"))
            stop = m.end + dur.end()
            m = Mention("date", m.start, stop, text[m.start : stop],
                        DateValue(m.value.start, end, explicit_year=m.value.explicit_year), {"pattern": "duration", "unit": dur.group("u").lower()})
        out.append(m)
    return out


# Times said without am/pm: "at 8", "7:30", "from 7 till late", "6-7pm", "2 to 3pm" (the range's suffix covers its start).
_BARE_TIME = re.compile(
    r"(?P<range>\b(?P<rh>[01]?\d)(?::(?P<rmi>[0-5]\d))?\s*(?:[-–]|to|till|until|['’]?til)\s*(?P<reh>[01]?\d)(?::[0-5]\d)?\s*(?P<rap>a\.?m\.?|p\.?m\.?)(?![a-z]))"
    r"|\b(?:at|from|by|around|about|after|before|arou?nd|between)\s+(?P<h>[01]?\d|2[0-3])(?:[:.](?P<mi>[0-5]\d)(?![.,]?\d))?(?!\s*(?:[:.,/]\d|%|am\b|pm\b|a\.m|p\.m|st\b|nd\b|rd\b|th\b|days?|weeks?|months?|years?|hours?|hrs?\b|mins?|minutes|people|guests|of\b|percent|kg|km|mg|euros?|dollars?|pounds?|quid|bucks|[$€£]))\b"
    r"|(?<![\d:/.])(?P<h2>[01]?\d|2[0-3]):(?P<mi2>[0-5]\d)\b(?!\s*(?:a\.?m|p\.?m))",
    re.I,
)
_HOUR_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
               "eleven": 11, "twelve": 12}
_HOUR = r"(?:[01]?\d|2[0-3]|" + "|".join(_HOUR_WORDS) + r")"
# Times people say rather than write: "half past four", "quarter to 5", "half four", "9ish", "3 o'clock", "18h30"
_SPOKEN_TIME = re.compile(
    r"\b(?:(?P<q>half|quarter|ten|twenty|five|twenty-five)\s+(?P<dir>past|after|to|till)\s+(?P<qh>" + _HOUR + r")"
    r"|half\s+(?P<hh>" + _HOUR + r")(?!\s+(?:an?\s+)?(?:hours?|days?|weeks?|months?|years?|dozen|price|time))"
    r"|(?P<ih>[01]?\d|2[0-3])(?:[:.](?P<imi>[0-5]\d))?\s*-?\s*ish"
    r"|(?P<oh>" + _HOUR + r")\s*o['’]?\s*clock"
    r"|(?P<eh>[01]?\d|2[0-3])h(?P<emi>[0-5]\d)?)\b",
    re.I,
)
_MORNING = re.compile(r"^\s*(?:in\s+the\s+morning|a\.?m\b|tomorrow\s+morning|this\s+morning)", re.I)
_EVENING = re.compile(r"^\s*(?:in\s+the\s+(?:afternoon|evening)|at\s+night|tonight|p\.?m\b|this\s+(?:afternoon|evening)|tomorrow\s+(?:afternoon|evening|night))", re.I)


def _clock(h: int, mi: str | None) -> str:
    """An hour said without am/pm: 1-7 are afternoon or evening (people meet at 7 pm, not 7 am), 8-11 morning."""
    if 1 <= h <= 7:
        h += 12
    return f"{h:02d}:{mi or '00'}"


def _hour(raw: str) -> int:
    return _HOUR_WORDS[raw.lower()] if raw.lower() in _HOUR_WORDS else int(raw)


def _spoken(m: re.Match[str]) -> tuple[int, str]:
    """Hour and minutes of a spoken time; the hour is still without am/pm."""
    if m.group("q"):
        mins = {"half": 30, "quarter": 15, "ten": 10, "twenty": 20, "five": 5, "twenty-five": 25}[m.group("q").lower()]
        h = _hour(m.group("qh"))
        if m.group("dir").lower() in ("to", "till"):
            return (h - 1) % 12 or 12, f"{60 - mins:02d}"
        return h, f"{mins:02d}"
    if m.group("hh"):
        return _hour(m.group("hh")), "30"
    if m.group("ih"):
        return int(m.group("ih")), m.group("imi") or "00"
    if m.group("oh"):
        return _hour(m.group("oh")), "00"
    return int(m.group("eh")), m.group("emi") or "00"


_EVENING_BEFORE = re.compile(r"\b(?:tonight|this\s+evening|tomorrow\s+(?:evening|night)|(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+(?:evening|night))\s*$", re.I)


# a day part said as when something happened ("this morning", "last night", "on Wednesday evening"),
# not as a thing ("a rough night", "spent the morning in the garden", "Morning all")
_PART_WORD = re.compile(r"\b(?:(?:this|last|yesterday|tomorrow|that|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\s+(?P<part>morning|afternoon|evening|night)"
                        r"|in\s+the\s+(?P<in>morning|afternoon|evening|night)|(?P<tonight>tonight))\b", re.I)
_SENTENCE_EDGE = re.compile(r"[.!?\n]")


def _part_in_sentence(text: str, start: int, end: int) -> str | None:
    """The day part said nearest a time in its own sentence, within a few words ("This morning she had
    160ml at quarter to seven"; "last night's late feed ... at half eleven")."""
    edges = [m.start() for m in _SENTENCE_EDGE.finditer(text)]
    lo = max((e + 1 for e in edges if e < start), default=0)
    hi = min((e for e in edges if e >= end), default=len(text))
    near = [(min(abs(m.start() - end), abs(start - m.end())), (m["part"] or m["in"] or m["tonight"]).lower())
            for m in _PART_WORD.finditer(text, max(lo, start - 60), min(hi, end + 60))]
    return min(near)[1] if near else None


def _day_part(text: str, start: int, end: int, value: str) -> str:
    """"at 8 in the evening", "7 tomorrow morning": a day part after a bare hour settles am or pm;
    else one said in the same sentence ("this morning she had 160ml at quarter to seven")."""
    h, mi = int(value[:2]), value[3:]
    after = text[end : end + 30]
    if h < 12 and _EVENING_BEFORE.search(text[max(0, start - 30) : start]):
        return f"{h + 12:02d}:{mi}"  # "tonight at 8"
    if _MORNING.match(after) and h >= 12:
        h -= 12
    elif _EVENING.match(after) and h < 12:
        h += 12
    elif not re.search(r"\b0\d", text[start:end]) and (part := _part_in_sentence(text, start, end)) is not None:
        if part == "morning" and 16 < h < 24:
            h -= 12  # "this morning at quarter to seven"; "lunch at 1" stays 13:00
        elif part in ("afternoon", "evening", "tonight") and 1 <= h < 12:
            h += 12
        elif part == "night" and 5 <= h < 12:
            h += 12  # "half eleven last night"; "3 in the night" keeps its small hour
        elif part == "night" and 12 < h <= 16:
            h -= 12
    return f"{h:02d}:{mi}"


def find_times(text: str, lo: int, hi: int) -> list[Mention]:
    """Clock times as 'HH:MM' (24 h)."""
    out = _find_times(text, lo, hi)
    for m in _BARE_TIME.finditer(text, lo, hi):
        if any(t.start < m.end() and m.start() < t.end for t in out) and not m.group("range"):
            continue
        if m.group("range"):
            pm = m.group("rap").lower().startswith("p")
            end_h = int(m.group("reh")) % 12 + (12 if pm else 0)
            h = int(m.group("rh")) % 12 + (12 if pm else 0)
            if h > end_h and pm:
                h -= 12  # "11-1pm" starts in the morning
            value = f"{h:02d}:{m.group('rmi') or '00'}"
            out = [t for t in out if not (m.start() <= t.start < m.end())]
        elif m.group("h2"):
            h2 = int(m.group("h2"))
            value = f"{h2:02d}:{m.group('mi2')}" if h2 >= 13 or h2 == 0 or m.group("h2").startswith("0") else _clock(h2, m.group("mi2"))
            value = _day_part(text, m.start(), m.end(), value) if h2 < 13 else value
        else:
            value = _clock(int(m.group("h")), m.group("mi"))
            if int(m.group("h")) > 12 or m.group("h").startswith("0"):
                value = f"{int(m.group('h')):02d}:{m.group('mi') or '00'}"
            else:
                value = _day_part(text, m.start(), m.end(), value)
        out.append(Mention("time", m.start(), m.end(), m.group(), value))
    for m in _SPOKEN_TIME.finditer(text, lo, hi):
        if any(t.start < m.end() and m.start() < t.end for t in out):
            continue
        h, mi = _spoken(m)
        ap = re.match(r"\s*(a|p)\.?m\b", text[m.end() : m.end() + 6], re.I)
        if ap:
            value = f"{h % 12 + (12 if ap.group(1).lower() == 'p' else 0):02d}:{mi}"
        elif h > 12 or m.group("eh"):
            value = f"{h:02d}:{mi}"
        else:
            value = _day_part(text, m.start(), m.end(), _clock(h, mi))
        out.append(Mention("time", m.start(), m.end(), m.group(), value))
    return sorted(out, key=lambda t: t.start)


def _find_times(text: str, lo: int, hi: int) -> list[Mention]:
    out: list[Mention] = []
    for m in _TIME.finditer(text, lo, hi):
        if m.group("noon"):
            value = "00:00" if m.group("noon").lower() == "midnight" else "12:00"
        elif m.group("h2"):
            h2 = int(m.group("h2"))
            value = f"{h2:02d}:{m.group('mi2')}" if h2 >= 8 or h2 == 0 or m.group("h2").startswith("0") else _clock(h2, m.group("mi2"))
            value = _day_part(text, m.start(), m.end(), value) if h2 < 13 else value
        else:
            h = int(m.group("h")) % 12
            if (m.group("ap") or "").lower().startswith("p"):
                h += 12
            value = f"{h:02d}:{m.group('mi') or '00'}"
        out.append(Mention("time", m.start(), m.end(), m.group(), value))
    return out


def same_month_after(start: dt.date, day: int) -> dt.date | None:
    """A bare day after a start date ("leaving the 3rd of January, home the 11th"): the first such day after it."""
    y, m = start.year, start.month
    for _ in range(2):
        try:
            cand = dt.date(y, m, day)
        except ValueError:
            cand = None
        if cand is not None and cand >= start:
            return cand
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return None


NAMES_A_MONTH = frozenset({"iso", "numeric", "md_range", "dm_range", "range", "md", "dm", "my", "num_my", "month", "day_only",
                           "holiday", "in_n", "n_from_now", "anchored"})
"""Date patterns a later bare day counts on from ("March 14 ... the 22nd", "Christmas Eve ... back on the
2nd", "in two weeks, back on the 28th"); not "this morning" or "Saturday" ("results back this morning,
the bloods were taken on the 13th")."""


def after_previous(value: DateValue, previous: DateValue | None) -> DateValue:
    """A bare day after a fuller date ("leave on March 14 and fly home on the 22nd") is the first
    such day after that date, not the next one after the session date."""
    if previous is None or not value.day_only or value.end is not None:
        return value
    anchor = previous.start  # a range's first day: "valid 1 to 30 October … in on the 1st, out on the 29th"
    if value.start >= anchor:
        return value
    moved = same_month_after(anchor, value.start.day)
    return replace(value, start=moved) if moved else value
