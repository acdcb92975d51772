"""Policies: an action that breaks a rule about money someone set (a ``Policy`` record).

- hold: a transfer from an account someone put on hold ("no money leaves the joint savings until
  the 30th"), planned or made while the hold lasts (from its start, or from when it was said, to
  its end date; no end date: until it is lifted).
- limit: a purchase or transfer of the kind the limit is about that costs more than the limit
  (``per`` item, person or night: a purchase whose message gave a price per unit, or a total with a
  count — "three nights, £510" — is compared by its ``unit_price``; otherwise the whole amount).
- budget: purchases of the budget's kind in one period (week, month, year) that add up to more.
- intention: a purchase or transfer of the kind the user said they would stop ("no more crypto
  this year"), made after saying it and before the intention's end.
A policy that was lifted or cancelled, and actions before it was stated, never fire.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from decimal import Decimal

from rules.alerts import Alert, alert, known

HOLD_RULE = "policies.hold"
LIMIT_RULE = "policies.limit"
BUDGET_RULE = "policies.budget"
INTENTION_RULE = "policies.intention"
_STOP = frozenset(["a", "an", "the", "my", "our", "your", "his", "her", "their", "of", "on", "for", "to", "from", "in", "at", "any", "no", "more", "more", "than", "over", "this", "that", "these", "those", "each", "every", "per", "single", "one", "account", "accounts", "money", "spend", "spending", "buy", "buying"])


def _words(text) -> frozenset:
    words = re.findall(r"[a-z0-9]+", str(text or "").lower())
    return frozenset(w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words if w not in _STOP)


def _about(policy) -> frozenset:
    return _words(policy.about) | _words(policy.account)


def _matches(policy, *texts, category=None) -> bool:
    """The record is about what the policy restricts: a shared word, or the same spending category
    ("eating out" and a sushi dinner are both restaurant spending)."""
    if category and getattr(policy, "category", None) == category:
        return True
    want = _about(policy)
    have = frozenset().union(*(_words(t) for t in texts))
    return bool(want) and bool(want & have)


def _named(policy) -> str:
    """What the policy is about, without a trailing 'budget' or 'limit' the title already says."""
    return re.sub(r"\s+(?:budget|limit|cap)$", "", str(policy.about or "spending"), flags=re.I)


def _window(policy) -> tuple[date, date]:
    start = policy.start or policy.known_since or date.min
    return start, policy.end or date.max


def _money(amount, currency) -> str:
    text = f"{Decimal(amount):,.2f}".replace(".00", "") if amount is not None else "?"
    return f"{text} {currency}" if currency else text


def _who(policy) -> str:
    setter = str(policy.set_by or "").strip()
    return "You" if not setter or setter.lower() in ("me", "i", "myself") else setter[:1].upper() + setter[1:]


def check(state, now: datetime) -> list[Alert]:
    today = now.date()
    policies = [p for p in known(state.finance.policies, today) if p.status == "active"]
    transfers = [t for t in known(state.finance.transfers, today) if t.status != "cancelled"]
    purchases = [p for p in known(state.finance.purchases, today) if p.status != "cancelled"]
    trips = [t for t in known(state.travel.trips, today) if t.status != "cancelled"]
    out: list[Alert] = []
    for policy in policies:
        if policy.kind == "hold":
            out += _hold(policy, transfers)
        elif policy.kind == "limit" and policy.limit is not None:
            out += _limit(policy, transfers, purchases, trips)
        elif policy.kind == "budget" and policy.limit is not None:
            out += _budget(policy, purchases)
        elif policy.kind == "intention":
            out += _intention(policy, transfers, purchases)
    return out


def _when(record, field: str):
    return getattr(record, field, None) or record.known_since


def _hold(policy, transfers: list) -> list[Alert]:
    first, last = _window(policy)
    out = []
    for t in transfers:
        day = _when(t, "date")
        if t.subject != policy.subject or day is None or not first <= day <= last:
            continue
        if not _matches(policy, t.account):
            continue
        until = f" until {policy.end}" if policy.end else ""
        title = f"Transfer from {t.account} while it is on hold"
        message = (f"{_who(policy)} said no money may leave {policy.account or policy.about}{until}, but a "
                   f"transfer of {_money(t.amount, t.currency)} to {t.payee or 'someone'} from it is "
                   f"{'made' if t.status == 'done' else 'planned'} on {day}. "
                   f"{'Move it back if the hold still stands.' if t.status == 'done' else 'Hold it until the hold ends.'}")
        out.append(alert(HOLD_RULE, "critical", title, message, policy.cites("kind", "account", "about", "end")
                         + t.cites("account", "amount")))
    return out


def _limit(policy, transfers: list, purchases: list, trips: list) -> list[Alert]:
    first, last = _window(policy)
    out = []
    # (record, its amount field, the words it is named by, whether it is a stay): a trip priced per
    # night is a stay, which a cap per night is about whatever its words
    watched = [(p, "amount", (p.item, p.category, p.vendor), False) for p in purchases] + [
        (t, "amount", (t.payee,), False) for t in transfers] + [
        (t, "cost", (f"the stay in {t.destination}" if t.destination else "a stay",), True)
        for t in trips if policy.per == "night" and t.unit == "night"]
    for rec, field, texts, stay in watched:
        amount = getattr(rec, field)
        day = _when(rec, "date")
        if amount is None or day is None or not first <= day <= last or rec.subject != policy.subject:
            continue
        if policy.currency and getattr(rec, "currency", None) and policy.currency != rec.currency:
            continue
        each, unit = _unit_amount(policy, rec, amount)
        if Decimal(each) <= Decimal(policy.limit):
            continue
        if not (stay or _matches(policy, *texts, category=getattr(rec, "category", None))):
            continue
        what = next((t for t in texts if t), "it")
        per = f" per {policy.per}" if policy.per and policy.per != "item" else ""
        currency = getattr(rec, "currency", None)
        cost = (f"{_money(each, currency)} a {unit} ({_money(amount, currency)} for {rec.quantity})" if unit and rec.quantity
                else f"{_money(each, currency)} a {unit}" if unit else _money(amount, currency))
        title = f"{what[:1].upper() + what[1:]} is over your {_money(policy.limit, policy.currency)} limit"
        message = (f"{_who(policy)} set a limit of {_money(policy.limit, policy.currency)}{per} on {policy.about}; "
                   f"{what} on {day} costs {cost}.")
        cites = rec.cites(field, "unit_price") if unit else rec.cites(field)
        out.append(alert(LIMIT_RULE, "warning", title, message, policy.cites("limit", "about") + cites))
    return out


# a cap per person is also a cap per ticket or seat; a cap per item is one on a unit of goods (a bottle),
# never one on a night or a head
_SAME_UNIT = {"night": ("night", "room"), "person": ("person",), "item": ("item", "bottle", "pair", "box", "bag", "pack")}


def _unit_amount(policy, rec, amount) -> tuple:
    """(the amount to compare with the cap, the unit it is per or ''): a purchase's price per unit when
    the cap is per unit and the purchase's message gave one of that unit."""
    unit, each = getattr(rec, "unit", None), getattr(rec, "unit_price", None)
    if not policy.per or policy.per not in _SAME_UNIT or unit is None or each is None:
        return amount, ""
    return (each, unit) if unit in _SAME_UNIT[policy.per] else (amount, "")


