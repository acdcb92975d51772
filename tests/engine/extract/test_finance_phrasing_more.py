"""Classes of money phrasings read the same way whatever the words: who is paid after any tense of a payment verb,
money that comes to the user, pronoun payees, whole-number limits and balances, several accounts or services in one
clause each with its own sum or verb, subscriptions dropped, paused or re-planned, and renewals said in a past clause."""

from __future__ import annotations

import datetime as dt

import pytest

from .helpers import Log, frame_slots, one_frame

WED = dt.date(2026, 3, 4)


def _facts(text: str, frame: str, today: dt.date = WED) -> list[dict]:
    return frame_slots(text, frame, today)


def _one(text: str, frame: str, today: dt.date = WED) -> dict:
    return one_frame(text, frame, today)


# -- transfers: the first object of a payment verb is paid, in any tense --------------------------------------------


@pytest.mark.parametrize("text, payee, amount", [
    ("I owe Sam $60 for dinner", "Sam", "60.00"),
    ("owe Jess 25 for the cab", "Jess", "25.00"),
    ("e-transferred Jamal 80 for the hockey tickets", "Jamal", "80.00"),
    ("I zelled Kim 35 for the uber", "Kim", "35.00"),
    ("Sent mom 500 via Western Union", "mom", "500.00"),
    ("send the school $350 for the trip", "school", "350.00"),
    ("paid the dog walker $90", "dog walker", "90.00"),
    ("wire 12,000 to the builder next week", "builder", "12000.00"),
])
def test_the_first_object_of_a_payment_verb_is_the_payee(text: str, payee: str, amount: str) -> None:
    t = _one(text, "Transfer")
    assert t["payee"] == payee and t["amount"] == amount and t["subject"] == "me"


def test_a_possessive_thing_before_the_sum_is_what_is_paid_for_not_who() -> None:
    t = _one("Need to send my son's fees, 900 € to the college by May 2", "Transfer")
    assert t["payee"] == "college" and t["amount"] == "900.00" and t["date"] == "2026-05-02"


@pytest.mark.parametrize("text", ["got my sister to send me 50", "pay me back 40 tomorrow pls", "my brother owes me 200"])
def test_money_coming_to_the_user_is_not_a_transfer(text: str) -> None:
    assert _facts(text, "Transfer") == []


def test_him_after_a_payment_verb_is_the_one_name_said_before() -> None:
    t = _one("splitting the hotel with Ben, I owe him 220", "Transfer")
    assert t["payee"] == "Ben" and t["amount"] == "220.00"


def test_each_of_them_owes_one_transfer_per_name() -> None:
    got = _facts("split the cabin with Leah and Omar, I owe each of them £140", "Transfer")
    assert sorted(t["payee"] for t in got) == ["Leah", "Omar"]
    assert all(t["amount"] == "140.00" and t["currency"] == "GBP" for t in got)


def test_a_payment_that_went_through_is_done() -> None:
    t = _one("the transfer to my mum of £300 went through", "Transfer")
    assert t["status"] == "done" and t["payee"] == "mum"


def test_a_wired_payment_with_a_weekday_is_the_past_one() -> None:
    t = _one("wired 4,500 CAD to the contractor on monday", "Transfer", dt.date(2026, 5, 20))
    assert t["date"] == "2026-05-18" and t["status"] == "done" and t["currency"] == "CAD"


def test_a_request_from_someone_for_a_sum_names_the_asker() -> None:
    t = _one("Venmo request from Priya for $38 (uber)", "Transfer")
    assert t["requested_by"] == "Priya" and t["payee"] == "Priya" and t["status"] == "requested"


def test_a_verb_ends_the_payee_phrase() -> None:
    assert _one("the payment to the roofer is scheduled for next Tuesday, $2,800", "Transfer")["payee"] == "roofer"


def test_the_account_money_leaves_from() -> None:
    t = _one("Transferred 2,500 from checking to my Ally savings", "Transfer")
    assert t["amount"] == "2500.00" and t["account"] == "checking" and t["payee"] == "Ally savings"


def test_a_person_paid_back_with_no_sum_is_done() -> None:
    t = _one("Paid Ana back, all square now", "Transfer")
    assert t["payee"] == "Ana" and t["status"] == "done"


