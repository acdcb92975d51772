"""Bills: the payment a bill asks for, how it was set up, and a second way of paying it later."""

from __future__ import annotations

import datetime as dt

from engine.extract.builders.bills import bills
from tests.engine.extract.helpers import Log

DAY = dt.date(2026, 5, 12)


def test_a_bill_and_how_it_will_be_paid() -> None:
    text = ("Adulting day. The county property tax bill came, $3,120 for the first half, due June 1. I set it up through "
            "the county's online portal to come out of our savings account on May 29. Also paid the water bill, 64 bucks.")
    [d] = bills(text, DAY, [])
    assert d.slots == {"payee": "county property tax", "amount": "3120.00", "currency": "USD", "status": "requested",
                       "date": "2026-05-29", "account": "savings account", "requested_by": "me"}


def test_a_bill_with_only_its_due_date() -> None:
    [d] = bills("The electric bill came in, $142, due the 15th.", DAY, [])
    assert (d.slots["payee"], d.slots["amount"], d.slots["date"]) == ("electric", "142.00", "2026-05-15")


def test_no_bill_without_an_amount_or_a_kind() -> None:
    assert bills("The bill came, ugh.", DAY, []) == []
    assert bills("The phone bill came, $40.", DAY, []) == []  # "phone" alone is kept out: too often a device


def test_a_check_for_the_same_bill_is_a_second_payment_not_a_change() -> None:
    log = Log()
    log.say("The county property tax bill came, $3,120, due June 1. I set it up to come out of our savings account on May 29.", DAY)
    later = log.say("I told Mark to just write a check for the property tax, the 3120 one, and drop it off on Saturday.",
                    dt.date(2026, 5, 22))
    [t] = [f for f in later if f.frame == "Transfer"]
    assert (t.slots["account"], t.slots["amount"], t.slots["date"], t.supersedes) == ("check", "3120.00", "2026-05-23", ())


def test_a_different_sum_for_the_same_payee_is_not_a_second_payment() -> None:
    log = Log()
    log.say("The county property tax bill came, $3,120, due June 1. I set it up to come out of our savings account on May 29.", DAY)
    later = log.say("I need to write a check for the property tax penalty, 40 dollars.", dt.date(2026, 5, 22))
    assert not [f for f in later if f.frame == "Transfer" and f.slots.get("amount") == "3120.00"]
