"""Repeating commitments in the scheduling pack, foods with medications, and money policies."""

from __future__ import annotations

import datetime as dt

import pytest


def _run(world, prefix: str, now: dt.datetime):
    world.checkpoint()
    run = world.rules(now)
    assert run.problems == []
    return [a for a in run.alerts if a.rule.startswith(prefix)]


def test_a_weekly_meeting_clashes_with_a_one_off_on_that_weekday(world) -> None:
    sync = world.say("Event", "sync", {"title": "team sync", "recurrence": "every Tuesday", "time": "14:00",
                                       "end_time": "16:00"}, on=dt.date(2025, 3, 3))
    gp = world.say("Event", "gp", {"title": "GP appointment", "start": "2025-03-18", "time": "15:00"}, on=dt.date(2025, 3, 5))
    (a,) = _run(world, "scheduling.overlap", dt.datetime(2025, 3, 5, 12))
    assert set(a.evidence) == {sync, gp}
    assert "2025-03-18" in a.title and "team sync" in a.title and "14:00–16:00" in a.message


def test_repeating_near_misses(world) -> None:
    world.say("Event", "sync", {"title": "team sync", "recurrence": "weekly on Tuesday", "time": "14:00",
                                "end_time": "16:00"})
    world.say("Event", "early", {"title": "dentist", "start": "2025-03-18", "time": "09:00"})  # same day, earlier
    world.say("Event", "wed", {"title": "physio", "start": "2025-03-19", "time": "15:00"})  # another weekday
    world.say("Event", "club", {"title": "book club", "recurrence": "every other Wednesday", "time": "19:00"})  # weeks unknown
    world.say("Event", "late", {"title": "late call", "start": "2025-03-26", "time": "19:30"})
    assert _run(world, "scheduling.overlap", dt.datetime(2025, 3, 5, 12)) == []


def test_a_recurrence_without_a_rhythm_is_a_one_off(world) -> None:
    world.say("Event", "board", {"title": "Board meeting", "start": "2025-06-25", "time": "09:00", "recurrence": "tomorrow"})
    world.say("Event", "ptc", {"title": "Parent-teacher conference", "start": "2025-06-25", "time": "09:00"})
    (a,) = _run(world, "scheduling.overlap", dt.datetime(2025, 6, 24, 12))
    assert "2025-06-25" in a.title


def test_monthly_on_a_day_and_nth_weekday(world) -> None:
    world.say("Event", "rent", {"title": "landlord visit", "recurrence": "monthly on the 1st", "time": "10:00"})
    world.say("Event", "board", {"title": "board call", "recurrence": "the first Monday of every month", "time": "18:00"})
    world.say("Event", "a", {"title": "plumber", "start": "2025-05-01", "time": "10:30"})
    world.say("Event", "b", {"title": "parents evening", "start": "2025-05-05", "time": "18:00"})
    alerts = sorted(_run(world, "scheduling.overlap", dt.datetime(2025, 4, 20)), key=lambda a: a.title)
    assert len(alerts) == 2
    assert alerts[0].title.startswith("Double-booked on 2025-05-01") and {"landlord visit", "plumber"} <= set(
        alerts[0].title.split(": ")[1].split(" and "))
    assert alerts[1].title.startswith("Double-booked on 2025-05-05") and {"board call", "parents evening"} <= set(
        alerts[1].title.split(": ")[1].split(" and "))


def test_grapefruit_with_a_statin_and_near_misses(world) -> None:
    med = world.say("Medication", "atorvastatin", {"name": "atorvastatin", "dose": "40 mg"})
    note = world.say("Note", "gj", {"text": "I have grapefruit juice every morning"})
    world.say("Note", "other", {"text": "no grapefruit for me any more"}, subject="me")
    world.say("Medication", "mum", {"name": "simvastatin"}, subject="mother")
    (a,) = _run(world, "health_interactions.food_drug", dt.datetime(2025, 3, 5))
    assert set(a.evidence) == {med, note} and "atorvastatin" in a.message and "Source:" in a.message


def test_food_said_as_avoided_does_not_fire(world) -> None:
    world.say("Medication", "flagyl", {"name": "metronidazole"})
    world.say("Note", "n", {"text": "so no wine this weekend, obviously"})
    assert _run(world, "health_interactions.food_drug", dt.datetime(2025, 3, 5)) == []


def test_a_transfer_from_an_account_on_hold(world) -> None:
    hold = world.say("Policy", "hold", {"kind": "hold", "about": "joint savings account", "account": "joint savings",
                                        "end": "2025-03-31", "set_by": "Dad"}, on=dt.date(2025, 3, 2))
    pay = world.say("Transfer", "t", {"amount": "1200.00", "currency": "EUR", "payee": "Ana",
                                      "account": "the joint savings", "date": "2025-03-20", "status": "requested"},
                    on=dt.date(2025, 3, 10))
    world.say("Transfer", "ok", {"amount": "50.00", "payee": "Bo", "account": "checking", "date": "2025-03-20"})
    world.say("Transfer", "after", {"amount": "50.00", "payee": "Cy", "account": "joint savings", "date": "2025-04-02"})
    (a,) = _run(world, "policies.hold", dt.datetime(2025, 3, 10, 12))
    assert set(a.evidence) >= {hold, pay} and "Dad said" in a.message and "2025-03-31" in a.message
    assert "1,200 EUR" in a.message and a.severity == "critical"


