import datetime as dt

import pytest

from engine.extract.pipeline import extract_messages
from engine.log import NewFact
from models.log import MessageRow

from .helpers import TODAY, Log, only


def test_demo_passport_then_trip() -> None:
    log = Log()
    doc = only(log.say("My passport expires on March 5, 2025."), "TravelDocument")
    assert doc.slots["kind"] == "passport" and doc.slots["expires"] == "2025-03-05"
    assert doc.entity_key.startswith("passport:")
    trip = only(log.say("I'm flying to Tokyo on February 20, 2025."), "Trip")
    assert trip.slots["country"] == "JP" and trip.slots["start"] == "2025-02-20"
    assert trip.slots["destination"] == "Tokyo" and trip.slots["transport"] == "flight"
    assert trip.entity_key == "JP" and trip.domain == "travel"


def test_span_and_evidence_point_into_the_message() -> None:
    text = "Hi there. My Japanese visa is valid until 2025-06-30, multiple entry."
    facts = Log().say(text)
    doc = only(facts, "TravelDocument")
    assert text[doc.span[0] : doc.span[1]] == doc.evidence
    assert "visa" in doc.evidence
    assert doc.slots == {"kind": "visa", "country": "JP", "expires": "2025-06-30", "entries": "multiple"}


@pytest.mark.parametrize(("text", "start", "end"), [
    ("Booked flights to Barcelona for the 14th to the 21st of December!", "2024-12-14", "2024-12-21"),
    ("Heading to Mexico City for work, leaving Dec 2 and back Dec 6.", "2024-12-02", "2024-12-06"),
    ("We're going to Lisbon from March 3 to March 10.", "2025-03-03", "2025-03-10"),
])
def test_trip_dates(text: str, start: str, end: str) -> None:
    trip = only(Log().say(text), "Trip")
    assert (trip.slots["start"], trip.slots["end"]) == (start, end)


def test_return_date_alone_is_the_end() -> None:
    trip = only(Log().say("I get back from Osaka on Nov 30."), "Trip")
    assert trip.slots.get("end") == "2024-11-30" and "start" not in trip.slots


def test_origin_is_not_the_destination() -> None:
    trip = only(Log().say("Flying from London to Singapore on January 8."), "Trip")
    assert trip.slots["country"] == "SG"


def test_medication_slots() -> None:
    med = only(Log().say("The doctor put me on amoxicillin 500 mg three times a day for 10 days starting today."), "Medication")
    assert med.slots["name"] == "amoxicillin" and med.slots["drug_class"] == "penicillins"
    assert med.slots["dose"] == "500 mg" and med.slots["frequency"] == "three times a day"
    # "for 10 days starting today" ends on day 10 (start + 9), as the data README labels it
    assert med.slots["start"] == "2024-11-12" and med.slots["stop"] == "2024-11-21"


def test_allergy_and_medication_in_one_sentence_are_not_confused() -> None:
    facts = Log().say("I'm allergic to penicillin and I take metformin twice a day.")
    assert only(facts, "Allergy").slots["allergen"] == "penicillin"
    assert only(facts, "Medication").slots["name"] == "metformin"


def test_subject_of_a_relative_with_a_name() -> None:
    facts = Log().say("My wife Jun is allergic to shellfish.")
    allergy = only(facts, "Allergy")
    assert allergy.subject == "jun" and allergy.slots["allergen_class"] == "shellfish"
    person = only(facts, "Person")
    assert person.slots == {"name": "Jun", "relation": "wife"} and person.subject == "me"


def test_known_relative_resolves_later_mentions() -> None:
    log = Log()
    log.say("My son Leo (5) loves trains.")
    med = only(log.say("My son takes cetirizine in the morning."), "Medication")
    assert med.subject == "leo"


def test_event_and_deadline() -> None:
    ev = only(Log().say("I have a dentist appointment next Tuesday at 3pm."), "Event")
    assert ev.slots["kind"] == "appointment" and ev.slots["start"] == "2024-11-19" and ev.slots["time"] == "15:00"
    assert "dentist" in ev.slots["title"]
    dl = only(Log().say("I need to file my taxes by April 15."), "Deadline")
    assert dl.slots == {"about": "taxes", "action": "file", "due": "2025-04-15"}


