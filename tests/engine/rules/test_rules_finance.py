"""Finance pack: conflicting instructions, limits, payments to cancelled services / from closed accounts."""

from __future__ import annotations

import datetime as dt

CONFLICT = "finance.conflicting_instruction"
LIMIT = "finance.over_limit"
CANCELLED = "finance.cancelled_service"


def _run(world, rule: str, now: dt.datetime):
    world.checkpoint()
    run = world.rules(now)
    assert run.problems == []
    return [a for a in run.alerts if a.rule == rule]


D1, D2 = dt.date(2025, 6, 2), dt.date(2025, 6, 4)


def test_a_later_instruction_from_someone_else_conflicts(world) -> None:
    first = world.say("Transfer", "brightline:18000", {"amount": "18000", "currency": "USD", "payee": "Brightline Supplies",
                      "requested_by": "CFO", "date": "2025-06-06"}, on=D1)
    assert _run(world, CONFLICT, dt.datetime(2025, 6, 2, 12)) == []
    second = world.say("Transfer", "brightline:48000", {"amount": "48000", "currency": "USD", "payee": "Brightline",
                       "account": "5521", "requested_by": "CFO"}, on=D2)
    (a,) = _run(world, CONFLICT, dt.datetime(2025, 6, 4, 12))
    assert a.severity == "warning" and a.evidence == (first, second)
    assert a.message.startswith("Transfer of $48,000 (requested by CFO, account ending 5521) to Brightline conflicts "
                                "with the earlier instruction of $18,000 (requested by CFO, due 2025-06-06): the amount "
                                "changed.")


def test_a_superseded_account_is_read_from_history(world) -> None:
    first = world.say("Transfer", "rent", {"amount": "1350", "currency": "GBP", "payee": "landlord", "account": "2210",
                      "requested_by": "landlord"}, on=D1)
    second = world.say("Transfer", "rent", {"account": "9987"}, on=D2)
    (a,) = _run(world, CONFLICT, dt.datetime(2025, 6, 4, 12))
    assert a.severity == "critical" and second in a.evidence and first in a.evidence
    assert "Transfer of £1,350 (requested by landlord, account ending 9987) to landlord conflicts with the earlier " \
           "instruction of £1,350 (requested by landlord, account ending 2210): the account changed." in a.message
    assert "fraud" in a.message


def test_two_requesters_disagree(world) -> None:
    world.say("Transfer", "rosa:500", {"amount": "500", "currency": "USD", "payee": "aunt Rosa", "requested_by": "Dad"},
              on=D1)
    world.say("Transfer", "rosa:800", {"amount": "800", "currency": "USD", "payee": "Rosa", "requested_by": "Mom"}, on=D2)
    (a,) = _run(world, CONFLICT, dt.datetime(2025, 6, 4, 12))
    assert "$800 (requested by Mom)" in a.message and "$500 (requested by Dad)" in a.message


def test_conflict_near_misses(world) -> None:
    # different payees
    world.say("Transfer", "rosa", {"amount": "500", "payee": "aunt Rosa", "requested_by": "Dad"}, on=D1)
    world.say("Transfer", "ben", {"amount": "800", "payee": "cousin Ben", "requested_by": "Mom"}, on=D2)
    # the user's own correction
    world.say("Transfer", "gym", {"amount": "40", "payee": "Gym Co", "account": "1111"}, on=D1)
    world.say("Transfer", "gym", {"amount": "45"}, on=D2)
    # the same instruction, then paid
    world.say("Transfer", "rent", {"amount": "1350", "payee": "landlord", "account": "4471", "requested_by": "landlord"},
              on=D1)
    world.say("Transfer", "rent2", {"amount": "1350", "payee": "landlord", "account": "4471", "status": "done"}, on=D2)
    # two invoices a month apart are two payments
    world.say("Transfer", "acme1", {"amount": "900", "payee": "Acme Ltd", "requested_by": "Acme", "date": "2025-05-01"})
    world.say("Transfer", "acme2", {"amount": "950", "payee": "Acme", "requested_by": "Acme", "date": "2025-06-01"})
    # a cancelled instruction
    world.say("Transfer", "x1", {"amount": "100", "payee": "Zed", "requested_by": "boss"}, on=D1)
    world.say("Transfer", "x2", {"amount": "200", "payee": "Zed", "requested_by": "boss"}, on=D2)
    world.say("Transfer", "x1", {"status": "cancelled"}, on=D2)
    assert _run(world, CONFLICT, dt.datetime(2025, 6, 4, 12)) == []


