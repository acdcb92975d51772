"""The deadlines and health packs, end to end against an explicit ``now``."""

from __future__ import annotations

import datetime as dt

DUE = "deadlines.due_soon"
RETURN = "deadlines.return_window"
ALLERGY = "health_interactions.drug_allergy"


def _run(world, now: dt.datetime, rule: str):
    world.checkpoint()
    run = world.rules(now)
    assert run.problems == []
    return [a for a in run.alerts if a.rule == rule]


def test_deadline_counts_down_and_turns_critical_when_overdue(world) -> None:
    fid = world.say("Deadline", "tax", {"about": "tax return", "due": "2025-01-20", "action": "file online"})
    assert _run(world, dt.datetime(2025, 1, 10, 9), DUE) == []  # 10 days away
    (soon,) = _run(world, dt.datetime(2025, 1, 15, 9), DUE)
    assert soon.severity == "warning" and soon.title == "Due in 5 days: Tax return"
    assert soon.message == "Tax return (file online) is due 2025-01-20, in 5 days."
    (today,) = _run(world, dt.datetime(2025, 1, 20, 18), DUE)
    assert today.severity == "critical" and "today" in today.message
    (late,) = _run(world, dt.datetime(2025, 1, 23, 9), DUE)
    assert late.severity == "critical" and "was due 2025-01-20, 3 days ago" in late.message
    assert soon.key == late.key == f"{DUE}:{fid}"


def test_a_done_deadline_is_quiet(world) -> None:
    world.say("Deadline", "tax", {"about": "tax return", "due": "2025-01-20"})
    world.say("Deadline", "tax", {"status": "done"})
    assert _run(world, dt.datetime(2025, 1, 19), DUE) == []


def test_return_window_closing(world) -> None:
    world.say("Purchase", "tv", {"item": "TV", "return_by": "2025-01-14"})
    (a,) = _run(world, dt.datetime(2025, 1, 12), RETURN)
    assert "closes 2025-01-14, in 2 days" in a.message


def test_a_drug_in_the_allergy_class_is_critical(world) -> None:
    med = world.say("Medication", "amox", {"name": "amoxicillin", "dose": "500 mg"})
    allergy = world.say("Allergy", "pen", {"allergen": "penicillin", "severity": "severe", "reaction": "hives"})
    (a,) = _run(world, dt.datetime(2025, 1, 12), ALLERGY)
    assert a.severity == "critical"
    assert a.message.startswith("Amoxicillin is a penicillin, and you are allergic to penicillin (severe, hives).")
    assert a.evidence == (med, allergy)


def test_stated_drug_class_and_allergen_class_are_used(world) -> None:
    world.say("Medication", "x", {"name": "Brufen Retard", "drug_class": "NSAID"})
    world.say("Allergy", "asp", {"allergen": "aspirin", "allergen_class": "nsaids"})
    (a,) = _run(world, dt.datetime(2025, 1, 12), ALLERGY)
    assert a.severity == "critical" and "is a NSAID" in a.message


def test_cross_reactive_class_warns(world) -> None:
    world.say("Medication", "cef", {"name": "cephalexin"})
    world.say("Allergy", "pen", {"allergen": "penicillin"})
    (a,) = _run(world, dt.datetime(2025, 1, 12), ALLERGY)
    assert a.severity == "warning" and "cephalosporin" in a.message


def test_unrelated_stopped_or_other_persons_drugs_are_quiet(world) -> None:
    world.say("Allergy", "pen", {"allergen": "penicillin"})
    world.say("Medication", "ibu", {"name": "ibuprofen"})
    world.say("Medication", "amox", {"name": "amoxicillin"}, subject="Emma")
    world.say("Medication", "fluclox", {"name": "flucloxacillin"})
    world.say("Medication", "fluclox", {"status": "stopped"})
    assert _run(world, dt.datetime(2025, 1, 12), ALLERGY) == []
