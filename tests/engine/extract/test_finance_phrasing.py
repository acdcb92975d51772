"""Money phrasings people use that the finance builders must read the same way: who is paid vs whose
bank it is, who asked, changed instructions with no amount, card limits and balances, card charges,
restaurant and grocery spending with a category, subscription prices and renewals, and near misses."""

from __future__ import annotations

import datetime as dt

import pytest

from .helpers import Log

WED = dt.date(2025, 3, 12)


def _facts(text: str, frame: str, today: dt.date = WED, log: Log | None = None) -> list[dict]:
    return [{**f.slots, "subject": f.subject} for f in (log or Log()).say(text, today) if f.frame == frame]


def _one(text: str, frame: str, today: dt.date = WED, log: Log | None = None) -> dict:
    got = _facts(text, frame, today, log)
    assert len(got) == 1, got
    return got[0]


# -- transfers: the payee is the person, the bank is where the money goes --------------------------


@pytest.mark.parametrize("text, asker", [
    ("my landlord texted asking me to send the deposit, $1,200, to his Barclays account ending 2210 by friday", "landlord"),
    ("Landlord asked me to pay the deposit of $1,200 to his Barclays account ending 2210", "landlord"),
    ("Got an email from my landlord: pay the $1,200 deposit into his HSBC account ending 2210", "landlord"),
])
def test_the_asker_is_paid_into_their_own_account(text: str, asker: str) -> None:
    t = _one(text, "Transfer")
    assert t["payee"] == asker and t["requested_by"] == asker and t["account"] == "2210"
    assert t["amount"] == "1200.00" and t["status"] == "requested" and t["subject"] == "me"


def test_a_relation_is_named_as_said() -> None:
    t = _one("Mum's asked me to transfer £250 to her Nationwide account for the holiday cottage", "Transfer")
    assert t["payee"] == "mum" and t["requested_by"] == "mum" and t["account"] == "Nationwide"


@pytest.mark.parametrize("follow_up", [
    "Landlord just emailed again, now he wants the deposit paid into a different account ending 9987",
    "Got a text from the landlord saying pay it into a new account ending 9987 instead",
    "the landlord says the account is now ending in 9987",
])
def test_new_bank_details_change_the_same_transfer(follow_up: str) -> None:
    log = Log()
    log.say("Landlord asked me to pay the deposit of $1,200 to his Barclays account ending 2210", WED)
    (new,) = [f for f in log.say(follow_up, WED + dt.timedelta(days=2)) if f.frame == "Transfer"]
    assert new.slots["account"] == "9987" and new.slots["payee"] == "landlord" and new.supersedes


def test_a_changed_amount_from_another_relative_is_a_transfer() -> None:
    t = _one("Mom says to send Rosa 800, not 500", "Transfer")
    assert t["payee"] == "Rosa" and t["amount"] == "800.00" and t["requested_by"] == "mom"


def test_someone_speaking_for_the_payee_is_the_asker() -> None:
    t = _one("Someone from Hartwell's accounts team called asking me to pay the $12,400 today to a different account", "Transfer")
    assert t["payee"] == "Hartwell" and t["account"] == "different account" and t["requested_by"].startswith("Hartwell")


def test_an_invoice_is_a_payment_to_make() -> None:
    t = _one("Hartwell Logistics invoice: $12,400, due on the 30th", "Transfer", dt.date(2025, 5, 5))
    assert t["payee"] == "Hartwell Logistics" and t["date"] == "2025-05-30" and t["status"] == "requested"


@pytest.mark.parametrize("text, payee, account", [
    ("paid the vet bill $310 on the Amex", "vet", "Amex"),
    ("Just put a $1,100 flight on the Chase card", "flight", "Chase card"),
    ("set up the council tax direct debit, £160 a month from my Barclays account", "council tax", "Barclays"),
])
def test_payments_from_a_card_or_account(text: str, payee: str, account: str) -> None:
    t = _one(text, "Transfer")
    assert t["payee"] == payee and t["account"] == account


def test_the_bank_paid_is_not_also_the_account() -> None:
    t = _one("paid the last 600€ of the car loan to Santander", "Transfer")
    assert t["payee"] == "Santander" and "account" not in t