def test_limit_budget_and_intention(world) -> None:
    world.say("Policy", "cap", {"kind": "limit", "about": "restaurant meals", "limit": "60.00", "currency": "USD",
                                "per": "item"}, on=dt.date(2025, 6, 1))
    world.say("Purchase", "dinner", {"item": "dinner", "category": "restaurant", "amount": "84.00", "currency": "USD",
                                     "date": "2025-06-07"}, on=dt.date(2025, 6, 8))
    world.say("Purchase", "lunch", {"item": "lunch", "category": "restaurant", "amount": "22.00", "currency": "USD",
                                    "date": "2025-06-09"}, on=dt.date(2025, 6, 9))
    world.say("Policy", "groc", {"kind": "budget", "about": "groceries", "limit": "400.00", "per": "month"},
              on=dt.date(2025, 6, 1))
    for i, amount in enumerate(("180.00", "150.00", "95.00")):
        world.say("Purchase", f"g{i}", {"item": "weekly shop", "category": "groceries", "amount": amount,
                                        "date": f"2025-06-{10 + i}"}, on=dt.date(2025, 6, 10 + i))
    world.say("Policy", "crypto", {"kind": "intention", "about": "crypto", "end": "2025-12-31"}, on=dt.date(2025, 6, 1))
    world.say("Purchase", "btc", {"item": "crypto", "vendor": "Coinbase", "amount": "500.00", "date": "2025-06-20"},
              on=dt.date(2025, 6, 20))
    alerts = _run(world, "policies.", dt.datetime(2025, 6, 20, 12))
    rules = sorted(a.rule for a in alerts)
    assert rules == ["policies.budget", "policies.intention", "policies.limit"]
    limit = next(a for a in alerts if a.rule == "policies.limit")
    assert "84" in limit.message and "60" in limit.message
    budget = next(a for a in alerts if a.rule == "policies.budget")
    assert "425" in budget.message


def test_a_budget_meets_its_spending_by_category_not_only_by_shared_words(world) -> None:
    """"Eating out" shares no word with "sushi" or "tacos": the derived category joins them."""
    world.say("Policy", "out", {"kind": "budget", "about": "eating out", "category": "restaurant", "limit": "100.00",
                                "per": "month"}, on=dt.date(2025, 3, 1))
    world.say("Purchase", "sushi", {"item": "sushi", "category": "restaurant", "amount": "64.00",
                                    "date": "2025-03-05"}, on=dt.date(2025, 3, 6))
    world.say("Purchase", "tacos", {"item": "tacos", "category": "restaurant", "amount": "41.00",
                                    "date": "2025-03-11"}, on=dt.date(2025, 3, 12))
    world.say("Purchase", "pen", {"item": "tablet pen", "category": "electronics", "amount": "90.00",
                                  "date": "2025-03-12"}, on=dt.date(2025, 3, 12))
    (a,) = _run(world, "policies.budget", dt.datetime(2025, 3, 12, 12))
    assert "105" in a.message and "90" not in a.message and a.title == "Over your eating out budget for March 2025"


def test_a_budget_of_another_category_stays_quiet(world) -> None:
    world.say("Policy", "out", {"kind": "budget", "about": "takeout budget", "category": "restaurant", "limit": "100.00",
                                "per": "month"}, on=dt.date(2025, 3, 1))
    world.say("Purchase", "tv", {"item": "television", "category": "electronics", "amount": "400.00",
                                 "date": "2025-03-05"}, on=dt.date(2025, 3, 6))
    world.say("Purchase", "old", {"item": "pizza", "category": "restaurant", "amount": "140.00",
                                  "date": "2025-02-20"}, on=dt.date(2025, 2, 21))
    assert _run(world, "policies.budget", dt.datetime(2025, 3, 12, 12)) == []


