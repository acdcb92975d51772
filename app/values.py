"""How typed record values read on screen: dates as people read them (ISO in tooltips), money with
its currency, lists joined."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from engine.frames import FRAMES_BY_NAME
from engine.readable import day_words


def slot_kind(frame: str, slot: str) -> str:
    fr = FRAMES_BY_NAME.get(frame)
    if fr is None:
        return "str"
    try:
        return fr.slot(slot).kind
    except KeyError:
        return "str"


def format_value(value: Any, currency: str | None = None) -> str:
    if value is None:
        return ""
    if isinstance(value, dt.datetime):
        return value.strftime("%Y-%m-%d %H:%M")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, Decimal):
        text = f"{value:,.2f}"
        return f"{text} {currency}" if currency else text
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def sort_key(value: Any) -> tuple[int, Any]:
    """Order mixed typed values: empty last, then by type, then by value."""
    if value is None:
        return (9, "")
    if isinstance(value, dt.date):
        return (1, value.isoformat())
    if isinstance(value, Decimal | int | float):
        return (0, float(value))
    return (2, format_value(value).casefold())


def human_date(day: dt.date, today: dt.date | None = None) -> str:
    """"Fri 21 Feb 2025 · in 48 days" (see :func:`engine.readable.day_words`)."""
    return day_words(day, today)


def display_value(value: Any, currency: str | None = None, today: dt.date | None = None) -> str:
    """What a table cell shows: like :func:`format_value`, but dates in words."""
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return human_date(value, today)
    return format_value(value, currency)
