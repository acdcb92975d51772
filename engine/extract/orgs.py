"""Organisations the user deals with: subscription services, banks, airlines, rail lines, shops."""

from __future__ import annotations

import re
from functools import cache

from engine.extract.lexicon import Lexicon
from engine.extract.mentions import Mention
from engine.extract.tables import aliases, rows


@cache
def org_lexicon() -> Lexicon:
    entries = {}
    for row in rows("organisations.tsv"):
        name, kind = row[0], row[1]
        attrs = {"org_kind": kind}
        if len(row) > 3 and row[3]:
            attrs["code" if kind == "airline" else "category"] = row[3]  # an IATA code, or what a shop sells
        for alias in [name, *aliases(row, 2)]:
            entries.setdefault(alias.lower(), (name, attrs))
    return Lexicon.build("org", entries, case_sensitive_short=3)


def find_orgs(text: str, lo: int, hi: int) -> list[Mention]:
    """Organisation mentions; lowercase common words ("max", "prime", "target") need a capital."""
    out = []
    for m in org_lexicon().find(text, lo, hi):
        if m.text.islower() and m.text.lower() in _COMMON_WORDS and not _FLIGHT_NO.match(text, m.end) \
                and not (m.attrs.get("org_kind") == "bank" and _ACCOUNT_WORD.match(text, m.end)):
            continue  # "chase", "ally" as words; but "the chase checking" names the bank
        if m.value.isupper() and m.text.lower() == m.value.lower() and not m.text.isupper():
            continue  # an acronym ("ANA", "LOT") must be written in capitals, not a name ("Ana") or word ("lot")
        out.append(m)
    return out


@cache
def airline_codes() -> dict[str, str]:
    """IATA designator -> airline name."""
    return {attrs["code"]: name for name, attrs in org_lexicon().entries.values() if attrs.get("code")}


# "the chase checking", "chase limit is now 10k": a bank's lower-case name before a word only an account has
_ACCOUNT_WORD = re.compile(r"\s+(?:checking|savings|current|credit|debit|card|account|bank|sapphire|freedom|isa|mortgage|loan|limit|balance|statement)\b", re.I)
_FLIGHT_NO = re.compile(r"\s*#?\d{1,4}\b")  # "delta 4412": a lower-case carrier followed by a flight number


_COMMON_WORDS = {"nationwide", "sofi", "condor", "porter", "spirit", "frontier", "pegasus", "avanti", "copa", "garuda", "saudia", "indigo", "lot", "sas",
    "max", "prime", "target", "discover", "calm", "apple", "united", "delta", "american", "wise", "chase",
    "swiss", "peacock", "amazon", "costco", "gym", "ally", "td", "ba", "ing", "economist", "hbo", "citi",
    "visa", "boots", "gap", "sky", "notion", "tidal", "crave", "the times", "guardian", "the guardian", "equinox", "pret",
    "nike", "canva", "rei", "ao", "countdown", "netto", "heb", "five guys", "dominos", "domino's", "levis", "levi's",
    "lowes", "lowe's", "woolies", "coles", "sobeys", "ocado",
}
