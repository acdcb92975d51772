"""Decide which frames a clause evokes and fill their slots from the detected candidates.

Deterministic wherever the text is clear (trigger words + candidate types). What stays open —
which of two frames a clause means, which of two same-typed dates is which — goes to ``ask``,
which returns a default when there is no model. Each anchoring candidate (the place of a trip, the
drug of a medication, the service of a subscription …) anchors at most one fact.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.extract import cues
from engine.extract.dates import DateValue
from engine.extract.detect import Found
from engine.extract.mentions import Mention

Ask = Callable[[str, str, dict[str, tuple[str, ...]], dict[str, str | None]], dict[str, str | None]]


@dataclass
class Draft:
    """A fact before entity resolution: slots are JSON values, ``key`` the normalized entity key."""

    frame: str
    key: str
    slots: dict[str, Any]
    span: tuple[int, int]
    subject: str = "me"
    op: str = "assert"
    extractor: str = "detector"
    confidence: float = 0.9
    correction: bool = False
    day_only: dict[str, int] = field(default_factory=dict)
    hint: str = ""  # what to look for in prior facts when the key is empty ("flight", "appointment")


@dataclass
class Context:
    subject: str
    known: dict[str, str]  # relation -> name, from earlier Person facts
    ask: Ask
    today: dt.date
    prior_people: set[tuple[str, str]] = field(default_factory=set)
    last_dated: Draft | None = None  # the latest fact with a date, for "actually, make that the 12th"


def _iso(d: dt.date | None) -> str | None:
    return d.isoformat() if d else None


def _before(f: Found, m: Mention, n: int = 40) -> str:
    return f.text[max(f.clause.start, m.start - n) : m.start]


def _first(pat_list: list[tuple[re.Pattern[str], str]], text: str) -> str | None:
    for pat, value in pat_list:
        if pat.search(text):
            return value
    return None


def _span(f: Found, *ms: Mention | None) -> tuple[int, int]:
    return (f.clause.start, f.clause.end)


def _dates(f: Found, used: set[tuple[int, int]] | None = None) -> list[Mention]:
    return [d for d in f.of("date") if used is None or (d.start, d.end) not in used]


def _day_only(slot: str, m: Mention | None) -> dict[str, int]:
    if m is not None and isinstance(m.value, DateValue) and m.value.day_only:
        return {slot: m.value.start.day}
    return {}


def _same_month_after(start: dt.date, day: int) -> dt.date | None:
    """A bare day after a start date ("leaving the 3rd of January, home the 11th"): the first such day after it."""
    y, m = start.year, start.month
    for _ in range(2):
        try:
            cand = dt.date(y, m, day)
        except ValueError:
            cand = None
        if cand is not None and cand >= start:
            return cand
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return None


def _assign_two(f: Found, ctx: Context, a: Mention, b: Mention, roles: tuple[str, str], what: str) -> tuple[Mention, Mention]:
    """Two single dates with no cue: the model says which is which; default earlier = first role."""
    first, second = sorted((a, b), key=lambda m: m.value.start)
    opts = (first.value.start.isoformat(), second.value.start.isoformat())
    res = ctx.ask(
        f.clause.text,
        f"Which date is the {what} {roles[0]} and which the {roles[1]}?",
        {roles[0]: opts, roles[1]: opts},
        {roles[0]: opts[0], roles[1]: opts[1]},
    )
    r0, r1 = res.get(roles[0]), res.get(roles[1])
    if r0 == opts[1] and r1 != opts[1]:
        return second, first
    return first, second


# -- travel -------------------------------------------------------------------------------------

_FLIGHT_CODE = re.compile(r"\b(?P<f>[A-Z]{2}|[A-Z]\d|\d[A-Z])\s?(?P<n>\d{1,4})\b")


def carrier_slots(f: Found, used: set[tuple[int, int]]) -> dict[str, Any]:
    """Carrier, transport and flight number: "Lufthansa LH2473", "delta 4412", "AC 857", "flight BA 117"."""
    from engine.extract.orgs import airline_codes

    out: dict[str, Any] = {}
    carrier = next((o for o in f.of("org") if o.attrs.get("org_kind") in ("airline", "rail")), None)
    if carrier is not None:
        out["carrier"] = carrier.value
        used.add((carrier.start, carrier.end))
        out["transport"] = "train" if carrier.attrs["org_kind"] == "rail" else "flight"
        code = carrier.attrs.get("code")
        num = re.match(r"\s*(?:flight\s+)?#?(?:(?P<c>[A-Z]{2}|[A-Z]\d|\d[A-Z])\s?)?(?P<n>\d{1,4})\b", f.text[carrier.end : f.clause.end])
        if code and num and (num.group("c") in (None, code)):
            out["flight"] = f"{code}{num.group('n')}"
            return out
    codes = airline_codes()
    for fl in _FLIGHT_CODE.finditer(f.clause.text):
        known = fl.group("f") in codes
        if fl.group("f") in ("AM", "PM") or not (known or re.search(r"\bflight", f.clause.text, re.I)):
            continue
        out["flight"] = f"{fl.group('f')}{fl.group('n')}"
        if known and "carrier" not in out:
            out["carrier"], out["transport"] = codes[fl.group("f")], "flight"
        break
    return out


_SOMEDAY = cues._w(r"some\s?day", r"one\s+day", r"who\s+knows", r"if\s+I\s+ever", "bucket list", r"would\s+love\s+to", r"dream(?:ing)?\s+of")


def trip(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    low = f.clause.text
    strong = bool(cues.TRIP_STRONG.search(low))
    places = [p for p in f.of("place") if (p.start, p.end) not in used]
    origin = [p for p in places if re.search(r"\bfrom\s+(?:the\s+)?$", _before(f, p, 12), re.I)
              and not re.search(r"\bback\s+from\s+(?:the\s+)?$", _before(f, p, 16), re.I)]
    places = [p for p in places if p not in origin]
    if origin and not places and not cues.TRIP_STRONG.search(low):
        return []
    if re.search(r"\b(?:live|lives|living|born|grew\s+up|from)\s+in\b", low, re.I) and not cues.TRIP.search(low):
        return []
    cancel = cues.cancelled(low)
    correction = bool(cues.CORRECTION.search(low)) or cancel
    taken_before = set(used)
    carrier_named = any(o.attrs.get("org_kind") in ("airline", "rail") for o in f.of("org"))
    if not ((cues.TRIP.search(low) or (carrier_named and places and _dates(f))) and (places or ((strong or cancel) and (correction or _dates(f))))):
        return []
    if _SOMEDAY.search(low) and not _dates(f):  # a wish with no date is not a plan
        return []
    dest = next((p for p in places if p.attrs["place"] != "country"), places[0] if places else None)
    country = dest.attrs["country"] if dest else None
    if dest is not None:
        for p in places:
            if p.attrs["country"] == country:
                used.add((p.start, p.end))
    slots: dict[str, Any] = {}
    if dest is not None:
        slots.update(destination=dest.value, country=country)  # region: a named part of a country, never a continent
    day_only: dict[str, int] = {}
    dates = _dates(f, used)
    for d in dates:
        used.add((d.start, d.end))
    start_m = end_m = None
    rng = next((d for d in dates if d.value.end is not None), None)
    if rng is not None:
        slots["start"], slots["end"] = _iso(rng.value.start), _iso(rng.value.end)
    else:
        singles = list(dates)
        roles: dict[str, Mention] = {}
        for d in singles:
            b = _before(f, d, 30)
            if cues.RETURN.search(b):
                roles.setdefault("end", d)
            elif cues.DEPART.search(b):
                roles.setdefault("start", d)
        rest = [d for d in singles if d not in roles.values()]
        if len(rest) == 1 and not roles:
            back = cues.RETURN_ANY.search(f.text, f.clause.start, rest[0].start)
            if back and not cues.DEPART.search(_before(f, rest[0], 30)):
                roles["end"] = rest.pop()
        if "start" not in roles and "end" not in roles and len(rest) >= 2:
            start_m, end_m = _assign_two(f, ctx, rest[0], rest[1], ("start", "end"), "trip")
        else:
            start_m = roles.get("start") or (rest.pop(0) if rest and "start" not in roles else None)
            end_m = roles.get("end") or (rest.pop(0) if rest and "end" not in roles and start_m is not None else None)
        if start_m is not None:
            slots["start"] = _iso(start_m.value.start)
            day_only |= _day_only("start", start_m)
        if end_m is not None:
            end = end_m.value.start
            if end_m.value.day_only and start_m is not None:
                end = _same_month_after(start_m.value.start, end_m.value.start.day) or end
            slots["end"] = _iso(end)
            if start_m is None:
                day_only |= _day_only("end", end_m)
    slots["transport"] = _first(cues.TRANSPORT, low) or _first(cues.TRANSPORT[-1:], f.text)  # "Cruise! We board in ..."
    slots["purpose"] = _first(cues.PURPOSE, low)
    slots.update(carrier_slots(f, used))
    if slots.get("transport") is None and slots.get("carrier"):
        slots["transport"] = "flight" if "flight" in slots else None
    cost = next((m for m in f.of("money")), None)
    if cost is not None:
        slots["cost"], slots["currency"] = cost.value, cost.attrs.get("currency")
        used.add((cost.start, cost.end))
    status = None
    if cancel:
        status = "cancelled"
    elif cues.BOOKED.search(low) and not cues.NOT_BOOKED.search(low):
        status = "booked"
    elif f.past and cues.TAKEN.search(low):
        status = "taken"
    elif cues.PLANNED.search(low):
        status = "planned"
    if status:
        slots["status"] = status
    key = (country or (dest.value.lower() if dest else "")).upper() if country else (dest.value.lower() if dest else "")
    slots = {k: v for k, v in slots.items() if v is not None}
    if not dest and not correction:
        used.intersection_update(taken_before)  # nothing anchored: leave the dates to other frames
        return []
    hint = "flight" if re.search(r"\bfl(?:y|ight|ew)", low, re.I) else "trip"
    if not dest:
        key = ""
    return [Draft("Trip", key, slots, _span(f), ctx.subject, "cancel" if cancel else "assert",
                  correction=correction, day_only=day_only, hint=hint)]


def travel_document(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    docs = [d for d in f.of("doc") if (d.start, d.end) not in used]
    if not docs:
        return []
    low = f.clause.text
    if not cues.DOC_POSSESS.search(low) and not f.of("date"):
        return []
    if re.match(r"\s+(?:application|appointment|photos?|office|form|renewal\s+form)\b", f.text[docs[0].end : f.clause.end], re.I):
        return []
    if cues.DEADLINE.search(low) and not re.search(r"expir|valid|issued|runs\s+out|good\s+(?:until|till|through)|\bends\b|lost|stolen|number|entry", low, re.I):
        return []
    if re.search(r"\b(?:apply|applying|need|get)\s+(?:for\s+)?(?:a|an|the)\b", low, re.I) and not re.search(r"expir|valid|issued", low, re.I):
        return []
    doc = docs[0]
    used.add((doc.start, doc.end))
    country = None
    nat = [n for n in f.of("nationality") if abs(n.end - doc.start) <= 12 or abs(doc.end - n.start) <= 12]
    if not nat and len(docs) == 1 and len(f.of("nationality")) == 1:
        nat = f.of("nationality")  # "passport no. is X123, Irish, issued ...": one document, one nationality
    near = [p for p in f.of("place") if 0 <= doc.start - p.end <= 2]
    if nat:
        country = nat[0].value
    elif doc.text.lower() == "esta":
        country = "US"
    elif near:
        country = near[0].attrs["country"]
        used.add((near[0].start, near[0].end))
    else:
        after = [p for p in f.of("place") if p.start >= doc.end and re.match(r"^\s*(?:for|to)\s+(?:the\s+)?$", f.text[doc.end : p.start], re.I)]
        if after:
            country = after[0].attrs["country"]
            used.add((after[0].start, after[0].end))
    slots: dict[str, Any] = {"kind": doc.value}
    if country:
        slots["country"] = country
    day_only: dict[str, int] = {}
    roles: dict[str, Mention] = {}
    dates = _dates(f, used)
    for d in dates:
        b = f.text[max(f.clause.start, doc.start) : d.start] if d.start > doc.start else _before(f, d, 40)
        b = b[-50:]
        if cues.DOC_EXPIRES.search(b):
            roles.setdefault("expires", d)
        elif cues.DOC_ISSUED.search(b):
            roles.setdefault("issued", d)
    rest = [d for d in dates if d not in roles.values()]
    if not roles and len(rest) >= 2:
        roles["issued"], roles["expires"] = _assign_two(f, ctx, rest[0], rest[1], ("issued", "expires"), doc.value)
    elif rest and _first(cues.DOC_STATUS, low) == "lost":
        pass
    elif rest and "expires" not in roles and (not f.past or re.search(r"expir|valid|runs\s+out|good\s+(?:until|till)", low, re.I)):
        roles["expires"] = rest[0]
    elif rest and "issued" not in roles:
        roles["issued"] = rest[0]
    valid_for = re.search(r"\b(?:good|valid)\s+for\s+(?P<n>\d+|one|two|three|four|five|six|ten)\s+(?P<u>years?|months?|days?|weeks?)\b", low, re.I)
    if valid_for and "expires" not in roles:
        from engine.extract.dates import _add, _num

        base = roles["issued"].value.start if "issued" in roles else ctx.today
        slots["expires"] = _iso(_add(base, _num(valid_for.group("n")), valid_for.group("u").rstrip("s")))
        if "issued" not in roles and re.search(r"\b(?:from\s+today|renewed|got|issued|received)\b", low, re.I):
            slots["issued"] = _iso(ctx.today)
    for slot, m in roles.items():
        used.add((m.start, m.end))
        slots[slot] = _iso(m.value.end or m.value.start) if slot == "expires" else _iso(m.value.start)
        day_only |= _day_only(slot, m)
    if f.of("entries"):
        slots["entries"] = f.of("entries")[0].value
    if f.of("docnum"):
        slots["number"] = f.of("docnum")[0].value
    status = _first(cues.DOC_STATUS, low)
    if status == "expired" and "expires" in slots and dt.date.fromisoformat(slots["expires"]) > ctx.today:
        status = None
    cancel = cues.cancelled(low)
    if cancel:
        status = "cancelled"
    if status:
        slots["status"] = status
    key = f"{doc.value}:{country or ''}"
    return [Draft("TravelDocument", key, slots, _span(f), ctx.subject, "cancel" if cancel else "assert",
                  correction=bool(cues.CORRECTION.search(low)) or status is not None, day_only=day_only, hint=doc.value)]


# -- health -------------------------------------------------------------------------------------

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
    severity = _first(cues.SEVERITY, low)
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
        out.append(Draft("Allergy", a.value.lower(), {k: v for k, v in slots.items() if v}, _span(f), ctx.subject,
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
        old = bool(re.search(r"\b(?:from|off(?:\s+of)?)\s+(?:the\s+|my\s+)?$", _before(f, d, 14), re.I))
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
        for m in _dates(f):
            if m.value.end is not None:
                slots["start"], slots["stop"] = _iso(m.value.start), _iso(m.value.end)
                continue
            b = _before(f, m, 40)
            ended = stop or (switched is not None and old) or re.search(r"\b(?:until|till|through|end(?:s|ing)?)\b", b, re.I)
            slot = "stop" if ended else "start"
            if slot not in slots:
                slots[slot] = _iso(m.value.start)
                day_only |= _day_only(slot, m)
        win_lo = drugs[i - 1].end if i else f.clause.start
        stop_here = any(win_lo <= f.clause.start + x.start() < seg_end for x in cues.MED_STOP.finditer(low))
        this_stop = (stop and len(drugs) == 1 and not switched) or stop_here or (switched is not None and old)
        if this_stop:
            slots["status"] = "stopped"
        out.append(Draft("Medication", d.value.lower(), {k: v for k, v in slots.items() if v}, _span(f), ctx.subject,
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
        since = next(iter(_dates(f)), None)
        if since is not None and not cues.CONDITION_RESOLVED.search(low):  # a date by a recovery is its end
            slots["since"] = _iso(since.value.start)
        if cues.CONDITION_RESOLVED.search(low):
            slots["status"] = "resolved"
        out.append(Draft("Condition", c.value.lower(), slots, _span(f), ctx.subject))
    return out


# -- calendar -----------------------------------------------------------------------------------

_TITLE_SKIP = {"a", "an", "the", "my", "our", "his", "her", "their", "your", "this", "that", "next", "big", "have", "has",
               "got", "i", "we", "is", "at", "on", "for", "with", "to", "in", "of", "and", "annual", "important", "booked",
               "scheduled", "s", "another", "some", "upcoming", "first", "'s", "there", "there's", "it"}


def _extend(low: str, end: int) -> int:
    """Extend an event cue over the cue words that follow it ("anniversary dinner", "dentist appointment")."""
    while True:
        nxt = re.match(r"\s+([\w-]+)", low[end:])
        if not nxt or not (nxt.group(1).lower() in _EVENT_NOUNS or any(p.fullmatch(nxt.group(1)) for p, _k in cues.EVENT_KINDS)):
            return end
        end += nxt.end()


_EVENT_NOUNS = {"anniversary", "birthday", "appointment", "session", "sessions", "reservation", "follow-up", "party", "dinner"}


def _title(f: Found, m: re.Match[str], end: int | None = None) -> str:
    words = re.findall(r"[\w'’-]+", f.clause.text[: m.start()])
    lead: list[str] = []
    for w in reversed(words[-2:]):
        if w.lower() in _TITLE_SKIP or re.match(r"^\d+$", w) or w.lower() in ("tomorrow", "today", "tonight"):
            break
        lead.insert(0, w)
    end = m.end() if end is None else end
    title = " ".join([*lead, f.clause.text[m.start() : end]])
    tail = re.match(r"\s+with\s+(?:my\s+|the\s+|our\s+)?(?:Dr\.?\s+)?(?:(?!(?i:on|at|in|for|next|this|tomorrow|today|tonight|from|to|morning|afternoon|evening|night|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)\b)[\w'’-]+\s*){1,3}",
                    f.clause.text[end:])
    if tail:
        title += tail.group()
    return re.sub(r"\s+", " ", title).strip()


def event(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    low = f.clause.text
    hit: re.Match[str] | None = None
    kind = None
    for pat, k in cues.EVENT_KINDS:
        for m in pat.finditer(low):
            if re.search(r"\b(?:can't|cant|cannot|can\s+not|won't|not|skip(?:ping)?|miss(?:ing)?)\s+(?:\w+\s+){0,2}$", low[max(0, m.start() - 25) : m.start()], re.I):
                continue  # "can't do drinks tomorrow": an event declined is not scheduled
            if hit is None or m.start() < hit.start():
                hit, kind = m, k
            break
    if hit is None:
        return []
    dates = [d for d in _dates(f) if (d.start, d.end) not in used]
    cancel = cues.cancelled(low)
    correction = bool(cues.CORRECTION.search(low)) or cancel
    if not dates and not correction:
        return []
    if re.search(r"\bdeadline\b|\b(?:is|are)\s+due\b|\b(?:registration|enrol?lment|applications?|entries|nominations?|sign-?ups?)\b.{0,40}?\b(?:closes?|close|ends?)\b",
                 low, re.I) and not cues.EVENT_NOUN_FIRST.match(low):
        return []  # "X request: deadline Sept 12", "the rest is due March 1" state a deadline, not an event
    if kind == "other" and not dates:
        return []
    if kind == "social" and hit.group().lower() in ("date", "play", "show", "game", "match", "test", "movie") and not dates:
        return []
    if dates and re.search(r"\b(?:by|before|no\s+later\s+than)\s+(?:the\s+)?$", _before(f, dates[0], 20), re.I) and cues.DEADLINE.search(low):
        return []  # "get the MOT done by the 30th": a deadline, not an appointment
    title = _title(f, hit, _extend(low, hit.end()))
    title = re.sub(r"^(?:(?:yesterday|today|tomorrow|tonight)['’]s)\s+", "", title, flags=re.I)
    title = re.sub(r"\s+date$", "", title) if kind == "appointment" else title  # "Surgery date confirmed"
    slots: dict[str, Any] = {"title": title, "kind": kind}
    day_only: dict[str, int] = {}
    if dates:
        d = dates[-1] if correction and len(dates) > 1 else dates[0]
        used.add((d.start, d.end))
        slots["start"] = _iso(d.value.start)
        if d.value.end and correction and re.search(r"\bfrom\b", d.text, re.I):
            slots["start"] = _iso(d.value.end)
        elif d.value.end:
            slots["end"] = _iso(d.value.end)
        day_only = _day_only("start", d)
    if f.of("time"):
        slots["time"] = f.of("time")[-1 if correction else 0].value
    place = next((p for p in f.of("place") if (p.start, p.end) not in used), None)
    at = re.search(r"\b(?:at|in)\s+(?:the\s+)?(?P<p>[A-Z][\w'’]+(?:\s+[A-Z][\w'’]+){0,3})", f.clause.text)
    if place is not None:
        slots["place"] = place.value
        used.add((place.start, place.end))
    elif venue := re.search(r"\b(?:at|to)\s+the\s+(?P<v>hospital|clinic|surgery|office|gym|school|church|airport|station|town\s+hall|library|dentist's|vet's|pool|stadium|park)\b", f.clause.text, re.I):
        slots["place"] = venue.group("v").lower()
    elif at and not re.match(r"(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Dr)\b", at.group("p")):
        slots["place"] = at.group("p")
    people = [str(p.value) for p in f.of("person") if p.value]
    if people:
        slots["people"] = people
    if cancel:
        slots["status"] = "cancelled"
    elif f.past and re.search(r"\b(?:had|went|did|attended|was)\b", low, re.I) and slots.get("start", "9999") <= ctx.today.isoformat():
        slots["status"] = "done"
    key = title.lower() if not slots.get("start") else f"{title.lower()}:{slots['start']}"
    return [Draft("Event", key, slots, _span(f), ctx.subject, "cancel" if cancel else "assert", correction=correction,
                  day_only=day_only, hint=hit.group().lower())]


_DUE_SUBJECT = re.compile(r"^(?:(?:the|my|our|a|an)\s+)?(?P<s>(?:[^,.;!?]|(?<=\d)[,.](?=\d)){2,60}?)\s+(?:(?:is|are|was)\s+)?due\b", re.I)
_PASSIVE = re.compile(r"^(?:(?:the|my|our|a|an)\s+)?(?P<s>[\w'’ -]{2,40}?)\s+(?:needs|need|has|have|must|should)\s+(?:to\s+)?be\s+(?P<a>\w+)\s+(?:by|before|until)\b", re.I)
_ACTION = re.compile(
    r"\b(?:need|needs|have|has|got|must|should|want|remember|gotta)\s+(?:to\s+)?(?P<a>\w+)\s+(?:in\s+)?(?P<s>(?:(?:my|our|the|a|an|his|her)\s+)?[\w'’ -]{2,50}?)\s+(?:by|before|until|no\s+later\s+than|on)\b",
    re.I,
)
_HAS_DEADLINE = re.compile(r"^(?:(?:the|my|our|a|an)\s+)?(?P<s>[\w'’ -]{2,50}?)\s+(?:has|have|had)\s+(?:a|its|their)\s+deadline\b", re.I)
_DEADLINE_OF = re.compile(r"\bdeadline\s+(?:for|to|of)\s+(?P<s>[\w'’ -]{2,50}?)\s+(?:is|was|on|by)\b", re.I)


_SUBMIT_IN = re.compile(r"^(?:(?:the|my|our|a|an)\s+)?(?P<s>[\w'’+ -]{2,50}?)\s+(?:has|have|must|needs?|should)\s+(?:to\s+)?(?:be|get)\s+in\s+(?:by|before)\b", re.I)
_BACK_BY = re.compile(r"\b(?:wants?|needs?|expects?)\s+(?:(?:the|my|our|a|an|his|her)\s+)?(?P<s>[\w'’+ -]{2,50}?)\s+back\s+(?:by|before)\b", re.I)
_CLOSES = re.compile(r"^(?:(?:the|my|our|a|an)\s+)?(?P<s>[\w'’+ -]{2,60}?)\s+(?:closes?|close|ends?|closing|shuts?)\b", re.I)
_LABEL = re.compile(r"^(?:(?:the|my|our|a|an)\s+)?(?P<s>[\w'’+ -]{2,60}?)\s*[:-–]\s*(?:the\s+)?deadline\b", re.I)
_DUE_BACK = re.compile(r"^(?:(?:the|my|our|a|an)\s+)?(?P<s>[\w'’+ -]{2,50}?)\s+(?:(?:is|are)\s+)?due\s+back\b", re.I)


def _lemma(verb: str) -> str:
    """The base form of an action verb ("paid" -> "pay", "submitted" -> "submit", "filed" -> "file")."""
    v = verb.lower()
    irregular = {"paid": "pay", "sent": "send", "done": "do", "got": "get", "made": "make", "brought": "bring"}
    if v in irregular:
        return irregular[v]
    for suffix, repl in (("itted", "it"), ("ied", "y"), ("ed", "e"), ("ed", "")):
        if v.endswith(suffix) and len(v) > len(suffix) + 2:
            base = v[: -len(suffix)] + repl
            if suffix == "ed" and repl == "e" and not re.search(r"(?:[^aeiou][aeiou][cgsvz]|iz|us|[^aeiou]l|at|il)$", v[:-2]):
                continue
            return base
    return v


def _implied_action(about: str) -> str | None:
    from engine.extract.tables import rows

    table = {r[0]: r[1] for r in rows("deadline_actions.tsv")}
    for word in reversed(re.findall(r"[a-z]+", about.lower())):
        if word in table:
            return table[word]
    return None


_NOT_YET = re.compile(r"\b(?:will|won't|going\s+to|gonna|need(?:s)?\s+to|have\s+to|has\s+to|must|should|hope|plan|if|get\s+it|want(?:s)?)\b", re.I)


def deadline(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    low = f.clause.text
    met = cues.DEADLINE_MET.search(low) if cues.DEADLINE_DONE.search(low) else None
    if met is not None and not f.past and _NOT_YET.search(low[: met.start()]):
        met = None  # "I'll have filed my taxes by then", "need it submitted": not done yet
    if met is not None and not cues.DEADLINE.search(low) and not f.of("money"):
        about = met.group("s").strip()
        return [Draft("Deadline", about.lower(), {"about": about, "status": "done"}, _span(f), ctx.subject, correction=True, hint="deadline")]
    if not cues.DEADLINE.search(low):
        return []
    dates = [d for d in _dates(f) if (d.start, d.end) not in used]
    done = bool(cues.DEADLINE_DONE.search(low)) and f.past
    if not dates and not done:
        return []
    subject = action = None
    m = _PASSIVE.search(low)
    special = [(p, a) for p, a in ((_SUBMIT_IN, "submit"), (_BACK_BY, "return"), (_DUE_BACK, "return"), (_LABEL, None)) if p.search(low)]
    if special:
        pat, action = special[0]
        subject = pat.search(low).group("s")  # type: ignore[union-attr]
        m = None
    elif m:
        action, subject = m.group("a").lower(), m.group("s")
        m = None
    elif (m := _ACTION.search(low)) is not None:
        action, subject = m.group("a").lower(), m.group("s")
    else:
        m2 = _DUE_SUBJECT.search(low) or _DEADLINE_OF.search(low) or _HAS_DEADLINE.search(low)
        if m2:
            subject = m2.group("s")
        else:
            m3 = re.search(r"\b(?P<a>submit|file|renew|pay|send|finish|apply\s+for|register\s+for|book|return|cancel|extend)\s+(?P<s>(?:(?:my|our|the|a|an)\s+)?[\w'’+ -]{2,40}?)\s+(?:by|before|until|within)\b", low, re.I)
            m4 = _CLOSES.search(low)
            if m3:
                action, subject = m3.group("a").lower(), m3.group("s")
            elif m4 and dates:
                subject = m4.group("s")
    if subject is None:
        return []
    subject = re.sub(r"\s+of\s+\S*\d[\d,.]*\s*\w*", "", subject.strip())
    subject = re.sub(r"^for\s+", "", subject.strip(), flags=re.I)
    subject = re.sub(r"^(?:my|our|the|a|an|his|her)\s+", "", subject.strip(), flags=re.I)
    subject = re.sub(r"\s+(?:done|sorted|finished|completed)$", "", subject)
    if action in ("get", "have") and re.search(r"\b(?:get|have)\s+.{2,50}?\s+done\b", low, re.I):
        action = f"{action} done"
    action = _lemma(action) if action and " " not in action else action
    if action in (None, "be", "get", "have", "do"):
        action = _implied_action(subject) or action
    slots: dict[str, Any] = {"about": subject, "action": action}
    day_only: dict[str, int] = {}
    if dates:
        d = next((d for d in dates if re.search(r"\b(?:by|before|until|due|is|on)\s*(?:the\s+)?$", _before(f, d, 12), re.I)), dates[0])
        used.add((d.start, d.end))
        slots["due"] = _iso(d.value.end or d.value.start)
        day_only = _day_only("due", d)
    if done:
        slots["status"] = "done"
    return [Draft("Deadline", subject.lower(), {k: v for k, v in slots.items() if v}, _span(f), ctx.subject,
                  correction=done, day_only=day_only, hint="deadline")]


# -- finance ------------------------------------------------------------------------------------

_CHARGED = re.compile(r"\b(?:charged|billed|debited|deducted|took|withdrew)\b(?!\s+(?:out|up|over)\b)", re.I)
# "charges me 15.99 a month" states the subscription's price; "charged me 11.99 again" is one payment
_RECURRING = re.compile(r"\b(?:a|per|each|every)\s+(?:month|year|week)\b|/\s*(?:mo|month|yr|year)\b|\b(?:monthly|yearly|annual(?:ly)?|subscri\w*|"
                        r"membership|signed\s+up|renew\w*|trial|plan)\b", re.I)


def subscription(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    svc = [o for o in f.of("org") if o.attrs.get("org_kind") == "service" and (o.start, o.end) not in used]
    if not svc:
        return []
    low = f.clause.text
    cancel = cues.cancelled(low)
    switched = re.search(r"\b(?:switch(?:ed|ing)?|mov(?:ed|ing)|chang(?:ed|ing))\s+from\b", low, re.I)
    if not (cues.SUBSCRIPTION.search(low) or cancel or f.of("money") or switched):
        return []
    out = []
    if switched and len(svc) > 1:
        old, new = svc[0], svc[1]
        used.update({(old.start, old.end), (new.start, new.end)})
        return [
            Draft("Subscription", old.value.lower(), {"service": old.value, "status": "cancelled"}, _span(f), ctx.subject, "cancel",
                  correction=True, hint="subscription"),
            Draft("Subscription", new.value.lower(), {"service": new.value}, _span(f), ctx.subject, hint="subscription"),
        ]
    if cancel and re.search(r"\bcancel\w*\b.{0,50}?\b(?:by|before)\s", low, re.I):
        cancel = False  # "cancel the free trial by the 11th": a deadline to cancel, not done yet
    s = svc[0]
    used.add((s.start, s.end))
    money = next(iter(f.of("money")), None)
    if money is not None and not cancel and _CHARGED.search(low) and not _RECURRING.search(low):
        # "Spotify charged me 11.99 again": a payment the service took, not a (re)subscription
        used.add((money.start, money.end))
        paid: dict[str, Any] = {"payee": s.value, "amount": money.value, "currency": money.attrs.get("currency"),
                                "status": "done"}
        when = next(iter(_dates(f)), None)
        if when is not None:
            paid["date"] = _iso(when.value.start)
        return [Draft("Transfer", f"{s.value.lower()}:{money.value}", {k: v for k, v in paid.items() if v},
                      _span(f), ctx.subject, hint="transfer")]
    slots: dict[str, Any] = {"service": s.value}
    if money is not None:
        slots["amount"], slots["currency"] = money.value, money.attrs.get("currency")
        used.add((money.start, money.end))
    day_only: dict[str, int] = {}
    for d in _dates(f):
        if cues.RENEWAL.search(_before(f, d, 40)) or not cancel:
            slots["renewal"] = _iso(d.value.start)
            day_only = _day_only("renewal", d)
            break
    if cancel:
        slots["status"] = "cancelled"
    out.append(Draft("Subscription", s.value.lower(), slots, _span(f), ctx.subject, "cancel" if cancel else "assert",
                     correction=cancel or bool(cues.CORRECTION.search(low)), day_only=day_only, hint="subscription"))
    return out


def account(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    banks = [o for o in f.of("org") if o.attrs.get("org_kind") == "bank" and (o.start, o.end) not in used]
    low = f.clause.text
    if not banks or not cues.ACCOUNT.search(low):
        return []
    if cues.TRANSFER.search(low) and f.of("money") and not re.search(r"\b(?:limit|balance)\b", low, re.I):
        return []
    b = banks[0]
    used.add((b.start, b.end))
    kind = _first(cues.ACCOUNT_KIND, low) or ("credit_card" if b.value == "American Express" else None)
    slots: dict[str, Any] = {"institution": b.value, "kind": kind}
    for m in f.of("money"):
        ctx_text = f.text[max(f.clause.start, m.start - 30) : m.end + 20].lower()
        slot = "limit" if "limit" in ctx_text else "balance" if re.search(r"balance|have|\bput\b|deposit|\bleft\b|owe|outstanding|remaining|\bin\s+it\b", ctx_text) else None
        if slot and slot not in slots:
            slots[slot], slots["currency"] = m.value, m.attrs.get("currency")
            used.add((m.start, m.end))
    closed = bool(cues.ACCOUNT_CLOSED.search(low))
    cancel = bool(re.search(r"\bcancel", low, re.I)) and not closed
    if closed:
        slots["status"] = "closed"
    elif re.search(r"\bopened\b", low, re.I):
        slots["status"] = "open"
    if kind is None and not {"limit", "balance", "status"} & set(slots):
        used.discard((b.start, b.end))
        return []
    key = f"{b.value.lower()}:{kind or ''}"
    return [Draft("Account", key, {k: v for k, v in slots.items() if v}, _span(f), ctx.subject, "cancel" if cancel else "assert",
                  correction="status" in slots or cancel, hint="account")]


_PAYEE_NP = re.compile(
    r"\bto\s+(?:(?P<det>my|the|our|his|her|their)\s+)?(?:(?:new|old)\s+)?(?:(?:aunt|auntie|uncle|cousin|grandma|grandpa|granny|nana)\s+(?=[A-Z]))?"
    r"(?P<p>(?:[\w'’&.+-]+\s+){0,2}?[\w'’&.+-]+?)(?=\s+(?:by|for|in|on|at|from|via|before|after|today|tomorrow|yesterday|next|this|last|account|ending|and|with|because|so)\b|[,.;:!?)]|\s*$)")
_NOT_PAYEE = re.compile(r"^(?:me|you|him|her|them|us|it|do|be|pay|send|get|make|buy|the|a|an|\d.*)$", re.I)


def _payee_phrase(f: Found) -> str | None:
    """"to the university", "to the Kyoto guesthouse", "to GreenLeaf Ltd": a named or determined recipient."""
    for m in _PAYEE_NP.finditer(f.clause.text):
        p = m.group("p").strip()
        words = p.split()
        if _NOT_PAYEE.match(words[0]) or any(re.fullmatch(r"\d[\d,.]*|[$€£¥]\S*", w) for w in words):
            continue
        if not (m.group("det") or p[0].isupper()):
            continue
        if re.match(r"(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b", p):
            continue
        return p
    return None


def _payee(f: Found) -> tuple[str | None, Mention | None]:
    low = f.clause.text
    for p in f.of("person"):
        if f.text[p.end : p.end + 2] in ("'s", "’s"):
            continue  # "my daughter's tuition": whose it is, not who is paid
        if re.search(r"\bto\s+$", _before(f, p, 6), re.I) or re.search(r"\b(?:pay|paid|send|sent|venmo|venmo'?d|zelle|zelle'?d|reimburse|owe)\s+$", _before(f, p, 12), re.I):
            return (str(p.value) if p.value else str(p.attrs["relation"])), p
    role = re.search(r"\b(?:pay|paid|paying|reimburse[ds]?|owe[ds]?|tipp?ed)\s+(?:the|my|our)\s+(?P<p>[a-z][\w'’-]+)\s+(?=[$€£¥]|\d)", low, re.I)
    if role:
        return role.group("p"), None  # "paid the electrician 380 quid"
    phrase = _payee_phrase(f)
    if phrase:
        return phrase, None
    dep = re.search(r"\b(?:deposit|payment|down\s+payment)\s+(?:for|to|on)\s+(?:the\s+|my\s+|our\s+)?(?P<p>[\w'’ ]{2,30}?)(?=\s+(?:on|by|via|from|yesterday|today|last)\b|[,.;!?]|$)", low, re.I)
    if dep:
        return dep.group("p"), None
    m = re.search(r"\bto\s+(?:my\s+|the\s+|our\s+)?(?P<p>landlord|[A-Z][\w'’]+(?:\s+[A-Z][\w'’]+)?)", low)
    if m and not re.match(r"(?:January|February|March|April|May|June|July|August|September|October|November|December)\b", m.group("p")):
        return m.group("p"), None
    m = re.search(r"\b(?:pay|paid|send|sent|venmo(?:ed)?|venmo'd|zelle'?d|reimburse[d]?)\s+(?:back\s+)?(?P<p>[A-Z][\w'’]+)\b", f.clause.text, re.I)
    if m and not m.group("p")[0].isupper():
        m = None
    if m and m.group("p") not in ("I", "My"):
        return m.group("p"), None
    return None, None


_PAY_APPS = {"venmo", "zelle", "paypal", "cash app", "wise", "apple pay", "google pay"}


def transfer(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    low = f.clause.text
    money = [m for m in f.of("money") if (m.start, m.end) not in used]
    cancel = cues.cancelled(low)
    payment_word = re.search(r"\b(?:payments?|transfers?|wire)\b", low, re.I)
    settled = None if money else re.search(r"\b(?:paid|sent|transferred|wired|reimbursed)\s+(?:the|my|our)\s+(?P<p>[a-z][\w'’-]+)"
                                           r"(?=\s+(?:today|yesterday|back|in\s+full|off|at\s+last|finally)\b|\s*[,.;!]|\s*$)", low)
    if not cues.TRANSFER.search(low) or not (money or (cancel and payment_word) or (settled and f.past)) or cues.RULE_IF.search(low):
        return []
    payee, pm = _payee(f)
    if payee is None and settled is not None:
        payee = settled.group("p")  # "paid the contractor today": a payment made, amount said before
    req = re.search(r"(?:(?P<n>[A-Z][\w'’]+)|(?i:my)\s+(?P<r>\w+))\s+(?:asked|wants|requested|told|needs)\s+me\s+to", f.clause.text)
    requester = None
    if req:
        who = req.group("n") or req.group("r")
        requester = who.lower() if who.lower() in _RELATION_WORDS else who
        if payee is None and re.search(r"\b(?:to|into)\s+(?:her|his|their)\b", low, re.I):
            payee = requester  # "my landlord asked me to pay ... into his account"
    if payee is None and not req and not re.search(r"\b(?:transfer|wire|send|sent|venmo|zelle)", low, re.I):
        return []
    m = money[0] if money else None
    if m is not None:
        used.add((m.start, m.end))
    slots: dict[str, Any] = {"amount": m.value if m else None, "currency": m.attrs.get("currency") if m else None, "payee": payee}
    bank = next((o for o in f.of("org") if o.attrs.get("org_kind") == "bank" and o.value.lower() not in _PAY_APPS), None)
    if bank is not None:
        slots["account"] = bank.value
        used.add((bank.start, bank.end))
    ending = re.search(r"\baccount\s+(?:ending|ending\s+in|no\.?|number)\s+(?P<n>\d{3,})", low, re.I)
    if ending:
        slots["account"] = ending.group("n")
    subject = ctx.subject
    if req:
        slots["requested_by"] = requester
        subject = "me"  # "Dad wants me to send ...": the user sends; Dad asked
    if _dates(f):
        d = _dates(f)[0]
        slots["date"] = _iso(d.value.start)
        used.add((d.start, d.end))
    cancel = cues.cancelled(low)
    if cancel:
        slots["status"] = "cancelled"
    elif f.past and cues.DONE.search(low) and not req:
        slots["status"] = "done"
        slots.setdefault("date", ctx.today.isoformat())  # a payment made, no date said: made today
    else:
        slots["status"] = "requested"
    key = f"{str(slots.get('payee') or '').lower()}:{m.value if m else ''}"
    return [Draft("Transfer", key, {k: v for k, v in slots.items() if v}, _span(f), subject, "cancel" if cancel else "assert",
                  correction=cancel, hint="transfer")]


_RELATION_WORDS = {"dad", "mom", "mum", "mother", "father", "son", "daughter", "wife", "husband", "boss", "sister", "brother",
                   "landlord", "partner", "aunt", "uncle", "grandma", "grandpa", "friend", "parents"}


_ITEM = re.compile(
    r"\b(?:bought|purchased|ordered|picked\s+up|got|buying|splurged\s+on|returned|grabbed|snagged|treated\s+(?:myself|ourselves|us)\s+to|scored|"
    r"invested\s+in|placed\s+an\s+order\s+for|pre-?ordered|upgraded\s+to|went\s+ahead\s+and\s+(?:bought|got|ordered)|finally\s+(?:bought|got|ordered)|"
    r"sprang\s+for|sprung\s+for|shelled\s+out\s+for|paid\s+for)\s+(?:myself\s+|us\s+|her\s+|him\s+|ourselves\s+)?"
    r"(?:(?:a|an|the|some|my|our|new|brand-new|brand\s+new|used|refurbished|second-hand|secondhand|pair\s+of|couple\s+of|set\s+of)\s+)*(?P<i>[\w'’ -]{2,40}?)"
    r"(?=\s+(?:for|from|off|via|through|online|at|on|in|off|last|yesterday|today|this|which|that|and|with|to|it|\$|€|£)\b|[,.;!]|\s*[$€£]|$)",
    re.I,
)


_PAID_FOR = re.compile(
    r"\b(?:paid|spent|dropped|shelled\s+out)\s+(?:about\s+|around\s+)?[^\s,]*\d[\d,.]*\s*(?:[a-z]{1,6}|[€£$])?\s+(?:for|on)\s+"
    r"(?:(?:a|an|the|some|my|our|new|brand-new|used)\s+)*(?P<i>[\w'’ -]{2,40}?)(?=\s+(?:at|from|in|on|last|yesterday|today|this|which|that|and|with|to)\b|[,.;!]|$)",
    re.I,
)
_SPENT_AT = re.compile(r"\b(?:spent|paid|dropped)\s+(?:about\s+|around\s+)?\S*\d[\d,.]*\s*(?:[a-z]{1,6}|[€£$])?\s+at\s+(?P<v>[A-Z][\w'’&.]+(?:\s+[A-Z][\w'’&.]+){0,2})")


# things one "gets" or "pays for" that are not goods bought: messages, refunds, company
_NOT_ITEMS = (r"(?:voucher|refund|credit|text|message|call|email|e-mail|letter|notification|reply|offer|discount|reminder|"
              r"invite|invitation|quote|bill|invoice|both|us|two|everyone|all\s+of\s+us|the\s+two\s+of\s+us|each|myself|him|her|them)\b")


def purchase(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    low = f.clause.text
    if not (cues.PURCHASE.search(low) or cues.RETURNED.search(low)) or cues.RULE_IF.search(low):
        return []
    m = _ITEM.search(f.clause.text) or _PAID_FOR.search(f.clause.text)
    spent_at = _SPENT_AT.search(f.clause.text) if m is None else None
    if spent_at is None and (m is None or re.match(r"(?:tickets?|flights?|it|them|this|that|back|married|sick|home|within|by|in|on|for)\b", m.group("i"), re.I)
                             or re.match(_NOT_ITEMS, m.group("i"), re.I)):
        return []
    item = m.group("i").strip() if m else ""
    vendor = next((o for o in f.of("org") if o.attrs.get("org_kind") in ("vendor", "service") and (o.start, o.end) not in used), None)
    money = [x for x in f.of("money") if (x.start, x.end) not in used]
    if vendor is None and not money and not re.search(r"\breturn|warranty|bought|purchased|ordered|splurged", low, re.I):
        return []
    slots: dict[str, Any] = {"item": item or None}
    if vendor is not None:
        slots["vendor"] = vendor.value
        used.add((vendor.start, vendor.end))
    elif spent_at is not None:  # "spent 85 bucks at Trader Joe's"
        slots["vendor"] = spent_at.group("v")
    else:
        v = re.search(r"\b(?:from|at)\s+(?P<v>[A-Z][\w'’&.]+(?:\s+[A-Z][\w'’&.]+){0,2})", f.clause.text)
        if v:
            slots["vendor"] = v.group("v")
    if money:
        slots["amount"], slots["currency"] = money[0].value, money[0].attrs.get("currency")
        used.add((money[0].start, money[0].end))
    bought = ctx.today
    for d in _dates(f):
        b = _before(f, d, 40)
        if re.search(r"\b(?:deliver(?:ed|y|s|ing)?|arriv(?:es|ing|e)|ship(?:s|ping|ped)?|coming|comes|install(?:ed|ation)?)\s+(?:on\s+)?(?:the\s+)?$", b, re.I):
            continue  # a delivery date is not the purchase date
        if cues.RETURN_BY.search(b):
            slots["return_by"] = _iso(d.value.start)
        elif cues.WARRANTY_UNTIL.search(b):
            slots["warranty_until"] = _iso(d.value.start)
        elif "date" not in slots:
            slots["date"] = _iso(d.value.start)
            bought = d.value.start
    from engine.extract.dates import _add, _num

    tail = re.match(r"[^.!?]*", f.text[f.clause.start :])
    rw = cues.RETURN_WINDOW.search(tail.group() if tail else low)
    if rw and "return_by" not in slots:
        slots["return_by"] = _iso(_add(bought, _num(rw.group("n") or rw.group("n2") or rw.group("n3") or "30"), "day"))
    w = cues.WARRANTY.search(low)
    if w and "warranty_until" not in slots:
        slots["warranty_until"] = _iso(_add(bought, _num(w.group("n") or w.group("n2") or "1"), ("month" if (w.group("u") or w.group("u2") or "year").lower() == "month" else "year")))
    if cues.RETURNED.search(low):
        slots["status"] = "returned"
    elif "date" not in slots and (f.past or re.search(r"\b(?:bought|purchased|ordered|pre-?ordered|paid|spent|picked\s+up|grabbed|snagged|splurged|scored|sprang|sprung|shelled)\b", low, re.I)):
        slots["date"] = ctx.today.isoformat()  # bought, no date said: bought today
    slots = {k: v for k, v in slots.items() if v is not None}
    return [Draft("Purchase", (item or str(slots.get("vendor", ""))).lower(), slots, _span(f), ctx.subject, correction="status" in slots, hint="purchase")]


# -- people and preferences ---------------------------------------------------------------------

def person(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    out = []
    low = f.clause.text
    bday = re.search(r"\bbirthday\b|\bturns\s+\d{1,3}\b|\bturning\s+\d{1,3}\b", low, re.I)
    born = re.search(r"\bborn\s+(?:on\s+|in\s+)?(?:the\s+)?(?:\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)", low, re.I)
    for p in f.of("person"):
        rel = str(p.attrs.get("relation"))
        if rel == "doctor" and not re.search(r"\bmy\s+(?:doctor|gp|physician)\b", low, re.I):
            continue
        slots: dict[str, Any] = {"name": p.value, "relation": rel}
        if p.attrs.get("age") is not None:
            slots["age"] = int(p.attrs["age"])
        if (bday or born) and _dates(f):
            slots.update(_birthday(f, ctx, _dates(f)[0]))
        new = p.value is not None and (str(p.value).lower(), rel) not in ctx.prior_people
        if not (new or "age" in slots or "birthday" in slots):
            continue
        name = str(p.value) if p.value else ctx.known.get(rel)
        if name:
            slots["name"] = name
        key = (name or rel).lower()
        out.append(Draft("Person", key, {k: v for k, v in slots.items() if v is not None}, _span(f), "me"))
        ctx.prior_people.add(((name or "").lower(), rel))
    if bday and not out and _dates(f):
        m = re.search(r"(?P<n>[A-Z][a-z]+)'s\s+birthday", f.clause.text)
        if m and m.group("n") not in ("My", "I"):
            out.append(Draft("Person", m.group("n").lower(), {"name": m.group("n"), **_birthday(f, ctx, _dates(f)[0])}, _span(f)))
    return out


_TURNS = re.compile(r"\b(?:turns|turning|will\s+be|'ll\s+be|is\s+going\s+to\s+be|going\s+to\s+be)\s+(?P<n>\d{1,3})\b", re.I)


def _birthday(f: Found, ctx: Context, d: Mention) -> dict[str, Any]:
    """"turns 7 on March 3" / "birthday June 9, he'll be 40": the birth date and today's age; a
    birthday with no age keeps the next (or stated) date."""
    day = d.value.start
    turns = _TURNS.search(f.clause.text)
    if turns is None or d.value.explicit_year and day.year < ctx.today.year:
        return {"birthday": _iso(day)}
    n = int(turns.group("n"))
    try:
        born = day.replace(year=day.year - n)
    except ValueError:  # 29 February
        born = day.replace(year=day.year - n, day=28)
    return {"birthday": _iso(born), "age": n - 1 if day > ctx.today else n}


_LIMIT_WORDS = r"(?:over|under|above|below|more\s+than|less\s+than|no\s+more\s+than|at\s+most|max(?:imum)?|up\s+to|limit(?:ed)?\s+to)"
_TOPIC_STOP = {"me", "my", "i", "if", "book", "keep", "let", "any", "single", "is", "are", "was", "spend", "spending", "don't",
               "do", "not", "never", "please", "plz", "a", "an", "the", "to", "warn", "alert", "notify", "tell", "on", "for",
               "it", "that", "this", "our", "we", "whenever", "when", "each", "every", "monthly", "weekly", "total"}


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 4 and word.endswith("s") and not word.endswith("ss") else word


def _limit_topic(f: Found, money: Mention) -> str | None:
    """What a money limit is about: "spend over $300 at a restaurant" -> "restaurant"; "budget for eating
    out is 400 euros" -> "eating out"; "book hotels over 150 a night" -> "hotel per night"."""
    text = f.clause.text
    rel = money.start - f.clause.start
    after = re.match(r"\s*(?:a|per)?\s*(?:month|night|week|year)?\s*(?:at|on|for|in)\s+(?:a|an|the|any)?\s*(?P<t>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)",
                     text[money.end - f.clause.start :], re.I)
    budget = re.search(r"\bbudget\s+(?:for|on)\s+(?P<t>[\w -]{2,30}?)\s+(?:is|was|of|=|:)", text, re.I)
    before = re.search(r"(?P<t>(?:[\w-]+\s+){1,3}?)(?:is\s+|are\s+)?" + _LIMIT_WORDS + r"\s*$", text[:rel], re.I)
    topic = None
    if budget:
        topic = budget.group("t")
    elif before:
        words = [w for w in before.group("t").split() if w.lower() not in _TOPIC_STOP]
        topic = " ".join(words) or None
    if topic is None and after:
        topic = after.group("t")
    if topic is None:
        return None
    topic = " ".join(_singular(w) for w in topic.lower().split())
    period = re.search(r"\b(?:a|per|each)\s+(month|night|week|year)\b|\b(monthly|nightly|weekly|yearly)\b", text, re.I)
    if period:
        unit = (period.group(1) or period.group(2)).lower().removesuffix("ly")
        topic += f" per {'night' if unit == 'night' else unit}"
    return topic


