"""Finance: conflicting payment instructions, amounts over a stated limit, and payments to a
cancelled subscription or from a closed account.

- conflicting_instruction: two live instructions to pay the same payee (separate transfers, or one
  transfer whose amount or account a later fact replaced: ``history``) that differ in amount or
  account, where the later one came from someone other than the user. A user's own correction is
  not a conflict; two payments weeks apart are two payments.
- over_limit: a card whose balance (plus transfers charged to it after the balance was stated) passes
  its limit; a transfer above its account's limit; a purchase or transfer above a stated limit
  (a ``Preference`` with a ``limit``) for its topic. Per-period budgets are left to user rules.
- cancelled_service: a charge from a cancelled subscription, or a payment from a closed or cancelled
  account, stated after the cancellation (or still scheduled).
- paid_twice: one bill set up to be paid twice — two payments to the same payee for the same amount,
  at least one still to go, within ``DUPLICATE_DAYS`` of each other.

Words (who counts as the user, other names of banks and services) are data (``data.finance_terms``).
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal
from functools import lru_cache

from data.finance_terms import DATA as TERMS
from rules.alerts import Alert, alert, known

CONFLICT_RULE = "finance.conflicting_instruction"
LIMIT_RULE = "finance.over_limit"
CANCELLED_RULE = "finance.cancelled_service"
DUPLICATE_RULE = "finance.paid_twice"
DUPLICATE_DAYS = 21
SEPARATE_PAYMENTS_DAYS = 20
"""Two instructions to the same payee dated further apart than this are two payments, not one."""

SELF = frozenset(TERMS["self"])
NOISE = frozenset(TERMS["payee_noise"])
CLOSED = ("closed", "cancelled")


# -- words and amounts ---------------------------------------------------------------------------


def _norm(text) -> str:
    return _norm_str(str(text or ""))


@lru_cache(maxsize=16384)
def _norm_str(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def tokens(text) -> frozenset:
    """A name's significant words (no articles, legal suffixes or kinship words), singular."""
    return _tokens(_norm(text))


@lru_cache(maxsize=8192)
def _tokens(text: str) -> frozenset:
    """Cached: the same payees and accounts are compared many times on a long history."""
    words = re.findall(r"[a-z0-9][a-z0-9+&'.-]*", text)
    out = set()
    for w in words:
        w = w.strip(".'").removesuffix("'s")
        if w and w not in NOISE:
            out.add(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w)
    return frozenset(out)


def names(text) -> tuple[frozenset, ...]:
    """The token sets a name can be recognised by: itself and its listed other names."""
    return _names(_norm(text))


@lru_cache(maxsize=8192)
def _names(text: str) -> tuple[frozenset, ...]:
    out = [tokens(text)]
    for canonical, others in TERMS["aliases"].items():
        group = [canonical, *others]
        if any(_norm(g) == text or tokens(g) == out[0] for g in group):
            out += [tokens(g) for g in group]
    return tuple(t for t in out if t)


def same_party(a, b) -> bool:
    """``a`` and ``b`` name the same payee, service or bank: one's words contain the other's."""
    for x in names(a):
        for y in names(b):
            if x <= y or y <= x:
                return True
    return False


def mentions_party(text, name) -> bool:
    """``text`` (a payee, an account) contains all the words of ``name`` or of one of its other names."""
    have = tokens(text)
    return bool(have) and any(n <= have for n in names(name))


def is_self(who) -> bool:
    return not who or _norm(who) in SELF


def money(amount, currency=None) -> str:
    if amount is None:
        return "an unknown amount"
    text = f"{Decimal(amount):,.2f}".removesuffix(".00")
    code = (currency or "").upper()
    symbol = TERMS["currency_symbols"].get(code)
    if symbol:
        return symbol + text
    return f"{text} {code}" if code else text


def same_currency(a, b) -> bool:
    return not a or not b or str(a).upper() == str(b).upper()


def digits(text) -> frozenset:
    return frozenset(re.findall(r"\d{3,}", str(text or "")))


def account_text(account) -> str:
    if not account:
        return ""
    account = str(account).strip()
    if re.fullmatch(r"\d{3,6}", account):
        return f"account ending {account}"
    return account if "account" in account.lower() or "card" in account.lower() else f"account {account}"


