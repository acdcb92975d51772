"""Calendar frames: events and appointments (title, time, place, people) and deadlines (subject, due, action)."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from engine.extract import cues
from engine.extract.builders.base import (
    Context,
    Draft,
    bare_day,
    clause_span,
    free_dates,
    iso,
    text_before,
)
from engine.extract.dates import find_dates, is_past
from engine.extract.detect import Found
from engine.extract.mentions import Mention
from engine.extract.tables import aliases, rows

_TITLE_SKIP = {"a", "an", "the", "my", "our", "his", "her", "their", "your", "this", "that", "next", "big", "have", "has",
               "got", "i", "we", "is", "at", "on", "for", "with", "to", "in", "of", "and", "annual", "important", "booked",
               "scheduled", "s", "another", "some", "upcoming", "first", "'s", "there", "there's", "it",
               # scheduling verbs and fillers are not part of an event's name ("moved physio to Monday")
               "moved", "rescheduled", "cancelled", "canceled", "cancel", "postponed", "pushed", "confirmed", "made", "set",
               "arranged", "missed", "skipped", "need", "needs", "want", "rebooked", "changed", "also", "just", "then", "so",
               "but", "oh", "still", "had", "did", "do", "attend", "attended", "go", "going", "went", "from", "about", "hosting",
               "reminder", "note", "fyi", "btw", "ps", "seeing", "having", "week", "weekend", "busy",
               "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun", "monday", "tuesday", "wednesday", "thursday",
               "friday", "saturday", "sunday", "tomorrow", "today", "tonight", "tmrw"}


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
    generic = f.clause.text[m.start() : end].lower() in ("appointment", "appointments", "appt", "meeting", "session", "consultation", "interview")
    tail = re.match((r"\s+(?:with|at)" if generic else r"\s+with") + r"\s+(?:my\s+|the\s+|our\s+)?(?:Dr\.?\s+)?(?:(?!(?i:on|at|in|for|next|this|tomorrow|today|tonight|from|to|every|each|and|but|so|morning|afternoon|evening|night|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)\b)(?!\d)[\w'’-]+\s*){1,3}",
                    f.clause.text[end:])
    if tail:
        title += tail.group()
    return re.sub(r"\s+", " ", title).strip()


# Words that make a clause read as past although the appointment they name is still ahead:
# "cancelled the vet on Wednesday", "got my review on the 24th", "moved my dentist to Friday".
_SCHEDULING_VERBS = re.compile(
    r"\b(?:(?:I|we|he|she|they)\s+)?(?:(?:'ve|’ve|'s|’s|have|has)\s+)?(?:got|gotten|cancell?ed|called\s+off|moved|rescheduled|postponed|"
    r"pushed|bumped|booked|scheduled|confirmed|changed|arranged|set\s+up|made)\b", re.I)
# A meal named as a time of day ("every morning before breakfast", "take with dinner") is no event.
_MEAL_AS_TIME = re.compile(r"\b(?:before|after|with|during|for)\s+(?:my\s+|the\s+|your\s+)?$", re.I)
_MEALS = {"breakfast", "lunch", "dinner", "brunch", "supper", "meal"}
# "Lily has the orthodontist on the 3rd", "Tom's got a dentist appointment": the named person's appointment
_HOLDER = re.compile(r"^(?P<n>[A-Z][a-z]+)\s+(?:has|has\s+got|['’]s\s+got|is\s+having|had|needs)\s+(?:a|an|the|his|her|their)\b")
_NOT_HOLDERS = {"i", "we", "he", "she", "they", "it", "this", "that", "there", "mom", "mum", "dad", "everyone", "nobody", "someone",
                "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "today", "tomorrow", "who", "what"}
# A business event in a city the message travels to ("conference in Berlin ..., taking the train") is the trip's purpose.
_TRAVEL_EVENT = re.compile(r"\b(?:conference|summit|convention|expo|trade\s+(?:fair|show)|offsite|off-site|workshop|seminar|retreat|congress|meeting|meetings)\b", re.I)
_TRAVEL_MODE = re.compile(r"\b(?:fly(?:ing)?|flew|flights?|train|drive|driving|road\s+trip|sending\s+me|sends\s+me|hotel|airbnb|lufthansa|delta|united|ryanair|easyjet|eurostar)\b", re.I)


_EVENING_EVENTS = {"dinner", "drinks", "supper", "party", "gig", "concert", "show", "movie", "theatre", "theater", "karaoke",
                   "pub quiz", "quiz night", "date night", "game night", "opera", "ballet", "comedy show", "tasting menu", "omakase"}
_HEDGE = re.compile(r"\b(?:not\s+sure|unsure|(?:don['’]?t|do\s+not)\s+know|dunno|whether|maybe|perhaps|thinking\s+(?:of|about)|considering|"
                    r"wondering|wish|hoping\s+to|might|if|in\s+case|would\s+(?:like|love)\s+to|should\s+(?:we|i)|we\s+should|could\s+(?:we|i))\b", re.I)
_JOINS = re.compile(r"\b(?:coming|come|comes|joining|join|joins|coming\s+over|popping\s+over|invited|staying\s+for)\b", re.I)
_TICKETS = re.compile(r"\b(?:got|bought|booked|have|has|scored|snagged|grabbed)\s+(?:(?:the|my|our|some|two|2|a\s+pair\s+of)\s+)?(?P<t>(?-i:[A-Z0-9])[\w'’&.+-]*(?:\s+(?-i:[A-Z0-9])[\w'’&.+-]*){0,4})\s+tickets?\b"
                      r"|\btickets?\s+(?:for|to)\s+(?:the\s+)?(?P<t2>(?-i:[A-Z0-9])[\w'’&.+-]*(?:\s+(?-i:[A-Z0-9])[\w'’&.+-]*){0,4}?)(?=\s+(?:on|at|in|this|next|tomorrow|tonight)\b|\s*[,.;!?]|\s*$)", re.I)
_CLINICIAN = re.compile(r"\b(?P<c>doc|doctor|dr\.?|gp|consultant|surgeon|nurse|dentist|physio|specialist|dermatologist|cardiologist|clinic|hospital)\b", re.I)
_FOLLOW_UP = re.compile(r"\b(?:come\s+back|go\s+back|check\s+back|see\s+(?:me|him|her|us|them)\s+again|follow[- ]?up|recheck|re-check|review\s+(?:me|it))\b", re.I)


def _implicit_event(f: Found) -> tuple[re.Match[str] | None, str | None]:
    """An event named without an event word: tickets to a show ("Got Fontaines DC tickets!! 14 June"),
    a follow-up the doctor asked for ("I should come back in 3 weeks")."""
    low = f.clause.text
    t = _TICKETS.search(low)
    travel = re.search(r"\b(?:plane|train|flight|bus|ferry|return|one-way|lottery|raffle|parking|speeding)\b", low, re.I)
    if t and not travel and not any(p.attrs.get("country") for p in f.of("place")):
        return t, "social"
    if _FOLLOW_UP.search(low) and _CLINICIAN.search(f.text) and not re.search(r"\b(?:fly|flight|trip|home|from)\b", low, re.I):
        return _FOLLOW_UP.search(low), "appointment"
    return None, None


_WITH_NAMES = re.compile(r"\b(?:with|w/)\s+(?P<a>(?-i:[A-Z][a-z]+))(?:\s*(?:,|and|&)\s*(?P<b>(?-i:[A-Z][a-z]+)))?(?!\s*(?-i:[A-Z]))", re.I)
_NOT_NAMES = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march", "april",
              "may", "june", "july", "august", "september", "october", "november", "december", "the", "my", "our", "mum", "mom",
              "dad", "work", "me", "him", "her", "them", "us", "everyone", "friends", "family", "christmas", "easter"}


def _with_names(text: str) -> list[str]:
    """First names after "with" ("lunch with Sarah", "drinks w/ Tom and Jo") when the people detector found none."""
    m = _WITH_NAMES.search(text)
    if not m:
        return []
    return [n for n in (m.group("a"), m.group("b")) if n and n.lower() not in _NOT_NAMES]


_LOOK_BACK = re.compile(r"^\s*(?:what\s+an?|such\s+an?|(?:really\s+)?(?:loved|enjoyed|survived)|the\s+\w+\s+(?:went|was)\b)", re.I)


def _looked_back(f: Found, ctx: Context, hit: re.Match[str]) -> list[Draft]:
    """"What a wedding! Carla looked amazing.", "the dentist went fine": an earlier event, now past, is done."""
    if not (f.past or is_past(f.text) or _LOOK_BACK.search(f.clause.text)) or _HEDGE.search(f.clause.text):
        return []
    word = hit.group().lower()
    for rec in reversed(ctx.prior):
        start = rec.values.get("start")
        if rec.frame != "Event" or rec.status != "scheduled" or start is None or str(start) > ctx.today.isoformat():
            continue
        if re.search(rf"\b{re.escape(word)}\b", str(rec.values.get("title") or ""), re.I):
            return [Draft("Event", rec.key, {"title": rec.values.get("title"), "status": "done"}, clause_span(f), rec.subject,
                          correction=True, hint=word)]
    return []


def _future_dates(f: Found, ctx: Context) -> tuple[list[Mention], bool]:
    """The clause's dates, re-read as ahead when only a scheduling verb made the clause sound past."""
    if not f.past or is_past(_SCHEDULING_VERBS.sub(" ", f.clause.text)):
        return f.of("date"), f.past
    money = f.of("money")
    again = [d for d in find_dates(f.text, f.clause.start, f.clause.end, ctx.today, past=False) if not any(d.overlaps(m) for m in money)]
    return again, False


