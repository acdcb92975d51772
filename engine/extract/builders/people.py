"""People (name, relation, birthday) and the user's stated preferences and limits."""

from __future__ import annotations

import re
from typing import Any

from engine.extract import cues
from engine.extract.builders.base import Context, Draft, clause_span, first_match, free_dates, iso
from engine.extract.detect import Found
from engine.extract.mentions import Mention


def person(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    out = []
    low = f.clause.text
    bday = re.search(r"\bbirthday\b|\bturns\s+\d{1,3}\b|\bturning\s+\d{1,3}\b", low, re.I)
    born = re.search(r"\bborn\s+(?:on\s+|in\s+)?(?:the\s+)?(?:\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)", low, re.I)
    for p in f.of("person"):
        rel = str(p.attrs.get("relation"))
        if rel == "doctor" and not re.search(r"\bmy\s+(?:doctor|gp|physician)\b", low, re.I):
            continue
        slots: dict[str, Any] = {"name": p.value, "relation": rel}
        if p.attrs.get("age") is not None:
            slots["age"] = int(p.attrs["age"])
        if (bday or born) and free_dates(f):
            slots.update(_birthday(f, ctx, free_dates(f)[0]))
        new = p.value is not None and (str(p.value).lower(), rel) not in ctx.prior_people
        if not (new or "age" in slots or "birthday" in slots):
            continue
        name = str(p.value) if p.value else ctx.known.get(rel)
        if name:
            slots["name"] = name
        key = (name or rel).lower()
        out.append(Draft("Person", key, {k: v for k, v in slots.items() if v is not None}, clause_span(f), "me"))
        ctx.prior_people.add(((name or "").lower(), rel))
    if bday and not out and free_dates(f):
        m = re.search(r"(?P<n>[A-Z][a-z]+)'s\s+birthday", f.clause.text)
        if m and m.group("n") not in ("My", "I"):
            out.append(Draft("Person", m.group("n").lower(), {"name": m.group("n"), **_birthday(f, ctx, free_dates(f)[0])}, clause_span(f)))
    return out


_TURNS = re.compile(r"\b(?:turns|turning|will\s+be|'ll\s+be|is\s+going\s+to\s+be|going\s+to\s+be)\s+(?P<n>\d{1,3})\b", re.I)


def _birthday(f: Found, ctx: Context, d: Mention) -> dict[str, Any]:
    """"turns 7 on March 3" / "birthday June 9, he'll be 40": the birth date and today's age; a
    birthday with no age keeps the next (or stated) date."""
    day = d.value.start
    turns = _TURNS.search(f.clause.text)
    if turns is None or d.value.explicit_year and day.year < ctx.today.year:
        return {"birthday": iso(day)}
    n = int(turns.group("n"))
    try:
        born = day.replace(year=day.year - n)
    except ValueError:  # 29 February
        born = day.replace(year=day.year - n, day=28)
    return {"birthday": iso(born), "age": n - 1 if day > ctx.today else n}


_LIMIT_WORDS = r"(?:over|under|above|below|more\s+than|less\s+than|no\s+more\s+than|at\s+most|max(?:imum)?|up\s+to|limit(?:ed)?\s+to)"
_TOPIC_STOP = {"me", "my", "i", "if", "book", "keep", "let", "any", "single", "is", "are", "was", "spend", "spending", "don't",
               "do", "not", "never", "please", "plz", "a", "an", "the", "to", "warn", "alert", "notify", "tell", "on", "for",
               "it", "that", "this", "our", "we", "whenever", "when", "each", "every", "monthly", "weekly", "total"}


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 4 and word.endswith("s") and not word.endswith("ss") else word


def _limit_topic(f: Found, money: Mention) -> str | None:
    """What a money limit is about: "spend over $300 at a restaurant" -> "restaurant"; "budget for eating
    out is 400 euros" -> "eating out"; "book hotels over 150 a night" -> "hotel per night"."""
    text = f.clause.text
    rel = money.start - f.clause.start
    after = re.match(r"\s*(?:a|per)?\s*(?:month|night|week|year)?\s*(?:at|on|for|in)\s+(?:a|an|the|any)?\s*(?P<t>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)",
                     text[money.end - f.clause.start :], re.I)
    budget = re.search(r"\bbudget\s+(?:for|on)\s+(?P<t>[\w -]{2,30}?)\s+(?:is|was|of|=|:)", text, re.I)
    before = re.search(r"(?P<t>(?:[\w-]+\s+){1,3}?)(?:is\s+|are\s+)?" + _LIMIT_WORDS + r"\s*$", text[:rel], re.I)
    topic = None
    if budget:
        topic = budget.group("t")
    elif before:
        words = [w for w in before.group("t").split() if w.lower() not in _TOPIC_STOP]
        topic = " ".join(words) or None
    if topic is None and after:
        topic = after.group("t")
    if topic is None:
        return None
    topic = " ".join(_singular(w) for w in topic.lower().split())
    period = re.search(r"\b(?:a|per|each)\s+(month|night|week|year)\b|\b(monthly|nightly|weekly|yearly)\b", text, re.I)
    if period:
        unit = (period.group(1) or period.group(2)).lower().removesuffix("ly")
        topic += f" per {'night' if unit == 'night' else unit}"
    return topic


def _constraint(low: str) -> tuple[str, str] | None:
    """"No meetings before 10am" -> (meeting, not before 10:00); "no layovers longer than 3 hrs" ->
    (layover, at most 3 hours); "never book me on a red-eye" -> (red-eye, never)."""
    m = re.search(r"\bno\s+(?P<t>[\w-]+)\s+(?P<w>before|after|earlier\s+than|later\s+than)\s+(?P<h>\d{1,2})(?::(?P<mi>\d\d))?\s*(?P<ap>am|pm)?", low, re.I)
    if m:
        h = int(m.group("h")) % 12 + (12 if (m.group("ap") or "").lower() == "pm" else 0) if m.group("ap") else int(m.group("h"))
        word = "before" if m.group("w").lower() in ("before", "earlier than") else "after"
        return m.group("t").lower(), f"not {word} {h:02d}:{m.group('mi') or '00'}"
    m = re.search(r"\bno\s+(?P<t>[\w-]+)\s+(?:longer|more)\s+than\s+(?P<n>\d+)\s*(?P<u>h(?:ou)?rs?|hours?|mins?|minutes?)\b", low, re.I)
    if m:
        unit = "hours" if m.group("u").lower().startswith("h") else "minutes"
        return m.group("t").lower(), f"at most {m.group('n')} {unit}"
    m = re.search(r"\bnever\s+(?:book|put|schedule|seat)\s+me\s+(?:on|in|at)\s+(?:a|an|the)?\s*(?P<t>[\w-]+)", low, re.I)
    if m:
        return m.group("t").lower(), "never"
    return None


_PREF_DROP = re.compile(r"\b(?:forget|drop|remove|delete|scrap|cancel|turn\s+off|get\s+rid\s+of|stop)\s+(?:the|my|that|this)\s+"
                        r"(?P<t>[\w-]+(?:\s+[\w-]+)?)\s+(?:limit|rule|alert|budget|preference|warning|cap)\b", re.I)


def preference(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    low = f.clause.text
    if f.clause.question:
        return []
    drop = _PREF_DROP.search(low)
    if drop:  # "forget the restaurant limit I set up"
        topic = " ".join(_singular(w) for w in drop.group("t").lower().split())
        return [Draft("Preference", topic, {"topic": topic, "status": "cancelled"}, clause_span(f), ctx.subject, "cancel", correction=True)]
    constraint = _constraint(low)
    if constraint:
        topic, value = constraint
        return [Draft("Preference", topic, {"topic": topic, "value": value}, clause_span(f), ctx.subject)]
    cue = cues.PREFERENCE.search(low)
    if cue is None:
        return []
    topic = first_match(cues.PREF_TOPICS, low)
    money = next((m for m in f.of("money") if (m.start, m.end) not in used), None)
    if topic is None and money is None and not re.search(r"\b(?:prefer|favou?rite|love|hate|like|can't\s+stand|rather)\b", low, re.I):
        return []
    value = low[cue.start() :].strip(" .!")
    if topic is None:
        obj = re.search(r"\b(?:prefer|favou?rite|love|hate|like|dislike|enjoy|stand)\s+(?:\w+\s+)?(?:is\s+)?(?P<o>[\w'’ -]{2,40})", low, re.I)
        topic = (obj.group("o").split()[-1] if obj else "general").lower()
    slots: dict[str, Any] = {"topic": topic, "value": value}
    if money is not None and re.search(r"\b(?:spend|budget|more\s+than|over|under|limit|max|maximum|less\s+than)\b", low, re.I):
        slots["limit"], slots["currency"] = money.value, money.attrs.get("currency")
        slots["topic"] = _limit_topic(f, money) or topic
        del slots["value"]  # a limit is the value
        used.add((money.start, money.end))
    return [Draft("Preference", str(slots["topic"]), slots, clause_span(f), ctx.subject)]