def accounts_differ(old, new) -> bool:
    """Both accounts are known and are not the same one, or the later instruction says the account is a new one
    ("pay it to a different account") where the earlier named none."""
    if not new:
        return False
    if not old:
        return any(w in _norm(new) for w in ("new account", "different account", "new bank", "changed", "another account"))
    a, b = digits(old), digits(new)
    if a and b:
        return a.isdisjoint(b)
    if a or b:
        later = _norm(new)
        return any(w in later for w in ("new account", "different account", "new bank", "changed"))
    return tokens(old) != tokens(new)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def status_fact(record) -> int | None:
    """The fact that set the record's current status (from its history), if it changed."""
    facts = [fid for name, _old, fid in record.history if name == "status"]
    return facts[-1] if facts else None


def first_fact(record, *fields) -> int:
    ids = record.cites(*fields)
    return max(ids) if ids else 0


# -- conflicting instructions --------------------------------------------------------------------


def instructions(transfer) -> list[dict]:
    """The transfer as each fact left it, oldest first: its earlier versions (from ``history``) and now."""
    values = {
        "amount": transfer.amount, "currency": transfer.currency, "account": transfer.account,
        "requested_by": transfer.requested_by, "date": transfer.date,
    }
    changes: dict = {}
    for name, old, fid in transfer.history:
        if name in values:
            changes.setdefault(fid, []).append((name, old))
    first_id = min(transfer.evidence) if transfer.evidence else 0
    replaced = {name for name, _, _ in transfer.history}
    for name, fid in transfer.sources:  # a field a later fact set for the first time was empty before it
        if name in ("account", "amount") and fid > first_id and name not in replaced and values.get(name) is not None:
            changes.setdefault(fid, []).append((name, None))
    base = {"record": transfer, "payee": transfer.payee}
    if not changes:
        cited = transfer.cites("amount", "account", "requested_by", "payee")
        return [{**base, **values, "fact": first_fact(transfer, "amount", "account"), "evidence": cited}]
    versions = []
    for fid in sorted(changes, reverse=True):
        versions.append({**base, **values, "fact": fid, "evidence": (fid,)})
        values = dict(values)
        for name, old in changes[fid]:
            values[name] = old
    first = min(transfer.evidence) if transfer.evidence else 0
    versions.append({**base, **values, "fact": first, "evidence": (first,)})
    versions.reverse()
    versions[-1]["evidence"] += transfer.cites("payee")
    return versions


def conflict_alerts(state, today) -> list[Alert]:
    live = [
        t for t in known(state.finance.transfers, today)
        if t.status != "cancelled" and t.payee and (t.amount is not None or t.account)
    ]
    by_word: dict = {}
    for transfer in live:
        for word in tokens(transfer.payee):
            by_word.setdefault((transfer.subject, word), []).append(transfer)
    pairs: set = set()
    for group in by_word.values():
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                if a.id != b.id and same_party(a.payee, b.payee):
                    pairs.add(tuple(sorted((a.id, b.id))))
    by_id = {t.id: t for t in live}
    out: list[Alert] = []
    for transfer in live:
        versions = instructions(transfer)
        for old, new in zip(versions, versions[1:], strict=False):
            hit = _conflict(old, new)
            if hit:
                out.append(hit)
    for a_id, b_id in sorted(pairs):
        a, b = by_id[a_id], by_id[b_id]
        if a.status == "done" and b.status == "done":
            continue
        old, new = instructions(a)[-1], instructions(b)[-1]
        if old["fact"] > new["fact"]:
            old, new = new, old
        hit = _conflict(old, new)
        if hit:
            out.append(hit)
    return out


