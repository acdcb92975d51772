"""People the user mentions, with their relation and age ("my daughter Emma, 7"), and who a clause is about.

The subject of a clause decides whose record a fact joins: "my wife Jun is allergic to shellfish"
is Jun's allergy, not the user's. A relation without a name ("my wife is allergic") uses the
relation as subject, unless an earlier Person fact names that relation.
"""

from __future__ import annotations

import re

from engine.extract.mentions import Mention

RELATIONS = {
    "wife": "wife", "husband": "husband", "partner": "partner", "spouse": "spouse", "fiancé": "fiance",
    "fiancée": "fiance", "fiance": "fiance", "fiancee": "fiance", "girlfriend": "girlfriend",
    "boyfriend": "boyfriend", "son": "son", "daughter": "daughter", "kid": "child", "child": "child",
    "baby": "child", "toddler": "child", "stepson": "son", "stepdaughter": "daughter", "mom": "mother",
    "mum": "mother", "mother": "mother", "mama": "mother", "dad": "father", "father": "father",
    "papa": "father", "brother": "brother", "sister": "sister", "grandma": "grandmother",
    "grandmother": "grandmother", "granny": "grandmother", "grandpa": "grandfather",
    "grandfather": "grandfather", "grandson": "grandson", "granddaughter": "granddaughter",
    "aunt": "aunt", "uncle": "uncle", "cousin": "cousin", "niece": "niece", "nephew": "nephew",
    "friend": "friend", "best friend": "friend", "boss": "boss", "manager": "boss", "colleague": "colleague",
    "coworker": "colleague", "co-worker": "colleague", "roommate": "roommate", "flatmate": "roommate",
    "neighbor": "neighbor", "neighbour": "neighbor", "landlord": "landlord", "landlady": "landlord",
    "doctor": "doctor", "dentist": "dentist", "therapist": "therapist", "accountant": "accountant",
    "mother-in-law": "mother-in-law", "father-in-law": "father-in-law", "sister-in-law": "sister-in-law",
    "brother-in-law": "brother-in-law", "assistant": "assistant", "lawyer": "lawyer",
    "nanny": "nanny", "babysitter": "babysitter", "au pair": "au pair", "personal trainer": "personal trainer",
    "trainer": "trainer", "tutor": "tutor", "coach": "coach", "mentor": "mentor", "cleaner": "cleaner",
    "housekeeper": "housekeeper", "nurse": "nurse", "physio": "physio", "physiotherapist": "physiotherapist",
    "godmother": "godmother", "godfather": "godfather", "stepmother": "stepmother", "stepfather": "stepfather",
    "stepmom": "stepmother", "stepdad": "stepfather", "auntie": "aunt", "nana": "grandmother", "grandad": "grandfather",
    "granddad": "grandfather", "twin": "twin", "supervisor": "supervisor", "teammate": "teammate", "classmate": "classmate",
}
# kinship words that also work as a title before a name ("grandpa Joe", "aunt Rosa")
_TITLE_RELS = r"(?:grandpa|grandma|granny|nana|grandad|granddad|aunt|auntie|uncle|cousin)"
_FAMILY = {
    "wife", "husband", "partner", "spouse", "fiance", "girlfriend", "boyfriend", "son", "daughter", "child", "mother",
    "father", "brother", "sister", "grandmother", "grandfather", "grandson", "granddaughter", "aunt", "uncle", "cousin",
    "niece", "nephew", "friend", "mother-in-law", "father-in-law", "sister-in-law", "brother-in-law", "roommate",
}
_REL = "|".join(sorted((re.escape(r) for r in RELATIONS), key=len, reverse=True))
_NAME = r"(?P<name>[A-Z][a-zà-ÿ'’]+(?:\s+[A-Z][a-zà-ÿ'’]+)?)(?![\w])"
_AGE_AFTER = r"(?:\s*,\s*(?P<age>\d{1,2})\s*(?:,|\b)|\s*\((?P<age2>\d{1,2})\)|,?\s+(?:who\s+is|who's|is|,\s*age|aged)\s+(?P<age3>\d{1,2})\b(?:\s+years?\s+old)?)?"
_MY_REL_NAME = re.compile(
    r"\b(?:[Mm]y|[Oo]ur)\s+(?:(?P<agep>\d{1,2})[- ]year[- ]old\s+)?(?:little\s+|older\s+|younger\s+|big\s+|baby\s+|eldest\s+|youngest\s+|new\s+|old\s+|dear\s+|late\s+)?"
    rf"(?P<rel>{_REL})(?:\s*,|\s+is|\s+was|\s+-)?\s+{_NAME}" + _AGE_AFTER,
)
_LOWER_NAME = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur)\s+(?P<rel>{_REL})\s+(?P<name>[a-z]{{3,12}})(?=\s*(?:,|\(|\bis\b|\bwas\b|\bturns\b|\bturned\b|\bwho\b))"
)
_NOT_LOWER_NAMES = {
    "who", "is", "was", "has", "had", "and", "just", "also", "really", "still", "now", "then", "too", "here", "there",
    "says", "said", "thinks", "today", "tomorrow", "always", "never", "finally", "already", "recently", "usually",
}
_TITLE_NAME = re.compile(rf"(?<![\w'’])(?P<rel>(?i:{_TITLE_RELS}))\s+{_NAME}")
_NAME_MY_REL = re.compile(rf"\b{_NAME}\s*[,(]\s*(?:[Mm]y|[Oo]ur)\s+(?P<rel>{_REL})\b")
_MY_REL = re.compile(rf"\b(?:my|our)\s+(?:(?P<agep>\d{{1,2}})[- ]year[- ]old\s+)?(?P<rel>{_REL})\b", re.I)
_BARE_PARENT = re.compile(r"(?<![\w'])(?P<rel>Mom|Mum|Dad|Grandma|Grandpa|Granny|Nana|Papa|Mama)(?![\w])")
_DOCTOR = re.compile(r"\b(?:Dr\.?|Doctor)\s+(?P<name>[A-Z][a-z'’-]+)")
_NOT_NAMES = {
    "I", "The", "And", "But", "So", "Is", "Was", "Has", "Had", "On", "In", "At", "For", "To", "From", "Who",
    "Will", "Just", "Also", "Next", "Last", "This", "That", "Said", "Says", "Told", "Wants", "Needs",
    *(m.capitalize() for m in ("january", "february", "march", "april", "may", "june", "july", "august", "september",
                                "october", "november", "december", "monday", "tuesday", "wednesday", "thursday",
                                "friday", "saturday", "sunday")),
}
_LEAD = re.compile(r"^(?:(?:oh|so|and|also|btw|by the way|actually|well|ok|okay|plus|anyway|oh and|update|fyi|note)[,:]?\s+)*", re.I)
_VERBISH = re.compile(r"^(?!\s*,?\s*(?:and|or|to|for|with|about|in|on|at|from|by|who|that|are|we)\b)\s*[,(]?\s*\S", re.I)


