"""Deadlines pack: near-term notice, return windows, warranties, renewals to stop, documents."""

from __future__ import annotations

import datetime as dt


def _run(world, rule: str, now: dt.datetime):
    world.checkpoint()
    run = world.rules(now)
    assert run.problems == []
    return [a for a in run.alerts if a.rule == rule]


def test_a_deadline_two_weeks_out_is_info(world) -> None:
    world.say("Deadline", "tax", {"about": "taxes", "due": "2025-04-15"})
    assert _run(world, "deadlines.coming_up", dt.datetime(2025, 3, 31)) == []
    (a,) = _run(world, "deadlines.coming_up", dt.datetime(2025, 4, 2))
    assert a.severity == "info" and a.message == "Taxes is due 2025-04-15, in 13 days."
    assert _run(world, "deadlines.coming_up", dt.datetime(2025, 4, 8)) == []
    assert len(_run(world, "deadlines.due_soon", dt.datetime(2025, 4, 8))) == 1


def test_return_window_and_a_returned_duplicate(world) -> None:
    world.say("Purchase", "desk", {"item": "standing desk", "vendor": "Amazon", "return_by": "2025-05-11"})
    (a,) = _run(world, "deadlines.return_window", dt.datetime(2025, 5, 7))
    assert a.severity == "warning" and "closes 2025-05-11, in 4 days" in a.message and "to Amazon" in a.message
    world.say("Purchase", "desk2", {"item": "desk", "status": "returned"})
    assert _run(world, "deadlines.return_window", dt.datetime(2025, 5, 8)) == []


def test_warranty_ends(world) -> None:
    fid = world.say("Purchase", "dyson", {"item": "Dyson V15", "vendor": "Currys", "warranty_until": "2027-01-24"})
    assert _run(world, "deadlines.warranty_ends", dt.datetime(2026, 12, 1)) == []
    (a,) = _run(world, "deadlines.warranty_ends", dt.datetime(2027, 1, 14))
    assert a.severity == "warning" and a.evidence == (fid,)
    assert a.message.startswith("The warranty for Dyson V15 ends 2027-01-24, in 10 days: report any fault with Currys")
    assert _run(world, "deadlines.warranty_ends", dt.datetime(2027, 1, 25)) == []


def test_renewal_the_user_wants_to_stop(world) -> None:
    sub = world.say("Subscription", "nyt", {"service": "New York Times", "renewal": "2025-07-02"})
    wish = world.say("Note", "nyt", {"text": "I want to get rid of the NYT subscription before it renews on July 2"})
    (a,) = _run(world, "deadlines.renewal_to_stop", dt.datetime(2025, 6, 28))
    assert a.evidence == (sub, wish) and a.severity == "warning"
    assert a.message.startswith("New York Times renews 2025-07-02, in 4 days, and you said you want to stop it.")
    world.say("Subscription", "nyt", {"status": "cancelled"})
    assert _run(world, "deadlines.renewal_to_stop", dt.datetime(2025, 6, 30)) == []


def test_renewal_with_a_preference_and_near_misses(world) -> None:
    world.say("Subscription", "prime", {"service": "Amazon Prime", "renewal": "2025-11-23", "amount": "95",
                                        "currency": "GBP"})
    world.say("Preference", "prime", {"topic": "Amazon Prime", "value": "don't want it to renew this year"})
    world.say("Subscription", "netflix", {"service": "Netflix", "renewal": "2025-11-22"})  # no wish to stop
    world.say("Subscription", "spotify", {"service": "Spotify", "renewal": "2025-11-21"})
    world.say("Note", "spotify", {"text": "I won't cancel Spotify, I use it daily"})
    alerts = _run(world, "deadlines.renewal_to_stop", dt.datetime(2025, 11, 20))
    assert [a.title for a in alerts] == ["Amazon Prime renews in 3 days: cancel it first"]
    assert "for 95 GBP" in alerts[0].message


def test_document_expiry_countdown(world) -> None:
    world.say("TravelDocument", "visa", {"kind": "visa", "country": "CA", "expires": "2026-01-03"})
    world.say("TravelDocument", "visa2", {"kind": "visa", "expires": "2027-06-30"})
    world.say("TravelDocument", "old", {"kind": "passport", "expires": "2026-01-10", "status": "lost"})
    (a,) = _run(world, "deadlines.document_expiry", dt.datetime(2025, 12, 24))
    assert a.title == "Your visa (CA) expires in 10 days" and "expires 2026-01-03" in a.message


def test_a_deadline_to_cancel_or_return_is_met_by_the_cancellation_or_return(world) -> None:
    world.say("Subscription", "nyt", {"service": "New York Times", "renewal": "2025-07-02"})
    world.say("Deadline", "nyt subscription", {"about": "NYT subscription", "action": "cancel", "due": "2025-07-02"})
    world.say("Deadline", "coat", {"about": "coat", "action": "return", "due": "2025-07-03"})
    world.say("Purchase", "coat", {"item": "wool coat", "vendor": "John Lewis"})
    assert len(_run(world, "deadlines.due_soon", dt.datetime(2025, 6, 30))) == 2
    world.say("Subscription", "nyt", {"status": "cancelled"})
    (left,) = _run(world, "deadlines.due_soon", dt.datetime(2025, 6, 30))
    assert left.title == "Due in 3 days: Coat"
    world.say("Purchase", "coat", {"status": "returned"})
    assert _run(world, "deadlines.due_soon", dt.datetime(2025, 6, 30)) == []


def test_only_the_users_own_deadlines_count_down(world) -> None:
    world.say("Deadline", "licence", {"about": "driving licence", "action": "renew", "due": "2025-08-03"}, subject="wife")
    world.say("Deadline", "report", {"about": "expense report", "due": "2025-08-04"})
    alerts = _run(world, "deadlines.due_soon", dt.datetime(2025, 7, 30))
    assert [a.title for a in alerts] == ["Due in 5 days: Expense report"]


def test_someone_elses_document_is_not_counted_down(world) -> None:
    world.say("Person", "dan", {"name": "Dan", "relation": "coworker"})
    world.say("TravelDocument", "dan licence", {"kind": "licence", "expires": "2025-05-02"}, subject="dan")
    world.say("Trip", "cornwall", {"destination": "Cornwall", "country": "GB", "start": "2025-04-28", "end": "2025-05-03",
                                   "purpose": "family"})
    assert _run(world, "deadlines.document_expiry", dt.datetime(2025, 4, 5)) == []


def test_a_family_members_document_counts_only_while_they_travel_with_the_user(world) -> None:
    world.say("TravelDocument", "mia passport", {"kind": "passport", "expires": "2025-07-20"}, subject="daughter")
    assert _run(world, "deadlines.document_expiry", dt.datetime(2025, 7, 1)) == []
    world.say("Trip", "crete", {"destination": "Crete", "country": "GR", "start": "2025-07-10", "end": "2025-07-17",
                                "purpose": "family"})
    (a,) = _run(world, "deadlines.document_expiry", dt.datetime(2025, 7, 1))
    assert a.title == "daughter's passport expires in 19 days"


def test_a_return_window_two_weeks_out_is_told_as_info_and_a_month_out_is_quiet(world) -> None:
    world.say("Purchase", "coat", {"item": "wool coat", "return_by": "2026-12-05"})
    (a,) = _run(world, "deadlines.return_window", dt.datetime(2026, 11, 24))
    assert a.severity == "info" and "closes 2026-12-05, in 11 days" in a.message
    assert _run(world, "deadlines.return_window", dt.datetime(2026, 11, 5)) == []
