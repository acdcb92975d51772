"""Typed candidates over the whole message: what the model may cite by id.

The detectors run sentence by sentence (each sentence decides its own tense, so "flew back on
the 3rd" and "leaving on the 3rd" resolve differently) and the results are numbered across the
message. A date range becomes two candidates, its start and its end, and a period counted from a
date ("60 days' notice before June 30") one more, its computed end, so the model never has to
split or count a value itself. Dates, times and amounts reach a record only through these ids.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, replace

from engine.extract.dates import NAMES_A_MONTH, DateValue, after_previous
from engine.extract.detect import Found, detect
from engine.extract.mentions import Mention
from engine.extract.segment import clauses
from engine.extract.windows import find_windows

_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


@dataclass(frozen=True)
class Candidate:
    """One citable value: ``id`` as the model sees it, the typed ``value`` code stores."""

    id: str
    kind: str  # date | time | money
    start: int
    end: int
    surface: str
    value: str  # ISO date, HH:MM, or a decimal string
    note: str = ""  # "start of a range", "end of a range"
    explicit_year: bool = True
    month_only: bool = False
    day_only: bool = False  # "the 22nd": the resolver may move it to fit an earlier record's month
    currency: str | None = None

    def line(self) -> str:
        extra = f" ({self.note})" if self.note else ""
        shown = self.value
        if self.kind == "date":
            shown += f" {_WEEKDAYS[dt.date.fromisoformat(self.value).weekday()]}"
        elif self.kind == "money" and self.currency:
            shown += f" {self.currency}"
        return f'{self.id} "{self.surface}"{extra} = {shown}'


@dataclass
class Candidates:
    """Every candidate of a message, plus the detectors' findings per sentence for later checks."""

    text: str
    items: list[Candidate]
    found: list[Found]

    def by_id(self) -> dict[str, Candidate]:
        return {c.id: c for c in self.items}

    def ids(self, kind: str) -> list[str]:
        return [c.id for c in self.items if c.kind == kind]

    def mentions(self, kind: str) -> list[Mention]:
        out: list[Mention] = []
        for f in self.found:
            out += [m for m in f.of(kind) if not any(m.start == o.start and m.end == o.end for o in out)]
        return out

    def block(self) -> str:
        lines = [c.line() for c in self.items]
        return "\n".join(lines) if lines else "(none)"


def find_candidates(text: str, today: dt.date, *, lean_past: bool = False) -> Candidates:
    """``lean_past``: a clause with no tense of its own speaks of the past (records of what happened)."""
    found = [detect(text, clause, today, lean_past=lean_past) for clause in clauses(text)]
    dates: list[Mention] = []
    times: list[Mention] = []
    money: list[Mention] = []
    for f in found:
        for bucket, kind in ((dates, "date"), (times, "time"), (money, "money")):
            bucket += [m for m in f.of(kind) if not any(m.start == o.start and m.end == o.end for o in bucket)]
    items: list[Candidate] = []
    n = 0
    previous: DateValue | None = None
    for m in sorted(dates, key=lambda m: m.start):
        value: DateValue = after_previous(m.value, previous)
        if m.attrs.get("pattern") in NAMES_A_MONTH or (previous is not None and value.day_only):
            previous = value  # see engine.extract.detect.sequenced
        if value.end is not None and value.end != value.start:
            n += 1
            items.append(Candidate(f"D{n}", "date", m.start, m.end, m.text.rstrip(".,;:!?"), value.start.isoformat(), "start of a range",
                                   explicit_year=value.explicit_year))
            n += 1
            items.append(Candidate(f"D{n}", "date", m.start, m.end, m.text.rstrip(".,;:!?"), value.end.isoformat(), "end of a range",
                                   explicit_year=value.explicit_year))
        else:
            n += 1
            items.append(Candidate(f"D{n}", "date", m.start, m.end, m.text.rstrip(".,;:!?"), value.start.isoformat(),
                                   "a month" if value.precision == "month" else "", explicit_year=value.explicit_year,
                                   month_only=value.precision == "month", day_only=value.day_only))
    anchors = [(c.start, c.end, dt.date.fromisoformat(c.value)) for c in items]
    anchor_ids = [c.id for c in items]
    replaced: set[str] = set()
    for w in find_windows(text, anchors):
        if w.replaces is not None:
            replaced.add(anchor_ids[w.replaces])
        n += 1
        sign = "before" if w.before else "after"
        items.append(Candidate(f"D{n}", "date", w.start, w.end, w.surface.strip(), w.value.isoformat(),
                               f"{w.n} {w.unit}(s) {sign} {anchor_ids[w.anchor]}"))
    for i, (start, end, surface, value, note) in enumerate(_time_values(text, times), 1):
        items.append(Candidate(f"T{i}", "time", start, end, surface, value, note))
    for i, m in enumerate(sorted(money, key=lambda m: m.start), 1):
        items.append(Candidate(f"M{i}", "money", m.start, m.end, m.text, _decimal(m.value),
                               currency=m.attrs.get("currency")))
    kept = [c for c in items if c.value and c.id not in replaced]
    return Candidates(text, _renumbered(kept), found)


