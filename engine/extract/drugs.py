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
            entries[alias.lower()] = (alias.lower() if specific else name, {"allergen_class": klass.removeprefix("food:")})
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


def find_more_drugs(text: str, lo: int, hi: int) -> list[Mention]:
    """Drugs outside the table, from drug-named-entity-recognition (a large dictionary: ~1.5 s to
    load once, microseconds per call). The class is only known when the generic is in our table."""
    import re

    try:
        from drug_named_entity_recognition import find_drugs as lookup
    except ImportError:
        return []
    words = list(re.finditer(r"[A-Za-z][\w-]*", text[lo:hi]))
    out: list[Mention] = []
    for data, first, last in lookup([w.group() for w in words], is_ignore_case=True):
        start, end = lo + words[first].start(), lo + words[last - 1].end()
        generic = str(data.get("name", "")).lower()
        if not generic:
            continue
        out.append(Mention("drug", start, end, text[start:end], generic, {"drug_class": drug_class(generic)}))
    return out
