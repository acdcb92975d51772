"""Spending logged in passing: "Tacos on Tuesday were $41", "pizza Friday night, 27 with the tip",
"my share came to $118" (after a sentence about a steakhouse dinner).

People report what they spent on food as a list of dishes and sums, often with no verb and with the
meal named in the sentence before. Clause builders read a spend only where a meal word and a spending
verb meet in one clause; this stage reads the message whole: every sum no other record holds, in a
stretch of words that names food (the restaurant words of ``purchase_categories.tsv``) or a share of
a bill after a sentence that does, becomes a restaurant Purchase dated by the words around it. Sums in
questions, plans, caps and prices are left alone.
"""

from __future__ import annotations

import datetime as dt
import re

from engine.extract.builders.base import Draft
from engine.extract.builders.finance import category_word
from engine.extract.dates import DateValue, find_dates, is_past
from engine.extract.mentions import Mention
from engine.extract.money import find_money
from engine.extract.segment import sentences

_SHARE = re.compile(r"\b(?:my|our|his|her)\s+(?:share|half|part|portion|cut)\b|\bthe\s+(?:bill|tab|check)\b|\b(?:with|plus|incl\.?|including)\s+(?:the\s+)?tip\b", re.I)
_NOT_SPENT = re.compile(
    r"\b(?:budget|cap|limit|max(?:imum)?|no\s+more\s+than|up\s+to|under|allowance|refund(?:ed)?|owes?|deposit|quote|estimate|"
    r"per\s+(?:person|head)|a\s+head|a\s+(?:month|week|year)|per\s+(?:month|week|year)|if|would|could|might|should|will|"
    r"going\s+to|gonna|planning|plan\s+to|want\s+to|'ll|’ll|menu|costs?\s+like|usually|normally|typically|"
    r"i['’]d|love|wish|craving|fancy|dream(?:ing)?|can['’]?t\s+afford|cannot\s+afford|afford)\b", re.I)
_OTHERS = re.compile(r"\b(?:he|she|they)\s+(?:just\s+|already\s+)?(?:spent|paid|bought|ordered|got)\b", re.I)
_LAST_NIGHT = re.compile(r"\blast\s+night\b|\byesterday\s+(?:evening|night)\b|\bthe\s+other\s+night\b", re.I)
_AHEAD = re.compile(r"\b(?:will|going\s+to|gonna|next|coming|tomorrow|tonight|plan(?:ning)?|hope|hoping)\b|['’]ll\b", re.I)
_SPENT_VERB = re.compile(r"\b(?:got|had|ordered|grabbed|bought|paid|spent|came\s+to|cost\s+me|set\s+(?:me|us)\s+back|were|was|with\s+(?:the\s+)?tip)\b", re.I)
_PRICE_TALK = re.compile(r"\b(?:quote|estimate|per\s+(?:slice|person|guest|head)|a\s+(?:slice|head|guest)|for\s+\d{2,}\s+(?:guests|people)|is\s+included|includes|"
                         r"is\s+like|are\s+like|goes\s+for|go\s+for|costs\s+(?:about|around|like))\b|\b(?:is|are)\s+(?:now\s+)?[$€£¥]?\d", re.I)
_CENTS = re.compile(r",\s+(?P<n>\d{1,4}\.\d{2})(?=\s*(?:[.;!)]|$))")
_BREAK = re.compile(r"[,;:(]|\band\s+(?:then\s+)?|\bthen\b|\balso\b", re.I)
_STOPS = ("money", "amount", "limit", "cost", "balance")


