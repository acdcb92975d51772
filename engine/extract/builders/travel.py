"""Trips and travel documents: destination, dates, carrier and flight; passports, visas and their validity."""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
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
from engine.extract.dates import DateValue, month_end
from engine.extract.detect import Found
from engine.extract.mentions import Mention

_FLIGHT_CODE = re.compile(r"\b(?P<f>[A-Z]{2}|[A-Z]\d|\d[A-Z])\s?(?P<n>\d{1,4})\b")


# A clock time is the departure when a leaving word comes just before it ("leaves at 11:40pm",
# "departing 06:15", "flight at 7am") or a journey word just after it ("the 23:55 out of JFK",
# "the 7am train", "a 6:10 departure"); arrival and return words make it some other time.
_DEPART_BEFORE = re.compile(
    r"\b(?:leav(?:e|es|ing)|depart(?:s|ing|ure)?|take\s*-?\s*off|takes\s+off|taking\s+off|wheels\s+up|board(?:s|ing)?|"
    r"(?:flight|flights|plane|train|bus|coach|ferry|red-?eye|sleeper)|fly(?:ing)?(?:\s+out)?|flies|head(?:ing)?\s+out|set(?:ting)?\s+off)"
    r"\b[^.;!?\d]{0,24}?(?:at|@|is\s+at|on\s+the|-|–|:)?\s*$", re.I)
_ARRIVE_BEFORE = re.compile(r"\b(?:land(?:s|ing)?|arriv(?:e|es|ing|al)|gets?\s+in|getting\s+in|touch(?:es|ing)?\s+down|back|home|"
                            r"return(?:s|ing)?|check-?in|pick(?:ing)?\s+\w+\s+up|connection|layover)\b", re.I)
_JOURNEY_AFTER = re.compile(r"^\s*(?:(?:p\.?m\.?|a\.?m\.?)\s*)?(?:[A-Z]{2}\s?\d{1,4}\s+)?(?:flight|plane|train|bus|coach|ferry|red-?eye|sleeper|departure|"
                            r"out\s+of|from\s+[A-Z]|to\s+[A-Z]|overnight)\b", re.I)


def _follow_up_dates(f: Found) -> dict[str, Any]:
    """Dates a clause adds to the message's trip: a range, or days said to be the way out or back
    ("We fly out on March 3 and come back the 17th"), each read by the words just before it."""
    days = [d for d in f.of("date") if d.value.precision == "day"]
    if not days or len(days) > 2 or not cues.TRIP.search(f.text[: f.clause.start]):
        return {}
    if len(days) == 1 and days[0].value.end is not None:
        return {"start": iso(days[0].value.start), "end": iso(days[0].value.end)}
    if any(d.value.end is not None for d in days):
        return {}
    out: dict[str, Any] = {}
    lead = f.clause.start
    for d in days:
        before = f.text[max(lead, d.start - 30) : d.start]
        if cues.RETURN.search(before) or (len(days) == 1 and cues.RETURN_ANY.search(f.clause.text)):
            out.setdefault("end", iso(d.value.start))
        elif cues.DEPART.search(before):
            out.setdefault("start", iso(d.value.start))
        lead = d.end
    if "start" in out and "end" in out and out["end"] < out["start"]:
        return {}
    return out


def departure_time(f: Found) -> str | None:
    """The journey's local departure time as HH:MM, only when the text ties a clock time to leaving."""
    for t in f.of("time"):
        before = f.text[max(f.clause.start, t.start - 40) : t.start]
        after = f.text[t.end : min(f.clause.end, t.end + 24)]
        leaving = _DEPART_BEFORE.search(before)
        arriving = list(_ARRIVE_BEFORE.finditer(before))
        if arriving and (leaving is None or arriving[-1].start() > leaving.start()):
            continue
        if leaving or _JOURNEY_AFTER.match(after):
            return str(t.value)
    return None


def carrier_slots(f: Found, used: set[tuple[int, int]], follow_up: bool = True) -> dict[str, Any]:
    """Carrier, transport, flight number and departure time: "Lufthansa LH2473", "delta 4412", "AC 857",
    "flight BA 117", "the red-eye that leaves at 11:40pm". Also used for a follow-up clause of a trip
    ("Booked the 6:15 with TAP"), so it carries that clause's booked status too."""
    from engine.extract.orgs import airline_codes

    out: dict[str, Any] = {}
    departs = departure_time(f)
    if departs:
        out["departs"] = departs
    if cues.BOOKED.search(f.clause.text) and not cues.NOT_BOOKED.search(f.clause.text):
        out["status"] = "booked"
    mode = first_match(cues.TRANSPORT, f.clause.text)  # "I'll take the train from Amsterdam."
    if mode:
        out["transport"] = mode
    if follow_up and not f.of("place") and not f.of("doc"):
        out |= _follow_up_dates(f)  # "Trip to Mexico booked! July 5 to July 19"
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


