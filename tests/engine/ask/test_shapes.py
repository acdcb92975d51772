"""Shapes of questions other people write: alternatives of partial values, a sum of two fields,
conditions on groups, the date field a verb names, a collection named by its unit — each over a
real log with several imported collections, so the question must also find its collection."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from engine.ask import Answer, ask
from engine.log import LogStore
from engine.state import State
from tests.engine.ask.imported import imported

FUEL = [
    {"filled_at": "2024-01-04 18:00", "station": "Arco - San Pablo Ave", "grade": "Regular", "gallons": 10.0,
     "price_per_gal": 4.5, "total": 45.0},
    {"filled_at": "2024-01-20 07:10", "station": "Shell - MacArthur Blvd", "grade": "Premium", "gallons": 12.0,
     "price_per_gal": 5.5, "total": 66.0},
    {"filled_at": "2024-02-03 09:30", "station": "Chevron - Broadway", "grade": "Regular", "gallons": 14.0,
     "price_per_gal": 5.0, "total": 70.0},
    {"filled_at": "2024-02-19 17:45", "station": "Shell - Telegraph", "grade": "Regular", "gallons": 9.0,
     "price_per_gal": 5.0, "total": 45.0},
    {"filled_at": "2024-03-08 12:00", "station": "Costco Gas - Richmond", "grade": "Regular", "gallons": 13.0,
     "price_per_gal": 4.0, "total": 52.0},
]
MEALS = """Date,Restaurant,Cuisine,Party Size,Bill,Tip,Rating
2024-01-05,Kiraku,Japanese,2,$60.00,12.00,5
2024-01-12,Kiraku,Japanese,2,$50.00,10.00,4
2024-01-19,Pizzaiolo,Italian,4,$100.00,18.00,3
2024-02-02,Kiraku,Japanese,3,$70.00,14.00,5
2024-02-09,Pizzaiolo,Italian,2,$40.00,8.00,4
2024-02-16,Lers Ros,Thai,2,$30.00,6.00,5
2024-03-01,Kiraku,Japanese,2,$55.00,11.00,4
2024-03-08,Pizzaiolo,Italian,2,$45.00,9.00,3
2024-03-15,Zuni Cafe,Californian,2,$99.00,25.00,5
"""
BOOKS = [
    {"title": "Dune", "genre": "Fiction", "format": "Ebook", "pages": 600, "date_started": "2023-12-20", "date_finished": "2024-01-15",
     "my_rating": 5},
    {"title": "Shoe Dog", "genre": "Memoir", "format": "Paperback", "pages": 400, "date_started": "2024-02-01", "date_finished": "2024-02-20",
     "my_rating": 4},
    {"title": "Circe", "genre": "Fiction", "format": "Hardcover", "pages": 390, "date_started": "2024-12-15", "date_finished": "2025-01-10",
     "my_rating": 4},
]
APPOINTMENTS = [
    {"date": "2024-01-10", "time": "08:30 AM", "provider": "Dr. Park", "kind": "Dermatology", "copay": "$30.00", "status": "Completed"},
    {"date": "2024-02-10", "time": "03:30 PM", "provider": "Dr. Lee", "kind": "Optometrist", "copay": "$20.00", "status": "Completed"},
    {"date": "2024-03-10", "time": "10:00 AM", "provider": "Dr. Cho", "kind": "Dentist", "copay": "$40.00", "status": "Completed"},
    {"date": "2024-04-10", "time": "04:15 PM", "provider": "Dr. Park", "kind": "Dermatology", "copay": "$30.00", "status": "Completed"},
]
RUNS = [
    {"start_time": "2024-01-04T07:28:00", "route": "Lake Loop", "distance_km": 7.5, "avg_hr": 150},
    {"start_time": "2024-01-21T07:17:00", "route": "Hills", "distance_km": 12.0, "avg_hr": 158},
    {"start_time": "2024-02-11T07:35:00", "route": "Lake Loop", "distance_km": 8.0, "avg_hr": 149},
]
FLIGHTS = """Date,Origin,Destination,Fare (USD)
2024-02-06,San Francisco,Boston,310.00
2024-02-09,Boston,San Francisco,295.00
2024-05-01,San Francisco,Denver,180.00
2024-05-04,Denver,Chicago,150.00
"""
NOW = dt.datetime(2025, 6, 15, 12)


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> tuple[State, LogStore]:
    return imported(tmp_path_factory.mktemp("shapes"), {
        "fuel.json": json.dumps(FUEL), "meals.csv": MEALS, "books.json": json.dumps(BOOKS),
        "appointments.json": json.dumps(APPOINTMENTS), "runs.json": json.dumps(RUNS), "flights.csv": FLIGHTS})


def asked(log: tuple[State, LogStore], question: str) -> Answer:
    state, store = log
    return ask(state, question, NOW, None, store)


def test_partial_values_said_as_alternatives_are_one_either_or_condition(log: tuple[State, LogStore]) -> None:
    got = asked(log, "how many fill-ups at Shell or Arco?")
    assert got.answer == 3
    assert "'shell' in str(r.station or '').lower() or 'arco' in str(r.station or '').lower()" in got.computation
    # "and" between two values of one field: a fill-up is at one station, so either of them
    assert asked(log, "how much did I spend at Chevron and Costco?").answer == 122.0
    # a different field joined by "and" stays a second condition
    assert asked(log, "how many fill-ups were premium and at Shell?").answer == 1


def test_a_person_names_the_practice(log: tuple[State, LogStore]) -> None:
    assert asked(log, "how many times have I seen either the optometrist or the dermatologist?").answer == 3


def test_a_unit_or_a_compound_word_names_the_collection(log: tuple[State, LogStore]) -> None:
    got = asked(log, "how many kilometers did I cover in January 2024?")
    assert got.answer == 19.5
    assert got.ir["collection"] == "runs"
    assert asked(log, "how much did I tip in total?").ir["measure"] == "tip"


def test_money_spent_is_the_amount_not_the_price_per_unit(log: tuple[State, LogStore]) -> None:
    assert asked(log, "how many times did I spend more than $60 at the pump?").answer == 2
    assert asked(log, "what did I spend on gas in February 2024?").answer == 115.0


def test_a_field_said_as_included_is_added_to_the_measure(log: tuple[State, LogStore]) -> None:
    got = asked(log, "how much did I spend eating out in January 2024, tips included?")
    assert got.answer == 250.0  # bills 210 + tips 40
    assert got.computation.startswith("total(plus(r.bill, r.tip) for r in S['meals']")
    assert asked(log, "how much did I spend on restaurants in February 2024 including tips?").answer == 168.0
    assert asked(log, "what was my most expensive meal including tip?").answer == "Zuni Cafe"  # 124 > 118, the bill alone 99 < 100
    # left out: the bill alone, not the tip
    got = asked(log, "what's my median restaurant bill before tip?")
    assert got.answer == 55.0 and "plus" not in got.computation


def test_a_count_of_times_is_a_condition_on_groups(log: tuple[State, LogStore]) -> None:
    # Kiraku: 4 visits rated 4.5 on average; Pizzaiolo: 3 visits; Lers Ros and Zuni Cafe: one 5 each
    got = asked(log, "which restaurant do I rate best on average, among places I've been to at least 3 times?")
    assert got.answer == "Kiraku"
    assert "kept(S['meals'], lambda r: r.restaurant, lambda g: len(g) >= 3)" in got.computation
    assert asked(log, "how many restaurants have I been to at least 3 times?").answer == 2
    assert asked(log, "which cuisines did I eat more than 3 times?").answer == "Japanese"
    assert asked(log, "which cuisines did I eat more than 2 times?").answer == ["Italian", "Japanese"]
    # a threshold on a field of one record stays a record condition
    assert asked(log, "how many meals had a bill over $60?").answer == 3


def test_the_verb_names_the_date_field(log: tuple[State, LogStore]) -> None:
    # Circe: started 2024-12-15, finished 2025-01-10; Dune: started 2023-12-20, finished 2024-01-15
    got = asked(log, "total pages I've read in 2024?")
    assert got.answer == 1000  # Dune + Shoe Dog, by the finish date
    assert "day(r.date_finished)" in got.computation
    assert asked(log, "how many books did I finish in 2025?").answer == 1
    assert asked(log, "how many books did I start in 2024?").answer == 2
    # "book" names the collection, not a close spelling of the format "Ebook"
    assert asked(log, "which was the shortest book I finished in 2024?").answer == "Shoe Dog"


def test_a_superlative_with_nothing_asking_for_a_record_is_the_value(log: tuple[State, LogStore]) -> None:
    assert asked(log, "shortest run in 2024?").answer == 7.5
    assert asked(log, "smallest fill-up total in 2024?").answer == 45.0
    assert asked(log, "which route was my longest run?").answer == "Hills"


def test_from_and_to_pick_the_origin_or_the_destination(log: tuple[State, LogStore]) -> None:
    got = asked(log, "which cities did I fly to from San Francisco?")
    assert got.answer == ["Boston", "Denver"]
    assert "r.origin == 'San Francisco'" in got.computation
    assert asked(log, "how many flights did I take to San Francisco?").answer == 1


def test_a_verb_form_of_a_query_word_names_nothing_else(log: tuple[State, LogStore]) -> None:
    # "started" is "start" (a books field elsewhere): it does not send the question to recall
    got = asked(log, "how many appointments did I have that started at 3pm or later?")
    assert got.answer == 2
    assert "clock(r.time) >= time(15, 0)" in got.computation