def test_a_card_pushed_over_its_limit(world) -> None:
    world.say("Transfer", "flight-old", {"amount": "300", "payee": "Old charge", "account": "Chase card"},
              on=dt.date(2025, 5, 1))  # stated before the balance: already in it
    acct = world.say("Account", "chase", {"institution": "Chase", "kind": "credit_card", "limit": "5000",
                                          "balance": "4200", "currency": "USD"}, on=D1)
    flight = world.say("Transfer", "flight", {"amount": "1100", "currency": "USD", "payee": "United",
                                              "account": "Chase card", "date": "2025-06-04"}, on=D2)
    alerts = _run(world, LIMIT, dt.datetime(2025, 6, 4, 12))
    (a,) = alerts
    assert a.evidence[0] == acct and flight in a.evidence
    assert a.message == ("Charging $1,100 to United on 2025-06-04 to the Chase card takes its balance from $4,200 to "
                         "$5,300, over its $5,000 limit by $300: the charge may be declined or cost an over-limit fee.")


def test_a_charge_to_the_only_card_by_its_network_name(world) -> None:
    world.say("Account", "chase", {"institution": "Chase", "kind": "credit_card", "limit": "5000", "balance": "3900",
                                   "currency": "USD"}, on=D1)
    world.say("Transfer", "laptop", {"amount": "1349", "currency": "USD", "payee": "Best Buy", "account": "Visa",
                                     "date": "2025-06-04"}, on=D2)
    (a,) = _run(world, LIMIT, dt.datetime(2025, 6, 4, 12))
    assert a.title == "Chase Visa over its $5,000 limit" and "$5,249" in a.message


def test_a_purchase_put_on_the_card_counts_toward_its_limit(world) -> None:
    world.say("Account", "rbc", {"institution": "RBC", "kind": "credit_card", "limit": "3000", "balance": "2450",
                                 "currency": "USD"}, on=D1)
    laptop = world.say("Purchase", "laptop", {"item": "laptop", "vendor": "Best Buy", "amount": "899", "currency": "USD",
                                              "account": "Visa", "date": "2025-06-04"}, on=D2)
    (a,) = _run(world, LIMIT, dt.datetime(2025, 6, 4, 12))
    assert a.title == "RBC Visa over its $3,000 limit" and "$3,349" in a.message and "Best Buy" in a.message
    assert laptop in a.evidence


def test_a_purchase_paid_some_other_way_does_not_count(world) -> None:
    world.say("Account", "rbc", {"institution": "RBC", "kind": "credit_card", "limit": "3000", "balance": "2450",
                                 "currency": "USD"}, on=D1)
    world.say("Purchase", "laptop", {"item": "laptop", "vendor": "Best Buy", "amount": "899", "currency": "USD",
                                     "date": "2025-06-04"}, on=D2)
    assert _run(world, LIMIT, dt.datetime(2025, 6, 4, 12)) == []


def test_a_network_name_is_no_card_when_there_are_two(world) -> None:
    world.say("Account", "chase", {"institution": "Chase", "kind": "credit_card", "limit": "5000", "balance": "3900",
                                   "currency": "USD"}, on=D1)
    world.say("Account", "citi", {"institution": "Citi", "kind": "credit_card", "limit": "2000", "currency": "USD"}, on=D1)
    world.say("Transfer", "laptop", {"amount": "1349", "currency": "USD", "payee": "Best Buy", "account": "Visa",
                                     "date": "2025-06-04"}, on=D2)
    assert _run(world, LIMIT, dt.datetime(2025, 6, 4, 12)) == []