def logged_spends(text: str, today: dt.date, drafts: list[Draft]) -> list[Draft]:
    """Restaurant purchases for the sums of ``text`` that no draft holds yet."""
    held = {str(d.slots.get(k)) for d in drafts for k in _STOPS if d.slots.get(k) not in (None, "")}
    out: list[Draft] = []
    spans = sentences(text)
    food_before = False
    past_before = False
    for s, e in spans:
        sentence = text[s:e]
        # a sentence with no tense of its own ("And pizza Friday night, 27 with the tip") goes on in the tense before it
        past = is_past(sentence) or (past_before and not _AHEAD.search(sentence))
        past_before = past
        food_here = category_word(sentence, "restaurant") is not None
        if sentence.rstrip().endswith("?"):
            food_before = food_here
            continue
        last = s
        for m in sorted(find_money(text, s, e) + _set_off_cents(text, s, e), key=lambda x: x.start):
            stretch = _stretch(text, last, m.start, m.end, e)
            last = m.end
            if m.value is None or str(m.value) in held or _NOT_SPENT.search(stretch) or _OTHERS.search(stretch):
                continue
            if not past and re.search(r"\b(?:is|are|costs?)\b", stretch, re.I) and not _SPENT_VERB.search(stretch):
                continue  # "sushi is like $30": a price, not money spent
            if _PRICE_TALK.search(stretch):
                continue
            food = category_word(stretch, "restaurant")
            if food is None and not (_SHARE.search(stretch) and (food_here or food_before)):
                continue
            if any(d.value.start > today for d in find_dates(text, s, e, today, past=past) if isinstance(d.value, DateValue)):
                continue  # "Dinner at Nobu on Saturday, 210 €": a day still ahead, a plan or a price
            day = _day(text, stretch, s, e, m.start, today, past)
            item = "meal" if food is None or re.fullmatch(r"the\s+(?:bill|check|tab)", food, re.I) else food.lower()
            slots = {"item": item, "amount": str(m.value), "date": day.isoformat(), "category": "restaurant"}
            currency = m.attrs.get("currency") or _message_currency(text)
            if currency:
                slots["currency"] = str(currency)
            held.add(str(m.value))
            out.append(Draft("Purchase", f"{item}::{day.isoformat()}", slots, (s, e), "me", hint="purchase"))
        food_before = food_here
    return out


def _set_off_cents(text: str, s: int, e: int) -> list[Mention]:
    """"burgers last night, 31.50.": a bare sum with cents set off at the end of a sentence counts as money
    only after a food word of the purchase categories in the words just before it (a reading such as
    "glucose an hour later, 6.90" stays a number)."""
    out = []
    for m in _CENTS.finditer(text, s, e):
        before = text[max(s, m.start() - 40) : m.start()]
        if category_word(re.split(r"[.;!?]", before)[-1], "restaurant"):
            out.append(Mention("money", m.start("n"), m.end("n"), m.group("n"), m.group("n"), {"currency": None}))
    return out


def _stretch(text: str, lo: int, start: int, end: int, stop: int) -> str:
    """The words that go with a sum: back to the previous break ("And pizza Friday night, 27 with the tip"
    keeps "pizza Friday night") and on to the next comma."""
    before = text[lo:start]
    cuts = [0] + [m.end() for m in _BREAK.finditer(before)]
    head = before[cuts[-1] :]
    for cut in reversed(cuts[-3:-1]):  # a sum that opens its stretch goes with the words before it, at most two breaks back
        if category_word(head, "restaurant") or re.search(r"[A-Za-z]", head):
            break
        head = before[cut:]
    after = re.match(r"[^,.;!?]*", text[end:stop])
    return head + text[start:end] + (after.group(0) if after else "")


def _day(text: str, stretch: str, s: int, e: int, at: int, today: dt.date, past: bool) -> dt.date:
    """The date said nearest before the sum in its sentence, "last night", else today."""
    dates = [d for d in find_dates(text, s, e, today, past=past) if isinstance(d.value, DateValue) and d.start < at]
    if dates:
        return dates[-1].value.start
    if _LAST_NIGHT.search(stretch):
        return today - dt.timedelta(days=1)
    return today


def _message_currency(text: str) -> str | None:
    found = [m.attrs.get("currency") for m in find_money(text, 0, len(text)) if m.attrs.get("currency")]
    return found[0] if found else None
