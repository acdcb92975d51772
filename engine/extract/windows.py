"""Windows: a date counted from another date by a stated period.

"Two months' notice before the lease ends on June 30", "returnable within 30 days of delivery
(it came last Tuesday)", "the contingency runs 17 days from acceptance on the 3rd": the date that
matters is not written anywhere, it is the anchor shifted by the period. The detectors find the
anchor; this module finds the period, its direction, and computes the date, so the reader can cite
the window's end like any other date candidate and never does the arithmetic itself.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from engine.extract.dates import NUMBER_WORDS, add_period

_N = r"(?P<n>\d{1,3}|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r"|a|an|one)"
_U = r"(?P<u>days?|weeks?|months?|years?|fortnight)"
_PERIOD = _N + r"[\s-]+(?:(?:calendar|business|working|full)\s+)?" + _U

# the period counts back from its anchor: notice before an end, a lead time before an event
_BEFORE = re.compile(
    r"\b" + _PERIOD + r"(?:['’]s?)?\s+(?:of\s+)?(?:written\s+)?(?:notice\b|before\b|prior\s+to\b|ahead\s+of\b|in\s+advance\b|beforehand\b)"
    r"|\bnotice\s+(?:period\s+)?(?:is|of|=|:)\s+(?:at\s+least\s+)?" + _PERIOD.replace("(?P<n>", "(?P<n2>").replace("(?P<u>", "(?P<u2>"),
    re.I,
)
# the period counts forward from its anchor: a return window, a contingency, a grace period
_AFTER = re.compile(
    r"\bwithin\s+" + _PERIOD + r"\s+(?:of|from|after)\b(?!\s+(?:now|today)\b)"
    r"|\b" + _PERIOD.replace("(?P<n>", "(?P<n2>").replace("(?P<u>", "(?P<u2>")
    + r"\s+(?:after|from|following)\b(?!\s+(?:now|today)\b)"
    r"|\b" + _PERIOD.replace("(?P<n>", "(?P<n3>").replace("(?P<u>", "(?P<u3>")
    + r"\s+(?:to|for)\s+(?:return|returns|exchanges?|send\s+(?:it|them)\s+back|cancel)\b"
    r"|\b" + _N.replace("(?P<n>", "(?P<n4>") + r"[\s-]+(?P<u4>day|week|month)\s+(?:return|returns|exchange|money[\s-]back|trial|cooling[\s-]off|grace)\b",
    re.I,
)


@dataclass(frozen=True)
class Window:
    """A computed date: ``anchor`` shifted ``n`` ``unit``s back (``before``) or forward."""

    start: int  # span of the period phrase in the message
    end: int
    surface: str
    anchor: int  # index into the anchor dates given to find_windows
    n: int
    unit: str
    before: bool
    value: dt.date
    replaces: int | None = None  # an anchor date read from the period itself ("within 30 days" as today + 30)


def find_windows(text: str, anchors: list[tuple[int, int, dt.date]]) -> list[Window]:
    """Windows stated in ``text`` over the given anchor dates (span start, span end, date).

    The anchor of a period is the nearest date after it in the same sentence ("60 days before the
    lease ends on June 30"), else the nearest date before it ("delivered on the 3rd, returnable
    within 14 days of delivery"), else the nearest date after it in a later sentence. A period with no date to count from is left to the detectors
    (which read "within 30 days" as counted from today).
    """
    out: list[Window] = []
    for pattern, before in ((_BEFORE, True), (_AFTER, False)):
        for m in pattern.finditer(text):
            raw_n = next(v for k, v in m.groupdict().items() if k.startswith("n") and v)
            unit = next(v for k, v in m.groupdict().items() if k.startswith("u") and v).lower().rstrip("s")
            n = _count(raw_n)
            if n is None or n == 0:
                continue
            inside = [i for i, (s, e, _) in enumerate(anchors) if s < m.end() and e > m.start()]
            anchor = _anchor(text, m.start(), m.end(), anchors, set(inside))
            if anchor is None:
                continue
            day = anchors[anchor][2]
            value = add_period(day, -n if before else n, unit)
            out.append(Window(m.start(), m.end(), m.group(0), anchor, n, unit, before, value,
                              inside[0] if inside else None))
    return sorted(out, key=lambda w: w.start)


def _count(raw: str) -> int | None:
    raw = raw.lower()
    if raw.isdigit():
        return int(raw)
    if raw in ("a", "an", "one"):
        return 1
    return NUMBER_WORDS.get(raw)


_SENTENCE_END = re.compile(r"[.!?;\n]")


def _anchor(text: str, start: int, end: int, anchors: list[tuple[int, int, dt.date]], skip: set[int]) -> int | None:
    anchors = [a if i not in skip else (-1, -1, a[2]) for i, a in enumerate(anchors)]
    stop = _SENTENCE_END.search(text, end)
    sentence_end = stop.start() if stop else len(text)
    after = [i for i, (s, _, _) in enumerate(anchors) if end <= s < sentence_end]
    if after:
        return min(after, key=lambda i: anchors[i][0])
    earlier = [i for i, (s, e, _) in enumerate(anchors) if s >= 0 and e <= start]
    if earlier:
        return max(earlier, key=lambda i: anchors[i][1])
    later = [i for i, (s, _, _) in enumerate(anchors) if s >= end]
    return min(later, key=lambda i: anchors[i][0]) if later else None
