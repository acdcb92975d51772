"""When a snoozed alert comes back, for the choices people make: an hour, tomorrow morning, a week.

Kept apart from the app so the command line and the window mean the same thing by "tomorrow".
"""

from __future__ import annotations

import datetime as dt

MORNING = dt.time(8, 0)
CHOICES: dict[str, str] = {
    "hour": "For an hour",
    "tomorrow": "Until tomorrow morning",
    "week": "For a week",
}


def snooze_until(choice: str, now: dt.datetime) -> dt.datetime:
    """The moment the alert returns; ``choice`` is one of :data:`CHOICES` (a ValueError otherwise)."""
    if choice == "hour":
        return now.replace(second=0, microsecond=0) + dt.timedelta(hours=1)
    if choice == "tomorrow":
        return dt.datetime.combine(now.date() + dt.timedelta(days=1), MORNING, tzinfo=now.tzinfo)
    if choice == "week":
        return dt.datetime.combine(now.date() + dt.timedelta(days=7), MORNING, tzinfo=now.tzinfo)
    raise ValueError(f"snooze for an hour, until tomorrow or for a week, not {choice!r}")
