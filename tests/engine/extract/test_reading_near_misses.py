"""Ordinary sentences the whole-message readers must leave alone: other people's bookings and payments,
wishes, questions, past trips, a wish to stop something else, another purchase's window."""

import datetime as dt

import pytest

from engine.extract.builders.base import Draft
from engine.extract.builders.bought_it import name_the_one
from engine.extract.dates import find_dates
from tests.engine.extract.helpers import frame_slots

DAY = dt.date(2026, 3, 1)


@pytest.mark.parametrize("text", [
    "The Smiths booked the villa for Saturday.",
    "I wish I'd booked a table at Dishoom for Saturday.",
    "Made a booking error on Saturday and got charged twice.",
    "We have a table in the garden that seats six, I'll set it up Saturday.",
    "I booked it for Saturday at 8pm.",
    "I'm on lates 24/7 at the moment.",
    "I'm on nights until the 12th.",
])
def test_no_commitment(text: str) -> None:
    assert frame_slots(text, "Event", DAY) == []


@pytest.mark.parametrize("text", [
    "Flying to Denver on Aug 20, back on the 27th. Should we rent a car?",
    "Flying to Denver on Aug 20, back on the 27th. Might rent a car if it's cheap.",
    "Flying to Denver on Aug 20, back on the 27th. My brother rented a car there last time.",
    "Flying to Denver on Aug 20, back on the 27th. Car rental is way too expensive so we'll use Uber.",
])
def test_no_driving(text: str) -> None:
    assert all("driving" not in t for t in frame_slots(text, "Trip", DAY))


@pytest.mark.parametrize("text", [
    "My Netflix renews on the 14th. I need to cancel the gym though.",
    "Sarah is filing her tax return. Deadline is 31 July.",
])
def test_no_deadline_read_across_sentences(text: str) -> None:
    assert frame_slots(text, "Deadline", DAY) == []


def test_a_cancellation_of_something_else_keeps_the_lease_deadline() -> None:
    got = frame_slots("My lease ends 31 March and I need to find a new place. Also I cancelled Netflix today.", "Deadline", DAY)
    assert [d["about"] for d in got] == ["lease"]


def test_no_card_when_it_was_not_put_on_one() -> None:
    for text in ("Bought a new laptop, 899 dollars at Best Buy, paid with the gift card.",
                 "Bought a new laptop, 899 dollars at Best Buy. The old one I put on the Visa last year."):
        assert all("account" not in p for p in frame_slots(text, "Purchase", DAY))


def test_a_new_one_is_only_the_thing_that_broke() -> None:
    for text, want in (("My phone died so I bought a new one.", "phone"), ("The laptop bag ripped, bought a new one.", "one")):
        drafts = [Draft("Purchase", "one", {"item": "one"}, (text.index("bought"), len(text)), "me")]
        name_the_one(text, drafts)
        assert drafts[0].slots["item"] == want


def test_this_week_and_since_a_day_are_not_rolled_ahead() -> None:
    text = "Had physio on Monday this week, knee is better."
    assert [m.value.start for m in find_dates(text, 0, len(text), dt.date(2024, 11, 13))] == [dt.date(2024, 11, 11)]
    text = "I quit smoking, it's been a week since the 14th."
    assert [m.value.start for m in find_dates(text, 0, len(text), dt.date(2026, 3, 20))] == [dt.date(2026, 3, 14)]
