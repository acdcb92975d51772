"""Deadlines: countdowns against ``now``.

- due_soon: an open deadline within ``WINDOW_DAYS`` (warning; critical on the day before, the day
  and once overdue); coming_up: one a little further out (info).
- return_window: a bought item whose return window closes soon (not once it is returned).
- warranty_ends: a purchase's warranty running out soon.
- renewal_to_stop: a subscription renewing soon that the user said they want to stop (a preference,
  note or wish naming the service: words in ``data.finance_terms``).
- document_expiry: a passport, visa or licence held as valid that expires soon.
Countdowns are the user's own: a deadline or document of someone else (a coworker's licence, a
friend's visa) never counts down; a family member's document only while the user has a family trip
ahead that they are taken to travel on (their child or partner, not someone travelling alone).
Done, cancelled or returned items never fire, nor a deadline to cancel a service or return an item once
that service is cancelled or the item returned.
"""

from __future__ import annotations

import re
from datetime import date, datetime

from data.finance_terms import DATA as TERMS
from rules.alerts import Alert, alert, known, plural

DUE_RULE = "deadlines.due_soon"
COMING_RULE = "deadlines.coming_up"
RETURN_RULE = "deadlines.return_window"
WARRANTY_RULE = "deadlines.warranty_ends"
RENEWAL_RULE = "deadlines.renewal_to_stop"
DOCUMENT_RULE = "deadlines.document_expiry"
WINDOW_DAYS = 7
NOTICE_DAYS = 14
WARRANTY_DAYS = 30
DOCUMENT_DAYS = 30
DOCUMENT_NAMES = {"passport": "passport", "visa": "visa", "licence": "driving licence", "id_card": "ID card",
                  "certificate": "certificate"}


def _norm(text) -> str:
    return re.sub(r"\s+", " ", str(text or "").strip().lower())


def _words(terms) -> re.Pattern:
    alternatives = "|".join(re.escape(_norm(t)) for t in sorted(set(terms), key=len, reverse=True))
    return re.compile(r"(?<![a-z0-9])(?:" + alternatives + r")(?![a-z0-9])")


STOP = _words(TERMS["stop_wishes"])
KEEP = _words(TERMS["keep_wishes"])


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


COMPANION_RELATIONS = ("son", "daughter", "child", "kid", "kids", "children", "stepson", "stepdaughter", "baby", "wife", "husband",
                       "partner", "spouse")
OTHER_ROLES = ("colleague", "coworker", "co-worker", "boss", "manager", "friend", "neighbour", "neighbor", "client", "landlord",
               "roommate", "flatmate", "employee", "assistant", "teacher", "doctor", "ex")


def travelling_family(state, today: date) -> set:
    """Family members whose documents matter to the user: on an upcoming or current family trip of the
    user's, their children and partner (or people with no stated relation) who have no trip of their own."""
    trips = [t for t in known(state.travel.trips, today) if t.status != "cancelled"]
    ahead = [
        t for t in trips
        if t.subject == "me" and t.purpose == "family" and t.start is not None and (t.end or t.start) >= today
    ]
    if not ahead:
        return set()
    relation = {_norm(p.name): _norm(p.relation) for p in known(state.people.people, today) if p.name}
    alone = {t.subject for t in trips if t.subject != "me"}
    return {
        who for who in {d.subject for d in known(state.travel.documents, today) if d.subject != "me"}
        if who not in alone and who not in OTHER_ROLES and relation.get(who, "") not in OTHER_ROLES
        and (who in COMPANION_RELATIONS or relation.get(who, "") in COMPANION_RELATIONS or not relation.get(who))
    }


def _when(left: int) -> str:
    return "today" if left == 0 else "tomorrow" if left == 1 else f"in {plural(left, 'day')}"


def check(state, now: datetime) -> list[Alert]:
    today = now.date()
    return (
        deadline_alerts(state, today) + return_alerts(state, today) + warranty_alerts(state, today)
        + renewal_alerts(state, today) + document_alerts(state, today)
    )


