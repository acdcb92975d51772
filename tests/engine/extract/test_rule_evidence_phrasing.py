"""Facts the rule packs read, said in the short, verbless ways people log them: a booked meal with a day and time is
an Event, the food made at an event joins its title, a meal or food shop with the sum set off after it is a Purchase,
and a payee's changed account updates the earlier transfer. None of these may appear for a wish, a question, a plan
with a budget or a price per head."""

from __future__ import annotations

import datetime as dt

import pytest

from .helpers import Log, frame_slots, one_frame

WED = dt.date(2025, 6, 11)


def _facts(text: str, frame: str, today: dt.date = WED) -> list[dict]:
    return frame_slots(text, frame, today)


def _one(text: str, frame: str, today: dt.date = WED) -> dict:
    return one_frame(text, frame, today)


# -- a booked meal with a day and time is an Event ------------------------------------------------------------------


@pytest.mark.parametrize("text, title, place, start, time", [
    ("Booked a seafood tasting menu at The Oyster Bar for our anniversary, Saturday 7pm", "seafood tasting menu",
     "The Oyster Bar", "2025-06-14", "19:00"),
    ("Booked the omakase at Sushi Saito next Thursday at 8", "omakase", "Sushi Saito", "2025-06-19", "20:00"),
    ("Got us a table for two at Dishoom on Friday at 8", "table for two", "Dishoom", "2025-06-13", "20:00"),
])
def test_a_booked_meal_with_a_day_is_an_event(text: str, title: str, place: str, start: str, time: str) -> None:
    e = _one(text, "Event")
    assert (e["title"], e["place"], e["start"], e["time"]) == (title, place, start, time)
    assert _facts(text, "Purchase") == []  # a table booked is no furniture bought


@pytest.mark.parametrize("text", [
    "I'd love to try the tasting menu at Noma someday",
    "the tasting menu was amazing",
])
def test_a_meal_wished_for_or_remembered_is_no_event(text: str) -> None:
    assert _facts(text, "Event") == []


def test_a_table_bought_is_still_a_purchase() -> None:
    p = _one("bought a table for 4 people at IKEA, 300 euros", "Purchase")
    assert (p["item"], p["amount"], p["category"]) == ("table", "300.00", "home")


# -- food made or served at an event joins its title ----------------------------------------------------------------


@pytest.mark.parametrize("text, food", [
    ("Baking day with Emma's class here on Friday, we're making peanut butter cookies", "peanut butter cookies"),
    ("Class party on Friday, the kids are baking some walnut brownies", "walnut brownies"),
    ("Potluck at Ana's on Saturday, we're serving shrimp tacos", "shrimp tacos"),
])
def test_food_made_at_an_event_is_in_its_title(text: str, food: str) -> None:
    assert _one(text, "Event")["title"].endswith(food)


@pytest.mark.parametrize("text", [
    "Party at Tom's on Saturday, we're having a great time",  # no food
    "Dinner with Sam on Friday, maybe making pasta",  # a maybe
])
def test_only_food_said_for_sure_joins_the_title(text: str) -> None:
    assert ":" not in _one(text, "Event")["title"]


# -- a class booked with a day and time is an Event too ---------------------------------------------------------------


def test_a_class_ordered_for_a_day_is_an_event() -> None:
    facts = Log().say("I've ordered a wheat pasta making class for his birthday, Saturday the 12th at 6pm", dt.date(2025, 7, 2))
    event = next(f.slots for f in facts if f.frame == "Event")
    assert "pasta" in event["title"] and event["start"] == "2025-07-12" and event["time"] == "18:00"


# -- a meal or food shop logged with its sum is a Purchase --------------------------------------------------------------


@pytest.mark.parametrize("text, item, vendor, amount, category", [
    ("Dinner at Ten Bells for Jun's birthday, 210 €", "dinner", "Ten Bells", "210.00", "restaurant"),
    ("Sushi takeaway tonight, 120€ with the sake", "sushi", None, "120.00", "restaurant"),
    ("Drinks with the team - 64€", "drinks", None, "64.00", "restaurant"),
    ("Dinner for two at Ten Bells, around 90 €", "dinner", "Ten Bells", "90.00", "restaurant"),
    ("another 230 at Trader Joe's for groceries", "groceries", "Trader Joe's", "230.00", "groceries"),
    ("Costco run today, spent 320 on groceries", "groceries", "Costco", "320.00", "groceries"),
    ("Lunch with the team, I paid 95€", "lunch", None, "95.00", "restaurant"),
])
def test_a_meal_logged_with_its_sum_is_a_purchase(text: str, item: str, vendor: str | None, amount: str, category: str) -> None:
    p = _one(text, "Purchase")
    assert (p["item"], p.get("vendor"), p["amount"], p["category"], p["date"]) == (item, vendor, amount, category, WED.isoformat())


@pytest.mark.parametrize("text", [
    "I'd love sushi",
    "Sushi tonight, 20€?",
    "Lunch budget: 15€",
    "dinner at Ten Bells, it's 210 € a head",
    "If we get takeaway tonight, 40€",
    "Dinner at Nobu on Saturday, 210 €",  # a day still ahead: a plan or a price, not money spent
    "another 20 minutes at the gym",
    "I'd love sushi, like 20€",  # a wish, its sum set off all the same
    "Can't afford dinner at Nobu, 300€",
])
def test_no_purchase_without_money_spent(text: str) -> None:
    assert _facts(text, "Purchase") == []


def test_a_gift_paid_for_at_a_shop_is_a_purchase() -> None:
    p = _one("Paid $1,250 for Jun's anniversary gift at Tiffany", "Purchase", dt.date(2025, 11, 7))
    assert (p["vendor"], p["amount"], p["currency"], p["category"]) == ("Tiffany", "1250.00", "USD", "gifts")
    assert "gift" in p["item"]


# -- a payee's new account changes the earlier transfer -------------------------------------------------------------------


def test_a_payees_new_account_changes_the_earlier_transfer() -> None:
    log = Log()
    log.say("My boss asked me to wire 7,500 euros to Kestrel Media by Thursday", dt.date(2025, 10, 6))
    later = log.say("Kestrel Media's finance person emailed, the payment should now go to their new account ending 4410",
                    dt.date(2025, 10, 8))
    t = next(f for f in later if f.frame == "Transfer")
    assert t.supersedes  # the same transfer, changed
    assert t.slots["account"] == "4410" and t.slots["payee"] == "Kestrel Media"
    assert t.slots["requested_by"].startswith("Kestrel Media")