def test_a_cancelled_direct_debit_needs_no_sum() -> None:
    t = _one("cancelled the direct debit to the gym", "Transfer")
    assert t["payee"] == "gym" and t["status"] == "cancelled"


# -- accounts: whole-number limits and balances, lower-case banks, several accounts per clause -----------------------


def test_a_lower_case_bank_before_limit_is_an_account_not_a_preference() -> None:
    facts = Log().say("chase limit is now 10k", WED)
    assert [f.frame for f in facts] == ["Account"]
    assert facts[0].slots["institution"] == "Chase" and facts[0].slots["limit"] == "10000.00"
    assert facts[0].slots["kind"] == "credit_card"


@pytest.mark.parametrize("text, slot, value", [
    ("my amex limit is 8000 now", "limit", "8000.00"),
    ("HSBC card limit was cut to 2000", "limit", "2000.00"),
    ("my Capital One balance is at 2,100", "balance", "2100.00"),
    ("I have 12,400 in my Schwab brokerage", "balance", "12400.00"),
    ("Chase checking is down to $212", "balance", "212.00"),
    ("Student loan with Navient: 12,000 left to pay", "balance", "12000.00"),
])
def test_a_sum_said_of_an_account_is_its_limit_or_balance(text: str, slot: str, value: str) -> None:
    assert _one(text, "Account")[slot] == value


def test_a_sum_before_its_bank_stays_with_that_bank() -> None:
    got = {a["institution"]: a for a in _facts("there's about 3200 left in savings at Ally and 14k in my Schwab brokerage", "Account")}
    assert got["Ally"]["balance"] == "3200.00" and got["Ally"]["kind"] == "savings"
    assert got["Schwab"]["balance"] == "14000.00" and got["Schwab"]["kind"] == "brokerage"


def test_a_joint_account_is_an_everyday_account() -> None:
    assert _one("the joint account at Chase has about 6k in it", "Account")["kind"] == "checking"


def test_a_sum_put_on_a_card_is_not_its_balance() -> None:
    assert "balance" not in _one("put 500 on the Chase card for flights", "Account")


# -- subscriptions --------------------------------------------------------------------------------------------------


def test_each_service_with_its_own_verb_keeps_its_own_status_and_price() -> None:
    got = {s["service"]: s for s in _facts("Cancelled Audible and signed up for Spotify at $10.99", "Subscription")}
    assert got["Audible"]["status"] == "cancelled" and "amount" not in got["Audible"]
    assert got["Spotify"]["amount"] == "10.99" and "status" not in got["Spotify"]


def test_services_sharing_one_verb_share_its_status() -> None:
    got = _facts("cancelled Hulu and Peacock", "Subscription")
    assert sorted(s["service"] for s in got) == ["Hulu", "Peacock"] and all(s["status"] == "cancelled" for s in got)


@pytest.mark.parametrize("text", ["ditched my Audible", "dropped Hulu last week", "turned off auto renew on Hulu"])
def test_a_service_dropped_is_cancelled(text: str) -> None:
    assert _one(text, "Subscription")["status"] == "cancelled"


def test_a_paused_subscription_is_kept_and_the_pause_end_is_no_renewal() -> None:
    s = _one("paused my HelloFresh deliveries until may", "Subscription")
    assert s["service"] == "HelloFresh" and "renewal" not in s and "status" not in s


@pytest.mark.parametrize("text, amount", [
    ("Netflix charges me 15.49 every month", "15.49"),
    ("downgraded Netflix to basic, 6.99 now", "6.99"),
])
def test_a_recurring_charge_or_plan_change_states_the_price(text: str, amount: str) -> None:
    assert _one(text, "Subscription")["amount"] == amount


def test_a_bare_renewal_day_in_a_past_clause_is_the_next_charge() -> None:
    s = _one("started a free trial of Peacock, it converts to paid on the 9th", "Subscription", dt.date(2026, 2, 18))
    assert s["renewal"] == "2026-03-09"


def test_a_renewal_said_to_have_happened_stays_in_the_past() -> None:
    assert _one("Netflix renewed on the 2nd", "Subscription")["renewal"] == "2026-03-02"


@pytest.mark.parametrize("text", ["if Netflix goes up again I'm definitely cancelling", "I might cancel Hulu"])
def test_a_threatened_cancellation_states_nothing(text: str) -> None:
    assert _facts(text, "Subscription") == []
