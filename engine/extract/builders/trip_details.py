"""A trip's details said in the sentences after it: "Booked flights for the Chicago conference, yay. It's
July 9-11. Got a great fare on United, $212 round trip, leaves at 6:15am on the 9th."

The booking sentence names the trip; its dates, departure time and fare follow in later sentences that
name no trip of their own (or that the clause builders read as a separate purchase of "a great fare").
This stage reads the message whole and fills what the trip lacks from the sentences after it: a date
range (or a single day) for its dates, a time said with a departure verb for ``departs``, and a fare
or ticket price for ``cost`` — in which case the fare stops being a purchase of its own.
"""

from __future__ import annotations

import datetime as dt
import re

from engine.extract.builders.base import Draft
from engine.extract.dates import DateValue, find_dates, find_times
from engine.extract.segment import sentences

_DEPARTS = re.compile(r"\b(?:leaves|leaving|departs|departing|takes\s+off|wheels\s+up|boards|boarding|flight\s+is|flies\s+out)\b", re.I)
_FARE = re.compile(r"\b(?:fare|round[\s-]?trip|return\s+ticket|tickets?|flights?|airfare)\b", re.I)
_ELSE = re.compile(r"\b(?:due|deposit|deadline|by\s+(?:the\s+)?\d|sitter|he|she|they|my\s+(?:mom|mum|dad|sister|brother|wife|husband|partner|son|daughter|friend))\b",
                   re.I)
_NOT_FARE = re.compile(r"\b(?:game|concert|show|match|museum|theat(?:er|re)|gig|festival|parking|tour)\b", re.I)
_OUT = re.compile(r"\b(?:fly|flying|flies|leave|leaving|depart|departing|head(?:ing)?\s+off|set(?:ting)?\s+off)\s+(?:out|off|from|on)\b", re.I)
# a car the user drives on the trip: hired there, or their own taken along
_DRIVES = re.compile(r"\b(?:rent(?:ed|ing)?|hir(?:ed|ing|e)|picking\s+up|pick\s+up|booked)\s+(?:a|an|the|our)\s+(?:\w+\s+)?"
                     r"(?:car|minivan|van|suv|campervan|camper|motorhome|rv|4x4|jeep|convertible)\b|\b(?:car\s+(?:rental|hire)|rental\s+car|hire\s+car)\b"
                     r"|\b(?P<own>(?:driving|drive|taking)\s+(?:our|my)\s+(?:own\s+)?car|road\s+trip)\b", re.I)
# a car that is only a wish, a worry or the past: "might rent a car", "too expensive", "last year's road trip"
_NOT_DRIVING = re.compile(r"\b(?:no|not|without|don['’]t|won['’]t|didn['’]t|never|instead\s+of|should|might|may|maybe|if|could|would|"
                          r"thinking|considering|expensive|last\s+(?:year|time|summer|month)|used\s+to|desk|counter)\b", re.I)
_SOMEONE_ELSE = re.compile(r"\b(?:he|she|they|my\s+(?:brother|sister|mum|mom|dad|friend|son|daughter|cousin|colleague)|(?-i:[A-Z][a-z]+)\s+(?:has|had|is))\b"
                           r"(?:(?!\b(?:I|we)\b).)*$", re.I)
_BACK = re.compile(r"\b(?:back|return(?:ing)?|home|coming\s+back|fly(?:ing)?\s+back)\b", re.I)


def fill_trip(text: str, today: dt.date, drafts: list[Draft]) -> list[Draft]:
    """``drafts`` with the message's one trip completed from the sentences after it."""
    trips = [d for d in drafts if d.frame == "Trip" and d.slots.get("status") != "taken"]
    if len(trips) != 1:
        return drafts
    trip = trips[0]
    out_only = "end" in trip.slots and "start" not in trip.slots  # "On the 27th." answering "when do you come back?"
    drives = [m for a, b in sentences(text) if not text[a:b].rstrip().endswith("?") and not _NOT_DRIVING.search(text, a, b)
              for m in _DRIVES.finditer(text, a, b) if not _SOMEONE_ELSE.search(text, a, m.start())]
    if drives and trip.slots.get("transport") != "car":  # "we fly into Denver on Aug 20 and I rented a minivan at the airport"
        trip.slots["driving"] = "own" if all(m.group("own") for m in drives) else "rented"
    spans = [(s, e) for s, e in sentences(text) if s >= trip.span[1]]  # the sentences after the booking's own
    out = list(drafts)
    for s, e in spans:
        others = [d for d in drafts if d is not trip and d.frame not in ("Note",) and d.span[0] < e and s < d.span[1]]
        if any(d.frame in ("Trip", "Event", "TravelDocument", "Deadline") for d in others) or _ELSE.search(text[s:e]):
            continue  # the sentence has a commitment of its own, or is about a deposit, a due date or someone else
        dates = [d for d in find_dates(text, s, e, today, past=False) if isinstance(d.value, DateValue)]
        if out_only:  # only a way out said in so many words, before the return already read
            if "start" not in trip.slots and dates and _OUT.search(text, s, e) and not _BACK.search(text, s, e) \
                    and dates[0].value.end is None and dates[0].value.start.isoformat() <= str(trip.slots["end"]):
                trip.slots["start"] = dates[0].value.start.isoformat()
            continue
        if "start" not in trip.slots and dates:
            first = dates[0].value
            if first.end is not None:
                trip.slots["start"], trip.slots["end"] = first.start.isoformat(), first.end.isoformat()
            elif not _BACK.search(text[s:e]):
                trip.slots["start"] = first.start.isoformat()
        elif "end" not in trip.slots and dates and _BACK.search(text[s:e]) and "start" in trip.slots:
            back = dates[0].value.start
            if back >= dt.date.fromisoformat(str(trip.slots["start"])):
                trip.slots["end"] = back.isoformat()
        leave = _DEPARTS.search(text, s, e)
        if leave is not None and "departs" not in trip.slots:
            times = [t for t in find_times(text, leave.start(), e) if t.start - leave.end() < 40]
            if times:
                trip.slots["departs"] = str(times[0].value)
        fare = next((d for d in others if d.frame == "Purchase" and d.slots.get("amount") and _FARE.search(str(d.slots.get("item", "")) + " " + text[s:e])
                     and not _NOT_FARE.search(str(d.slots.get("item", "")) + " " + text[s:e])), None)
        if fare is not None and "cost" not in trip.slots:
            trip.slots["cost"] = fare.slots["amount"]
            if fare.slots.get("currency"):
                trip.slots["currency"] = fare.slots["currency"]
            out.remove(fare)
    return out
