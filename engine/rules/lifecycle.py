"""The alert lifecycle over the ``alert`` table: what is new, seen, snoozed, dismissed or resolved.

An alert's key is stable (rule + evidence), so each run is folded into the table by key:
a key seen for the first time is ``new`` and notified once; a key that stops firing is
``resolved`` (and ``new`` again, notified again, if it comes back); ``dismissed`` stays dismissed;
``snoozed`` is hidden until ``snoozed_until`` and then comes back as ``new`` (notified again).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from sqlmodel import Session, select

from engine.errors import InputError
from engine.log import LogStore
from engine.rules.alert import SEVERITIES, Alert
from models.log import AlertRow

VISIBLE = ("new", "seen")


@dataclass
class SyncResult:
    """``active``: what to show; ``new``: what to notify now; ``resolved``: keys that stopped firing."""

    active: list[Alert]
    new: list[Alert] = field(default_factory=list)
    resolved: list[str] = field(default_factory=list)


def _naive(t: dt.datetime) -> dt.datetime:
    """Timestamps are stored naive, in local time; an aware ``now`` is converted."""
    return t.astimezone().replace(tzinfo=None) if t.tzinfo is not None else t


def _to_alert(row: AlertRow) -> Alert:
    return Alert(
        key=row.key,
        rule=row.rule,
        severity=row.severity,
        title=row.title,
        message=row.message,
        evidence=tuple(json.loads(row.evidence_json)),
        state=row.state,
        first_seen=row.first_seen,
        snoozed_until=row.snoozed_until,
    )


def _order(a: Alert) -> tuple[int, dt.datetime, str]:
    rank = SEVERITIES.index(a.severity) if a.severity in SEVERITIES else 0
    return (-rank, a.first_seen or dt.datetime.min, a.key)


class AlertBook:
    """Reads and writes the lifecycle of alerts in the profile's log database."""

    def __init__(self, log: LogStore) -> None:
        self.engine = log.engine

    def sync(self, alerts: Iterable[Alert], now: dt.datetime, failed: Iterable[str] = ()) -> SyncResult:
        """Fold one rule run (everything that fires as of ``now``) into the table. The alerts of a
        rule in ``failed`` (it crashed or ran out of time: it said nothing either way; "" names every
        rule) stay as they are."""
        now = _naive(now)
        silent = tuple(failed)
        firing: dict[str, Alert] = {}
        for a in alerts:
            firing.setdefault(a.key, a)
        new: list[AlertRow] = []
        active: list[AlertRow] = []
        resolved: list[str] = []
        with Session(self.engine, expire_on_commit=False) as db:
            rows = {r.key: r for r in db.exec(select(AlertRow)).all()}
            for key, a in firing.items():
                row = rows.get(key)
                if row is None:
                    row = AlertRow(
                        key=key, rule=a.rule, severity=a.severity, title=a.title, message=a.message,
                        evidence_json=json.dumps(list(a.evidence)), state="new",
                        first_seen=now, last_seen=now, notified_at=now,
                    )
                    new.append(row)
                else:
                    row.rule, row.severity, row.title, row.message = a.rule, a.severity, a.title, a.message
                    row.evidence_json = json.dumps(list(a.evidence))
                    row.last_seen = now
                    woke = row.state == "snoozed" and (row.snoozed_until is None or row.snoozed_until <= now)
                    if row.state == "resolved" or woke:
                        row.state, row.snoozed_until, row.notified_at = "new", None, now
                        new.append(row)
                db.add(row)
                if row.state in VISIBLE:
                    active.append(row)
            for key, row in rows.items():
                if key in firing:
                    continue
                if any(r == "" or row.rule == r or row.rule.startswith(r + ".") for r in silent):
                    if row.state in VISIBLE:
                        active.append(row)
                    continue
                if row.state not in ("resolved", "dismissed"):
                    row.state = "resolved"
                    row.snoozed_until = None
                    db.add(row)
                    resolved.append(key)
            db.commit()
        return SyncResult(
            active=sorted((_to_alert(r) for r in active), key=_order),
            new=sorted((_to_alert(r) for r in new), key=_order),
            resolved=sorted(resolved),
        )

    def set_state(self, key: str, state: str, until: dt.datetime | None = None) -> Alert:
        """The user saw, snoozed (until a time) or dismissed an alert, or undid that: ``seen`` brings a
        snoozed or dismissed alert back, ``new`` marks a seen one unread. A resolved alert stays
        resolved (its rule no longer fires; it comes back by itself if it fires again)."""
        if state not in ("new", "seen", "snoozed", "dismissed"):
            raise InputError(f"an alert can be marked new, seen, snoozed or dismissed, not {state!r}")
        if state == "snoozed" and until is None:
            raise InputError("snoozing needs a time to come back (--until)")
        with Session(self.engine, expire_on_commit=False) as db:
            row = db.get(AlertRow, key)
            if row is None:
                raise InputError(f"there is no alert {key!r}; `uac alerts` lists them")
            if row.state == "resolved" and state in ("new", "seen"):
                raise InputError("that alert is resolved: its rule no longer fires, so there is nothing to bring back")
            row.state = state
            row.snoozed_until = _naive(until) if state == "snoozed" and until is not None else None
            db.add(row)
            db.commit()
            return _to_alert(row)

    def get(self, key: str) -> Alert | None:
        with Session(self.engine) as db:
            row = db.get(AlertRow, key)
            return _to_alert(row) if row is not None else None

    def all(self, states: Iterable[str] | None = None) -> list[Alert]:
        """Every alert on record (optionally only some states), most severe first."""
        wanted = set(states) if states is not None else None
        with Session(self.engine) as db:
            rows = db.exec(select(AlertRow)).all()
            return sorted((_to_alert(r) for r in rows if wanted is None or r.state in wanted), key=_order)
