"""Travel documents: a passport or visa that will not carry its holder through an upcoming trip.

Entry requirements are data (``data.entry_requirements``): how long a passport must stay valid,
counted from arrival or from the departure home, per destination or group (Schengen).
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from data.entry_requirements import DATA as ENTRY
from rules.alerts import Alert, add_months, alert, known, plural

PASSPORT_RULE = "travel_documents.passport_validity"
VISA_RULE = "travel_documents.visa_validity"
LOST_RULE = "travel_documents.passport_lost"
ENTRIES_RULE = "travel_documents.visa_entries"
LICENCE_RULE = "travel_documents.licence_validity"
STAY_LIMIT_RULE = "travel_documents.schengen_90_180"
HELD = ("valid", "expired")  # a lost or cancelled document is not the one that will be shown
ENTRIES_ALLOWED = {"single": 1, "double": 2}


def check(state, now: datetime) -> list[Alert]:
    today = now.date()
    documents = known(state.travel.documents, today)
    trips = [t for t in known(state.travel.trips, today) if t.status != "cancelled"]
    out: list[Alert] = []
    for trip in upcoming_trips(state, today):
        out += lost_passport_alerts(trip, documents)
        out += passport_alerts(trip, documents)
        for holder in family_companions(state, trip, trips, documents, today):
            out += lost_passport_alerts(trip, documents, holder)
            out += passport_alerts(trip, documents, holder)
        out += visa_alerts(trip, documents)
        out += licence_alerts(trip, documents)
        out += stay_limit_alerts(trip, trips, documents)
    out += entries_alerts(trips, documents, today)
    return out


COMPANION_RELATIONS = ("son", "daughter", "child", "kid", "stepson", "stepdaughter", "baby", "wife", "husband", "partner", "spouse")
OTHER_ROLES = ("colleague", "coworker", "co-worker", "boss", "manager", "friend", "neighbour", "neighbor", "client", "landlord",
               "roommate", "flatmate", "employee", "assistant", "teacher", "doctor", "ex")


def family_companions(state, trip, trips: list, documents: list, today: date) -> list[str]:
    """On the user's family trip ("Croatia with the kids"), the family members whose passports the user
    keeps track of are taken to travel along: their children and partner, or people with no stated
    relation. Anyone with trips of their own, or known as a colleague or friend, is not."""
    if trip.subject != "me" or trip.purpose != "family":
        return []
    people = state.people.people
    relation = {str(p.name or "").lower(): str(p.relation or "") for p in known(people, today)}
    holders = {d.subject for d in documents if d.kind == "passport" and d.subject != "me"}
    travelling_alone = {t.subject for t in trips if t.subject != "me"}
    return sorted(
        h for h in holders
        if h not in travelling_alone and h not in OTHER_ROLES and relation.get(h, "") not in OTHER_ROLES
        and (relation.get(h, "") in COMPANION_RELATIONS or not relation.get(h))
    )


def upcoming_trips(state, today: date) -> list:
    """Trips known by ``today`` that are not cancelled and have not started yet."""
    return [
        t for t in known(state.travel.trips, today)
        if t.status != "cancelled" and t.start is not None and t.start >= today
    ]


def country_name(trip) -> str:
    code = (trip.country or "").upper()
    return ENTRY["names"].get(code) or trip.destination or code or "the destination"


def place_name(trip) -> str:
    """Where the trip goes, as the user said it and by country: "London, United Kingdom"."""
    country = country_name(trip)
    dest = trip.destination or ""
    if not dest or dest.lower() in country.lower():
        return country
    return f"{dest}, {country.removeprefix('the ')}" if trip.country else dest


def requirement(code: str) -> dict:
    code = code.upper()
    if code in ENTRY["countries"]:
        return ENTRY["countries"][code]
    for group in ENTRY["groups"].values():
        if code in group["members"]:
            return group["rule"]
    return ENTRY["default"]


def _holder(trip, holder: str | None = None) -> str:
    who = holder or trip.subject
    return "Passport" if who == "me" else f"{who.title()}'s passport"


def passport_alerts(trip, documents: list, holder: str | None = None) -> list[Alert]:
    """``holder``: someone travelling along on the trip (a child on a family trip), else the traveller."""
    holder = holder or trip.subject
    passports = [
        d for d in documents
        if d.kind == "passport" and d.subject == holder and d.status in HELD and d.expires
    ]
    if not passports:
        return []
    passport = max(passports, key=lambda d: d.expires)
    expires, start, end = passport.expires, trip.start, trip.end
    code = (trip.country or "").upper()
    name = place_name(trip)
    rule = requirement(code)
    evidence = passport.cites("expires") + trip.cites("start", "end", "country", "destination")
    who = _holder(trip, holder)
    trip_text = f"the {start} departure to {name}"
    if expires < start:
        gap = (start - expires).days
        return [alert(
            PASSPORT_RULE, "critical", f"{who} expires before the trip to {name}",
            f"{who} expires {expires}, {plural(gap, 'day')} before {trip_text}. It will not be "
            "valid for the trip: renew it now, or you may be refused boarding or entry.",
            evidence,
        )]
    after = (expires - start).days
    if end is not None and expires < end:
        return [alert(
            PASSPORT_RULE, "critical", f"{who} expires during the trip to {name}",
            f"{who} expires {expires}, {plural(after, 'day')} after {trip_text} and before the "
            f"{end} return. Renew it before travelling, or you may be refused boarding or entry.",
            evidence,
        )]
    assumed = end is None and rule["after"] == "departure"
    leave = end if end is not None else start + timedelta(days=ENTRY["assumed_stay_days"])
    anchor = start if rule["after"] == "arrival" else leave
    required = add_months(anchor, rule["months"]) + timedelta(days=rule["days"])
    if expires >= required:
        return []
    need = f"{code or name} requires {rule['text']}"
    if assumed:
        need += f"; the return date is not known, a {ENTRY['assumed_stay_days']}-day stay was assumed"
    return [alert(
        PASSPORT_RULE, "warning", f"{who} too close to expiry for {name}",
        f"{who} expires {expires}, {plural(after, 'day')} after {trip_text} ({need}). "
        "Renew it before travelling, or you may be refused boarding or entry.",
        evidence,
    )]


def lost_passport_alerts(trip, documents: list, holder: str | None = None) -> list[Alert]:
    """A passport reported lost, with no valid one recorded since, blocks the holder's next trip."""
    holder = holder or trip.subject
    mine = [d for d in documents if d.kind == "passport" and d.subject == holder]
    lost = [d for d in mine if d.status == "lost"]
    if not lost or any(d.status == "valid" for d in mine):
        return []
    passport = lost[-1]
    name = place_name(trip)
    who = _holder(trip, holder)
    return [alert(
        LOST_RULE, "critical", f"{who} is lost: the trip to {name} needs a replacement",
        f"{who} was reported lost, and the trip to {name} departs {trip.start}. Report the loss and "
        "apply for a replacement or emergency passport now: without one you cannot board or enter.",
        tuple(passport.evidence) + trip.cites("start", "country", "destination"),
    )]