def _clean_name(name: str) -> str | None:
    name = re.sub(r"['’]s?$", "", name)  # "my friend Aiko's birthday": the name is Aiko
    parts = [p for p in name.split() if p not in _NOT_NAMES]
    if not parts or parts[0] != name.split()[0]:
        return None
    return " ".join(parts)


def find_people(text: str, lo: int, hi: int) -> list[Mention]:
    """Person mentions: value = name or None, attrs relation and age when said."""
    out: list[Mention] = []
    for m in _MY_REL_NAME.finditer(text, lo, hi):
        name = _clean_name(m.group("name"))
        if name is None:
            continue
        age = m.group("agep") or m.group("age") or m.group("age2") or m.group("age3")
        rel = RELATIONS[m.group("rel").lower()]
        end = m.end() if age else m.start("name") + len(name)
        out.append(Mention("person", m.start(), end, text[m.start() : end], name,
                           {"relation": rel, "age": int(age) if age else None, "name_span": (m.start("name"), m.start("name") + len(name))}))
    for m in _LOWER_NAME.finditer(text, lo, hi):
        if m.group("name") in _NOT_LOWER_NAMES or any(p.start <= m.start() < p.end for p in out):
            continue
        name = m.group("name").capitalize()
        age = re.match(r"\s*(?:,\s*|\(|is\s+|turns\s+|turned\s+)(\d{1,2})\b", text[m.end() : hi])
        end = m.end() + (age.end() if age else 0)
        out.append(Mention("person", m.start(), end, text[m.start() : end], name,
                           {"relation": RELATIONS[m.group("rel").lower()], "age": int(age.group(1)) if age else None,
                            "name_span": (m.start("name"), m.end("name"))}))
    for m in _NAME_MY_REL.finditer(text, lo, hi):
        name = _clean_name(m.group("name"))
        if name is None or any(p.start <= m.start() < p.end for p in out):
            continue
        out.append(Mention("person", m.start(), m.end(), m.group(), name,
                           {"relation": RELATIONS[m.group("rel").lower()], "age": None, "name_span": (m.start("name"), m.end("name"))}))
    for m in _TITLE_NAME.finditer(text, lo, hi):
        name = _clean_name(m.group("name"))
        if name is None or not m.group("name")[0].isupper() or any(p.start <= m.start("name") < p.end for p in out):
            continue
        out.append(Mention("person", m.start(), m.start("name") + len(name), text[m.start() : m.start("name") + len(name)], name,
                           {"relation": RELATIONS[m.group("rel").lower()], "age": None,
                            "name_span": (m.start("name"), m.start("name") + len(name))}))
    for m in _DOCTOR.finditer(text, lo, hi):
        if any(p.overlaps(Mention("x", m.start(), m.end(), "", None)) for p in out):
            continue
        out.append(Mention("person", m.start(), m.end(), m.group(), f"Dr. {m.group('name')}",
                           {"relation": "doctor", "age": None, "name_span": (m.start(), m.end())}))
    for m in _MY_REL.finditer(text, lo, hi):
        if any(p.start <= m.start() < p.end or m.start() <= p.start < m.end() for p in out):
            continue
        age = m.group("agep")
        out.append(Mention("person", m.start(), m.end(), m.group(), None,
                           {"relation": RELATIONS[m.group("rel").lower()], "age": int(age) if age else None}))
    for m in _BARE_PARENT.finditer(text, lo, hi):
        if any(p.start <= m.start() < p.end for p in out):
            continue
        rel = {"nana": "grandmother", "granny": "grandmother"}.get(m.group("rel").lower(), m.group("rel").lower())
        out.append(Mention("person", m.start(), m.end(), m.group(), None, {"relation": RELATIONS.get(rel, rel), "age": None}))
    return sorted(out, key=lambda p: p.start)


