"""Health phrasings by class: prescription shorthand, who a pronoun or a possessive points at, what-ifs and
suspicions, diet rules, retractions with an exception, and condition wordings (adjective forms, a contracted
"is", recoveries).

The sentences are written for these tests and differ from the benchmark's, so a class of phrasing is checked
rather than one sentence.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from tests.engine.extract.helpers import Log

DAY = dt.date(2026, 11, 23)
MOM = {"mom", "mother", "mum"}
DAD = {"dad", "father"}


def _facts(text: str, frame: str) -> list[dict[str, Any]]:
    return [{**f.slots, "subject": f.subject} for f in Log().say(text, DAY) if f.frame == frame]


def _one(text: str, frame: str) -> dict[str, Any]:
    got = _facts(text, frame)
    assert len(got) == 1, f"expected one {frame} in {text!r}, got {got}"
    return got[0]


@pytest.mark.parametrize(
    ("text", "frequency"),
    [
        ("amoxicillin 875 mg bid", "twice a day"),
        ("cephalexin 500mg tid for a week", "three times a day"),
        ("simvastatin 20 mg qhs", "at bedtime"),
        ("my mom takes synthroid 88mcg qam", "every morning"),
        ("oxycodone 5 mg q6h prn", "every 6 hours as needed"),
        ("tramadol 50mg every 6 hours as needed", "every 6 hours as needed"),
        ("warfarin 2.5 mg qod", "every other day"),
    ],
)
def test_prescription_shorthand_is_spelled_out(text: str, frequency: str) -> None:
    assert _one(text, "Medication")["frequency"] == frequency


def test_an_abbreviated_vitamin_is_recorded_by_its_name() -> None:
    got = _one("vit D 1000 IU with breakfast", "Medication")
    assert got["name"] == "vitamin d"
    assert got["dose"] == "1000 IU"


@pytest.mark.parametrize(
    "text",
    [
        "claritin 10mg daily while the hay fever lasts",  # a dosed medicine is taken, not reacted to
        "ran out of allergy pills, hay fever is brutal",  # a remedy for allergies
    ],
)
def test_a_treatment_for_allergies_is_not_an_allergen(text: str) -> None:
    assert not [a for a in _facts(text, "Allergy") if a["allergen"] in {"claritin", "loratadine", "allergy pills", "antihistamines"}]


@pytest.mark.parametrize(
    "text",
    [
        "if we ever adopt a cat I'd have to take antihistamines every day",
        "my cousin's baby may have a dairy allergy, the pediatrician wants tests",
        "if I ever got shingles I would want the vaccine first",
        "I can't eat beef for religious reasons",
        "we can't have pork, the whole family keeps halal",
    ],
)
def test_what_ifs_suspicions_and_diet_rules_state_no_health_fact(text: str) -> None:
    assert not [f for f in Log().say(text, DAY) if f.frame in {"Allergy", "Medication", "Condition"}]


def test_never_allergic_retracts() -> None:
    got = _one("the allergist says I was never really allergic to cephalexin", "Allergy")
    assert got.get("status") == "cancelled"


@pytest.mark.parametrize("text", ["no allergies to anything except codeine", "not allergic to any meds other than codeine"])
def test_the_exception_to_no_allergies_is_an_allergy(text: str) -> None:
    got = _one(text, "Allergy")
    assert got["allergen"] == "codeine"
    assert got.get("status") in (None, "active")


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("Kiwi gives my wife hives, and shes allergic to latex as well", "wife"),
        ("tomatoes give my son a rash, and hes also allergic to peaches", "son"),
        ("peanuts send my nephew into anaphylaxis", "nephew"),
        ("no sesame in the salad please, my niece is allergic", "niece"),
    ],
)
def test_the_person_reacting_is_the_allergys_subject(text: str, subject: str) -> None:
    got = _facts(text, "Allergy")
    assert got and {a["subject"] for a in got} == {subject}


def test_a_relatives_prescription_is_theirs() -> None:
    assert _one("have to collect my mum's prescription for ramipril", "Medication")["subject"] in MOM
    assert _one("grabbed my dad's lisinopril from the pharmacy", "Medication")["subject"] in DAD


@pytest.mark.parametrize("text", ["my brother's cat is on insulin now", "the vet put our dog on antibiotics"])
def test_a_pets_medicine_is_not_a_persons(text: str) -> None:
    assert all(m["subject"] in {"cat", "dog"} for m in _facts(text, "Medication"))


def test_used_to_take_is_stopped() -> None:
    assert _one("my dad used to take atenolol", "Medication").get("status") == "stopped"


@pytest.mark.parametrize(
    ("text", "name", "status"),
    [
        ("I'm histamine intolerant, headaches if I drink red wine", "histamine intolerance", None),
        ("my mum's hypothyroid", "hypothyroidism", None),
        ("my uncle's type 1 diabetic", "type 1 diabetes", None),
        ("she's anemic according to the bloodwork, my sister I mean", "anemia", None),
        ("my aunt beat ovarian cancer ten years ago", "ovarian cancer", "resolved"),
    ],
)
def test_condition_wordings(text: str, name: str, status: str | None) -> None:
    got = _one(text, "Condition")
    assert got["name"] == name
    assert got.get("status") in ({None, "active"} if status is None else {status})


def test_a_condition_naming_an_event_is_no_diagnosis() -> None:
    assert _facts("signed the twins up for asthma camp in July", "Condition") == []


def test_an_itching_body_part_is_the_reaction() -> None:
    assert _one("nickel makes my ears itch", "Allergy").get("reaction") == "ears itching"


@pytest.mark.parametrize(
    ("text", "frame", "other"),
    [
        ("me and my daughter are both allergic to dogs", "Allergy", "daughter"),
        ("my brother and I both have strep throat", "Condition", "brother"),
    ],
)
def test_a_joint_subject_gives_each_person_the_fact(text: str, frame: str, other: str) -> None:
    assert sorted(f["subject"] for f in _facts(text, frame)) == sorted(["me", other])


def test_hay_fever_stays_an_allergy_when_a_remedy_is_named() -> None:
    got = _facts("I have hay fever so loratadine 10mg every morning in spring", "Allergy")
    assert [a["allergen"] for a in got] == ["pollen"]


@pytest.mark.parametrize(
    "text",
    [
        "Seasonal allergies too, she's on Claritin from April",
        "Hay fever every May, been on Zyrtec for years",
    ],
)
def test_a_medicine_someone_is_on_is_never_the_allergen(text: str) -> None:
    assert [a["allergen"] for a in _facts(text, "Allergy")] == ["pollen"]


def test_a_drug_someone_was_on_when_they_reacted_is_the_allergen() -> None:
    assert [a["allergen"].lower() for a in _facts("I was on amoxicillin once and broke out in hives", "Allergy")] == ["amoxicillin"]


def test_a_drug_that_makes_the_stomach_hurt_is_avoided() -> None:
    got = _one("diclofenac makes my stomach hurt", "Allergy")
    assert (got["allergen"], got.get("reaction")) == ("diclofenac", "stomach pain")


@pytest.mark.parametrize(
    "text",
    [
        "picked up cat food and a dog toy on the way home",  # an allergen word naming something else
        "bought peanut-free granola bars for the school trip",
        "she baked a gluten-free cake for her celiac neighbour",  # someone outside the family
        "the pharmacist said I can take paracetamol with it",  # a permission, not a use
    ],
)
def test_modifiers_and_permissions_state_no_health_fact(text: str) -> None:
    assert not [f for f in Log().say(text, DAY) if f.frame in {"Allergy", "Medication", "Condition"}]
