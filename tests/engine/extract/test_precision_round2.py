"""Precision: guessed drugs need a medical clause, groups of people are their own subject, and a rule
asked of the assistant ("remind me before any passport expires") states no fact."""

import pytest

from .helpers import Log, only

# Words spelt like a drug (or a drug brand) in talk that has nothing to do with medicines.
NOT_MEDICINE = [
    "We went to a concert last night and it was amazing.",
    "I'm taking my daughter to a concert on Saturday.",
    "Took the kids to the Concert Hall for the matinee.",
    "Hana is coming over for dinner on Friday.",
    "My friend Hana is taking the train on Monday.",
    "Hana started her new job last week.",
    "Ella takes the bus to school every morning.",
    "Addy and Val are coming to the wedding on the 5th.",
    "Val is on the committee this year.",
    "We were stationed in Germany when I started the job.",
    "The hearing is on Monday and I'm taking the day off.",
    "Victoria started at the new school on the 3rd.",
    "My cousin Allie is taking over the lease.",
    "Starting Monday I'm on the early shift.",
    "I started a singular new hobby: pottery.",
]


@pytest.mark.parametrize("text", NOT_MEDICINE)
def test_words_spelt_like_a_drug_are_no_medicine_outside_medical_talk(text: str) -> None:
    assert [f.slots for f in Log().say(text) if f.frame == "Medication"] == []


@pytest.mark.parametrize(("text", "name", "generic"), [
    ("I started zolaft 50mg last week.", "zoloft", "sertraline"),
    ("Doctor prescribed me zoloftt.", "zoloft", "sertraline"),
    ("The doctor put me on sertralin 25 mg.", "sertraline", "sertraline"),
    ("Pharmacist says my amoxicilin refill is ready.", "amoxicillin", "amoxicillin"),
])
def test_a_misspelt_drug_still_counts_in_a_medical_clause(text: str, name: str, generic: str) -> None:
    med = only(Log().say(text), "Medication")
    assert med.slots["name"] == name and med.entity_key == generic


def test_a_name_said_as_a_person_is_never_the_drug_of_the_clause() -> None:
    facts = Log().say("My sister Hana takes ibuprofen for headaches.")
    med = only(facts, "Medication")
    assert med.slots["name"] == "ibuprofen" and med.subject == "hana"


@pytest.mark.parametrize(("text", "frame", "subject"), [
    ("My parents are visiting Japan in May.", "Trip", "parents"),
    ("my in-laws are going to Florida next month", "Trip", "in-laws"),
    ("My folks take the ferry to Crete on July 2.", "Trip", "parents"),
    ("the kids' passports expire in June 2026", "TravelDocument", "kids"),
    ("Our children's passports run out on 3 March 2026.", "TravelDocument", "kids"),
    ("Both my kids are allergic to peanuts.", "Allergy", "kids"),
])
def test_a_group_of_the_users_people_is_the_subject(text: str, frame: str, subject: str) -> None:
    assert only(Log().say(text), frame).subject == subject


def test_a_household_bill_of_a_group_stays_the_users() -> None:
    assert only(Log().say("the kids' Disney plus went up to 13.99 a month"), "Subscription").subject == "me"


@pytest.mark.parametrize("text", [
    "Canada's visa rules changed last year.",
    "Japan's e-visa portal was down all morning.",
])
def test_a_country_is_never_a_subject(text: str) -> None:
    assert all(f.subject == "me" for f in Log().say(text))


@pytest.mark.parametrize(("text", "group"), [
    ("My parents and I are flying to Rome on June 3.", "parents"),
    ("me and the kids are going to Lisbon on 3 March", "kids"),
    ("Our kids and I are driving to Porto on the 5th.", "kids"),
])
def test_a_group_travelling_with_the_user_gets_the_trip_too(text: str, group: str) -> None:
    trips = [f for f in Log().say(text) if f.frame == "Trip"]
    assert sorted(f.subject for f in trips) == sorted(["me", group])
    assert len({f.entity_key for f in trips}) == 1


@pytest.mark.parametrize("text", [
    "remind me a week before any passport expires",
    "warn me if my visa runs out before a trip",
    "tell me when any subscription renews",
    "Let me know whenever one of the kids' passports is about to expire.",
    "Alert me if I book a flight to the US without an ESTA.",
    "ping me every time a visa of ours is close to expiring",
])
def test_a_rule_for_the_assistant_states_no_fact(text: str) -> None:
    assert [f.frame for f in Log().say(text) if f.frame != "Note"] == []


def test_a_reminder_next_to_a_dated_fact_keeps_the_fact() -> None:
    doc = only(Log().say("My passport expires on 3 June 2026, remind me two months before."), "TravelDocument")
    assert doc.slots["expires"] == "2026-06-03"
    trip = only(Log().say("We fly to Lisbon on 3 March, remind me to pack the adapter."), "Trip")
    assert trip.slots["destination"] == "Lisbon"


@pytest.mark.parametrize("text", [
    "The ad for Ozempic was everywhere on TV.",
    "My doctor mentioned statins but we didn't decide anything.",
    "Lots of people take melatonin for jet lag.",
    "I'd rather not take antibiotics unless I have to.",
    "The nurse asked whether I take any blood thinners.",
    "My manager's wife takes metformin.",
])
def test_a_drug_named_without_the_user_taking_it_is_no_medication(text: str) -> None:
    assert [f.slots for f in Log().say(text) if f.frame == "Medication"] == []


def test_a_drug_ruled_out_is_not_taken_but_the_one_taken_is() -> None:
    facts = Log().say("My dad's on blood thinners, so no aspirin for him.")
    assert [(f.subject, f.slots["name"]) for f in facts if f.frame == "Medication"] == [("father", "blood thinners")]
    assert [f.slots["name"] for f in Log().say("Avoid ibuprofen, I take naproxen.") if f.frame == "Medication"] == ["naproxen"]


@pytest.mark.parametrize(("text", "frame", "subject"), [
    ("My coworker is on Ozempic and lost 20 pounds.", "Medication", "coworker"),
    ("My boss is allergic to shellfish.", "Allergy", "boss"),
    ("My neighbour has diabetes.", "Condition", "neighbour"),
    ("My doctor put me on lisinopril 10mg.", "Medication", "me"),
    ("My coworker and I are both allergic to cats.", "Allergy", "me"),
])
def test_a_health_fact_about_a_colleague_is_theirs_but_a_prescriber_is_not_the_patient(text: str, frame: str, subject: str) -> None:
    assert only(Log().say(text), frame).subject == subject
