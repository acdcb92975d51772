"""Organisations the user deals with: subscription services, banks, airlines, rail lines, shops."""

from __future__ import annotations

from functools import cache

from engine.extract.lexicon import Lexicon
from engine.extract.mentions import Mention
from engine.extract.tables import aliases, rows


@cache
def org_lexicon() -> Lexicon:
    entries = {}
    for row in rows("organisations.tsv"):
        name, kind = row[0], row[1]
        for alias in [name, *aliases(row, 2)]:
            entries.setdefault(alias.lower(), (name, {"org_kind": kind}))
    return Lexicon.build("org", entries, case_sensitive_short=3)


def find_orgs(text: str, lo: int, hi: int) -> list[Mention]:
    """Organisation mentions; lowercase common words ("max", "prime", "target") need a capital."""
    out = []
    for m in org_lexicon().find(text, lo, hi):
        if m.text.islower() and m.text.lower() in _COMMON_WORDS:
            continue
        out.append(m)
    return out


_COMMON_WORDS = {
    "max", "prime", "target", "discover", "calm", "apple", "united", "delta", "american", "wise", "chase",
    "swiss", "peacock", "amazon", "costco", "gym", "ally", "td", "ba", "ing", "economist", "hbo", "citi",
}
