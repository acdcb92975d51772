"""Services no table knows, and the charges a statement lists.

"Cancelled CineBox today ... it said my access runs until May 31 and I won't be charged again. That's
$15.99 a month back in my pocket": a streaming service the organisations table has never heard of is a
subscription all the same, because the message around the name says so (a monthly price, "won't be
charged", a renewal, a membership). "Going through my bank app ... rent, Spotify 11.99, CineBox 15.99
on the 5th": a statement read out as name-and-amount pairs is a list of charges made. Both are read
over the whole message; names are spans of the message, amounts detected money, dates detected dates.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import cache

from engine.extract.builders.base import Draft
from engine.extract.dates import DateValue, find_dates
from engine.extract.drugs import drug_class, find_drugs
from engine.extract.money import find_money
from engine.extract.people import find_people
from engine.extract.segment import sentences
from engine.extract.tables import rows

_NAME = r"(?-i:(?P<name>[A-Z][\w+&'’-]*[a-z][\w+&'’-]*(?:\s+(?:[A-Z][\w+&-]*|\+))?))"
_CHANGE = re.compile(r"\b(?P<verb>cancell?ed|unsubscribed\s+from|ended|stopped|quit|signed\s+up\s+for|subscribed\s+to|joined)\s+"
                     r"(?:my\s+|the\s+|our\s+)?" + _NAME, re.I)
_RECURRING = re.compile(r"\b(?:subscriptions?|membership|(?:a|per|each|every)\s+(?:month|year|week)|/\s*(?:mo|month|yr)\b|monthly|annual(?:ly)?|"
                        r"won['’]t\s+be\s+(?:charged|billed)|charged\s+again|billed\s+again|renew(?:s|al|ed)?|free\s+trial|plan|"
                        r"streaming|access\s+(?:runs|ends|lasts))", re.I)
_STATEMENT = re.compile(r"\b(?:bank\s+(?:app|statement|account)|(?:card|credit\s+card)\s+(?:statement|bill)|statement|transactions|"
                        r"charges|came\s+out|went\s+out|debited|direct\s+debits?)\b", re.I)
_PRICES = re.compile(r"\b(?:compar\w*|vs\.?|versus|which\s+(?:one|is\s+cheaper)|menu)\b", re.I)
_PAIR = re.compile(_NAME + r"\s+(?:(?:payment|charge|debit|direct\s+debit|fee|transaction)\s+(?:of|for)\s+)?(?:[$€£]\s?)?(?P<amt>\d{1,5}[.,]\d{2})\b")
# "on the 5th", "dated July 3", "that went out on 3 April": the day a listed charge was taken
_TAKEN_ON = re.compile(r"\s+(?:(?:that|which)\s+(?:went\s+out|came\s+out|was\s+taken|cleared|left)\s+)?(?:on|dated)\s+[^,;.?!]{1,20}", re.I)
# a question about the statement, not a line read off it with surprise ("Disney Plus £8.99 on the 2nd??")
_ASKS = re.compile(r"\W*(?:can|could|should|do|does|did|is|are|was|what|which|how|why|when|where|who|will|would)\b", re.I)
_NOT_NAMES = frozenset(w.lower() for w in ("I", "The", "My", "Our", "And", "But", "So", "Also", "Then", "Let's", "Lets", "Okay", "OK", "Oh",
                                           "Well", "Anyway", "Today", "Yesterday", "Total", "Rent", "Plus"))


@cache
def _not_services() -> frozenset[str]:
    """Ordinary words and people's first names: never a service's name."""
    return frozenset(row[0].lower() for name in ("common_words.txt", "first_names.txt") for row in rows(name))


def is_name(text: str, name: str, at: int) -> bool:
    first = re.sub(r"['’]s$", "", name.split()[0]).lower()
    if first in _NOT_NAMES or first in _not_services():
        return False
    return not any(p.start <= at < p.end for p in find_people(text, 0, len(text)))  # "cancelled Mark's" is a person


def unknown_subscriptions(text: str, drafts: list[Draft], subject: str = "me") -> list[Draft]:
    """Subscriptions started or cancelled under a name no table lists, when the message speaks of a recurring charge."""
    if not _RECURRING.search(text):
        return []
    have = {str(d.slots.get(k) or "").lower() for d in drafts for k in ("service", "payee", "vendor", "institution")}
    out: list[Draft] = []
    for s, e in sentences(text):
        for m in _CHANGE.finditer(text, s, e):
            name = m.group("name").strip()
            if any(name.lower() in h or (h and h.removeprefix("the ") in name.lower()) for h in have) or not is_name(text, name, m.start("name")):
                continue
            if drug_class(name) or find_drugs(text, m.start("name"), m.end("name")):
                continue  # "started Ozempic once a week": a medicine
            cancelled = re.match(r"cancel|unsub|ended|stopped|quit", m.group("verb"), re.I) is not None
            slots: dict[str, str] = {"service": name, "status": "cancelled" if cancelled else "active"}
            price = next((x for x in find_money(text, 0, len(text)) if x.value is not None and re.match(
                r"\s*(?:a|per|/|each)\s*(?:month|mo\b)", text[x.end : x.end + 12], re.I)), None)
            if price is not None:
                slots["amount"] = str(price.value)
                if price.attrs.get("currency"):
                    slots["currency"] = str(price.attrs["currency"])
            have.add(name.lower())
            out.append(Draft("Subscription", name.lower(), slots, (s, e), subject, "cancel" if cancelled else "assert",
                             correction=cancelled, hint="subscription"))
    return out


def statement_charges(text: str, today: dt.date, drafts: list[Draft], subject: str = "me") -> list[Draft]:
    """"Spotify 11.99, CineBox 15.99 on the 5th" read off a statement: one charge made per pair."""
    if not _STATEMENT.search(text):
        return []
    services = {str(d.slots.get("amount")): d for d in drafts if d.frame == "Subscription" and d.slots.get("amount")}
    held = {str(d.slots.get(k)) for d in drafts for k in ("amount", "limit", "balance", "cost") if d.slots.get(k)}
    out: list[Draft] = []
    spans = sentences(text)
    cue_at = next((a for a, b in spans if _STATEMENT.search(text, a, b)), None)
    for s, e in spans:
        asks = text[s:e].rstrip().endswith("?") and _ASKS.match(text, s) is not None
        if cue_at is None or s < cue_at or asks or _PRICES.search(text, s, e):
            continue  # read out from the statement's sentence on; never a comparison
        for m in _PAIR.finditer(text, s, e):
            name = m.group("name").strip()
            amount = m.group("amt").replace(",", ".")
            if not is_name(text, name, m.start("name")):
                continue
            service = services.get(amount)
            if amount in held and not (service is not None and service.op == "assert" and _same_span(service, s, e)):
                continue
            cur = next((x.attrs.get("currency") for x in find_money(text, m.start("amt") - 2, m.end("amt")) if x.attrs.get("currency")), None)
            slots: dict[str, str] = {"payee": str(service.slots["service"]) if service else name, "amount": amount, "status": "done"}
            if cur:
                slots["currency"] = str(cur)
            after = _TAKEN_ON.match(text[m.end() : m.end() + 48])
            if after:
                got = [d for d in find_dates(text, m.end(), m.end() + after.end(), today, past=True) if isinstance(d.value, DateValue)]
                if got:
                    slots["date"] = got[0].value.start.isoformat()
            if service is not None:  # a known service's line on a statement is a charge taken, not a renewal said
                drafts.remove(service)
                del services[amount]
            held.add(amount)
            out.append(Draft("Transfer", f"{slots['payee'].lower()}:{amount}", slots, (s, e), subject, hint="charge"))
    return out


def _same_span(d: Draft, s: int, e: int) -> bool:
    return d.span[0] < e and s < d.span[1]
