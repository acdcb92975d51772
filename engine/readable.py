"""Dates and moments as people read them ("Fri 21 Feb 2025 · in 48 days"), for the chat's
replies and every view of the app alike; ISO stays in tooltips, the log and the project."""

from __future__ import annotations

import datetime as dt


def day_words(day: dt.date, today: dt.date | None = None, *, year: bool = True) -> str:
    """"Fri 21 Feb 2025", and with ``today`` how far it is ("· in 48 days", "· yesterday")."""
    text = f"{day:%a} {day.day} {day:%b %Y}" if year else f"{day:%a} {day.day} {day:%b}"
    if today is None:
        return text
    delta = (day - today).days
    if delta == 0:
        return f"{text} · today"
    if delta == 1:
        return f"{text} · tomorrow"
    if delta == -1:
        return f"{text} · yesterday"
    return f"{text} · in {delta} days" if delta > 0 else f"{text} · {-delta} days ago"


def moment_words(moment: dt.datetime) -> str:
    """"Wed 12 Feb 2025, 10:00"."""
    return f"{day_words(moment.date())}, {moment:%H:%M}"
