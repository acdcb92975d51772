"""The candidate a detector found in a clause: a typed value anchored to a character span.

Every value that reaches a fact comes from a mention, so nothing can be emitted that is not in
the text (tables only add derived attributes such as a drug's class or a city's country).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Mention:
    """A detected candidate. ``start``/``end`` are offsets into the clause's message text."""

    kind: str  # date | money | place | drug | allergen | person | org | doc | condition | time | dose
    start: int
    end: int
    text: str
    value: Any
    attrs: dict[str, Any] = field(default_factory=dict)

    def overlaps(self, other: Mention) -> bool:
        return self.start < other.end and other.start < self.end


def drop_overlaps(mentions: list[Mention]) -> list[Mention]:
    """Keep the longest mention where spans overlap (earliest first on ties)."""
    kept: list[Mention] = []
    for m in sorted(mentions, key=lambda m: (-(m.end - m.start), m.start)):
        if not any(m.overlaps(k) for k in kept):
            kept.append(m)
    return sorted(kept, key=lambda m: m.start)
