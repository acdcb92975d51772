"""The alert a rule returns, and small helpers every pack shares."""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, timedelta

SEVERITIES = ("info", "warning", "critical")


@dataclass(frozen=True)
class Alert:
    """``key`` is rule + sorted evidence: the same condition on the same facts is one alert."""

    key: str
    rule: str
    severity: str
    title: str
    message: str
    evidence: tuple[int, ...]


def alert(rule: str, severity: str, title: str, message: str, evidence) -> Alert:
    """Build an alert with its stable key."""
    if severity not in SEVERITIES:
        raise ValueError(f"severity must be one of {SEVERITIES}, not {severity!r}")
    ids = tuple(sorted({int(i) for i in evidence}))
    return Alert(rule + ":" + ",".join(str(i) for i in ids), rule, severity, title, message, ids)


def known(records, day: date) -> list:
    """Records already stated on ``day``."""
    return [r for r in records if r.known_on(day)]


def add_months(day: date, months: int) -> date:
    """``day`` plus whole months, clamped to the month's last day (Jan 31 + 1 month = Feb 28)."""
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def days_between(earlier: date, later: date) -> int:
    return (later - earlier).days


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def next_week(day: date) -> date:
    return day + timedelta(days=7)
