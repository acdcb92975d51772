"""Health wording other people use: allergy phrasings, lay and specific condition names, doses and
frequencies in words, and the near misses (guesses, denials, questions) that must state nothing.

Every sentence is written here, not copied from the benchmark, so the detectors are checked on classes
of phrasing rather than on dev-set sentences.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from tests.engine.extract.helpers import Log

DAY = dt.date(2026, 3, 3)


def _facts(text: str, frame: str, today: dt.date = DAY) -> list[dict[str, Any]]:
    return [{**f.slots, "subject": f.subject} for f in Log().say(text, today) if f.frame == frame]


def _one(text: str, frame: str) -> dict[str, Any]:
    got = _facts(text, frame)
    assert len(got) == 1, f"expected one {frame} in {text!r}, got {got}"
    return got[0]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("walnuts make me break out in hives", {"allergen": "walnuts", "allergen_class": "tree nuts", "reaction": "hives"}),
        ("I react really badly to morphine", {"allergen": "morphine", "allergen_class": "opioids"}),
        ("cant do dairy, i get awful stomach cramps", {"allergen": "dairy", "reaction": "stomach cramps"}),
        ("gluten really doesn't agree with me", {"allergen": "gluten"}),
        ("I'm anaphylactic to peanuts", {"allergen": "peanuts", "severity": "severe", "reaction": "anaphylaxis"}),
        ("i'm alergic to amoxicilin", {"allergen": "amoxicillin", "allergen_class": "penicillins"}),
        ("Shrimp makes my throat close up", {"allergen": "shrimp", "allergen_class": "shellfish", "reaction": "throat swelling"}),
        ("After my last dose of Augmentin I came out in hives", {"allergen": "augmentin", "allergen_class": "penicillins", "reaction": "hives"}),
        ("Latex gloves make my hands blister, pretty mild though", {"allergen": "latex", "severity": "mild", "reaction": "blisters"}),
        ("I'm allergic to wasp stings", {"allergen": "wasp stings", "allergen_class": "insect venom"}),
        ("allergic to sulfa antibiotics", {"allergen": "sulfa antibiotics", "allergen_class": "sulfonamides"}),
        ("I have a peanut allergy", {"allergen": "peanuts", "allergen_class": "peanuts"}),
    ],
)
def test_allergy_phrasings(text: str, expected: dict[str, str]) -> None:
    got = _one(text, "Allergy")
    assert {k: got.get(k) for k in expected} == expected


def test_epipen_is_the_treatment_not_the_allergen() -> None:
    got = _facts("my girlfriend carries an EpiPen for peanuts", "Allergy")
    assert [(a["allergen"], a["severity"], a["subject"]) for a in got] == [("peanuts", "severe", "girlfriend")]


def test_a_family_members_allergy_is_theirs() -> None:
    assert _one("my son is anaphylactic to cashews", "Allergy")["subject"] == "son"


def test_an_outgrown_allergy_is_resolved() -> None:
    assert _one("I used to be allergic to cats as a kid", "Allergy")["status"] == "resolved"


def test_a_condition_before_the_allergen_is_not_its_reaction() -> None:
    got = _one("my son has bad eczema and a peanut allergy", "Allergy")
    assert got["allergen"] == "peanuts" and "reaction" not in got
    assert [c["name"] for c in _facts("my son has bad eczema and a peanut allergy", "Condition")] == ["eczema"]


@pytest.mark.parametrize(
    "text",
    [
        "I might be allergic to cats, not sure",
        "Lots of people are allergic to penicillin",
        "Is it possible to be allergic to avocado?",
        "I can't take NSAIDs because of my kidneys",
        "we're having prawns for dinner tonight",
        "my wife is lactose intolerant",
    ],
)
def test_allergy_near_misses(text: str) -> None:
    assert _facts(text, "Allergy") == []


@pytest.mark.parametrize(
    ("text", "name", "subject"),
    [
        ("So I've got type 2 diabetes now", "type 2 diabetes", "me"),
        ("was told last week I have high blood pressure", "hypertension", "me"),
        ("im asthmatic", "asthma", "me"),
        ("my wife has a heart condition", "heart condition", "wife"),
        ("I'm prediabetic according to my GP", "prediabetes", "me"),
        ("my dad was diagnosed with prostate cancer", "prostate cancer", "father"),
        ("I suffer from migraines", "migraine", "me"),
        ("my husband is lactose intolerant", "lactose intolerance", "husband"),
        ("I caught a cold", "cold", "me"),
    ],
)
def test_condition_names(text: str, name: str, subject: str) -> None:
    got = _one(text, "Condition")
    assert (got["name"], got["subject"]) == (name, subject)


@pytest.mark.parametrize(
    "text",
    [
        "I don't have diabetes, thank god",
        "I'm not pregnant, false alarm",
        "my brother's doctor thinks he might have gout",
        "I have a meeting with my diabetes nurse",
        "heart disease runs in my family",
        "It is cold and wet here today",
    ],
)
def test_condition_near_misses(text: str) -> None:
    assert _facts(text, "Condition") == []


def test_a_year_less_diagnosis_date_is_in_the_past() -> None:
    got = _one("diagnosed with hypothyroidism on january 5", "Condition")
    assert got["since"] == "2026-01-05"


def test_a_year_or_month_alone_does_not_date_a_diagnosis() -> None:
    assert "since" not in _one("I have type 2 diabetes, diagnosed in 2019", "Condition")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("taking 200 milligrams of ibuprofen every 8 hours", {"name": "ibuprofen", "dose": "200 mg", "frequency": "every 8 hours"}),
        ("amlodipine, one tablet twice daily", {"name": "amlodipine", "dose": "1 tablet", "frequency": "twice daily"}),
        ("I'm on ibuprofen 400mg x3 a day", {"name": "ibuprofen", "dose": "400 mg", "frequency": "x3 a day"}),
        ("I take 2 puffs of Ventolin when needed", {"name": "ventolin", "dose": "2 puffs", "frequency": "when needed"}),
        ("She's taking amoxicilin 500mg three times daily", {"name": "amoxicillin", "drug_class": "penicillins"}),
        ("My dad is on blood thinners", {"name": "blood thinners", "drug_class": "anticoagulants", "subject": "father"}),
        ("My doctor prescribed me Lipitor 20 mg once a day", {"name": "lipitor", "drug_class": "statins", "prescriber": "doctor"}),
        ("got amoxicillin for an ear infection", {"name": "amoxicillin"}),
    ],
)
def test_medication_phrasings(text: str, expected: dict[str, str]) -> None:
    got = _one(text, "Medication")
    assert {k: got.get(k) for k in expected} == expected


def test_a_switch_stops_the_old_drug_without_its_new_prescriber() -> None:
    got = {m["name"]: m for m in _facts("Dr. Romero switched my mom from simvastatin to atorvastatin 40mg at bedtime", "Medication")}
    assert got["simvastatin"]["status"] == "stopped" and "prescriber" not in got["simvastatin"]
    assert got["atorvastatin"]["prescriber"] == "Dr. Romero" and got["atorvastatin"]["frequency"] == "at bedtime"


def test_a_drug_declined_in_the_next_sentence_is_cancelled() -> None:
    got = {m["name"]: m for m in _facts("the pharmacist said not to mix the tramadol with my fluoxetine. so I'm not going to start it",
                                        "Medication")}
    assert got["tramadol"].get("status") == "cancelled"
    assert got["fluoxetine"].get("status") in (None, "active")


@pytest.mark.parametrize(
    "text",
    [
        "I might start taking melatonin",
        "the pharmacist said ibuprofen is fine",
        "Can't take ibuprofen, it upsets my stomach",
        "I've never taken codeine",
        "my wife Hana is taking the train to Montreal",
    ],
)
def test_medication_near_misses(text: str) -> None:
    assert _facts(text, "Medication") == []


@pytest.mark.parametrize(
    ("text", "frame", "subject"),
    [
        ("Emma has a severe peanut allergy", "Allergy", "emma"),
        ("Jun is severely allergic to shellfish", "Allergy", "jun"),
        ("husband just started on Ozempic", "Medication", "husband"),
        ("mom's on Eliquis now", "Medication", "mother"),  # recorded as the people table records kin
        ("strawberries give my daughter a rash", "Allergy", "daughter"),
        ("Im allergic to sulfa", "Allergy", "me"),
        ("Penicillin is a problem for me, I get hives", "Allergy", "me"),
        ("Peanut allergy for Emma, severe", "Allergy", "emma"),
        ("no shellfish for Jun please, she's allergic", "Allergy", "jun"),
        ("my cat has diabetes", "Condition", "cat"),
    ],
)
def test_a_bare_name_or_relation_opening_a_health_statement_is_the_subject(text: str, frame: str, subject: str) -> None:
    assert _one(text, frame)["subject"] == subject


def test_a_course_for_n_days_ends_on_its_last_day() -> None:
    got = _one("Got diagnosed with pneumonia today, on azithromycin for 5 days", "Medication")
    assert (got["start"], got["stop"]) == ("2026-03-03", "2026-03-07")


def test_an_errand_date_is_not_a_start() -> None:
    assert "start" not in _one("I need to pick up my prescription for amoxicillin tomorrow", "Medication")


def test_a_drug_that_upsets_the_stomach_is_avoided_and_its_replacement_taken() -> None:
    text = "ibuprofen upsets my stomach so I take Tylenol instead"
    assert [a["allergen"] for a in _facts(text, "Allergy")] == ["ibuprofen"]
    assert [m["name"] for m in _facts(text, "Medication")] == ["tylenol"]