def test_a_cap_per_unit_compares_the_price_of_one_unit(world) -> None:
    """£20 a bottle: two bottles for £58 break it (29 each), three for £51 do not (17 each); a hotel's
    nightly rate is compared as said, a stay's total over its nights."""
    world.say("Policy", "wine", {"kind": "limit", "about": "wine bottles", "limit": "20.00", "currency": "GBP",
                                 "per": "item"}, on=dt.date(2026, 5, 1))
    world.say("Purchase", "barolo", {"item": "two bottles of wine", "amount": "58.00", "currency": "GBP", "quantity": 2,
                                     "unit": "bottle", "unit_price": "29.00", "date": "2026-05-08"}, on=dt.date(2026, 5, 8))
    world.say("Purchase", "rioja", {"item": "three bottles of wine", "amount": "51.00", "currency": "GBP", "quantity": 3,
                                    "unit": "bottle", "unit_price": "17.00", "date": "2026-05-15"}, on=dt.date(2026, 5, 15))
    world.say("Policy", "hotel", {"kind": "limit", "about": "hotels", "limit": "150.00", "currency": "GBP",
                                  "per": "night"}, on=dt.date(2026, 5, 1))
    world.say("Purchase", "leeds", {"item": "hotel in Leeds", "amount": "510.00", "currency": "GBP", "quantity": 3,
                                    "unit": "night", "unit_price": "170.00", "date": "2026-05-10"}, on=dt.date(2026, 5, 10))
    world.say("Purchase", "mcr", {"item": "hotel in Manchester", "amount": "560.00", "currency": "GBP", "quantity": 4,
                                  "unit": "night", "unit_price": "140.00", "date": "2026-05-12"}, on=dt.date(2026, 5, 12))
    alerts = _run(world, "policies.limit", dt.datetime(2026, 5, 20, 12))
    assert sorted(a.title for a in alerts) == ["Hotel in Leeds is over your 150 GBP limit",
                                               "Two bottles of wine is over your 20 GBP limit"]
    leeds = next(a for a in alerts if "Leeds" in a.title)
    assert "170 GBP a night (510 GBP for 3)" in leeds.message


def test_a_trip_priced_per_night_is_a_stay_a_cap_per_night_watches(world) -> None:
    world.say("Policy", "hotel", {"kind": "limit", "about": "hotels", "limit": "180.00", "currency": "USD",
                                  "per": "night"}, on=dt.date(2026, 6, 15))
    world.say("Trip", "denver", {"destination": "Denver", "start": "2026-07-20", "end": "2026-07-23", "cost": "215.00",
                                 "currency": "USD", "unit": "night", "unit_price": "215.00"}, on=dt.date(2026, 7, 6))
    world.say("Trip", "boise", {"destination": "Boise", "start": "2026-08-20", "cost": "450.00", "currency": "USD",
                                "quantity": 3, "unit": "night", "unit_price": "150.00"}, on=dt.date(2026, 7, 8))
    world.say("Trip", "rome", {"destination": "Rome", "start": "2026-09-20", "cost": "900.00", "currency": "USD"},
              on=dt.date(2026, 7, 9))  # a fare, not a nightly price
    (a,) = _run(world, "policies.limit", dt.datetime(2026, 7, 10, 12))
    assert a.title == "The stay in Denver is over your 180 USD limit" and "215 USD a night" in a.message



@pytest.mark.parametrize(("about", "per", "item", "unit", "amount"), [
    ("hotels", "night", "hotel tour", "person", "400"),  # a cap per night does not divide a price per person
    ("jackets", "item", "new jacket", "night", "300"),  # a cap per item is not compared with a price per night
])
def test_a_cap_per_unit_compares_the_whole_amount_of_a_price_in_another_unit(world, about, per, item, unit, amount) -> None:  # noqa: ANN001
    world.say("Policy", "cap", {"kind": "limit", "about": about, "limit": "150.00" if per == "night" else "200.00",
                                "per": per}, on=dt.date(2026, 5, 1))
    world.say("Purchase", "it", {"item": item, "amount": f"{amount}.00", "quantity": 2, "unit": unit,
                                 "unit_price": "100.00", "date": "2026-05-10"}, on=dt.date(2026, 5, 10))
    (a,) = _run(world, "policies.limit", dt.datetime(2026, 5, 20, 12))
    assert f"costs {amount}" in a.message


def test_a_night_shift_past_midnight_clashes_with_an_evening_booking(world) -> None:
    shift = world.say("Event", "night shift:2027-03-05", {"title": "night shift", "start": "2027-03-05", "time": "19:30",
                                                          "end_time": "08:00"}, on=dt.date(2027, 2, 20))
    hair = world.say("Event", "cut", {"title": "late cut and colour", "start": "2027-03-05", "time": "21:00"},
                     on=dt.date(2027, 2, 27))
    (a,) = _run(world, "scheduling.overlap", dt.datetime(2027, 2, 27, 12))
    assert set(a.evidence) == {shift, hair}


def test_a_night_shift_does_not_clash_with_that_mornings_appointment(world) -> None:
    world.say("Event", "night shift:2027-03-05", {"title": "night shift", "start": "2027-03-05", "time": "19:30",
                                                  "end_time": "08:00"}, on=dt.date(2027, 2, 20))
    world.say("Event", "gp", {"title": "GP", "start": "2027-03-05", "time": "10:00"}, on=dt.date(2027, 2, 27))
    assert _run(world, "scheduling.overlap", dt.datetime(2027, 2, 27, 12)) == []