def _constraint(low: str) -> tuple[str, str] | None:
    """"No meetings before 10am" -> (meeting, not before 10:00); "no layovers longer than 3 hrs" ->
    (layover, at most 3 hours); "never book me on a red-eye" -> (red-eye, never)."""
    m = re.search(r"\bno\s+(?P<t>[\w-]+)\s+(?P<w>before|after|earlier\s+than|later\s+than)\s+(?P<h>\d{1,2})(?::(?P<mi>\d\d))?\s*(?P<ap>am|pm)?", low, re.I)
    if m:
        h = int(m.group("h")) % 12 + (12 if (m.group("ap") or "").lower() == "pm" else 0) if m.group("ap") else int(m.group("h"))
        word = "before" if m.group("w").lower() in ("before", "earlier than") else "after"
        return m.group("t").lower(), f"not {word} {h:02d}:{m.group('mi') or '00'}"
    m = re.search(r"\bno\s+(?P<t>[\w-]+)\s+(?:longer|more)\s+than\s+(?P<n>\d+)\s*(?P<u>h(?:ou)?rs?|hours?|mins?|minutes?)\b", low, re.I)
    if m:
        unit = "hours" if m.group("u").lower().startswith("h") else "minutes"
        return m.group("t").lower(), f"at most {m.group('n')} {unit}"
    m = re.search(r"\bnever\s+(?:book|put|schedule|seat)\s+me\s+(?:on|in|at)\s+(?:a|an|the)?\s*(?P<t>[\w-]+)", low, re.I)
    if m:
        return m.group("t").lower(), "never"
    return None


