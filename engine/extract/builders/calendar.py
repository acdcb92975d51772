"""Calendar frames: events and appointments (title, time, place, people) and deadlines (subject, due, action)."""

from __future__ import annotations

import re
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
from engine.extract.detect import Found

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
    dates = [d for d in free_dates(f) if (d.start, d.end) not in used]
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
    if dates and re.search(r"\b(?:by|before|no\s+later\s+than)\s+(?:the\s+)?$", text_before(f, dates[0], 20), re.I) and cues.DEADLINE.search(low):
        return []  # "get the MOT done by the 30th": a deadline, not an appointment
    title = _title(f, hit, _extend(low, hit.end()))
    title = re.sub(r"^(?:(?:yesterday|today|tomorrow|tonight)['’]s)\s+", "", title, flags=re.I)
    title = re.sub(r"\s+date$", "", title) if kind == "appointment" else title  # "Surgery date confirmed"
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
    return [Draft("Event", key, slots, clause_span(f), ctx.subject, "cancel" if cancel else "assert", correction=correction,
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
        return [Draft("Deadline", about.lower(), {"about": about, "status": "done"}, clause_span(f), ctx.subject, correction=True, hint="deadline")]
    if not cues.DEADLINE.search(low):
        return []
    dates = [d for d in free_dates(f) if (d.start, d.end) not in used]
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
        d = next((d for d in dates if re.search(r"\b(?:by|before|until|due|is|on)\s*(?:the\s+)?$", text_before(f, d, 12), re.I)), dates[0])
        used.add((d.start, d.end))
        slots["due"] = iso(d.value.end or d.value.start)
        day_only = bare_day("due", d)
    if done:
        slots["status"] = "done"
    return [Draft("Deadline", subject.lower(), {k: v for k, v in slots.items() if v}, clause_span(f), ctx.subject,
                  correction=done, day_only=day_only, hint="deadline")]
