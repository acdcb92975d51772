"""Commitments no event word names: a booking of anything with a day, and shifts worked on listed days.

"Booked a cut and colour with Jade at the salon, Friday 5th March at 6pm. Takes about 3 hours";
"Jake's birthday is Saturday and I got us a reservation at Neptune Oyster, 8pm"; "I'm on nights the 3rd,
4th and 5th, 19:30 till 08:00". The clause builders know events by kind words (dentist, meeting,
dinner), so a haircut, a table at a named restaurant or a run of night shifts is a note and clashes with
them are never seen. This stage reads a sentence whose verb books something or puts the user on a shift:
the thing booked (a span of the message) on the one day the sentence names, at its time, for a length
said in the next sentence — each value a detected date, time or number, nothing guessed.
"""

from __future__ import annotations

import datetime as dt
import re

from engine.extract import cues
from engine.extract.builders.base import Draft
from engine.extract.dates import NUMBER_WORDS, DateValue, find_dates, find_times
from engine.extract.segment import sentences

_BOOKED = re.compile(
    r"\b(?:booked(?:\s+in)?|reserved|(?:got|made|snagged|scored)\s+(?:us\s+|me\s+)?(?:a\s+)?(?=reservation|booking|table)"
    r"|signed\s+(?:up|us\s+up|me\s+up)\s+for)\s*", re.I)
# wishes, plans, questions and other people's bookings are not commitments of the user
_NOT_YET = re.compile(r"\b(?:should|need\s+to|have\s+to|want\s+to|going\s+to|gonna|will|'ll|’ll|if|whether|haven['’]t|didn['’]t|"
                      r"can['’]t|couldn['’]t|might|maybe|thinking|about\s+to|trying\s+to|cancell?ed|wish|hope|'d|’d)\b", re.I)
# who booked: the user ("I", "we", or no subject at all: "Booked a cut and colour …"), from the last clause edge to the verb
_MINE = re.compile(r"(?:^|[,;:!(]|\band\b|\bso\b|\bthen\b)\s*(?:(?:finally|just|also|ok|okay|yay|so|well|and)\s+)*"
                   r"(?:(?:I|we)(?:['’]ve|\s+have|\s+had|['’]d)?\s+)?(?:(?:finally|just|already|also)\s+)?$", re.I)
_NOT_A_BOOKING = re.compile(r"\b(?:error|reference|number|confirmation|mistake|problem|fee|code|system|site|app)\b", re.I)
_OBJECT_END = re.compile(r"\s*(?:[,.;!?(]|\s-\s|\bfor\s+(?:the|a|an|\d|next|this|my|our|his|her)|\bon\s|\bthis\s|\bnext\s|\btomorrow\b|"
                         r"\btonight\b|\bat\s+\d|\bfrom\s+\d)", re.I)
_PLACE = re.compile(r"\b(?:at|in)\s+(?P<p>(?:the\s+)?(?:[A-Z][\w'’&-]*(?:\s+[A-Z][\w'’&-]*){0,3}|[a-z]+(?:\s+[a-z]+)?(?=\s*[,.;!?]|\s+(?:on|at|for)\b)))", )
_LENGTH = re.compile(r"\b(?:takes?|lasts?|it['’]s|runs?|should\s+take)\s+(?:about\s+|around\s+|roughly\s+|like\s+)?"
                     r"(?P<n>\d{1,2}(?:\.5)?|an?|one|two|three|four|five)\s+(?P<u>hours?|hrs?|minutes|mins)\b", re.I)
# "I'm on nights the 3rd, 4th and 5th", "working earlies Monday to Wednesday", "on call the 12th"
_SHIFT = re.compile(r"\b(?:I['’]?m|I\s+am|I['’]ll\s+be)\s+(?:on|working|doing)\s+(?P<what>(?:night|day|early|late|double|weekend|long)\s+shifts?|"
                    r"shifts?|nights|earlies|lates|long\s+days|call)\b", re.I)
_TRAVEL_THING = re.compile(r"^(?:\w+\s+){0,2}(?:flights?|hotel|trip|train|tickets?|holiday|vacation|cruise|stay|room|airbnb|car|rental)\b", re.I)


