"""Health frames: allergies (with reaction and severity), medications (dose, frequency, prescriber) and conditions."""

from __future__ import annotations

import re
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


def allergy(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    low = f.clause.text
    cue = cues.ALLERGY.search(low)
    if cue is None:
        return []
    stop_at = f.clause.end
    med = re.search(r"\b(?:so|but|and)\s+(?:I|she|he|they|we)?\s*(?:take|takes|taking|am\s+on|is\s+on|use)\b|\binstead\b", low[cue.end() :], re.I)
    if med:
        stop_at = f.clause.start + cue.end() + med.start()
    out: list[Draft] = []
    severity = first_match(cues.SEVERITY, low)
    reactions = list(cues.REACTIONS.finditer(f.text, f.clause.start, f.clause.end))
    resolved = bool(cues.ALLERGY_RESOLVED.search(low))
    retracted = not resolved and bool(cues.ALLERGY_RETRACTED.search(low))
    allergens = [a for a in f.of("allergen") if (a.start, a.end) not in used and a.start < stop_at]
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
        slots: dict[str, Any] = {"allergen": a.value, "allergen_class": a.attrs.get("allergen_class") or None}
        if severity:
            slots["severity"] = severity
        if reaction:
            slots["reaction"] = cues.reaction_name(reaction.group())
        if resolved:
            slots["status"] = "resolved"
        elif retracted:
            slots["status"] = "cancelled"
        out.append(Draft("Allergy", a.value.lower(), {k: v for k, v in slots.items() if v}, clause_span(f), ctx.subject,
                         "cancel" if retracted else "assert", correction=resolved or retracted))
    return out


_MEAL_TIMING = re.compile(r"(?:with|before|after)\s", re.I)  # "with food" yields to "twice a day"


def normalise_dose(text: str) -> str:
    """"20mg" -> "20 mg": a number and its unit, one space apart."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([^\d\s].*?)\s*", text)
    return f"{m.group(1)} {m.group(2)}" if m else text.strip()


def normalise_frequency(text: str) -> str:
    """"3x a day" -> "3 times a day", lower case."""
    low = re.sub(r"\s+", " ", text.strip().lower())
    return re.sub(r"\b(\d+)\s*x\b", lambda m: "once" if m.group(1) == "1" else "twice" if m.group(1) == "2" else f"{m.group(1)} times", low)


def medication(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    drugs = [d for d in f.of("drug") if (d.start, d.end) not in used]
    if not drugs:
        return []
    low = f.clause.text
    if re.search(r"\b(?:should\s+I|can\s+I|is\s+it\s+safe)\b", low, re.I):
        return []
    stop = bool(cues.MED_STOP.search(low))
    cancel = bool(re.search(r"\bcancel", low, re.I))
    doses = list(cues.DOSE.finditer(f.text, f.clause.start, f.clause.end))
    freq = cues.FREQUENCY.search(low)
    switched = re.search(r"\b(?:switch(?:ed|ing)?|chang(?:ed|ing))\b", low, re.I)
    doctor = next((p for p in f.of("person") if p.attrs.get("relation") == "doctor"), None)
    out: list[Draft] = []
    freqs = list(cues.FREQUENCY.finditer(f.text, f.clause.start, f.clause.end))
    for i, d in enumerate(drugs):
        used.add((d.start, d.end))
        slots: dict[str, Any] = {"name": d.text.lower(), "drug_class": d.attrs.get("drug_class") or None}
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
            slots["frequency"] = normalise_frequency(fq.group())
        if doctor is not None and re.search(r"prescri|\bput\s+(?:\w+\s+){1,2}on\b|gave|started|\brx\b|\bfrom\s+(?:dr|doctor)", low, re.I):
            slots["prescriber"] = re.sub(r"^(?:my|our)\s+", "", doctor.text)  # as written ("Dr Liu", "Dr. Haddad")
        day_only: dict[str, int] = {}
        for m in free_dates(f):
            if m.value.end is not None:
                slots["start"], slots["stop"] = iso(m.value.start), iso(m.value.end)
                continue
            b = text_before(f, m, 40)
            ended = stop or (switched is not None and old) or re.search(r"\b(?:until|till|through|end(?:s|ing)?)\b", b, re.I)
            slot = "stop" if ended else "start"
            if slot not in slots:
                slots[slot] = iso(m.value.start)
                day_only |= bare_day(slot, m)
        win_lo = drugs[i - 1].end if i else f.clause.start
        stop_here = any(win_lo <= f.clause.start + x.start() < seg_end for x in cues.MED_STOP.finditer(low))
        this_stop = (stop and len(drugs) == 1 and not switched) or stop_here or (switched is not None and old)
        if this_stop:
            slots["status"] = "stopped"
        out.append(Draft("Medication", d.value.lower(), {k: v for k, v in slots.items() if v}, clause_span(f), ctx.subject,
                         "cancel" if cancel else "assert", correction=this_stop or cancel, day_only=day_only, hint="medication"))
    return out


def condition(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    conds = [c for c in f.of("condition") if (c.start, c.end) not in used]
    low = f.clause.text
    # in an allergy clause only a condition that is not itself the allergen counts ("... trigger my asthma")
    conds = [c for c in conds if not (cues.ALLERGY.search(low) and any(c.overlaps(a) for a in f.of("allergen")))]
    if not conds or not (cues.CONDITION.search(low) or cues.ALLERGY.search(low)):
        return []
    out = []
    for c in conds:
        used.add((c.start, c.end))
        slots: dict[str, Any] = {"name": c.value}
        since = next(iter(free_dates(f)), None)
        if since is not None and not cues.CONDITION_RESOLVED.search(low):  # a date by a recovery is its end
            slots["since"] = iso(since.value.start)
        if cues.CONDITION_RESOLVED.search(low):
            slots["status"] = "resolved"
        out.append(Draft("Condition", c.value.lower(), slots, clause_span(f), ctx.subject))
    return out
