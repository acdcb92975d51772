"""Typed values as Python source: dates as ``date(y, m, d)``, money as ``Decimal('1.50')``, the
rest through ``repr`` — never pasted text, so a value can never become code."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from engine.frames import Frame, Slot
from engine.project.naming import enum_class, enum_member


class Unrenderable(ValueError):
    """A value that does not fit its slot's kind (it is left out, with a comment saying so)."""


def literal(frame: Frame, slot: Slot, value: Any) -> str:
    kind = slot.kind
    if kind == "date":
        if isinstance(value, dt.datetime) or not isinstance(value, dt.date):
            raise Unrenderable(f"{value!r} is not a date")
        return f"date({value.year}, {value.month}, {value.day})"
    if kind == "money":
        if not isinstance(value, Decimal) or not value.is_finite():
            raise Unrenderable(f"{value!r} is not an amount")
        return f"Decimal({str(value)!r})"
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise Unrenderable(f"{value!r} is not an integer")
        return repr(value)
    if kind == "float":
        if isinstance(value, bool) or not isinstance(value, int | float) or value != value or value in (float("inf"), float("-inf")):
            raise Unrenderable(f"{value!r} is not a finite number")
        return repr(float(value))
    if kind == "bool":
        if not isinstance(value, bool):
            raise Unrenderable(f"{value!r} is not true/false")
        return repr(value)
    if kind == "datetime":
        if not isinstance(value, dt.datetime):
            raise Unrenderable(f"{value!r} is not a date and time")
        parts = [value.year, value.month, value.day, value.hour, value.minute, value.second]
        return f"datetime({', '.join(map(str, parts))})"
    if kind == "time":
        if not isinstance(value, dt.time):
            raise Unrenderable(f"{value!r} is not a time of day")
        return f"time({value.hour}, {value.minute}, {value.second})"
    if kind == "list":
        if not isinstance(value, list | tuple):
            raise Unrenderable(f"{value!r} is not a list")
        return repr([str(v) for v in value])
    if kind == "enum":
        if value not in slot.choices:
            raise Unrenderable(f"{value!r} is not one of {', '.join(slot.choices)}")
        return f"{enum_class(frame, slot)}.{enum_member(str(value), slot.choices)}"
    return repr(str(value))