_ARRIVING = cues._w(r"land(?:s|ing)?", r"arriv(?:e|es|ing)", r"get(?:ting)?\s+in", r"touch(?:es|ing)?\s+down")
_HYPOTHETICAL = re.compile(r"^\W*(?:(?:and|but|so|ok|okay|hmm|well)\W+)?(?:if|what\s+if|suppose|supposing|imagine|in\s+case|assuming|say)\s+"
                           r"(?:I|we|you|he|she|they|my|our|\w+)\b", re.I)
_EVENT_AWAY = cues._w("conference", "congress", "summit", "convention", r"trade\s+(?:fair|show)", "expo", "offsite", "workshop",
                      "seminar", "training", "wedding", "funeral", "reunion", "festival", "tournament", "marathon")
_TRAVEL_IN_MESSAGE = cues._w(r"fl(?:y|ying|ies|ew|own|ights?)", r"trains?", r"buses", "bus", "ferry", "drive", "driving", "hotel",
                             "airbnb", "airport", "layover", r"jet\s*lag")
_DURATION = re.compile(r"(?<!\bin\s)(?<!\bwithin\s)(?<!\bafter\s)(?<!\bevery\s)\b(?P<n>a|an|one|two|three|four|five|six|seven|eight|nine|ten|"
                       r"eleven|twelve|fourteen|\d{1,2})[\s-]*(?P<u>days?|nights?|weeks?|fortnight)\b(?!\s+(?:ago|later|before|after|from\s+now|earlier|away|notice))", re.I)
_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fourteen": 14}


def stay_days(text: str) -> int | None:
    """Days from the first to the last day of a stay said as a length: "a week" 7, "two weeks" 14,
    "a fortnight" 14, "5 nights" 5, "10 days" 9 (day 1 to day 10)."""
    m = _DURATION.search(text)
    if m is None:
        return None
    raw = (m.group("n") or "a").lower()
    n = int(raw) if raw.isdigit() else _NUMBER_WORDS.get(raw)
    unit = m.group("u").lower().rstrip("s")
    if n is None or n <= 0:
        return None
    if unit == "fortnight":
        return 14 * n
    if unit == "week":
        return 7 * n
    return n if unit == "night" else n - 1


_LENGTH_FROM = re.compile(r"(?P<len>(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})[\s-]*(?:days?|nights?|weeks?|fortnight))\s+"
                          r"(?:from|starting(?:\s+on)?|beginning)\s+", re.I)


def _length_from(f: Found, d: Mention, today: dt.date) -> Mention:
    """"(for) a week from the 14th" is a stay of a week starting the 14th, not the day a week after the 14th."""
    m = _LENGTH_FROM.match(d.text)
    if m is None:
        return d
    if not re.search(r"\b(?:for|spend(?:ing)?|spent|stay(?:ing)?|booked|in\s+\w+(?:\s+\w+)?)\s+$", text_before(f, d, 30), re.I):
        # "flying to Rome a week from Monday": one day, a week on; no length of stay
        return Mention(d.kind, d.start, d.end, d.text, dataclasses.replace(d.value, end=None), d.attrs)
    from engine.extract.dates import find_dates

    anchor = find_dates(f.text, d.start + m.end(), d.end, today)
    length = stay_days(m.group("len"))
    if not anchor or length is None:
        return d
    start = anchor[0].value.start
    value = dataclasses.replace(d.value, start=start, end=start + dt.timedelta(days=length))
    return Mention(d.kind, d.start, d.end, d.text, value, d.attrs)


def _roll_booked_forward(slots: dict[str, Any], dates: list[Mention], clause: str, today: dt.date) -> None:
    """"We booked ten days in Crete from 1 Sept": a booked trip lies ahead, though "booked" is past tense."""
    if "start" not in slots or any(d.value.explicit_year for d in dates) or cues.TAKEN.search(clause):
        return
    if re.search(r"\b(?:last|ago|previous|earlier\s+this|back\s+in)\b", clause, re.I):
        return
    if not cues.BOOKED.search(clause) or dt.date.fromisoformat(slots["start"]) >= today:
        return
    for slot in ("start", "end"):
        if slot in slots:
            day = dt.date.fromisoformat(slots[slot])
            try:
                slots[slot] = iso(day.replace(year=day.year + 1))
            except ValueError:
                slots[slot] = iso(day + dt.timedelta(days=365))