def test_limits_not_exceeded_are_quiet(world) -> None:
    world.say("Account", "chase", {"institution": "Chase", "kind": "credit_card", "limit": "5000", "balance": "4200"},
              on=D1)
    world.say("Transfer", "coffee", {"amount": "12", "payee": "Cafe", "account": "Chase"}, on=D2)
    world.say("Transfer", "other", {"amount": "2000", "payee": "Shop", "account": "Monzo"}, on=D2)
    world.say("Preference", "shoes", {"topic": "shoes", "limit": "200"}, on=D1)
    world.say("Purchase", "boots", {"item": "running shoes", "amount": "150"}, on=D2)
    world.say("Purchase", "tv", {"item": "TV", "amount": "900"}, on=D2)  # no limit on TVs
    world.say("Preference", "dining", {"topic": "dining per month", "limit": "300"}, on=D1)  # a budget: user rules
    world.say("Purchase", "dinner", {"item": "dining at Dishoom", "amount": "350"}, on=D2)
    assert _run(world, LIMIT, dt.datetime(2025, 6, 4, 12)) == []


def test_a_purchase_over_a_stated_limit(world) -> None:
    pref = world.say("Preference", "shoes", {"topic": "shoes", "limit": "200", "currency": "USD"}, on=D1)
    buy = world.say("Purchase", "boots", {"item": "trail running shoes", "vendor": "REI", "amount": "249.99",
                                          "currency": "USD", "date": "2025-06-04"}, on=D2)
    (a,) = _run(world, LIMIT, dt.datetime(2025, 6, 4, 12))
    assert a.evidence == (pref, buy)
    assert a.message == ("The purchase of $249.99 (REI) on 2025-06-04 for trail running shoes is over your $200 limit "
                         "for shoes by $49.99.")


def test_charge_after_a_cancelled_subscription(world) -> None:
    sub = world.say("Subscription", "spotify", {"service": "Spotify", "status": "cancelled"}, on=dt.date(2025, 2, 12))
    charge = world.say("Transfer", "spotify-mar", {"amount": "11.99", "currency": "USD", "payee": "Spotify",
                                                   "date": "2025-03-12", "status": "done"}, on=dt.date(2025, 3, 12))
    (a,) = _run(world, CANCELLED, dt.datetime(2025, 3, 12, 12))
    assert a.evidence == (sub, charge)
    assert a.message.startswith("Spotify took $11.99 on 2025-03-12, after the subscription was cancelled.")


def test_charge_before_the_cancellation_is_quiet(world) -> None:
    world.say("Transfer", "spotify-feb", {"amount": "11.99", "payee": "Spotify", "date": "2025-02-10", "status": "done"},
              on=dt.date(2025, 2, 10))
    world.say("Subscription", "spotify", {"service": "Spotify"}, on=dt.date(2025, 2, 10))
    world.say("Subscription", "spotify", {"status": "cancelled"}, on=dt.date(2025, 2, 12))
    world.say("Transfer", "netflix", {"amount": "17.99", "payee": "Netflix", "status": "done"}, on=dt.date(2025, 2, 14))
    assert _run(world, CANCELLED, dt.datetime(2025, 2, 14, 12)) == []


def test_payment_from_a_closed_account(world) -> None:
    acct = world.say("Account", "barclays", {"institution": "Barclays", "kind": "checking", "status": "closed"},
                     on=dt.date(2025, 4, 7))
    world.say("Transfer", "tax-monzo", {"amount": "160", "currency": "GBP", "payee": "council tax",
                                        "account": "Monzo"}, on=dt.date(2025, 4, 20))
    dd = world.say("Transfer", "tax", {"amount": "160", "currency": "GBP", "payee": "council tax",
                                       "account": "Barclays current account", "date": "2025-05-01"},
                   on=dt.date(2025, 4, 20))
    (a,) = _run(world, CANCELLED, dt.datetime(2025, 4, 20, 12))
    assert a.severity == "critical" and acct in a.evidence and dd in a.evidence
    assert a.message == ("£160 to council tax on 2025-05-01 is set to come from the Barclays current account, which is "
                         "closed. It will fail or bounce: move it to an open account.")


