"""The price of one unit of a purchase: said per unit, or a total over a count of units."""

from __future__ import annotations

from decimal import Decimal

from engine.extract.builders.base import Draft
from engine.extract.unit_price import unit_price, with_unit_prices


def test_a_price_said_per_unit_is_the_unit_price_and_the_count_is_kept() -> None:
    got = unit_price("Booked the Maven for three nights, $215 a night, right by the office.", Decimal("215"))
    assert got is not None and (got.unit, got.each, got.quantity) == ("night", Decimal("215"), 3)
    each = unit_price("Tickets for the gig, £85 each.", Decimal("85"))
    assert each is not None and each.unit == "item" and each.each == Decimal("85")
    head = unit_price("The tasting menu was €95 per person.", Decimal("95"))
    assert head is not None and head.unit == "person"


def test_a_total_over_a_count_of_units_is_divided() -> None:
    pair = unit_price("Two bottles of Barolo for the party. £58 for the pair.", Decimal("58"))
    assert pair is not None and (pair.unit, pair.each, pair.quantity) == ("bottle", Decimal("29.00"), 2)
    stay = unit_price("Four nights in the Northern Quarter. It was £560 for the lot.", Decimal("560"))
    assert stay is not None and (stay.unit, stay.each) == ("night", Decimal("140.00"))
    odd = unit_price("3 nights, $500 all in.", Decimal("500"))
    assert odd is not None and odd.each == Decimal("166.67")


def test_an_amount_for_one_thing_has_no_unit_price() -> None:
    assert unit_price("New running shoes, £89.", Decimal("89")) is None
    assert unit_price("A bag of ice for £1.50.", Decimal("1.50")) is None
    assert unit_price("Spent £40 on shoes.", Decimal("12")) is None  # the amount is not in these words
    # a count of something that is not a unit of what was paid for
    assert unit_price("Lunch with three friends, £60.", Decimal("60")) is None


def test_only_purchases_get_unit_prices_and_only_from_their_own_sentences() -> None:
    text = "Three bottles of Rioja, £51 altogether. And a bag of ice for £1.50."
    rioja = Draft("Purchase", "rioja", {"item": "Rioja", "amount": "51.00"}, (0, 39))
    ice = Draft("Purchase", "ice", {"item": "ice", "amount": "1.50"}, (40, len(text)))
    trip = Draft("Trip", "leeds", {"destination": "Leeds", "cost": "51.00"}, (0, 39))
    with_unit_prices([rioja, ice, trip], text)
    assert (rioja.slots["unit"], rioja.slots["unit_price"], rioja.slots["quantity"]) == ("bottle", "17.00", 3)
    assert "unit_price" not in ice.slots and "unit_price" not in trip.slots
