"""Quiet hours: a daily window ("22:00-07:00", may wrap past midnight) with no pop-up notifications.

Alerts raised in the window still appear in the app; their notifications wait until it ends.
"""

from __future__ import annotations

import datetime as dt
import re

_SPAN = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$")


def parse_quiet(text: str) -> tuple[dt.time, dt.time] | None:
    """(start, end) of a window such as "22:00-07:00"; None for an empty text. ValueError when malformed."""
    if not text.strip():
        return None
    m = _SPAN.match(text)
    if m is None:
        raise ValueError(f"quiet hours look like 22:00-07:00, not {text!r}")
    h1, m1, h2, m2 = map(int, m.groups())
    return dt.time(h1, m1), dt.time(h2, m2)  # dt.time raises ValueError for 25:00


def is_quiet(now: dt.datetime, window: tuple[dt.time, dt.time] | None) -> bool:
    if window is None:
        return False
    start, end = window
    t = now.time()
    if start == end:
        return False
    if start < end:
        return start <= t < end
    return t >= start or t < end  # wraps past midnight


def format_quiet(window: tuple[dt.time, dt.time] | None) -> str:
    return "" if window is None else f"{window[0]:%H:%M}-{window[1]:%H:%M}"
