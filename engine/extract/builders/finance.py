"""Money frames: subscriptions, accounts, transfers and payments, purchases."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace
from functools import cache
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
from engine.extract.dates import DateValue
from engine.extract.detect import Found
from engine.extract.mentions import Mention
from engine.extract.money import find_money
from engine.extract.tables import aliases, rows

_CHARGED = re.compile(r"\b(?:charged|billed|debited|deducted|took|withdrew|paid|payed)\b(?!\s+(?:out|up|over)\b)", re.I)
# "charges me 15.99 a month" states the subscription's price; "charged me 11.99 again" is one payment
_RECURRING = re.compile(r"\b(?:a|per|each|every)\s+(?:month|year|week)\b|/\s*(?:mo|month|yr|year)\b|\b(?:monthly|yearly|annual(?:ly)?|subscri\w*|"
                        r"membership|signed\s+up|renew\w*|trial|plan)\b", re.I)


# "not renewing Hulu", "let the NYT lapse", "turned off auto-renew": a subscription ended by the user
_ENDING = re.compile(r"\b(?:not|n't|never)\s+(?:be\s+)?renew(?:ing)?\b|\blet(?:ting)?\s+(?:it|the\s+[\w+ ]{2,30}?|my\s+[\w+ ]{2,30}?)\s+lapse\b|"
                     r"\b(?:turned|switched)\s+off\s+(?:the\s+)?auto[-\s]?renew(?:al)?\b|\bunsubscribed\b", re.I)
# "why did The Times take another 11.99": the charge in a question's base form
_DID_CHARGE = re.compile(r"\bdid\b[^.?!]{0,40}?\b(?:charge|bill|debit|deduct|take|withdraw)\b", re.I)
# "thought I cancelled": a belief about a cancellation, said while complaining about a charge
_THOUGHT_CANCELLED = re.compile(r"\b(?:thought|assumed|sure)\s+(?:that\s+)?(?:I|we)\s+(?:had\s+|'d\s+)?cancell?ed\b", re.I)


def _price_after(f: Found, svc: Mention, used: set[tuple[int, int]]) -> dict[str, Any]:
    """"Switched from Dropbox to Google One, 2TB for $99.99/yr": the price said after the new service is its own."""
    m = next((x for x in f.of("money") if x.start > svc.end and (x.start, x.end) not in used), None)
    if m is None:
        return {}
    used.add((m.start, m.end))
    return {k: v for k, v in {"amount": m.value, "currency": m.attrs.get("currency")}.items() if v}


def _trailing_price(f: Found) -> Mention | None:
    """"Xbox Game Pass renews on July 3rd, 16.99": a bare price with cents beside a named service."""
    m = re.search(r"(?<![\w.,/-])(?P<a>\d{1,4}[.,]\d{2})(?![\w.,%])", f.clause.text)
    if m is None:
        return None
    s = f.clause.start + m.start("a")
    value = m.group("a").replace(",", ".")
    return Mention("money", s, s + len(m.group("a")), m.group("a"), value, {"currency": None})


def _gym_priced(f: Found) -> list[Mention]:
    """"the gym is 35 a month": a gym with a recurring price is a subscription even when not named."""
    m = re.search(r"\bgym(?:\s+membership)?\b", f.clause.text, re.I)
    if m is None or not f.of("money") or not _RECURRING.search(f.clause.text):
        return []
    s = f.clause.start + m.start()
    return [Mention("org", s, s + len(m.group()), m.group(), "gym", {"org_kind": "service"})]


# table entries that name a kind of service, not a provider: a provider named beside one wins
_GENERIC_SERVICES = {"gym membership", "Costco membership"}
# "dropped Hulu", "ditched my Audible", "got rid of the NYT": a service ended by a verb right before it
_DROPPED_BEFORE = re.compile(r"\b(?:dropped|ditched|quit|axed|killed|binned|got\s+rid\s+of|stopped\s+paying\s+for|stopped)\s+"
                             r"(?:my\s+|the\s+|our\s+)?(?:(?!(?:at|by|in|on|to|for|from|with|into|off)\b)\w+\s+)?$", re.I)  # not "stopped at Costco"
# "upgraded Dropbox to the 2TB plan", "downgraded Netflix to basic": a change of plan keeps the subscription going
_PLAN_CHANGE = re.compile(r"\b(?:upgraded|downgraded|upgrading|downgrading|switched\s+(?:plans?|tiers?)|changed\s+(?:plans?|tiers?))\b", re.I)
# "paused my HelloFresh deliveries", "put Peloton on hold": a change of state said only of a subscription
_PAUSED = re.compile(r"\b(?:paused?|pausing|froze|frozen|on\s+hold|unpaused|resumed|skipp(?:ed|ing)\s+(?:a|this|next)\s+(?:month|week|box|delivery))\b", re.I)
# a verb that opens its own statement about the next service: "Cancelled Audible and signed up for Spotify"
_OWN_VERB = (r"(?:(?:I|we)\s+)?(?:(?:also|just|then|finally|already)\s+)?(?:\w+ed|signed|got|kept|took|went|pay|paid|started|joined|switched|"
             r"quit|dropped|ditched|added|renewed|cancel(?:led)?)\b")
# the renewal date was in the past only when the wording says it already happened ("renewed on the 3rd", "was billed on the 3rd")
_PAST_CHARGE = re.compile(r"\b(?:renewed|auto-?renewed|was\s+(?:charged|billed|renewed|taken)|charged\s+(?:me|us)|billed\s+(?:me|us)|took|"
                          r"came\s+out|went\s+out|expired|ended)\b", re.I)


def _per_service(f: Found, svc: list[Mention]) -> list[Found]:
    """Split a clause where each of several services has a verb of its own into one part per service, so status and
    price stay with their service. "cancelled Hulu and Max" shares one verb and stays whole."""
    if len(svc) < 2:
        return []
    cuts = [f.clause.start]
    for prev, nxt in zip(svc, svc[1:], strict=False):
        between = f.text[prev.end : nxt.start]
        m = re.search(r"(?:\s*,\s*(?:and\s+|then\s+|but\s+)?|\s+(?:and|then|but)\s+)(?=(?:\w+\s+){0,2}?" + _OWN_VERB + ")", between, re.I)
        if m is None:
            return []
        cuts.append(prev.end + m.end())
    cuts.append(f.clause.end)
    parts = []
    for lo, hi in zip(cuts, cuts[1:], strict=False):
        sub = replace(f.clause, text=f.text[lo:hi], start=lo, end=hi)
        parts.append(Found(sub, f.text, f.past, {k: [m for m in v if lo <= m.start < hi] for k, v in f.by_kind.items()}))
    return parts


def _upcoming_renewal(f: Found, d: Mention, today: dt.date) -> str | None:
    """A bare day of the month ("converts to paid on the 9th") said in a clause that is past for another reason
    ("started a free trial ...") still names the next charge, unless the words say the charge already happened."""
    value = d.value
    if not (isinstance(value, DateValue) and value.day_only and value.start < today):
        return iso(value.start) if isinstance(value, DateValue) else None
    chunk = re.split(r"[,;]", text_before(f, d, 40))[-1]
    if _PAST_CHARGE.search(chunk):
        return iso(value.start)
    month = value.start.month % 12 + 1
    year = value.start.year + (value.start.month == 12)
    try:
        return iso(dt.date(year, month, value.start.day))
    except ValueError:
        return iso(value.start)


def subscription(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    svc = [o for o in f.of("org") if o.attrs.get("org_kind") == "service" and (o.start, o.end) not in used]
    if not svc:
        svc = _gym_priced(f)
    if not svc:
        return []
    named = [o for o in svc if o.value not in _GENERIC_SERVICES]
    if named and len(named) < len(svc):  # "the gym membership at PureGym": the named service is the one
        svc = named
    low = f.clause.text
    switched = re.search(r"\b(?:switch(?:ed|ing)?|mov(?:ed|ing)|chang(?:ed|ing))\s+from\b", low, re.I)
    parts = [] if switched else _per_service(f, svc)
    if parts:
        return [d for part in parts for d in subscription(part, ctx, used)]
    dropped = bool(_DROPPED_BEFORE.search(text_before(f, svc[0], 40)))
    cancel = (cues.cancelled(low) or bool(_ENDING.search(low)) or dropped) and not _THOUGHT_CANCELLED.search(low)
    if not (cues.SUBSCRIPTION.search(low) or cancel or f.of("money") or switched or _PAUSED.search(low) or _PLAN_CHANGE.search(low)):
        return []  # a service named in passing ("watched it on Netflix")
    if not cancel and _HEDGE.search(low) and not f.of("money") and not free_dates(f):
        return []  # "maybe someday I'll renew my gym membership": only thought of, nothing about it stated
    out = []
    if switched and len(svc) > 1:
        old, new = svc[0], svc[1]
        used.update({(old.start, old.end), (new.start, new.end)})
        return [
            Draft("Subscription", old.value.lower(), {"service": old.value, "status": "cancelled"}, clause_span(f), ctx.subject, "cancel",
                  correction=True, hint="subscription"),
            Draft("Subscription", new.value.lower(), {"service": new.value, **_price_after(f, new, used)}, clause_span(f), ctx.subject,
                  hint="subscription"),
        ]
    cancel_by = bool(cancel and re.search(r"\bcancel\w*\b.{0,50}?\b(?:by|before)\s", low, re.I))
    if cancel_by:
        cancel = False  # "cancel the free trial by the 11th": a deadline to cancel, not done yet
    if cancel and re.search(r"\b(?:if|unless|whether|would|might|maybe|thinking\s+(?:about|of)|considering)\b", low, re.I):
        if not (f.of("money") or free_dates(f)):
            return []  # "if Netflix goes up again I'm cancelling": a cancellation only threatened, nothing else stated
        cancel = False
    s = svc[0]
    used.add((s.start, s.end))
    money = next(iter(f.of("money")), None)
    upcoming = any(d.value.start > ctx.today for d in free_dates(f))
    charged = _CHARGED.search(low) or _DID_CHARGE.search(low)
    if money is not None and not cancel and charged and not _RECURRING.search(low) and not upcoming:
        # "Spotify charged me 11.99 again": a payment the service took, not a (re)subscription
        used.add((money.start, money.end))
        paid: dict[str, Any] = {"payee": s.value, "amount": money.value, "currency": money.attrs.get("currency"),
                                "status": "done"}
        when = next(iter(free_dates(f)), None)
        paid["date"] = iso(when.value.start) if when is not None else ctx.today.isoformat()
        return [Draft("Transfer", f"{s.value.lower()}:{money.value}", {k: v for k, v in paid.items() if v},
                      clause_span(f), ctx.subject, hint="transfer")]
    slots: dict[str, Any] = {"service": s.value}
    if money is None and not cancel:
        money = _trailing_price(f)
    if money is not None:
        slots["amount"], slots["currency"] = money.value, money.attrs.get("currency")
        used.add((money.start, money.end))
    day_only: dict[str, int] = {}
    paused = _PAUSED.search(low)
    for d in free_dates(f):
        if paused and (re.search(r"\b(?:until|till|til|through|to)\s+(?:the\s+)?$", text_before(f, d, 12), re.I)
                       or re.match(r"(?:until|till|til|through)\b", d.text, re.I)):
            continue  # "paused HelloFresh until May": when the pause ends, not a stated charge date
        if re.search(r"\bsince\s+(?:the\s+)?$", text_before(f, d, 12), re.I):
            continue  # "a gym I went to twice since Christmas": a past span, not when it charges
        if cues.RENEWAL.search(text_before(f, d, 40)) or not (cancel or cancel_by):
            slots["renewal"] = iso(d.value.start) if cancel else _upcoming_renewal(f, d, ctx.today)
            day_only = bare_day("renewal", d)
            break
    if cancel:
        slots["status"] = "cancelled"
    out.append(Draft("Subscription", s.value.lower(), slots, clause_span(f), ctx.subject, "cancel" if cancel else "assert",
                     correction=cancel or bool(cues.CORRECTION.search(low)), day_only=day_only, hint="subscription"))
    for other in _coordinated(f, svc):  # "cancelled Hulu and Max": the shared verb's status holds for each
        used.add((other.start, other.end))
        also: dict[str, Any] = {"service": other.value, "status": slots.get("status")}
        out.append(Draft("Subscription", other.value.lower(), {k: v for k, v in also.items() if v}, clause_span(f), ctx.subject,
                         "cancel" if cancel else "assert", correction=cancel, hint="subscription"))
    return out


def _coordinated(f: Found, svc: list[Mention]) -> list[Mention]:
    """The services after the first joined to it by a bare "and" or comma ("Hulu, Max and Peacock"), which share its verb."""
    out = []
    for prev, nxt in zip(svc, svc[1:], strict=False):
        if not re.fullmatch(r"\s*(?:,|&|\+|and|or|plus|,\s*and|as\s+well\s+as)\s*(?:(?:my|the|our)\s+)?", f.text[prev.end : nxt.start], re.I):
            break
        out.append(nxt)
    return out


_CARD_ISSUERS = {"American Express", "Amex", "Visa", "Mastercard", "Discover"}
# how people say what is on an account: "balance 4,870", "I'm at $4,200 on it", "8,300 left to pay", "put 10 grand in"
_BALANCE_WORDS = (r"balance|\bhave\b|\bput\b|deposit|\bleft\b|\bowe\b|outstanding|remaining|\bin\s+it\b|\bon\s+it\b|\bin\b\s*$|"
                  r"\b(?:i'm|i\s+am|we're|currently|sitting|sits)\s+at\b|\bgot\b|carrying|\bused\b|\bdebt\b|\bsaved\b|\bat\s+(?:about\s+|around\s+)?$|"
                  r"\b(?:with|opened\s+it\s+with|starting\s+with)\s+(?:about\s+|around\s+)?$")


# a whole number that is not a sum: a year after "in/since", an account's last digits, a count of things
_NOT_A_SUM = re.compile(r"(?:\b(?:in|since|from|of|ending|ends|no\.?|number|#)\s+(?:in\s+)?$)", re.I)


def _plain_sums(f: Found) -> list[Mention]:
    """Whole numbers in an account clause ("about 3200 left in savings"), read as sums only where a balance or limit cue
    gives them that role; without a currency they are too ambiguous to be money anywhere else."""
    out = []
    for m in re.finditer(r"(?<![\w$€£¥.,/-])(?P<n>\d{1,3}(?:,\d{3})+|\d{3,7})(?![\w.,%/:-])(?!\s*(?:points|miles|km|days|weeks|months|years|people|steps|items|shares))",
                         f.clause.text):
        s = f.clause.start + m.start("n")
        if _NOT_A_SUM.search(f.text[max(f.clause.start, s - 12) : s]):
            continue
        if _money_role(f.text[max(f.clause.start, s - 45) : s], f.text[m.end() + f.clause.start : m.end() + f.clause.start + 20]) is None:
            continue
        out.append(Mention("money", s, s + len(m.group("n")), m.group("n"), f"{m.group('n').replace(',', '')}.00", {"currency": None}))
    return out


def _money_role(before: str, after: str) -> str | None:
    """Whether an amount is the account's limit or its balance: the nearest cue before it wins, then the words after it
    ("limit is $5,000 and I'm at $4,200 on it", "balance 4,870 on a 5k limit")."""
    if re.match(r"\s*(?:credit\s+|spending\s+)?limit\b", after, re.I):
        return "limit"  # "a 5k limit"
    cues_before = [(m.end(), "limit") for m in re.finditer(r"\blimit\b", before, re.I)]
    cues_before += [(m.end(), "balance") for m in re.finditer(_BALANCE_WORDS, before, re.I)]
    if cues_before:
        return max(cues_before)[1]
    if re.match(r"\s*(?:credit\s+)?limit\b", after, re.I):
        return "limit"
    if re.search(_BALANCE_WORDS, after, re.I) or re.match(r"\s*(?:in|on)\s+(?:my|the|our)\b", after, re.I) or re.search(r"\b(?:down|up)\s+to\s+$|\b(?:is|now|at)\s+$|:\s*$", before, re.I):
        return "balance"  # "Chase checking is down to $212", "savings at Ally: 3200": a sum said of the account itself
    return None


def _per_bank(f: Found, banks: list[Mention]) -> list[Found]:
    """Split a clause naming several accounts, each with its own kind word, into one part per bank. The cut falls on the
    last "and" or comma between two banks, so a sum or kind said before its bank stays with it ("3200 left in savings at
    Ally and 14k in my Schwab brokerage"); with no conjunction the cut is at the next bank."""
    if len(banks) < 2 or re.search(r"\b(?:mov|switch|transferr)\w*\b", f.clause.text, re.I):
        return []
    cuts = [f.clause.start]
    for prev, nxt in zip(banks, banks[1:], strict=False):
        joints = list(re.finditer(r"\s*(?:[,;]\s*(?:and\s+)?|\s+and\s+)", f.text[prev.end : nxt.start]))
        cuts.append(prev.end + joints[-1].end() if joints else nxt.start)
    cuts.append(f.clause.end)
    parts = []
    for lo, hi in zip(cuts, cuts[1:], strict=False):
        sub = replace(f.clause, text=f.text[lo:hi], start=lo, end=hi)
        part = Found(sub, f.text, f.past, {k: [m for m in v if lo <= m.start < hi] for k, v in f.by_kind.items()})
        if not (first_match(cues.ACCOUNT_KIND, sub.text) or any(b.value in _CARD_ISSUERS for b in part.of("org"))):
            return []  # "my Chase checking and Ally": one kind word for two banks, no split
        parts.append(part)
    return parts


def _unlisted_bank(f: Found) -> list[Mention]:
    """A bank the table does not know, named where an account is: "a savings account with Chime", "my Marcus savings"."""
    m = re.search(r"\b(?:account|savings|checking|isa|ira|card|brokerage|mortgage|loan)\s+(?:account\s+)?(?:with|at|from)\s+(?P<b>[A-Z][\w&'’.-]+(?:\s+[A-Z][\w&'’.-]+){0,2})",
                  f.clause.text)
    if m is None or re.match(_MONTHS, m.group("b")) or any(p.start <= f.clause.start + m.start("b") < p.end for p in f.of("person")):
        return []
    s = f.clause.start + m.start("b")
    return [Mention("org", s, s + len(m.group("b")), m.group("b"), m.group("b"), {"org_kind": "bank"})]


def account(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    banks = [o for o in f.of("org") if o.attrs.get("org_kind") == "bank" and (o.start, o.end) not in used]
    low = f.clause.text
    if not banks:
        banks = _unlisted_bank(f)
    if not banks or not (cues.ACCOUNT.search(low) or (banks[0].value in _CARD_ISSUERS and cues.ACCOUNT_CLOSED.search(low))):
        return []
    stated = re.search(r"\b(?:limit|balance|owe|owing|carrying|outstanding)\b", low, re.I)
    if f.of("money") and not stated and (cues.TRANSFER.search(low) or _charged_account(f) is not None):
        return []  # a payment from the account ("put $1,100 on the Chase card"), not a statement about it
    if _HEDGE.search(low) and not stated:
        return []  # "thinking about opening a Roth IRA with Vanguard"
    parts = _per_bank(f, banks)
    if parts:  # "a Chase checking account and a Chase Sapphire card with a $12,000 limit": one account each
        return [d for part in parts for d in account(part, ctx, used)]
    b = banks[0]
    used.add((b.start, b.end))
    kind = first_match(cues.ACCOUNT_KIND, low) or ("credit_card" if b.value in _CARD_ISSUERS else None) or (
        "checking" if re.search(r"\bjoint\s+(?:bank\s+)?account\b", low, re.I) else None)  # a joint account is an everyday one
    slots: dict[str, Any] = {"institution": b.value, "kind": kind}
    sentence = _sentence_rest(f)
    money = f.of("money") + [m for m in find_money(f.text, f.clause.end, f.clause.start + len(sentence))
                             if re.search(_BALANCE_WORDS, f.text[max(f.clause.end, m.start - 30) : m.end + 20], re.I)]
    if not money and _charged_account(f) is None:  # "put 500 on the Chase card" is a payment, not its balance
        money = _plain_sums(f)
    for m in money:
        slot = _money_role(f.text[max(f.clause.start, m.start - 45) : m.start], f.text[m.end : m.end + 20])
        if slot and slot not in slots:
            slots[slot] = m.value
            slots["currency"] = slots.get("currency") or m.attrs.get("currency")
            used.add((m.start, m.end))
    if kind is None and "limit" in slots and not re.search(r"\boverdraft\b", low, re.I):
        slots["kind"] = kind = "credit_card"  # only cards have a spending limit ("Chase Sapphire limit is $5,000")
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
    moved = [o for o in f.of("org") if o.attrs.get("org_kind") == "bank" and o.start > b.end and (o.start, o.end) not in used
             and re.search(r"\b(?:mov(?:ed|ing)|switch(?:ed|ing)|transferr(?:ed|ing))\s+(?:\w+\s+)?(?:over\s+)?to\s+$", text_before(f, o, 30), re.I)]
    extra = []
    if moved and slots.get("status") == "closed":  # "closed my Barclays account, everything moved to Monzo"
        used.add((moved[0].start, moved[0].end))
        extra.append(Draft("Account", f"{moved[0].value.lower()}:", {"institution": moved[0].value}, clause_span(f), ctx.subject, hint="account"))
    return [Draft("Account", key, {k: v for k, v in slots.items() if v}, clause_span(f), ctx.subject, "cancel" if cancel else "assert",
                  correction="status" in slots or cancel, hint="account")] + extra


_PAYEE_NP = re.compile(
    r"\bto\s+(?:(?P<det>my|the|our|his|her|their)\s+)?(?:(?:new|old)\s+)?(?:(?:aunt|auntie|uncle|cousin|grandma|grandpa|granny|nana)\s+(?=[A-Z]))?"
    r"(?P<p>(?:[\w'’&.+-]+\s+){0,2}?[\w'’&.+-]+?)(?=\s+(?:by|for|in|on|at|from|via|before|after|today|tomorrow|yesterday|next|this|last|account|ending|and|with|because|so|asap|instead|now|"
    # "the payment to the roofer is scheduled": a verb ends the recipient
    r"is|was|are|were|has|have|had|will|went|goes|got|should|needs?|came|bounced|cleared|failed)\b|[,.;:!?)]|\s*$)")
_NOT_PAYEE = re.compile(r"^(?:me|you|him|her|them|us|it|do|be|pay|send|get|make|buy|the|a|an|use|put|move|transfer|wire|\d.*)$", re.I)
# words between "paid the" and the amount that are not who was paid ("paid the last 600€ of the loan")
_NOT_ROLE = {"last", "first", "final", "remaining", "full", "whole", "rest", "extra", "other", "same", "usual", "monthly",
             "balance", "deposit", "rent", "bill", "invoice", "fee", "fees", "amount", "money", "sum", "total", "remainder"}
_MONTHS = (r"(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|"
           r"Wednesday|Thursday|Friday|Saturday|Sunday)\b")


def _payee_phrase(f: Found) -> str | None:
    """"to the university", "to the Kyoto guesthouse", "to GreenLeaf Ltd": a named or determined recipient.
    "to his Barclays account" names the requester's account, not a payee."""
    banks = {o.value.lower() for o in f.of("org") if o.attrs.get("org_kind") == "bank"} | {
        o.text.lower() for o in f.of("org") if o.attrs.get("org_kind") == "bank"}
    for m in _PAYEE_NP.finditer(f.clause.text):
        p = m.group("p").strip()
        words = p.split()
        if _NOT_PAYEE.match(words[0]) or any(re.fullmatch(r"\d[\d,.]*|[$€£¥]\S*", w) for w in words):
            continue
        if not (m.group("det") or p[0].isupper()):
            continue
        if re.match(_MONTHS, p):
            continue
        if (m.group("det") or "").lower() in ("his", "her", "their") or p.lower() in banks \
                or re.search(r"\b(?:account|card|bank|details|iban)\b", p, re.I):
            continue  # "to his Barclays account": where the money goes, not who is paid
        return p
    return None


def who_said(f: Found, p: Mention) -> str:
    """A person as the labels name them: the name, else the relation word as said ("mum", "landlord")."""
    if p.value:
        return str(p.value)
    said = re.sub(r"^(?:my|our|the|his|her|their)\s+", "", f.text[p.start : p.end], flags=re.I).strip().lower()
    return said or str(p.attrs.get("relation"))


def _payee(f: Found) -> tuple[str | None, Mention | None]:
    low = f.clause.text
    for p in f.of("person"):
        if f.text[p.end : p.end + 2] in ("'s", "’s"):
            continue  # "my daughter's tuition": whose it is, not who is paid
        if re.search(r"\bto\s+$", text_before(f, p, 6), re.I) or re.search(
                r"\b(?:pay|paid|send|sent|venmo|venmo'?d|zelle|zelle'?d|reimburse|owe|lend|lent|give|gave|wire|wired)\s+$", text_before(f, p, 12), re.I):
            return who_said(f, p), p
    charged = re.search(r"\b(?:the|my|our)\s+(?P<p>[a-z][\w'’-]+)\s+(?:just\s+)?(?:charged|billed|invoiced)\s+(?:me|us)\b", low, re.I)
    if charged:
        return charged.group("p"), None  # "the plumber charged us $240"
    bill = re.search(r"\b(?:pay|paid|paying|settled?|settling|cover(?:ed)?)\s+(?:the|my|our)\s+(?P<p>[a-z][\w'’-]+)\s+(?:bill|invoice|fees?|tab)\b", low, re.I)
    if bill and bill.group("p").lower() not in _NOT_ROLE:
        return bill.group("p"), None  # "paid the vet bill": the vet is paid
    # "paid the electrician 380 quid", "send the school $350", "paid the dog walker $90": the first object is paid.
    # "send my daughter's tuition, 6.200 €": a possessive, or a sum set off by a comma, names what the money is for.
    role = re.search(r"\b" + _PAY_VERB + r"\s+(?:back\s+)?(?:the|my|our)\s+(?P<p>[a-z][\w-]+(?:\s+[a-z][\w-]+)?)\s+"
                     r"(?:the\s+|my\s+|our\s+|back\s+)?(?=[$€£¥]|\d)", low, re.I)
    if role and not {w.lower() for w in role.group("p").split()} & _NOT_ROLE:
        return role.group("p"), None
    phrase = _payee_phrase(f)
    if phrase:
        return phrase, None
    own = re.search(r"\b(?:to|into)\s+(?:my\s+|our\s+|the\s+)?(?P<p>savings|checking|current\s+account|isa|pension|401k|roth(?:\s+ira)?|ira|emergency\s+fund)\b", low, re.I)
    if own:
        return own.group("p"), None  # "moved 2k to savings": the user's own account
    debit = re.search(r"\b(?:the|a|my|our)\s+(?P<p>[\w'’ ]{2,30}?)\s+(?:direct\s+debit|standing\s+order|auto-?pay(?:ment)?)\b", low, re.I)
    if debit:
        return debit.group("p"), None  # "the council tax direct debit"
    utility = re.search(r"\b(?:the|my|our)\s+(?P<p>[a-z]+(?:\s+[a-z]+)?)\s+bill\s+(?:is|was|came\s+to|came\s+in\s+at|of)\b", low, re.I)
    if utility:
        return utility.group("p"), None  # "the electric bill is $180, due the 20th"
    invoice = _INVOICE.search(f.clause.text)
    if invoice:
        return invoice.group("p") or invoice.group("r"), None  # "Hartwell Logistics invoice", "the roofer's invoice"
    dep = re.search(r"\b(?:deposit|payment|down\s+payment)\s+(?:for|to|on)\s+(?:the\s+|my\s+|our\s+)?(?P<p>[\w'’ ]{2,30}?)(?=\s+(?:on|by|via|from|yesterday|today|last)\b|[,.;:!?]|$)", low, re.I)
    if dep and not re.match(r"(?:his|her|their)\b", dep.group("p"), re.I) and not re.search(r"\b(?:account|card|iban|details)\b", dep.group("p"), re.I):
        return dep.group("p"), None
    m = re.search(r"\bto\s+(?:my\s+|the\s+|our\s+)?(?P<p>landlord|[A-Z][\w'’]+(?:\s+[A-Z][\w'’]+)?)", low)
    if m and not re.match(_MONTHS, m.group("p")):
        return m.group("p"), None
    m = re.search(r"\b" + _PAY_VERB + r"\s+(?:back\s+)?(?P<p>[A-Z][\w'’]+)\b", f.clause.text, re.I)
    if m and not (m.group("p")[0].isupper() or m.group("p").lower() in _RELATION_WORDS | _KIN_WORDS):
        m = None  # "sent mom 500": a relation word needs no capital
    if m and m.group("p") not in ("I", "My") and not re.match(_MONTHS, m.group("p")):
        return m.group("p"), None
    return None, None


# a verb whose first object is who gets the money, in any tense: "owe Sam $60", "e-transferred Jamal 80", "zelled my roommate 1100"
_PAY_VERB = (r"(?:pay|pays|paid|paying|payed|send|sends|sent|sending|wire|wired|wiring|give|gave|giving|lend|lent|lending|owe|owes|owed|owing|"
             r"reimburse[ds]?|reimbursing|tipp?ed|tip|transferr?ed|e-?transfer(?:r?ed)?|venmo(?:ed|'d)?|zelle(?:d|'d)?|paypal(?:ed|'d)?)")
# relation words said without a capital that name who is paid ("sent mom 500")
_KIN_WORDS = {"mum", "mom", "mama", "dad", "papa", "grandma", "grandpa", "nan", "nana", "granny", "bro", "sis", "roomie", "roomate"}
_PAY_APPS = {"venmo", "zelle", "paypal", "cash app", "wise", "apple pay", "google pay"}
# "Hartwell Logistics invoice: $12,400": a named party's bill to pay
_INVOICE = re.compile(r"(?:(?P<p>[A-Z][\w&'’.-]+(?:\s+[A-Z][\w&'’.-]+){0,3}?)(?:'s|’s)?|(?i:the|my|our)\s+(?P<r>[a-z]+)(?:'s|’s))\s+(?:invoice|bill)\b")
# who asked for the payment: "Dad wants me to", "my landlord texted asking me to", "Mum's asked me to",
# "Nursery emailed", "Mom says to send", "the CFO emailed: urgent wire ..."
_ASKER = (r"(?P<who>(?:[Mm]y|[Oo]ur|[Tt]he)\s+(?:new\s+)?(?:[a-z][\w-]+\s+){0,2}?[\w-]+|[A-Z][\w&'’.-]+(?:\s+[A-Z][\w&'’.-]+){0,2}|[a-z][\w-]+"
          r"|(?:[Ss]omeone|[Ss]omebody|[Aa]\s+guy|[Aa]\s+woman|[Aa]\s+man)\s+(?:from|at)\s+(?P<org>[A-Z][\w&.-]+(?:\s+[A-Z][\w&.-]+){0,2})(?:'s|’s)?(?:\s+[a-z]+){0,2}"
          # "Kestrel Media's finance person emailed": someone speaking for the payee
          r"|(?P<org2>[A-Z][\w&.-]+(?:\s+[A-Z][\w&.-]+){0,2})(?:'s|’s)\s+(?:[a-z]+\s+){0,2}?(?:person|team|department|dept|office|people|guy|"
          r"manager|rep|representative|accountant|lady|woman|man|director|controller|clerk|desk))")
_ASKED = re.compile(
    _ASKER + r"(?:'s|’s|\s+has)?\s+(?:(?:just|now|also|then|again|already|suddenly|apparently|supposedly)\s+)*"
    r"(?:asked|asks|asking|wants|wanted|requested|requests|told|tells|needs|needed|texted|emailed|e-?mailed|messaged|called|rang|"
    r"phoned|wrote|says|said|insists|insisted|instructed|instructs|whatsapped|dm'?d)\b(?!\s+(?:off|back\b))")
_FROM_ASKER = re.compile(r"\b(?:email|e-mail|mail|text|message|call|letter|note|voicemail|whatsapp|request|instructions?)\s+from\s+" + _ASKER
                         + r"(?=\s*(?:[,:;.!?(]|$)|\s+(?:saying|asking|that|to|about|telling|with|re|again|today|yesterday|for|of)\b)")
_SENT_REQUEST = re.compile(_ASKER + r"\s+(?:sent|gave)\s+(?:me|us)\s+(?:a|an)\s+(?:\w+\s+)?(?:payment\s+)?request\b")
_NOT_ASKER = {"i", "it", "that", "this", "which", "who", "he", "she", "they", "we", "you", "someone", "somebody", "nobody", "one",
              "bank", "app", "phone", "email", "text", "everyone", "just", "also", "then", "now", "and", "so", "but"}
_ACCOUNT_NO = re.compile(r"\b(?:account|acct|a/c|details|iban|card|number|no\.?)\s+(?:(?:is|now|will\s+be)\s+)?(?:ending|ends)\s+(?:in\s+|with\s+)?(?P<n>\d{3,})"
                         r"|\b(?:ending|ends)\s+(?:in\s+)?(?P<n2>\d{3,})\b|\baccount\s+(?:no\.?|number|#)\s*(?P<n3>\d{3,})"
                         r"|\b(?:the\s+)?(?P<n4>\d{4})\s+account\b", re.I)
_NEW_ACCOUNT = re.compile(r"\b(?:a|the|his|her|their|my|to)\s+(?:new|different|another|changed|other)\s+(?:bank\s+)?(?:account|bank\s+details|details|iban|bank)\b"
                          r"|\bnew\s+bank\s+details\b|\bchanged\s+(?:(?:his|her|their|the)\s+)?(?:bank\s+)?(?:account|details)\b", re.I)
_CHANGED_AMOUNT = re.compile(r"\bmake\s+(?:it|that)\s+(?=[$€£¥]|\d)|\b(?:not|instead\s+of)\s+[$€£¥]?\d", re.I)
_CARD_CHARGE = re.compile(r"\b(?:put|charged|stuck|paid|pay|paying|spent)\b[^.;]{0,60}?\b(?:on|to|with|from|using)\s+(?:the|my|our|his|her)?\s*$", re.I)
_HEDGE = re.compile(r"\b(?:if|whether|would|could|might|wish|maybe|thinking\s+(?:about|of)|considering|should\s+I|in\s+case)\b", re.I)


def _asker(f: Found) -> tuple[str | None, str | None]:
    """(who asked for the payment, whom the asker says to pay when it is their own organisation)."""
    text = f.clause.text
    for pat in (_SENT_REQUEST, _ASKED, _FROM_ASKER):
        for m in pat.finditer(text):
            if m.group("org2"):
                return re.sub(r"(?:'s|’s)", "", m.group("who")), m.group("org2")
            if m.group("org"):
                team = re.sub(r"^(?:'s|’s)", "", text[m.end("org") : m.end("who")]).strip()
                return f"{m.group('org')} {team}".strip(), m.group("org")
            who = re.sub(r"^(?:my|our|the)\s+(?:new\s+)?", "", m.group("who"), flags=re.I).strip()
            if who.split()[-1].lower() in _NOT_ASKER:
                continue
            if not who or who.lower() in _NOT_ASKER or who.lower() in {"me", "us"}:
                continue
            if who[0].islower() and who.lower() not in _RELATION_WORDS and not re.match(r"(?:my|our|the)\s", m.group("who"), re.I):
                continue  # a bare lowercase word is a role only when it is one ("landlord", "boss")
            if re.match(_MONTHS, who):
                continue
            person = next((p for p in f.of("person") if p.start - f.clause.start <= m.start("who") + len(m.group("who")) and
                           p.end - f.clause.start >= m.start("who")), None)
            if person is not None:
                return who_said(f, person), None
            return (who.lower() if who.lower() in _RELATION_WORDS or who[0].islower() else who), None
    return None, None


# a clause that opens with the payment made: "Paid the deposit ...", "transfered 2k to savings", "just sent Jess 40"
_LEADING_DONE = re.compile(r"\s*(?:(?:I|we)\s+)?(?:just\s+|already\s+|finally\s+)?(?:paid|sent|transferr?ed|wired|venmoed|venmo'd|zelled|"
                           r"zelle'd|reimbursed|moved|e-?transferred)\b", re.I)
_OWN_MOVE = re.compile(r"\b(?:moved|move|moving|put|putting|stashed|socked)\b.{0,30}?\b(?:to|into)\s+(?:my\s+|our\s+|the\s+)?"
                       r"(?:savings|checking|current\s+account|isa|pension|401k|roth|ira|emergency\s+fund)\b"
                       # "moved $400 over from savings to cover it", "pulled 2k out of the emergency fund"
                       r"|\b(?:moved|moving|pulled|pulling|took|taking|withdrew|transferred)\b.{0,30}?\b(?:out\s+of|from)\s+(?:my\s+|our\s+|the\s+)?"
                       r"(?:savings|checking|current\s+account|isa|pension|401k|roth|ira|emergency\s+fund)\b", re.I)


def _sentence_rest(f: Found) -> str:
    """The clause and what follows it up to the end of its sentence."""
    rest = re.match(r"[^.!?]*", f.text[f.clause.start :])
    return rest.group() if rest else f.clause.text


def _charged_account(f: Found) -> Mention | None:
    """The bank or card named as where the money comes from ("on the Amex", "from my Barclays account")."""
    for o in f.of("org"):
        if o.attrs.get("org_kind") == "bank" and o.value.lower() not in _PAY_APPS and _CARD_CHARGE.search(text_before(f, o, 70)):
            return o
    return None


# money whose recipient is the user: "send me 50", "pay us back", "lent me 2k"
_TO_USER = re.compile(r"\b" + _PAY_VERB + r"\s+(?:me|us)\b", re.I)
# "the transfer to mum went through", "the wire cleared": a payment that has happened
_WENT_THROUGH = re.compile(r"\b(?:went|gone|got|has\s+gone|have\s+gone)\s+through\b|\b(?:cleared|landed)\b", re.I)
# "from checking", "from my UBS savings": the user's account the money leaves
_FROM_OWN = re.compile(r"\bfrom\s+(?:my\s+|our\s+|the\s+)?(?P<a>(?:[A-Z][\w&]+\s+)?(?:savings|checking|current\s+account|joint\s+account|isa))\b")
# "I owe him 220", "owe each of them £140": a pronoun payee, whose names the clause gave earlier ("with Ben")
_PRONOUN_PAYEE = re.compile(r"\b" + _PAY_VERB + r"\s+(?:back\s+)?(?P<pro>him|her|them|each\s+of\s+them|both\s+of\s+them)\b", re.I)
_NAMED_WITH = re.compile(r"\bwith\s+(?:my\s+\w+\s+)?(?P<names>[A-Z][\w'’-]+(?:\s*(?:,|and|&)\s*[A-Z][\w'’-]+)*)")


def _pronoun_payees(f: Found) -> list[str]:
    """Who "him", "her" or "them" after a payment verb stands for: the names said before it in the clause; "him" and
    "her" take a single name, "them" every one."""
    pro = _PRONOUN_PAYEE.search(f.clause.text)
    if pro is None:
        return []
    before = f.clause.text[: pro.start()]
    names = [who_said(f, p) for p in f.of("person") if p.start - f.clause.start < pro.start()]
    for m in _NAMED_WITH.finditer(before):
        names += [n for n in re.split(r"\s*(?:,|\band\b|&)\s*", m.group("names")) if n and n not in names and n not in ("I", "My")]
    names = [n for n in names if not re.match(_MONTHS, n)]
    single = pro.group("pro").lower() in ("him", "her")
    return names if (len(names) == 1 or not single and len(names) > 1) else []


def transfer(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    low = f.clause.text
    money = [m for m in f.of("money") if (m.start, m.end) not in used]
    cancel = cues.cancelled(low)
    payment_word = re.search(r"\b(?:payments?|transfers?|wire|direct\s+debits?|standing\s+orders?|auto-?pay(?:ments?)?)\b", low, re.I)
    settled = None if money else (
        re.search(r"\b(?:paid|sent|transferred|wired|reimbursed)\s+(?:the|my|our)\s+(?P<p>[a-z][\w'’-]+)"
                  r"(?=\s+(?:today|yesterday|back|in\s+full|off|at\s+last|finally)\b|\s*[,.;!]|\s*$)", low)
        # "Paid Ana back": a named person repaid, the sum said before
        or re.search(r"\b(?i:paid|reimbursed)\s+(?P<p>[A-Z][\w'’-]+)\s+(?i:back)\b", low))
    asker, asker_org = _asker(f)
    account_no = _ACCOUNT_NO.search(low)
    new_account = _NEW_ACCOUNT.search(low)
    card = _charged_account(f)
    # an instruction that changes where or how much to pay, with no amount of its own:
    # "pay the rent into a new account ending 9987 instead", "Nursery emailed, new bank details ending 7781"
    change = bool(asker and (account_no or new_account or _CHANGED_AMOUNT.search(low)))
    invoice = money and (_INVOICE.search(f.clause.text) or re.search(r"\bbill\b", low, re.I)) and re.search(r"\b(?:due|owe|outstanding|to\s+pay|payable|by)\b", low, re.I)
    demand = asker and money and re.search(r"\b(?:wants?|needs?|asked|asking|requested|requests|says|said|demand(?:s|ed|ing)?)\b", low, re.I)
    charged_us = re.search(r"\b(?:charged|billed|invoiced)\s+(?:me|us)\b", low, re.I)
    triggered = cues.TRANSFER.search(low) or charged_us or change or invoice or demand or (money and _OWN_MOVE.search(low)) or (card is not None and money and re.search(r"\b(?:put|charged|stuck)\b", low, re.I))
    if not triggered or not (money or (cancel and payment_word) or (settled and f.past) or change) or cues.RULE_IF.search(low):
        return []
    if re.search(r"\brefund(?:s|ed)?\b", low, re.I) and not re.search(r"\b(?:pay|paid|send|sent|wire|wired|transfer(?:red)?)\b", low, re.I):
        return []  # "the refund of $165 was processed": money coming back, not a payment asked for
    if _HEDGE.search(low) and not asker:
        return []  # "if I sent her the $500 now ...": not an instruction or a payment
    payee, pm = _payee(f)
    if payee is None and not asker and _TO_USER.search(low):
        return []  # "got my sister to send me 50", "pay me back": money that comes to the user
    shared = _pronoun_payees(f) if payee is None else []
    if shared:
        payee = shared[0]  # "split the hotel with Ben, I owe him 220"; several names are split below
    if payee is None and settled is not None:
        payee = settled.group("p")  # "paid the contractor today": a payment made, amount said before
    if payee is None and card is not None and money:
        item = re.search(r"(?:[$€£¥]\s?[\d,.]+\s*k?|\d[\d,.]*\s*(?:bucks|dollars|euros|pounds|quid))\s+(?:(?:worth\s+)?of\s+)?(?P<i>[a-z][\w'’ -]{1,30}?)\s+(?:on|to|with)\b", low, re.I)
        payee = item.group("i") if item else None  # "put a $1,100 flight on the Chase card"
    if asker_org and (payee is None or payee.lower() in ("a different account", "different account")):
        payee = asker_org  # "someone from Hartwell's accounts team asked me to pay ..."
    elif asker and payee is None:
        payee = asker  # "my landlord asked me to pay ... into his account": the asker is paid
    if payee is None and not asker and not re.search(r"\b(?:transfer|wire|send|sent|venmo|zelle|direct\s+debit|standing\s+order)", low, re.I) \
            and not _OWN_MOVE.search(low):
        return []
    if payee is None and not money:
        return []
    m = money[0] if money else None
    if m is not None:
        used.add((m.start, m.end))
    # "Paid the deposit: $3,000, the remaining $9,000 is due March 1": a second, later payment to the same payee
    rest = next((x for x in money[1:] if re.search(r"\b(?:remaining|balance|rest|remainder|final|second|other)\b", text_before(f, x, 25), re.I)), None)
    slots: dict[str, Any] = {"amount": m.value if m else None, "currency": m.attrs.get("currency") if m else None, "payee": payee}
    bank = next((o for o in ([card] if card else []) + f.of("org") if o.attrs.get("org_kind") == "bank" and o.value.lower() not in _PAY_APPS
                 and not (payee and o.value.lower() in payee.lower())), None)
    if bank is not None:
        said = f.text[bank.start : bank.end]
        tail = f.text[bank.end : bank.end + 12].lower()
        kind_word = re.match(r"\s*(?P<k>(?:credit\s+)?card|savings|checking|current\s+account|isa)\b", tail)
        slots["account"] = bank.value + (f" {kind_word.group('k')}" if kind_word and "card" not in bank.value.lower() else "")
        if said.lower() != bank.value.lower() and bank.value in ("American Express",):
            slots["account"] = said
        used.add((bank.start, bank.end))
    source = _FROM_OWN.search(low)
    if source and "account" not in slots:
        slots["account"] = source.group("a")  # "transferred 2,500 from checking to my Ally savings"
    if account_no is None and asker:
        account_no = _ACCOUNT_NO.search(_sentence_rest(f))  # "make it $48,000 to Brightline, and use the new account ending 5521"
    if account_no:
        slots["account"] = next(g for g in account_no.groups() if g)
    elif new_account and "account" not in slots:
        slots["account"] = "new account" if "new" in new_account.group().lower() else "different account"
    subject = ctx.subject
    if asker:
        slots["requested_by"] = asker
        subject = "me"  # "Dad wants me to send ...": the user sends; Dad asked
    dates = [x for x in free_dates(f) if rest is None or x.start < rest.start]
    if dates:
        d = next((x for x in dates if re.search(r"\b(?:by|before|on|due|until|till)\s+(?:the\s+)?$", text_before(f, x, 12), re.I)), dates[0])
        slots["date"] = iso(d.value.start)
        used.add((d.start, d.end))
    if cancel:
        slots["status"] = "cancelled"
    elif not asker and (_LEADING_DONE.match(low) or charged_us or _WENT_THROUGH.search(low) or ((f.past or re.search(r"\bjust\s+(?:put|charged|stuck)\b", low, re.I)) and (
            cues.DONE.search(low) or (card is not None and re.search(r"\b(?:put|charged|stuck)\b", low, re.I))))):
        slots["status"] = "done"
        slots.setdefault("date", ctx.today.isoformat())  # a payment made, no date said: made today
    else:
        slots["status"] = "requested"
    key = f"{str(slots.get('payee') or '').lower()}:{m.value if m else ''}"
    out = [Draft("Transfer", key, {k: v for k, v in slots.items() if v}, clause_span(f), subject, "cancel" if cancel else "assert",
                 correction=cancel or change, hint="transfer")]
    if len(shared) > 1:  # "split the airbnb with Leah and Omar, I owe each of them £140": one debt to each
        out = [Draft("Transfer", f"{name.lower()}:{m.value if m else ''}", {k: v for k, v in {**slots, "payee": name}.items() if v},
                     clause_span(f), subject, "cancel" if cancel else "assert", correction=cancel, hint="transfer") for name in shared]
    if rest is not None and not cancel:
        used.add((rest.start, rest.end))
        later: dict[str, Any] = {"amount": rest.value, "currency": rest.attrs.get("currency"), "payee": payee, "status": "requested"}
        due = next((x for x in free_dates(f) if x.start > rest.start), None)
        if due is not None:
            later["date"] = iso(due.value.start)
        out.append(Draft("Transfer", f"{str(payee or '').lower()}:{rest.value}", {k: v for k, v in later.items() if v},
                         clause_span(f), subject, hint="transfer"))
    return out


_RELATION_WORDS = {"dad", "mom", "mum", "mother", "father", "son", "daughter", "wife", "husband", "boss", "sister", "brother",
                   "landlord", "landlady", "partner", "aunt", "uncle", "grandma", "grandpa", "friend", "parents", "accountant",
                   "cfo", "ceo", "manager", "lawyer", "solicitor", "contractor", "builder", "agent", "nursery", "school",
                   "roommate", "flatmate", "housemate", "tenant", "client", "supplier", "vendor", "coach", "tutor"}


_ITEM = re.compile(
    r"\b(?:bought|purchased|ordered|picked\s+up|got|buying|splurged\s+on|returned|grabbed|snagged|treated\s+(?:myself|ourselves|us)\s+to|scored|"
    r"invested\s+in|placed\s+an\s+order\s+for|pre-?ordered|upgraded\s+to|went\s+ahead\s+and\s+(?:bought|got|ordered)|finally\s+(?:bought|got|ordered)|"
    r"sprang\s+for|sprung\s+for|shelled\s+out\s+for|paid\s+for|(?:sent|took|brought|shipped)(?=\s+[\w'’ -]{2,50}?\s+back\b))\s+(?:myself\s+|us\s+|her\s+|him\s+|ourselves\s+|them\s+|(?:my|our)\s+[\w-]+\s+(?=(?:a|an|the|some)\s))?"
    r"(?:(?:a|an|the|some|my|our|those|these|new|brand-new|brand\s+new|used|refurbished|second-hand|secondhand|pair\s+of|couple\s+of|set\s+of)\s+)*(?P<i>[\w'’ -]{2,40}?)"
    r"(?=\s+(?:for|from|off|via|through|online|at|on|in|off|last|yesterday|today|this|which|that|and|with|to|it|back|\$|€|£)\b|[,.;!]|\s*[$€£]|$)",
    re.I,
)


_PAID_FOR = re.compile(
    r"\b(?:paid|spent|dropped|blew|shelled\s+out|forked\s+out)\s+(?:about\s+|around\s+|like\s+)?[^\s,]*\d[\d,.]*\s*(?:[a-z]{1,8}|[€£$])?\s+(?:for|on)\s+"
    r"(?:(?:a|an|the|some|my|our|new|brand-new|used)\s+)*(?P<i>[\w'’ -]{2,40}?)(?=\s+(?:at|from|in|on|last|yesterday|today|this|which|that|and|with|to)\b|[,.;!]|$)",
    re.I,
)
_SPENT_AT = re.compile(r"\b(?:spent|paid|dropped|blew|forked\s+out|shelled\s+out)\s+(?:about\s+|around\s+)?\S*\d[\d,.]*\s*(?:[a-z]{1,6}|[€£$])?\s+at\s+(?P<v>[A-Z][\w'’&.]+(?:\s+[A-Z][\w'’&.]+){0,2})")


# things one "gets" or "pays for" that are not goods bought: messages, refunds, company
_NOT_ITEMS = (r"(?:voucher|refund|credit|text|message|call|email|e-mail|letter|notification|reply|offer|discount|reminder|"
              r"invite|invitation|quote|bill|invoice|both|us|two|everyone|all\s+of\s+us|the\s+two\s+of\s+us|each|myself|him|her|them)\b")


@cache
def _category_table() -> tuple[tuple[re.Pattern[str], str, int], ...]:
    """(word pattern, category, length) from purchase_categories.tsv, longest first ("hiking boots" before "boots")."""
    out = []
    for row in rows("purchase_categories.tsv"):
        for word in aliases(row, 1):
            stem = word.rstrip("*")
            tail = r"\w*" if word.endswith("*") else ""
            out.append((re.compile(r"(?<![\w-])" + re.escape(stem).replace(r"\ ", r"\s+") + tail + r"(?![\w-])", re.I), row[0], len(stem)))
    return tuple(sorted(out, key=lambda x: -x[2]))


def category_word(text: str, category: str) -> str | None:
    """The longest word of ``category`` (purchase_categories.tsv) that ``text`` names, as written."""
    for pat, cat, _ in _category_table():
        if cat == category and (m := pat.search(text)):
            return m.group(0)
    return None


def category_of(*texts: str | None) -> str | None:
    """The spending category of the first text that names one (what was bought, then where)."""
    for text in texts:
        if not text:
            continue
        hits = [(length, cat) for pat, cat, length in _category_table() if pat.search(text)]
        if hits:
            return max(hits)[1]
    return None


# words that name a whole spending category, not one thing in it: a budget for "eating out" covers every
# restaurant meal, a cap on "coffee" or "pizza" does not
WHOLE_CATEGORY = {"restaurant": r"eat(?:ing)?\s+out|din(?:e|ing)(?:\s+out)?|take-?outs?|takeaways?|(?:food\s+)?deliver(?:y|ies)|restaurants?|meals?\s+out",
                  "groceries": r"grocer(?:y|ies)|food\s+shop(?:ping)?|supermarkets?"}


def names_whole_category(about: str, category: str) -> bool:
    words = WHOLE_CATEGORY.get(category, re.escape(category))
    return bool(re.search(rf"\b(?:{words})\b", about, re.I))


_MEAL = (r"(?P<meal>dinner|lunch|brunch|breakfast|supper|drinks|cocktails|meal|takeaway|takeout|dim\s+sum|sushi|pizza|tasting\s+menu|omakase|"
         r"(?:grocery|food|weekly|big)\s+(?:run|shop|shopping|bill)|groceries|the\s+(?:bill|tab|check)|bar\s+tab)")
_EATERY = (r"(?:restaurant|steakhouse|steak\s+house|pub|bar|wine\s+bar|café|cafe|bistro|brasserie|trattoria|diner|pizzeria|sushi\s+(?:place|bar)|"
           r"tapas\s+(?:place|bar)|curry\s+house|noodle\s+(?:place|bar)|ramen\s+(?:place|bar|shop)|supermarket|farmers'?\s+market)")
# "dinner at Nobu came to $340", "brunch set us back £112", "grocery run at Aldi was 143.20 euros"
_MEAL_COST = re.compile(r"\b(?:came\s+(?:to|out\s+(?:to|at))|was|were|cost(?:\s+(?:me|us))?|set\s+(?:me|us|them)\s+back|ran\s+(?:me|us)|"
                        r"totall?ed|ended\s+up\s+(?:being|at)|hit|spent|paid|dropped|blew|covered|forked\s+out|shelled\s+out|splurged|"
                        r"treated\s+(?:\w+\s+){0,2}to|picked\s+up\s+the\s+(?:bill|tab|check)|got\s+the\s+(?:bill|tab|check))\b", re.I)
_MEAL_VENDOR = re.compile(r"\b(?:at|from|in)\s+(?:(?P<the>the)\s+)?(?P<v>(?:[A-Z][\w'’&.-]+|[A-Z]{2,})(?:\s+(?:[A-Z][\w'’&.-]+|&|de|la|le|of))*(?:\s+[A-Z][\w'’&.-]+)?)"
                          r"|\b(?:at|from|in)\s+(?:a|the|this|that|our|my)\s+(?:\w+\s+)?(?P<e>" + _EATERY + r")\b")


# "Dinner at Ten Bells for Jun's birthday, 210 €", "Sushi takeaway tonight, 120€ with the sake": a verbless note that
# opens with the meal and sets the amount off after it, the way people log what they spent
# the words before the meal describe it ("sushi takeaway", "team lunch"); a subject or a verb makes it a wish or a refusal
_NOT_MEAL_WORD = (r"(?!(?:i|i'd|i’d|i'm|i’m|we|we'd|we’d|you|he|she|they|it|can't|can’t|cannot|could|want|wanna|love|like|need|needs|no|not|"
                  r"never|skip|skipping|skipped|missed|cancel|cancelled|canceled|free|fancy|craving)\b)")
_MEAL_FIRST = re.compile(r"^\s*(?:(?:a|an|the|our|my|lovely|nice|quick|big|late|early|cheeky|team|family)\s+)*(?:" + _NOT_MEAL_WORD + r"[\w'’-]+\s+){0,2}?"
                         + _MEAL.replace("(?P<meal>", "(?:") + r"\b", re.I)
_SET_OFF = re.compile(r"(?:[,:;]|\s[-–—])\s*(?:about\s+|around\s+|roughly\s+|like\s+|~\s*)?$")
# "another 230 at Trader Joe's for groceries": one more sum of the spending said before
_ONE_MORE = re.compile(r"^\s*(?:(?:and|plus|also|then)\s+)?(?:another|a\s+further|an\s+extra)\s+[$€£¥]?\d", re.I)
# a sum that bounds or plans spending rather than reporting it
_NOT_SPENT = re.compile(r"\b(?:budget|limit|max(?:imum)?|up\s+to|under|no\s+more\s+than|allowance|voucher|gift\s+card|refund|owes?|"
                        r"deposit|quote|estimate|each|per)\b", re.I)


def _logged_spend(f: Found, money: list[Mention], today: dt.date) -> bool:
    """A meal or food shop logged without a spending verb: the meal opens the clause and the sum is set off after it,
    or the clause adds one more sum ("another 230 at ..."). A sum for a day still ahead is a plan or a price, not spent."""
    low = f.clause.text
    first = money[0]
    before = f.text[f.clause.start : first.start]
    if _NOT_SPENT.search(low) or any(d.value.start > today for d in free_dates(f)):
        return False
    if _ONE_MORE.match(low):
        return True
    return bool(_MEAL_FIRST.match(low)) and bool(_SET_OFF.search(before))


def _evening_before(text: str, today: dt.date) -> dt.date:
    """"last night", "yesterday evening": the day before; otherwise today."""
    if re.search(r"\blast\s+night\b|\byesterday\s+(?:evening|night)\b|\bthe\s+other\s+night\b", text, re.I):
        return today - dt.timedelta(days=1)
    return today


def _meal_spend(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    """Money spent eating out or on a food shop: a Purchase with the meal as item and its vendor."""
    low = f.clause.text
    money = [x for x in f.of("money") if (x.start, x.end) not in used]
    meal = re.search(r"\b" + _MEAL + r"\b", low, re.I)
    eatery = re.search(r"\b(?:at|in)\s+(?:a|the|this|that|our|my)\s+(?:\w+\s+)?(?P<e>" + _EATERY + r")\b", low, re.I)
    food_shop = next((o for o in f.of("org") if o.attrs.get("category") in ("groceries", "restaurant") and (o.start, o.end) not in used), None)
    if not money or not (meal or eatery or food_shop) or _HEDGE.search(low) or f.clause.question:
        return []
    if not _MEAL_COST.search(low) and not _logged_spend(f, money, ctx.today):
        return []
    if ctx.subject == "me" and _THEY_BOUGHT.search(low):
        return []
    if re.search(r"\b(?:is|are|'s|’s)\s+(?:like\s+|about\s+|around\s+)?[$€£¥]?\d", low, re.I) and not f.past:
        return []  # "it's like $300 a head": a price, not money spent
    if re.search(r"\b(?:a|per)\s+(?:head|person|month|year|week)\b|/\s*(?:mo|month|yr)\b", low, re.I):
        return []
    item = meal.group("meal").lower() if meal else "groceries" if food_shop and food_shop.attrs.get("category") == "groceries" else "meal"
    if re.match(r"the\s+|bar\s+tab", item):
        item = "meal" if not eatery or "bar" not in eatery.group("e").lower() else "drinks"
    if re.match(r"(?:grocery|food|weekly|big)\s|groceries", item):
        item = "groceries"
    item = re.sub(r"\s+", " ", item)
    slots: dict[str, Any] = {"item": item}
    org = next((o for o in f.of("org") if o.attrs.get("org_kind") in ("vendor", "service") and (o.start, o.end) not in used), None)
    vendor_text = None
    if org is not None:
        slots["vendor"] = org.value
        used.add((org.start, org.end))
    else:
        v = _MEAL_VENDOR.search(f.clause.text)
        if v and v.group("v") and not re.match(_MONTHS, v.group("v")) and not any(
                p.start <= f.clause.start + v.start("v") < p.end for p in f.of("person") + f.of("place")):
            vendor_text = v.group("v")
            slots["vendor"] = ("The " + vendor_text) if v.group("the") and vendor_text.split()[0].lower() != "the" else vendor_text
        elif eatery:
            vendor_text = eatery.group("e").lower()
            slots["vendor"] = vendor_text
    slots["category"] = category_of(item, org.attrs.get("category") if org is not None else None, vendor_text,
                                    eatery.group("e") if eatery else None)
    m = money[0]
    used.add((m.start, m.end))
    slots["amount"], slots["currency"] = m.value, m.attrs.get("currency")
    when = next(iter(free_dates(f)), None)
    slots["date"] = iso(when.value.start) if when is not None else _evening_before(low, ctx.today).isoformat()
    key = f"{item}:{str(slots.get('vendor') or '').lower()}:{slots['date']}"
    subject = "me" if re.fullmatch(_MEAL, ctx.subject, re.I) else ctx.subject  # "Lunch was ...": a meal, not a person
    return [Draft("Purchase", key, {k: v for k, v in slots.items() if v}, clause_span(f), subject, hint="purchase")]


_THEY_BOUGHT = re.compile(r"\b(?:he|she|they)\s+(?:just\s+|already\s+)?(?:spent|paid|bought|blew|dropped|ordered|got)\b", re.I)


# "the warranty on my MacBook runs out on 12 May", "my Dyson's guarantee ends in March", "can return the coat until Jan 31"
_WINDOW_OF = re.compile(
    r"\b(?:warranty|guarantee)\s+(?:on|for)\s+(?:my|the|our|his|her)\s+(?P<i>[\w'’ -]{2,30}?)\s+(?:runs\s+out|ends|expires|is\s+up|lapses|is\s+good|lasts)\b"
    r"|\b(?:my|the|our)\s+(?P<i2>[\w'’ -]{2,30}?)(?:'s|’s)\s+(?:warranty|guarantee)\s+(?:runs\s+out|ends|expires|is\s+up|lapses|is\s+good|lasts)\b"
    r"|\b(?:my|the|our)\s+(?P<i3>[\w'’ -]{2,30}?)\s+is\s+(?:still\s+)?(?:under|in)\s+warranty\b"
    r"|\b(?:can|could|have\s+to|need\s+to|must)\s+(?:still\s+)?(?:return|send\s+back|take\s+back)\s+(?:my|the|our)\s+(?P<r>[\w'’ -]{2,30}?)\s+(?:until|till|by|before)\b"
    r"|\b(?:my|the|our)\s+(?P<r2>[\w'’-]+(?:\s+[\w'’-]+){0,2}?)(?:\s+(?:I|we|she|he)\s+(?:got|bought|ordered)\b[^,.]*?)?\s+"
    r"(?:has|have|needs?|must)\s+(?:to\s+)?(?:go|be\s+sent|be\s+taken)\s+back\b",
    re.I)


def _window_statement(f: Found, ctx: Context) -> list[Draft]:
    """A warranty or return window stated about something bought earlier: its end date on the Purchase."""
    m = _WINDOW_OF.search(f.clause.text)
    dates = free_dates(f)
    if m is None or not dates or _HEDGE.search(f.clause.text):
        return []
    item = next(g for g in (m.group("i"), m.group("i2"), m.group("i3"), m.group("r"), m.group("r2")) if g).strip()
    name = next(k for k in ("i", "i2", "i3", "r", "r2") if m.group(k))
    at = f.clause.start + m.start(name)
    if any(p.start <= at < p.end or at <= p.start < at + len(item) for p in f.of("person")) or re.search(
            r"\bback\s+to\s+(?:school|work|uni|university|college|home|bed|sleep|the\s+office|normal)\b", f.clause.text, re.I):
        return []  # "my son has to go back to school by Monday"
    when = dates[0].value
    slot = "return_by" if m.group("r") or m.group("r2") else "warranty_until"
    slots: dict[str, Any] = {"item": item, slot: iso(when.end or when.start)}
    shop = next((o for o in f.of("org") if o.attrs.get("org_kind") == "vendor"), None)
    back_to = re.search(r"\bback\s+to\s+(?P<v>[A-Z][\w'’&.]+(?:\s+[A-Z][\w'’&.]+){0,2})", f.clause.text)
    if shop is not None or back_to:
        slots["vendor"] = shop.value if shop is not None else back_to.group("v")  # "has to go back to John Lewis"
    return [Draft("Purchase", item.lower(), slots, clause_span(f), ctx.subject, hint="purchase")]


def purchase(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    low = f.clause.text
    if cues.RULE_IF.search(low):
        return []
    meal = _meal_spend(f, ctx, used) or _window_statement(f, ctx)
    if meal:
        return meal
    if not (cues.PURCHASE.search(low) or cues.RETURNED.search(low)):
        return []
    if _HEDGE.search(low) and not cues.RETURNED.search(low):
        return []  # "if I bought the $2,000 laptop now ..."
    if ctx.subject == "me" and _THEY_BOUGHT.search(low):
        return []  # "my boss told me he spent 3,000 on his trip": someone else's spending, told in passing
    m = _ITEM.search(f.clause.text) or _PAID_FOR.search(f.clause.text)
    spent_at = _SPENT_AT.search(f.clause.text) if m is None else None
    if spent_at is None and (m is None or re.match(r"(?:tickets?|flights?|it|them|this|that|back|married|sick|home|within|by|in|on|for)\b", m.group("i"), re.I)
                             or re.match(_NOT_ITEMS, m.group("i"), re.I)):
        return []
    item = m.group("i").strip() if m else ""
    if item.lower() == "table" and f.of("time") and re.match(r"\s+for\s+(?:one|two|three|four|five|six|eight|ten|\d{1,2})\b", f.clause.text[m.end("i"):], re.I):  # type: ignore[union-attr]
        return []  # "got us a table for two at Dishoom, Friday at 8": a booking with a time, not furniture
    vendor = next((o for o in f.of("org") if o.attrs.get("org_kind") in ("vendor", "service") and (o.start, o.end) not in used), None)
    money = [x for x in f.of("money") if (x.start, x.end) not in used]
    if vendor is None and not money and not cues.RETURNED.search(low) and not re.search(r"\breturn|warranty|bought|purchased|ordered|splurged", low, re.I):
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
    returned = bool(cues.RETURNED.search(low))
    for d in free_dates(f):
        b = text_before(f, d, 40)
        if re.search(r"\b(?:deliver(?:ed|y|s|ing)?|arriv(?:es|ing|e)|ship(?:s|ping|ped)?|coming|comes|install(?:ed|ation)?)\s+(?:on\s+)?(?:the\s+)?$", b, re.I):
            continue  # a delivery date is not the purchase date
        if cues.RETURN_BY.search(b):
            slots["return_by"] = iso(d.value.start)
        elif cues.WARRANTY_UNTIL.search(b):
            slots["warranty_until"] = iso(d.value.start)
        elif returned and not re.search(r"\b(?:bought|purchased|ordered|got)\b", b, re.I):
            continue  # "sent it back today": the day of the return, not of the purchase
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
    slots["category"] = category_of(item, vendor.attrs.get("category") if vendor is not None else None, slots.get("vendor"))
    if returned:
        slots["status"] = "returned"
    elif "date" not in slots and re.search(r"\blast\s+night\b", low, re.I):
        slots["date"] = _evening_before(low, ctx.today).isoformat()
    elif "date" not in slots and (f.past or re.search(r"\b(?:bought|purchased|ordered|pre-?ordered|paid|spent|blew|dropped|picked\s+up|grabbed|snagged|splurged|scored|sprang|sprung|shelled|forked)\b", low, re.I)):
        slots["date"] = ctx.today.isoformat()  # bought, no date said: bought today
    slots = {k: v for k, v in slots.items() if v is not None}
    if isinstance(slots.get("vendor"), str) and not re.search(r"\b(?:[A-Z]\.|Co|Inc|Ltd|St|Jr|Bros)\.$", slots["vendor"]):
        slots["vendor"] = slots["vendor"].rstrip(".")  # "from Northtrail." ends the sentence, not the name
    return [Draft("Purchase", (item or str(slots.get("vendor", ""))).lower(), slots, clause_span(f), ctx.subject, correction="status" in slots, hint="purchase")]
