"""The card or account a purchase was paid with: "bought a new one today, 899 dollars at Best Buy, put it
on the Visa". A card's limit is watched against its balance plus what is charged to it after the balance
was said, so a purchase put on the card must say which card; the words are a span of the message.
"""

from __future__ import annotations

import re

from engine.extract.builders.base import Draft
from engine.extract.segment import sentences

_CARD = r"(?:visa|master\s?card|amex|american\s+express|discover|credit\s+card|debit\s+card|card)"
# "put it on the Visa", "charged it to my Chase card", "paid with the Amex", "on my credit card"
_PUT_ON = re.compile(
    r"\b(?:put|charged?|stuck|paid|bought|went)\b(?:\s+(?:it|them|that|this|the\s+\w+|for\s+it|for\s+them|\w+\s+dollars|[$£€]?\d[\d,.]*))?\s+"
    r"(?:on|to|with|using)\s+(?:the|my|our)\s+(?P<a>(?-i:[A-Z][\w&]*\s+){0,2}" + _CARD + r")\b", re.I)
_NOT_MINE = re.compile(r"\b(?:he|she|they|mum|mom|dad|wife|husband|partner)\s+(?:\w+\s+)?$|\b(?:didn['’]t|did\s+not|don['’]t|not|never|"
                       r"instead\s+of|rather\s+than|wouldn['’]t)\b(?:\s+\w+){0,4}\s+$", re.I)
_ANOTHER_TIME = re.compile(r"\blast\s+(?:year|time|month|week)|\bused\s+to\b|\bthe\s+old\s+one\b", re.I)


def paid_with(text: str, drafts: list[Draft]) -> None:
    """Fills ``account`` of each purchase whose sentence says which card it went on."""
    for s, e in sentences(text):
        m = _PUT_ON.search(text, s, e)
        if m is None or _NOT_MINE.search(text[s : m.start()]) or _ANOTHER_TIME.search(text, s, e):
            continue
        bought = [d for d in drafts if d.frame == "Purchase" and d.span[0] < e and s < d.span[1] and not d.slots.get("account")]
        if len(bought) == 1:
            bought[0].slots["account"] = m.group("a")
