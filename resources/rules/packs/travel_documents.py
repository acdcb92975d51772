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
HELD = ("valid", "expired")  # a lost or cancelled document is not the one that will be shown


def check(state, now: datetime) -> list[Alert]:
    today = now.date()
    documents = known(state.travel.documents, today)
    out: list[Alert] = []
    for trip in upcoming_trips(state, today):
        out += lost_passport_alerts(trip, documents)
        out += passport_alerts(trip, documents)
        out += visa_alerts(trip, documents)
    return out


def upcoming_trips(state, today: date) -> list:
    """Trips known by ``today`` that are not cancelled and have not started yet."""
    return [
        t for t in known(state.travel.trips, today)
        if t.status != "cancelled" and t.start is not None and t.start >= today
    ]


def country_name(trip) -> str:
    code = (trip.country or "").upper()
    return ENTRY["names"].get(code) or trip.destination or code or "the destination"


def requirement(code: str) -> dict:
    code = code.upper()
    if code in ENTRY["countries"]:
        return ENTRY["countries"][code]
    for group in ENTRY["groups"].values():
        if code in group["members"]:
            return group["rule"]
    return ENTRY["default"]


def _holder(trip) -> str:
    return "Passport" if trip.subject == "me" else f"{trip.subject}'s passport"


def passport_alerts(trip, documents: list) -> list[Alert]:
    passports = [
        d for d in documents
        if d.kind == "passport" and d.subject == trip.subject and d.status in HELD and d.expires
    ]
    if not passports:
        return []
    passport = max(passports, key=lambda d: d.expires)
    expires, start, end = passport.expires, trip.start, trip.end
    code = (trip.country or "").upper()
    name = country_name(trip)
    rule = requirement(code)
    evidence = passport.cites("expires") + trip.cites("start", "end", "country", "destination")
    who = _holder(trip)
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


def lost_passport_alerts(trip, documents: list) -> list[Alert]:
    """A passport reported lost, with no valid one recorded since, blocks the holder's next trip."""
    mine = [d for d in documents if d.kind == "passport" and d.subject == trip.subject]
    lost = [d for d in mine if d.status == "lost"]
    if not lost or any(d.status == "valid" for d in mine):
        return []
    passport = lost[-1]
    name = country_name(trip)
    who = _holder(trip)
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
        if d.kind == "visa" and d.subject == trip.subject and (d.country or "").upper() == code
        and d.status in HELD and d.expires
    ]
    if not visas:
        return []
    visa = max(visas, key=lambda d: d.expires)
    name = country_name(trip)
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
    return []