def visa_alerts(trip, documents: list) -> list[Alert]:
    code = (trip.country or "").upper()
    if not code:
        return []
    visas = [
        d for d in documents
        if d.kind == "visa" and d.subject == trip.subject and covers(d.country, code)
        and d.status in HELD and d.expires
    ]
    if not visas:
        return []
    visa = max(visas, key=lambda d: d.expires)
    name = place_name(trip)
    evidence = visa.cites("expires", "country") + trip.cites("start", "end", "country")
    who = "Visa" if trip.subject == "me" else f"{trip.subject}'s visa"
    if visa.expires < trip.start:
        gap = (trip.start - visa.expires).days
        return [alert(
            VISA_RULE, "critical", f"{who} for {name} expires before the trip",
            f"{who} for {name} expires {visa.expires}, {plural(gap, 'day')} before the "
            f"{trip.start} departure. Without a valid visa you may be refused boarding or entry.",
            evidence,
        )]
    if trip.end is not None and visa.expires < trip.end:
        return [alert(
            VISA_RULE, "critical", f"{who} for {name} expires during the trip",
            f"{who} for {name} expires {visa.expires}, before the {trip.end} end of the trip that "
            f"starts {trip.start}. Staying past a visa's end is an overstay: extend it or leave earlier.",
            evidence,
        )]
    if visa.issued is not None and visa.issued > trip.start:
        early = (visa.issued - trip.start).days
        return [alert(
            VISA_RULE, "critical", f"{who} for {name} is not valid yet on arrival",
            f"{who} for {name} is valid from {visa.issued}, but the trip arrives {trip.start}, "
            f"{plural(early, 'day')} earlier. You may be refused boarding or entry: move the trip or get the visa's dates changed.",
            visa.cites("issued", "country") + trip.cites("start", "country"),
        )]
    return []