_SEPARATOR = re.compile(r"\s*(?:[,;]|\s-\s|\s+(?:and|then|plus|also|&)\s)\s*(?:(?:and|then|also)\s+)?", re.I)


def _event_pieces(f: Found) -> list[Found]:
    """"dentist on the 5th and a haircut on the 9th", "MRI tuesday 8am then a job interview wednesday at 2":
    one clause listing several dated events, cut between them so each event keeps its own date and time."""
    hits = sorted({m.start(): m for pat, _k in cues.EVENT_KINDS for m in pat.finditer(f.clause.text)}.values(), key=lambda m: m.start())
    hits = [m for i, m in enumerate(hits) if i == 0 or m.start() >= hits[i - 1].end() + 1]
    if len(hits) < 2 or len(f.of("date")) < 2:
        return [f]
    cuts: list[int] = []
    for a, b in zip(hits, hits[1:], strict=False):
        seps = [m for m in _SEPARATOR.finditer(f.clause.text, a.end(), b.start())]
        if not seps:
            return [f]
        cuts.append(seps[-1].start())
    from engine.extract.segment import Clause

    pieces: list[Found] = []
    bounds = [0, *cuts, len(f.clause.text)]
    for lo, hi in zip(bounds, bounds[1:], strict=False):
        text = f.clause.text[lo:hi]
        skip = _SEPARATOR.match(text)
        lo += skip.end() if skip and skip.start() == 0 else 0
        start, end = f.clause.start + lo, f.clause.start + hi
        clause = Clause(f.text[start:end], start, end, f.clause.sentence_start, f.clause.question)
        piece = Found(clause, f.text, f.past, {k: [m for m in v if start <= m.start and m.end <= end] for k, v in f.by_kind.items()})
        if not piece.of("date"):
            return [f]
        pieces.append(piece)
    return pieces