def _met_elsewhere(deadline, state, today: date) -> bool:
    """A deadline to cancel a service or return an item is met once that service is cancelled or the
    item returned ("cancel the NYT before it renews" ... "cancelled the NYT, done")."""
    action, about = _norm(deadline.action), _norm(deadline.about)
    if not about:
        return False
    if action in ("cancel", "stop", "get rid of", "quit", "drop", "end", "switch", "switch providers"):
        for sub in known(state.finance.subscriptions, today):
            if sub.status == "cancelled" and sub.service and _service_pattern(sub.service).search(about):
                return True
    if action in ("return", "send back", "take back"):
        words = _item_words(about)
        for purchase in known(state.finance.purchases, today):
            item = _item_words(purchase.item)
            if purchase.status == "returned" and item and words and (item <= words or words <= item):
                return True
    return False


def deadline_alerts(state, today: date) -> list[Alert]:
    out: list[Alert] = []
    for deadline in known(state.calendar.deadlines, today):
        if deadline.status != "open" or deadline.due is None or deadline.subject != "me":
            continue  # someone else's deadline is theirs to count down
        if _met_elsewhere(deadline, state, today):
            continue
        left = (deadline.due - today).days
        if left > NOTICE_DAYS:
            continue
        what = deadline.about or deadline.action or "a deadline"
        what = what[:1].upper() + what[1:]
        action = f" ({deadline.action})" if deadline.action and deadline.action != what else ""
        evidence = deadline.cites("due", "about", "action")
        if left < 0:
            out.append(alert(
                DUE_RULE, "critical", f"Overdue: {what}",
                f"{what}{action} was due {deadline.due}, {plural(-left, 'day')} ago.", evidence,
            ))
        elif left > WINDOW_DAYS:
            out.append(alert(
                COMING_RULE, "info", f"Coming up: {what}",
                f"{what}{action} is due {deadline.due}, in {plural(left, 'day')}.", evidence,
            ))
        else:
            when = _when(left)
            out.append(alert(
                DUE_RULE, "critical" if left <= 1 else "warning", f"Due {when}: {what}",
                f"{what}{action} is due {deadline.due}, {when}.", evidence,
            ))
    return out


def _item_words(text) -> frozenset:
    return frozenset(w for w in re.findall(r"[a-z0-9]+", _norm(text)) if len(w) > 2)


def return_alerts(state, today: date) -> list[Alert]:
    purchases = known(state.finance.purchases, today)
    gone = [  # returned or cancelled items, to quiet a duplicate record of the same item
        (p.subject, _item_words(p.item)) for p in purchases if p.status in ("returned", "cancelled") and p.item
    ]
    out: list[Alert] = []
    for purchase in purchases:
        if purchase.status != "bought" or purchase.return_by is None:
            continue
        left = (purchase.return_by - today).days
        if not 0 <= left <= NOTICE_DAYS:  # as other countdowns: told two weeks ahead, warned in the last week
            continue
        words = _item_words(purchase.item)
        if any(subject == purchase.subject and other and other <= words for subject, other in gone):
            continue
        item = purchase.item or "a purchase"
        where = f" to {purchase.vendor}" if purchase.vendor else ""
        when = _when(left)
        out.append(alert(
            RETURN_RULE, "critical" if left <= 1 else "warning" if left <= WINDOW_DAYS else "info",
            f"Return window for {item} closes {when}",
            f"The return window for {item} closes {purchase.return_by}, {when}; after that it "
            f"can no longer be returned{where}.",
            purchase.cites("return_by", "item"),
        ))
    return out


