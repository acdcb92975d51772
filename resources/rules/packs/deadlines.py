"""Deadlines: countdowns against ``now`` for open deadlines and closing return windows."""

from __future__ import annotations

from datetime import datetime

from rules.alerts import Alert, alert, known, plural

DUE_RULE = "deadlines.due_soon"
RETURN_RULE = "deadlines.return_window"
WINDOW_DAYS = 7


def check(state, now: datetime) -> list[Alert]:
    today = now.date()
    out: list[Alert] = []
    for deadline in known(state.calendar.deadlines, today):
        if deadline.status != "open" or deadline.due is None:
            continue
        left = (deadline.due - today).days
        if left > WINDOW_DAYS:
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
        else:
            when = "today" if left == 0 else f"in {plural(left, 'day')}"
            out.append(alert(
                DUE_RULE, "critical" if left <= 1 else "warning", f"Due {when}: {what}",
                f"{what}{action} is due {deadline.due}, {when}.", evidence,
            ))
    for purchase in known(state.finance.purchases, today):
        if purchase.status != "bought" or purchase.return_by is None:
            continue
        left = (purchase.return_by - today).days
        if 0 <= left <= WINDOW_DAYS:
            item = purchase.item or "a purchase"
            when = "today" if left == 0 else f"in {plural(left, 'day')}"
            out.append(alert(
                RETURN_RULE, "info", f"Return window for {item} closes {when}",
                f"The return window for {item} closes {purchase.return_by}, {when}; after that it "
                "can no longer be returned.",
                purchase.cites("return_by", "item"),
            ))
    return out
