"""The price of one unit of a purchase: said per unit, or a total over a count of units."""

from __future__ import annotations

from decimal import Decimal

import pytest

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


def test_purchases_and_stays_get_unit_prices_from_their_own_sentences() -> None:
    text = "Three bottles of Rioja, £51 altogether. And a bag of ice for £1.50."
    rioja = Draft("Purchase", "rioja", {"item": "Rioja", "amount": "51.00"}, (0, 39))
    ice = Draft("Purchase", "ice", {"item": "ice", "amount": "1.50"}, (40, len(text)))
    trip = Draft("Trip", "leeds", {"destination": "Leeds", "cost": "51.00"}, (0, 39))
    with_unit_prices([rioja, ice, trip], text)
    assert (rioja.slots["unit"], rioja.slots["unit_price"], rioja.slots["quantity"]) == ("bottle", "17.00", 3)
    assert "unit_price" not in ice.slots and "unit_price" not in trip.slots  # a trip is not priced by the bottle
    stay_text = "Leeds trip is sorted. Three nights at the Queens. Total came to £510 with breakfast."
    stay = Draft("Trip", "leeds", {"destination": "Leeds", "cost": "510.00"}, (0, len(stay_text)))
    with_unit_prices([stay], stay_text)
    assert (stay.slots["unit"], stay.slots["unit_price"], stay.slots["quantity"]) == ("night", "170.00", 3)


def test_a_trips_fare_is_not_divided_into_nights() -> None:
    text = "Lisbon is booked, 3 nights in Alfama. Flights were £600 for both of us."
    trip = Draft("Trip", "lisbon", {"destination": "Lisbon", "cost": "600.00"}, (0, len(text)))
    with_unit_prices([trip], text)
    assert "unit_price" not in trip.slots
    said = "Lisbon is booked, flights and all. The flat is €95 a night."
    priced = Draft("Trip", "lisbon", {"destination": "Lisbon", "cost": "95.00"}, (0, len(said)))
    with_unit_prices([priced], said)
    assert priced.slots["unit"] == "night" and priced.slots["unit_price"] == "95.00"


@pytest.mark.parametrize(("text", "amount"), [
    ("Spent $60 on bottles of wine for the party.", "60"),  # the amount's own digits count nothing
    ("Paid £90 for tickets to the show.", "90"),
    ("Bought a 4-person tent for £150.", "150"),  # a count not tied to the amount
    ("Stayed 2 nights in Paris and spent £300 on a new jacket.", "300"),
    ("Three nights in Rome; dinner was €80.", "80"),
    ("Got a 2 litre bottle of coke for £2.", "2"),
])
def test_a_count_the_amount_does_not_cover_divides_nothing(text: str, amount: str) -> None:
    got = unit_price(text, Decimal(amount))
    assert got is None or got.quantity is None, got


def test_a_price_per_unit_is_not_its_own_count() -> None:
    got = unit_price("The room is $180 a night, breakfast extra.", Decimal("180"))
    assert got is not None and got.unit == "night" and got.quantity is None
    stay = unit_price("The hotel was £510 for 3 nights.", Decimal("510"))
    assert stay is not None and (stay.each, stay.quantity) == (Decimal("170.00"), 3)
