"""A purchase told by pronoun: "The standing desk finally showed up yesterday ... Got it from Deskly for
$489, they do 30-day returns from delivery".

The sentence with the shop and the price says "it"; the thing is named sentences before. This stage
reads the message whole: "got/bought/ordered it from <shop> for <sum>" takes the latest thing named
before it that the purchase categories know (a desk, boots, a laptop), and a return window the message
states ("30-day returns from delivery", counted by ``engine.extract.windows`` from the date it names)
becomes the purchase's last day to return it.
"""

from __future__ import annotations

import datetime as dt
import re

from engine.extract.builders.base import Draft
from engine.extract.builders.finance import category_of, category_word
from engine.extract.dates import DateValue, find_dates
from engine.extract.money import find_money
from engine.extract.segment import sentences
from engine.extract.windows import find_windows

_BOUGHT_IT = re.compile(r"\b(?i:got|bought|ordered|picked\s+up|purchased|grabbed|snagged)\s+(?i:it|them|that|this\s+one|the\s+thing)\s+"
                        r"(?i:from|at|on|off)\s+(?P<v>(?:the\s+)?[A-Z][\w'’&.-]*(?:\s+[A-Z][\w'’&.-]*){0,2})")
_CATEGORIES = ("home", "electronics", "clothing", "sports", "health", "entertainment", "gifts")
_STOP = frozenset(["the", "a", "an", "my", "our", "his", "her", "their", "new", "old", "this", "that", "finally", "just", "got", "bought", "ordered"])


def bought_it(text: str, today: dt.date, drafts: list[Draft], subject: str = "me") -> list[Draft]:
    """Purchases whose item the message named before the sentence that bought "it"."""
    spans = sentences(text)
    out: list[Draft] = []
    for i, (s, e) in enumerate(spans):
        m = _BOUGHT_IT.search(text, s, e)
        if m is None:
            continue
        before = re.split(r"[,;:]", text[s : m.start()])[-1]  # the clause right before the verb
        if re.search(r"\b(?:might|may|maybe|probably|if\s+(?:I|we)|should|would|could)\b", before, re.I):
            continue
        if re.search(r"\b(?:he|she|they|mom|mum|dad|sister|brother|wife|husband|partner|friend|son|daughter)\s+(?:just\s+|finally\s+)?$", before, re.I):
            continue  # "Mom got it from Zara": someone else's purchase
        item = next((x for x in (_thing(text[a:b]) for a, b in reversed(spans[:i])) if x), None)
        if item is None or any(d.frame == "Purchase" and str(d.slots.get("item", "")).lower() == item.lower() for d in drafts):
            continue
        slots: dict[str, str] = {"item": item, "vendor": m.group("v").rstrip("."), "status": "bought"}
        price = next((x for x in find_money(text, m.end(), e) if x.value is not None), None)
        if price is not None:
            slots["amount"] = str(price.value)
            if price.attrs.get("currency"):
                slots["currency"] = str(price.attrs["currency"])
        cat = category_of(item)
        if cat:
            slots["category"] = cat
        anchors = [(d.start, d.end, d.value.start) for a, b in spans for d in find_dates(text, a, b, today)
                   if isinstance(d.value, DateValue)]
        window = next((w for w in find_windows(text, anchors) if not w.before and re.search(r"return|exchange|send", w.surface + text[w.end : w.end + 20], re.I)), None)
        if window is not None:
            slots["return_by"] = window.value.isoformat()
        if anchors:
            slots["date"] = min(a[2] for a in anchors if a[2] <= today).isoformat() if any(a[2] <= today for a in anchors) else today.isoformat()
        out.append(Draft("Purchase", item.lower(), slots, (s, e), subject, hint="purchase"))
    return out


def _thing(sentence: str) -> str | None:
    """The thing a sentence names that a purchase category knows, with the word before it ("standing desk")."""
    for cat in _CATEGORIES:
        word = category_word(sentence, cat)
        if word is None:
            continue
        at = sentence.find(word)
        before = re.findall(r"[A-Za-z-]+", sentence[:at])
        lead = before[-1] if before and before[-1].lower() not in _STOP and before[-1][:1].islower() else ""
        return f"{lead} {word}".strip()
    return None


# the thing named is what broke or went ("my old laptop finally died"), not a word before another noun ("the laptop bag ripped")
_GONE = re.compile(r"\s*(?:\)|,)?\s*(?:(?:finally|just|completely|totally|officially)\s+)?(?:died|broke|is\s+broken|was\s+broken|snapped|"
                   r"stopped|gave\s+(?:up|out)|conked|packed\s+(?:up|in)|cracked|quit|is\s+dead|was\s+dead|went|got\s+stolen|"
                   r"was\s+stolen|got\s+lost|is\s+done|was\s+done|wore\s+out|is\s+toast|bit\s+the\s+dust)\b", re.I)
_ONE = re.compile(r"(?:(?:a|an|the)\s+)?(?:new\s+|another\s+|replacement\s+)?(?:one|ones|another|it|them|replacement)", re.I)


def name_the_one(text: str, drafts: list[Draft]) -> None:
    """"My old laptop finally died so I bought a new one": a purchase of "one" is of the thing named before it."""
    for d in drafts:
        if d.frame != "Purchase" or not _ONE.fullmatch(str(d.slots.get("item") or "").strip()):
            continue
        said = re.search(rf"\b{re.escape(str(d.slots['item']))}\b", text[d.span[0] : d.span[1]], re.I)
        before = text[: d.span[0] + (said.start() if said else 0)]
        thing = next((x for x in (_thing(part) for part in reversed(re.split(r"(?<=[.!?;,(])\s+", before))) if x), None)
        if thing and _GONE.match(before, before.lower().rfind(thing.split()[-1].lower()) + len(thing.split()[-1])):
            word = thing.split()[-1]  # "old laptop" → the new one is a laptop
            d.slots["item"] = word
            cat = category_of(word)
            if cat and not d.slots.get("category"):
                d.slots["category"] = cat