def entries_alerts(trips: list, documents: list, today: date) -> list[Alert]:
    """A single- or double-entry visa that upcoming trips would use more often than it allows: each
    stay in the country counts as an entry unless it follows straight on from the previous stay."""
    out: list[Alert] = []
    for visa in documents:
        allowed = ENTRIES_ALLOWED.get(visa.entries or "")
        code = (visa.country or "").upper()
        if visa.kind != "visa" or allowed is None or not code or visa.status not in HELD:
            continue
        mine = sorted((t for t in trips if t.subject == visa.subject and t.start is not None), key=lambda t: t.start)
        stays = [t for t in mine if covers(code, t.country) and _inside(t, visa)]
        # a side trip out of the country in the middle of a stay ("pop down to Hong Kong, then back up to
        # Shanghai") leaves and comes back in: one more entry
        nested = [(stay, t) for stay in stays for t in mine if t.country and not covers(code, t.country) and stay.end is not None
                  and t.end is not None and stay.start < t.start and t.end < stay.end]
        side = []  # one excursion per run of back-to-back legs away ("Hong Kong, then Macau, then back")
        run_end = None
        for stay, t in sorted(nested, key=lambda st: st[1].start):
            if side and side[-1][0] is stay and run_end is not None and t.start <= run_end:
                run_end = max(run_end, t.end)  # the next leg of the same excursion (Hong Kong, then Macau, then Taipei)
                continue
            side.append((stay, t))
            run_end = t.end
        if len(stays) + len(side) <= allowed or all(t.start < today for t in stays):
            continue
        entries = 1 + len(side)
        inside = {id(t) for _, t in nested}
        for prev, nxt in zip(stays, stays[1:], strict=False):
            away = [t for t in mine if not covers(code, t.country) and prev.start < t.start < nxt.start and id(t) not in inside]
            if away or prev.end is None or nxt.start > prev.end:
                entries += 1
        if entries <= allowed:
            continue
        name = "the Schengen area" if code in ("EU", "SCHENGEN") else ENTRY["names"].get(code) or code
        who = "Your" if visa.subject == "me" else f"{visa.subject}'s"
        dates = ", ".join(f"{t.start}" for t in stays)
        if side:
            dates += "; back in after " + ", ".join(f"{t.destination or t.country} ({t.start} to {t.end})" for _, t in side)
        evidence = visa.cites("entries", "country")
        for t in stays + [t for _, t in side]:
            evidence += t.cites("start", "country")
        out.append(alert(
            ENTRIES_RULE, "critical", f"{who} {visa.entries}-entry visa for {name} will not cover every entry",
            f"{who} visa for {name} is {visa.entries} entry, but the plans enter {name} {entries} times "
            f"(stays starting {dates}). Once you leave, the visa is used up: get a multiple-entry visa or change the route.",
            evidence,
        ))
    return out