def _conflict(old: dict, new: dict) -> Alert | None:
    if is_self(new["requested_by"]) and is_self(old["requested_by"]):
        return None  # the user's own plans and corrections
    if is_self(new["requested_by"]) and not is_self(old["requested_by"]):
        return None  # the user changed someone's instruction themselves
    if old["date"] and new["date"] and abs((new["date"] - old["date"]).days) > SEPARATE_PAYMENTS_DAYS:
        return None
    amount_changed = (
        old["amount"] is not None and new["amount"] is not None and old["amount"] != new["amount"]
        and same_currency(old["currency"], new["currency"])
    )
    account_changed = accounts_differ(old["account"], new["account"])
    # an account named for the first time by someone other than whoever asked for the payment ("their finance
    # person emailed, the payment should go to the account ending 4410"): not a change, but details to check
    first_named = not account_changed and bool(
        not old["account"] and new["account"] and old["requested_by"] and not is_self(new["requested_by"])
        and not same_party(old["requested_by"], new["requested_by"]))
    if not amount_changed and not account_changed and not first_named:
        return None
    payee = new["payee"] or old["payee"]
    what = [w for w, changed in (("amount", amount_changed), ("account", account_changed)) if changed]

    def describe(v: dict) -> str:
        parts = [p for p in (
            f"requested by {v['requested_by']}" if not is_self(v["requested_by"]) else "",
            account_text(v["account"]),
            f"due {v['date']}" if v["date"] else "",
        ) if p]
        return f"{money(v['amount'], v['currency'])}" + (f" ({', '.join(parts)})" if parts else "")

    consequence = (
        "Changed bank details are the most common payment fraud: confirm with "
        f"{payee} on a number you already know before paying anything."
        if account_changed else
        f"Confirm the right amount with {payee} (or whoever asked) before paying."
    )
    if first_named and not amount_changed:
        asker = "You" if is_self(old["requested_by"]) else _cap(str(old["requested_by"]))
        message = (
            f"{asker} asked for the payment of {money(old['amount'], old['currency'])} to {payee}; the bank "
            f"details ({account_text(new['account'])}) came later from {new['requested_by']}. Payment fraud often starts "
            f"with details sent this way: confirm them with {payee} on a number you already know before paying."
        )
        return alert(CONFLICT_RULE, "warning", f"Check the bank details for {payee} before paying", message,
                     tuple(old["evidence"]) + tuple(new["evidence"]))
    message = (
        f"Transfer of {describe(new)} to {payee} conflicts with the earlier instruction of {describe(old)}: "
        f"the {' and the '.join(what)} changed. {consequence}"
    )
    title = f"Conflicting payment instructions for {payee}"
    evidence = tuple(old["evidence"]) + tuple(new["evidence"])
    # new bank details from someone new together with a new amount: the typical payment fraud
    return alert(CONFLICT_RULE, "critical" if account_changed or first_named else "warning", title, message, evidence)


# -- limits ---------------------------------------------------------------------------------------


def _account_label(account) -> str:
    kind = {"credit_card": "card", "checking": "current account", "savings": "savings account"}.get(
        str(account.kind or ""), "account")
    return f"{account.institution} {kind}" if account.institution else kind


def _kind_fits(account, text) -> bool:
    words = tokens(text)
    kind = str(account.kind or "")
    if words & {"card", "credit", "visa", "mastercard"} or "card" in _norm(text):
        return kind in ("", "credit_card")
    if words & {"checking", "current", "savings", "saving"}:
        return kind != "credit_card"
    return True


CARD_WORDS = frozenset(["visa", "mastercard", "amex", "card", "credit"])


def charges_to(account, transfers, only_card: bool = False) -> list:
    """Transfers charged to ``account``: those naming its bank, or, when it is the user's only credit card
    (``only_card``), those naming just a card ("put it on the Visa")."""
    return [
        t for t in transfers
        if t.account and ((account.institution and mentions_party(t.account, account.institution) and _kind_fits(account, t.account))
                          or (only_card and tokens(t.account) and tokens(t.account) <= CARD_WORDS))
    ]


def _paid_to(charge) -> str:
    """Who a charge went to: a transfer's payee, a purchase's shop or item."""
    return getattr(charge, "payee", None) or getattr(charge, "vendor", None) or getattr(charge, "item", None) or "a payee"