_PREF_DROP = re.compile(r"\b(?:forget|drop|remove|delete|scrap|cancel|turn\s+off|get\s+rid\s+of|stop)\s+(?:the|my|that|this)\s+"
                        r"(?P<t>[\w-]+(?:\s+[\w-]+)?)\s+(?:limit|rule|alert|budget|preference|warning|cap)\b", re.I)


def preference(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    low = f.clause.text
    if f.clause.question:
        return []
    drop = _PREF_DROP.search(low)
    if drop:  # "forget the restaurant limit I set up"
        topic = " ".join(_singular(w) for w in drop.group("t").lower().split())
        return [Draft("Preference", topic, {"topic": topic, "status": "cancelled"}, _span(f), ctx.subject, "cancel", correction=True)]
    constraint = _constraint(low)
    if constraint:
        topic, value = constraint
        return [Draft("Preference", topic, {"topic": topic, "value": value}, _span(f), ctx.subject)]
    cue = cues.PREFERENCE.search(low)
    if cue is None:
        return []
    topic = _first(cues.PREF_TOPICS, low)
    money = next((m for m in f.of("money") if (m.start, m.end) not in used), None)
    if topic is None and money is None and not re.search(r"\b(?:prefer|favou?rite|love|hate|like|can't\s+stand|rather)\b", low, re.I):
        return []
    value = low[cue.start() :].strip(" .!")
    if topic is None:
        obj = re.search(r"\b(?:prefer|favou?rite|love|hate|like|dislike|enjoy|stand)\s+(?:\w+\s+)?(?:is\s+)?(?P<o>[\w'’ -]{2,40})", low, re.I)
        topic = (obj.group("o").split()[-1] if obj else "general").lower()
    slots: dict[str, Any] = {"topic": topic, "value": value}
    if money is not None and re.search(r"\b(?:spend|budget|more\s+than|over|under|limit|max|maximum|less\s+than)\b", low, re.I):
        slots["limit"], slots["currency"] = money.value, money.attrs.get("currency")
        slots["topic"] = _limit_topic(f, money) or topic
        del slots["value"]  # a limit is the value
        used.add((money.start, money.end))
    return [Draft("Preference", str(slots["topic"]), slots, _span(f), ctx.subject)]


BUILDERS: tuple[Callable[[Found, Context, set[tuple[int, int]]], list[Draft]], ...] = (
    allergy, travel_document, medication, condition, subscription, account, transfer, trip, event, deadline, purchase,
    preference,
)


def decide(f: Found, ctx: Context) -> list[Draft]:
    """All frames the clause evokes, in builder priority order; each anchor used once."""
    used: set[tuple[int, int]] = set()
    drafts: list[Draft] = []
    if f.clause.question and not cues.cancelled(f.clause.text):
        return person(f, ctx, used)
    competing = _competing(f)
    for build in BUILDERS:
        if build.__name__ in competing.skip:
            continue
        drafts += build(f, ctx, used)
    drafts = _settle_trip_vs_event(f, ctx, drafts)
    drafts += person(f, ctx, used)
    return drafts


@dataclass
class _Competition:
    skip: set[str] = field(default_factory=set)


def _competing(f: Found) -> _Competition:
    """Frames whose anchors would be stolen by an earlier builder for the wrong reason."""
    comp = _Competition()
    low = f.clause.text
    if cues.TRIP.search(low) and f.of("place") and not re.search(r"\b(?:due|deadline)\b", low, re.I):
        comp.skip.add("deadline")
    return comp


def _settle_trip_vs_event(f: Found, ctx: Context, drafts: list[Draft]) -> list[Draft]:
    """A clause that reads both as a trip and as an event ("flying to Berlin for a conference on
    the 3rd") states one fact: ask the model which; default is the trip."""
    trips = [d for d in drafts if d.frame == "Trip"]
    events = [d for d in drafts if d.frame == "Event"]
    if not trips or not events:
        return drafts
    ev = events[0]
    if ev.slots.get("kind") in ("appointment",) and not cues.TRIP_STRONG.search(f.clause.text):
        return [d for d in drafts if d is not trips[0]]
    res = ctx.ask(f.clause.text, "Which kind of fact does the sentence state?", {"frame": ("Trip", "Event")}, {"frame": "Trip"})
    drop = trips[0] if res.get("frame") == "Event" else ev
    kept = [d for d in drafts if d is not drop]
    if res.get("frame") == "Event":
        ev.extractor = "model"
    return kept
