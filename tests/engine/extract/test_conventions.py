"""Slot conventions and trigger families: general cases, one per category of fix."""

from __future__ import annotations

import datetime as dt

import pytest

from benchmarks.extraction.score import Score, score_utterance
from engine.extract.builders.health import normalise_dose, normalise_frequency
from engine.extract.dates import find_dates, find_times
from engine.extract.money import find_money
from engine.extract.orgs import find_orgs
from engine.extract.people import find_people

from .helpers import TODAY, Log, only


def frames(facts: list, frame: str) -> list:
    return [f for f in facts if f.frame == frame]


# -- normalisation -------------------------------------------------------------------------------

def test_dose_and_frequency_are_canonical() -> None:
    assert normalise_dose("40mg") == "40 mg" and normalise_dose("5 ml") == "5 ml"
    assert normalise_frequency("2x a day") == "twice a day" and normalise_frequency("4X per week") == "4 times per week"


def test_trip_region_is_never_a_continent() -> None:
    trip = only(Log().say("Flying to Madrid on March 3."), "Trip")
    assert trip.slots["country"] == "ES" and "region" not in trip.slots


def test_allergen_class_has_no_prefix_and_plain_foods_have_none() -> None:
    facts = Log().say("I'm allergic to walnuts and celery.")
    classes = {f.slots["allergen"]: f.slots.get("allergen_class") for f in frames(facts, "Allergy")}
    assert classes == {"walnuts": "tree nuts", "celery": None}


# -- dates, times, money ---------------------------------------------------------------------------

def test_end_of_a_named_month_is_its_last_day() -> None:
    text = "the essay is due by the end of June"
    assert [m.value.start for m in find_dates(text, 0, len(text), TODAY)] == [dt.date(2025, 6, 30)]


@pytest.mark.parametrize(("text", "value"), [
    ("yoga at 9 on Monday", "09:00"), ("drinks from 6 till late", "18:00"), ("call 3-4pm", "15:00"),
    ("standup, 16:15 sharp", "16:15"), ("meet at 5:45", "17:45"),
])
def test_times_without_am_pm(text: str, value: str) -> None:
    assert [t.value for t in find_times(text, 0, len(text))] == [value]


@pytest.mark.parametrize(("text", "value", "currency"), [
    ("Netflix is 15.49/month", "15.49", None), ("put 12k in", "12000.00", None),
    ("a laptop for 2,199 from Dell", "2199.00", None), ("hotels over 90 a night", "90.00", None),
    ("paid €45", "45.00", "EUR"),
])
def test_amounts_without_a_currency_keep_none(text: str, value: str, currency: str | None) -> None:
    found = find_money(text, 0, len(text))
    assert [(m.value, m.attrs["currency"]) for m in found] == [(value, currency)]


def test_a_5k_race_is_not_money() -> None:
    assert find_money("ran a 5k race", 0, 14) == []


# -- triggers --------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["Shrimp gives me hives", "peanuts make me throw up", "ibuprofen triggers my asthma"])
def test_reactions_state_an_allergy(text: str) -> None:
    facts = Log().say(text)
    assert frames(facts, "Allergy") and not frames(facts, "Medication")


def test_a_retracted_allergy_is_cancelled_and_an_outgrown_one_resolved() -> None:
    assert only(Log().say("I'm not allergic to nickel, that was a mistake."), "Allergy").slots["status"] == "cancelled"
    assert only(Log().say("My son outgrew his milk allergy."), "Allergy").slots["status"] == "resolved"


def test_each_drug_keeps_its_own_dose_and_frequency() -> None:
    facts = Log().say("I take metformin 500 mg twice a day and simvastatin 40mg at bedtime")
    by = {f.slots["name"]: f.slots for f in frames(facts, "Medication")}
    assert by["metformin"]["dose"] == "500 mg" and by["metformin"]["frequency"] == "twice a day"
    assert by["simvastatin"]["dose"] == "40 mg" and by["simvastatin"]["frequency"] == "at bedtime"


