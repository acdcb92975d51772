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


def checked(slot: Slot, value: Any) -> Any:
    """``value`` if it fits its slot's kind, else Unrenderable: the one check behind both forms a
    record is written in (Python source in ``state.py``, JSON in a big collection's data file)."""
    kind = slot.kind
    if kind == "date":
        ok = isinstance(value, dt.date) and not isinstance(value, dt.datetime)
    elif kind == "money":
        ok = isinstance(value, Decimal) and value.is_finite()
    elif kind == "int":
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind == "float":
        ok = isinstance(value, int | float) and not isinstance(value, bool) and value == value \
            and value not in (float("inf"), float("-inf"))
    elif kind == "bool":
        ok = isinstance(value, bool)
    elif kind == "datetime":
        ok = isinstance(value, dt.datetime)
    elif kind == "time":
        ok = isinstance(value, dt.time)
    elif kind == "list":
        ok = isinstance(value, list | tuple)
    elif kind == "enum":
        ok = value in slot.choices
    else:
        return value
    if not ok:
        raise Unrenderable(f"{value!r} is not one of {', '.join(slot.choices)}" if kind == "enum"
                           else f"{value!r} is not {_KIND_WORDS[kind]}")
    return value


_KIND_WORDS = {"date": "a date", "money": "an amount", "int": "an integer", "float": "a finite number",
               "bool": "true/false", "datetime": "a date and time", "time": "a time of day", "list": "a list"}


def literal(frame: Frame, slot: Slot, value: Any) -> str:
    kind = slot.kind
    value = checked(slot, value)
    if kind == "date":
        return f"date({value.year}, {value.month}, {value.day})"
    if kind == "money":
        return f"Decimal({str(value)!r})"
    if kind in ("int", "bool"):
        return repr(value)
    if kind == "float":
        return repr(float(value))
    if kind == "datetime":
        parts = [value.year, value.month, value.day, value.hour, value.minute, value.second]
        return f"datetime({', '.join(map(str, parts))})"
    if kind == "time":
        return f"time({value.hour}, {value.minute}, {value.second})"
    if kind == "list":
        return repr([str(v) for v in value])
    if kind == "enum":
        return f"{enum_class(frame, slot)}.{enum_member(str(value), slot.choices)}"
    return repr(str(value))
