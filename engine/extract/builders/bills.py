"""Bills to pay, and how the user set them up to be paid, read across the sentences of a message.

"The county property tax bill came, $3,120 for the first half, due June 1. I set it up through the
county's online portal to come out of our savings account on May 29." A bill is a payment the user
owes: a ``Transfer`` to what the bill is for, its amount, due date and, when a later sentence says how
it will be paid ("set it up ... to come out of savings on May 29", "it's on autopay"), the account and
the day it leaves. A later instruction to pay the same bill another way ("told him to write a check
for the property tax, the 3120 one") is a second payment of it, which the duplicate-payment rule
checks; an amount said bare there counts only when it is the known bill's amount.
"""

from __future__ import annotations

import datetime as dt
import re

from engine.extract.builders.base import Draft
from engine.extract.dates import DateValue, find_dates
from engine.extract.money import find_money
from engine.extract.segment import sentences
from engine.state import Record

_BILL = re.compile(r"\b(?:the|our|my|a)\s+(?P<what>(?:[\w'’-]+\s+){0,3}?)(?:bill|invoice)\s+(?:(?:just|finally)\s+)?"
                   r"(?:came(?:\s+in)?|arrived|showed\s+up|landed|is\s+(?:here|in)|for)\b", re.I)
_DUE = re.compile(r"\bdue\s+(?:on\s+|by\s+)?$", re.I)
_SET_UP = re.compile(r"\b(?:set\s+(?:it|that|this|the\s+payment)\s+up|scheduled\s+(?:it|that|the\s+payment)|"
                     r"(?:it|that)(?:['’]ll|\s+will)\s+come\s+out|(?:it['’]?s|it\s+is)\s+on\s+auto-?pay|put\s+(?:it|that)\s+on\s+auto-?pay)\b", re.I)
_OUT_OF = re.compile(r"\b(?:out\s+of|from)\s+(?:our|my|the)\s+(?P<a>(?:[A-Z][\w&]+\s+)?(?:joint\s+)?(?:savings|checking|current)(?:\s+account)?)\b", re.I)
_PAY_AGAIN = re.compile(r"\b(?:write|writing|wrote|send|sending|mail|mailing|drop|dropping|pay|paying)\s+(?:a\s+)?(?P<how>check|cheque|cash|payment)?"
                        r"\s*(?:for|on|toward)\s+(?:the|our|my)\s+(?P<what>[\w'’ -]{3,30}?)(?=\s*[,.;!]|\s+(?:and|bill|today|tomorrow|on|by)\b)", re.I)
# "Wrote checks for everything in the pile: the electric, the linen service, and Hartley for the 8812 invoice"
_CHECKS_WRITTEN = re.compile(r"\b(?:wrote|writing|write|mailed|posted|sent)\s+(?:out\s+)?(?:a\s+|the\s+)?(?P<how>checks|cheques)\b", re.I)
_NOT_WHAT = re.compile(r"^(?:phone|this|that|first|last|next|big|huge|final|new|whole)$", re.I)


def bills(text: str, today: dt.date, drafts: list[Draft], subject: str = "me") -> list[Draft]:
    """A bill the message says came, with how it will be paid if the message says that too."""
    held = {str(d.slots.get("amount")) for d in drafts if d.slots.get("amount")}
    spans = sentences(text)
    out: list[Draft] = []
    for i, (s, e) in enumerate(spans):
        m = _BILL.search(text, s, e)
        if m is None:
            continue
        what = re.sub(r"\s+", " ", m.group("what")).strip()
        if not what or _NOT_WHAT.match(what):
            continue
        money = [x for x in find_money(text, m.end(), e) if x.value is not None]
        if not money or str(money[0].value) in held:
            continue
        slots: dict[str, str] = {"payee": what, "amount": str(money[0].value), "status": "requested"}
        if money[0].attrs.get("currency"):
            slots["currency"] = str(money[0].attrs["currency"])
        due = next((d for d in find_dates(text, s, e, today, past=False) if isinstance(d.value, DateValue)
                    and _DUE.search(text[max(s, d.start - 12) : d.start])), None)
        if due is not None:
            slots["date"] = due.value.start.isoformat()
        for a, b in spans[i + 1 : i + 3]:  # how it will be paid, said right after
            if not _SET_UP.search(text, a, b):
                continue
            account = _OUT_OF.search(text, a, b)
            if account is not None:
                slots["account"] = account.group("a")
            when = [d for d in find_dates(text, a, b, today, past=False) if isinstance(d.value, DateValue)]
            if when:
                slots["date"] = when[0].value.start.isoformat()
            slots["requested_by"] = "me"
            break
        out.append(Draft("Transfer", f"{what.lower()}:{slots['amount']}", slots, (s, e), subject, hint="bill"))
    return out


