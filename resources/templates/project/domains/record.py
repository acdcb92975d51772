"""The fields every record has: who it is about, its status, and the facts it rests on."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class Record:
    """Base of every schema type. ``sources`` maps a field to the fact id that last set it."""

    id: str
    subject: str = "me"
    status: str = ""
    known_since: date | None = None
    evidence: tuple[int, ...] = ()
    sources: tuple[tuple[str, int], ...] = ()
    history: tuple[tuple[str, object, int], ...] = ()
    """Superseded values, oldest first: (field, old value, id of the fact that replaced it)."""

    def cites(self, *fields: str) -> tuple[int, ...]:
        """Fact ids behind ``fields`` (all evidence when none of them has a recorded source)."""
        wanted = set(fields)
        ids = tuple(sorted({fact for name, fact in self.sources if name in wanted}))
        return ids or tuple(self.evidence)

    def known_on(self, day: date) -> bool:
        """Whether the record had been stated by ``day`` (rules must not see the future)."""
        return self.known_since is None or self.known_since <= day
