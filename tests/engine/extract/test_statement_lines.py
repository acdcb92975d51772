"""Charges read off a statement, even with surprise ("??") or as "a <name> payment of …"; an end the
user already arranged is no deadline; "since Christmas" is no renewal."""

import datetime as dt

from tests.engine.extract.helpers import frame_slots


def test_a_named_payment_of_an_amount_that_went_out_is_a_charge() -> None:
    got = frame_slots("Checking my bank app over breakfast and there's a FitZone payment of 39.99 that went out on 3 April. "
                      "Pretty sure I cancelled.", "Transfer", dt.date(2025, 4, 5))
    assert [(t["payee"], t["amount"], t["status"], t["date"]) for t in got] == [("FitZone", "39.99", "done", "2025-04-03")]


def test_a_known_service_on_a_statement_with_surprise_is_a_charge_not_a_renewal() -> None:
    day = dt.date(2026, 6, 5)
    text = "Going through the joint account statement. Tesco, Tesco, petrol... and Disney Plus £8.99 on the 2nd of June??"
    got = frame_slots(text, "Transfer", day)
    assert [(t["payee"], t["amount"], t["date"]) for t in got] == [("Disney+", "8.99", "2026-06-02")]
    assert frame_slots(text, "Subscription", day) == []


def test_a_question_about_the_statement_is_not_a_line_of_it() -> None:
    got = frame_slots("Looking at my bank statement. Should I cancel Spotify 11.99 before the 5th?", "Transfer", dt.date(2026, 6, 5))
    assert got == []


def test_an_end_the_user_arranged_by_cancelling_is_no_deadline() -> None:
    day = dt.date(2025, 3, 2)
    assert frame_slots("Cancelled my FitZone membership. The email says my membership ends 31 March, no more payments.",
                       "Deadline", day) == []
    assert [d["about"] for d in frame_slots("My lease ends 31 March and I need to find a new place.", "Deadline", day)] == ["lease"]


def test_since_a_holiday_is_not_when_a_subscription_renews() -> None:
    got = frame_slots("39.99 a month for a gym I went to twice since Christmas, embarrassing.", "Subscription", dt.date(2025, 3, 2))
    assert all("renewal" not in s for s in got)