def _period(day: date, per: str) -> tuple[date, date]:
    if per == "week":
        start = day - timedelta(days=day.weekday())
        return start, start + timedelta(days=6)
    if per == "year":
        return date(day.year, 1, 1), date(day.year, 12, 31)
    nxt = (day.replace(day=28) + timedelta(days=4)).replace(day=1)
    return day.replace(day=1), nxt - timedelta(days=1)


def _budget(policy, purchases: list) -> list[Alert]:
    groups: dict = {}
    for p in purchases:
        day = _when(p, "date")
        if p.amount is None or day is None or p.subject != policy.subject or not _matches(
                policy, p.item, p.category, p.vendor, category=p.category):
            continue
        if (policy.known_since and day < policy.known_since.replace(day=1)) or (policy.end and day > policy.end):
            continue
        if policy.currency and p.currency and p.currency != policy.currency:
            continue  # yen are not dollars: a budget adds up its own currency only
        groups.setdefault(_period(day, policy.per or "month"), []).append(p)
    out = []
    for (start, end), group in sorted(groups.items()):
        total = sum(Decimal(p.amount) for p in group)
        if total <= Decimal(policy.limit):
            continue
        title = f"Over your {_named(policy)} budget for {start:%B %Y}" if (policy.per or "month") == "month" else \
            f"Over your {_named(policy)} budget ({start} to {end})"
        message = (f"{len(group)} purchases of {_named(policy)} from {start} to {end} add up to "
                   f"{_money(total, policy.currency)}, over the {_money(policy.limit, policy.currency)} budget.")
        evidence = policy.cites("limit", "about")
        for p in group:
            evidence += p.cites("amount")
        out.append(alert(BUDGET_RULE, "warning", title, message, evidence))
    return out


def _intention(policy, transfers: list, purchases: list) -> list[Alert]:
    first, last = _window(policy)
    out = []
    for rec, texts in [(p, (p.item, p.category, p.vendor)) for p in purchases] + [(t, (t.payee,)) for t in transfers]:
        day = _when(rec, "date")
        said = rec.known_since or day
        if day is None or rec.subject != policy.subject or not first <= day <= last:
            continue
        if policy.known_since and said is not None and said <= policy.known_since and rec.known_since == policy.known_since:
            continue  # said in the same breath: the history behind the intention, not a break of it
        if not _matches(policy, *texts, category=getattr(rec, "category", None)):
            continue
        what = next((t for t in texts if t), "it")
        title = f"{what[:1].upper() + what[1:]} goes against what you decided about {policy.about}"
        who = _who(policy)
        message = (f"On {policy.known_since} {'you' if who == 'You' else who} said: no more {policy.about}"
                   f"{' until ' + str(policy.end) if policy.end else ''}. Now {what} on {day}"
                   f"{' for ' + _money(rec.amount, getattr(rec, 'currency', None)) if rec.amount is not None else ''}.")
        out.append(alert(INTENTION_RULE, "warning", title, message, policy.cites("about", "kind") + rec.cites("amount")))
    return out
