"""Fields that keep a running total: a meter or an odometer read now and then.

Summing such readings means nothing; what was used between two readings is the later one minus
the earlier. Whether a field is one is read from the records, not from its name: every reading of
one person at least the one before it, and the readings far larger than any step between them
(4127, 4161, 4198 m³ of gas; not a lifter's 100, 105, 95 kg, nor runs of 5.0, 5.2, 5.5, 6.0 km).
A collection named for a meter (a new water meter read from 4.2 m³) needs only readings that never
go back: its name says what its small first readings cannot.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from engine.ask.catalog import Collection

MIN_READINGS = 4
_METER = re.compile(r"(?:^|_)(?:meters?|odometers?)(?:_|$)")
"""The parts of a name that say its numbers are a counter's readings (``water_meter_readings``)."""
MAX_RECORDS = 5000
"""A collection larger than this is an import of events, never a meter's readings: not read through."""


def _day(value: object) -> dt.date | None:
    if isinstance(value, dt.datetime):
        return value.date()
    return value if isinstance(value, dt.date) else None


def running_total(coll: Collection, field: str | None) -> bool:
    """Whether ``field`` holds readings of a counter that only goes up, for every person it is kept for."""
    when = coll.date_field
    if field is None or when is None or field not in coll.fields or not coll.fields[field].numeric \
            or coll.fields[field].kind == "money" or len(coll.records) > MAX_RECORDS:
        return False  # amounts are spent and earned, never a meter's reading
    by_person: dict[str, list[tuple[dt.date, Decimal]]] = {}
    for rec in coll.records:
        value, day = rec.values.get(field), _day(rec.values.get(when))
        if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)) or day is None:
            continue
        by_person.setdefault(rec.subject or "me", []).append((day, Decimal(str(value))))
    readings = [sorted(rs) for rs in by_person.values() if len(rs) >= 2]
    if sum(len(rs) for rs in readings) < MIN_READINGS:
        return False
    steps = [b[1] - a[1] for rs in readings for a, b in zip(rs, rs[1:], strict=False)]
    if any(s < 0 for s in steps) or 4 * sum(1 for s in steps if s > 0) < 3 * len(steps):
        return False  # a counter moves on between readings; pocket money of 5, 5, 5, 6 is no meter
    if _METER.search(coll.name.lower()):  # not a field's unit: "distance_meters" is no meter
        return True
    return min(v for rs in readings for _, v in rs) > 10 * max(steps)