_BACK_FROM = cues._w(r"(?:just\s+)?(?:got\s+|get\s+|came\s+|flew\s+)?(?:back|home)\s+from", r"just\s+(?:got\s+)?back")
# travelled, said with the verb of the journey: "took the kids to Cornwall", "drove down on the 25th", "flew out to Oslo"
_TRAVELLED = cues._w(r"took\s+(?:(?:the|my|our)\s+)?\w+\s+to", r"drove\s+(?:down|up|over|out|to)", r"flew\s+(?:out|over|down|up|in|to)",
                     r"stayed\s+(?:in|at|with)", r"we\s+were\s+(?:in|at)")
_NOT_YET = cues._w("will", r"'ll", "when", "after", "once", "until", "till", "before", r"going\s+to", "gonna", "tomorrow", "next")
_OFF = re.compile(r"\s*(?:trip|holiday|vacation|visit|weekend|thing|plan)?\s*(?:is|'s|are|was)\s+(?:now\s+|totally\s+|definitely\s+)?(?:off|cancell?ed|canceled)\b", re.I)


def _called_off(f: Found, place: Mention) -> bool:
    """"Paris is off", "the Lisbon trip's cancelled": a place that is the subject of calling off."""
    lead = f.text[f.clause.start : place.start]
    return bool(re.fullmatch(r"\W*(?:(?:so|ok|well|and|but)\W+)?(?:the\s+|our\s+|my\s+)?", lead, re.I)) and bool(_OFF.match(f.text, place.end))


def _money_of(f: Found) -> Mention | None:
    """The trip's price: skips a number glued to a word ("Jet2 £1,120" is 1120, not 2)."""
    from engine.extract.money import find_money

    for m in f.of("money"):
        if m.start > 0 and f.text[m.start - 1].isalnum():
            rest = find_money(f.text, m.start + 1, f.clause.end)  # the amount the glued digit swallowed the symbol of
            return rest[0] if rest else None
        return m
    return None


# a yes/no question whose verb is the travel news itself: "would they cancel flights to Paris?", "is the Rome flight cancelled?"
_ASKS_ABOUT = re.compile(r"^\W*(?:(?:and|but|so|if\b[^,?]*?)\s*,?\s*)?(?:would|will|could|might|may|do|does|did|is|are|was|were)\b[^?]*?"
                         r"\b(?:cancel(?:l?ed|l?ing)?|call(?:ed)?\s+off|scrapp?ed)\b", re.I)
_SOMEDAY = cues._w(r"at\s+some\s+point", r"some\s?day", r"one\s+day", r"who\s+knows", r"if\s+I\s+ever", "bucket list", r"would\s+love\s+to", r"dream(?:ing)?\s+of")


_LEG_GAP = re.compile(r"[\s,:(–-]*(?:(?:from|on|for|between)\s+)?(?:the\s+)?")


def _legs(f: Found, places: list[Mention], used: set[tuple[int, int]]) -> list[tuple[Mention, Mention]]:
    """Stops of an itinerary: each place followed at once by its own date range."""
    ranges = [d for d in free_dates(f, used) if d.value.end is not None and d.value.precision == "day"]
    legs = []
    for p in places:
        d = next((d for d in ranges if d.start >= p.end and _LEG_GAP.fullmatch(f.text[p.end : d.start])), None)
        if d is not None and all(d is not other for _p, other in legs):
            legs.append((p, d))
    return legs


def _leg_drafts(f: Found, ctx: Context, legs: list[tuple[Mention, Mention]], used: set[tuple[int, int]]) -> list[Draft]:
    """One trip per stop, keyed by country and place so two stops in one country stay two trips."""
    low = f.clause.text
    shared: dict[str, Any] = {
        "transport": first_match(cues.TRANSPORT, low), "purpose": first_match(cues.PURPOSE, low),
        "status": "booked" if cues.BOOKED.search(low) and not cues.NOT_BOOKED.search(low) else
        "planned" if cues.PLANNED.search(low) else None,
    }
    out = []
    for place, d in legs:
        used.update({(place.start, place.end), (d.start, d.end)})
        slots = {"destination": place.value, "country": place.attrs["country"], "start": iso(d.value.start), "end": iso(d.value.end),
                 **{k: v for k, v in shared.items() if v}}
        key = f"{place.attrs['country']}:{place.value.lower()}"
        out.append(Draft("Trip", key, slots, clause_span(f), ctx.subject, hint="trip"))
    return out


