"""Trip and travel-document phrasing classes beyond the first travel dev sets.

Each test is a class (an expiry said as a month only, the day an application was made, a single
date after "got back from", a past journey said with its own verb, a question about a cancellation,
a vague "at some point"), asserted on typed slots so a regression shows which class broke.
"""

from __future__ import annotations

import datetime as dt

import pytest

from engine.log import NewFact
from tests.engine.extract.helpers import Log


def _facts(text: str, today: str, frame: str) -> list[NewFact]:
    return [f for f in Log().say(text, dt.date.fromisoformat(today)) if f.frame == frame]


@pytest.mark.parametrize(("text", "today", "expires"), [
    ("my passport runs out in november", "2026-03-02", "2026-11-30"),
    ("our visa is good till february 2028", "2026-03-02", "2028-02-29"),
    ("the driving licence expires in june 2031", "2026-03-02", "2031-06-30"),
])
def test_a_month_only_expiry_is_the_last_day_of_that_month(text: str, today: str, expires: str) -> None:
    docs = _facts(text, today, "TravelDocument")
    assert len(docs) == 1
    assert str(docs[0].slots["expires"]) == expires


@pytest.mark.parametrize(("text", "today", "expires"), [
    ("sent off the form to renew my passport on monday, the current one is valid until 12 may", "2026-03-04", "2026-05-12"),
    ("applied for a new licence last week, old one expires 3 april", "2026-03-04", "2026-04-03"),
])
def test_the_day_of_an_application_is_not_the_issue_date(text: str, today: str, expires: str) -> None:
    docs = _facts(text, today, "TravelDocument")
    assert len(docs) == 1
    assert "issued" not in docs[0].slots
    assert str(docs[0].slots["expires"]) == expires


@pytest.mark.parametrize(("text", "today", "end"), [
    ("just got back from Oslo on saturday", "2026-03-04", "2026-02-28"),
    ("came home from Seville on the 2nd, exhausted", "2026-03-04", "2026-03-02"),
])
def test_a_single_date_after_back_from_is_the_return(text: str, today: str, end: str) -> None:
    trips = _facts(text, today, "Trip")
    assert len(trips) == 1
    assert str(trips[0].slots.get("end")) == end
    assert "start" not in trips[0].slots


@pytest.mark.parametrize("text", [
    "took my parents to Bruges for the weekend on the 14th",
    "drove down to Devon on the 3rd with the dog",
    "flew out to Oslo on the 1st and loved it",
])
def test_a_past_journey_verb_makes_the_trip_taken(text: str) -> None:
    trips = _facts(text, "2026-03-20", "Trip")
    assert len(trips) == 1
    assert trips[0].slots.get("status") == "taken"


@pytest.mark.parametrize("text", [
    "if the storm hits will they cancel trains to York?",
    "do you think they'll call off flights to Nice?",
    "my cousin says he might visit Chile at some point",
    "want to see Kyoto at some point",
])
def test_questions_about_cancelling_and_vague_someday_plans_are_no_trip(text: str) -> None:
    assert _facts(text, "2026-03-20", "Trip") == []


@pytest.mark.parametrize("text", [
    "we cancelled the flights to Nice",
    "why did they cancel my flight to Nice?",
])
def test_a_told_cancellation_is_still_a_cancelled_trip(text: str) -> None:
    trips = _facts(text, "2026-03-20", "Trip")
    assert len(trips) == 1
    assert trips[0].slots.get("country") == "FR"


@pytest.mark.parametrize(("text", "today", "expires", "issued"), [
    ("my visa runs out in 3 weeks", "2026-03-02", "2026-03-23", None),
    ("the ID card expires in two months", "2026-03-02", "2026-05-02", None),
    ("renewed my passport, good for 10 years from today", "2026-03-02", "2036-03-02", "2026-03-02"),
])
def test_a_countdown_to_expiry_is_a_date_but_a_length_of_validity_counts_from_issue(
        text: str, today: str, expires: str, issued: str | None) -> None:
    docs = _facts(text, today, "TravelDocument")
    assert len(docs) == 1
    assert str(docs[0].slots["expires"]) == expires
    assert (str(docs[0].slots["issued"]) if "issued" in docs[0].slots else None) == issued