def covers(visa_country, trip_country) -> bool:
    """Whether a visa for ``visa_country`` admits to ``trip_country``: a Schengen visa ("EU") covers every member."""
    visa_code, code = (visa_country or "").upper(), (trip_country or "").upper()
    if not visa_code or not code:
        return False
    return visa_code == code or (visa_code in ("EU", "SCHENGEN") and code in ENTRY["groups"]["schengen"]["members"])


def _inside(trip, visa) -> bool:
    """Whether the trip falls in the visa's validity, as far as the dates are known."""
    if visa.expires is not None and trip.start > visa.expires:
        return False
    return visa.issued is None or trip.end is None or trip.end >= visa.issued


def licence_alerts(trip, documents: list) -> list[Alert]:
    """A road trip — or a trip with a car the user drives there — needs the driver's licence valid until
    the car is returned."""
    if trip.transport != "car" and getattr(trip, "driving", None) is None:  # a project rendered before the field
        return []
    licences = [d for d in documents if d.kind == "licence" and d.subject == trip.subject and d.status in HELD and d.expires]
    if not licences:
        return []
    licence = max(licences, key=lambda d: d.expires)
    last_day = trip.end or trip.start
    if licence.expires >= last_day:
        return []
    name = place_name(trip)
    who = "Your driving licence" if trip.subject == "me" else f"{trip.subject}'s driving licence"
    when = "before" if licence.expires < trip.start else "during"
    kind = "road trip" if trip.transport == "car" else "trip with a rental car" if getattr(trip, "driving", None) == "rented" else "trip you drive on"
    return [alert(
        LICENCE_RULE, "critical", f"{who} expires {when} the {kind} to {name}",
        f"{who} expires {licence.expires}, {when} the {kind} to {name} ({trip.start} to {last_day}). "
        "You cannot legally drive or rent a car on an expired licence: renew it before you go.",
        licence.cites("expires") + trip.cites("start", "end", "transport", "driving", "country", "destination"),
    )]


def stay_limit_alerts(trip, trips: list, documents: list) -> list[Alert]:
    """Schengen 90/180 for visa-free visitors: days spent in the area in the 180 days ending on this
    trip's last day. Only when a passport shows a nationality the limit applies to."""
    limit = ENTRY["short_stay"]["schengen"]
    members = ENTRY["groups"]["schengen"]["members"]
    code = (trip.country or "").upper()
    if code not in members or trip.start is None or trip.end is None:
        return []
    nationalities = {(d.country or "").upper() for d in documents if d.kind == "passport" and d.subject == trip.subject and d.country}
    if not nationalities or nationalities & set(limit["exempt_nationalities"]):
        return []
    window_start = trip.end - timedelta(days=limit["window_days"] - 1)
    stays = [t for t in trips if t.subject == trip.subject and (t.country or "").upper() in members
             and t.start is not None and t.end is not None and t.end >= window_start and t.start <= trip.end]
    days: set[date] = set()
    for t in stays:
        first = max(t.start, window_start)
        days |= {first + timedelta(days=i) for i in range((min(t.end, trip.end) - first).days + 1)}
    if len(days) <= limit["days"]:
        return []
    name = place_name(trip)
    evidence = ()
    for t in stays:
        evidence += t.cites("start", "end", "country")
    over = len(days) - limit["days"]
    return [alert(
        STAY_LIMIT_RULE, "warning", f"The trip to {name} breaks the Schengen 90/180-day limit",
        f"With the trip to {name} ({trip.start} to {trip.end}) you would spend {len(days)} days in the Schengen area "
        f"in the 180 days up to {trip.end}, {plural(over, 'day')} over the limit ({limit['text']}). "
        "Shorten a stay or check whether you need a visa.",
        evidence,
    )]
