"""A card's balance said after its limit, a purchase put on a card, and "a new one" of the thing just named."""

import datetime as dt

from tests.engine.extract.helpers import frame_slots

DAY = dt.date(2025, 10, 3)


def test_a_balance_said_in_the_next_clause_is_the_cards() -> None:
    got = frame_slots("Can you keep an eye on my credit card? It's the RBC Visa, limit is 3000 dollars, and after the "
                      "dentist bill the balance is sitting at 2450.", "Account", DAY)
    assert [(a["institution"], a["limit"], a["balance"]) for a in got] == [("RBC", "3000.00", "2450.00")]


def test_a_purchase_put_on_the_visa_and_a_new_one_of_the_thing_that_died() -> None:
    got = frame_slots("My old laptop finally died (the hinge snapped) so I bought a new one today, 899 dollars at Best Buy, "
                      "put it on the Visa.", "Purchase", DAY)
    assert [(p["item"], p["amount"], p["account"]) for p in got] == [("laptop", "899.00", "Visa")]


def test_someone_elses_card_is_not_the_purchases() -> None:
    got = frame_slots("Bought a new laptop today, 899 dollars at Best Buy, and my husband put it on the Amex.", "Purchase", DAY)
    assert all("account" not in p for p in got)