def test_amex_alias_and_payments_before_closing(world) -> None:
    world.say("Transfer", "vet-old", {"amount": "80", "payee": "vet", "account": "Amex", "date": "2025-08-01",
                                      "status": "done"}, on=dt.date(2025, 8, 1))
    world.say("Account", "amex", {"institution": "American Express", "kind": "credit_card"}, on=dt.date(2025, 8, 1))
    world.say("Account", "amex", {"status": "cancelled"}, on=dt.date(2025, 8, 27))
    assert _run(world, CANCELLED, dt.datetime(2025, 8, 27, 12)) == []
    world.say("Transfer", "vet", {"amount": "310", "currency": "USD", "payee": "vet", "account": "Amex"},
              on=dt.date(2025, 9, 3))
    (a,) = _run(world, CANCELLED, dt.datetime(2025, 9, 3, 12))
    assert "$310 to vet" in a.message and "American Express card" in a.message and "cancelled" in a.message


def test_a_different_account_where_none_was_named_conflicts(world) -> None:
    first = world.say("Transfer", "hartwell:12400", {"amount": "12400", "currency": "USD", "payee": "Hartwell Logistics",
                      "date": "2025-06-20"}, on=D1)
    second = world.say("Transfer", "hartwell:12400b", {"amount": "12400", "currency": "USD", "payee": "Hartwell",
                       "account": "different account", "requested_by": "Hartwell accounts team", "date": "2025-06-04"}, on=D2)
    (a,) = _run(world, CONFLICT, dt.datetime(2025, 6, 4, 12))
    assert a.severity == "critical" and a.evidence == (first, second) and "the account changed" in a.message


def test_account_details_given_for_the_first_time_do_not_conflict(world) -> None:
    world.say("Transfer", "nursery", {"amount": "1150", "currency": "GBP", "payee": "nursery", "requested_by": "nursery"}, on=D1)
    world.say("Transfer", "nursery", {"account": "7781", "requested_by": "nursery"}, on=D2)
    assert _run(world, CONFLICT, dt.datetime(2025, 6, 4, 12)) == []


TWICE = "finance.paid_twice"


def test_one_bill_set_up_to_be_paid_two_ways(world) -> None:
    online = world.say("Transfer", "tax", {"payee": "county property tax", "amount": "3120", "currency": "USD",
                                           "account": "savings account", "date": "2025-06-20", "requested_by": "me"}, on=D1)
    check = world.say("Transfer", "tax-check", {"payee": "property tax", "amount": "3120", "currency": "USD",
                                                "account": "check", "date": "2025-06-14", "requested_by": "me"}, on=D2)
    (a,) = _run(world, TWICE, dt.datetime(2025, 6, 4, 12))
    assert a.title == "Property tax may be paid twice" and online in a.evidence and check in a.evidence
    assert "by check" in a.message and "savings account" in a.message


def test_monthly_payments_and_other_sums_are_not_paid_twice(world) -> None:
    world.say("Transfer", "rent-jun", {"payee": "landlord", "amount": "1800", "date": "2025-06-01", "status": "done"}, on=D1)
    world.say("Transfer", "rent-jul", {"payee": "landlord", "amount": "1800", "date": "2025-07-01"}, on=D2)  # a month on
    world.say("Transfer", "tax", {"payee": "property tax", "amount": "3120", "date": "2025-06-20"}, on=D1)
    world.say("Transfer", "tax-fee", {"payee": "property tax", "amount": "40", "date": "2025-06-20"}, on=D2)  # another sum
    assert _run(world, TWICE, dt.datetime(2025, 6, 4, 12)) == []


def test_an_account_first_named_by_the_payees_side_after_someone_else_asked(world) -> None:
    first = world.say("Transfer", "kestrel", {"amount": "7500", "currency": "EUR", "payee": "Kestrel Media", "requested_by": "boss",
                                              "date": "2025-06-09"}, on=D1)
    second = world.say("Transfer", "kestrel", {"account": "4410", "requested_by": "Kestrel Media finance person"}, on=D2)
    (a,) = _run(world, CONFLICT, dt.datetime(2025, 6, 4, 12))
    assert a.severity == "warning" and first in a.evidence and second in a.evidence
    assert a.title == "Check the bank details for Kestrel Media before paying"
    assert "account ending 4410" in a.message and "changed" not in a.message