def test_finance_frames() -> None:
    sub = only(Log().say("Spotify renews on the 28th for $10.99."), "Subscription")
    assert sub.slots == {"service": "Spotify", "amount": "10.99", "currency": "USD", "renewal": "2024-11-28"}
    tr = only(Log().say("I sent my brother 300 bucks yesterday."), "Transfer")
    assert tr.slots["payee"] == "brother" and tr.slots["amount"] == "300.00" and tr.slots["status"] == "done"
    acct = only(Log().say("My Chase credit card has a $5,000 limit."), "Account")
    assert acct.slots["kind"] == "credit_card" and acct.slots["limit"] == "5000.00"
    buy = only(Log().say("I bought a laptop for $1,200 at Best Buy yesterday, 30-day return window."), "Purchase")
    assert buy.slots["item"] == "laptop" and buy.slots["vendor"] == "Best Buy"
    assert buy.slots["date"] == "2024-11-11" and buy.slots["return_by"] == "2024-12-11"


def test_cancellation_supersedes_the_earlier_facts() -> None:
    log = Log()
    log.say("I'm flying to Tokyo on February 20, 2025.")
    log.say("We're going to Lisbon from March 3 to March 10.")
    cancel = only(log.say("I cancelled the Japan trip."), "Trip")
    assert cancel.op == "cancel" and cancel.slots["status"] == "cancelled"
    assert cancel.supersedes == (1,)


def test_subscription_cancellation() -> None:
    log = Log()
    log.say("I pay $15.99 a month for Netflix.")
    log.say("I pay $10.99 a month for Spotify.")
    cancel = only(log.say("I cancelled Netflix."), "Subscription")
    assert cancel.op == "cancel" and cancel.supersedes == (1,)


def test_stopping_a_medication_is_a_status_change_of_that_drug_only() -> None:
    log = Log()
    log.say("I take ibuprofen for my back.")
    log.say("I take 20mg of atorvastatin every night.")
    stop = only(log.say("Dr. Lee stopped the ibuprofen."), "Medication")
    assert stop.slots["status"] == "stopped" and stop.entity_key == "ibuprofen"
    assert stop.supersedes == (1,)


def test_correction_without_a_name_reanchors_the_day() -> None:
    log = Log()
    log.say("I'm flying to Tokyo on February 20, 2025.")
    fix = only(log.say("Actually the flight is on the 22nd."), "Trip")
    assert fix.slots["start"] == "2025-02-22" and fix.supersedes == (1,) and fix.entity_key == "JP"


def test_rescheduled_event_joins_its_record() -> None:
    log = Log()
    log.say("I have a dentist appointment next Tuesday at 3pm.")
    moved = only(log.say("My dentist appointment got moved to Thursday."), "Event")
    assert moved.slots["start"] == "2024-11-14" and moved.supersedes == (1,)


def test_a_new_entity_does_not_supersede_another() -> None:
    log = Log()
    log.say("I'm flying to Tokyo on February 20, 2025.")
    trip = only(log.say("Booked a trip to Rome for June 2 to June 9."), "Trip")
    assert trip.supersedes == () and trip.entity_key == "IT"


def test_notes_keep_statements_but_not_small_talk_or_questions() -> None:
    log = Log()
    note = only(log.say("I really enjoyed the book you recommended, it changed how I think about money."), "Note")
    assert note.op == "note" and note.slots["text"].startswith("I really enjoyed")
    assert log.say("hi, how are you?") == []
    assert log.say("Thanks!") == []
    assert log.say("Can you remind me what my passport number is?") == []


def test_assistant_messages_yield_nothing() -> None:
    rows = [MessageRow(id=1, session_id="s", seq=0, speaker="assistant", text="Your flight to Tokyo is on March 3.",
                       created_at=dt.datetime(2024, 1, 1))]
    assert extract_messages(rows, rows, TODAY, [], None) == []


def test_short_answer_borrows_the_assistant_question() -> None:
    facts = Log().say("Next Friday, to Madrid.", context=[("assistant", "When is your flight?")])
    trip = only(facts, "Trip")
    assert trip.slots["country"] == "ES" and trip.slots["start"] == "2024-11-22"


def test_every_fact_is_well_formed() -> None:
    from engine.frames import frame

    text = ("My passport expires on March 5, 2025. I'm flying to Tokyo on February 20. My wife Jun is allergic "
            "to shellfish, and I take metformin. Spotify renews on the 28th for $10.99.")
    facts = Log().say(text)
    assert {f.frame for f in facts} >= {"TravelDocument", "Trip", "Allergy", "Medication", "Subscription", "Person"}
    for f in facts:
        assert isinstance(f, NewFact)
        fr = frame(f.frame)
        assert set(f.slots) <= {*fr.slot_names, "status"}
        assert f.extractor == "detector" and f.domain == fr.domain
        for name, value in f.slots.items():
            kind = fr.slot(name).kind if name != "status" else "str"
            if kind == "date":
                dt.date.fromisoformat(value)
            if kind == "enum":
                assert value in fr.slot(name).choices
        assert text[f.span[0] : f.span[1]] == f.evidence