def limit_alerts(state, today) -> list[Alert]:
    out: list[Alert] = []
    transfers = [t for t in known(state.finance.transfers, today) if t.status != "cancelled" and t.amount is not None]
    purchases = [p for p in known(state.finance.purchases, today) if p.status != "cancelled" and p.amount is not None]
    cards = [a for a in known(state.finance.accounts, today) if a.status not in CLOSED and str(a.kind or "") == "credit_card"]
    for account in known(state.finance.accounts, today):
        if account.status in CLOSED or account.limit is None:
            continue
        label = _account_label(account)
        mine = [t for t in charges_to(account, transfers, only_card=cards == [account]) if same_currency(t.currency, account.currency)]
        if str(account.kind or "") == "credit_card" or account.balance is not None:  # a purchase "put on the Visa" is charged to it
            paid = [p for p in purchases if getattr(p, "account", None) and p.status == "bought"]  # a project rendered before the field has none
            logged = {(t.amount, t.date) for t in mine}  # the same spend told as a payment and as a purchase counts once
            mine += [p for p in charges_to(account, paid, only_card=cards == [account])
                     if same_currency(p.currency, account.currency) and (p.amount, p.date) not in logged]
        said = next((t.account for t in mine if not mentions_party(t.account, account.institution or "")), None)
        if said and account.institution:
            label = f"{account.institution} {said}"  # the card as the user calls it: "Chase Visa"
        if str(account.kind or "") == "credit_card" or account.balance is not None:
            if account.balance is None:
                continue
            since = first_fact(account, "balance")
            later = [t for t in mine if first_fact(t, "amount") > since]
            total = account.balance + sum((t.amount for t in later), Decimal(0))
            if total <= account.limit:
                continue
            cur = account.currency
            if later:
                spent = " and ".join(
                    f"{money(t.amount, t.currency or cur)} to {_paid_to(t)}" + (f" on {t.date}" if t.date else "")
                    for t in later
                )
                message = (
                    f"Charging {spent} to the {label} takes its balance from {money(account.balance, cur)} to "
                    f"{money(total, cur)}, over its {money(account.limit, cur)} limit by "
                    f"{money(total - account.limit, cur)}: the charge may be declined or cost an over-limit fee."
                )
            else:
                message = (
                    f"The {label} balance of {money(account.balance, cur)} is over its {money(account.limit, cur)} "
                    f"limit by {money(total - account.limit, cur)}: new charges may be declined or cost fees."
                )
            evidence = account.cites("limit", "balance", "institution")
            for t in later:
                evidence += t.cites("amount", "account")
            out.append(alert(LIMIT_RULE, "warning", f"{_cap(label)} over its {money(account.limit, cur)} limit",
                             message, evidence))
        else:
            for t in mine:
                if t.amount > account.limit:
                    out.append(alert(
                        LIMIT_RULE, "warning", f"Transfer over the {_account_label(account)} limit",
                        f"The transfer of {money(t.amount, t.currency)} to {t.payee or 'a payee'}"
                        + (f" on {t.date}" if t.date else "")
                        + f" from the {label} is over its {money(account.limit, account.currency)} limit: "
                        "it may be refused or need extra approval.",
                        account.cites("limit", "institution") + t.cites("amount", "account"),
                    ))
    out += preference_limit_alerts(state, today, transfers, purchases)
    return out


PERIOD = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in TERMS["period_words"]) + r")\b")
LIMIT_WORDS = frozenset(TERMS["limit_words"])


def _topic(pref) -> tuple[str, frozenset] | None:
    """(scope, words): scope is "transfers", "purchases" or "topic" (match by words); None to skip."""
    text = _norm(pref.topic)
    if not text or PERIOD.search(text) or PERIOD.search(_norm(pref.value)):
        return None
    for scope, phrases in TERMS["limit_topics"].items():
        if text in phrases:
            return scope, frozenset()
    words = frozenset(w for w in tokens(text) if w not in LIMIT_WORDS)
    return ("topic", words) if words else None


# a limit on the price of one unit: "no hotel over £150 a night", "fuel over 1.85 a litre"
UNITS = TERMS["units"]  # alias -> the unit name the extractor stores ("per head" and "per seat" are "person")
PER_UNIT = re.compile(r"\b(?:per|a|an|each|every)\s+(?P<u>" + "|".join(sorted(map(re.escape, UNITS), key=len, reverse=True)) + r")\b")
# what a night's price is the price of: any record priced per night is a stay
STAY_WORDS = frozenset(TERMS["stay_words"])