def test_a_hotel_over_the_stated_price_a_night(world) -> None:
    pref = world.say("Preference", "hotel", {"topic": "hotel per night", "limit": "150", "currency": "GBP"}, on=D1)
    trip = world.say("Trip", "GB:edinburgh", {"destination": "Edinburgh", "country": "GB", "start": "2025-08-26", "end": "2025-08-28",
                                              "cost": "189", "currency": "GBP", "quantity": 2, "unit": "night",
                                              "unit_price": "189"}, on=D2)
    (a,) = _run(world, LIMIT, dt.datetime(2025, 6, 4, 12))
    assert "£189 a night" in a.title and "£150" in a.title and "by £39" in a.message and "(2 nights)" in a.message
    assert pref in a.evidence and trip in a.evidence


def test_a_hotel_under_the_nightly_limit_or_a_total_over_it_is_quiet(world) -> None:
    world.say("Preference", "hotel", {"topic": "hotel per night", "limit": "150", "currency": "GBP"}, on=D1)
    world.say("Trip", "GB:york", {"destination": "York", "country": "GB", "cost": "280", "currency": "GBP", "quantity": 2,
                                  "unit": "night", "unit_price": "140"}, on=D2)
    world.say("Purchase", "boots", {"item": "boots", "amount": "189", "currency": "GBP"}, on=D2)
    assert _run(world, LIMIT, dt.datetime(2025, 6, 4, 12)) == []


def test_a_nightly_cap_named_with_other_words_still_means_the_stay(world) -> None:
    world.say("Preference", "hotel", {"topic": "reimburse hotel per night", "limit": "180", "currency": "USD"}, on=D1)
    world.say("Trip", "US:denver", {"destination": "Denver", "country": "US", "cost": "215", "currency": "USD",
                                    "unit": "night", "unit_price": "215"}, on=D2)
    (a,) = _run(world, LIMIT, dt.datetime(2025, 6, 4, 12))
    assert "$215 a night" in a.title and "$180" in a.title


def test_a_nightly_cap_for_one_city_or_a_daily_budget_is_not_every_stay(world) -> None:
    world.say("Preference", "hotel", {"topic": "hotels in london per night", "limit": "200", "currency": "GBP"}, on=D1)
    world.say("Preference", "daily", {"topic": "spending a day", "limit": "50", "currency": "GBP"}, on=D1)
    world.say("Trip", "FR:paris", {"destination": "Paris", "country": "FR", "cost": "250", "currency": "GBP", "unit": "night",
                                   "unit_price": "250"}, on=D2)
    world.say("Purchase", "car", {"item": "car rental", "amount": "60", "currency": "GBP", "unit": "day", "unit_price": "60"}, on=D2)
    assert _run(world, LIMIT, dt.datetime(2025, 6, 4, 12)) == []


def test_a_returned_purchase_or_one_also_told_as_a_payment_counts_once_at_most(world) -> None:
    world.say("Account", "rbc", {"institution": "RBC", "kind": "credit_card", "limit": "3000", "balance": "2450",
                                 "currency": "USD"}, on=D1)
    world.say("Purchase", "laptop", {"item": "laptop", "amount": "899", "currency": "USD", "account": "Visa",
                                     "date": "2025-06-04"}, on=D2)
    world.say("Purchase", "laptop", {"status": "returned"}, on=D2)
    assert _run(world, LIMIT, dt.datetime(2025, 6, 4, 12)) == []
    world.say("Transfer", "tv", {"amount": "700", "currency": "USD", "payee": "Costco", "account": "Visa", "date": "2025-06-04"}, on=D2)
    world.say("Purchase", "tv", {"item": "tv", "amount": "700", "currency": "USD", "account": "Visa", "date": "2025-06-04"}, on=D2)
    (a,) = _run(world, LIMIT, dt.datetime(2025, 6, 4, 12))
    assert "to $3,150" in a.message and "$3,850" not in a.message


def test_a_cap_per_head_meets_a_price_per_seat(world) -> None:
    world.say("Preference", "dinner", {"topic": "group dinner per head", "limit": "40", "currency": "GBP"}, on=D1)
    world.say("Purchase", "dinner", {"item": "group dinner", "amount": "270", "currency": "GBP", "quantity": 6, "unit": "person",
                                     "unit_price": "45"}, on=D2)
    (a,) = _run(world, LIMIT, dt.datetime(2025, 6, 4, 12))
    assert "£45 a person" in a.title and "£40" in a.title
