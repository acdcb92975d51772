"""Clauses that change a fact recorded in an earlier session by naming it, not restating it.

"Emirates moved our return to the 13th", "the contractor says it's actually 2,750", "the client gave
us an extension to Feb 14 for the report", "forget the rental application": no frame builder fires
(there is no trip, payment or deadline *stated*), yet each names a live record and changes one value
or its status. The record is found by its identifying values appearing in the clause; the value comes
only from a candidate detected in the clause, so nothing is invented.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from engine.extract import cues
from engine.extract.builders.base import Draft
from engine.extract.dates import NUMBER_WORDS, _add, _num
from engine.extract.detect import Found
from engine.extract.mentions import Mention
from engine.extract.people import relation_of
from engine.extract.segment import sentences
from engine.frames import frame as frame_of
from engine.state import Record

# The values that name a record, per frame, in the order a user would use them.
_NAMING_SLOTS = ("destination", "carrier", "title", "about", "service", "payee", "institution", "name", "item", "vendor",
                 "allergen", "kind")
_GENERIC = {"the", "my", "our", "a", "an", "for", "of", "to", "and", "with", "at", "on", "in", "new", "old", "appointment",
            "me", "passport", "account", "card", "plan"}
_CHANGE = re.compile(
    r"\b(?:actually|correction|instead|changed?|moved?|moving|reschedul\w*|postponed|pushed|brought\s+forward|now|"
    r"extension|extended|extends|raised|lowered|increased|decreased|bumped|dropped|went\s+up|went\s+down|updated?|"
    r"rebooked|turns\s+out|I\s+meant|wrong|not\s+the|oops|whoops|my\s+bad|not\s+\d|(?:down|up)\s+to)\b", re.I)
# Words that only ever change a record, never state a new one: a clause with one of them that names a
# recorded entity is read as that change before the frame builders see it ("got an extension on my tax
# return until October 15" is not a purchase with a return date).
_STRONG_CHANGE = re.compile(r"\b(?:reschedul\w*|postpon\w*|pushed|moved|extension|extended|brought\s+forward|changed|rebooked|"
                            r"instead)\b", re.I)
_DROPPED = re.compile(r"\b(?:forget(?:\s+about)?|never\s?mind|scratch|drop(?:ped|ping)?|skip(?:ping)?|no\s+longer\s+need(?:s|ed)?|"
                      r"(?:don't|doesn't|do\s+not|does\s+not)\s+need|called\s+off|terminated|cancell?(?:ed|ing)?|quit(?:ting)?|ditch(?:ed|ing)?|got\s+rid\s+of|"
                      r"stopped\s+paying\s+for|end(?:ed|ing)(?=\s+(?:my|our|the|his|her)\b)|unsubscribed\s+from|pulled\s+the\s+plug\s+on|no\s+more)"
                      r"(?!\s+(?:to|by|from|off|out|than)\b)\s+(?:about\s+)?(?:(?:the|my|our|that|this)\s+)?\w", re.I)
# The named thing will not happen: "Prague is off", "the venue fell through", "isn't happening anymore",
# "I don't need to pay him after all", "no longer sending the school anything".
_CALLED_OFF = re.compile(
    r"\b(?:fell\s+through|(?:is|are|was|'s)\s+(?:now\s+|officially\s+|definitely\s+)?(?:off|not\s+on|no\s+longer\s+on)"
    r"(?=\s*(?:$|[,.;!]|\s(?:now|any\s?more|for\s+good|sadly|unfortunately)\b))|"
    r"(?:isn't|is\s+not|aren't|are\s+not|not|won't\s+be|no\s+longer)\s+(?:\w+\s+)?(?:happening|going\s+ahead|going\s+out)|"
    r"(?:terminated|discontinued)\b|"
    r"(?:don't|do\s+not|doesn't|does\s+not|won't|no\s+longer|not)\s+(?:need\s+to\s+|have\s+to\s+|going\s+to\s+|gonna\s+)?"
    r"(?:pay(?:ing)?|send(?:ing)?|wir(?:e|ing)|transfer(?:ring)?)\b)", re.I)
# Finished with it: a deadline or event is done, a service or medication is over ("I'm done with Hulu").
_DONE_WITH = re.compile(r"\b(?:done|finished)\s+with\b", re.I)
_NOT_DONE = re.compile(r"\b(?:almost|nearly|not|isn't|aren't|haven't|hasn't|never|half|once|when|until|till)\s+(?:yet\s+|quite\s+|really\s+)?"
                       r"(?:\w+\s+)?(?:done|finished|submitted|filed)\b", re.I)
# A purchase taken back: "sent the kindle back", "brought the shoes back to the store", "got a refund for the lamp".
_TAKEN_BACK = re.compile(r"\b(?:(?:is|are)\s+going\s+back\b|(?:sen[dt]|sending|t[ao]ok|taking|taken|br(?:ing|ought)|bringing|dropped)\s+(?:\w+\s+){0,4}?back\b(?!\s+(?:to\s+(?:work|the\s+office|school|my\s+(?:desk|room|place))|home|inside|upstairs|downstairs))|returned\b(?!\s+(?:the\s+)?(?:call|email|text|message|favou?r))|"
                         r"(?:got|get|getting|received)\s+(?:a\s+|my\s+|the\s+|our\s+|full\s+|a\s+full\s+)?refund|refunded)", re.I)
# "I think I'll send it back", "might return it": a wish or a plan, the purchase is still the user's
_MEANS_TO = re.compile(r"(?:['’]ll|\b(?:will|going\s+to|gonna|want\s+to|wanna|plan\w*\s+to|need\s+to|have\s+to|should|"
                       r"might|may|maybe|probably|think|thinking|considering|about\s+to|could|if|whether))\s+(?:\w+\s+){0,3}$", re.I)


def _taken_back(text: str) -> bool:
    """The clause says a purchase went back (or is on its way back), not that it might."""
    m = _TAKEN_BACK.search(text)
    return bool(m) and not _MEANS_TO.search(text[max(0, m.start() - 60) : m.start()])


# A payment that happened, said without a payment verb the frame builders know: "settled up with Lukas".
_SETTLED = re.compile(r"\b(?:settled(?:\s+up)?|went\s+through|(?:has|have)\s+cleared|squared\s+up|paid\s+(?:\w+\s+)?(?:back|off)|(?:has|have|got|was|were)\s+(?:been\s+)?paid)\b", re.I)
_DATE_SLOT = {"Trip": "start", "Event": "start", "Deadline": "due", "Subscription": "renewal", "TravelDocument": "expires",
              "Transfer": "date", "Purchase": "date"}
_MONEY_SLOT = {"Trip": "cost", "Transfer": "amount", "Subscription": "amount", "Purchase": "amount"}
_KEEP = ("destination", "country", "title", "kind", "name", "service", "about", "payee", "institution", "item")
# Statuses after which a record no longer changes by being dropped or finished.
_OVER = {"cancelled", "closed", "stopped", "done", "returned", "resolved", "expired", "taken", "lost"}
_HOME = re.compile(r"\b(?:com(?:e|es|ing)|get(?:s|ting)?|head(?:s|ing)?|driv(?:e|es|ing)|travel(?:l?ing)?)\s+home\b|\bhome\s+from\b", re.I)
# What precedes a date a correction rejects: "the 14th, not the 12th", "the 3rd instead of the 2nd".
_NOT_BEFORE = re.compile(r"\b(?:not|instead\s+of|rather\s+than)\s+(?:on\s+|for\s+)?(?:the\s+)?$", re.I)
# The dates a record is scheduled by (a transfer's or purchase's date is when it happened).
_SCHEDULE_SLOTS = {"start", "end", "due", "renewal", "expires"}


def _words(value: object) -> list[str]:
    return [w for w in re.findall(r"[a-z0-9'’]+", str(value).lower()) if w not in _GENERIC and len(w) >= 3]


def named_record(text: str, records: Sequence[Record], subject: str, aliases: Sequence[str] = (), *,
                 loose: bool = False) -> Record | None:
    """The live record the clause names: all words of a naming value present scores highest, a
    shared head noun ("the report" for "quarterly report") next; ties go to the latest record.
    ``aliases`` are canonical names of what the clause calls otherwise ("CDMX" is Mexico City).
    ``loose`` also accepts one long word of a naming value ("the registration deadline" for "car
    registration renewal"), for clauses whose change itself is unmistakable."""
    low = " ".join([text.lower(), *(a.lower() for a in aliases)])
    tokens = set(re.findall(r"[a-z0-9'’]+", low))
    tokens |= {re.sub(r"['’]s?$", "", t) for t in tokens}  # "the electrician's invoice" names the electrician
    best: tuple[float, int, Record] | None = None
    for i, rec in enumerate(records):
        if rec.frame in ("Note", "Person", "Preference") or rec.status == "cancelled":
            continue
        if rec.subject != subject and not (subject == "me" and _names_subject(tokens, rec.subject)):
            continue
        score = 0.0
        for slot in _NAMING_SLOTS:
            words = _words(rec.values.get(slot) or "")
            if not words:
                continue
            present = sum(w in tokens for w in words)
            if present == len(words):
                score = max(score, 2.0 + len(words) * 0.1)
            elif present >= 2 and present / len(words) >= 0.6:  # "the car insurance" for "car insurance renewal"
                score = max(score, 1.5)
            elif words[-1] in tokens and not _introduced(low, words[-1]):
                score = max(score, 1.0)
            elif len(words) >= 2 and words[0] in tokens and str(rec.values.get(slot))[:1].isupper() and len(words[0]) >= 4:
                score = max(score, 0.9)  # a brand for the model: "the kindle" is the Kindle Paperwhite
            elif loose and any(len(w) >= 5 and w in tokens for w in words):
                score = max(score, 0.5)
        if score and (best is None or (score, i) > best[:2]):
            best = (score, i, rec)
    return best[2] if best else None


def _introduced(low: str, head: str) -> bool:
    """"I've ordered a pasta making class": a noun said with an indefinite article is something new,
    not the record whose name ends in the same noun."""
    return re.search(rf"\b(?:a|an|another|one|some)\s+(?:[\w'’-]+\s+){{0,3}}?{re.escape(head)}\b", low) is not None \
        and re.search(rf"\b(?:the|my|our|that|this|his|her|their)\s+(?:[\w'’-]+\s+){{0,3}}?{re.escape(head)}\b", low) is None


# Values that follow from the name itself (Madrid is in ES, omeprazole is a proton pump inhibitor).
_DERIVED = ("country", "drug_class", "allergen_class")


def _names_subject(tokens: set[str], subject: str) -> bool:
    """Whether the clause names the record's person ("mom's surgery got moved" for mother's surgery),
    so a change said in the user's own voice still reaches a relative's record."""
    low = subject.lower()
    return any(t == low or relation_of(t) == low for t in tokens)


def names_only(d: Draft) -> bool:
    """A draft that only names its entity ("spotify went up to 11.99" read as just "Spotify")."""
    return d.frame != "Note" and all(k in _KEEP or k in _DERIVED for k, v in d.slots.items() if v is not None)


def reference_change(found: Found, records: Sequence[Record], subject: str) -> list[Draft]:
    """A change to a named earlier record: one new date, one new amount, or dropping it."""
    text = found.clause.text
    if found.clause.question:
        return []
    dates, money = found.of("date"), found.of("money")
    rejected = [d for d in dates if _NOT_BEFORE.search(found.text[max(found.clause.start, d.start - 12) : d.start])]
    if rejected and len(dates) - len(rejected) == 1:
        dates = [d for d in dates if d not in rejected]  # "the 14th, not the 12th": the 12th is the old value
    rec = named_record(text, records, subject, [str(m.value) for m in found.of("place")])
    old_slot = None
    if rec is None and len(rejected) == 1 and len(dates) == 1:
        rec, old_slot = _dated_with(rejected[0], records, subject)
    if rec is None and len(dates) == 1 and _MOVED_HOME.search(text):
        rec = _trip_under_way(records, subject, dates[0].value.start)  # "Moved my flight home to the 6th of November"
    if rec is None:
        return []
    keep = {k: v for k, v in rec.values.items() if k in _KEEP and v is not None}
    keep = {k: (v.isoformat() if isinstance(v, dt.date) else str(v) if not isinstance(v, (int, float)) else v) for k, v in keep.items()}
    span = (found.clause.start, found.clause.end)
    ended = _ended_status(rec)
    # "I'm done with the essay", "the passport renewal is done": finished, not dropped
    done_with = bool(_DONE_WITH.search(text)) and not _NOT_DONE.search(text)
    finished = "done" in frame_of(rec.frame).statuses and (
        done_with or (rec.frame == "Deadline" and bool(cues.DEADLINE_DONE.search(text)) and not _NOT_DONE.search(text)))
    if ended and not dates and _only_recorded(money, rec) and (
            finished or done_with or _DROPPED.search(text) or _CALLED_OFF.search(text)):
        status = "done" if finished else ended
        return [Draft(rec.frame, rec.key, {**keep, "status": status}, span, rec.subject, correction=True, confidence=0.8)]
    if rec.frame == "Purchase" and rec.status == "bought" and _taken_back(text):
        return [Draft(rec.frame, rec.key, {**keep, "status": "returned"}, span, rec.subject, correction=True, confidence=0.8)]
    if rec.frame == "Transfer" and rec.status == "requested" and (cues.DONE.search(text) or _SETTLED.search(text)) and (
            not dates or (len(dates) == 1 and (found.past or re.fullmatch(r"today|yesterday|this\s+morning", dates[0].text, re.I)))):
        paid = {"date": dates[0].value.start.isoformat()} if dates else {}  # "settled up with Lukas today"
        return [Draft(rec.frame, rec.key, {**keep, **paid, "status": "done"}, span, rec.subject, correction=True, confidence=0.8)]
    if not _CHANGE.search(text) and not cues.CORRECTION.search(text):
        return []
    times = [t for t in found.of("time") if not re.search(r"\bnot\s+(?:at\s+)?$", found.text[max(0, t.start - 8) : t.start], re.I)]
    if len(times) == 1 and not money and "time" in frame_of(rec.frame).slot_names and rec.values.get("time") is not None \
            and (len(dates) == 0 or (len(dates) == 1 and dates[0].start <= times[0].start < dates[0].end)):
        return [Draft(rec.frame, rec.key, {**keep, "time": _same_half_of_day(times[0].value, times[0].text, rec.values["time"])},
                      span, rec.subject, correction=True, confidence=0.8)]
    if len(dates) == 1 and not money:
        slot = old_slot or _DATE_SLOT.get(rec.frame)
        if rec.frame == "Trip" and _homeward(text):
            slot = "end"
        if slot is None:
            return []
        new = dates[0].value
        value = new.end if slot == "expires" and new.end else new.start
        old = rec.values.get(slot)
        if new.day_only and isinstance(old, dt.date):
            try:
                value = old.replace(day=new.start.day)
            except ValueError:
                return []
        elif not new.explicit_year and isinstance(old, dt.date):
            value = _year_nearest(value, old)
        return [Draft(rec.frame, rec.key, {**keep, slot: value.isoformat()}, span, rec.subject, correction=True, confidence=0.8)]
    slot = _MONEY_SLOT.get(rec.frame)
    if rec.frame == "Account":
        slot = "limit" if re.search(r"\blimit\b", text, re.I) else "balance"
    if slot is None or dates:
        return []
    if len(money) == 1:
        amount, currency = money[0].value, money[0].attrs.get("currency")
    elif not money and rec.values.get(slot) is not None and (bare := _bare_amount(found)) is not None:
        amount, currency = bare, rec.values.get("currency")  # "it's actually 2,750": the record's currency
    else:
        return []
    return [Draft(rec.frame, rec.key, {**keep, slot: amount, "currency": currency}, span, rec.subject, correction=True,
                  confidence=0.8)]


# the way back moved, with no trip named: "moved my flight home to the 6th", "pushed our return to Sunday"
_MOVED_HOME = re.compile(r"\b(?:moved|pushed|changed|rebooked|shifted|bumped)\s+(?:my|our|the)\s+(?:flight|trip|train)\s+(?:home|back)\b"
                         r"|\b(?:moved|pushed|changed|rebooked|shifted|bumped)\s+(?:my|our|the)\s+(?:return|homeward)\s*(?:flight|trip|train|date)?\b", re.I)


def _trip_under_way(records: Sequence[Record], subject: str, new_end: dt.date) -> Record | None:
    """The trip a moved return belongs to: the latest live trip of the subject that starts before the new end."""
    trips = [r for r in records if r.frame == "Trip" and r.subject == subject and r.status not in ("cancelled", "taken")
             and isinstance(r.values.get("start"), dt.date) and r.values["start"] <= new_end]
    return max(trips, key=lambda r: r.values["start"], default=None)


def _homeward(text: str) -> bool:
    """Words about the way back ("coming home from Athens on the 11th"): they change a trip's end."""
    return bool(cues.RETURN_ANY.search(text) or _HOME.search(text))


def _dated_with(old: Mention, records: Sequence[Record], subject: str) -> tuple[Record | None, str | None]:
    """The one live record of the subject that carries the date a correction rejects ("it's the 14th,
    not the 12th" is about whatever was on the 12th), and the slot holding it; none when ambiguous."""
    hits: list[tuple[Record, str]] = []
    for rec in records:
        if rec.subject != subject or rec.status in _OVER or rec.frame in ("Note", "Person"):
            continue
        for slot in ("start", "end", "due", "date", "renewal", "expires"):
            value = rec.values.get(slot)
            if isinstance(value, dt.date) and (value.day == old.value.start.day if old.value.day_only else value == old.value.start):
                hits.append((rec, slot))
                break
    return hits[0] if len(hits) == 1 else (None, None)


def _year_nearest(value: dt.date, old: dt.date) -> dt.date:
    """A year-less new date read as already past ("my physical was rescheduled, it's May 6 now") moves
    to the next year when that puts it nearer the date it replaces: a rescheduled April appointment
    goes to the May after it, not the May before."""
    if value >= old:
        return value
    try:
        later = value.replace(year=value.year + 1)
    except ValueError:  # 29 February
        return value
    return later if abs((later - old).days) < abs((old - value).days) else value


def _only_recorded(money: Sequence[Mention], rec: Record) -> bool:
    """No amount in the clause, or only the record's own ("Sam said forget about the $60")."""
    recorded = {v for v in rec.values.values() if isinstance(v, Decimal)}
    try:
        return all(Decimal(str(m.value)) in recorded for m in money)
    except InvalidOperation:
        return False


def changed_first(found: Found, records: Sequence[Record], subject: str) -> list[Draft]:
    """A clause that moves a named record to a new date in words that never state a new fact
    (rescheduled, an extension, instead), or a coming-home date for a recorded trip, read as that
    change first."""
    text = found.clause.text
    coming_back = _homeward(text) and not found.past and len(found.of("date")) == 1
    if not (_STRONG_CHANGE.search(text) or coming_back):
        return []
    changed = reference_change(found, records, subject)
    if coming_back and not _STRONG_CHANGE.search(text):
        return [d for d in changed if d.frame == "Trip" and "end" in d.slots]
    # only a new date: amounts, accounts and statuses said with these words are left to the frame builders
    return [d for d in changed if set(d.slots) & _SCHEDULE_SLOTS]


def _ended_status(rec: Record) -> str | None:
    """The status a record takes when the user says it is over: a card or account is closed and a
    medication stopped even when the words are "cancelled" or "got rid of"; None for a record that is
    already over or cannot end."""
    statuses = frame_of(rec.frame).statuses
    if rec.status in _OVER:
        return None
    for status in ("closed", "stopped", "cancelled"):
        if status in statuses:
            return status
    return None


def _same_half_of_day(new: str, written: str, old: object) -> str:
    """"8:30 not 8" for a dinner at 20:00 means 20:30: a time written without am/pm keeps the
    recorded time's half of the day."""
    hour, minute = (int(x) for x in new.split(":")[:2])
    if re.search(r"[ap]\.?m\b|noon|midnight", written, re.I) or hour >= 12 or hour == 0:
        return new
    old_hour = int(str(old).split(":")[0]) if re.match(r"\d{1,2}:", str(old)) else None
    return f"{hour + 12:02d}:{minute:02d}" if old_hour is not None and old_hour >= 12 else new


_BARE_AMOUNT = re.compile(r"(?<![\w.,/:-])(\d{1,3}(?:,\d{3})+|\d+)(\.\d{2})?(?![\w.,/:%-]*\w)")


def _bare_amount(found: Found) -> str | None:
    """The one plain number of a clause that corrects a recorded amount, outside any date or time."""
    taken = [(m.start, m.end) for kind in ("date", "time", "quantity", "dose") for m in found.of(kind)]
    hits = [m for m in _BARE_AMOUNT.finditer(found.text, found.clause.start, found.clause.end)
            if not any(a <= m.start() < b for a, b in taken)]
    if len(hits) != 1:
        return None
    value = Decimal(hits[0].group(1).replace(",", "") + (hits[0].group(2) or ""))
    return f"{value:.2f}" if value >= 1 else None


# -- relative shifts ------------------------------------------------------------------------------
# "pushed it back a week", "moved the offsite up two days", "10 more days on the report": a duration
# that moves a named record's own date, so the new date is the recorded one plus or minus the duration.
_SHIFT_NUMBER = "|".join(sorted((w for w in NUMBER_WORDS if w != "a few"), key=len, reverse=True))
_SHIFT_SPAN = re.compile(rf"\b(?P<n>\d+|{_SHIFT_NUMBER}|another|an\s+extra|one\s+more)\s+(?:more\s+|extra\s+)?"
                         r"(?P<u>day|week|fortnight|month)s?\b", re.I)
_SHIFT_VERB = re.compile(r"\b(?:push\w*|mov(?:e|ed|es|ing)|postpon\w*|delay\w*|bump\w*|brought|bring(?:s|ing)?|shift\w*|"
                         r"reschedul\w*|extend\w*|extension|(?:is|are|now)\s+(?:now\s+)?(?:\w+\s+){1,3}(?:later|earlier|sooner)|"
                         r"(?:gave|give[sn]?|got|get|granted|allowed|stay(?:ing)?)\s+(?:\w+\s+){0,2}?\S+\s+(?:more|extra)\b)", re.I)
_LATER = re.compile(r"\b(?:later|back|postpon\w*|delay\w*|out|extend\w*|extension|more|extra|another)\b", re.I)
_EARLIER = re.compile(r"\b(?:earlier|sooner|forward|ahead|up)\b", re.I)
# What lengthens a stay moves only its end: "extended Lisbon by two days", "staying 3 more days".
_LONGER = re.compile(r"\b(?:extend\w*|extension|more|extra|another|longer|stay\w*)\b", re.I)
_SHIFT_SLOTS = {"Trip": ("start", "end"), "Event": ("start", "end"), "Deadline": ("due",), "Subscription": ("renewal",),
                "Transfer": ("date",), "TravelDocument": ("expires",)}


def shifted_record(found: Found, records: Sequence[Record], subject: str) -> list[Draft]:
    """A named record moved by a duration rather than to a date: its dates move by that much. The
    clause must give a direction (back, later, up, earlier, more) and no date of its own."""
    text = found.clause.text
    span_match = _SHIFT_SPAN.search(text)
    if found.clause.question or span_match is None or not _SHIFT_VERB.search(text):
        return []
    at = (found.clause.start + span_match.start(), found.clause.start + span_match.end())
    if any(d.end <= at[0] or d.start >= at[1] for d in found.of("date")) or found.of("money"):
        return []
    rest = text[: span_match.start()] + " " + text[span_match.end() :]
    later, earlier = bool(_LATER.search(text)), bool(_EARLIER.search(rest))
    if later == earlier:
        return []
    rec = named_record(text, records, subject, [str(m.value) for m in found.of("place")]) or named_record(
        _sentence(found), records, subject) or named_record(text, records, subject, loose=True)
    if rec is None or rec.frame not in _SHIFT_SLOTS:
        return []
    slots = _SHIFT_SLOTS[rec.frame]
    if rec.frame == "Trip" and (_LONGER.search(text) or _homeward(text)):
        slots = ("end",)
    elif rec.frame == "Trip" and re.search(r"\b(?:flight|departure|outbound)\b", text, re.I) and not re.search(r"\btrip\b", text, re.I):
        slots = ("start",)  # "the Madrid flight is delayed a day" moves the way out, not the way back
    raw = re.sub(r"\s+", " ", span_match.group("n").lower())
    n = 1 if raw in ("another", "an extra", "one more") else _num(raw)
    moved = {slot: _add(old, n if later else -n, span_match.group("u")).isoformat()
             for slot in slots if isinstance(old := rec.values.get(slot), dt.date)}
    if not moved:
        return []
    return [Draft(rec.frame, rec.key, {**_naming(rec), **moved}, (found.clause.start, found.clause.end), rec.subject,
                  correction=True, confidence=0.8)]


def taken_back(found: Found, records: Sequence[Record], subject: str) -> list[Draft]:
    """"Sent the kindle back": a named purchase returned. Checked before the frame builders, which
    would read "sent" as a payment to the kindle."""
    text = found.clause.text
    if found.clause.question or not _taken_back(text):
        return []
    rec = named_record(text, [r for r in records if r.frame == "Purchase" and r.status == "bought"], subject)
    if rec is None:
        return []
    return [Draft(rec.frame, rec.key, {**_naming(rec), "status": "returned"}, (found.clause.start, found.clause.end), rec.subject,
                  correction=True, confidence=0.8)]


def _naming(rec: Record) -> dict[str, object]:
    """The record's identifying values as draft slots, so the change lands on it and renames nothing."""
    return {k: (v.isoformat() if isinstance(v, dt.date) else v if isinstance(v, (int, float)) else str(v))
            for k, v in rec.values.items() if k in _KEEP and v is not None}


def _sentence(found: Found) -> str:
    """The clause's whole sentence: "St. Luke's called about the colonoscopy, they pushed it back a week"
    names the record in one clause and moves it in the next."""
    return next((found.text[s:e] for s, e in sentences(found.text) if s <= found.clause.start < e), found.clause.text)


# "swapped the omeprazole for famotidine", "replaced my omeprazole with lansoprazole", "switched from
# Spotify to Apple Music": the thing given up comes first, its replacement after.
_SWITCH = re.compile(r"\b(?:switch|swap|replac|trad|exchang|chang)\w*\s+(?:(?:me|him|her|us|them)\s+)?(?:from\s+|off\s+(?:of\s+)?)?"
                     r"(?P<old>[\w'’ +-]{2,40}?)\s+(?:for|with|to|onto|into|over\s+to)\b", re.I)
_SWITCHABLE = ("Medication", "Subscription")


def switched_from(found: Found, records: Sequence[Record], subject: str, drafts: list[Draft]) -> list[Draft]:
    """The clause's drafts with the record a switch gives up ended (a medication stopped, a
    subscription cancelled): the clause names it before its replacement, and the replacement is a new
    fact of the same frame. A draft that only repeats the old record's name is dropped."""
    m = _SWITCH.search(found.clause.text)
    if found.clause.question or m is None:
        return drafts
    old = m.group("old")
    if re.fullmatch(r"(?:it|them|that|this|those)", old.strip(), re.I):
        old = found.clause.text[: m.start()]  # "the cetirizine made me drowsy so I swapped it for fexofenadine"
    candidates = [r for r in records if r.frame in _SWITCHABLE and any(d.frame == r.frame and d.key != r.key for d in drafts)]
    rec = named_record(old, candidates, subject)
    ended = _ended_status(rec) if rec is not None else None
    if rec is None or ended is None:
        return [_given_up(d, old, drafts) for d in drafts]
    if any(d.frame == rec.frame and d.key == rec.key and not names_only(d) for d in drafts):
        return drafts  # the clause says something about the old record itself; leave it to the builders
    kept = [d for d in drafts if not (d.frame == rec.frame and d.key == rec.key)]
    return [*kept, Draft(rec.frame, rec.key, {**_naming(rec), "status": ended}, (found.clause.start, found.clause.end),
                         rec.subject, correction=True, confidence=0.8)]


def _given_up(d: Draft, old: str, drafts: Sequence[Draft]) -> Draft:
    """A switch away from something not recorded before still ends it: the draft that only names the
    old medication or service, written before the switch word, gets its ended status."""
    fr = frame_of(d.frame) if d.frame in _SWITCHABLE else None
    name = str(d.slots.get("name") or d.slots.get("service") or "")
    others = [o for o in drafts if o is not d and o.frame == d.frame]
    if fr is None or not names_only(d) or not others or not name or name.lower() not in old.lower():
        return d
    d.slots["status"] = "stopped" if "stopped" in fr.statuses else "cancelled"
    return d