def _renumbered(items: list[Candidate]) -> list[Candidate]:
    """Date ids without gaps (D1, D2, ...), notes that cite a date id following the new numbers."""
    new = {c.id: f"D{i}" for i, c in enumerate((c for c in items if c.kind == "date"), 1)}
    if all(k == v for k, v in new.items()):
        return items
    cite = re.compile(r"\bD\d+\b")
    return [replace(c, id=new.get(c.id, c.id), note=cite.sub(lambda m: new.get(m.group(0), m.group(0)), c.note)) for c in items]


# "2-4pm", "from 9:30 to 11am": the end of a clock range the time detector reads as its start
_RANGE_END = re.compile(r"(?:-|–|\bto\b|\btill\b|\buntil\b)\s*(?P<h>\d{1,2})(?::(?P<mi>\d\d))?\s*(?P<ap>[ap])\.?m\b", re.I)
# "starts at 2pm and usually runs until 4": a bare hour after until/till/to, read beside a clock time
_BARE_END = re.compile(r"\b(?:until|till|til|to|through|-)\s+(?:about\s+|around\s+|like\s+)?(?P<h>\d{1,2})(?::(?P<mi>\d\d))?(?!\s*(?:[ap]\.?m\b|%|\d|/|(?:st|nd|rd|th)\b|\s*(?:days?|weeks?|months?|years?|hours?|mins?|minutes?|people|nights?|kg|km|mg|miles?|times)\b))", re.I)


def _time_values(text: str, times: list[Mention]) -> list[tuple[int, int, str, str, str]]:
    """Clock-time candidates: each detected time, plus the end of a range and a bare end hour."""
    out: list[tuple[int, int, str, str, str]] = []
    for m in sorted(times, key=lambda m: m.start):
        end = _RANGE_END.search(m.text)
        if end and end.start() > 0:
            h = int(end.group("h")) % 12 + (12 if end.group("ap").lower() == "p" else 0)
            out.append((m.start, m.end, m.text, str(m.value), "start of a range"))
            out.append((m.start, m.end, m.text, f"{h:02d}:{end.group('mi') or '00'}", "end of a range"))
        else:
            out.append((m.start, m.end, m.text, str(m.value), ""))
    if not times:
        return out
    for b in _BARE_END.finditer(text):
        if any(m.start <= b.start("h") < m.end for m in times):
            continue
        before = [m for m in times if m.end <= b.start()]
        if not before:
            continue
        prev = str(before[-1].value)
        h = int(b.group("h"))
        if not 1 <= h <= 12:
            continue
        prev_h = int(prev[:2])
        if h < 12 and h < prev_h:
            h += 12  # an end hour is after its start: "2pm ... until 4" is 16:00
        out.append((b.start("h"), b.end(), text[b.start("h") : b.end()], f"{h:02d}:{b.group('mi') or '00'}", "end time"))
    return sorted(out, key=lambda t: t[0])


def _decimal(value: object) -> str:
    from decimal import Decimal, InvalidOperation

    try:
        return f"{Decimal(str(value)):.2f}"
    except (InvalidOperation, ValueError):
        return ""
