"""Health frames: allergies (with reaction and severity), medications (dose, frequency, prescriber) and conditions."""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Callable
from typing import Any

from engine.extract import cues
from engine.extract.builders.base import (
    Context,
    Draft,
    bare_day,
    clause_span,
    first_match,
    free_dates,
    iso,
    text_before,
)
from engine.extract.detect import Found
from engine.extract.drugs import drug_lexicon
from engine.extract.mentions import Mention
from engine.extract.people import kin, someone_else_leads


def _about_others(build: Callable[[Found, Context, set[tuple[int, int]]], list[Draft]]
                  ) -> Callable[[Found, Context, set[tuple[int, int]]], list[Draft]]:
    """A health fact in a clause about a colleague is theirs ("my coworker is on Ozempic" -> subject
    "coworker"); one about people in general ("lots of people take melatonin") is nobody's record."""

    @functools.wraps(build)
    def wrapped(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
        who = someone_else_leads(f.clause.text) if ctx.subject == "me" else None
        if who is None:
            return build(f, ctx, used)
        if not who:
            return []
        ctx.subject = who
        try:
            return build(f, ctx, used)
        finally:
            ctx.subject = "me"

    return wrapped


@_about_others
def allergy(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    low = f.clause.text
    cue = cues.ALLERGY.search(low)
    if cue is None:
        return []
    resolved = bool(cues.ALLERGY_RESOLVED.search(low))
    retracted = not resolved and bool(cues.ALLERGY_RETRACTED.search(low)) and not _EXCEPT.search(low)
    if _DIET_RULE.search(low) and "allerg" not in cue.group().lower():
        return []  # "can't eat pork for religious reasons": a rule of diet, not a reaction
    if (cues.ALLERGY_HEDGE.search(low) or _ALLERGY_GUESS.search(low)) and not (resolved or retracted):
        return []  # a guess, a test, a what-if or people in general ("I might be allergic to cats")
    if _BECAUSE_OF.search(low) and not cues.ALLERGY.search(_BECAUSE_OF.sub(" ", low.replace(cue.group(), " "))):
        return []  # "can't take NSAIDs because of my kidneys": a condition forbids it, no allergy is stated
    stop_at = f.clause.end
    med = re.search(r"\b(?:so|but|and)\s+(?:I|she|he|they|we)?\s*(?:take|takes|taking|am\s+on|is\s+on|use)\b|\binstead\b", low[cue.end() :], re.I)
    if med:
        stop_at = f.clause.start + cue.end() + med.start()
    out: list[Draft] = []
    severity = first_match(cues.SEVERITY, low)
    conditions = f.of("condition")  # "lactose intolerant" is a condition, not an allergy to lactose
    first_allergen = min((a.start for a in f.of("allergen")), default=f.clause.end)
    # a condition named before any allergen is the person's condition, not a reaction ("has eczema and a peanut allergy")
    reactions = _specific_first([r for r in cues.REACTIONS.finditer(f.text, f.clause.start, f.clause.end)
                                 if not (r.start() < first_allergen and any(c.start <= r.start() < c.end for c in conditions))])
    allergens = [a for a in f.of("allergen") if (a.start, a.end) not in used and a.start < stop_at
                 and not _ALLERGEN_AS_MODIFIER.match(f.text, a.end, f.clause.end)
                 and not any(a.overlaps(c) for c in conditions) and not _remedy(f, a)]
    for i, a in enumerate(allergens):
        # a reaction belongs to the allergen it follows ("penicillin (rash), kiwi (itchy mouth)"); one allergen
        # or a shared cue ("aspirin and ibuprofen both trigger my asthma") takes the clause's reaction
        nxt = allergens[i + 1].start if i + 1 < len(allergens) else f.clause.end
        own = [r for r in reactions if a.end <= r.start() < nxt]
        reaction = own[0] if own else (reactions[0] if reactions and (len(allergens) == 1 or reactions[0].start() > allergens[-1].end) else None)
        used.add((a.start, a.end))
        for d in f.of("drug"):
            if d.overlaps(a):
                used.add((d.start, d.end))
        slots: dict[str, Any] = {"allergen": a.value, "allergen_class": (a.attrs.get("allergen_class") or "").lower() or None}
        if severity:
            slots["severity"] = severity
        if reaction:
            slots["reaction"] = cues.reaction_name(reaction.group())
        if resolved:
            slots["status"] = "resolved"
        elif retracted:
            slots["status"] = "cancelled"
        for who in _joint_subjects(f, ctx) or [_reacting_person(f, ctx)]:
            out.append(Draft("Allergy", a.value.lower(), {k: v for k, v in slots.items() if v}, clause_span(f), who,
                             "cancel" if retracted else "assert", correction=resolved or retracted))
    return out


# "me and my son are both allergic to cats", "Jun and I can't have gluten": a body fact of each of them
_JOINT = re.compile(r"(?:^|(?<=[\s,.!?]))(?:(?:me|I)\s+and\s+(?:(?:my|our)\s+(?P<rel_a>[a-z-]+)|(?P<name_a>[A-Z][a-z]{1,14}))|"
                    r"(?:(?:my|our)\s+(?P<rel_b>[a-z-]+)|(?P<name_b>[A-Z][a-z]{1,14}))\s+and\s+(?:me|I))\s+"
                    r"(?:are|both|have|get|react|can(?:'t|not|’t|t)|were|got)\b")


def _joint_subjects(f: Found, ctx: Context) -> list[str] | None:
    """The user and the one person named with them as the joint subject of a health statement, or None.
    The segmenter may have cut "me and | my son are ...", so the words just before the clause count too."""
    lo = max(0, f.clause.start - 30)
    m = next((x for x in _JOINT.finditer(f.text, lo, f.clause.end) if x.start() <= f.clause.start + 4 and x.end() > f.clause.start), None)
    if m is None:
        return None
    rel = kin(m.group("rel_a") or m.group("rel_b") or "")
    name = m.group("name_a") or m.group("name_b")
    if rel:
        return ["me", ctx.known.get(rel, rel).lower()]
    if name and name.lower() not in _NOT_A_NAME:
        return ["me", name.lower()]
    return None


# "might have an egg allergy", "if we ever get a dog I'd need allergy meds": a suspicion or a what-if
_WHAT_IF = (r"\b(?:if|in\s+case|suppose|imagine)\s+(?:\w+\s+){0,3}?ever\b|"
            r"\bif\s+(?:I|we|he|she|they|you)\b.*\b(?:I|we|he|she|they|you)(?:'d|\s+would)\b")
_ALLERGY_GUESS = re.compile(r"\b(?:might|may|could)\s+(?:\w+\s+)?have\s+(?:an?\s+)?(?:[\w-]+\s+)?allerg\w*|" + _WHAT_IF, re.I)
_MED_WHAT_IF = re.compile(_WHAT_IF, re.I)
# "allergy meds", "hay fever tablets": a remedy for allergies is never the allergen
_TREATS_ALLERGY = re.compile(r"allerg|hay\s*fever", re.I)


def _remedy(f: Found, allergen: Mention) -> bool:
    """Whether an allergen found in the drug table is a medicine being taken or one for allergies."""
    if not any(d.overlaps(allergen) for d in f.of("drug")):
        return False
    return (bool(_TREATS_ALLERGY.search(allergen.text)) or _dosed(f.text, allergen.end, f.clause.end)
            or bool(_TAKEN_BEFORE.search(f.text, max(0, allergen.start - 24), allergen.start)))


# "he's on Zyrtec in spring": a medicine someone is on now is not what they react to; "was on amoxicillin
# and broke out in hives" is how an allergy is told, so only the present counts
_TAKEN_BEFORE = re.compile(r"\b(?:is|am|are|['’]s|['’]m|['’]re|been|now|still)\s+on\s+(?:\w+\s+)?$", re.I)


def _dosed(text: str, end: int, limit: int) -> bool:
    """A medicine named with a dose or a schedule right after it is being taken ("zyrtec as needed
    when the hay fever kicks in"), so it is not what the person reacts to."""
    m = re.compile(r"[\s,(]*").match(text, end, limit)
    at = m.end() if m else end
    return bool(cues.DOSE.match(text, at, limit) or cues.FREQUENCY.match(text, at, limit))


# "not allergic to anything except sulfa": the exception is a real allergy, not a retracted one
_EXCEPT = re.compile(r"\b(?:anything|nothing|any\s+(?:meds?|medications?|drugs?|foods?))\s+(?:except|but|other\s+than|apart\s+from|besides)\b", re.I)
# a food avoided for faith, ethics or a diet is no allergy ("can't eat pork for religious reasons", "can't have meat, I'm vegan")
_DIET_RULE = re.compile(r"\b(?:religio\w*|ethical|moral|vegan|vegetarian|halal|kosher|lent|ramadan|fasting|on\s+a\s+diet|dieting|keto)\b", re.I)


_BECAUSE_OF = re.compile(r"\b(?:because\s+of|due\s+to|with)\s+(?:my|his|her|their|the)\s+[\w' -]+$", re.I)


_FOR_NAME = re.compile(r"\b(?:allerg\w*|no\s+[\w ]{2,20}?)\s+for\s+(?P<who>[A-Z][a-z]{1,14})\b")
# "strawberries give my daughter a rash": the person the food acts on is the one with the allergy
_ACTS_ON = re.compile(r"\b(?:gives?|gave|makes?|made|sends?|sent|puts?|leaves?|left|triggers?|triggered|caused?|causes)\s+"
                      r"(?:my|our)\s+(?P<rel>[a-z-]+)\b", re.I)


# "no nuts in the cake please, my nephew is allergic", "chicken, which Milo is allergic to": the one said to be
# allergic, with no allergen after the word
_ALLERGIC_WHO = re.compile(r"\b(?:(?:my|our)\s+(?P<rel>[a-z-]+)|(?P<name>[A-Z][a-z]{1,14}))(?:['’]s|\s+is|\s+are)\s+"
                           r"(?:(?:very|really|so|super|severely|also)\s+)?allergic\b(?!\s+to\s+\w)")
# "cat food", "dog sitter", "peanut-free": the allergen word names something else
_ALLERGEN_AS_MODIFIER = re.compile(r"(?:\s+|-)(?:food|treats?|litter|sitter|toys?|shelter|owner|lover|person|people|cafe|café|show|"
                                   r"free|butter\s+cup|shop)\b", re.I)
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I’m|im|me|my\s+(?:own\s+)?allerg\w*)\b", re.I)


def _reacting_person(f: Found, ctx: Context) -> str:
    who = health_subject(f, ctx)
    said = _ALLERGIC_WHO.search(f.clause.text) if who == "me" and not _FIRST_PERSON.search(f.clause.text) else None
    rel = kin(said.group("rel")) if said and said.group("rel") else None
    if rel:
        return ctx.known.get(rel, rel).lower()
    if said and said.group("name") and said.group("name").lower() not in _NOT_A_NAME and not kin(said.group("name")):
        return said.group("name").lower()
    named = _FOR_NAME.search(f.clause.text) if who == "me" else None
    if named and named.group("who").lower() not in _NOT_A_NAME and not kin(named.group("who")):
        return named.group("who").lower()  # "peanut allergy for Emma", "no shellfish for Jun please"
    m = _ACTS_ON.search(f.clause.text) if who == "me" else None
    rel = kin(m.group("rel")) if m else None
    return ctx.known.get(rel, rel).lower() if rel else who


# Who a health clause is about when the clause opens with a bare name or relation and a health predicate
# ("Emma has a severe peanut allergy", "Jun is severely allergic to ...", "husband just started on Ozempic").
_HEALTH_PREDICATE = (r"(?:(?:just|now|also|still|recently|finally|already|severely|deathly|very|really|super|mildly|badly)\s+)*"
                     r"(?:is|was|has|had|got|gets|takes|took|started|stopped|on|allergic|been|can't|cannot|can\s+not|reacts|uses|"
                     r"carries|needs|suffers|developed|diagnosed|breaks|swells|went|came|quit|finished)\b")
_PETS = r"(?P<pet>cat|dog|puppy|kitten|pet|horse|rabbit|parrot)"
# "my cat has diabetes", "my sister's dog is on prednisone": the animal's record, not the user's or the owner's
_PET = re.compile(r"^(?:(?:so|and|also|btw)\s+)?(?:my|our|the)\s+(?:[\w-]+['’]s\s+)?" + _PETS + r"(?:['’]s)?\b", re.I)
# "the vet put our cat on antibiotics": the animal treated
_PET_TREATED = re.compile(r"\b(?:put|puts|putting|gave|gives|giving|prescribed|started)\s+(?:my|our|the)\s+(?:[\w-]+['’]s\s+)?" + _PETS + r"\b", re.I)
# "pick up my mom's prescription for losartan": the relative whose medicine it is
_THEIR_MEDICINE = re.compile(r"\b(?:my|our)\s+(?P<rel>[a-z-]+)['’]s\s+(?:\w+\s+)?(?:prescription|meds|medication|medicine|pills|tablets|refill|"
                             r"inhaler|injection|dose)s?\b|\b(?:my|our)\s+(?P<owner>[a-z-]+)['’]s\s+(?:(?:daily|usual|new|regular)\s+)?$", re.I)
_LEAD_WORDS = r"^(?:(?:so|and|also|btw|oh|ok|okay|well|plus|update|fyi)[\s,:]+)*"
_BARE_RELATION = re.compile(_LEAD_WORDS + r"(?P<who>[A-Za-z-]+)(?:['’]s)?\s+" + _HEALTH_PREDICATE, re.I)
_BARE_NAME = re.compile(_LEAD_WORDS + r"(?P<who>[A-Z][a-z]{1,14})(?:['’]s)?\s+" + _HEALTH_PREDICATE)
_NOT_A_NAME = frozenset({
    "i", "my", "the", "this", "that", "it", "we", "you", "he", "she", "they", "our", "your", "his", "her", "their", "there",
    "doctor", "doc", "dr", "nurse", "pharmacist", "dentist", "gp", "allergist", "everyone", "nobody", "someone", "today",
    "yesterday", "tomorrow", "also", "just", "still", "now", "been", "got", "allergic", "allergy", "allergies", "diagnosed",
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "who", "what", "which", "everything", "nothing",
    "im", "ive", "id", "ill", "dont", "cant", "wont", "isnt", "its", "severely", "very", "really", "pretty", "super", "mildly", "kinda",
    "totally", "definitely", "apparently", "turns", "recently", "finally", "currently", "officially", "both", "anyone", "everybody",
    "somebody", "people", "kids", "children", "family", "everyone's", "new", "old", "mine", "one", "none", "all", "some",
})


_PRONOUN_LEAD = re.compile(_LEAD_WORDS + r"(?P<pro>she|he)(?:['’]?s|\s+is|\s+has|\s+was)?\b", re.I)
# relations as recorded (people.kin), by the pronoun that stands for them
_FEMALE = frozenset({"wife", "daughter", "mother", "sister", "girlfriend", "grandmother", "aunt", "niece", "mother-in-law",
                     "sister-in-law", "daughter-in-law", "stepmother", "stepdaughter", "granddaughter", "goddaughter", "godmother"})
_MALE = frozenset({"husband", "son", "father", "brother", "boyfriend", "grandfather", "uncle", "nephew", "fiance",
                   "father-in-law", "brother-in-law", "son-in-law", "stepfather", "stepson", "grandson", "godson", "godfather"})
_MY_RELATION = re.compile(r"\b(?:my|our)\s+(?P<rel>[a-z]+(?:-in-law)?)\b", re.I)


def _last_relation(before: str, female: bool) -> str | None:
    """The person "he"/"she" stands for when the clause before left it to the user: the last relative of
    that gender named earlier in the message ("strawberries give my husband hives, and he's allergic to ...")."""
    wanted = _FEMALE if female else _MALE
    rels = [rel for m in _MY_RELATION.finditer(before) if (rel := kin(m.group("rel"))) in wanted]
    return rels[-1] if rels else None


def health_subject(f: Found, ctx: Context) -> str:
    """The clause's subject, or a bare name or relation that opens a health statement when the general
    subject finder saw none ("Emma has a severe peanut allergy", "mom's on Eliquis now")."""
    low = f.clause.text
    pet = _PET.match(low) or _PET_TREATED.search(low)
    if pet:
        return pet.group("pet").lower()  # "my cat has diabetes": the pet's condition, not the user's
    if ctx.subject != "me":
        return ctx.subject
    pronoun = _PRONOUN_LEAD.match(low)
    if pronoun:
        rel = _last_relation(f.text[: f.clause.start], pronoun.group("pro").lower().startswith("s"))
        return ctx.known.get(rel, rel).lower() if rel else ctx.subject
    m = _BARE_RELATION.match(low)
    rel = kin(m.group("who")) if m else None
    if rel:
        return ctx.known.get(rel, rel).lower()
    m = _BARE_NAME.match(low)
    if m is None or m.group("who").lower() in _NOT_A_NAME or kin(m.group("who")):
        return ctx.subject
    start = f.clause.start + m.start("who")
    if any(x.start <= start < x.end for kind in ("drug", "allergen", "condition", "place") for x in f.of(kind)):
        return ctx.subject  # "Penicillin is ...", "Shrimp makes ...": a thing, not a person
    return m.group("who").lower()




def _specific_first(reactions: list[re.Match[str]]) -> list[re.Match[str]]:
    """"break out in hives": the named reaction, not the verb, is the reaction (the verb stays when alone)."""
    vague = re.compile(r"(?:break|broke|swell)", re.I)
    named = [r for r in reactions if not vague.match(r.group())]
    return named + [r for r in reactions if vague.match(r.group()) and not any(n.start() > r.start() for n in named)]


_MEAL_TIMING = re.compile(r"(?:with|before|after)\s", re.I)  # "with food" yields to "twice a day"


_NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "half a": "0.5", "a half": "0.5",
                 "half": "0.5", "1/2": "0.5"}