@pytest.mark.parametrize(("text", "about", "action"), [
    ("The housing form has to be in by Friday", "housing form", "submit"),
    ("School wants the permission slip back by the 20th", "permission slip", "return"),
    ("Council tax due Dec 1", "Council tax", "pay"),  # a council tax is a bill; "taxes due" (a return) is filed
    ("Registration for the marathon closes Dec 5", "Registration for the marathon", "register"),
])
def test_deadline_forms_and_implied_actions(text: str, about: str, action: str) -> None:
    d = only(Log().say(text), "Deadline")
    assert d.slots["about"] == about and d.slots["action"] == action


def test_transfer_payee_phrases() -> None:
    assert only(Log().say("Transferred $800 to the language school yesterday"), "Transfer").slots["payee"] == "language school"
    t = only(Log().say("paid the plumber 120 quid"), "Transfer")
    assert t.slots["payee"] == "plumber" and t.slots["status"] == "done" and t.slots["date"] == TODAY.isoformat()


def test_a_request_from_a_relative_is_the_users_transfer() -> None:
    t = only(Log().say("Mom wants me to send 200 dollars to uncle Tom"), "Transfer")
    assert t.subject == "me" and t.slots["requested_by"] == "mom" and t.slots["payee"] == "Tom"


def test_a_spending_alert_is_a_preference_not_a_transfer() -> None:
    facts = Log().say("alert me if any payment is more than 500 euros")
    assert not frames(facts, "Transfer") and only(facts, "Preference").slots["limit"] == "500.00"


def test_preference_limit_topic_and_constraints() -> None:
    assert only(Log().say("Keep my takeaway spending under 100 pounds a week"), "Preference").slots["topic"] == "takeaway per week"
    pref = only(Log().say("No calls after 6pm please"), "Preference")
    assert pref.slots == {"topic": "calls", "value": "not after 18:00"}


def test_person_with_a_title_relation_and_an_age_to_come() -> None:
    text = "uncle Bob and my nanny, Maria"
    assert {(p.value, p.attrs["relation"]) for p in find_people(text, 0, len(text))} == {("Bob", "uncle"), ("Maria", "nanny")}
    person = only(Log().say("My son Max turns 5 on January 20"), "Person")
    assert person.slots["birthday"] == "2020-01-20" and person.slots["age"] == 4


def test_flight_number_and_carrier_from_a_later_sentence() -> None:
    trip = only(Log().say("Flying to Rome on Dec 2. Alitalia AZ 611, 180 EUR."), "Trip")
    assert trip.slots["carrier"] == "ITA Airways" and trip.slots["flight"] == "AZ611" and trip.slots["cost"] == "180.00"


def test_acronym_airlines_need_capitals() -> None:
    assert find_orgs("dinner with Ana", 0, 15) == []


def test_a_someday_wish_is_not_a_trip() -> None:
    assert not frames(Log().say("Maybe someday I'll go to Iceland"), "Trip")


def test_purchase_paid_for_with_warranty() -> None:
    p = only(Log().say("Paid 300 euros for a new fridge at Currys, 2 yr guarantee"), "Purchase")
    assert p.slots["item"] == "fridge" and p.slots["date"] == TODAY.isoformat() and p.slots["warranty_until"] == "2026-11-12"


# -- scorer ----------------------------------------------------------------------------------------

def test_scorer_free_text_is_fuzzy_and_null_status_accepts_the_initial_one() -> None:
    score = Score()
    gold = [{"frame": "Deadline", "slots": {"about": "rent", "due": "2025-01-01"}}]
    score_utterance("rent due", gold, [{"frame": "Deadline", "subject": "me",
                                        "slots": {"about": "the rent", "due": "2025-01-01", "status": "open"}}], score)
    assert (score.total.tp, score.total.fp, score.total.fn) == (2, 0, 0)


def test_scorer_accepts_a_country_name_as_destination() -> None:
    score = Score()
    gold = [{"frame": "Trip", "slots": {"country": "JP"}}]
    score_utterance("Japan", gold, [{"frame": "Trip", "subject": "me", "slots": {"destination": "Japan", "country": "JP"}}], score)
    assert (score.total.tp, score.total.fp, score.total.fn) == (1, 0, 0)
