"""Services no table lists, and charges read off a statement, become typed records."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.extract.builders.services import statement_charges, unknown_subscriptions
from tests.engine.extract.helpers import Log


def test_a_cancelled_service_no_table_knows() -> None:
    text = ("Cancelled CineBox today, I've barely watched anything on it. It said my access runs until May 31 and I "
            "won't be charged again. That's $15.99 a month back in my pocket.")
    [d] = unknown_subscriptions(text, [])
    assert (d.frame, d.slots["service"], d.slots["status"], d.slots["amount"]) == ("Subscription", "CineBox", "cancelled", "15.99")


@pytest.mark.parametrize(
    "text",
    [
        "Cancelled dinner with Priya tonight, too tired.",  # nothing recurring, no name
        "Cancelled Mark's party invite, sorry, it's a monthly thing.",  # a person
        "Joined Greenfield Running Club last week, so fun.",  # no recurring charge said
    ],
)
def test_no_subscription_without_a_service_and_a_recurring_charge(text: str) -> None:
    assert unknown_subscriptions(text, []) == []


def test_pairs_read_off_a_statement_are_charges() -> None:
    text = ("Going through my bank app because rent just came out. Let's see: rent, Spotify 11.99, CineBox 15.99 on the 5th, "
            "and a $22 parking ticket.")
    got = [(d.slots["payee"], d.slots["amount"], d.slots.get("date")) for d in statement_charges(text, dt.date(2026, 6, 8), [])]
    assert got == [("Spotify", "11.99", None), ("CineBox", "15.99", "2026-06-05")]


def test_no_charges_without_a_statement() -> None:
    assert statement_charges("Version 2.10 of Firefox 3.15 is out.", dt.date(2026, 6, 8), []) == []


def test_a_charge_after_the_cancellation_is_logged_against_the_service() -> None:
    log = Log()
    log.say("Cancelled CineBox today. I won't be charged again, that's $15.99 a month saved.", dt.date(2026, 5, 3))
    later = log.say("Checking my card statement: Spotify 11.99, CineBox 15.99 on the 5th.", dt.date(2026, 6, 8))
    [t] = [f for f in later if f.frame == "Transfer" and f.slots.get("payee") == "CineBox"]
    assert (t.slots["amount"], t.slots["date"], t.slots["status"]) == ("15.99", "2026-06-05", "done")


def test_a_statement_charge_keeps_its_month_and_day() -> None:
    text = "Looking at my statement: FitPulse $12.99 on July 3, groceries, the electric bill."
    [d] = statement_charges(text, dt.date(2026, 7, 20), [])
    assert (d.slots["payee"], d.slots["date"]) == ("FitPulse", "2026-07-03")  # before a cancellation on the 10th: no alert
