"""What one unit of a purchase cost: "$215 a night", "two bottles of Barolo, £58 for the pair".

A cap per night, per person or per bottle is about the price of one unit, while a message may give
either that price ("£180 a night") or a total with a count ("three nights, £510 in all"). Code reads
which from the words around the amount in the record's own sentences; the model never computes it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from engine.extract.builders.base import Draft
from engine.extract.dates import NUMBER_WORDS
from engine.extract.money import find_money

# units a price is said per, and the name a rule compares ("person" covers heads, seats and tickets): the
# finance terms the rule packs read too, so a cap "per head" and a price "per seat" meet
UNITS: dict[str, str] = json.loads((Path(__file__).resolve().parents[2] / "resources" / "rules" / "finance_terms.json")
                                   .read_text(encoding="utf-8"))["units"]
_UNIT = "|".join(sorted(map(re.escape, UNITS), key=len, reverse=True))
_COUNTS = {k: v for k, v in NUMBER_WORDS.items() if k not in ("a", "an", "a few")}
_COUNT = r"(?P<n>\d{1,3}|" + "|".join(sorted(map(re.escape, _COUNTS), key=len, reverse=True)) + r")"
# "$215 a night", "£20/bottle", "€45 per person", "30 each" (each: per item)
_PER = re.compile(r"\s*(?:a|an|per|each|every|/)\s*(?P<u>" + _UNIT + r")\b|\s+(?P<each>each|apiece|a\s+pop)\b", re.I)
# "three nights", "2 bottles of Rioja", "a couple of tickets"
_COUNTED = re.compile(r"\b" + _COUNT + r"[\s-]+(?:(?!(?:for|on|at|in|to|per|a|an|of|each|every)\b)[^\W\d]+\s+)?(?P<u>" + _UNIT + r")\b"
                      r"(?![\s-]+(?:bottles?|bags?|boxes|packs?)\b)", re.I)
# "for the pair", "for the two", "for both", "for the lot", "altogether", "in total": an amount that covers them all
_TOTAL = re.compile(r"\b(?:for\s+(?:the\s+)?(?:pair|lot|both|two|three|four|five|six|all(?:\s+of\s+them)?|set)|for\s+(?:all|both)\b|"
                    r"altogether|all\s+in|in\s+total|total(?:led)?|all\s+up|the\s+lot|came\s+to|for\s+the\s+(?:stay|week|trip))\b", re.I)


@dataclass(frozen=True)
class UnitPrice:
    """One unit's price; ``quantity`` when the message counts the units."""

    unit: str  # night, person, bottle, item...
    each: Decimal
    quantity: int | None = None


def unit_price(text: str, amount: Decimal) -> UnitPrice | None:
    """The price of one unit when ``text`` (the record's sentences) says it; ``None`` when the amount is
    simply what was paid for one thing."""
    money = find_money(text, 0, len(text))
    spots = [m for m in money if Decimal(m.value) == amount]
    if not spots:
        return None
    counted = [(m, UNITS[m.group("u").lower()], _count(m.group("n"))) for m in _COUNTED.finditer(text)
               if not any(x.start < m.end() and m.start() < x.end for x in money)]  # "95 a night" counts nothing
    counted = [(m, u, n) for m, u, n in counted if n]
    for spot in spots:
        unit = unit_after(text, spot.end)
        if unit is not None:
            quantity = next((n for _, u, n in counted if u == unit), None)
            return UnitPrice(unit, amount, quantity)
    for spot in spots:
        # a count of units and an amount in the same record, the amount said to cover them all or the count
        # naming what was bought ("three nights at the Queens ... £510", "two bottles of Barolo ... £58 for the pair")
        near = sorted(counted, key=lambda c: abs(c[0].start() - spot.start))
        if not near:
            continue
        m, unit, n = near[0]
        # only a count tied to the amount: a word saying the amount covers them all, or "£510 for 3 nights"
        covers = _TOTAL.search(text, max(0, spot.start - 40), min(len(text), spot.end + 40)) is not None \
            or re.match(r"\s+for\s+(?:the\s+)?$", text[spot.end : m.start()] + " ") is not None
        if n >= 2 and covers:
            each = (amount / n).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
            return UnitPrice(unit, each, n)
    return None


def unit_after(text: str, end: int) -> str | None:
    """The unit an amount ending at ``end`` is said per ("£20 a bottle" -> bottle), or None."""
    per = _PER.match(text, end)
    if per is None:
        return None
    return UNITS[per.group("u").lower()] if per.group("u") else "item"


def _count(word: str) -> int | None:
    """A count in digits or words ("3", "three", "a couple of")."""
    word = word.lower()
    if word.isdigit():
        return int(word)
    return _COUNTS.get(re.sub(r"\s+", " ", word))


# the amount slot of each frame that has a price per unit; a trip is priced only per night, head or room
PRICED = {"Purchase": "amount", "Trip": "cost"}
_TRIP_UNITS = ("night", "person", "room")
_FARE = re.compile(r"\b(?:flights?|fares?|tickets?|trains?|bus|coach|ferry|plane|airline|return)\b", re.I)


def with_unit_prices(drafts: list[Draft], text: str) -> list[Draft]:
    """Purchases and trips get ``unit``, ``unit_price`` and ``quantity`` when their sentences give them."""
    for d in drafts:
        amount = d.slots.get(PRICED.get(d.frame, ""))
        if not amount or "unit_price" in d.slots:
            continue
        try:
            found = unit_price(text[d.span[0] : d.span[1]], Decimal(str(amount)))
            if found is None and d.frame == "Trip":  # a cost said after the booking's sentence: "… the hotel is the Maven, $215 a night"
                found = next((u for a, b in _sentences_saying(text, Decimal(str(amount))) if (u := unit_price(text[a:b], Decimal(str(amount))))
                              and u.unit in _TRIP_UNITS and not (u.quantity and _FARE.search(text, a, b))), None)
        except ArithmeticError:
            continue
        if found is None or (d.frame == "Trip" and (found.unit not in _TRIP_UNITS or (
                found.quantity and _FARE.search(text, d.span[0], d.span[1])))):
            continue  # a trip's total over its nights only when no fare is in the same words
        d.slots["unit"] = found.unit
        d.slots["unit_price"] = str(found.each)
        if found.quantity:
            d.slots["quantity"] = found.quantity
    return drafts


def _sentences_saying(text: str, amount: Decimal) -> list[tuple[int, int]]:
    """The sentences of ``text`` that state ``amount`` as money."""
    from engine.extract.segment import sentences

    return [(a, b) for a, b in sentences(text) if any(m.value is not None and Decimal(str(m.value)) == amount for m in find_money(text, a, b))]