def booked_commitments(text: str, today: dt.date, drafts: list[Draft], subject: str = "me") -> list[Draft]:
    """Events for bookings and shifts in sentences where no builder found a commitment."""
    taken = [d.span for d in drafts if d.frame in ("Event", "Trip", "Purchase", "Deadline")]
    spans = sentences(text)
    out: list[Draft] = []
    for i, (s, e) in enumerate(spans):
        if any(a < e and s < b for a, b in taken) or text[s:e].rstrip().endswith("?"):
            continue
        nxt = text[spans[i + 1][0] : spans[i + 1][1]] if i + 1 < len(spans) else ""
        out += _booking(text, s, e, nxt, today, subject) or _shifts(text, s, e, today, subject)
    return out


def _days(text: str, s: int, e: int, today: dt.date) -> list[DateValue]:
    return [d.value for d in find_dates(text, s, e, today, past=False)
            if isinstance(d.value, DateValue) and d.value.precision == "day" and d.value.end is None and d.value.start >= today]


def _booking(text: str, s: int, e: int, nxt: str, today: dt.date, subject: str) -> list[Draft]:
    m = _BOOKED.search(text, s, e)
    if m is None or _NOT_YET.search(text, s, m.start()) or cues.TRIP_STRONG.search(text, s, e) or not _MINE.search(text[s : m.start()]):
        return []
    end = _OBJECT_END.search(text, m.end(), e)
    stop = min([end.start() if end else e] + [d.start for d in find_dates(text, m.end(), e, today, past=False)])
    thing = re.sub(r"^(?:(?:a|an|the|us|me|in|my|our)\s+)+", "", text[m.end() : stop].strip(), flags=re.I).strip()
    thing = re.sub(r"\s+(?:for|on|at)$", "", thing)
    days = _days(text, s, e, today)
    if not thing or len(thing) > 60 or len(days) != 1 or _TRAVEL_THING.match(thing) or _NOT_A_BOOKING.search(thing) \
            or re.fullmatch(r"(?:it|them|that|this|one)", thing, re.I):
        return []
    title = thing if len(thing) <= 48 else re.split(r"\s+(?:with|at|in)\s+", thing, maxsplit=1)[0]
    slots: dict[str, object] = {"title": title, "kind": "appointment" if re.search(r"\bwith\b", thing) else "social",
                                "start": days[0].start.isoformat(), "status": "scheduled"}
    place = _PLACE.search(text, m.end(), e)
    if place is not None:
        slots["place"] = re.sub(r"^the\s+", "", place.group("p"))
    times = find_times(text, s, e)
    if times:
        slots["time"] = str(times[0].value)
        length = _LENGTH.search(nxt)
        if length is not None:
            n = NUMBER_WORDS.get(length.group("n").lower()) or float(length.group("n"))
            minutes = int(n * (60 if length.group("u").lower().startswith("h") else 1))
            h, mm = map(int, str(slots["time"]).split(":"))
            finish = h * 60 + mm + minutes
            if finish < 24 * 60:
                slots["end_time"] = f"{finish // 60:02d}:{finish % 60:02d}"
    return [Draft("Event", title.lower(), slots, (s, e), subject, hint=title.lower())]


def _shifts(text: str, s: int, e: int, today: dt.date, subject: str) -> list[Draft]:
    m = _SHIFT.search(text, s, e)
    if m is None:
        return []
    what = m.group("what").lower()
    title = what if "shift" in what or what == "call" else f"{what.rstrip('s')} shift"
    if what == "call":
        title = "on call"
    # the days listed right after the shift ("the 3rd, 4th and 5th"), up to a word that starts something else
    stop = re.search(r"\b(?:then|but|off|except|apart\s+from|so|because|since)\b|24/7", text[m.end() : e], re.I)
    hi = m.end() + stop.start() if stop else e
    until = re.search(r"\b(?:until|till|til)\s+(?:the\s+)?(?:\d|[a-z]+day|next|end)", text[m.end() : hi], re.I)  # "on nights until the 12th": no listed days
    days = [] if stop and stop.group(0) == "24/7" else _days(text, m.end(), m.end() + until.start() if until else hi, today)
    times = find_times(text, m.end(), hi)
    if not days or len(days) > 14:
        return []
    slots: dict[str, object] = {"title": title, "kind": "other", "status": "scheduled"}
    if times:
        slots["time"] = str(times[0].value)
        if len(times) > 1:
            slots["end_time"] = str(times[1].value)
    return [Draft("Event", f"{title}:{d.start.isoformat()}", {**slots, "start": d.start.isoformat()}, (s, e), subject, hint=title)
            for d in days]