def paid_again(text: str, today: dt.date, prior: list[Record], drafts: list[Draft], subject: str = "me") -> list[Draft]:
    """A new instruction to pay a bill already set up ("write a check for the property tax, the 3120 one"):
    a second payment of the same bill, its amount the bill's when the sentence repeats it."""
    owed = [r for r in prior if r.frame == "Transfer" and r.status == "requested" and r.values.get("payee") and r.values.get("amount") is not None]
    if not owed:
        return []
    out: list[Draft] = []
    for s, e in sentences(text):
        m = _PAY_AGAIN.search(text, s, e) or _CHECKS_WRITTEN.search(text, s, e)
        if m is not None and m.re is _CHECKS_WRITTEN and re.search(r"\b(?:he|she|they|(?-i:[A-Z][a-z]+))\s+(?:\w+ly\s+)?$|\bused\s+to\b|\balready\b",
                                                                 text[s : m.start()], re.I):
            continue  # "Mark wrote checks for Hartley", "I used to write checks": not a second payment by the user
        if m is None or re.search(r"\b(?:if\s+(?:I|we)|should\s+I|whether|did\s+(?:I|we)|not\s+to|no\s+need\s+to|never|won['’]t|"
                                  r"(?:don['’]t|do\s+not)\s+(?:write|pay|send|mail)|was\s+going\s+to|were\s+going\s+to|instead\s+of)\b", text[s:e], re.I):
            continue  # "told Dan not to write a check, it's already set up online": no second payment
        said = (m.groupdict().get("what") or text[m.end() : e]).lower()  # a list of checks names its payees after the verb
        rec = next((r for r in reversed(owed) if _same_bill(said, str(r.values["payee"]))), None)
        if rec is None or any(d.frame == "Transfer" and d.span[0] < e and s < d.span[1] for d in drafts):
            continue
        amount = str(rec.values["amount"])
        numbers = {n.replace(",", "") for n in re.findall(r"\d[\d,]*(?:\.\d\d)?", text[s:e])}
        if not ({amount, amount.removesuffix(".00")} & numbers):
            continue  # the sentence must repeat the bill's amount: a different sum is a different payment
        slots: dict[str, str] = {"payee": str(rec.values["payee"]), "amount": amount, "status": "requested", "requested_by": "me",
                                 "account": m.group("how").lower().removesuffix("s") if m.group("how") and m.group("how").lower() != "payment" else "another way"}
        if rec.values.get("currency"):
            slots["currency"] = str(rec.values["currency"])
        when = [d for d in find_dates(text, s, e, today, past=False) if isinstance(d.value, DateValue)]
        if when:
            slots["date"] = when[0].value.start.isoformat()
        # a key of its own: a second payment of the bill, never a change to the first
        out.append(Draft("Transfer", f"by {slots['account']} on {slots.get('date', today.isoformat())}", slots, (s, e), subject, hint="bill"))
    return out


def _same_bill(said: str, payee: str) -> bool:
    """Whether the words name the payee: all its words, or the first word of a name of several
    ("Hartley" for Hartley Restaurant Supply), never a generic word alone."""
    words = [w for w in re.findall(r"[a-z]{3,}", payee.lower()) if w not in ("the", "bill", "county", "city", "state")]
    said_words = set(re.findall(r"[a-z]{3,}", said))
    if not words:
        return False
    return set(words) <= said_words or (len(words) >= 2 and words[0] in said_words and words[0] not in _GENERIC_PAYEE)


_GENERIC_PAYEE = frozenset(("property", "water", "electric", "gas", "council", "car", "home", "tax", "phone", "internet",
                            "credit", "student", "health", "dental", "life", "pet", "school", "first", "national", "american"))
