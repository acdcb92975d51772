"""Money frames: subscriptions, accounts, transfers and payments, purchases."""

from __future__ import annotations

import re
from typing import Any

from engine.extract import cues
from engine.extract.builders.base import (
    Context,
    Draft,
    bare_day,
    clause_span,
    first_match,
    free_dates,
    iso,
    text_before,
)
from engine.extract.detect import Found
from engine.extract.mentions import Mention

_CHARGED = re.compile(r"\b(?:charged|billed|debited|deducted|took|withdrew)\b(?!\s+(?:out|up|over)\b)", re.I)
# "charges me 15.99 a month" states the subscription's price; "charged me 11.99 again" is one payment
_RECURRING = re.compile(r"\b(?:a|per|each|every)\s+(?:month|year|week)\b|/\s*(?:mo|month|yr|year)\b|\b(?:monthly|yearly|annual(?:ly)?|subscri\w*|"
                        r"membership|signed\s+up|renew\w*|trial|plan)\b", re.I)


def subscription(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    svc = [o for o in f.of("org") if o.attrs.get("org_kind") == "service" and (o.start, o.end) not in used]
    if not svc:
        return []
    low = f.clause.text
    cancel = cues.cancelled(low)
    switched = re.search(r"\b(?:switch(?:ed|ing)?|mov(?:ed|ing)|chang(?:ed|ing))\s+from\b", low, re.I)
    if not (cues.SUBSCRIPTION.search(low) or cancel or f.of("money") or switched):
        return []
    out = []
    if switched and len(svc) > 1:
        old, new = svc[0], svc[1]
        used.update({(old.start, old.end), (new.start, new.end)})
        return [
            Draft("Subscription", old.value.lower(), {"service": old.value, "status": "cancelled"}, clause_span(f), ctx.subject, "cancel",
                  correction=True, hint="subscription"),
            Draft("Subscription", new.value.lower(), {"service": new.value}, clause_span(f), ctx.subject, hint="subscription"),
        ]
    if cancel and re.search(r"\bcancel\w*\b.{0,50}?\b(?:by|before)\s", low, re.I):
        cancel = False  # "cancel the free trial by the 11th": a deadline to cancel, not done yet
    s = svc[0]
    used.add((s.start, s.end))
    money = next(iter(f.of("money")), None)
    if money is not None and not cancel and _CHARGED.search(low) and not _RECURRING.search(low):
        # "Spotify charged me 11.99 again": a payment the service took, not a (re)subscription
        used.add((money.start, money.end))
        paid: dict[str, Any] = {"payee": s.value, "amount": money.value, "currency": money.attrs.get("currency"),
                                "status": "done"}
        when = next(iter(free_dates(f)), None)
        if when is not None:
            paid["date"] = iso(when.value.start)
        return [Draft("Transfer", f"{s.value.lower()}:{money.value}", {k: v for k, v in paid.items() if v},
                      clause_span(f), ctx.subject, hint="transfer")]
    slots: dict[str, Any] = {"service": s.value}
    if money is not None:
        slots["amount"], slots["currency"] = money.value, money.attrs.get("currency")
        used.add((money.start, money.end))
    day_only: dict[str, int] = {}
    for d in free_dates(f):
        if cues.RENEWAL.search(text_before(f, d, 40)) or not cancel:
            slots["renewal"] = iso(d.value.start)
            day_only = bare_day("renewal", d)
            break
    if cancel:
        slots["status"] = "cancelled"
    out.append(Draft("Subscription", s.value.lower(), slots, clause_span(f), ctx.subject, "cancel" if cancel else "assert",
                     correction=cancel or bool(cues.CORRECTION.search(low)), day_only=day_only, hint="subscription"))
    return out


def account(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    banks = [o for o in f.of("org") if o.attrs.get("org_kind") == "bank" and (o.start, o.end) not in used]
    low = f.clause.text
    if not banks or not cues.ACCOUNT.search(low):
        return []
    if cues.TRANSFER.search(low) and f.of("money") and not re.search(r"\b(?:limit|balance)\b", low, re.I):
        return []
    b = banks[0]
    used.add((b.start, b.end))
    kind = first_match(cues.ACCOUNT_KIND, low) or ("credit_card" if b.value == "American Express" else None)
    slots: dict[str, Any] = {"institution": b.value, "kind": kind}
    for m in f.of("money"):
        ctx_text = f.text[max(f.clause.start, m.start - 30) : m.end + 20].lower()
        slot = "limit" if "limit" in ctx_text else "balance" if re.search(r"balance|have|\bput\b|deposit|\bleft\b|owe|outstanding|remaining|\bin\s+it\b", ctx_text) else None
        if slot and slot not in slots:
            slots[slot], slots["currency"] = m.value, m.attrs.get("currency")
            used.add((m.start, m.end))
    closed = bool(cues.ACCOUNT_CLOSED.search(low))
    cancel = bool(re.search(r"\bcancel", low, re.I)) and not closed
    if closed:
        slots["status"] = "closed"
    elif re.search(r"\bopened\b", low, re.I):
        slots["status"] = "open"
    if kind is None and not {"limit", "balance", "status"} & set(slots):
        used.discard((b.start, b.end))
        return []
    key = f"{b.value.lower()}:{kind or ''}"
    return [Draft("Account", key, {k: v for k, v in slots.items() if v}, clause_span(f), ctx.subject, "cancel" if cancel else "assert",
                  correction="status" in slots or cancel, hint="account")]


_PAYEE_NP = re.compile(
    r"\bto\s+(?:(?P<det>my|the|our|his|her|their)\s+)?(?:(?:new|old)\s+)?(?:(?:aunt|auntie|uncle|cousin|grandma|grandpa|granny|nana)\s+(?=[A-Z]))?"
    r"(?P<p>(?:[\w'’&.+-]+\s+){0,2}?[\w'’&.+-]+?)(?=\s+(?:by|for|in|on|at|from|via|before|after|today|tomorrow|yesterday|next|this|last|account|ending|and|with|because|so)\b|[,.;:!?)]|\s*$)")
_NOT_PAYEE = re.compile(r"^(?:me|you|him|her|them|us|it|do|be|pay|send|get|make|buy|the|a|an|\d.*)$", re.I)


def _payee_phrase(f: Found) -> str | None:
    """"to the university", "to the Kyoto guesthouse", "to GreenLeaf Ltd": a named or determined recipient."""
    for m in _PAYEE_NP.finditer(f.clause.text):
        p = m.group("p").strip()
        words = p.split()
        if _NOT_PAYEE.match(words[0]) or any(re.fullmatch(r"\d[\d,.]*|[$€£¥]\S*", w) for w in words):
            continue
        if not (m.group("det") or p[0].isupper()):
            continue
        if re.match(r"(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b", p):
            continue
        return p
    return None


def _payee(f: Found) -> tuple[str | None, Mention | None]:
    low = f.clause.text
    for p in f.of("person"):
        if f.text[p.end : p.end + 2] in ("'s", "’s"):
            continue  # "my daughter's tuition": whose it is, not who is paid
        if re.search(r"\bto\s+$", text_before(f, p, 6), re.I) or re.search(r"\b(?:pay|paid|send|sent|venmo|venmo'?d|zelle|zelle'?d|reimburse|owe)\s+$", text_before(f, p, 12), re.I):
            return (str(p.value) if p.value else str(p.attrs["relation"])), p
    role = re.search(r"\b(?:pay|paid|paying|reimburse[ds]?|owe[ds]?|tipp?ed)\s+(?:the|my|our)\s+(?P<p>[a-z][\w'’-]+)\s+(?=[$€£¥]|\d)", low, re.I)
    if role:
        return role.group("p"), None  # "paid the electrician 380 quid"
    phrase = _payee_phrase(f)
    if phrase:
        return phrase, None
    dep = re.search(r"\b(?:deposit|payment|down\s+payment)\s+(?:for|to|on)\s+(?:the\s+|my\s+|our\s+)?(?P<p>[\w'’ ]{2,30}?)(?=\s+(?:on|by|via|from|yesterday|today|last)\b|[,.;!?]|$)", low, re.I)
    if dep:
        return dep.group("p"), None
    m = re.search(r"\bto\s+(?:my\s+|the\s+|our\s+)?(?P<p>landlord|[A-Z][\w'’]+(?:\s+[A-Z][\w'’]+)?)", low)
    if m and not re.match(r"(?:January|February|March|April|May|June|July|August|September|October|November|December)\b", m.group("p")):
        return m.group("p"), None
    m = re.search(r"\b(?:pay|paid|send|sent|venmo(?:ed)?|venmo'd|zelle'?d|reimburse[d]?)\s+(?:back\s+)?(?P<p>[A-Z][\w'’]+)\b", f.clause.text, re.I)
    if m and not m.group("p")[0].isupper():
        m = None
    if m and m.group("p") not in ("I", "My"):
        return m.group("p"), None
    return None, None


_PAY_APPS = {"venmo", "zelle", "paypal", "cash app", "wise", "apple pay", "google pay"}


def transfer(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    low = f.clause.text
    money = [m for m in f.of("money") if (m.start, m.end) not in used]
    cancel = cues.cancelled(low)
    payment_word = re.search(r"\b(?:payments?|transfers?|wire)\b", low, re.I)
    settled = None if money else re.search(r"\b(?:paid|sent|transferred|wired|reimbursed)\s+(?:the|my|our)\s+(?P<p>[a-z][\w'’-]+)"
                                           r"(?=\s+(?:today|yesterday|back|in\s+full|off|at\s+last|finally)\b|\s*[,.;!]|\s*$)", low)
    if not cues.TRANSFER.search(low) or not (money or (cancel and payment_word) or (settled and f.past)) or cues.RULE_IF.search(low):
        return []
    payee, pm = _payee(f)
    if payee is None and settled is not None:
        payee = settled.group("p")  # "paid the contractor today": a payment made, amount said before
    req = re.search(r"(?:(?P<n>[A-Z][\w'’]+)|(?i:my)\s+(?P<r>\w+))\s+(?:asked|wants|requested|told|needs)\s+me\s+to", f.clause.text)
    requester = None
    if req:
        who = req.group("n") or req.group("r")
        requester = who.lower() if who.lower() in _RELATION_WORDS else who
        if payee is None and re.search(r"\b(?:to|into)\s+(?:her|his|their)\b", low, re.I):
            payee = requester  # "my landlord asked me to pay ... into his account"
    if payee is None and not req and not re.search(r"\b(?:transfer|wire|send|sent|venmo|zelle)", low, re.I):
        return []
    m = money[0] if money else None
    if m is not None:
        used.add((m.start, m.end))
    slots: dict[str, Any] = {"amount": m.value if m else None, "currency": m.attrs.get("currency") if m else None, "payee": payee}
    bank = next((o for o in f.of("org") if o.attrs.get("org_kind") == "bank" and o.value.lower() not in _PAY_APPS), None)
    if bank is not None:
        slots["account"] = bank.value
        used.add((bank.start, bank.end))
    ending = re.search(r"\baccount\s+(?:ending|ending\s+in|no\.?|number)\s+(?P<n>\d{3,})", low, re.I)
    if ending:
        slots["account"] = ending.group("n")
    subject = ctx.subject
    if req:
        slots["requested_by"] = requester
        subject = "me"  # "Dad wants me to send ...": the user sends; Dad asked
    if free_dates(f):
        d = free_dates(f)[0]
        slots["date"] = iso(d.value.start)
        used.add((d.start, d.end))
    cancel = cues.cancelled(low)
    if cancel:
        slots["status"] = "cancelled"
    elif f.past and cues.DONE.search(low) and not req:
        slots["status"] = "done"
        slots.setdefault("date", ctx.today.isoformat())  # a payment made, no date said: made today
    else:
        slots["status"] = "requested"
    key = f"{str(slots.get('payee') or '').lower()}:{m.value if m else ''}"
    return [Draft("Transfer", key, {k: v for k, v in slots.items() if v}, clause_span(f), subject, "cancel" if cancel else "assert",
                  correction=cancel, hint="transfer")]


_RELATION_WORDS = {"dad", "mom", "mum", "mother", "father", "son", "daughter", "wife", "husband", "boss", "sister", "brother",
                   "landlord", "partner", "aunt", "uncle", "grandma", "grandpa", "friend", "parents"}


_ITEM = re.compile(
    r"\b(?:bought|purchased|ordered|picked\s+up|got|buying|splurged\s+on|returned|grabbed|snagged|treated\s+(?:myself|ourselves|us)\s+to|scored|"
    r"invested\s+in|placed\s+an\s+order\s+for|pre-?ordered|upgraded\s+to|went\s+ahead\s+and\s+(?:bought|got|ordered)|finally\s+(?:bought|got|ordered)|"
    r"sprang\s+for|sprung\s+for|shelled\s+out\s+for|paid\s+for)\s+(?:myself\s+|us\s+|her\s+|him\s+|ourselves\s+)?"
    r"(?:(?:a|an|the|some|my|our|new|brand-new|brand\s+new|used|refurbished|second-hand|secondhand|pair\s+of|couple\s+of|set\s+of)\s+)*(?P<i>[\w'’ -]{2,40}?)"
    r"(?=\s+(?:for|from|off|via|through|online|at|on|in|off|last|yesterday|today|this|which|that|and|with|to|it|\$|€|£)\b|[,.;!]|\s*[$€£]|$)",
    re.I,
)


_PAID_FOR = re.compile(
    r"\b(?:paid|spent|dropped|shelled\s+out)\s+(?:about\s+|around\s+)?[^\s,]*\d[\d,.]*\s*(?:[a-z]{1,6}|[€£$])?\s+(?:for|on)\s+"
    r"(?:(?:a|an|the|some|my|our|new|brand-new|used)\s+)*(?P<i>[\w'’ -]{2,40}?)(?=\s+(?:at|from|in|on|last|yesterday|today|this|which|that|and|with|to)\b|[,.;!]|$)",
    re.I,
)
_SPENT_AT = re.compile(r"\b(?:spent|paid|dropped)\s+(?:about\s+|around\s+)?\S*\d[\d,.]*\s*(?:[a-z]{1,6}|[€£$])?\s+at\s+(?P<v>[A-Z][\w'’&.]+(?:\s+[A-Z][\w'’&.]+){0,2})")


# things one "gets" or "pays for" that are not goods bought: messages, refunds, company
_NOT_ITEMS = (r"(?:voucher|refund|credit|text|message|call|email|e-mail|letter|notification|reply|offer|discount|reminder|"
              r"invite|invitation|quote|bill|invoice|both|us|two|everyone|all\s+of\s+us|the\s+two\s+of\s+us|each|myself|him|her|them)\b")


def purchase(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    low = f.clause.text
    if not (cues.PURCHASE.search(low) or cues.RETURNED.search(low)) or cues.RULE_IF.search(low):
        return []
    m = _ITEM.search(f.clause.text) or _PAID_FOR.search(f.clause.text)
    spent_at = _SPENT_AT.search(f.clause.text) if m is None else None
    if spent_at is None and (m is None or re.match(r"(?:tickets?|flights?|it|them|this|that|back|married|sick|home|within|by|in|on|for)\b", m.group("i"), re.I)
                             or re.match(_NOT_ITEMS, m.group("i"), re.I)):
        return []
    item = m.group("i").strip() if m else ""
    vendor = next((o for o in f.of("org") if o.attrs.get("org_kind") in ("vendor", "service") and (o.start, o.end) not in used), None)
    money = [x for x in f.of("money") if (x.start, x.end) not in used]
    if vendor is None and not money and not re.search(r"\breturn|warranty|bought|purchased|ordered|splurged", low, re.I):
        return []
    slots: dict[str, Any] = {"item": item or None}
    if vendor is not None:
        slots["vendor"] = vendor.value
        used.add((vendor.start, vendor.end))
    elif spent_at is not None:  # "spent 85 bucks at Trader Joe's"
        slots["vendor"] = spent_at.group("v")
    else:
        v = re.search(r"\b(?:from|at)\s+(?P<v>[A-Z][\w'’&.]+(?:\s+[A-Z][\w'’&.]+){0,2})", f.clause.text)
        if v:
            slots["vendor"] = v.group("v")
    if money:
        slots["amount"], slots["currency"] = money[0].value, money[0].attrs.get("currency")
        used.add((money[0].start, money[0].end))
    bought = ctx.today
    for d in free_dates(f):
        b = text_before(f, d, 40)
        if re.search(r"\b(?:deliver(?:ed|y|s|ing)?|arriv(?:es|ing|e)|ship(?:s|ping|ped)?|coming|comes|install(?:ed|ation)?)\s+(?:on\s+)?(?:the\s+)?$", b, re.I):
            continue  # a delivery date is not the purchase date
        if cues.RETURN_BY.search(b):
            slots["return_by"] = iso(d.value.start)
        elif cues.WARRANTY_UNTIL.search(b):
            slots["warranty_until"] = iso(d.value.start)
        elif "date" not in slots:
            slots["date"] = iso(d.value.start)
            bought = d.value.start
    from engine.extract.dates import _add, _num

    tail = re.match(r"[^.!?]*", f.text[f.clause.start :])
    rw = cues.RETURN_WINDOW.search(tail.group() if tail else low)
    if rw and "return_by" not in slots:
        slots["return_by"] = iso(_add(bought, _num(rw.group("n") or rw.group("n2") or rw.group("n3") or "30"), "day"))
    w = cues.WARRANTY.search(low)
    if w and "warranty_until" not in slots:
        slots["warranty_until"] = iso(_add(bought, _num(w.group("n") or w.group("n2") or "1"), ("month" if (w.group("u") or w.group("u2") or "year").lower() == "month" else "year")))
    if cues.RETURNED.search(low):
        slots["status"] = "returned"
    elif "date" not in slots and (f.past or re.search(r"\b(?:bought|purchased|ordered|pre-?ordered|paid|spent|picked\s+up|grabbed|snagged|splurged|scored|sprang|sprung|shelled)\b", low, re.I)):
        slots["date"] = ctx.today.isoformat()  # bought, no date said: bought today
    slots = {k: v for k, v in slots.items() if v is not None}
    return [Draft("Purchase", (item or str(slots.get("vendor", ""))).lower(), slots, clause_span(f), ctx.subject, correction="status" in slots, hint="purchase")]
