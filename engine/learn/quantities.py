"""Measured quantities in a message ("6.2k", "half an hour", "120 over 80", "82.4"), each a typed
candidate the model may cite by id but never retype.

A record of a kind no built-in frame covers is mostly numbers with units. The model names the
collection and its fields; the numbers come only from here, with the unit and dimension the unit
table (``resources/learn/units.tsv``) gives them, so a value can be converted between units of one
dimension (miles and kilometres) by code. Spans already taken by a date, a clock time or an amount
of money are not quantities.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cache

from engine.extract.dates import ORDINALS
from engine.extract.numbers import TENS, UNITS, spelled_value
from engine.profile import RESOURCES

UNITS_PATH = RESOURCES / "learn" / "units.tsv"


@dataclass(frozen=True)
class Unit:
    name: str
    dimension: str
    factor: Decimal
    """Multiply by this to get the dimension's base unit (metres, kilograms, minutes, ...)."""


@dataclass(frozen=True)
class Quantity:
    """One citable number: ``id`` as the model sees it (Q1, Q2...), ``value`` in ``unit``."""

    id: str
    start: int
    end: int
    surface: str
    value: Decimal
    unit: str  # "" for a bare number
    dimension: str  # "" for a bare number
    note: str = ""

    @property
    def measured(self) -> bool:
        """A unit of the unit table, a rating or a place in an order; not a bare number nor a count of a noun ("6 jars")."""
        return bool(self.unit) and (unit_named(self.unit) is not None or self.dimension in ("rating", "place"))

    def line(self) -> str:
        unit = f" {self.unit}" if self.unit else " (no unit)"
        dim = f" ({self.dimension})" if self.dimension and self.dimension != self.unit else ""
        note = f" ({self.note})" if self.note else ""
        return f'{self.id} "{self.surface}"{note} = {plain(self.value)}{unit}{dim}'


FROM_A_SPAN = "from a start and end time"
"""The note of a duration counted from two clock times ("9 till 2")."""