def subject_of(clause: str, offset: int, people: list[Mention], known: dict[str, str], previous: str) -> str:
    """Who the clause is about: 'me', a person's lowercase name, or a bare relation.

    ``known`` maps relation -> name from earlier Person facts; ``previous`` is the subject of the
    clause before (for "she"/"he"/"they").
    """
    lead = _LEAD.match(clause)
    start = lead.end() if lead else 0
    head = clause[start:]
    if re.match(r"(?:she|he|her|his|they|their)\b", head, re.I):
        return previous if previous != "me" else "me"
    for p in people:
        if p.start - offset == start or (p.start - offset <= start + 4 and head.lower().startswith(("my", "our"))):
            if p.start - offset > start + 4:
                continue
            rest = clause[p.end - offset :]
            if p.attrs.get("relation") == "doctor" and not re.match(r"^\s*(?:'s)", rest):
                # "Dr. Haddad put my husband on ...": the patient is the subject
                for q in people:
                    if q is not p and q.start > p.end and re.search(r"\b(?:put|gave|prescribed|started|switched|told|sent|referred)\s+$",
                                                                 clause[: q.start - offset], re.I):
                        if q.value:
                            return str(q.value).lower()
                        rel = str(q.attrs.get("relation"))
                        if rel in _FAMILY:
                            return known.get(rel, rel).lower()
                return "me"
            if _VERBISH.match(rest) or rest.startswith("'s") or rest.startswith("’s"):
                if p.value:
                    return str(p.value).lower()
                rel = str(p.attrs.get("relation"))
                if rel in _FAMILY:
                    return known.get(rel, rel).lower()
    m = re.match(r"(?P<name>[A-Z][a-z]+)(?:'s)?\b", head)
    if m and m.group("name").lower() in {v.lower() for v in known.values()} and _VERBISH.match(head[m.end() :] or " "):
        return m.group("name").lower()
    m = re.match(r"(?P<name>[A-Z][a-z]+)\b", head)
    if m and m.group("name").lower() not in _NOT_NAMES and _PERSON_PREDICATE.match(head[m.end():]):
        return m.group("name").lower()  # "Jun is allergic to…", "Leo's passport expires…"
    return "me"


# A name nobody introduced is still the subject when what follows only fits a person.
_PERSON_PREDICATE = re.compile(
    r"(?:'s|’s)\s+(?:passport|visa|licen[cs]e|birthday|appointment|allerg\w*|medication|prescription|meds|dose)\b"
    r"|\s+(?:is|was|'s|’s|gets|got|has|had|has\s+been|is\s+now)\s+(?:allergic|intolerant|on\b|taking|prescribed|diagnosed|pregnant|asthmatic|diabetic|lactose)"
    r"|\s+(?:takes|took|needs|started|stopped|reacts|can't\s+(?:eat|have|take)|cannot\s+(?:eat|have|take)|breaks\s+out)\b",
    re.I,
)
_NOT_NAMES = {
    "i", "my", "the", "this", "that", "it", "we", "you", "he", "she", "they", "our", "your", "his", "her", "their",
    "mom", "mum", "dad", "doctor", "dr", "everyone", "nobody", "someone", "today", "yesterday", "tomorrow",
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
    "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
}