def unit_limit_alerts(state, today, pref, unit: str, purchases) -> list[Alert]:
    """Records priced per ``unit`` (a trip's nights, a purchase's litres) whose price of one is over the
    limit the user stated for one."""
    words = frozenset(w for w in tokens(pref.topic) if w not in LIMIT_WORDS and UNITS.get(w) != unit)
    stated = first_fact(pref, "limit")
    trips = [t for t in known(state.travel.trips, today) if t.status != "cancelled"]
    out: list[Alert] = []
    for rec in [*trips, *purchases]:
        price = getattr(rec, "unit_price", None)
        if price is None or UNITS.get(str(getattr(rec, "unit", None))) != unit or price <= pref.limit:
            continue
        if not same_currency(rec.currency, pref.currency) or first_fact(rec, "unit_price", "cost", "amount") < stated:
            continue
        what = " ".join(str(x) for x in (getattr(rec, "item", None), getattr(rec, "vendor", None), getattr(rec, "destination", None)) if x)
        if words and not (words & tokens(what) or (unit == "night" and words & STAY_WORDS)):
            continue
        where = re.search(r"\b(?:in|at)\s+(?P<w>[a-z]+)", _norm(pref.topic))  # "hotels in London per night": London's only
        if where and where.group("w") not in tokens(what):
            continue
        cur = rec.currency or pref.currency
        count = getattr(rec, "quantity", None)
        times = f" ({count} {unit}s)" if count and count > 1 else ""
        when = f" from {rec.start}" if getattr(rec, "start", None) else f" on {rec.date}" if getattr(rec, "date", None) else ""
        out.append(alert(
            LIMIT_RULE, "warning", f"{_cap(what or 'A booking')}: {money(price, cur)} a {unit}, over your {money(pref.limit, cur)} limit",
            f"{_cap(what or 'The booking')}{when} costs {money(price, cur)} a {unit}{times}, over the {money(pref.limit, cur)} "
            f"a {unit} you set for {pref.topic} by {money(price - pref.limit, cur)}.",
            pref.cites("limit", "topic") + rec.cites("unit_price", "cost", "amount", "quantity", "unit"),
        ))
    return out


def preference_limit_alerts(state, today, transfers, purchases) -> list[Alert]:
    out: list[Alert] = []
    for pref in known(state.preferences.preferences, today):
        if pref.status != "active" or pref.limit is None:
            continue
        per = PER_UNIT.search(_norm(pref.topic)) or PER_UNIT.search(_norm(pref.value))
        if per is not None:
            out += unit_limit_alerts(state, today, pref, UNITS[per.group("u")], purchases)
            continue
        topic = _topic(pref)
        if topic is None:
            continue
        scope, words = topic
        stated = first_fact(pref, "limit")
        candidates = []
        if scope in ("transfers", "topic"):
            candidates += [(t, t.payee, "transfer", ("amount", "payee")) for t in transfers]
        if scope in ("purchases", "topic"):
            candidates += [(p, " ".join(x for x in (p.item, p.vendor) if x), "purchase", ("amount", "item", "vendor"))
                           for p in purchases]
        for rec, text, kind, fields in candidates:
            if rec.amount <= pref.limit or not same_currency(rec.currency, pref.currency):
                continue
            if first_fact(rec, "amount") < stated:
                continue  # spent before the limit was stated
            if words and not words <= tokens(text):
                continue
            what = (rec.payee if kind == "transfer" else rec.item) or kind
            when = f" on {rec.date}" if rec.date else ""
            to = f" to {rec.payee}" if kind == "transfer" and rec.payee else ""
            if kind == "purchase":
                to = f" ({rec.vendor})" if rec.vendor else ""
            message = (
                f"The {kind} of {money(rec.amount, rec.currency)}{to}{when} for {what} is over your "
                f"{money(pref.limit, pref.currency or rec.currency)} limit for {pref.topic} by "
                f"{money(rec.amount - pref.limit, rec.currency or pref.currency)}."
            )
            if kind == "transfer" and rec.status == "requested":
                message += " Check it before it is sent."
            out.append(alert(LIMIT_RULE, "warning", f"{_cap(kind)} over your {pref.topic} limit", message,
                             pref.cites("limit", "topic") + rec.cites(*fields)))
    return out


# -- payments to cancelled services and from closed accounts -----------------------------------