_UNIT_NAMES = ((r"milligram(?:me)?s?", "mg"), (r"micrograms?", "mcg"), (r"grams?", "g"), (r"millilit(?:er|re)s?", "ml"),
               (r"tabs?", "tablets"), (r"caps", "capsules"))


def normalise_dose(text: str) -> str:
    """"20mg" -> "20 mg", "200 milligrams" -> "200 mg", "one tablet" -> "1 tablet": a number and its unit."""
    low = re.sub(r"\s+", " ", text.strip())
    for word, digits in _NUMBER_WORDS.items():
        low = re.sub(rf"^{word}\b", digits, low, flags=re.I)
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([^\d\s].*?)", low)
    if not m:
        return low
    unit = m.group(2)
    for pat, short in _UNIT_NAMES:
        if re.fullmatch(pat, unit, re.I):
            unit = short
    if m.group(1) == "1" and unit in ("tablets", "capsules"):
        unit = unit[:-1]
    return f"{m.group(1)} {unit}"


# prescription shorthand (Latin sig codes) as the words a patient would say
_SIG_CODES = {"qd": "once a day", "od": "once a day", "bid": "twice a day", "bd": "twice a day", "tid": "three times a day",
              "tds": "three times a day", "qid": "four times a day", "qds": "four times a day", "qhs": "at bedtime",
              "qod": "every other day", "qam": "every morning", "qpm": "every evening", "prn": "as needed"}


