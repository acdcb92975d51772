"""Health pack: drug-drug interactions, condition contraindications and food allergies vs bookings."""

from __future__ import annotations

import datetime as dt

INTERACTION = "health_interactions.drug_interaction"
CONDITION = "health_interactions.condition"
FOOD = "health_interactions.food_allergy"
NOW = dt.datetime(2025, 6, 12, 9)


def _run(world, rule: str, now: dt.datetime = NOW):
    world.checkpoint()
    run = world.rules(now)
    assert run.problems == []
    return [a for a in run.alerts if a.rule == rule]


def test_warfarin_and_an_nsaid_interact(world) -> None:
    warfarin = world.say("Medication", "warfarin", {"name": "warfarin", "dose": "5mg", "drug_class": "anticoagulants"})
    ibu = world.say("Medication", "ibuprofen", {"name": "ibuprofen", "drug_class": "NSAIDs", "start": "2025-06-10"})
    (a,) = _run(world, INTERACTION)
    assert a.severity == "critical" and a.evidence == (warfarin, ibu)
    assert a.title == "Warfarin and ibuprofen interact"
    assert "started 2025-06-10" in a.message and "bleeding" in a.message


def test_interactions_by_class_and_brand(world) -> None:
    world.say("Medication", "sertraline", {"name": "sertraline", "drug_class": "SSRIs"})
    world.say("Medication", "tramadol", {"name": "tramadol", "drug_class": "opioids"})
    world.say("Medication", "gtn", {"name": "nitroglycerin spray"}, subject="father")
    world.say("Medication", "viagra", {"name": "Viagra", "drug_class": "PDE5 inhibitors"}, subject="father")
    world.say("Medication", "simva", {"name": "simvastatin"})
    world.say("Medication", "clari", {"name": "clarithromycin"})
    alerts = _run(world, INTERACTION)
    text = " | ".join(a.title + " " + a.message for a in alerts)
    assert len(alerts) == 3, text
    assert "Sertraline and tramadol interact" in text and "serotonin syndrome" in text
    assert "Nitroglycerin spray and Viagra interact (your father)" in text and "your father's medication" in text
    assert "muscle damage" in text


def test_unrelated_stopped_or_other_persons_drugs_do_not_interact(world) -> None:
    world.say("Medication", "sertraline", {"name": "sertraline", "drug_class": "SSRIs"})
    world.say("Medication", "paracetamol", {"name": "paracetamol", "drug_class": "analgesics"})
    world.say("Medication", "tramadol", {"name": "tramadol"}, subject="Lucia")
    world.say("Medication", "warfarin", {"name": "warfarin"})
    world.say("Medication", "warfarin", {"status": "stopped"})
    world.say("Medication", "aspirin", {"name": "aspirin", "dose": "81mg"})
    world.say("Medication", "losartan", {"name": "losartan potassium"})  # the salt is not a potassium supplement
    world.say("Medication", "rosuva", {"name": "rosuvastatin"})
    world.say("Medication", "azithro", {"name": "azithromycin"})
    assert _run(world, INTERACTION) == []


def test_a_drug_stopped_by_date_does_not_interact(world) -> None:
    world.say("Medication", "warfarin", {"name": "warfarin", "stop": "2025-06-01"})
    world.say("Medication", "naproxen", {"name": "naproxen"})
    assert _run(world, INTERACTION) == []
    assert len(_run(world, INTERACTION, dt.datetime(2025, 5, 30))) == 1


def test_condition_contraindications(world) -> None:
    ckd = world.say("Condition", "ckd", {"name": "kidney disease"})
    nap = world.say("Medication", "naproxen", {"name": "naproxen", "drug_class": "NSAIDs"})
    world.say("Condition", "asthma", {"name": "asthma"})
    world.say("Medication", "propranolol", {"name": "propranolol", "drug_class": "beta blockers"})
    world.say("Medication", "accutane", {"name": "Accutane", "drug_class": "retinoids"})
    world.say("Condition", "pregnancy", {"name": "pregnancy"})
    alerts = {a.title: a for a in _run(world, CONDITION)}
    assert set(alerts) == {
        "Naproxen is risky with chronic kidney disease",
        "Propranolol is risky with asthma",
        "Accutane is risky with pregnancy",
        "Naproxen is risky with pregnancy",
    }
    assert alerts["Naproxen is risky with pregnancy"].severity == "warning"
    kidney = alerts["Naproxen is risky with chronic kidney disease"]
    assert kidney.severity == "critical" and kidney.evidence == (ckd, nap)
    assert 'you have chronic kidney disease (stated as "kidney disease")' in kidney.message
    assert "you are pregnant" in alerts["Accutane is risky with pregnancy"].message


