""""How many days until my Tokyo trip?": a countdown is a date difference, not a count of records.

The thing counted to is planned like "When is my Tokyo trip?" (same collection choice, filters and
grounding); the answer is the days (or weeks) from ``now`` to the nearest such date still ahead,
computed and shown as an expression.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

COUNTDOWN = re.compile(
    r"\b(?:how\s+many\s+(?P<unit>days|weeks|nights|sleeps)|how\s+long)"
    r"(?:\s+(?:are|is|it|there|left|remaining|remain|still|do|does|i|we|have|has|to\s+go)){0,4}"
    r"\s+(?:until|till|til|before|to(?=\s+(?:my|our|the|his|her|their)\b))\s+(?P<what>.+?)\s*\??\s*$", re.I)
"""A question counting to a date; the words allowed in between keep "how many days did I run" out."""
UNIT_DAYS = {"days": 1, "nights": 1, "sleeps": 1, "weeks": 7, None: 1}


def parse(question: str) -> tuple[str, int] | None:
    """(what is counted to, days per unit), or None when the question is not a countdown."""
    m = COUNTDOWN.search(question.strip())
    if m is None:
        return None
    unit = m.group("unit")
    return m.group("what"), UNIT_DAYS[unit.lower() if unit else None]


def nearest_ahead(rows: list[dict[str, Any]], field: str, today: dt.date) -> dt.date | None:
    """The nearest date in ``field`` of ``rows`` that is today or later."""
    days = [r.get(field) for r in rows]
    ahead = [d.date() if isinstance(d, dt.datetime) else d for d in days if isinstance(d, dt.date)]
    ahead = [d for d in ahead if d >= today]
    return min(ahead) if ahead else None