# -- accounts ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, limit, balance", [
    ("Chase Sapphire limit is $5,000 and I'm at $4,200 on it", "5000.00", "4200.00"),
    ("Amex statement came: balance 4,870 on a 5k limit. yikes", "5000.00", "4870.00"),
    ("my Visa card limit is $3,000 and I've already got about $2,650 on it", "3000.00", "2650.00"),
])
def test_card_limit_and_balance(text: str, limit: str, balance: str) -> None:
    a = _one(text, "Account")
    assert a["limit"] == limit and a["balance"] == balance and a["kind"] == "credit_card"


def test_a_bank_the_table_does_not_know() -> None:
    a = _one("opened a high yield savings with Marcus, put 10 grand in", "Account")
    assert a["institution"] == "Marcus" and a["kind"] == "savings" and a["balance"] == "10000.00" and a["status"] == "open"


def test_moving_to_another_bank_names_it() -> None:
    got = _facts("Closed my old Barclays current account today, everything moved to Monzo", "Account")
    assert [(a["institution"], a.get("status")) for a in got] == [("Barclays", "closed"), ("Monzo", None)]


# -- purchases: eating out and food shops -----------------------------------------------------------


@pytest.mark.parametrize("text, item, vendor, amount, date, category", [
    ("dinner at Nobu came to $340 last night", "dinner", "Nobu", "340.00", "2025-03-11", "restaurant"),
    ("dropped 320 bucks at the steakhouse for Dave's birthday", "meal", "steakhouse", "320.00", "2025-03-12", "restaurant"),
    ("brunch at the Ivy this morning set us back £112", "brunch", "The Ivy", "112.00", "2025-03-12", "restaurant"),
    ("grocery run at Aldi was 143.20 euros, prices are insane", "groceries", "Aldi", "143.20", "2025-03-12", "groceries"),
    ("lunch with the team at Dishoom, I covered it, £186", "lunch", "Dishoom", "186.00", "2025-03-12", "restaurant"),
])
def test_eating_out_is_a_purchase_with_a_category(text: str, item: str, vendor: str, amount: str, date: str, category: str) -> None:
    p = _one(text, "Purchase")
    assert (p.get("item"), p["vendor"], p["amount"], p["date"], p["category"]) == (item, vendor, amount, date, category)


def test_a_shop_gives_its_category() -> None:
    p = _one("Bought a Samsung TV at Costco for $899 yesterday, they give you 90 days to return it", "Purchase")
    assert p["category"] == "electronics" and p["date"] == "2025-03-11" and p["return_by"] == "2025-06-09"


# -- subscriptions ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text, service, amount, renewal", [
    ("Hulu is $7.99/mo, next charge on the 14th", "Hulu", "7.99", "2025-03-14"),
    ("netflix is 15.49 monthly, billed on the 3rd", "Netflix", "15.49", "2025-04-03"),
    ("youtube premium is 13.99 billed on the 20th", "YouTube Premium", "13.99", "2025-03-20"),
    ("annual plan for Headspace renews 3rd november, 50 quid", "Headspace", "50.00", "2025-11-03"),
])
def test_subscription_prices_and_renewals(text: str, service: str, amount: str, renewal: str) -> None:
    s = _one(text, "Subscription")
    assert (s["service"], s["amount"], s["renewal"]) == (service, amount, renewal)


def test_a_named_gym_wins_over_the_generic_membership() -> None:
    s = _one("I cancelled the gym membership at PureGym, last day March 31", "Subscription")
    assert s["service"] == "PureGym" and s["status"] == "cancelled"


def test_paying_a_service_bill_is_a_payment_not_a_price() -> None:
    t = _one("Paid the Hulu bill $17.99 today", "Transfer")
    assert t["payee"] == "Hulu" and t["status"] == "done"
    assert _facts("Paid the Hulu bill $17.99 today", "Subscription") == []


# -- near misses ------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "if I bought the $2,000 laptop now I'd have nothing left for rent",
    "wish I could afford a dinner at Nobu, it's like $300 a head",
    "thinking about opening a Roth IRA with Vanguard at some point",
    "should I cancel Netflix? I barely use it",
    "how much is Disney+ a month these days?",
])
def test_hypotheticals_and_questions_state_no_money_fact(text: str) -> None:
    got = [f for f in Log().say(text, WED) if f.frame in ("Purchase", "Transfer", "Account", "Subscription")]
    assert got == []


# -- more phrasings of the same classes ---------------------------------------------------------------


def test_a_second_sum_still_due_is_a_second_transfer() -> None:
    got = _facts("Paid the deposit for the wedding venue: $3,000, the remaining $9,000 is due March 1", "Transfer")
    assert [(t["amount"], t["status"], t.get("date")) for t in got] == [
        ("3000.00", "done", "2025-03-12"), ("9000.00", "requested", "2025-03-01")]
    assert {t["payee"] for t in got} == {"wedding venue"}


