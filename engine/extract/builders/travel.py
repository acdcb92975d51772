"""Trips and travel documents: destination, dates, carrier and flight; passports, visas and their validity."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from engine.extract import cues
from engine.extract.builders.base import (
    Context,
    Draft,
    assign_two,
    bare_day,
    clause_span,
    first_match,
    free_dates,
    iso,
    same_month_after,
    text_before,
)
from engine.extract.detect import Found
from engine.extract.mentions import Mention

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
    origin = [p for p in places if re.search(r"\bfrom\s+(?:the\s+)?$", text_before(f, p, 12), re.I)
              and not re.search(r"\bback\s+from\s+(?:the\s+)?$", text_before(f, p, 16), re.I)]
    places = [p for p in places if p not in origin]
    if origin and not places and not cues.TRIP_STRONG.search(low):
        return []
    if re.search(r"\b(?:live|lives|living|born|grew\s+up|from)\s+in\b", low, re.I) and not cues.TRIP.search(low):
        return []
    cancel = cues.cancelled(low)
    correction = bool(cues.CORRECTION.search(low)) or cancel
    taken_before = set(used)
    carrier_named = any(o.attrs.get("org_kind") in ("airline", "rail") for o in f.of("org"))
    if not ((cues.TRIP.search(low) or (carrier_named and places and free_dates(f))) and (places or ((strong or cancel) and (correction or free_dates(f))))):
        return []
    if _SOMEDAY.search(low) and not free_dates(f):  # a wish with no date is not a plan
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
    dates = free_dates(f, used)
    for d in dates:
        used.add((d.start, d.end))
    start_m = end_m = None
    rng = next((d for d in dates if d.value.end is not None), None)
    if rng is not None:
        slots["start"], slots["end"] = iso(rng.value.start), iso(rng.value.end)
    else:
        singles = list(dates)
        roles: dict[str, Mention] = {}
        for d in singles:
            b = text_before(f, d, 30)
            if cues.RETURN.search(b):
                roles.setdefault("end", d)
            elif cues.DEPART.search(b):
                roles.setdefault("start", d)
        rest = [d for d in singles if d not in roles.values()]
        if len(rest) == 1 and not roles:
            back = cues.RETURN_ANY.search(f.text, f.clause.start, rest[0].start)
            if back and not cues.DEPART.search(text_before(f, rest[0], 30)):
                roles["end"] = rest.pop()
        if "start" not in roles and "end" not in roles and len(rest) >= 2:
            start_m, end_m = assign_two(f, ctx, rest[0], rest[1], ("start", "end"), "trip")
        else:
            start_m = roles.get("start") or (rest.pop(0) if rest and "start" not in roles else None)
            end_m = roles.get("end") or (rest.pop(0) if rest and "end" not in roles and start_m is not None else None)
        if start_m is not None:
            slots["start"] = iso(start_m.value.start)
            day_only |= bare_day("start", start_m)
        if end_m is not None:
            end = end_m.value.start
            if end_m.value.day_only and start_m is not None:
                end = same_month_after(start_m.value.start, end_m.value.start.day) or end
            slots["end"] = iso(end)
            if start_m is None:
                day_only |= bare_day("end", end_m)
    slots["transport"] = first_match(cues.TRANSPORT, low) or first_match(cues.TRANSPORT[-1:], f.text)  # "Cruise! We board in ..."
    slots["purpose"] = first_match(cues.PURPOSE, low)
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
    return [Draft("Trip", key, slots, clause_span(f), ctx.subject, "cancel" if cancel else "assert",
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
    dates = free_dates(f, used)
    for d in dates:
        b = f.text[max(f.clause.start, doc.start) : d.start] if d.start > doc.start else text_before(f, d, 40)
        b = b[-50:]
        if cues.DOC_EXPIRES.search(b):
            roles.setdefault("expires", d)
        elif cues.DOC_ISSUED.search(b):
            roles.setdefault("issued", d)
    rest = [d for d in dates if d not in roles.values()]
    if not roles and len(rest) >= 2:
        roles["issued"], roles["expires"] = assign_two(f, ctx, rest[0], rest[1], ("issued", "expires"), doc.value)
    elif rest and first_match(cues.DOC_STATUS, low) == "lost":
        pass
    elif rest and "expires" not in roles and (not f.past or re.search(r"expir|valid|runs\s+out|good\s+(?:until|till)", low, re.I)):
        roles["expires"] = rest[0]
    elif rest and "issued" not in roles:
        roles["issued"] = rest[0]
    valid_for = re.search(r"\b(?:good|valid)\s+for\s+(?P<n>\d+|one|two|three|four|five|six|ten)\s+(?P<u>years?|months?|days?|weeks?)\b", low, re.I)
    if valid_for and "expires" not in roles:
        from engine.extract.dates import _add, _num

        base = roles["issued"].value.start if "issued" in roles else ctx.today
        slots["expires"] = iso(_add(base, _num(valid_for.group("n")), valid_for.group("u").rstrip("s")))
        if "issued" not in roles and re.search(r"\b(?:from\s+today|renewed|got|issued|received)\b", low, re.I):
            slots["issued"] = iso(ctx.today)
    for slot, m in roles.items():
        used.add((m.start, m.end))
        slots[slot] = iso(m.value.end or m.value.start) if slot == "expires" else iso(m.value.start)
        day_only |= bare_day(slot, m)
    if f.of("entries"):
        slots["entries"] = f.of("entries")[0].value
    if f.of("docnum"):
        slots["number"] = f.of("docnum")[0].value
    status = first_match(cues.DOC_STATUS, low)
    if status == "expired" and "expires" in slots and dt.date.fromisoformat(slots["expires"]) > ctx.today:
        status = None
    cancel = cues.cancelled(low)
    if cancel:
        status = "cancelled"
    if status:
        slots["status"] = status
    key = f"{doc.value}:{country or ''}"
    return [Draft("TravelDocument", key, slots, clause_span(f), ctx.subject, "cancel" if cancel else "assert",
                  correction=bool(cues.CORRECTION.search(low)) or status is not None, day_only=day_only, hint=doc.value)]