def test_condition_near_misses(world) -> None:
    world.say("Condition", "asthma", {"name": "asthma"})
    world.say("Medication", "bisoprolol", {"name": "bisoprolol", "drug_class": "beta blockers"})  # cardioselective
    world.say("Condition", "stones", {"name": "kidney stones"})
    world.say("Medication", "ibuprofen", {"name": "ibuprofen"})
    world.say("Condition", "ckd", {"name": "chronic kidney disease"}, subject="Lucia")  # not the user's
    world.say("Condition", "preg", {"name": "pregnancy"})
    world.say("Condition", "preg", {"status": "resolved"})
    world.say("Medication", "lisinopril", {"name": "lisinopril"})
    assert _run(world, CONDITION) == []


def test_food_allergy_vs_a_booked_meal(world) -> None:
    allergy = world.say("Allergy", "shellfish", {"allergen": "shellfish", "allergen_class": "food:shellfish",
                                                 "severity": "severe"}, subject="Jun")
    event = world.say("Event", "oyster", {"title": "Seafood tasting menu", "place": "The Oyster Bar",
                                          "start": "2025-06-14", "time": "19:00", "kind": "social"})
    (a,) = _run(world, FOOD)
    assert a.severity == "warning" and a.evidence == (allergy, event)
    assert a.message.startswith('Jun is allergic to shellfish (severe), and "Seafood tasting menu" at The Oyster Bar '
                                'on 2025-06-14 at 19:00 mentions "seafood", "oyster". If Jun is going')


def test_food_allergy_named_person_and_condition(world) -> None:
    world.say("Allergy", "peanut", {"allergen": "peanut", "allergen_class": "food:legumes"}, subject="Emma")
    world.say("Event", "baking", {"title": "Baking day with Emma's class: peanut butter cookies", "start": "2025-06-13"})
    world.say("Condition", "celiac", {"name": "celiac disease"}, subject="husband")
    world.say("Event", "pasta", {"title": "pasta making class", "start": "2025-07-12", "time": "18:00"})
    alerts = _run(world, FOOD)
    by = {a.title: a for a in alerts}
    assert set(by) == {"Peanuts allergy (Emma) vs Baking day with Emma's class: peanut butter cookies",
                       "Gluten allergy (your husband) vs pasta making class"}
    assert by["Peanuts allergy (Emma) vs Baking day with Emma's class: peanut butter cookies"].severity == "critical"
    gluten = by["Gluten allergy (your husband) vs pasta making class"]
    assert "Your husband has celiac disease and must avoid gluten" in gluten.message and '"pasta"' in gluten.message


def test_food_allergy_near_misses(world) -> None:
    world.say("Allergy", "shellfish", {"allergen": "shellfish", "allergen_class": "food:shellfish"}, subject="Jun")
    world.say("Allergy", "milk", {"allergen": "milk"})
    world.say("Allergy", "gluten", {"allergen": "gluten"})
    world.say("Allergy", "pen", {"allergen": "penicillin"})
    world.say("Event", "steak", {"title": "Anniversary dinner", "place": "Hawksmoor steakhouse", "start": "2025-06-14"})
    world.say("Event", "pb", {"title": "peanut butter tasting", "start": "2025-06-15"})  # not dairy
    world.say("Event", "gf", {"title": "gluten-free pizza night", "start": "2025-06-16"})
    world.say("Event", "old", {"title": "oyster bar", "start": "2025-06-01"})  # already past
    world.say("Event", "cancel", {"title": "crab shack lunch", "start": "2025-06-20"})
    world.say("Event", "cancel", {"status": "cancelled"})
    world.say("Event", "emma", {"title": "sushi party", "start": "2025-06-20"}, subject="Emma")  # not Jun's or mine
    world.say("Trip", "ob", {"destination": "Oyster Bay", "start": "2025-07-01", "end": "2025-07-03"})
    assert _run(world, FOOD) == []
