"""Phrase lookup over a table of names: whole-word, case-insensitive, longest match first.

Used for drugs, allergens, organisations and conditions: closed vocabularies where a table beats
any model at both speed and precision.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.extract.mentions import Mention


@dataclass(frozen=True)
class Lexicon:
    kind: str
    pattern: re.Pattern[str]
    entries: dict[str, tuple[str, dict[str, Any]]]  # lowercase surface -> (canonical, attrs)
    case_sensitive_short: int = 0

    @classmethod
    def build(cls, kind: str, entries: dict[str, tuple[str, dict[str, Any]]], case_sensitive_short: int = 0) -> Lexicon:
        names = sorted(entries, key=len, reverse=True)
        alt = "|".join(re.escape(n).replace(r"\ ", r"[\s-]+") for n in names)
        pattern = re.compile(rf"(?<![\w-])(?:{alt})(?![\w+]|-\w)", re.I)
        return cls(kind, pattern, entries, case_sensitive_short)

    def find(self, text: str, lo: int, hi: int) -> list[Mention]:
        out: list[Mention] = []
        for m in self.pattern.finditer(text, lo, hi):
            surface = re.sub(r"[\s-]+", " ", m.group().lower())
            hit = self.entries.get(surface) or self.entries.get(m.group().lower())
            if hit is None:
                continue
            if len(surface) <= self.case_sensitive_short and not m.group().isupper() and not m.group()[0].isupper():
                continue
            canonical, attrs = hit
            out.append(Mention(self.kind, m.start(), m.end(), m.group(), canonical, dict(attrs)))
        return out