def event(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    """Events of a clause: one per listed event when the clause lists several dated ones."""
    pieces = _event_pieces(f)
    if len(pieces) == 1:
        return _event(f, ctx, used)
    return [d for piece in pieces for d in _event(piece, ctx, used)]


@cache
def _food_words() -> re.Pattern[str]:
    """Dish words (dishes.txt) and allergen foods with their spellings (allergens.tsv), as one word pattern."""
    words = {row[0].lower() for row in rows("dishes.txt")}
    for row in rows("allergens.tsv"):
        if len(row) > 1 and row[1].startswith("food:"):
            words |= {row[0].lower(), *(a.lower() for a in aliases(row, 2) if not a.startswith("~"))}
    alternatives = sorted((re.escape(w).replace(r"\ ", r"\s+") for w in words), key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(alternatives) + r")\w*", re.I)


# "we're making peanut butter cookies", "serving a seafood platter", "pizza on the menu": food made or served at the event
_FOOD_MADE = re.compile(
    r"\b(?:making|make|baking|bake|cooking|cook|serving|serve|grilling|roasting|frying|decorating|eating|tasting|having)\s+"
    r"(?:(?:some|a|an|the|our|homemade|home-made|fresh|lots\s+of|a\s+batch\s+of)\s+)*(?P<food>[\w'’ -]{3,40}?)"
    r"(?=\s*[,.;!?]|\s+(?:for|with|at|on|in|and|together|tomorrow|today|tonight|this|next|from|then)\b|\s*$)"
    r"|\b(?P<menu>[\w'’-]+(?:\s+[\w'’-]+){0,3}?)\s+(?:is|are)\s+on\s+the\s+menu\b", re.I)


def _food_said(f: Found, title: str) -> str | None:
    """The food the event's sentence says is made, served or eaten there, when the title does not name it already:
    a rule matching foods against bookings reads only the title and place."""
    sentence = re.match(r"[^.!?]*", f.text[f.clause.sentence_start :])
    text = sentence.group() if sentence else f.clause.text
    for m in _FOOD_MADE.finditer(text):
        food = (m.group("food") or m.group("menu") or "").strip()
        if _HEDGE.search(text[: m.start()]) or not _food_words().search(food):
            continue
        if food.lower() not in title.lower():
            return food
    return None


def _event(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    low = f.clause.text
    hit: re.Match[str] | None = None
    kind = None
    caller: tuple[re.Match[str], str] | None = None
    for pat, k in cues.EVENT_KINDS:
        for m in pat.finditer(low):
            if re.search(r"\b(?:can't|cant|cannot|can\s+not|won't|not|skip(?:ping)?|miss(?:ing)?|might|may|maybe|should\s+I|could|would)\s+(?:[\w'’]+\s+){0,3}$", low[max(0, m.start() - 30) : m.start()], re.I):
                continue  # "can't do drinks tomorrow", "I might go to Tom's party": not (yet) scheduled
            if m.group().lower() in _MEALS and _MEAL_AS_TIME.search(low[max(0, m.start() - 20) : m.start()]):
                continue
            if re.match(r"\s+(?:called|rang|phoned|texted|emailed|said|says|wants|office\s+called)\b", low[m.end() :], re.I):
                caller = caller or (m, k)
                continue  # "Dentist called, my cleaning is moved to the 14th": the caller is not the event
            if hit is None or m.start() < hit.start():
                hit, kind = m, k
            break
    if hit is None and caller is not None:
        hit, kind = caller  # "the dentist rang, they pushed me back to Monday": no other event named, so the caller's
    if hit is None:
        hit, kind = _implicit_event(f)
    if hit is None:
        return []
    if _HEDGE.search(low[: hit.start()]):
        return []  # "not sure if I'll go to the party", "thinking of having a party for Thanksgiving"
    if re.search(r"\b(?:yesterday|today|last\s+\w+|this\s+morning)['’]s\s+(?:\w+\s+)?$", low[max(0, hit.start() - 30) : hit.start()], re.I) \
            and not low[: hit.start()].lower().startswith(("yesterday", "today", "last", "this")):
        return []  # "an ulcer, as of yesterday's endoscopy": the event is only a reference point here
    all_dates, past = _future_dates(f, ctx)
    dates = [d for d in all_dates if (d.start, d.end) not in used]
    cancel = cues.cancelled(low)
    correction = bool(cues.CORRECTION.search(low)) or cancel
    if cancel and not dates:
        dates = all_dates  # "Cancel my haircut tomorrow": the date names which haircut, whatever else read it
    if not dates and not correction:
        return _looked_back(f, ctx, hit)
    if re.search(r"\bdeadline\b|\b(?:is|are)\s+due\b|\b(?:registration|enrol?lment|applications?|entries|nominations?|sign-?ups?)\b.{0,40}?\b(?:closes?|close|ends?)\b",
                 low, re.I) and not cues.EVENT_NOUN_FIRST.match(low):
        return []  # "X request: deadline Sept 12", "the rest is due March 1" state a deadline, not an event
    if kind == "other" and not dates:
        return []
    if kind == "social" and hit.group().lower() in ("date", "play", "show", "game", "match", "test", "movie") and not dates:
        return []
    if dates and re.search(r"\b(?:by|before|no\s+later\s+than)\s+(?:the\s+)?$", text_before(f, dates[0], 20), re.I) and cues.DEADLINE.search(low):
        return []  # "get the MOT done by the 30th": a deadline, not an appointment
    if re.search(r"\b(?:need|needs|have|has|got|gotta|must|should|remember|want)\s+(?:to\s+)?(?:book|schedule|arrange|make|sort\s+out|organi[sz]e|get)\b.{0,40}\b(?:before|by|until)\b", low, re.I):
        return []  # "need to book the MOT before it runs out on the 20th": a to-do with a deadline, nothing booked yet
    if _TRAVEL_EVENT.fullmatch(hit.group()) and _TRAVEL_MODE.search(f.text) and (
            any(p.attrs.get("country") for p in f.of("place")) or re.search(r"\b(?:me|us|him|her)\s+to\s+[A-Z][a-z]+", f.text)):
        return []  # "a conference in Montreal, taking the train up": the trip anchors it, with its purpose
    gone = bool(dates) and not cancel and (dates[0].value.start < ctx.today or dates[0].value.start == ctx.today and past)
    if f.of("money") and kind == "social" and dates and not cancel and (
            dates[0].value.start < ctx.today or dates[0].value.start == ctx.today and not re.search(r"\b(?:tonight|this\s+evening|later)\b", low, re.I)):
        return []  # "brunch at the Ivy this morning set us back £112": a purchase, not a calendar entry
    if gone and (f.of("money") or f.of("drug") or f.of("condition")):
        return []  # "paid $45 for the haircut yesterday", "had a checkup Monday, doc put me on lisinopril": the other fact is the news
    if gone and re.search(r"\b(?:after|since|before|during|following|at|from)\s+(?:my|the|his|her|our|their)\s+(?:[\w'’-]+\s+)?$", low[: hit.start()], re.I):
        return []  # "after my surgery in March I had to stop ibuprofen": the event only dates something else
    if hit.re is _TICKETS:
        title = (hit.group("t") or hit.group("t2") or "").strip()
    elif hit.re is _FOLLOW_UP:
        who = _CLINICIAN.search(f.text).group("c").lower()  # type: ignore[union-attr]
        title = f"{'doctor' if who in ('doc', 'dr', 'dr.', 'gp', 'clinic', 'hospital') else who} follow-up"
    else:
        title = _title(f, hit, _extend(low, hit.end()))
    head = re.findall(r"[\w'’-]+", low[hit.end() : _extend(low, hit.end())])[-1:]
    kind = next((k for pat, k in cues.EVENT_KINDS for w in head if pat.fullmatch(w) and k in ("meeting", "appointment")), kind)  # "breakfast meeting"
    title = re.sub(r"^[\s\-–—:,.]+", "", title)
    title = re.sub(r"^(?:(?:yesterday|today|tomorrow|tonight)['’]s)\s+", "", title, flags=re.I)
    title = re.sub(r"\s+date$", "", title) if kind == "appointment" else title  # "Surgery date confirmed"
    title = re.sub(r"\b(?:appt|apt)s?\b\.?", "appointment", title, flags=re.I)
    title = re.sub(r"\bmtg\b", "meeting", title, flags=re.I)
    title = re.sub(r"\bw/\s*", "with ", title, flags=re.I)
    title = re.sub(r"\bb-?day\b", "birthday", title, flags=re.I)
    if food := _food_said(f, title):
        title = f"{title}: {food}"  # "Baking day with Emma's class ..., we're making peanut butter cookies"
    slots: dict[str, Any] = {"title": title, "kind": kind}
    day_only: dict[str, int] = {}
    if dates:
        d = dates[-1] if correction and len(dates) > 1 else dates[0]
        used.add((d.start, d.end))
        slots["start"] = iso(d.value.start)
        if d.value.end and correction and re.search(r"\bfrom\b", d.text, re.I):
            slots["start"] = iso(d.value.end)
        elif d.value.end:
            slots["end"] = iso(d.value.end)
        day_only = bare_day("start", d)
    if f.of("time"):
        said = f.of("time")[-1 if correction else 0]
        slots["time"] = said.value
        if (hit.group().lower() in _EVENING_EVENTS or hit.group().lower().startswith("table for")) and "08:00" <= str(said.value) < "12:00" and not re.search(r"a\.?m\b|morning", said.text + low[said.end - f.clause.start : said.end - f.clause.start + 20], re.I):
            slots["time"] = f"{int(str(said.value)[:2]) + 12:02d}{str(said.value)[2:]}"  # "dinner at 8" is in the evening
    place = next((p for p in f.of("place") if (p.start, p.end) not in used), None)
    at = re.search(r"\b(?:at|in)\s+(?:the\s+)?(?P<p>(?:St\.?\s+|Mt\.?\s+)?[A-Z][\w'’&-]+(?:\s+(?:[A-Z][\w'’&-]+|of|de|la))*(?:\s+[A-Z][\w'’&-]+)?)", f.clause.text)
    if place is not None:
        slots["place"] = place.value
        used.add((place.start, place.end))
    elif venue := re.search(r"\b(?:at|to)\s+(?:the\s+)?(?P<v>hospital|clinic|surgery|office|gym|school|church|airport|station|town\s+hall|library|dentist's|vet's|pool|stadium|park)\b", f.clause.text, re.I):
        slots["place"] = venue.group("v").lower()
    elif at and not re.match(r"(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Dr)\b", at.group("p")):
        slots["place"] = at.group("p")
    orgs = {str(o.value).lower() for o in f.of("org")} | {str(p.value).lower() for p in f.of("place")}
    people = [str(p.value) for p in f.of("person") if p.value] or [n for n in _with_names(f.clause.text) if n.lower() not in orgs]
    if people:
        slots["people"] = people
    if cancel:
        slots["status"] = "cancelled"
    elif past and (re.search(r"\b(?:had|went|did|attended|was)\b", low, re.I) and slots.get("start", "9999") <= ctx.today.isoformat()
                   or slots.get("start", "9999") < ctx.today.isoformat()):
        slots["status"] = "done"
    holder = _HOLDER.match(low)
    subject = ctx.subject
    if kind == "social" and subject != "me" and re.match(r"^(?:(?:my|our)\s+)?[\w-]+['’]s\s", low):
        subject = "me"  # "Mum's 70th birthday party is on the 14th": the user goes to it
    if kind == "social" and subject != "me" and _JOINS.search(low):
        # "Ravi ..., he's coming to dinner Saturday": the user's dinner, Ravi a guest
        name = next((p for p in slots.get("people", []) if p.lower() == subject), subject)
        slots["people"] = list(dict.fromkeys([*slots.get("people", []), name]))
        subject = "me"
    if kind == "appointment" and holder and holder.group("n").lower() not in _NOT_HOLDERS and subject == "me":
        subject = holder.group("n").lower()
    key = title.lower() if not slots.get("start") else f"{title.lower()}:{slots['start']}"
    return [Draft("Event", key, slots, clause_span(f), subject, "cancel" if cancel else "assert", correction=correction,
                  day_only=day_only, hint=hit.group().lower())]


# "the storm is due to hit Thursday", "the parcel is due to arrive Friday": something expected, nothing owed
_EXPECTED = (r"to\s+(?:arrive|land|hit|start|begin|open|reopen|launch|come|finish|depart|leave|happen|air|drop|go|ship|retire|play|"
             r"perform|speak|visit|give\s+birth|deliver|pop|peak|clear|pass|end|stop|close|be\s+(?:here|back|out|released|delivered|born|"
             r"ready|finished|completed|published|announced|open|closed|built|there|home))\b")
_DUE_SUBJECT = re.compile(r"^(?:(?:the|my|our|a|an)\s+)?(?P<s>(?:[^,.;!?]|(?<=\d)[,.](?=\d)){2,60}?)\s+(?:(?:is|are|was|were|'s|’s)\s+)?due\b"
                          r"(?!\s+to\s+(?:the\s+)?(?:rain|weather|snow|storm|illness|covid|strikes?|traffic|lack|bad|poor|high|low|some|a|an|him|her|them|me|us|it)\b)"
                          r"(?!\s+(?:out|any\s+(?:minute|moment|day|time)|in\s+(?:cinemas|theaters|theatres|stores|shops)|" + _EXPECTED + r"))", re.I)
# "our baby is due in March", "my sister is due on the 14th", "I'm due a pay rise": no deadline, whatever the date
_NOT_DUE = re.compile(r"^(?:i|i'm|i’m|we|we're|you|he|she|they|it|baby|babies|twins|the\s+baby|little\s+one|bump|period|train|bus|flight|plane|"
                      r"mom|mum|dad|wife|husband|sister|brother|daughter|son|partner|girlfriend|boyfriend|friend|cousin|aunt|niece|sister-in-law|daughter-in-law)$",
                      re.I)
_PASSIVE = re.compile(r"^(?:(?:the|my|our|a|an)\s+)?(?P<s>[\w'’ -]{2,40}?)\s+(?:needs|need|has|have|must|should)\s+(?:to\s+)?be\s+"
                      r"(?P<a>\w+(?:ed|en)|paid|sent|done|made|put|set|read|brought|bought|built|kept|sold|told|shut|spent|dealt|got)\s+(?:in\s+|off\s+|back\s+)?(?:by|before|until|no\s+later\s+than|within)\b", re.I)
_ACTION = re.compile(
    r"\b(?:need|needs|have|has|got|must|should|want|remember|gotta)\s+(?:to\s+)?(?!(?:for|the|a|an|my|our|it|until|till|up|back|in|to|be|do)\b)(?P<a>\w+)\s+(?:in\s+)?(?P<s>(?:(?:my|our|the|a|an|his|her)\s+)?[\w'’ -]{2,50}?)\s+(?:by|before|until|no\s+later\s+than|within|on)\b",
    re.I,
)
_HAS_DEADLINE = re.compile(r"^(?:(?:the|my|our|a|an)\s+)?(?P<s>[\w'’ -]{2,50}?)\s+(?:has|have|had)\s+(?:a|its|their)\s+deadline\b", re.I)
_DEADLINE_OF = re.compile(r"\bdeadline\s+(?:for|to|of)\s+(?P<s>[\w'’ -]{2,50}?)\s+(?:is|was|on|by)\b", re.I)


_SUBMIT_IN = re.compile(r"^(?:(?:the|my|our|a|an)\s+)?(?P<s>[\w'’+ -]{2,50}?)\s+(?:has|have|must|needs?|should)\s+(?:to\s+)?(?:be|get)\s+in\s+(?:by|before)\b", re.I)
_BACK_BY = re.compile(r"\b(?:wants?|needs?|expects?)\s+(?:(?:the|my|our|a|an|his|her)\s+)?(?P<s>[\w'’+ -]{2,50}?)\s+back\s+(?:by|before)\b", re.I)
# "my boss wants the report by Friday", "the school needs the consent form before Monday"
_WANTS_BY = re.compile(r"\b(?:wants?|needs?|expects?|asked\s+for|is\s+waiting\s+for)\s+(?:the|my|our|a|an|his|her|their)\s+(?P<s>[\w'’+ -]{2,50}?)\s+(?:in\s+|done\s+|finished\s+|sent\s+)?(?:by|before|no\s+later\s+than)\b", re.I)
# "the summer sale ends Sunday", "my shift ends at 5", "the exhibition closes on the 30th": a thing that ends is no deadline of the user's
_ENDS_ANYWAY = re.compile(r"\b(?:sales?|deals?|promo(?:tion)?s?|exhibition|exhibit|show|shows|season|festival|fair|market|strike|strikes|shift|"
                          r"meeting|class|lesson|term|semester|school\s+year|film|movie|match|game|party|concert|tour|run|series|heat\s*wave|"
                          r"weather|holidays?|vacation|trip|event|museum|shop|store|pool|gym|library|bar|restaurant|happy\s+hour|day|week|"
                          r"month|year|war|drought|lockdown|roadworks|works|construction|play)(?:\s+(?:at|in|on|of)\s+[\w'’ -]+)?$", re.I)
_CLOSES = re.compile(r"^(?:(?:the|my|our|a|an)\s+)?(?P<s>[\w'’+ -]{2,60}?)\s+(?:closes?|close|ends?|closing|shuts?)\b(?!\s+of\b)", re.I)
# "cancelled my membership … it ends 31 March": an end the user already arranged, nothing left to do by then
_CANCELLED_HERE = re.compile(r"\b(?:cancell?ed|cancell?ation|terminated|unsubscribed|no\s+more\s+payments)\b", re.I)
def _cancelled_here(f: Found, ending: str) -> bool:
    """Whether the message says the user cancelled the thing that ends, or the clause that it stops charging."""
    words = {w for w in re.findall(r"[a-z]{4,}", ending.lower()) if w not in ("says", "said", "email", "confirmation", "that")}
    for m in _CANCELLED_HERE.finditer(f.text):
        near = f.text[m.start() : m.end() + 40].lower()
        if "payments" in m.group(0).lower() and f.clause.start <= m.start() < f.clause.end:
            return True
        if any(w in near for w in words):
            return True
    return False


_LABEL = re.compile(r"^(?:(?:the|my|our|a|an)\s+)?(?P<s>[\w'’+ -]{2,60}?)\s*[:–-]\s*(?:the\s+)?deadline\b", re.I)
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
    text = " ".join(re.findall(r"[a-z]+", about.lower()))
    for phrase in sorted((k for k in table if " " in k), key=len, reverse=True):
        if re.search(rf"\b{phrase}\b", text):
            return table[phrase]  # "car tax" is paid, a "tax return" filed
    for word in reversed(text.split()):
        if word in table:
            return table[word]
    return None


_NOT_YET = re.compile(r"\b(?:will|won't|going\s+to|gonna|need(?:s)?\s+to|have\s+to|has\s+to|must|should|hope|plan|if|get\s+it|want(?:s)?)\b", re.I)


_OBJ = r"(?P<s>(?:(?:my|our|the|a|an|his|her|their)\s+)?[\w'’+ -]{2,50}?)"
_STOP = r"(?=\s+(?:by|before|until|till|on|at|this|next|tomorrow|today|or|and|so|because|otherwise|if)\b|\s*[,.;:!?(]|\s*$)"
# "I have until April 20 to appeal the ticket", "we've got till Friday to pay the deposit"
_UNTIL_TO = re.compile(r"\b(?:have|has|got|get|gets|given)\s+(?:until|till|['’]?til|up\s+to|up\s+until)\s+.{1,40}?\s+to\s+(?P<a>\w+)\s+(?:in\s+|off\s+|back\s+)?"
                       + _OBJ + _STOP, re.I)
# "last day to return the jacket is Friday", "the last day for registration is the 3rd"
_LAST_DAY = re.compile(r"\b(?:last|final)\s+(?:day|date|chance)\s+(?:to\s+(?P<a>\w+)\s+(?:in\s+|off\s+|back\s+)?|for\s+)" + _OBJ
                       + r"(?=\s+(?:is|was|will\s+be|falls|=)\b|\s*[:,–-]|\s+(?:by|on)\b)", re.I)
# "my gym membership expires on the 15th, gotta renew it": what expires is what to renew
_EXPIRES = re.compile(r"^(?:(?:so|and|oh|ugh|also)\s+)?(?:(?:the|my|our|his|her|their)\s+)?(?P<s>[\w'’+ -]{2,50}?)\s+(?:expires|expiring|runs\s+out|lapses|ends|is\s+up\s+for\s+renewal)\b", re.I)
_RENEW_INTENT = re.compile(r"\b(?:need|needs|have|has|gotta|got|must|should|want|going|remember|remind\s+me)\s+(?:to\s+)?(?P<a>renew|extend|replace|cancel|update)\b", re.I)
# "council tax needs paying by 1 April", "the form wants signing before Friday"
_NEEDS_ING = re.compile(r"^(?:(?:the|my|our|a|an)\s+)?(?P<s>[\w'’+ -]{2,50}?)\s+(?:needs|need|wants)\s+(?P<a>\w+ing)\s+(?:in\s+|off\s+|back\s+)?(?:by|before|until|no\s+later)\b", re.I)
_DEADLINE_FOR = re.compile(r"\b(?:deadline|due\s+date|cut-?off(?:\s+date)?)\s+(?:for|to|of|on)\s+(?:(?P<a>apply|register|enrol?l|submit|file|pay|sign\s+up|book|nominate|vote|respond|reply)\s+(?:for\s+|to\s+)?)?"
                           + r"(?P<s>[\w'’+ -]{2,50}?)(?=\s+(?:is|was|on|by|will\s+be|falls)\b|\s*[,.;:!?–-]|\s*$)", re.I)
# "no deadline on the report yet", "if I don't pay by Friday": no date is owed
_NO_DEADLINE = re.compile(r"\bno\s+(?:real\s+)?(?:deadline|due\s+date|rush)\b|\b(?:not|isn't|aren't|wasn't)\s+due\b|^\s*(?:if|unless|whether|what\s+if|in\s+case)\b", re.I)
# a date a deadline may share with another frame's slot: "cancel the trial by the 11th", "extend it before it expires on 3 Jan"
_DUE_PREP = re.compile(r"\b(?:by|before|until|till|due|deadline|latest|expires?|expiring|runs\s+out|ends|renews?|renewing|renewal)\s*(?:on\s+|is\s+|date\s+)?(?:the\s+)?$", re.I)
# "I want to get rid of the NYT subscription before it renews on July 2", "Prime renews 23 Nov - I don't want it to renew":
# a renewal the user wants to stop is a deadline to cancel by
_STOP_BEFORE_RENEWAL = re.compile(
    r"\b(?:want|wanna|need|needs|have|has|gotta|going|gonna|plan(?:ning)?|must|should|remember|remind\s+me)\s+(?:to\s+)?"
    r"(?:get\s+rid\s+of|cancel|stop|quit|drop|ditch|end|unsubscribe\s+from|turn\s+off|switch|leave|get\s+out\s+of)\s+"
    + _OBJ + r"\s+before\s+(?:it|they|that|the\s+\w+)?\s*(?:renews?|auto-?renews?|charges?|bills?|kicks\s+in|goes\s+up|rolls\s+over|then)\b", re.I)
_NO_RENEWAL = re.compile(r"\b(?:don't|do\s+not|doesn't|does\s+not|won't|dont)\s+(?:want|need)\s+(?:it|this|that|them)\s+to\s+(?:auto-?)?renew", re.I)
_RENEWS = re.compile(r"^(?:(?:the|my|our)\s+)?(?P<s>[\w'’+ -]{2,40}?)\s+(?:renews|auto-?renews|is\s+renewing|will\s+renew|is\s+up\s+for\s+renewal)\b", re.I)
_GOES_BACK = re.compile(r"^(?:(?:the|my|our)\s+)?(?P<s>[\w'’+ -]{2,60}?)\s+(?:has|have|needs?|must|should)\s+(?:to\s+)?(?:go|be\s+sent|be\s+taken|get\s+sent)\s+back\b", re.I)
_PRONOUN = re.compile(r"^(?:it|them|this|that|these|those|one)$", re.I)


def _lemma_ing(verb: str) -> str:
    """The base form of a gerund ("paying" -> "pay", "signing" -> "sign", "filing" -> "file", "submitting" -> "submit")."""
    v = verb.lower()[:-3]
    if len(v) > 2 and v[-1] == v[-2] and v[-1] not in "lsz":
        return v[:-1]
    if re.search(r"(?:[^aeiou][aeiou][cgsvz]|[^aeiou]l|at|iz|us|il)$", v) and not v.endswith(("ay", "ey", "oy")):
        return v + "e"
    return v


# "RSVP to Kate's wedding by the 20th", "reply to the invitation before Friday": answering by a date
_RSVP = re.compile(r"\b(?P<a>rsvp|reply|respond)\s+(?:to\s+)?" + _OBJ + r"\s+(?:by|before|no\s+later\s+than)\b", re.I)
# "Reminder to self: ...", "btw, ...": a lead-in before the statement the anchored patterns read
_LEAD_IN = re.compile(r"^(?:(?:reminder(?:\s+to\s+(?:my\s*)?self)?|note\s+to\s+self|fyi|btw|ps|p\.s\.|heads\s+up|ok(?:ay)?|oh|ugh|argh|also|so|and)\s*[:,!-]+\s*"
                      r"|^(?:reminder(?:\s+to\s+(?:my\s*)?self)?|fyi|btw)\s+"
                      r"|^(?:don['’]?t|do\s+not)\s+(?:let\s+me\s+)?forget(?:\s+that)?[:,]?\s+(?=(?:the|my|our|his|her|their)\b)|^remember(?:\s+that)?[:,]?\s+(?=(?:the|my|our|his|her|their)\b))+", re.I)
# "return the library books by Thursday", "pls pay the nanny before Friday": an imperative with a due date
_IMPERATIVE = re.compile(r"^(?:(?:pls|please|must|gotta|gonna|need\s+to|have\s+to|remember\s+to|(?:don['’]?t|do\s+not)\s+forget\s+to)\s+)?"
                         r"(?!(?:i|we|it|he|she|they|you|is|was|are|were|be|been|the|my|our|this|that|there|what|when|if|going|coming|leaving|flying|meet|meeting|see|seeing)\b)"
                         r"(?P<a>[a-z]+)\s+(?P<s>(?:the|my|our|a|an|his|her|their)\s+[\w'’+ -]{2,50}?)\s+(?:in\s+|off\s+|back\s+|over\s+)?(?:by|before|no\s+later\s+than)\b", re.I)


# "paid the electric bill", "booked the MOT", "cancelled the NYT": what settles a deadline said in an earlier session
_SETTLED = re.compile(
    r"\b(?P<v>paid|settled|renewed|returned|booked|cancell?ed|registered|signed\s+up|applied|submitted|sent|filed|handed|turned|"
    r"finished|did|sorted|posted|mailed|extended)\s+(?:off\s+|in\s+|out\s+|for\s+|back\s+)?(?:the\s+|my\s+|our\s+|his\s+|her\s+|their\s+)?"
    r"(?P<s>[\w'’+ -]{2,40}?)(?=\s+(?:today|yesterday|this|last|on|at|finally|off|in|back|already|just|now|early|for|with|online)\b|\s*[,.;!]|\s*$)", re.I)


_MET_VERBS = {"sent", "submitted", "filed", "handed", "turned", "mailed", "posted"}
# "need to transfer 500 to my landlord by Friday": a payment with a date is the transfer's, not a separate deadline
_PAYMENT_VERB = re.compile(r"\b(?:transfer|send|wire|venmo|zelle|pay|give|lend|repay|pay\s+back)\b", re.I)


def _content_words(text: str) -> frozenset[str]:
    return frozenset(w for w in re.findall(r"[a-z0-9+]+", text.lower()) if len(w) > 2 and w not in ("the", "and", "for", "off"))


def _settles_prior(f: Found, ctx: Context, low: str) -> list[Draft]:
    """A past action on something an open deadline from before names marks that deadline done."""
    m = _SETTLED.search(low)
    opens = re.fullmatch(r"\s*(?:(?:I|we|he|she|they)\s+)?(?:(?:just|finally|already)\s+)?(?:(?:have|has|'ve|’ve)\s+)?", low[: m.start()], re.I) if m else None
    if m is None or _NOT_YET.search(low[: m.start()]) or not (f.past or opens or re.search(r"\b(?:done|finally|just)\b", low, re.I)):
        return []
    said = _content_words(m.group("s"))
    for rec in ctx.prior:
        if rec.frame != "Deadline" or rec.status != "open" or not rec.values.get("about"):
            continue
        about = _content_words(str(rec.values["about"]))
        if said and about and (said <= about or about <= said):
            return [Draft("Deadline", rec.key, {"about": rec.values["about"], "status": "done"}, clause_span(f), rec.subject,
                          correction=True, hint="deadline")]
    return []


# "have to leave by 5", "need to be home before 10": getting somewhere is no deadline; an object is what a deadline is about
_NO_OBJECT = re.compile(r"^(?:by|before|until|till|at|on|to|from|for|now)\b|^(?:home|there|here|early|late|back\s+home)$", re.I)
_GOING_VERBS = {"leave", "go", "head", "arrive", "come", "depart", "stay", "wait", "sleep", "wake", "run", "walk", "drive", "fly"}
# "already paid the water bill that was due on the 3rd", "the book I returned last week was due Friday": settled, nothing open
_SETTLED_HERE = re.compile(r"\b(?:I|we|already|just|finally)\s+(?:already\s+|just\s+|finally\s+)?(?:paid|returned|submitted|sent|filed|"
                           r"handed\s+in|turned\s+in|renewed|cancell?ed|posted|mailed|settled)\b(?=.*\b(?:was|were)\s+due\b)"
                           r"|\b(?:was|were)\s+due\b(?=.*\b(?:I|we)\s+(?:already\s+|just\s+|finally\s+)?(?:paid|returned|submitted|sent|filed|renewed|settled)\b)",
                           re.I)


def deadline(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    low = _LEAD_IN.sub("", f.clause.text, count=1)
    if (settled := _settles_prior(f, ctx, low)):
        return settled
    met = cues.DEADLINE_MET.search(low) if cues.DEADLINE_DONE.search(low) else None
    if met is not None and not f.past and _NOT_YET.search(low[: met.start()]):
        met = None  # "I'll have filed my taxes by then", "need it submitted": not done yet
    if met is not None and (met.group("v").lower() not in _MET_VERBS or f.of("drug")):
        met = None  # "finished my antibiotics", "returned the shoes": a deadline only if one was set (see _settles_prior)
    if met is not None and not f.of("money") and (not cues.DEADLINE.search(low) or not cues.DEADLINE.search(low[: met.start("s")] + low[met.end("s") :])):
        # "Sent off the passport renewal form": a deadline met (a due word inside its name does not make it due)
        about = re.sub(r"^(?:off|in)\s+(?:the|my|our)\s+", "", met.group("s").strip(), flags=re.I)
        verb = {"handed": "hand in", "turned": "turn in", "mailed": "send", "posted": "send"}.get(met.group("v").lower(), _lemma(met.group("v")))
        return [Draft("Deadline", about.lower(), {"about": about, "action": verb, "status": "done"}, clause_span(f), ctx.subject,
                      correction=True, hint="deadline")]
    if not cues.DEADLINE.search(low) or _NO_DEADLINE.search(low):
        return []
    dates = [d for d in free_dates(f) if (d.start, d.end) not in used]
    shared = [d for d in free_dates(f) if (d.start, d.end) in used and _DUE_PREP.search(text_before(f, d, 24))]
    done = bool(cues.DEADLINE_DONE.search(low)) and f.past
    if not dates and not shared and not done:
        return []
    subject = action = None
    strong = True  # found by an action phrase, so it may share its date with a document or subscription
    m = _PASSIVE.search(low)
    special = [(p, a) for p, a in ((_SUBMIT_IN, "submit"), (_BACK_BY, "return"), (_DUE_BACK, "return"), (_GOES_BACK, "return"), (_WANTS_BY, None),
                                   (_STOP_BEFORE_RENEWAL, "cancel"), (_LABEL, None)) if p.search(low)]
    phrased = next((mm for mm in (_UNTIL_TO.search(low), _LAST_DAY.search(low), _NEEDS_ING.search(low), _IMPERATIVE.search(low), _RSVP.search(low)) if mm), None)
    expires, renew = _EXPIRES.search(low), _RENEW_INTENT.search(low)
    if special:
        pat, action = special[0]
        subject = pat.search(low).group("s")  # type: ignore[union-attr]
        m = None
    elif phrased is not None:
        action, subject = phrased.group("a"), phrased.group("s")
        action = _lemma_ing(action) if action and action.lower().endswith("ing") and phrased.re is _NEEDS_ING else action
    elif m:
        action, subject = m.group("a").lower(), m.group("s")
        m = None
    elif (m := _ACTION.search(low)) is not None:
        action, subject = m.group("a").lower(), m.group("s")
    else:
        m2 = _DUE_SUBJECT.search(low) or _DEADLINE_OF.search(low) or _DEADLINE_FOR.search(low) or _HAS_DEADLINE.search(low)
        strong = False
        if m2:
            subject = m2.group("s")
            action = m2.groupdict().get("a")
        else:
            m3 = re.search(r"\b(?P<a>submit|file|renew|pay|send|finish|apply\s+for|register\s+for|book|return|cancel|extend)\s+(?P<s>(?:(?:my|our|the|a|an)\s+)?[\w'’+ -]{2,40}?)\s+(?:by|before|until|within)\b", low, re.I)
            m4 = _CLOSES.search(low)
            if m3:
                action, subject, strong = m3.group("a").lower(), m3.group("s"), True
            elif m4 and dates and not _ENDS_ANYWAY.search(m4.group("s").strip()) and not _cancelled_here(f, m4.group("s")):
                subject = m4.group("s")
    if subject is not None and _PRONOUN.match(subject.strip()) and expires:
        subject = expires.group("s")  # "my gym membership expires on the 15th, gotta renew it before then"
    if subject is None and expires and renew:
        subject, action, strong = expires.group("s"), renew.group("a"), True
    renews = _RENEWS.search(low)
    if (subject is None or _PRONOUN.match(subject.strip())) and _NO_RENEWAL.search(low) and renews:
        subject, action, strong = renews.group("s"), "cancel", True
    if subject is not None and _PRONOUN.match(subject.strip()) and renews:
        subject = renews.group("s")  # "Netflix renews on the 3rd, I want to cancel it before then"
    bare = re.sub(r"^(?:my|our|his|her|their|the)\s+", "", (subject or "").strip(), flags=re.I)
    if subject is not None and (_NO_OBJECT.match(subject.strip()) or (action or "").lower() in _GOING_VERBS or _SETTLED_HERE.search(low)):
        return []  # "I have to leave by 5", "the book I returned last week was due on the 2nd": no deadline owed
    if subject is None or _PRONOUN.match(subject.strip()) or _NOT_DUE.match(bare) or any(str(p.value or "").lower() == bare.lower() for p in f.of("person")):
        return []  # "our baby is due in March", "Ana is due on the 14th": a person is due, nothing is owed
    if f.of("money") and action and _PAYMENT_VERB.fullmatch(action.strip()) and not re.search(r"\bdue\b|\bdeadline\b", low, re.I):
        return []
    if not dates and strong:
        dates = shared
    if not dates and not done:
        return []
    particle = re.match(r"(?P<p>out|up|off|in|back|over|down)\s+(?:of\s+|for\s+|to\s+)?(?P<rest>.+)$", subject.strip(), re.I)
    if particle and action and " " not in action:
        action, subject = f"{_lemma(action.lower())} {particle.group('p').lower()}", particle.group("rest")  # "move out of the flat"
    subject = re.sub(r"\s+of\s+\S*\d[\d,.]*\s*\w*", "", subject.strip())
    subject = re.sub(r"^.*?\b(?:said|says|told\s+(?:me|us)|mentioned|remind(?:ed)?\s+(?:me|us)|reckons|thinks)\s+(?:that\s+)?(?:the\s+|my\s+|our\s+)?", "", subject.strip(), flags=re.I) or subject
    subject = re.sub(r"^for\s+", "", subject.strip(), flags=re.I)
    subject, holder = _owned_by(f, ctx, low, subject)
    subject = re.sub(r"^(?:my|our|the|a|an|his|her|their)\s+", "", subject.strip(), flags=re.I)
    subject = re.sub(r"\s+(?:done|sorted|finished|completed|in|off|back)$", "", subject)
    subject = re.sub(r"\s+(?:(?:that|which)\s+)?(?:I|we|he|she|they|you)\s+(?:got|bought|ordered|had|received|borrowed|rented)\b.*$", "", subject)  # "the coat I got for Christmas"
    who = re.match(r"(?P<n>[A-Z][a-z]+)\s+(?:for|to|into|in|on)\s+(?:the\s+)?(?P<t>.+)$", subject)
    if who and action and action.lower() in ("register", "enroll", "enrol", "sign", "book", "apply"):
        subject = f"{who.group('n')}'s {who.group('t')}"  # "register Leo for summer camp" is Leo's summer camp
    if action in ("get", "have") and re.search(r"\b(?:get|have)\s+.{2,50}?\s+done\b", low, re.I):
        action = f"{action} done"
    action = action.lower() if action else action
    action = _lemma(action) if action and " " not in action else action
    if action in (None, "be", "get", "have", "do"):
        action = _implied_action(subject) or action
    slots: dict[str, Any] = {"about": subject, "action": action}
    day_only: dict[str, int] = {}
    if dates:
        d = next((d for d in dates if re.search(r"\b(?:by|before|until|till|due|is|on|latest)\s*(?:the\s+)?$", text_before(f, d, 12), re.I)), dates[0])
        used.add((d.start, d.end))
        slots["due"] = iso(d.value.end or d.value.start)
        day_only = bare_day("due", d)
    if done:
        slots["status"] = "done"
    return [Draft("Deadline", subject.lower(), {k: v for k, v in slots.items() if v}, clause_span(f), holder,
                  correction=done, day_only=day_only, hint="deadline")]


# "Lena's consent form is due Friday", "my son's application has to be in by the 3rd": whose thing opens the clause
_OWNER = re.compile(r"^(?:my\s+|our\s+)?(?P<o>[\w-]+)['’]s\s+(?P<rest>\S.*)$", re.I)
_NOT_OWNERS = _NOT_NAMES | {"today", "tomorrow", "tonight", "week", "month", "year", "everyone", "somebody", "someone", "it", "that"}


def _owned_by(f: Found, ctx: Context, low: str, about: str) -> tuple[str, str]:
    """When the clause opens with the thing due as the possessive of the person the record is already about
    ("my son's application has to be in by Friday"), the owner is said by the subject and is no part of
    what is due; any other possessive stays in ``about`` and the deadline stays the clause subject's."""
    m = _OWNER.match(about.strip())
    if m is None or not re.match(r"\s*(?:(?:the|my|our)\s+)?" + re.escape(about.strip()), low, re.I):
        return about, ctx.subject
    owner = m.group("o")
    at = low.lower().find(owner.lower())
    if any(o.start <= f.clause.start + at < o.end for o in f.of("org")) or owner.lower() in _NOT_OWNERS:
        return about, ctx.subject  # "Amazon's return window", "next week's report"
    if owner.lower() == ctx.subject.lower():
        return m.group("rest"), ctx.subject
    return about, ctx.subject  # "Jamie's tuition payment is due": the user pays it, the possessive stays in what is due