def plain(value: Decimal) -> str:
    """A decimal without exponent or trailing zeros: 6.20 -> "6.2", 1E+1 -> "10"."""
    text = format(value.normalize(), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def _tidy(value: Decimal) -> Decimal:
    """Two decimals at most, no exponent: 9.50 -> 9.5, 90.00 -> 90."""
    return Decimal(plain(value.quantize(Decimal("0.01"))))


@cache
def units() -> dict[str, Unit]:
    """Alias (lower case) -> unit, from the unit table."""
    out: dict[str, Unit] = {}
    for line in UNITS_PATH.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, dimension, factor, aliases = line.split("\t")
        unit = Unit(name, dimension, Decimal(factor))
        for alias in aliases.split(","):
            out.setdefault(alias.strip().lower(), unit)
    return out


def unit_named(name: str) -> Unit | None:
    """The unit whose canonical name (or alias) is ``name``."""
    table = units()
    return next((u for u in table.values() if u.name == name), None) or table.get(name.lower())


def unit_words(name: str) -> list[str]:
    """The spelled-out words of a unit ("gal" -> gallon, gallons), for matching questions."""
    unit = unit_named(name)
    if unit is None:
        return {"/5": ["rating", "stars"], "/10": ["rating", "score"], "/100": ["score"]}.get(
            name, ["score", "mark", "marks", "points"] if re.fullmatch(r"/\d+", name) else [])
    return sorted({a for a, u in units().items() if u.name == unit.name and len(a) > 3
                   and (a.isalpha() or (all(w.isalpha() for w in a.split()) and not {"per", "a"} & set(a.split())))})


def convert(value: Decimal, source: str, target: str) -> Decimal | None:
    """``value`` in unit ``source`` expressed in ``target``; None across dimensions."""
    if source == target:
        return value
    a, b = unit_named(source), unit_named(target)
    if a is None or b is None or a.dimension != b.dimension:
        return None
    return value * a.factor / b.factor


# the spelled numbers of engine.extract.numbers, and phrases that stand for a number
_WORD_NUMBERS = {**UNITS, **TENS, "a hundred": 100, "a dozen": 12, "a couple of": 2, "a couple": 2, "a few": 3}
_WORD_NUM = "|".join(sorted((re.escape(w) for w in _WORD_NUMBERS), key=len, reverse=True))
_DIGITS = r"\d+(?:[.,]\d+)?"
_ONES = "one|two|three|four|five|six|seven|eight|nine"
_UP_TO_99 = rf"(?:(?:{'|'.join(TENS)})(?:[\s-](?:{_ONES}))?|{'|'.join(sorted(UNITS, key=len, reverse=True))})"
_UP_TO_999 = rf"(?:(?:a|{_UP_TO_99})\s+hundred(?:\s+(?:and\s+)?{_UP_TO_99})?)"
_COMPOUND = rf"(?:(?:a|{_UP_TO_999}|{_UP_TO_99})\s+thousand(?:\s+(?:and\s+)?(?:{_UP_TO_999}|{_UP_TO_99}))?|{_UP_TO_999})"
"""A number said with "hundred" or "thousand" ("a hundred and fifty", "two thousand three hundred")."""
_NUM = rf"(?:{_DIGITS}|{_COMPOUND}|(?:{_WORD_NUM})(?:[\s-](?:{_ONES}))?)"


def _number(raw: str) -> Decimal | None:
    raw = raw.strip().lower()
    if re.fullmatch(_DIGITS, raw):
        whole, _, frac = raw.replace(",", ".").partition(".")
        if "," in raw and len(frac) == 3:  # "1,500" is fifteen hundred, "82,4" is a decimal comma
            return Decimal(whole + frac)
        return Decimal(raw.replace(",", "."))
    if raw in _WORD_NUMBERS:
        return Decimal(_WORD_NUMBERS[raw])
    value = spelled_value(raw)  # "forty-five", "twenty two"
    return Decimal(value) if value is not None else None


def _alias_pattern() -> str:
    return "|".join(sorted((re.escape(a) for a in units()), key=len, reverse=True))


# durations said as phrases: minutes they stand for
_DURATION_PHRASES = (
    (re.compile(r"\b(?:an?|one)\s+(?:(?:good|solid|full|whole)\s+)?hour\s+and\s+a\s+half\b", re.I), Decimal(90)),
    (re.compile(r"\b(?:an?|one)\s+(?:(?:good|solid|full|whole)\s+)?hour\s+and\s+a\s+quarter\b", re.I), Decimal(75)),
    (re.compile(r"\b(?:half\s+an\s+hour|a\s+half[\s-]hour)\b", re.I), Decimal(30)),
    (re.compile(r"\b(?:a\s+quarter\s+of\s+an\s+hour|quarter\s+of\s+an\s+hour)\b", re.I), Decimal(15)),
    (re.compile(r"\b(?:an|one|a\s+(?:good|solid|full|whole))\s+hour\b", re.I), Decimal(60)),
)
_HOURS_AND_HALF = re.compile(rf"\b(?P<n>{_NUM})\s+and\s+a\s+half\s+(?:hours|hrs)\b", re.I)
# "21 and a half minutes", "eight and three quarter miles", "2 and a quarter hours": a whole number and a fraction before the unit
_AND_FRACTION = {"a half": Decimal("0.5"), "a quarter": Decimal("0.25"), "three quarters": Decimal("0.75"),
                 "three quarter": Decimal("0.75"), "a third": Decimal(1) / 3}
_AND_FRACTION_RE = "|".join(re.escape(f) for f in sorted(_AND_FRACTION, key=len, reverse=True))
# minutes and seconds said together: "9 min 30", "17 mins 45 secs", "4 minutes and 5 seconds"
_MIN_SEC = re.compile(
    r"(?<![\w.,])(?P<m>\d{1,3})\s*(?:min|mins|minutes?)\s*(?:and\s+)?"
    r"(?:(?P<s>\d{1,2})\s*(?:s|sec|secs|seconds?)\b"
    # a bare second count only where the phrase ends: "9 min 30, which", "26 min 15 and I" — not "45 min 20 push-ups"
    r"|(?P<ss>[0-5]\d)(?=\s*(?:$|[,.;:!?)—–]|\s-\s|(?:and|which|so|then|but|flat|dead|exactly)\b)))",
    re.I,
)
_H_MIN = re.compile(r"\b(?P<h>\d{1,2})\s*(?:h|hr|hrs|hours?)\s*(?:and\s+)?(?P<m>\d{1,2})\s*(?:m|min|mins|minutes?)?(?![\w:])", re.I)
_HMS = re.compile(r"(?<![\d:])(?P<h>\d{1,2}):(?P<m>[0-5]\d):(?P<s>[0-5]\d)(?![\d:])")
_MS = re.compile(r"(?<![\d:.])(?P<m>\d{1,2}):(?P<s>[0-5]\d)(?P<f>\.\d{1,2})?(?![\d:]|\s*(?:am|pm|a\.m|p\.m|o'?clock|hrs?|h)\b)", re.I)
_CLOCK_BEFORE = re.compile(r"(?:\b(?:at|from|until|till|til|by|around|about|before|after|since|between|to|and|or)|@|\d\s*[-–])\s*$", re.I)
_TIMED_BEFORE = re.compile(r"\b(?:did|do|does|ran|run|finished(?:\s+in)?|in|clocked|managed|swam|rode|rowed|walked|pb|best|record|"
                           r"took(?:\s+(?:me|him|her|them|us))?|splits?|pace|average|"
                           r"(?:finish(?:ing)?|chip|gun|race|run|official|my|his|her|their)\s+time)(?:\s+(?:was|were|is|of))?"
                           r"\s*[:=-]?\s*$", re.I)
"""A minutes-and-seconds time ("29:48", "Tom did 23:47"): a clock time only where a clock is said."""


_DISTANCE_BEFORE = re.compile(r"(?:\b\d+(?:\.\d+)?\s*(?:miles?|mi|km|k|kilomet(?:re|er)s?)|\b(?:half[\s-]?)?marathon)\s*(?:[,:—–-]|\bin\b)?\s*$",
                              re.I)
"""A distance said right before a time ("12 miles, 1:58", "half marathon in 1:52"): with one digit
before the colon, hours and minutes — minutes and seconds would be a sprint no one runs over a distance."""


_NOT_A_DURATION_AFTER = re.compile(r"\s*(?:/|per\b|pace\b|a\s+(?:mile|km|k)\b|start\b|this\b|in\s+the\b|am\b|pm\b|o'?clock\b)", re.I)


def _hours_minutes(text: str, m: re.Match[str]) -> bool:
    """Whether "1:58" after "12 miles," is an hour and 58 minutes: a pace of a person's speed over
    that distance (1.5 to 20 minutes a kilometre, on foot or on a bike), and no pace, clock or start said."""
    if len(m["m"]) != 1 or m["m"] == "0" or _NOT_A_DURATION_AFTER.match(text, m.end()):
        return False
    before = _DISTANCE_BEFORE.search(text[max(0, m.start() - 30):m.start()])
    if before is None:
        return False
    number = re.search(r"\d+(?:\.\d+)?", before.group(0))
    words = before.group(0).lower()
    km = Decimal("42.2") if "marathon" in words and "half" not in words else Decimal("21.1") if "marathon" in words \
        else Decimal(number.group(0)) * (Decimal("1.609") if re.search(r"\bmi", words) else 1) if number else None
    if not km:
        return False
    pace = Decimal(int(m["m"]) * 60 + int(m["s"])) / km
    return Decimal("1.5") <= pace <= 20


def _race_time(text: str, m: re.Match[str]) -> bool:
    if m["f"]:
        return True  # "8:41.3": tenths of a second, never a clock
    before = text[max(0, m.start() - 30):m.start()]
    if _CLOCK_BEFORE.search(before):
        return False
    if m["m"].startswith("0") and len(m["m"]) == 2:
        return False  # "07:15": a clock's hour
    return int(m["m"]) >= 24 or bool(_TIMED_BEFORE.search(before))


_PLACE = re.compile(r"(?<![\w.,/:$€£¥₹-])(?P<num>\d{1,5})(?:st|nd|rd|th)\b(?=\s*(?:$|[,.;:!?)—–-]|(?:out|place|overall|position|"
                    r"in|and|with|but|at|which|so|again|today|yesterday|this|last|i|he|she|they|we|for|from|behind|ahead)\b))", re.I)
_DAY_BEFORE = re.compile(r"\b(?:the|on|from|until|till|by|since|before|after|of|and|to|or|"
                         r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?|(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*)\s+$|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b[^()\d]{0,20}\(\s*$",
                         re.I)
"""A place in an order ("finished 212th", "came 60th"): a number, where no day of a month is said
(nor one put aside in brackets after its weekday: "Thursday club night (15th)")."""

_PLACE_WORD = re.compile(r"\b(?:(?:came|come|comes|coming|finish(?:ed|es|ing)?|placed|end(?:ed|ing)?\s+up|got)\s+(?:in\s+)?"
                         r"(?:(?:joint|equal)\s+)?|(?:were|was|are|is)\s+(?:joint|equal)\s+)(?:overall\s+)?(?P<word>first|second|"
                         r"third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)\b"
                         r"(?![\s-]*(?!(?:place|position|spot|overall|out|of|in|at|on|and|with|for|but|again|behind|ahead|after|"
                         r"by|today|yesterday|last|this|then|so|which|though|too)\b)[a-z])", re.I)
"""A place said in words ("came third", "finished SECOND", "were joint first"): a place in an order."""
_PAIR = re.compile(r"(?<![\d/.])(?P<a>\d{2,3})\s*(?:/|\s+over\s+)\s*(?P<b>\d{2,3})(?![\d/]|[.,]\d)", re.I)
_RATING = re.compile(rf"(?<![\d/.])(?P<n>{_DIGITS}|{_WORD_NUM})\s*(?:/|\s+out\s+of\s+)\s*(?P<of>5|10|100)(?![\d/]|[.,]\d)", re.I)
_MARK = re.compile(rf"(?<![\d/.])(?P<n>{_NUM})\s*(?:(?P<slash>/)|\s+out\s+of\s+(?:the\s+|a\s+possible\s+)?)\s*(?P<of>{_NUM})(?![\d/\w]|[.,]\d)", re.I)
"""A mark out of any total ("12 out of 25", "fifteen out of twenty-five", "112/150"); a slash only
where no day and month could be meant ("19/25", not "12/25")."""
_STARS = re.compile(rf"\b(?P<n>{_DIGITS}|{_WORD_NUM})(?P<half>\s+and\s+a\s+half)?\s+stars?\b", re.I)
_ORDINAL = re.compile(r"^(?:st|nd|rd|th)\b", re.I)
_YEAR = re.compile(r"^(?:19|20)\d\d$")


@cache
def _unit_re() -> re.Pattern[str]:
    return re.compile(
        rf"(?<![\w.,])(?<![A-Za-z]-)(?P<num>{_NUM})(?P<k>k(?=\s*(?:steps|words|points)\b))?\s?-?\s?(?P<unit>{_alias_pattern()})(?![\w°/])",
        re.I,
    )


@cache
def _unit_fraction_re() -> re.Pattern[str]:
    """"three quarters of an hour", "half a mile", "an inch and a quarter", "a mile and a half"."""
    frac = r"(?P<frac>three\s+quarters?|a\s+quarter|quarter|a\s+half|half|a\s+third)"
    one = r"(?:an?|one)"
    return re.compile(
        rf"\b(?:{frac}\s+(?:of\s+)?{one}\s+(?P<unit>{_alias_pattern()})|{one}\s+(?P<unit2>{_alias_pattern()})\s+and\s+"
        rf"(?P<frac2>three\s+quarters?|a\s+quarter|a\s+half|a\s+third))(?![\w°/])",
        re.I,
    )


# "an hour and ten minutes", "a whole hour and ten", "two hours and twenty": minutes unsaid only where the phrase ends
_TWO_UNITS = re.compile(
    rf"(?<![\w.,])(?P<big>{_NUM})\s*(?P<bu>stones?|st|feet|foot|ft)\b\.?\s*(?:and\s+)?(?P<small>\d{{1,2}}(?:\.\d+)?|\b{_UP_TO_99})"
    rf"(?P<half>½)?(?:\s*(?P<su>lbs?|pounds?|in|inch(?:es)?)\b)?(?:\s+and\s+(?P<frac>{_AND_FRACTION_RE}))?(?![\w½]|[.,]\d|\s*(?:kg|cm|m)\b|\s+(?:days?|weeks?|months?|years?|hours?|mins?|minutes?|ago|times)\b)",
    re.I)
"""A weight in stones and pounds ("15 stone 2", "14 stone 11 and a half", "13st 12lb") or a height in feet and inches
("5 foot 7"): one value, in pounds or inches."""
_H_AND_MIN = re.compile(rf"(?<!half\s)\b(?P<h>{_NUM}|an?)\s+(?:(?:whole|good|full|solid)\s+)?(?:hours?|hrs?)\s+(?:and\s+)?(?P<m>{_NUM})"
                        rf"(?:\s+(?:minutes?|mins?)\b|(?=\s*(?:$|[,.;:!?)—–]|\s-\s))|(?=(?P<prep>\s+(?:with|at|on|in|for|then|today|yesterday|this|last)\b)))", re.I)


# a stretch of the clock: "six till half eleven", "3.30 to 6", "from 5 until just gone 11", "2-4pm"
_HOURS = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_CLOCK = (rf"(?:(?P<{{0}}q>half|quarter)\s+(?P<{{0}}dir>past|to)\s+(?P<{{0}}qh>\d{{{{1,2}}}}|{_HOURS})"
          rf"|half\s+(?P<{{0}}hh>\d{{{{1,2}}}}|{_HOURS})"
          rf"|(?P<{{0}}h>\d{{{{1,2}}}}|{_HOURS})(?:[:.](?P<{{0}}mi>[0-5]\d))?)(?:\s*(?P<{{0}}ap>[ap])(?:m\b|\.m\.))?")
_CLOCK_SPAN = re.compile(
    rf"(?<![\w.,:£$€-])(?P<from>from\s+)?{_CLOCK.format('a')}\s*(?P<to>till|until|['’]?til|to|-|–)\s*"
    rf"(?:(?:just\s+)?gone\s+|about\s+|around\s+|roughly\s+)?{_CLOCK.format('b')}(?![\w:]|[.,]\d)", re.I)


def _clock_hours(m: re.Match[str], side: str) -> Decimal | None:
    """The hour of day (1-24, minutes as a fraction) one end of a clock stretch says."""
    def hour(raw: str) -> int:
        return _WORD_NUMBERS[raw.lower()] if raw.lower() in _WORD_NUMBERS else int(raw)

    if m[f"{side}q"]:
        h = hour(m[f"{side}qh"])
        minutes = 30 if m[f"{side}q"].lower() == "half" else 15
        value = Decimal(h) + Decimal(minutes) / 60 if m[f"{side}dir"].lower() == "past" else Decimal(h) - Decimal(minutes) / 60
    elif m[f"{side}hh"]:
        value = Decimal(hour(m[f"{side}hh"])) + Decimal("0.5")  # "half eleven" is half past eleven
    else:
        value = Decimal(hour(m[f"{side}h"])) + Decimal(int(m[f"{side}mi"] or 0)) / 60
    if value > 24:
        return None
    if m[f"{side}ap"]:
        value = value % 12 + (12 if m[f"{side}ap"].lower() == "p" else 0)
    return value


_MONEY_WORDS = frozenset({"quid", "pounds", "bucks", "dollars", "euros", "pence", "cents", "grand"})
_NOT_CLOCK_AFTER = re.compile(r"\s*(?:out\s+of\b|an?\s+(?:day|week|month|year|night|time|go)\b|per\b|each\b|%|"
                              r"(?P<word>[A-Za-z]+))", re.I)


def _clock_span(text: str, m: re.Match[str]) -> Decimal | None:
    """Hours between the two ends of a clock stretch, when it is one: joined by "till"/"until", or
    by "to"/"-" with "from" before it or a clock form at an end ("3.30", "half", "pm") — not a score
    ("won 3 to 1") nor a range of a unit ("5 to 6 km")."""
    clockish = any(m[g] for g in ("ami", "bmi", "aq", "bq", "ahh", "bhh", "aap", "bap"))
    if m["to"].lower() in ("to", "-", "–") and not clockish:
        return None  # "pain went from 8 to 4", "won 3 to 1"
    after = _NOT_CLOCK_AFTER.match(text, m.end())
    word = (after["word"] or "").lower() if after else ""
    if after and (not after["word"] or word in units() or word in _MONEY_WORDS
                  or word.endswith("s") and word not in _NOT_COUNTED - {"years", "months", "weeks", "days", "pounds"}):
        return None  # "4 to 8 reps", "3 to 5 km", "from 20 till 10 a day", "aged 4 till 7 years"
    a, b = _clock_hours(m, "a"), _clock_hours(m, "b")
    if a is None or b is None:
        return None
    if m["bap"] and not m["aap"] and a < 12 and b >= 12 and b - 12 > a:
        a += 12  # "2-4pm": both in the afternoon
    if m["aap"] and not m["bap"] and b <= 12 and b <= a < b + 12:
        b += 12  # "from 11am till 1": the next one o'clock after eleven
    hours = b - a
    if hours <= 0:
        hours += 12 if not (m["aap"] or m["bap"]) and a <= 12 and b <= 12 else 24  # "10 till 2", "22:00 to 06:30"
    return _tidy(hours) if 0 < hours <= 16 else None


# "twelve an hour", "£13 an hour", "10 quid an hour": a rate, not an hour spent
_RATE_BEFORE = re.compile(rf"(?:\d|\b(?:{_WORD_NUM}|pounds?|quid|bucks|dollars?|euros?|pence|cents?|p))\s+$", re.I)


def _per(text: str, start: int) -> bool:
    """"an hour" after a number or an amount: per hour."""
    return re.match(r"an?\b", text[start:start + 3], re.I) is not None and _RATE_BEFORE.search(text[max(0, start - 24):start]) is not None


# a result: "won 4-2", "lost 3-1 to Ackworth", "beat them 5–0", "final score 21-18"
_SCORE = re.compile(r"\b(?P<said>won|lost|drew|beat(?:\s+\w+){0,2}|score|scored|final|result|finished|ended)\s+(?:it\s+|them\s+|us\s+)?"
                    r"(?P<a>\d{1,3})\s*[-–]\s*(?P<b>\d{1,3})(?![\w/:-]|[.,]\d)", re.I)


def _fraction(words: str) -> Decimal:
    words = re.sub(r"\s+", " ", words.lower()).removeprefix("a ")
    return {"half": Decimal("0.5"), "quarter": Decimal("0.25"), "third": Decimal(1) / 3}.get(words, Decimal("0.75"))


@cache
def _fraction_re() -> re.Pattern[str]:
    return re.compile(
        rf"(?<![\w.,])(?P<num>{_NUM})\s+and\s+(?P<frac>{_AND_FRACTION_RE})\s+(?:of\s+an?\s+)?(?P<unit>{_alias_pattern()})(?![\w°/])",
        re.I,
    )


def _ordinal_day(text: str, m: re.Match[str], unit: Unit) -> bool:
    """"on the 1st", "the 21st": a day of the month, not stones."""
    if unit.name != "st" or m["unit"].lower() != "st" or m["num"].lower() != m["num"] or " " in m.group(0):
        return False
    num = m["num"]
    ordinal = num.isdigit() and num.endswith("1") and not num.endswith("11")
    return ordinal or re.search(r"\b(?:the|on|of)\s+$", text[max(0, m.start() - 5):m.start()], re.I) is not None


# "6 jars", "three rounds", "Eight candles": a number counting a plural noun no unit names — a count of that noun
_COUNTED = re.compile(rf"(?<![\w.,/:$€£¥₹-])(?P<num>(?i:\d{{1,5}}|{_COMPOUND}|(?:{_WORD_NUM})(?:[\s-](?:{_ONES}))?))\s+(?P<noun>(?:[a-z]+-)*[a-z]+(?:ies|[^s\W]s))\b")
_NOT_COUNTED = frozenset({
    "years", "months", "weeks", "days", "hours", "minutes", "seconds", "mins", "secs", "hrs", "pounds", "quid", "bucks",
    "dollars", "euros", "pence", "cents", "grand", "ones", "others", "ago", "yrs", "times", "percent",
    # words ending in s that count nothing: verbs, pronouns, adverbs, uncountable nouns
    "was", "is", "has", "does", "goes", "this", "thus", "plus", "minus", "bonus", "yes", "as", "us", "its", "his", "hers",
    "ours", "yours", "theirs", "less", "unless", "across", "always", "perhaps", "towards", "afterwards", "besides",
    "sometimes", "anyways", "whereas", "news", "series", "species", "gas", "bus", "chaos", "status", "focus", "lens",
    "physics", "maths", "diabetes", "overseas", "nevertheless", "sorts", "kinds", "lots", "loads", "tons", "bits",
    "seems", "looks", "feels", "says", "makes", "takes", "gets", "gives", "means", "needs", "wants", "keeps", "comes",
})

# "one flat white", "a single can of red bull": one of a thing, which a record of it may count; not "one of",
# "this one", "one day", "no one", "one more"
_ONE = re.compile(r"(?<![\w'’-])(?<!not\s)(?<!this\s)(?<!that\s)(?<!the\s)(?<!which\s)(?<!every\s)(?<!each\s)(?<!another\s)"
                  r"(?<!no\s)(?<!any\s)(?<!some\s)(?<!last\s)(?<!next\s)(?<!first\s)(?<!good\s)(?<!big\s)"
                  r"(?P<num>one|a\s+single)\s+(?!(?:hundred|thousand|million|ten|eleven|twelve|\w+teen|twenty|thirty|forty|fifty|sixty|"
                  r"seventy|eighty|ninety|nil|n|arm|armed|leg|legged|hell|handed|off|of|more|another|other|day|days|time|thing|way|point|bit|or|and|too|so|"
                  r"is|was|i|you|he|she|it|we|they|the|a|an|to|in|on|at|for|by|with|person|hand|side|week|month|year|morning|"
                  r"night|evening|afternoon|left|go|then|now|yet|though|but|that|this|which|who|sec|second|today|yesterday|tonight|"
                  r"tomorrow|last|next|done|down|up|off|out|here|there|again|already|just|only|still|ever|if|as|than)\b)"
                  r"(?=[a-z])", re.I)
# a count said without a number: "scored twice", "no tries", "a hat-trick", and
# "an assist" beside a count
_TWICE = re.compile(r"(?<![\w-])(?P<num>twice|thrice)(?![\w-])"
                    r"(?!\s+(?:as|the|a|an|over|more|that|than|weekly|daily|monthly|yearly|per|every|each)\b)", re.I)
_ONE_NOUN = re.compile(r"(?P<noun>[a-z]+(?:-[a-z]+)?)(?=\s*(?:[,;:!?)—–]|\.(?!\w)|$|\s(?:and|but|so|then|too|each|today|yesterday|tonight)\b))",
                       re.I)
"""The one noun a "one" counts where the phrase ends there: "one pouch, ten minutes", "one filling and a clean"."""
_ONCE = re.compile(r"(?<=[a-z] )(?<!\bat )(?<!\bfor )(?<!\bthan )(?<!\band )(?<!\bbut )(?<!\bthen )(?<!\bso )(?<!\bI )(?<!\bwe )(?<!\bhe )(?<!\bshe )"
                   r"(?<!\bthey )(?<!\byou )(?<!\bnot )(?<!\bhad )(?<!\bhave )(?<!\bwas )once(?![\w-])"
                   r"(?=\s*(?:[,;:!?)—–]|\.(?!\w)|$)|\s+(?:that|this|last|yesterday|today|tonight|before|after|during|over|"
                   r"in\s+the\s+(?:morning|afternoon|evening)|on\s+\w+day)\b)", re.I)
"""A count of one without a number, said after its verb where the phrase ends ("went round once that
evening", "just once,"): not "once a week", "Once home, I…", "I once ran", "and once there"."""
_DENIED = re.compile(r"n['’]t\b|\b(?:not|never|didnt|dont|doesnt|wasnt|havent|hasnt)\b", re.I)
_NONE_OF = re.compile(r"(?<![\w'’-])(?P<num>no|zero|nil)\s+(?P<noun>(?:[a-z]+-)*[a-z]+(?:ies|[^s\W]s))\b", re.I)
_NO_IDIOMS = frozenset({"worries", "problems", "probs", "ideas", "plans", "thanks", "regrets", "complaints", "questions",
                        "doubts", "excuses", "words", "feelings", "strings", "comments", "issues", "signs", "options",
                        "guarantees", "promises", "rules", "secrets", "surprises", "hopes", "chances", "matters",
                        "prisoners", "bones", "circumstances", "frills", "ifs", "takers", "biggies", "limits", "refunds"})
"""English idioms "no <plural>" that count nothing ("no worries", "no excuses", "no strings"); any other "no
<plural>" is offered as a count of nought ("no fillings", "zero tries"), cited only if the model reads it so."""
_HAT_TRICK = re.compile(r"\b(?:an?|his|her|their|my|our|another|the)\s+(?P<noun>hat[\s-]?trick)\b", re.I)
_AND_ONE = re.compile(r"\s*(?:,\s*)?(?:and|plus|&)\s+(?P<num>an?|one)\s+(?P<noun>[a-z]+(?:-[a-z]+)?)"
                      r"(?=\s*(?:$|[,.;:!?)—–]|\s(?:and|but|so|too|as\s+well|for|in|on|at|against|today|yesterday|tonight|this|last)\b))",
                      re.I)
_ONE_AND = re.compile(r"(?<![\w'’-])(?P<num>an?|one)\s+(?P<noun>[a-z]+(?:-[a-z]+)?)\s*(?:,\s*)?(?:and|plus|&)\s+", re.I)
_NOT_A_THING = frozenset({"few", "bit", "lot", "couple", "little", "half", "great", "good", "bad", "nice", "big", "small",
                          "new", "bunch", "load", "ton", "number", "while", "day", "week", "time", "way", "most", "kind"})
"""Words after "a" that are no thing counted once ("and a few misses", "and a bit", "and a great save")."""
_RESULT_BEFORE = re.compile(r"\b(?:draw|drew|drawn|won(?!['’])|win|lost|loss|beat|beaten|result|score|scored)\b[^.;!?]{0,30}$", re.I)
_RESULTS = r"win|loss|defeat|draw|victory|thrashing"
_RESULT_WORD = re.compile(rf"\s+(?:{_RESULTS})\b", re.I)
"""A result said after its score: "a 4-0 win"."""
_RESULT_AFTER = re.compile(rf"\s*(?:[,.;!]|$)|\s+(?:{_RESULTS}|to\s+(?:us|them|me))\b", re.I)
_RESULT_PAIR = re.compile(r"(?<![\w./:-])(?P<a>\d{1,2})\s*[-–]\s*(?P<b>\d{1,2})(?![\w/:.-])")
_PAST_VERB = (r"(?:[a-z]+ed|got|made|took|won|hit|caught|kept|ran|swam|did|had|ate|drank|rode|wrote|sold|bought|threw|saw|drove|"
              r"flew|gave|sang|spent|brought|found|sent|laid|shot|fed|grew|read|sat|set\s+up|put\s+away)")
"""Past tenses a count may follow with its noun left out ("ate seven", "sold three"): the regular ones and the common irregular."""
_VERB_NUMBER = re.compile(rf"\b{_PAST_VERB}\s+(?P<num>{_WORD_NUM})\b(?!\s+(?:of|more|other|another|or\s+two)\b)"
                          r"(?=\s*(?:$|[,.;:!?)—–]|\s(?:and|but|so|then|too|in|for|with|while|which|at|on|to)\b))", re.I)


_TWO_TO_99 = rf"(?:{'|'.join(TENS)})(?:[\s-](?:{_ONES}))?|(?!one\b)(?:{'|'.join(sorted(UNITS, key=len, reverse=True))})"
"""A number from two to ninety-nine in words ("one" is as often no number at all)."""
_A_NUMBER = re.compile(rf"(?<![\w'’-])an?\s+(?P<num>{_TWO_TO_99})"
                       r"(?![\w-])(?=\s*(?:$|[,.;:!?)—–]|\s(?:and|but|so|then|that|this|today|yesterday|tonight|again|too|though)\b))", re.I)
"""A number said as a noun where the phrase ends: "the pain was an eight", "rated it a four"."""
_COUNTED_AFTER_WORD = re.compile(rf"(?<![\w.,/:$€£¥₹-])(?P<num>(?i:\d{{1,5}}|{_COMPOUND}|(?:{_WORD_NUM})(?:[\s-](?:{_ONES}))?))"
                                 r"\s+(?P<word>[a-z]+)\s+(?P<noun>(?:[a-z]+-)*[a-z]+(?:ies|[^s\W]s))\b")
_ALL_OF = re.compile(rf"(?<![\w'’-])(?:(?P<both>both)|all\s+(?P<num>(?i:\d{{1,3}}|(?:{_WORD_NUM})(?:[\s-](?:{_ONES}))?)))\s+(?:of\s+)?"
                     r"(?:(?:his|her|their|my|our|the|its|your)\s+)?(?P<noun>(?:[a-z]+-)*[a-z]+(?:ies|[^s\W]s))\b", re.I)
"""Every one of a number of things: "won both his games", "all four of her matches"."""
_SPELLED_ALONE = re.compile(
    rf"(?<![\w'’-])(?<!\bthe\s)(?<!\bthose\s)(?<!\bthese\s)(?<!\bother\s)(?<!\bwe\s)(?<!\byou\s)(?<!\bus\s)(?<!\bthem\s)"
    r"(?<!\ball\s)(?<!\bof\s)(?<!\bat\s)(?<!\bby\s)(?<!\btill\s)(?<!\buntil\s)(?<!\bpast\s)(?<!\bto\s)(?<!\bnumber\s)"
    r"(?<!\bno\.\s)(?<!\bfor\s)(?<!\bon\s)(?<!\baround\s)(?<!\bsince\s)(?<!\bafter\s)(?<!\bbefore\s)(?<!\bfrom\s)"
    r"(?<!\byear\s)(?<!\bchannel\s)(?<!\bpage\s)(?<!\broom\s)(?<!\bplatform\s)(?<!\bgate\s)(?<!\bbus\s)(?<!\blevel\s)"
    r"(?<!\bgrade\s)(?<!\bsize\s)(?<!\bchapter\s)(?<!\bepisode\s)(?<!\bseason\s)(?<!\bseries\s)(?<!\bweek\s)"
    rf"(?P<num>{_TWO_TO_99})(?![\w'’-])"
    rf"(?:\s+and\s+(?P<frac>{_AND_FRACTION_RE}))?"
    r"(?=\s*(?:$|[,.;:!?)—–'\"]|\s(?:in|on|at|and|but|so|then|again|today|yesterday|tonight|this|that|last|or|from|with|before|"
    r"after|when|which|since|too|though|each|apiece|altogether|all\s+told|in\s+total|total|i|we|he|she|they|it|were|was|laid|"
    r"done|logged|counted|collected)\b))", re.I)
"""A number said in words with no noun after it, where a value stands ("Today was three.", "there were
four in the box", "Good Friday was our record — six!"); not "the two of us", "those two", "at nine"."""
_NOT_DESCRIBING = frozenset({"more", "less", "fewer", "other", "of", "or", "and", "to", "in", "at", "on", "for", "by", "from", "than",
                             "times", "the", "a", "an", "my", "his", "her", "their", "our", "your", "its", "each", "per", "out",
                             "extra", "further", "additional", "separate", "different", "previous", "next", "last", "first",
                             "most", "some", "these", "those", "both", "all", "many", "few", "several", "such", "every"})
"""Words between a number and a noun that make it no count of that noun: "two more sets", "three of the jars"."""


def _count_ends_at(found: list[tuple[int, int, Decimal, str, str, str]], at: int) -> bool:
    """"four goals and an assist": a count of another noun ends where the one counted once begins."""
    return any(f[3] and f[3] == f[4] and f[1] == at for f in found)


_HUNDREDS = re.compile(rf"(?<![\w-])(?P<num>{_COMPOUND})(?![\w-])", re.I)
_BY = re.compile(r"(?<![\w.,/:$€£¥₹-])(?P<a>\d+(?:\.\d+)?)\s*[x×]\s*(?P<b>\d+(?:\.\d+)?)(?![\w/:%°]|[.,]\d)")
_BARE = re.compile(rf"(?:(?<=^[-−])|(?<=[\s(][-−])|(?<![\w.,/:$€£¥₹−-]))(?P<num>{_DIGITS})(?![\w/:%°]|[.,]\d)")


_VAGUE = frozenset({"one", "a few", "a couple", "a couple of"})
"""Spelled numbers that are as often plain words ("no one", "a few things") as numbers."""
_BARE_OR_SPELLED = re.compile(rf"(?<![\w.,:£$€-])(?P<num>{_NUM})(?:\s+and\s+(?P<frac>{_AND_FRACTION_RE}))?(?![\w-]|[:.]\d)", re.I)


def bare_numbers(text: str, taken: Sequence[tuple[int, int]] = ()) -> list[tuple[int, int, Decimal]]:
    """Every number said bare, in digits or words, with a fraction said after it ("five and a half",
    "7 and a quarter"): the old value a correction takes back often has no unit of its own ("five
    hours, not five and a half"). Words as often not a number ("one", "a few") are left out, and so is
    any number inside the ``taken`` spans (a date, a clock time: "not 12 March", "not 7:30")."""
    out = []
    for m in _BARE_OR_SPELLED.finditer(text):
        raw = m["num"].lower()
        if raw in _VAGUE or any(m.start() < e and s < m.end() for s, e in taken):
            continue
        value = _number(raw)
        if value is not None:
            out.append((m.start(), m.end(), value + (_AND_FRACTION[m["frac"].lower()] if m["frac"] else 0)))
    return out


def spelled_numbers(text: str, taken: Sequence[tuple[int, int]] = ()) -> list[tuple[int, int, Decimal]]:
    """Bare numbers written as words ("ten a week max", "two coffees a day"), outside the taken
    spans: a limit people say in words. Not found by :func:`find_quantities`, which keeps a bare
    number to digits because a record's words are full of "one" and "two" that count nothing."""
    return [(a, b, value) for a, b, value in bare_numbers(text, taken) if not text[a].isdigit()]


def find_quantities(text: str, taken: list[tuple[int, int]] = (), *, counts: bool = True) -> list[Quantity]:  # type: ignore[assignment]
    """Every quantity in ``text`` outside the ``taken`` spans, numbered Q1, Q2... in text order.
    ``counts``: a number counting a plural noun is a count of it ("6 jars"); else a bare number."""
    spans = list(taken)
    found: list[tuple[int, int, Decimal, str, str, str]] = []

    def free(a: int, b: int) -> bool:
        return not any(a < e and s < b for s, e in spans)

    def add(a: int, b: int, value: Decimal | None, unit: str, dim: str, note: str = "") -> None:
        if value is None or not free(a, b):
            return
        spans.append((a, b))
        found.append((a, b, value, unit, dim, note))

    for m in _CLOCK_SPAN.finditer(text):
        add(m.start(), m.end(), _clock_span(text, m), "h", "duration", FROM_A_SPAN)
    for m in _HMS.finditer(text):
        minutes = Decimal(int(m["h"]) * 60 + int(m["m"])) + Decimal(int(m["s"])) / 60
        add(m.start(), m.end(), minutes.quantize(Decimal("0.01")), "min", "duration")
    for m in _MS.finditer(text):
        if _hours_minutes(text, m):
            add(m.start(), m.end(), Decimal(int(m["m"]) * 60 + int(m["s"])), "min", "duration", "hours:minutes")
        elif _race_time(text, m):
            seconds = Decimal(int(m["s"])) + (Decimal(m["f"]) if m["f"] else 0)
            minutes = Decimal(int(m["m"])) + seconds / 60  # tenths of a second kept: "8:41.3" is not "8:41"
            add(m.start(), m.end(), (minutes.quantize(Decimal("0.001")) if m["f"] else _tidy(minutes).quantize(Decimal("0.01"))).normalize(),
                "min", "duration", "minutes:seconds")
    for m in _MIN_SEC.finditer(text):
        seconds = int(m["s"] or m["ss"])
        if seconds < 60:
            add(m.start(), m.end(), _tidy(Decimal(int(m["m"])) + Decimal(seconds) / 60), "min", "duration")
    for m in _H_MIN.finditer(text):
        add(m.start(), m.end(), Decimal(int(m["h"]) * 60 + int(m["m"])), "min", "duration")
    for m in _HOURS_AND_HALF.finditer(text):
        n = _number(m["n"])
        add(m.start(), m.end(), None if n is None else n + Decimal("0.5"), "h", "duration")
    for m in _TWO_UNITS.finditer(text):
        big, small = _number(m["big"]), _number(m["small"])
        stones = m["bu"].lower().startswith("st")
        if big is None or small is None or small >= (14 if stones else 12) or (m["su"] and stones != m["su"].lower().startswith(("lb", "p"))):
            continue  # "3 stone 20": no pounds past a stone; "5 ft 7 lb": two measures
        extra = (Decimal("0.5") if m["half"] else 0) + (_AND_FRACTION[m["frac"].lower()] if m["frac"] else 0)
        add(m.start(), m.end(), big * (14 if stones else 12) + small + extra, "lb" if stones else "in", "mass" if stones else "distance")
    for m in _H_AND_MIN.finditer(text):
        h = Decimal(1) if m["h"].lower() in ("a", "an") else _number(m["h"])
        mins = _number(m["m"])
        if h is not None and mins is not None and mins < 60 and not (m["prep"] and mins < 10):
            add(m.start(), m.end(), h * 60 + mins, "min", "duration")  # "an hour forty-five with Dave", not "2 hours and 3 on Sunday"
    table = units()
    for m in _unit_fraction_re().finditer(text):
        unit = table[(m["unit"] or m["unit2"]).lower()]
        frac = _fraction(m["frac"] or m["frac2"])
        value = frac if m["frac"] else 1 + frac
        if unit.name == "h":
            value, unit = value * 60, table["min"]  # as the other spoken durations: minutes
        add(m.start(), m.end(), _tidy(value), unit.name, unit.dimension)
    for pattern, minutes in _DURATION_PHRASES:
        for m in pattern.finditer(text):
            if not _per(text, m.start()):
                add(m.start(), m.end(), minutes, "min", "duration")
    for m in _RATING.finditer(text):
        n = _number(m["n"])
        if n is not None and n <= Decimal(m["of"]):
            add(m.start(), m.end(), n, f"/{m['of']}", "rating")
    for m in _MARK.finditer(text):
        n, of = _number(m["n"]), _number(m["of"])
        if n is None or of is None or not (0 <= n <= of <= 1000) or of != of.to_integral_value() or of < 2:
            continue
        if m["slash"] and (not (of > 31 or (n > 12 and of > 12)) or of - n in (0, 1)):
            continue  # "3/4", "12/25": a day and a month; "50/50", "the 23/24 season": no mark
        if re.search(r"\bout\s+of\s+(?:the|a\s+possible)\s", m.group(0), re.I) and re.match(r"\s+(?!(?:and|but|so|or)\b)[a-z]", text[m.end():], re.I):
            continue  # "3 out of the 5 boxes", "2 out of the 3 kids": a share of things, no mark
        add(m.start(), m.end(), n, f"/{int(of)}", "rating")
    for m in _STARS.finditer(text):
        n = _number(m["n"])
        add(m.start(), m.end(), None if n is None else n + (Decimal("0.5") if m["half"] else 0), "/5", "rating")
    for m in _SCORE.finditer(text):
        if free(m.start("a"), m.end("b")):
            _add_score(text, m, found, spans)
    for m in _PAIR.finditer(text):
        a, b = int(m["a"]), int(m["b"])
        if 70 <= a <= 250 and 35 <= b <= 150 and a > b and free(m.start(), m.end()):
            spans.append((m.start(), m.end()))
            found.append((m.start("a"), m.end("a"), Decimal(a), "mmHg", "pressure", f"first of {m.group(0).strip()}"))
            found.append((m.start("b"), m.end("b"), Decimal(b), "mmHg", "pressure", f"second of {m.group(0).strip()}"))
    for m in _fraction_re().finditer(text):
        n = _number(m["num"])
        if n is not None:
            unit = table[m["unit"].lower()]
            value = _tidy(n + _AND_FRACTION[re.sub(r"\s+", " ", m["frac"].lower())])
            add(m.start(), m.end(), value, unit.name, unit.dimension)
    for m in _unit_re().finditer(text):
        unit = table[m["unit"].lower()]
        value = _number(m["num"])
        if value is None or _ordinal_day(text, m, unit) or not m["num"][-1].isdigit() and m.end("num") == m.start("unit"):
            continue  # "ones", "tens": a word, not a spelled number glued to a unit
        if m["unit"].lower() == "x" and _BY.match(text, m.start()):
            continue  # "105 x 5", "3x10": a weight by its reps, sets by reps — two numbers, not 105 times
        if m["k"]:
            value *= 1000
        add(m.start(), m.end(), value, unit.name, unit.dimension)
    for m in _COUNTED.finditer(text) if counts else ():
        noun = m["noun"]
        if noun in _NOT_COUNTED or m["num"].lower() in _VAGUE or noun.lower() in table or _YEAR.match(m["num"]):
            continue
        add(m.start(), m.end(), _number(m["num"]), noun, noun)
    for m in _ALL_OF.finditer(text) if counts else ():
        noun, unit = m["noun"], table.get(m["noun"].lower())
        if unit is None and noun.lower() in _NOT_COUNTED or (m["num"] or "").lower() in _VAGUE:
            continue
        add(m.start(), m.end(), Decimal(2) if m["both"] else _number(m["num"]), *((unit.name, unit.dimension) if unit else (noun, noun)))
    for m in _COUNTED_AFTER_WORD.finditer(text) if counts else ():  # "four full sets", "3 big bags"
        if re.search(r"\b(?:at|by|around|since|before|after|till|until|from|to)\s+$", text[max(0, m.start() - 8):m.start()], re.I):
            continue  # "bed at 11 most nights": a clock time
        noun, unit = m["noun"], table.get(m["noun"].lower())
        if (m["word"].lower() in _NOT_DESCRIBING or m["word"].lower() in table or m["num"].lower() in _VAGUE
                or _YEAR.match(m["num"]) or (unit is None and noun.lower() in _NOT_COUNTED)):
            continue
        add(m.start(), m.end(), _number(m["num"]), *((unit.name, unit.dimension) if unit else (noun, noun)))
    if counts:
        _said_counts(text, found, add, free, spans)
    for m in _A_NUMBER.finditer(text):
        add(m.start("num"), m.end("num"), _number(m["num"]), "", "")
    for m in _SPELLED_ALONE.finditer(text) if counts else ():
        before = re.findall(r"[a-z]+", text[max(0, m.start() - 16):m.start()].lower())[-2:]
        if before and (before[-1] in _WORD_NUMBERS or before[-1] in ("half", "quarter", "past") or {"hundred", "thousand", "hour", "hours"} & set(before)):
            continue  # "one thirty", "half eleven": a clock time; "two thousand and nineteen": a year; "an hour and ten"
        if not (m["num"][0].isupper() and m.start() > 0 and text[:m.start()].rstrip()[-1:] not in ".!?—–-:"):  # "Seven Sisters"
            value = _number(m["num"])
            add(m.start("num"), m.end(), None if value is None else value + (_AND_FRACTION[m["frac"].lower()] if m["frac"] else 0), "", "")
    for m in _BY.finditer(text):
        if free(m.start(), m.end()):  # "3x10", "105 × 5": two numbers said one by the other
            add(m.start("a"), m.end("a"), _number(m["a"]), "", "", f"first of {m.group(0)}")
            add(m.start("b"), m.end("b"), _number(m["b"]), "", "", f"second of {m.group(0)}")
    for m in _HUNDREDS.finditer(text):  # "one hundred and seventy": a number no one says in passing
        value = _number(m["num"])
        if value is not None and not (1900 <= value <= 2100 and "thousand" in m["num"].lower()):  # not "two thousand and nineteen"
            add(m.start(), m.end(), value, "", "")
    for m in _ONE.finditer(text) if counts else ():
        noun = _ONE_NOUN.match(text, m.end())
        if noun is not None and noun["noun"].lower() not in _NOT_COUNTED | _NOT_A_THING | {"each"} and noun["noun"].lower() not in table:
            add(m.start("num"), noun.end("noun"), Decimal(1), noun["noun"], noun["noun"])  # "one pouch, ten minutes"
        else:
            add(m.start("num"), m.end("num"), Decimal(1), "", "")
    for m in _PLACE.finditer(text):
        if int(m["num"]) > 31 or not _DAY_BEFORE.search(text[max(0, m.start() - 32):m.start()]):
            add(m.start(), m.end(), _number(m["num"]), "place", "place", "a place in an order")
    for m in _PLACE_WORD.finditer(text):
        add(m.start("word"), m.end("word"), Decimal(ORDINALS[m["word"].lower()]), "place", "place", "a place in an order")
    for m in _BARE.finditer(text):
        after = text[m.end():m.end() + 3]
        if _ORDINAL.match(after) or _YEAR.match(m["num"]):
            continue
        add(m.start(), m.end(), _number(m["num"]), "", "")
    found.sort(key=lambda f: f[0])
    found = [_signed(text, f) for f in found]
    return [
        Quantity(f"Q{i}", a, b, text[a:b], value, unit, dim, note)
        for i, (a, b, value, unit, dim, note) in enumerate(found, 1)
    ]


def _signed(text: str, f: tuple[int, int, Decimal, str, str, str]) -> tuple[int, int, Decimal, str, str, str]:
    """A minus sign written before a number, not joining two nor opening a list item ("-5°C", "rating -4"; not "3-4",
    "-3 coffees"), makes it negative."""
    a, b, value, unit, dim, note = f
    if a >= 1 and text[a - 1] in "-−" and text[a].isdigit() and (dim.startswith("temperature") or _SIGNED_AFTER.search(text[max(0, a - 30):a - 1])):
        return a - 1, b, -value, unit, dim, note
    return f


_SIGNED_AFTER = re.compile(r"(?:\b(?:was|were|is|at|to|of|by|rating|score|change|balance|hit|reached|now|down|net|total|"
                           r"handicap|points?)\s+|\()$", re.I)
"""What a negative number is said after ("rating -4", "down to −3", "(-2)"); a dash opening a list item ("-3 coffees")
is no sign."""


def _said_counts(text: str, found: list[tuple[int, int, Decimal, str, str, str]],
                 add: Callable[..., None], free: Callable[[int, int], bool], spans: list[tuple[int, int]]) -> None:
    """Counts a game or a tally is told in without a numeral: "twice", "no tries",
    "a hat-trick", "an assist" beside "four goals", "scored one", a result "5-5" said after "draw"."""
    for m in _TWICE.finditer(text):
        add(m.start(), m.end(), Decimal(2 if m["num"].lower() == "twice" else 3), "times", "times")
    for m in _ONCE.finditer(text):
        clause = re.split(r"[,.;:!?—–]", text[:m.start()])[-1]
        if not _DENIED.search(clause):  # "didn't wee once on the walk" counts none
            add(m.start(), m.end(), Decimal(1), "times", "times")
    for m in _HAT_TRICK.finditer(text):
        add(m.start("noun"), m.end("noun"), Decimal(3), m["noun"], m["noun"])
    for m in _VERB_NUMBER.finditer(text):
        if not m["num"].lower().startswith("a "):  # "had a few": no count
            add(m.start("num"), m.end("num"), _number(m["num"]), "", "")
    table = units()
    for m in _AND_ONE.finditer(text):
        noun = m["noun"].lower()
        if noun not in _NOT_COUNTED | _NOT_A_THING and noun not in table and _count_ends_at(found, m.start()):
            add(m.start("num"), m.end("noun"), Decimal(1), m["noun"], m["noun"])
    for m in _ONE_AND.finditer(text):
        rest = _COUNTED.match(text, m.end())
        noun = m["noun"].lower()
        if (rest is not None and rest["noun"].lower() not in _NOT_COUNTED and rest["num"].lower() not in _VAGUE
                and noun not in _NOT_COUNTED | _NOT_A_THING and noun not in table):
            add(m.start("num"), m.end("noun"), Decimal(1), m["noun"], m["noun"])
    for m in _NONE_OF.finditer(text):
        noun = m["noun"].lower()
        if noun not in _NOT_COUNTED | _NO_IDIOMS and noun not in table:
            add(m.start(), m.end(), Decimal(0), m["noun"], m["noun"])
    for m in _RESULT_PAIR.finditer(text):
        if free(m.start("a"), m.end("b")) and (_RESULT_BEFORE.search(text[max(0, m.start() - 40):m.start()])
                                              and _RESULT_AFTER.match(text, m.end())
                                              or _RESULT_WORD.match(text, m.end())):
            _add_score(text, m, found, spans)


def _add_score(text: str, m: re.Match[str], found: list[tuple[int, int, Decimal, str, str, str]], spans: list[tuple[int, int]]) -> None:
    """A result "4-2": two bare numbers, each noted as its side of the score."""
    spans.append((m.start("a"), m.end("b")))
    pair = text[m.start("a"):m.end("b")]
    found.append((m.start("a"), m.end("a"), Decimal(m["a"]), "", "", f"first of the score {pair}"))
    found.append((m.start("b"), m.end("b"), Decimal(m["b"]), "", "", f"second of the score {pair}"))