def warranty_alerts(state, today: date) -> list[Alert]:
    out: list[Alert] = []
    for purchase in known(state.finance.purchases, today):
        if purchase.status != "bought" or purchase.warranty_until is None:
            continue
        left = (purchase.warranty_until - today).days
        if not 0 <= left <= WARRANTY_DAYS:
            continue
        item = purchase.item or "a purchase"
        seller = f" with {purchase.vendor}" if purchase.vendor else ""
        out.append(alert(
            WARRANTY_RULE, "warning" if left <= NOTICE_DAYS else "info",
            f"Warranty for {item} ends {_when(left)}",
            f"The warranty for {item} ends {purchase.warranty_until}, {_when(left)}: report any fault{seller} "
            "before then, or repairs will be at your cost.",
            purchase.cites("warranty_until", "item"),
        ))
    return out


def _service_pattern(service: str) -> re.Pattern:
    names = [service]
    key = _norm(service)
    for canonical, others in TERMS["aliases"].items():
        if key == canonical or key in others:
            names += [canonical, *others]
    return _words(names)


def _wishes(state, today: date) -> list:
    """(text, record, fields) the user said that could be a wish to stop something."""
    out = []
    for pref in known(state.preferences.preferences, today):
        if pref.status == "active":
            out.append((" ".join(x for x in (pref.topic, pref.value) if x), pref, ("topic", "value")))
    for note in known(state.notes.notes, today):
        if note.text:
            out.append((note.text, note, ("text",)))
    return out


def renewal_alerts(state, today: date) -> list[Alert]:
    subs = [
        s for s in known(state.finance.subscriptions, today)
        if s.status == "active" and s.service and s.renewal is not None and 0 <= (s.renewal - today).days <= NOTICE_DAYS
    ]
    if not subs:
        return []
    wishes = _wishes(state, today)
    deadlines = [
        _norm(" ".join(x for x in (d.about, d.action) if x))
        for d in known(state.calendar.deadlines, today) if d.status == "open"
    ]
    out: list[Alert] = []
    for sub in subs:
        pattern = _service_pattern(sub.service)
        if any(pattern.search(text) for text in deadlines):
            continue  # already counted down as a deadline
        said = [
            (text, rec, fields) for text, rec, fields in wishes
            if pattern.search(_norm(text)) and STOP.search(_norm(text)) and not KEEP.search(_norm(text))
        ]
        if not said:
            continue
        left = (sub.renewal - today).days
        price = ""
        if sub.amount is not None:
            price = f" for {sub.amount:,.2f}".removesuffix(".00") + (f" {sub.currency}" if sub.currency else "")
        evidence = sub.cites("renewal", "service", "amount")
        for _text, rec, fields in said:
            evidence += rec.cites(*fields)
        out.append(alert(
            RENEWAL_RULE, "critical" if left <= 1 else "warning",
            f"{sub.service} renews {_when(left)}: cancel it first",
            f"{sub.service} renews {sub.renewal}{price}, {_when(left)}, and you said you want to stop it. "
            "Cancel before then or it will renew and charge you.",
            evidence,
        ))
    return out


def document_alerts(state, today: date) -> list[Alert]:
    out: list[Alert] = []
    family = None
    for doc in known(state.travel.documents, today):
        if doc.status != "valid" or doc.expires is None:
            continue
        if doc.subject != "me":
            family = travelling_family(state, today) if family is None else family
            if doc.subject not in family:
                continue  # a coworker's licence, a friend's visa: not the user's to renew
        left = (doc.expires - today).days
        if not 0 <= left <= DOCUMENT_DAYS:
            continue
        kind = DOCUMENT_NAMES.get(str(doc.kind or ""), "document")
        country = f" ({doc.country})" if doc.country else ""
        whose = "Your" if doc.subject == "me" else f"{doc.subject}'s"
        out.append(alert(
            DOCUMENT_RULE, "warning" if left <= NOTICE_DAYS else "info",
            f"{whose} {kind}{country} expires {_when(left)}",
            f"{whose} {kind}{country} expires {doc.expires}, {_when(left)}. Renewals and extensions take time: "
            "apply now if you still need it.",
            doc.cites("expires", "kind", "country"),
        ))
    return out
