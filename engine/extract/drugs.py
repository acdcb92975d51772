"""Drugs with their class, allergens with their class, and conditions, from the tables in resources.

The class is what the health rules reason on (an allergy to penicillin forbids amoxicillin), so it
comes from curated data, never from the model. Classes are lower-case plural common names.
"""

from __future__ import annotations

import re
from functools import cache

from engine.extract import cues
from engine.extract.lexicon import Lexicon
from engine.extract.mentions import Mention
from engine.extract.tables import aliases, rows

# A misspelt drug or allergen ("amoxicilin", "penicilan") is matched only in a clause that talks about
# medicines or allergies, only for words this long, and only this close to a known name.
_TYPO_MIN_LEN = 6
_TYPO_MIN_RATIO = 86
_RESCUE_DRUGS = {"epinephrine"}


@cache
def drug_lexicon() -> Lexicon:
    entries = {}
    for row in rows("drugs.tsv"):
        generic, klass = row[0], row[1].lower()
        for name in [generic, *aliases(row, 2)]:
            entries[name.lower()] = (generic.lower(), {"drug_class": klass})
    return Lexicon.build("drug", entries)


def _singulars(surface: str) -> list[str]:
    """"peanuts" -> ["peanut"], "strawberries" -> ["strawberry", "strawberrie"], "peaches" -> ["peach", "peache"]: the
    singular spellings a person may use for a plural table entry (only the last word changes)."""
    head, _, last = surface.rpartition(" ")
    if len(last) < 4 or not last.endswith("s") or last.endswith("ss"):
        return []
    forms = [last[:-1]]
    if last.endswith("ies"):
        forms.insert(0, last[:-3] + "y")
    elif re.search(r"(?:ch|sh|x|ss|z|o)es$", last):
        forms.insert(0, last[:-2])
    return [f"{head} {f}".strip() for f in forms]


@cache
def allergen_lexicon() -> Lexicon:
    """Allergens as said ("sulfa drugs", "cashews"); a singular reads as the table's plural ("peanut" ->
    "peanuts"); a spelling marked ``~`` (variant, typo, lay name) reads as the row's name."""
    entries: dict[str, tuple[str, dict[str, str]]] = {}
    singular: dict[str, tuple[str, dict[str, str]]] = {}
    for row in rows("allergens.tsv"):
        name, klass = row[0], row[1].removeprefix("food:")
        attrs = {"allergen_class": klass}
        for alias in [name, *aliases(row, 2)]:
            variant = alias.startswith("~")
            surface = alias.removeprefix("~").lower()
            value = name if variant else surface
            entries[surface] = (value, attrs)
            for one in _singulars(surface):
                singular.setdefault(one, (value, attrs))
    for one, hit in singular.items():
        entries.setdefault(one, hit)
    return Lexicon.build("allergen", entries)


@cache
def condition_lexicon() -> Lexicon:
    entries = {}
    for row in rows("conditions.tsv"):
        name = row[0].removeprefix("=")  # "=cold": recorded as "cold", matched only as "a cold", "head cold", ...
        for alias in [*([] if row[0].startswith("=") else [name]), *aliases(row, 1)]:
            entries[alias.lower()] = (name, {})
    return Lexicon.build("condition", entries, case_sensitive_short=3)


def drug_class(name: str) -> str | None:
    hit = drug_lexicon().entries.get(name.lower())
    return hit[1]["drug_class"] if hit else None


def _typos(lexicon: Lexicon, text: str, lo: int, hi: int, taken: list[Mention]) -> list[Mention]:
    """Misspelt single-word names ("amoxicilin", "ibuprofin"): close to one known spelling, same first
    letter. The mention's ``spelled`` attribute carries the known spelling, so no typo reaches a fact."""
    from rapidfuzz import fuzz, process

    names = [n for n in lexicon.entries if " " not in n and len(n) >= _TYPO_MIN_LEN]
    out: list[Mention] = []
    for w in re.finditer(rf"[A-Za-z][a-z-]{{{_TYPO_MIN_LEN - 2},}}", text[lo:hi]):
        start, end = lo + w.start(), lo + w.end()
        word = w.group().lower()
        if word in lexicon.entries or any(m.start < end and start < m.end for m in taken):
            continue
        best = process.extractOne(word, [n for n in names if n[0] == word[0]], scorer=fuzz.ratio,
                                  score_cutoff=_TYPO_MIN_RATIO)
        if best is None:
            continue
        canonical, attrs = lexicon.entries[best[0]]
        out.append(Mention(lexicon.kind, start, end, w.group(), canonical, {**attrs, "spelled": best[0]}))
    return out


def _health_talk(text: str, lo: int, hi: int) -> bool:
    clause = text[lo:hi]
    return bool(cues.MED_STRONG.search(clause) or cues.ALLERGY.search(clause))


def find_drugs(text: str, lo: int, hi: int) -> list[Mention]:
    found = drug_lexicon().find(text, lo, hi)
    if _health_talk(text, lo, hi):
        found = sorted(found + _typos(drug_lexicon(), text, lo, hi, found), key=lambda m: m.start)
    return found


def find_allergens(text: str, lo: int, hi: int) -> list[Mention]:
    """Allergens; a drug named in an allergy counts too, as said, with its drug class as allergen class."""
    out = allergen_lexicon().find(text, lo, hi)
    if cues.ALLERGY.search(text[lo:hi]):
        out += _typos(allergen_lexicon(), text, lo, hi, out)
    for d in find_drugs(text, lo, hi):
        if d.value in _RESCUE_DRUGS:
            continue  # "carries an EpiPen": the treatment of an allergy, not its allergen
        if not any(d.overlaps(a) for a in out):
            said = d.attrs.get("spelled") or re.sub(r"\s+", " ", d.text.lower())
            out.append(Mention("allergen", d.start, d.end, d.text, said, {"allergen_class": d.attrs["drug_class"]}))
    return sorted(out, key=lambda m: m.start)


def find_conditions(text: str, lo: int, hi: int) -> list[Mention]:
    return condition_lexicon().find(text, lo, hi)


def find_more_drugs(text: str, lo: int, hi: int) -> list[Mention]:
    """Drugs outside the table, from drug-named-entity-recognition (a large dictionary: ~1.5 s to
    load once, microseconds per call). The class is only known when the generic is in our table."""
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