def normalise_frequency(text: str) -> str:
    """"3x a day" -> "3 times a day", "bid" -> "twice a day", "q8h prn" -> "every 8 hours as needed", lower case."""
    low = re.sub(r"\s+", " ", text.strip().lower())
    low = {"a day": "daily", "per day": "daily", "a week": "weekly", "per week": "weekly"}.get(low, low)
    low = re.sub(r"\bq\s?(\d+)\s?h(?:rs?)?\b", r"every \1 hours", low)
    low = re.sub(r"\b[a-z]{2,3}\b", lambda m: _SIG_CODES.get(m.group(), m.group()), low)
    return re.sub(r"\b(\d+)\s*x\b", lambda m: "once" if m.group(1) == "1" else "twice" if m.group(1) == "2" else f"{m.group(1)} times", low)


@_about_others
def medication(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    others = [*f.of("person"), *f.of("place"), *f.of("org")]  # "my wife Hana": a name is never a drug
    drugs = [d for d in f.of("drug") if (d.start, d.end) not in used and not any(d.overlaps(o) for o in others)]
    if not drugs:
        return []
    low = f.clause.text
    stop = bool(cues.MED_STOP.search(low))
    if (cues.MED_HEDGE.search(low) or _NOT_A_USE.search(low) or _MED_WHAT_IF.search(low)) and not stop:
        return []  # asked about, considered or never taken ("should I take ...", "might start ...")
    if not stop:  # "on blood thinners, so no aspirin for him": the drug ruled out is not taken
        drugs = [d for d in drugs if not _RULED_OUT.search(text_before(f, d, 30))]
        if not drugs:
            return []
    if not _taking(f, drugs, stop):
        return []
    cancel = bool(re.search(r"\bcancel", low, re.I))
    not_started = cues.MED_NOT_STARTED.search(low) is not None or _declined_next(f)
    doses = list(cues.DOSE.finditer(f.text, f.clause.start, f.clause.end))
    freq = cues.FREQUENCY.search(low)
    switched = re.search(r"\b(?:switch(?:ed|ing)?|chang(?:ed|ing))\b", low, re.I)
    doctor = next((p for p in f.of("person") if p.attrs.get("relation") == "doctor"), None)
    out: list[Draft] = []
    freqs = list(cues.FREQUENCY.finditer(f.text, f.clause.start, f.clause.end))
    for i, d in enumerate(drugs):
        used.add((d.start, d.end))
        name = d.attrs.get("spelled") or re.sub(r"\s+", " ", d.text.lower())  # as said, a typo as the table spells it
        name = _ABBREVIATED.sub("vitamin ", name)  # "vit D" is recorded as "vitamin d"
        if name.endswith("s") and name[:-1] in drug_lexicon().entries and name not in _PLURAL_NAMES:
            name = name[:-1]  # "two epipens" is the EpiPen
        slots: dict[str, Any] = {"name": name, "drug_class": (d.attrs.get("drug_class") or "").lower() or None}
        # a drug's own details follow it, up to the next drug ("X 10 mg every morning and Y 20mg at night")
        seg_end = drugs[i + 1].start if i + 1 < len(drugs) else f.clause.end
        old = bool(re.search(r"\b(?:from|off(?:\s+of)?)\s+(?:the\s+|my\s+)?$", text_before(f, d, 14), re.I))
        bare = re.match(r"\s+(\d+(?:\.\d+)?)\b(?!\s*(?:%|years?|days?|weeks?|times?|x\b|[/.:]\d))", f.text[d.end : f.clause.end])
        if bare is not None and not any(x.start() <= d.end + bare.start(1) < x.end() for x in doses):
            slots["dose"] = f"{bare.group(1)} mg"  # a bare strength after a drug name is in milligrams
        own = [x for x in doses if d.end <= x.start() < seg_end]
        dose = own[0] if own else min(doses, key=lambda x: min(abs(x.start() - d.end), abs(d.start - x.end())), default=None)
        near = dose is not None and (dose in own or min(abs(dose.start() - d.end), abs(d.start - dose.end())) <= 12)
        if "dose" not in slots and dose is not None and not (old and switched) and (len(drugs) == 1 or near):
            slots["dose"] = normalise_dose(dose.group())
            doses.remove(dose)
        own_freq = sorted((x for x in freqs if d.end <= x.start() < seg_end), key=lambda x: (_MEAL_TIMING.match(x.group()) is not None, x.start()))
        fq = own_freq[0] if own_freq else (freq if len(drugs) == 1 else None)
        if fq is not None and not (old and switched):
            slots["frequency"] = normalise_frequency(f.text[fq.start() : _as_needed_end(f.text, fq.end(), seg_end)])
        if doctor is not None and not (old and switched) and re.search(r"prescri|\bput\s+(?:\w+\s+){1,2}on\b|gave|giv(?:e|es|en|ing)\b|started|\brx\b|\bfrom\s+(?:dr|doctor)|switched|"
                                             r"changed|upped|increased|lowered|reduced|\b(?:wants|has)\s+(?:me|him|her)\s+on\b|recommended|"
                                             r"told\s+(?:me|him|her)\s+to\s+(?:take|start)", low, re.I):
            slots["prescriber"] = re.sub(r"^(?:my|our|his|her|their)\s+", "", doctor.text, flags=re.I)  # as written ("Dr Liu", "Dr. Haddad")
        day_only: dict[str, int] = {}
        for m in free_dates(f):
            if m.value.end is not None:
                # a course "for 10 days starting today" ends on its 10th day, not the day after
                last = m.value.end - dt.timedelta(days=1) if m.attrs.get("pattern") == "duration" and m.attrs.get("unit", "").rstrip("s") != "day" \
                    and m.value.end > m.value.start else m.value.end  # dates.span_end already counts "10 days" inclusively
                slots["start"], slots["stop"] = iso(m.value.start), iso(last)
                continue
            b = text_before(f, m, 40)
            ended = stop or (switched is not None and old) or re.search(r"\b(?:until|till|through|end(?:s|ing)?)\b", b, re.I)
            slot = "stop" if ended else "start"
            if slot == "start" and (not _STARTED.search(low) or _ERRAND.search(low)):
                continue  # "my pharmacy refilled my Eliquis today" dates the refill, not the start
            if slot not in slots:
                slots[slot] = iso(m.value.start)
                day_only |= bare_day(slot, m)
        win_lo = drugs[i - 1].end if i else f.clause.start
        stop_here = any(win_lo <= f.clause.start + x.start() < seg_end for x in cues.MED_STOP.finditer(low))
        this_stop = (stop and len(drugs) == 1 and not switched) or stop_here or (switched is not None and old)
        if this_stop:
            slots["status"] = "stopped"
        # decided against: the drug that is not already "my ..." ("don't take the tramadol with my fluoxetine ... not going to start it")
        declined = not_started and not this_stop and (len(drugs) == 1 or not _FOR_SOMEONE.search(text_before(f, d, 30)))
        if declined:
            slots["status"] = "cancelled"
        out.append(Draft("Medication", d.value.lower(), {k: v for k, v in slots.items() if v}, clause_span(f), _taker(f, ctx, d),
                         "cancel" if cancel or declined else "assert", correction=this_stop or cancel or declined, day_only=day_only,
                         hint="medication"))
    return out


_ABBREVIATED = re.compile(r"^vit\.?\s+")
# "every 8 hours as needed", "q8h prn": a schedule and its as-needed proviso are one frequency
_AS_NEEDED_TAIL = re.compile(r"[\s,]*(?:prn|as\s+(?:needed|required)|if\s+needed|when\s+needed)\b", re.I)


def _as_needed_end(text: str, end: int, limit: int) -> int:
    """Where a frequency ends once an as-needed proviso right after it is included."""
    m = _AS_NEEDED_TAIL.match(text, end, limit)
    return m.end() if m else end


def _taker(f: Found, ctx: Context, drug: Mention) -> str:
    """Who takes the drug: the clause's subject, or the relative whose prescription it is when the user only
    handles it ("need to pick up my mom's prescription for losartan")."""
    who = health_subject(f, ctx)
    theirs = _THEIR_MEDICINE.search(text_before(f, drug, 50)) if who == "me" else None
    rel = kin(theirs.group("rel") or theirs.group("owner") or "") if theirs else None
    return ctx.known.get(rel, rel).lower() if rel else who


_PLURAL_NAMES = frozenset({"statins", "antibiotics", "steroids", "painkillers", "antihistamines", "antidepressants", "blood thinners",
                           "probiotics", "multivitamins", "water pills", "sleeping pills"})
# a preference, a condition or a question about a medicine states no use of it ("I'd rather not take antibiotics
# unless I have to", "the nurse asked whether I take blood thinners")
_NOT_A_USE = re.compile(r"\b(?:rather\s+not|prefer\s+not|unless\s+(?:I|we|he|she|they)\s+(?:have|need|really)|"
                        r"(?:asked|asks|asking|ask)\s+(?:me\s+|him\s+|her\s+)?(?:whether|if)|wants?\s+to\s+know\s+(?:whether|if)|"
                        # a permission reported ("the pharmacist said I can take ibuprofen with it") is no use yet
                        r"(?:said|says|told\s+(?:me|him|her))\s+(?:that\s+)?(?:I|he|she|we|they|it's|it\s+is)\s+"
                        r"(?:can|could|may|(?:fine|ok|okay|safe)\s+to)\s+(?:take|use|have))\b", re.I)
# "no aspirin for him", "avoid ibuprofen", "instead of Advil": the drug named is the one not taken
_RULED_OUT = re.compile(r"\b(?:no|avoid(?:s|ed|ing)?|without|instead\s+of|rather\s+than|except)\s*$", re.I)
_ON_DRUG = re.compile(r"\bon(?:\s+(?:a|the|my|his|her|their|daily|low|high|low-dose|high-dose|new|some)){0,2}\s*$", re.I)
_FOR_SOMEONE = re.compile(r"\b(?:my|his|her|their|our|mom's|dad's)\s+(?:[\w-]+\s+)?$|\bfor\s+(?:my|his|her|their|the)\b", re.I)


# what dates the start of a medication ("started me on ... today", "put on X last week", "took two Advil this morning")
_STARTED = re.compile(r"\b(?:start\w*|began|begin\w*|since|from|prescri\w*|put\s+(?:\w+\s+){1,2}on|(?:got|been|was|were)\s+(?:\w+\s+)?on|"
                      r"new|took|taken|taking|gave|given|switch\w*|for\s+\d+\s+days|course)\b", re.I)


_ERRAND = re.compile(r"\b(?:pick(?:ing)?\s+up|collect(?:ing)?|refill(?:ing|ed)?|renew(?:ing|ed)?|order(?:ing|ed)?)\b", re.I)


def _declined_next(f: Found) -> bool:
    """"... the tramadol with my fluoxetine... so I'm not going to start it": the next clause declines the
    drug by pronoun, naming no drug of its own."""
    tail = re.split(r"[.!?]\s+\w[^.!?]*[.!?]", f.text[f.clause.end : f.clause.end + 90], maxsplit=1)[0]
    m = cues.MED_NOT_STARTED.search(tail)
    return bool(m and re.match(r"\W*(?:\w+\W+){0,2}?(?:it|them|that|those)\b", tail[m.end() :], re.I)
                and not drug_lexicon().pattern.search(tail))


def _taking(f: Found, drugs: list[Mention], stop: bool) -> bool:
    """Whether the clause says someone takes (or took) the drug, not just names it ("the pharmacist said
    ibuprofen is fine"): a taking or stopping word, a dose, a frequency, or a possessive ("my Eliquis")."""
    low = f.clause.text
    if stop or cues.DOSE.search(low) or cues.FREQUENCY.search(low):
        return True
    for cue in cues.MED.finditer(low):
        # a bare "on" takes only where a drug follows ("is on Eliquis", "on the pill"), not "an ad on TV"
        if not re.fullmatch(r"on\b.*", cue.group(), re.I | re.S) or any(
                _ON_DRUG.search(text_before(f, d, 30)) for d in drugs):
            return True
    if any(_FOR_SOMEONE.search(text_before(f, d, 30)) for d in drugs) or re.search(r"\bfor\s+(?:my|his|her|their)\b", low, re.I):
        return True
    if f.of("condition") and re.search(r"\b(?:for|got|get|gets|getting)\b", low, re.I):
        return True  # "got amoxicillin for an ear infection": a drug for a condition is a drug taken
    # a bare list ("Ventolin, Eliquis and metformin") or a note-like clause that is mostly the drug name
    words = re.findall(r"[A-Za-z]+", low)
    return len(words) <= len(drugs) * 2 + 2 and not re.search(
        r"\b(?:is|are|was|were|said|says|read|heard|has|have|had|contains?|like|love|hate|want|buy|bought|sells?|mentioned|"
        r"suggested|recommended|brought|talked|discussed|asked|saw|seen)\b", low, re.I)


# a condition named as the topic of something else is not a diagnosis ("my diabetes nurse", "an asthma clinic")
_AS_MODIFIER = re.compile(r"\s+(?:nurse|clinic|appointment|appt|specialist|doctor|consultant|team|test|testing|screening|check-?up|check|"
                          r"research|awareness|charity|walk|run|fundraiser|support\s+group|education|class|course|ward|unit|centre|center|"
                          r"risk|vaccine|jab|shot|booster|camp|month|week|fundraising|"
                          # "a cold brew", "a cold shower": the word in a compound that is no illness
                          r"brew|drink|beer|shower|snap|front|weather|water|call|case|war|feet|hands|plunge|spell|day|night|morning|one|"
                          # "her celiac friend": someone outside the family, with no record of their own
                          r"friends?|coworkers?|colleagues?|neighbou?rs?|guests?|customers?|clients?|patients?|students?|classmates?|people)\b", re.I)
# "no diabetes", "negative for covid", "free of cancer": the condition named is ruled out
_DENIED = re.compile(r"\b(?:no|not|without|free\s+of|negative\s+for|clear\s+of)\s+(?:signs?\s+of\s+)?(?:\w+\s+)?$", re.I)
# what dates a condition: "diagnosed with X in March", "had covid last week", "since 2019"
_SINCE = re.compile(r"\b(?:diagnos\w*|since|found\s+out|told|developed|as\s+of|start(?:ed|ing)|began|got|caught|came\s+down\s+with|"
                    r"had|discovered|confirmed|tested\s+positive)\b", re.I)


def _not_future(day: dt.date, today: dt.date) -> dt.date:
    """A diagnosis "in january" said in March is last January: a year-less date of the past is not next year's."""
    if day > today:
        try:
            earlier = day.replace(year=day.year - 1)
        except ValueError:
            return day
        return earlier if earlier <= today else day
    return day


# "beat breast cancer", "survived a stroke", "kicked the flu": an illness overcome
_RECOVERED = re.compile(r"\b(?:beat|survived|kicked|shook\s+off|fought\s+off)\s+(?:the\s+|my\s+|his\s+|her\s+|their\s+|a\s+)?(?=\w)", re.I)


def _trailing_if(hedge: re.Match[str], conds: list[Mention], offset: int) -> bool:
    """"fructose intolerant - bloating if I eat too much fruit": an "if" after every condition named
    sets when a symptom comes, it does not make the condition hypothetical."""
    return hedge.group().lower().startswith("if") and all(offset + hedge.start() > c.end for c in conds)


@_about_others
def condition(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    conds = [c for c in f.of("condition") if (c.start, c.end) not in used]
    low = f.clause.text
    # in an allergy clause only a condition that is not itself the allergen counts ("... trigger my asthma")
    conds = [c for c in conds if not (cues.ALLERGY.search(low) and any(a.start <= c.start and c.end <= a.end for a in f.of("allergen")))]
    conds = [c for c in conds if not _AS_MODIFIER.match(f.text, c.end, f.clause.end) and not _DENIED.search(text_before(f, c, 24))]
    stated = any(re.search(r"(?:\bis|'s|\bhas|\bbeen|\bwas)\b", c.text, re.I) for c in conds)  # "blood pressure's been high"
    # "mom's type 2 diabetic", "my partner's endometriosis": a contracted "is" or a possessive names the person's condition
    stated = stated or any(re.search(r"\w['’]s\s+$", text_before(f, c, 4)) for c in conds)
    recovered = _RECOVERED.search(low)
    if not conds or not (stated or recovered or cues.CONDITION.search(low) or cues.ALLERGY.search(low)):
        return []
    resolved = bool(cues.CONDITION_RESOLVED.search(low) or recovered)
    if not resolved and any(not _trailing_if(h, conds, f.clause.start) for h in cues.CONDITION_NOT.finditer(low)):
        return []  # denied, suspected, tested for, or someone else's risk ("I don't have diabetes", "might have gout")
    out = []
    for c in conds:
        used.add((c.start, c.end))
        slots: dict[str, Any] = {"name": c.value}
        # only a day dates a diagnosis: "in 2019" or "in March" is too vague to record as a date
        since = next((d for d in free_dates(f) if getattr(d.value, "precision", "day") == "day"), None)
        if since is not None and not resolved and _SINCE.search(low):  # a date by a recovery is its end
            slots["since"] = iso(_not_future(since.value.start, ctx.today))
        if resolved:
            slots["status"] = "resolved"
        for who in _joint_subjects(f, ctx) or [health_subject(f, ctx)]:
            out.append(Draft("Condition", c.value.lower(), dict(slots), clause_span(f), who))
    return out
