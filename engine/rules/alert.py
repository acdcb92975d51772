"""The alert a rule raises, as the engine and the app see it."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

SEVERITIES = ("info", "warning", "critical")


@dataclass(frozen=True)
class Alert:
    """``key`` is stable: rule + the evidence it rests on, so the same condition is one alert."""

    key: str
    rule: str
    severity: str
    title: str
    message: str
    evidence: tuple[int, ...]
    state: str = "new"
    first_seen: dt.datetime | None = None
    snoozed_until: dt.datetime | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "rule": self.rule,
            "severity": self.severity,
            "title": self.title,
            "message": self.message,
            "evidence": list(self.evidence),
            "state": self.state,
            "first_seen": self.first_seen.isoformat() if self.first_seen else None,
            "snoozed_until": self.snoozed_until.isoformat() if self.snoozed_until else None,
        }


@dataclass(frozen=True)
class RuleProblem:
    """A rule that crashed, looped or was refused: reported, never fatal."""

    rule: str
    error: str


@dataclass(frozen=True)
class RuleRun:
    alerts: list[Alert]
    problems: list[RuleProblem] = field(default_factory=list)
    warnings: tuple[str, ...] = ()
    """What the sandbox could not enforce on this machine (see :mod:`engine.confinement`)."""
