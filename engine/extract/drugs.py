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
# a spelling this close is still taken when it sits where a medicine goes ("started zolaft 50mg")
_TYPO_SLOT_RATIO = 80
_RESCUE_DRUGS = {"epinephrine"}
# A guessed drug (a misspelling, or a name only the large external dictionary knows) needs the clause to be
# about medicines: a dose, a medication verb, a pharmacy or a doctor. "on" or "use" alone is not enough
# ("Hana is coming over on Friday", "my kid loved the concert we took her to").
_DRUG_TALK = re.compile(
    r"\b(?:tak(?:e|es|ing)|took|prescri\w+|start(?:s|ed|ing)?|refill\w*|re-?fill\w*|pharmac\w+|chemist|doctor|dr|gp|"
    r"physician|psychiatrist|nurse|meds|medications?|medicines?|pills?|tablets?|capsules?|dos(?:e|es|age|ing)|"
    r"put\s+(?:me|him|her|them|us)\s+on|switch(?:ed)?\s+(?:me\s+|him\s+|her\s+)?(?:to|from|over)|stopp(?:ed|ing)|"
    r"(?:i'?m|am|is|are|was|were|been|still|now|back)\s+on)\b",
    re.I,
)
# where a medicine name goes: right after a medication verb, or right before a dose
_DRUG_SLOT_BEFORE = re.compile(
    r"\b(?:tak(?:e|es|ing)|took|prescribed|start(?:ed|ing)?|refill(?:ed)?|on|of|switched\s+to|put\s+\w+\s+on)"
    r"\s+(?:(?:my|his|her|the|some|a|an|new|daily|generic)\s+)?$", re.I)
_DRUG_SLOT_AFTER = re.compile(rf"^\s*(?:{cues.DOSE.pattern})", re.I)


@cache
def _never_drugs() -> frozenset[str]:
    """Ordinary words and first names: no guess ever turns them into a medicine."""
    words = {row[0].lower() for name in ("common_words.txt", "first_names.txt") for row in rows(name)}
    return frozenset(words)


def _guess_allowed(text: str, start: int, end: int, lo: int, hi: int, people: list[Mention]) -> bool:
    """Whether a word only guessed to be a drug may be one: not an ordinary word or a first name, not a
    person said in the clause, not a food allergen, and said in a clause about medicines."""
    word = text[start:end].lower()
    if word in _never_drugs() or word in allergen_lexicon().entries:
        return False
    if any(p.start < end and start < p.end for p in people):
        return False
    return bool(_DRUG_TALK.search(text[lo:hi]) or cues.ALLERGY.search(text[lo:hi]))


def _in_drug_slot(text: str, start: int, end: int, lo: int, hi: int) -> bool:
    return bool(_DRUG_SLOT_BEFORE.search(text[max(lo, start - 40) : start]) or _DRUG_SLOT_AFTER.match(text[end:hi]))


def _people_names(text: str, lo: int, hi: int) -> list[Mention]:
    """The spans of the people the clause names ("my sister Hana"): a name is never a drug."""
    from engine.extract.people import find_people

    out = []
    for p in find_people(text, lo, hi):
        span = p.attrs.get("name_span")
        if p.value and isinstance(span, tuple):
            out.append(Mention("person", span[0], span[1], text[span[0] : span[1]], p.value, {}))
    return out


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
    letter, never an ordinary word or a name ("concert" is not Concerta, "Hana" is a person). A looser
    match is taken only where a medicine goes ("started zolaft 50mg"). The mention's ``spelled``
    attribute carries the known spelling, so no typo reaches a fact."""
    from rapidfuzz import fuzz, process

    names = [n for n in lexicon.entries if " " not in n and len(n) >= _TYPO_MIN_LEN]
    people: list[Mention] | None = None
    out: list[Mention] = []
    for w in re.finditer(rf"[A-Za-z][a-z-]{{{_TYPO_MIN_LEN - 2},}}", text[lo:hi]):
        start, end = lo + w.start(), lo + w.end()
        word = w.group().lower()
        if word in lexicon.entries or any(m.start < end and start < m.end for m in taken):
            continue
        cutoff = _TYPO_SLOT_RATIO if lexicon.kind == "drug" and _in_drug_slot(text, start, end, lo, hi) else _TYPO_MIN_RATIO
        best = process.extractOne(word, [n for n in names if n[0] == word[0]], scorer=fuzz.ratio, score_cutoff=cutoff)
        if best is None:
            continue
        if people is None:
            people = _people_names(text, lo, hi)
        if word in _never_drugs() or any(p.start < end and start < p.end for p in people):
            continue
        canonical, attrs = lexicon.entries[best[0]]
        out.append(Mention(lexicon.kind, start, end, w.group(), canonical, {**attrs, "spelled": best[0]}))
    return out


def _health_talk(text: str, lo: int, hi: int) -> bool:
    """A clause about medicines or allergies: only there may a misspelt drug be guessed."""
    clause = text[lo:hi]
    return bool(_DRUG_TALK.search(clause) or cues.ALLERGY.search(clause))


_MEDICINE_NOUN = re.compile(r"\b(?:patch(?:es)?|inhalers?|puffers?|creams?|ointments?|drops|sprays?|injections?|jabs?|syrup|"
                            r"lozenges?|sachets?|suppositor(?:y|ies)|gels?|plasters?|vitamins?|supplements?|antibiotics?|"
                            r"painkillers?|remed(?:y|ies))\b", re.I)


def medicine_said(name: str, text: str, start: int, end: int) -> bool:
    """Whether ``name``, said from ``start`` to ``end`` of ``text``, can be a medicine someone takes:
    a drug the lexicon knows, a name said in a sentence about medicines (a dose, a medication verb,
    tablets, patches, drops), or a brand name with its capital. "he quits smoking", "he had 12
    yesterday, grumpy all evening" name no medicine."""
    if drug_lexicon().find(name, 0, len(name)) or drug_class(name):
        return True
    from engine.extract.segment import sentences

    lo, hi = next(((a, b) for a, b in sentences(text) if a <= start < b), (start, end))
    if _health_talk(text, lo, hi) or cues.DOSE.search(text[lo:hi]) or _MEDICINE_NOUN.search(text[lo:hi]):
        return True
    # a brand said with its capital ("Calpol at 3am", "Had a Lemsip"), not an everyday word, a pronoun or a first name
    said = text[start:end]
    words = re.findall(r"[A-Za-z]+", said)
    return bool(words) and said[:1].isupper() and not all(w.lower() in _never_drugs() for w in words) \
        and said.lower() not in ("he", "she", "they", "i", "we", "it")


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
    people = _people_names(text, lo, hi)
    out: list[Mention] = []
    for data, first, last in lookup([w.group() for w in words], is_ignore_case=True):
        start, end = lo + words[first].start(), lo + words[last - 1].end()
        if not _guess_allowed(text, start, end, lo, hi, people):
            continue  # "Hana is coming over on Friday": a name, not the desogestrel brand
        generic = str(data.get("name", "")).lower()
        if not generic:
            continue
        out.append(Mention("drug", start, end, text[start:end], generic, {"drug_class": drug_class(generic)}))
    return out