# A standing instruction to the assistant ("remind me a week before any passport expires", "warn me if my visa
# runs out before a trip", "tell me whenever I book a flight") sets up a rule; it states no fact about the user.
_ASK_ME = re.compile(r"\b(?:remind|warn|alert|notify|tell|ping|flag|nudge|let)\s+(?:me|us)\s+(?:know\s+)?", re.I)
_GENERAL = re.compile(
    r"\b(?:whenever|anytime|every\s*time|each\s+time)\b"
    r"|\b(?:any|every|each|all)\s+(?:of\s+(?:my|our|the)\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:passports?|visas?|e-?visas?|documents?|ids?|id\s+cards?|licen[cs]es?|trips?|flights?|bookings?|holidays?|"
    r"subscriptions?|meds|medications?|medicines?|prescriptions?|refills?|pills?|drugs?|doses?)\b", re.I)


def user_rule(f: Found) -> bool:
    """Whether the clause asks for a rule rather than stating a fact: "any"/"every"/"whenever" + a thing, or a
    "warn me if ..." / "remind me before ..." with no date of its own."""
    low = f.clause.text
    if _GENERAL.search(low) and (_ASK_ME.search(low) or cues.RULE_IF.search(low) or re.search(r"\bany\b", low, re.I)):
        return True
    return bool((cues.RULE_IF.search(low) or _ASK_ME.search(low)) and not f.of("date")
                and re.search(r"\b(?:if|when|before|after|once)\b", low, re.I))


_HOMEWARD_BEFORE = re.compile(r"\b(?:back|home|return(?:ing)?)\s+to\s+$|\b(?:from|out\s+of)\s+$", re.I)


@functools.lru_cache(maxsize=32)
def _away_countries(text: str) -> frozenset[str]:
    """The countries of the message's places, leaving out where it goes home to or leaves from ("back to
    Melbourne", "out of Birmingham"): read once per message, for every clause that asks."""
    from engine.extract.places import find_places

    return frozenset(str(p.attrs["country"]) for p in find_places(text, 0, len(text)) if p.attrs.get("country")
                     and not _HOMEWARD_BEFORE.search(text, max(0, p.start - 16), p.start))


def _only_country(f: Found) -> str | None:
    """The one country the places of the whole message are in, if there is exactly one."""
    countries = _away_countries(f.text)
    return next(iter(countries)) if len(countries) == 1 else None


def _leaving_home(f: Found, p: Mention) -> bool:
    """"We fly out of Birmingham on the 2nd" in a message about the Algarve: where the trip starts, not where it
    goes. "Pushed my flight out of Hanoi to November 12" in a message only about Vietnam is the end of the stay
    there, so the place stays the trip's."""
    if not re.search(r"\bout\s+of\s+(?:the\s+)?$", text_before(f, p, 12), re.I):
        return False
    return bool(_away_countries(f.text) - {p.attrs.get("country")})


