"""Two values read from the passages, combined by code: "the flights plus the tyres", "how much
less is the new rent", "how many days after he was born did we fly".

The question's own arithmetic words name the operation; the model only copies the two spans, each
of which must stand in a passage; each value is parsed by the deterministic money, number and date
parsers (a date read as of the day its passage was said), and the arithmetic is done here.
Anything that does not parse, or two amounts in different currencies, is not an answer.
"""

from __future__ import annotations

import re
from decimal import Decimal

from engine.ask.recall import Passage, date_of

_DAYS = re.compile(r"\bhow\s+(?:many\s+(?:days|weeks)|long)\b.*\b(?:after|before|between)\b", re.I)
_AMOUNT = re.compile(r"\bhow\s+much\b|\b(?:cost|costs|come\s+to|came\s+to|spend|spent|pay|paid|total|amount)\b", re.I)
_ADD = re.compile(r"\b(?:together|altogether|combined|in\s+total|plus|both\s+cost|add(?:ed)?\s+up)\b", re.I)
_SUBTRACT = re.compile(r"\bhow\s+(?:much|many|far)\s+(?:less|more|cheaper|over|under|higher|lower)\b|"
                       r"\bby\s+how\s+much\b|\bhow\s+much\s+did\s+.*\bsave\b|\bhow\s+much\b.*\bdifference\b", re.I)
SYMBOLS = {"USD": "$", "GBP": "£", "EUR": "€"}
_NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\w])")


def operation(question: str) -> str | None:
    """The arithmetic a question asks of two values, in the words arithmetic is asked in: "the days
    between / how long after" (days_between), "together / in total / plus" (add), "how much less /
    by how much / how much did we save" (subtract); None for a question after one value."""
    if _DAYS.search(question):
        return "days_between"
    if _SUBTRACT.search(question):
        return "subtract"
    if _ADD.search(question) and _AMOUNT.search(question):  # "together" alone is company, not a sum
        return "add"
    return None


def combined(op: str, first: tuple[str, Passage], second: tuple[str, Passage], past: bool | None,
             *, weeks: bool = False) -> str | None:
    """The combination as a person reads it ("£300", "52 days", "3 weeks"), or None when a value is
    missing: a span that names no date, two amounts in different currencies or units."""
    if first == second:
        return None  # the same words twice are one value
    if op == "days_between":
        a, b = date_of(*first, past, said_day=False), date_of(*second, past, said_day=False)
        if a is None or b is None:
            return None
        days = abs((b - a).days)
        if weeks:
            n = round(days / 7, 1)
            return f"{n:g} week" if n == 1 else f"{n:g} weeks"
        return f"{days} day" if days == 1 else f"{days} days"
    x, y = _amount(first[0]), _amount(second[0])
    if x is None or y is None or (x[1] and y[1] and x[1] != y[1]):
        return None
    total = x[0] + y[0] if op == "add" else abs(x[0] - y[0])
    return _money(total, x[1] or y[1])


def _amount(span: str) -> tuple[Decimal, str] | None:
    """The span's amount (signed) and its currency, or for a bare number its unit word ("km")."""
    from engine.extract.money import find_money

    sign = -1 if span.lstrip().startswith(("-", "−")) else 1
    money = find_money(span, 0, len(span))
    if money:
        return sign * Decimal(str(money[0].value)), str(money[0].attrs.get("currency") or "")
    m = _NUMBER.search(span)
    if m is None:
        return None
    value = Decimal(m.group(1).replace(",", "") + (f".{m.group(2)}" if m.group(2) else ""))
    unit = re.match(r"\s*([a-z]+)", span[m.end():], re.I)
    return sign * value, (unit.group(1).lower().removesuffix("s") if unit else "")


def _money(value: Decimal, currency: str) -> str:
    text = f"{value:,.2f}".removesuffix(".00")
    if not currency:
        return text
    symbol = SYMBOLS.get(currency)
    if symbol:
        return f"-{symbol}{text[1:]}" if text.startswith("-") else f"{symbol}{text}"
    return f"{text} {currency}"
