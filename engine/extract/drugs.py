"""Drugs with their class, allergens with their class, and conditions, from the tables in resources.

The class is what the health rules reason on (an allergy to penicillin forbids amoxicillin), so it
comes from curated data, never from the model.
"""

from __future__ import annotations

from functools import cache

from engine.extract.lexicon import Lexicon
from engine.extract.mentions import Mention
from engine.extract.tables import aliases, rows


@cache
def drug_lexicon() -> Lexicon:
    entries = {}
    for row in rows("drugs.tsv"):
        generic, klass = row[0], row[1]
        for name in [generic, *aliases(row, 2)]:
            entries[name.lower()] = (generic.lower(), {"drug_class": klass})
    return Lexicon.build("drug", entries)


@cache
def allergen_lexicon() -> Lexicon:
    entries = {}
    for row in rows("allergens.tsv"):
        name, klass = row[0], row[1]
        for alias in [name, *aliases(row, 2)]:
            specific = klass.startswith("food:") and alias != name
            entries[alias.lower()] = (alias.lower() if specific else name, {"allergen_class": klass})
    return Lexicon.build("allergen", entries)


@cache
def condition_lexicon() -> Lexicon:
    entries = {}
    for row in rows("conditions.tsv"):
        for alias in [row[0], *aliases(row, 1)]:
            entries[alias.lower()] = (row[0], {})
    return Lexicon.build("condition", entries, case_sensitive_short=3)


def drug_class(name: str) -> str | None:
    hit = drug_lexicon().entries.get(name.lower())
    return hit[1]["drug_class"] if hit else None


def find_drugs(text: str, lo: int, hi: int) -> list[Mention]:
    return drug_lexicon().find(text, lo, hi)


def find_allergens(text: str, lo: int, hi: int) -> list[Mention]:
    """Allergens; a drug named in an allergy counts too, with its drug class as allergen class."""
    out = allergen_lexicon().find(text, lo, hi)
    for d in find_drugs(text, lo, hi):
        if not any(d.overlaps(a) for a in out):
            out.append(Mention("allergen", d.start, d.end, d.text, d.value, {"allergen_class": d.attrs["drug_class"]}))
    return out


def find_conditions(text: str, lo: int, hi: int) -> list[Mention]:
    return condition_lexicon().find(text, lo, hi)
