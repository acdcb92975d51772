"""Wording other people use: lay names of conditions, more allergens and allergy phrasings, more purchase verbs.

Each case is written fresh here so the detectors are checked on vocabulary, not on benchmark sentences.
"""

from __future__ import annotations

import pytest

from tests.engine.extract.helpers import Log


def _frames(text: str, frame: str) -> list[dict]:
    return [f.slots for f in Log().say(text) if f.frame == frame]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The GP says I've got high bp now.", "hypertension"),
        ("I've been dealing with sciatica since the summer.", "sciatica"),
        ("My husband had a mini-stroke in 2019.", "stroke"),
        ("I'm pregnant, due in the spring!", "pregnancy"),
        ("Turns out I have stage 3 CKD.", "chronic kidney disease"),
        ("I was diagnosed with sleep apnoea.", "sleep apnea"),
        ("I have a slipped disc in my lower back.", "herniated disc"),
        ("I have MS.", "multiple sclerosis"),
    ],
)
def test_condition_lay_terms(text: str, name: str) -> None:
    assert name in [s["name"] for s in _frames(text, "Condition")]


@pytest.mark.parametrize("text", ["It is cold and wet here today.", "That was a stroke of luck, honestly.", "Can you pass the pen?"])
def test_everyday_words_are_not_conditions(text: str) -> None:
    assert _frames(text, "Condition") == []


@pytest.mark.parametrize(
    ("text", "allergen"),
    [
        ("I can't handle mangoes at all, my lips swell.", "mangoes"),
        ("Sesame oil doesn't agree with me.", "sesame oil"),
        ("I get hives from wool jumpers.", "wool"),
        ("My son swells up after fire ant bites.", "fire ants"),
        ("I carry an epi-pen for bee stings.", "bee stings"),
        ("I've got an intolerance to sulfites.", "sulfites"),
    ],
)
def test_allergy_phrasings(text: str, allergen: str) -> None:
    assert allergen in [s["allergen"].lower() for s in _frames(text, "Allergy")]


def test_a_drug_allergy_keeps_the_drug_name() -> None:
    slots = _frames("Lidocaine gives me a rash.", "Allergy")
    assert [s["allergen"] for s in slots] == ["lidocaine"]


@pytest.mark.parametrize(
    ("text", "item"),
    [
        ("Scored a refurbished laptop for $420 yesterday.", "laptop"),
        ("Sprang for the noise-cancelling headphones, 299 dollars.", "noise-cancelling headphones"),
        ("Pre-ordered the new console from Target.", "console"),
    ],
)
def test_purchase_verbs(text: str, item: str) -> None:
    assert item in [s.get("item") for s in _frames(text, "Purchase")]