@pytest.mark.parametrize("text, payee, amount, status", [
    ("the plumber charged us $240 for the boiler", "plumber", "240.00", "done"),
    ("The gas company wants 340 by Friday", "gas company", "340.00", "requested"),
    ("the roofer's invoice came in at $4,800, due end of the month", "roofer", "4800.00", "requested"),
    ("gotta pay the babysitter 80 tonight", "babysitter", "80.00", "requested"),
    ("transfered 2k to savings", "savings", "2000.00", "done"),
    ("moved 500 into my ISA", "ISA", "500.00", "done"),
    ("Paid Jake back the 60 I owed him", "Jake", "60.00", "done"),
])
def test_payments_said_loosely(text: str, payee: str, amount: str, status: str) -> None:
    t = _one(text, "Transfer")
    assert (t["payee"], t["amount"], t["status"]) == (payee, amount, status)


def test_a_charge_after_a_believed_cancellation_is_a_payment() -> None:
    t = _one("just got charged $139 for Amazon Prime again, thought I cancelled", "Transfer")
    assert t["payee"] == "Amazon Prime" and t["amount"] == "139.00" and t["status"] == "done"
    assert _facts("just got charged $139 for Amazon Prime again, thought I cancelled", "Subscription") == []


@pytest.mark.parametrize("text, service, status, amount", [
    ("We're not renewing the Hulu subscription", "Hulu", "cancelled", None),
    ("netflx went up to 19.99 a month", "Netflix", None, "19.99"),
    ("the gym is 35 a month but I never go", "gym", None, "35.00"),
    ("My son's Xbox Game Pass renews on July 3rd, 16.99", "Xbox Game Pass", None, "16.99"),
])
def test_subscriptions_said_loosely(text: str, service: str, status: str | None, amount: str | None) -> None:
    s = _one(text, "Subscription")
    assert (s["service"], s.get("status"), s.get("amount")) == (service, status, amount)


def test_someone_elses_subscription_and_purchase_keep_their_subject() -> None:
    assert _one("my daughter's phone plan is $45/month with Verizon", "Subscription")["subject"] == "daughter"
    p = _one("my husband blew 250 on a new drill at Home Depot", "Purchase")
    assert (p["subject"], p["item"], p["vendor"], p["amount"], p["category"]) == ("husband", "drill", "Home Depot", "250.00", "home")


def test_a_loan_at_a_bank_the_table_may_not_know() -> None:
    a = _one("my mortgage with Halifax has 180k left", "Account")
    assert (a["institution"], a["kind"], a["balance"]) == ("Halifax", "loan", "180000.00")


@pytest.mark.parametrize("text", [
    "My boss told me he spent 3,000 on his trip",
    "Dinner at Nobu was amazing",
    "We should go to Nobu, it's like $300 for two",
    "I'd never spend $500 on a dinner",
    "I might buy a PS5 if it goes on sale",
])
def test_other_peoples_spending_and_plans_are_not_mine(text: str) -> None:
    got = [f for f in Log().say(text, WED) if f.frame in ("Purchase", "Transfer", "Account", "Subscription")]
    assert got == []


@pytest.mark.parametrize("text, today, item, slot, when, vendor", [
    ("the warranty on my MacBook runs out on 12 May", WED, "MacBook", "warranty_until", "2025-05-12", None),
    ("I can return the coat until Jan 31", dt.date(2025, 12, 26), "coat", "return_by", "2026-01-31", None),
    ("the blender needs to go back to Argos by Friday", dt.date(2025, 12, 26), "blender", "return_by", "2026-01-02", "Argos"),
])
def test_a_window_stated_later_lands_on_the_purchase(text: str, today: dt.date, item: str, slot: str, when: str,
                                                     vendor: str | None) -> None:
    p = _one(text, "Purchase", today)
    assert (p["item"], p[slot], p.get("vendor")) == (item, when, vendor)


def test_going_back_to_school_is_not_a_return() -> None:
    assert _facts("my son has to go back to school by Monday", "Purchase") == []


def test_a_utility_bill_due_is_a_payment_to_make() -> None:
    t = _one("the electric bill is $180 this month, due the 20th", "Transfer")
    assert (t["payee"], t["amount"], t["date"], t["status"]) == ("electric", "180.00", "2025-03-20", "requested")