def trip(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    low = f.clause.text
    if user_rule(f):
        return []
    strong = bool(cues.TRIP_STRONG.search(low))
    places = [p for p in f.of("place") if (p.start, p.end) not in used]
    origin = [p for p in places if (re.search(r"\bfrom\s+(?:the\s+)?$", text_before(f, p, 12), re.I) or _leaving_home(f, p))
              and not re.search(r"\b(?:back|home|return(?:ing)?)\s+from\s+(?:the\s+)?$", text_before(f, p, 16), re.I)]
    places = [p for p in places if p not in origin]
    if origin and not places and not cues.TRIP_STRONG.search(low):
        return []
    if re.search(r"\b(?:live|lives|living|born|grew\s+up|from)\s+in\b", low, re.I) and not cues.TRIP.search(low):
        return []
    called_off = any(_called_off(f, p) for p in places)
    cancel = cues.cancelled(low) or called_off
    if _HYPOTHETICAL.search(low) and not cancel:
        return []  # "If I went to Japan in spring, would I need a visa?"
    if f.clause.question and _ASKS_ABOUT.search(low):
        return []  # "would they cancel flights to Paris?": asking whether, not telling that
    legs = _legs(f, places, used)
    if len(legs) >= 2 and not cancel:  # "Hanoi April 2-9, then Bangkok April 9-12, then Ho Chi Minh City April 12-20"
        return _leg_drafts(f, ctx, legs, used)
    correction = bool(cues.CORRECTION.search(low)) or cancel
    taken_before = set(used)
    carrier_named = any(o.attrs.get("org_kind") in ("airline", "rail") for o in f.of("org"))
    # "Conference in Berlin May 12-15 ... I'll take the train": an event away from home, reached by travelling
    away = bool(places and free_dates(f) and _EVENT_AWAY.search(low) and _TRAVEL_IN_MESSAGE.search(f.text)
                and any(p.attrs["place"] != "country" for p in places))
    # "itinerary so far: Siem Reap 3-8 March, then ...": a stop with its dates in a message about travelling
    away = away or bool(len(legs) == 1 and cues.TRIP.search(f.text))
    journey = bool(places and f.past and _TRAVELLED.search(low))  # "drove down to Devon on the 3rd"
    if not ((cues.TRIP.search(low) or journey or away or called_off or (carrier_named and places and free_dates(f))) and (places or ((strong or cancel) and (correction or free_dates(f))))):
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
    dates = [_length_from(f, d, ctx.today) for d in free_dates(f, used) if d.value.precision == "day"]  # "Japan in April" names no day to leave
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
            elif cues.DEPART.search(b) or (_ARRIVING.search(b) and "start" not in roles):
                roles.setdefault("start", d)  # "we land in Lima on the 3rd": arriving starts the stay
        rest = [d for d in singles if d not in roles.values()]
        if len(rest) == 1 and not roles:
            back = cues.RETURN_ANY.search(f.text, f.clause.start, rest[0].start) or _BACK_FROM.search(f.text, f.clause.start, rest[0].start)
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
    if rng is None and slots.get("start") and slots.get("end") and slots["end"] < slots["start"] and not day_only:
        # "we land in Lima on the 3rd and leave the 17th": the arrival starts the stay, leaving ends it
        slots["start"], slots["end"] = slots["end"], slots["start"]
    _roll_booked_forward(slots, dates, low, ctx.today)
    length = None if any(_LENGTH_FROM.match(d.text) for d in dates) else stay_days(low)  # "a week from Monday" is when, not how long
    if length is not None and "start" in slots and "end" not in slots:
        slots["end"] = iso(dt.date.fromisoformat(slots["start"]) + dt.timedelta(days=length))
    elif length is not None and "end" in slots and "start" not in slots and f.past:
        slots["start"] = iso(dt.date.fromisoformat(slots["end"]) - dt.timedelta(days=length))
    slots["transport"] = first_match(cues.TRANSPORT, low) or first_match(cues.TRANSPORT[-1:], f.text)  # "Cruise! We board in ..."
    slots["purpose"] = first_match(cues.PURPOSE, low)
    slots.update(carrier_slots(f, used, follow_up=False))
    if slots.get("transport") is None and slots.get("carrier"):
        slots["transport"] = "flight" if "flight" in slots else None
    cost = _money_of(f)
    if cost is not None:
        slots["cost"], slots["currency"] = cost.value, cost.attrs.get("currency")
        used.add((cost.start, cost.end))
    status = None
    if cancel:
        status = "cancelled"
    elif cues.BOOKED.search(low) and not cues.NOT_BOOKED.search(low):
        status = "booked"
    elif (f.past and (cues.TAKEN.search(low) or _TRAVELLED.search(low))) or (_BACK_FROM.search(low) and not _NOT_YET.search(low)):
        status = "taken"  # "home from Crete, what a week"
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
    drafts = []
    if ctx.subject == "me" and not cancel and not correction:
        for who in dict.fromkeys(_travelling_with_me(f, ctx)):  # "Jun and I are going to Bali": Jun's trip too, for Jun's documents
            drafts.append(Draft("Trip", key, dict(slots), clause_span(f), who, day_only=dict(day_only), hint=hint))
    # the user's own trip last: a follow-up clause ("booked it", "AC 857") adds to it
    return [*drafts, Draft("Trip", key, slots, clause_span(f), ctx.subject, "cancel" if cancel else "assert",
                           correction=correction, day_only=day_only, hint=hint)]


def _travelling_with_me(f: Found, ctx: Context) -> list[str]:
    """People the user names as going along in the same breath: "Jun and I", "me and my wife"."""
    from engine.extract.people import RELATIONS, group_with_me, relation_of

    out = []
    group = group_with_me(f.clause.text)  # "my parents and I", "me and the kids": the group's trip too
    if group:
        out.append(group)
    lead = re.search(r"(?:^|[.!?;,]\s*)(?:(?P<rel>(?i:my|our)\s+[a-z-]+)|(?P<name>[A-Z][a-z]+))\s+and\s+$", f.text[: f.clause.start])
    if lead and re.match(r"\s*I\b", f.clause.text):  # the segmenter cut "my wife and | I fly to Lisbon"
        cut_group = group_with_me(re.sub(r"^[.!?;,\s]+", "", lead.group()) + "I")
        if cut_group:
            out.append(cut_group)
        elif lead.group("name") and lead.group("name") not in ("Me", "Then", "So", "And", "But", "Oh", "Ok", "Okay"):
            out.append(lead.group("name").lower())
        elif lead.group("rel") and lead.group("rel").split()[-1].lower() in RELATIONS:
            rel = relation_of(lead.group("rel").split()[-1])
            out.append(ctx.known.get(rel, rel).lower())
    pair = re.match(r"\W*(?:(?:[Mm]e|I)\s+and\s+(?P<a>[A-Z][a-z]+)|(?P<b>[A-Z][a-z]+)\s+and\s+(?:I|me))\b", f.clause.text)
    name = pair and (pair.group("a") or pair.group("b"))
    if name and name not in ("Me", "Then", "So", "And", "But", "Oh", "Ok", "Okay", "My"):
        out.append(name.lower())
    for p in f.of("person"):
        after = f.text[p.end : min(f.clause.end, p.end + 12)]
        before = f.text[max(f.clause.start, p.start - 12) : p.start]
        if not (re.match(r"\s+and\s+(?:I|me)\b", after) or re.search(r"\b(?:me|I)\s+and\s+(?:my\s+)?$", before)):
            continue
        rel = str(p.attrs.get("relation") or "")
        who = str(p.value).lower() if p.value else ctx.known.get(rel, rel).lower()
        if who and who != "me":
            out.append(who)
    return out


_KIND_WORDS = re.compile(r"\s+(?:[A-Za-z]?\d?[-/]?[A-Za-z]?\d|e-?|work|tourist|student|business|transit|visitor|working\s+holiday|"
                         r"digital\s+nomad|spouse|family|residence)(?:\s+(?:[A-Za-z]?\d?[-/]?[A-Za-z]?\d|work|tourist|student|business|visitor))?\s+")
_VALIDITY = re.compile(r"\b(?:valid|good|expir(?:es|y|ing)|runs\s+out|until|till|through|thru)\b", re.I)


_ROBBED = cues._w(r"pick-?pocketed", "robbed", "mugged", "burgled", r"broke\s+into", r"broken\s+into", r"(?:bag|wallet|purse)\s+(?:was\s+|got\s+)?(?:stolen|snatched|nicked)")


_ANOTHERS = re.compile(r"(?-i:\b(?!(?:It|That|There|Here|What|Who|He|She|Mine|Everything)['’])[A-Z][a-z]+['’]s\b)|\b(?:his|hers?|their|theirs)\b|\bmy\s+\w+['’]s\b", re.I)
_MINE = re.compile(r"\b(?:mine|my\s+own|my\s+one)\b", re.I)


def _add_following_details(f: Found, ctx: Context, slots: dict[str, Any], holder: str = "me") -> dict[str, Any] | None:
    """Validity and entries said in the next clause of the same message, before any other document:
    "got my cambodia e-visa today!! single entry, valid 1 March to 30 March 2026"."""
    from engine.extract.dates import find_dates
    from engine.extract.documents import find_documents, find_entries

    lo = f.clause.end + len(re.match(r"[\s.!?,;:]*", f.text[f.clause.end :]).group())  # the next sentence or clause
    sentence_end = re.compile(r"[.!?](?:\s|$)|\n")
    boundary = sentence_end.search(f.text, lo)
    if boundary and not _VALIDITY.search(f.text, lo, boundary.start()):  # "New passport came today!! Way faster than they said. It's valid until April 2036."
        boundary = sentence_end.search(f.text, boundary.end()) if len(f.text[lo : boundary.start()]) < 60 else boundary
    next_doc = next((d.start for d in find_documents(f.text, lo, len(f.text))), len(f.text))
    hi = min(boundary.start() if boundary else len(f.text), next_doc, lo + 160)
    if hi <= lo or cues.TRIP.search(f.text, lo, hi):
        return
    follow = f.text[lo:hi]
    if holder != "me" and _MINE.search(follow):
        # "my sister just renewed her passport … made me look at mine, it expires 8th January": the user's own
        own: dict[str, Any] = {"kind": slots["kind"], **({"country": slots["country"]} if "country" in slots else {})}
        _add_following_details(f, ctx, own)
        return own if "expires" in own else None
    if "entries" not in slots:
        entries = find_entries(f.text, lo, hi)
        if entries:
            slots["entries"] = entries[0].value
    if "expires" in slots or not _VALIDITY.search(follow):
        return
    found = find_dates(f.text, lo, hi, ctx.today, past=False)
    spans = [d for d in found if d.value.end is not None and d.value.precision == "day"]
    if spans:
        slots["issued"], slots["expires"] = iso(spans[0].value.start), iso(spans[0].value.end)
        return
    # "New passport came today!! It's valid until April 2036.": the last day it is good for
    ends = [d for d in found if d.value.precision in ("day", "month") and cues.DOC_EXPIRES.search(f.text[lo : d.start])
            and not _ANOTHERS.search(f.text, lo, d.start)]  # "mine's fine till 2031 but Leo's expires 20 Sept": Leo's
    if ends:
        value = ends[0].value.start
        slots["expires"] = iso(month_end(value) if ends[0].value.precision == "month" else value)


_POSSESSOR = re.compile(r"(?:\bmy\s+(?P<rel>[a-z][a-z-]+)|(?<![.!?]\s)(?<!^)\b(?P<name>[A-Z][a-z]+)|^(?P<first>[A-Z][a-z]+))['’]s\s+"
                        r"(?:[A-Za-z-]+\s+){0,2}$")
_NOT_HOLDERS = {"Mine", "It", "That", "There", "Here", "What", "Who", "Today", "Tomorrow", "Yesterday", "One", "Everyone", "Nobody"}


def _holder(f: Found, doc: Mention, ctx: Context) -> str:
    """Whose document it is: "Leo's passport expires ...", "Emma's German ID card", "my wife's visa"."""
    if ctx.subject != "me":
        return ctx.subject
    from engine.extract.people import RELATIONS, relation_of

    before = f.text[max(f.clause.start, doc.start - 40) : doc.start]
    m = _POSSESSOR.search(before)
    if m is None:
        return ctx.subject
    name = m.group("name") or m.group("first")
    at = max(f.clause.start, doc.start - 40) + m.start()
    if any(p.start <= at < p.end for p in f.of("place") + f.of("nationality") + f.of("org")):
        return ctx.subject  # "Canada's visa rules", "Japan's e-visa"
    if name and name not in _NOT_HOLDERS and name.lower() not in RELATIONS and not cues.DOC_POSSESS.fullmatch(name):
        return name.lower()
    word = m.group("rel") or (name or "").lower()
    if word in RELATIONS:
        rel = relation_of(word)
        return ctx.known.get(rel, rel).lower()
    return ctx.subject


def _document_date(f: Found, doc: Mention, d: Mention) -> bool:
    """Whether a date in the clause can be the document's: not one a travel word claims ("expires on 30
    November, we fly out to Osaka Nov 3")."""
    if d.start < doc.end:  # "Visiting Tokyo July 1-10, my passport expires Aug 2": a trip's dates come first
        before = f.text[f.clause.start : doc.start]
        return not (cues.TRIP.search(before) or any(p.end <= doc.start for p in f.of("place")))
    between = f.text[doc.end : d.start]
    last_validity = max((m.end() for m in _VALIDITY.finditer(between)), default=-1)
    last_travel = max((m.end() for m in cues.TRIP.finditer(between)), default=-1)
    # "On my Canadian passport: France for work Feb 1 to March 15": a destination before the date claims it
    places = [p.end - doc.end for p in f.of("place")
              if doc.end <= p.start and p.end <= d.start and not re.fullmatch(r"\s*\(?\s*|\s+(?:for|to)\s+(?:the\s+)?", f.text[doc.end : p.start])]
    last_travel = max([last_travel, *places])
    return last_travel <= last_validity


_APPLIED = cues._w(r"appl(?:ied|ying)", r"application", "submitted", r"sent\s+(?:off|in)", r"put\s+in")


_LENGTH_WORD = re.compile(r"\b(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|few|several)\s+(?:years?|months?|weeks?)\b", re.I)
# "runs out in 2 weeks" counts down to a day; "good for 2 years from today" is a length counted elsewhere
_COUNTDOWN = re.compile(r"\bin\s+(?:a|an|one|two|three|four|five|six|\d{1,2})\s+(?:weeks?|months?|years?)\b", re.I)


def _application_date(f: Found, d: Mention) -> bool:
    """"applied to renew my passport yesterday": the day of an application is neither when the
    document was issued nor when it expires, unless a validity word comes between."""
    before = f.text[f.clause.start : d.start]
    applied = list(_APPLIED.finditer(before))
    return bool(applied) and not _VALIDITY.search(before[applied[-1].end() :])


def _same_year_span(v: DateValue) -> DateValue:
    """"15 July to 30 July" read in a past-tense sentence can come back as a year-long range; the
    user meant the two days of one year."""
    assert v.end is not None
    try:
        start = v.start.replace(year=v.end.year)
    except ValueError:
        return v
    if start > v.end:
        start = start.replace(year=v.end.year - 1)
    return dataclasses.replace(v, start=start)


def _forward(value: dt.date, m: Mention, clause: str, today: dt.date) -> dt.date:
    """A year-less validity date ("good from July 1 through July 30") lies ahead even in a past-tense
    sentence ("the visa came through"): only "expired"/"issued" dates look back."""
    if m.value.explicit_year or value >= today or re.search(r"\b(?:expired|issued|renewed|lapsed)\b", clause, re.I):
        return value
    try:
        later = value.replace(year=value.year + 1)
    except ValueError:
        return value
    return later if later >= today and (later - today).days <= 366 else value


def travel_document(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    docs = [d for d in f.of("doc") if (d.start, d.end) not in used]
    if not docs or user_rule(f):
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
    nat = [n for n in f.of("nationality") if abs(n.end - doc.start) <= 12 or abs(doc.end - n.start) <= 12
           or _KIND_WORDS.fullmatch(f.text[n.end : doc.start])]
    if not nat and len(docs) == 1 and len(f.of("nationality")) == 1:
        nat = f.of("nationality")  # "passport no. is X123, Irish, issued ...": one document, one nationality
    near = [p for p in f.of("place") if 0 <= doc.start - p.end <= 2 or _KIND_WORDS.fullmatch(f.text[p.end : doc.start])]
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
    if country is None and doc.value == "visa":
        country = _only_country(f)  # "working from Vietnam in October … Sorted the e-visa": a visa is for where the message goes
    slots: dict[str, Any] = {"kind": doc.value}
    if country:
        slots["country"] = country
    day_only: dict[str, int] = {}
    roles: dict[str, Mention] = {}
    # "good for 2 years from today" is a length counted below, not a date of its own
    dates = [d for d in free_dates(f, used) if _document_date(f, doc, d)
             and not (_LENGTH_WORD.search(d.text) and not _COUNTDOWN.search(f.text, max(0, d.start - 4), d.end))
             and not _application_date(f, d)]
    span = next((d for d in dates if d.value.end is not None and d.value.precision == "day"), None)
    if span is not None:  # "valid from 1 April to 30 September", "good from July 1 through July 30"
        roles["issued"], roles["expires"] = span, span
        two_ends = re.search(r"\s(?:to|through|thru|till|until|-|–)\s|\d\s*[-–]\s*\d", span.text)
        if two_ends and not span.value.explicit_year and (span.value.end - span.value.start).days > 366:
            span = Mention(span.kind, span.start, span.end, span.text, _same_year_span(span.value), span.attrs)
            roles["issued"] = roles["expires"] = span
    for d in dates:
        if span is not None and (d.start, d.end) == (span.start, span.end):
            continue
        b = f.text[max(f.clause.start, doc.start) : d.start] if d.start > doc.start else text_before(f, d, 40)
        b = b[-50:]
        if cues.DOC_EXPIRES.search(b):
            roles.setdefault("expires", d)
        elif cues.DOC_ISSUED.search(b):
            roles.setdefault("issued", d)
    rest = [d for d in dates if d not in roles.values() and d.value.precision != "year"
            and not (span is not None and (d.start, d.end) == (span.start, span.end))]  # "fine till 2031": no day
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
        if m.value.precision == "year" or (m.value.precision == "month" and f.past):
            continue  # "expired in July", "good until 2027": no day to count from
        value = (m.value.end or m.value.start) if slot == "expires" else m.value.start
        if slot == "expires" and m.value.precision == "month" and m.value.end is None:
            value = month_end(value)  # "runs out in August", "good till March 2028": valid to the month's last day
        ahead = slot == "expires" or (m is span and (m.value.end or value) < ctx.today) or bool(re.search(r"\b(?:valid|good)\s+from|\bstart|\beffective|\bbegins", text_before(f, m, 30), re.I))
        slots[slot] = iso(_forward(value, m, low, ctx.today) if ahead else value)
        day_only |= bare_day(slot, m)
    if f.of("entries"):
        slots["entries"] = f.of("entries")[0].value
    if f.of("docnum"):
        slots["number"] = f.of("docnum")[0].value
    holder = _holder(f, doc, ctx)
    own = _add_following_details(f, ctx, slots, holder)
    status = first_match(cues.DOC_STATUS, low)
    if status is None and _ROBBED.search(f.text, max(0, f.clause.start - 120), f.clause.end):
        status = "lost"  # "got pickpocketed on the tube, they took my wallet and my passport"
    if status == "expired" and "expires" in slots and dt.date.fromisoformat(slots["expires"]) > ctx.today:
        status = None
    cancel = cues.cancelled(low)
    if cancel:
        status = "cancelled"
    if status:
        slots["status"] = status
    key = f"{doc.value}:{country or ''}"
    drafts = [Draft("TravelDocument", key, slots, clause_span(f), holder, "cancel" if cancel else "assert",
                    correction=bool(cues.CORRECTION.search(low)) or status is not None, day_only=day_only, hint=doc.value)]
    if own is not None:
        drafts.append(Draft("TravelDocument", key, own, clause_span(f), "me", hint=doc.value))
    return drafts