def test_bare_date_correction_changes_the_latest_dated_fact() -> None:
    log = Log()
    first = only(log.say("The Japan trip is March 10-24."), "Trip")
    fix = only(log.say("Actually, make that the 12th."), "Trip")
    assert fix.entity_key == first.entity_key == "JP"
    assert fix.slots["start"] == "2025-03-12" and fix.supersedes == (1,)


def test_switching_drugs_stops_the_old_one() -> None:
    facts = Log().say("Dr Gomez switched me from lisinopril to losartan 25mg.")
    by_name = {f.slots["name"]: f.slots for f in facts if f.frame == "Medication"}
    assert by_name["lisinopril"].get("status") == "stopped"
    assert by_name["losartan"].get("dose") == "25 mg" and "status" not in by_name["losartan"]


def test_intended_cancellation_is_not_a_cancellation() -> None:
    sub = only(Log().say("Apple Music is $10.99/mo, I want to cancel it before it renews on Dec 1."), "Subscription")
    assert sub.op == "assert" and "status" not in sub.slots and sub.slots["renewal"] == "2024-12-01"


def test_visitors_from_a_city_are_not_a_trip() -> None:
    facts = Log().say("My brother Sam is visiting from Toronto next weekend.")
    assert "Trip" not in {f.frame for f in facts}


def test_two_cities_of_one_country_are_two_trips_but_a_correction_joins() -> None:
    log = Log()
    log.say("I'll be in Chicago on December 2 for a client pitch.")
    florida = only(log.say("Taking my mom to Florida for Thanksgiving, leaving Nov 26."), "Trip")
    assert florida.supersedes == () and florida.entity_key != "US"
    moved = only(log.say("Actually my Chicago trip moved to December 4."), "Trip")
    assert moved.supersedes == (1,) and moved.slots["start"] == "2024-12-04"


@pytest.mark.parametrize("fixed_on", [dt.date(2024, 12, 9), dt.date(2024, 12, 10)])
def test_a_second_spend_at_one_shop_is_another_purchase_but_a_correction_joins(fixed_on: dt.date) -> None:
    log = Log()
    first = only(log.say("Spent £46 on groceries at Tesco.", dt.date(2024, 12, 2)), "Purchase")
    second = only(log.say("Spent £31 on groceries at Tesco.", dt.date(2024, 12, 9)), "Purchase")
    assert second.supersedes == () and second.entity_key != first.entity_key
    fixed = only(log.say("Sorry, the Tesco groceries were £33, not £31.", fixed_on), "Purchase")
    assert fixed.supersedes and fixed.slots["amount"] == "33.00"
    assert len({f.entity_key for f in log.facts if f.frame == "Purchase"}) == 2  # a correction adds no third spend


def test_deadline_subjects() -> None:
    assert only(Log().say("Mortgage payment of $2,150 is due the first of every month."), "Deadline").slots == {
        "about": "Mortgage payment", "action": "pay", "due": "2024-12-01"}
    passive = only(Log().say("The car registration needs to be renewed by the end of next month."), "Deadline")
    assert passive.slots == {"about": "car registration", "action": "renew", "due": "2024-12-31"}
    assert "TravelDocument" not in {f.frame for f in Log().say("The passport application has to be mailed by Dec 10.")}


def test_switching_services_cancels_the_old_one() -> None:
    facts = [f for f in Log().say("I switched from Hulu to Netflix.") if f.frame == "Subscription"]
    assert [(f.slots["service"], f.op) for f in facts] == [("Hulu", "cancel"), ("Netflix", "assert")]


def test_lost_document_date_is_not_an_expiry() -> None:
    doc = only(Log().say("I lost my passport in Madrid yesterday!"), "TravelDocument")
    assert doc.slots == {"kind": "passport", "status": "lost"}


def test_a_new_prescription_reactivates_a_stopped_drug() -> None:
    log = Log()
    log.say("I stopped taking sertraline on Oct 1.")
    again = only(log.say("I got a prescription for Zoloft, 50 mg."), "Medication")
    assert again.entity_key == "sertraline" and again.supersedes == (1,) and again.slots["status"] == "active"


def test_drugs_outside_the_table_are_found_when_the_sentence_is_about_medication() -> None:
    med = only(Log().say("I was put on Jardiance last week."), "Medication")
    assert med.slots["name"] == "jardiance" and med.entity_key == "empagliflozin"
    assert [f.frame for f in Log().say("I take the train to work daily and it is fine.")] == ["Note"]
