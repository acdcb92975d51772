"""An appointment booked in one sentence and dated in the next.

"Finally booked an eye exam, my prescription is definitely off. Dr. Nguyen had Wednesday March 18 at
2:30, so I took it." The first sentence names the appointment but no day; the second gives the day and
the time but no appointment. Clause builders see neither as an event. This stage joins them: a booking
of a kind of event with no date, followed by a sentence with a date and no event of its own, is one
booked Event on that date (and time), titled by the first sentence's words and the clinician the
second names.
"""

from __future__ import annotations

import datetime as dt
import re

from engine.extract import cues
from engine.extract.builders.base import Draft
from engine.extract.dates import DateValue, find_dates, find_times
from engine.extract.segment import sentences

_BOOKED = re.compile(r"\b(?:booked|scheduled|made|got|set\s+up|arranged|have|has|managed\s+to\s+get)\b", re.I)
_NOT_DONE = re.compile(r"\b(?:should|need\s+to|have\s+to|must|want\s+to|going\s+to|will|'ll|’ll|if|whether|forgot|haven['’]t|didn['’]t|can['’]t)\b", re.I)
_WITH = re.compile(r"\b(?P<w>(?:Dr\.?|Doctor)\s+[A-Z][\w'’-]+)")
_KINDS = {"appointment", "meeting"}
# a title that says only that there is an appointment, not what it is for
_GENERIC = re.compile(r"(?:(?:my|the|a|an|first|next|new|follow-?up|quick|routine|annual)\s+)*(?:appointment|appt|session|visit|slot|booking|"
                      r"check-?up|consultation|clean(?:ing)?|exam)s?", re.I)


def split_events(text: str, today: dt.date, drafts: list[Draft], subject: str = "me") -> list[Draft]:
    """Events whose booking and date sit in two neighbouring sentences."""
    spans = sentences(text)
    events = [d for d in drafts if d.frame in ("Event", "Trip")]
    out: list[Draft] = []
    for (s1, e1), (s2, e2) in zip(spans, spans[1:], strict=False):
        first, second = text[s1:e1], text[s2:e2]
        if any(d.span[0] < e1 and s1 < d.span[1] for d in events + out):
            continue
        booked = _BOOKED.search(first)
        hit = next(((m, kind) for pat, kind in cues.EVENT_KINDS if kind in _KINDS for m in pat.finditer(first)), None)
        generic = [d for d in events if d.frame == "Event" and d.span[0] < e2 and s2 < d.span[1]
                   and _GENERIC.fullmatch(str(d.slots.get("title") or ""))]
        if hit is not None and generic and not first.rstrip().endswith("?"):
            _name_after(generic[0], hit[0].group(0))  # "PT called back! First appointment is next Thursday at 4:15"
            continue
        if booked is None or hit is None or _NOT_DONE.search(first[: hit[0].start()]) or first.rstrip().endswith("?"):
            continue
        if [d for d in find_dates(text, s1, e1, today, past=False) if isinstance(d.value, DateValue)]:
            continue  # dated in its own sentence: the clause builders' case
        dated_next = [d for d in events + out if d.span[0] < e2 and s2 < d.span[1]]
        if dated_next and dated_next[0].frame == "Event" and _GENERIC.fullmatch(str(dated_next[0].slots.get("title") or "")):  # "Finally booked the dentist. Thursday next week at 9:30 …": the dated event is the one booked
            _name_after(dated_next[0], hit[0].group(0))
        if dated_next:
            continue
        if re.search(r"\b(?:birthday|anniversary|wedding|party|trip|flight|due|deadline|his|her|their)\b", second, re.I):
            continue  # the next sentence dates something else
        dates = [d for d in find_dates(text, s2, e2, today, past=False) if isinstance(d.value, DateValue) and d.value.start >= today]
        if len(dates) != 1:
            continue
        m, kind = hit
        title = m.group(0)
        doctor = _WITH.search(second) or _WITH.search(first)
        if doctor is not None:
            title += f" with {doctor.group('w')}"
        slots: dict[str, str] = {"title": title, "kind": kind, "start": dates[0].value.start.isoformat(), "status": "scheduled"}
        times = find_times(text, s2, e2)
        if times:
            slots["time"] = str(times[0].value)
        out.append(Draft("Event", title.lower(), slots, (s1, e2), subject, hint=title.lower()))
    return out


def _name_after(event: Draft, booked: str) -> None:
    """The booked thing's words lead the dated event's title ("dentist checkup"), so an alert about
    it says what was booked."""
    title = str(event.slots.get("title") or "")
    if booked.lower() not in title.lower():
        event.slots["title"] = f"{booked} {title}".strip() if title else booked