def cancelled_alerts(state, today) -> list[Alert]:
    out: list[Alert] = []
    transfers = [t for t in known(state.finance.transfers, today) if t.status != "cancelled"]
    purchases = [p for p in known(state.finance.purchases, today) if p.status != "cancelled"]
    for sub in known(state.finance.subscriptions, today):
        if sub.status != "cancelled" or not sub.service:
            continue
        cut = status_fact(sub)
        if cut is None:
            continue
        payments = [(t, t.payee, ("amount", "payee", "date")) for t in transfers if t.payee]
        payments += [(p, p.vendor or p.item, ("amount", "vendor", "item", "date")) for p in purchases
                     if p.vendor or p.item]
        for rec, name, fields in payments:
            if not same_party(name, sub.service) or first_fact(rec, "amount", "payee", "vendor", "item") <= cut:
                continue
            if rec.date is not None and sub.known_since is not None and rec.date < sub.known_since:
                continue
            when = f" on {rec.date}" if rec.date else ""
            out.append(alert(
                CANCELLED_RULE, "warning", f"{sub.service} charged after you cancelled",
                f"{sub.service} took {money(rec.amount, rec.currency or sub.currency)}{when}, after the "
                f"subscription was cancelled. Ask {sub.service} for a refund, or dispute the charge with your "
                "card issuer, and check the cancellation went through.",
                sub.cites("service") + (cut,) + rec.cites(*fields),
            ))
    for account in known(state.finance.accounts, today):
        if account.status not in CLOSED or not account.institution:
            continue
        cut = status_fact(account)
        if cut is None:
            continue
        label = _account_label(account)
        for t in charges_to(account, transfers):
            after = first_fact(t, "account", "amount") > cut
            pending = t.status == "requested" and t.date is not None and t.date >= today
            if not after and not pending:
                continue
            if after and not pending and t.date is not None and account.known_since and t.date < account.known_since:
                continue
            when = f" on {t.date}" if t.date else ""
            amount = money(t.amount, t.currency or account.currency) if t.amount is not None else "A payment"
            message = (
                f"{_cap(amount)} to {t.payee or 'a payee'}{when} is set to come from the {label}, which is "
                f"{account.status}. It will fail or bounce: move it to an open account."
            )
            out.append(alert(
                CANCELLED_RULE, "critical", f"Payment from the {account.status} {label}", message,
                account.cites("institution") + (cut,) + t.cites("account", "amount", "payee"),
            ))
    return out


def duplicate_alerts(state, today) -> list[Alert]:
    """The same bill set up to be paid twice: two payments to one payee for the same amount, at least one
    still to go, close together in time (a property tax scheduled online, then a check for it)."""
    live = [t for t in known(state.finance.transfers, today) if t.status in ("requested", "done") and t.payee and t.amount is not None]
    out: list[Alert] = []
    for i, a in enumerate(live):
        for b in live[i + 1:]:
            if a.subject != b.subject or a.amount != b.amount or not same_currency(a.currency, b.currency):
                continue
            if not same_party(a.payee, b.payee) or "requested" not in (a.status, b.status):
                continue
            if a.date and b.date and abs((a.date - b.date).days) > DUPLICATE_DAYS:
                continue  # a monthly payment, not the same one twice
            if not (a.date and b.date) and a.known_since and b.known_since and abs((a.known_since - b.known_since).days) > DUPLICATE_DAYS:
                continue
            first, second = sorted((a, b), key=lambda t: first_fact(t, "amount", "payee"))

            def how(t) -> str:
                way = f"by {t.account}" if str(t.account or "").lower() in ("check", "cheque", "cash") else account_text(t.account)
                parts = [p for p in (way, f"on {t.date}" if t.date else "") if p]
                return f"{'paid' if t.status == 'done' else 'set up'}" + (f" ({', '.join(parts)})" if parts else "")

            out.append(alert(
                DUPLICATE_RULE, "warning", f"{_cap(str(second.payee))} may be paid twice",
                f"{money(second.amount, second.currency)} to {second.payee} is {how(first)} already, and now also "
                f"{how(second)}. Keep one of them, or the bill is paid double.",
                first.cites("amount", "payee", "account", "date") + second.cites("amount", "payee", "account", "date"),
            ))
    return out


def check(state, now: datetime) -> list[Alert]:
    today = now.date()
    return (conflict_alerts(state, today) + limit_alerts(state, today) + cancelled_alerts(state, today)
            + duplicate_alerts(state, today))
