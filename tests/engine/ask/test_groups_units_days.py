"""Two groups compared by name, answers in another unit than the column, day-first dates, and a value
that is only the collection's own noun — over a real imported log."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from engine.ask import ask
from engine.log import LogStore
from engine.state import State
from tests.engine.ask.imported import imported

# weekday sessions: 3 (Mon, Tue, Wed); weekend sessions: 2 (Sat, Sun) — but the weekend ones are longer
GAMES = """played_on,game,players,winner,duration_min,position
2024-03-04,Catan,4,me,60,sitting
2024-03-05,Azul,2,Marcus,30,sitting
2024-03-06,Catan,3,game,90,standing
2024-03-09,Wingspan,5,me,150,standing
2024-03-10,Azul,4,Priya,120,sitting
"""
NOW = dt.datetime(2024, 6, 15, 12)


@pytest.fixture
def logs(tmp_path: Path) -> tuple[State, LogStore]:
    return imported(tmp_path, {"games.csv": GAMES})


def answer(logs: tuple[State, LogStore], question: str) -> tuple[object, str]:
    state, store = logs
    got = ask(state, question, NOW, None, store)
    return got.answer, got.computation


@pytest.mark.parametrize(("question", "expected"), [
    ("Do we play more games on weekends or on weekdays?", "weekdays"),  # 3 against 2
    ("Are our games longer on average on weekends or weekdays?", "weekends"),  # 135 against 60 minutes
    ("Do games take less time on average sitting or standing?", "sitting"),  # 70 against 120
])
def test_two_groups_compared_answer_with_a_name(logs, question: str, expected: str) -> None:
    got, comp = answer(logs, question)
    assert got == expected, comp


def test_a_total_in_hours_over_a_minutes_column(logs) -> None:
    got, comp = answer(logs, "How many hours have we spent playing Catan in total?")
    assert got == pytest.approx(2.5) and "scaled(" in comp


def test_day_first_dates_make_one_inclusive_range(logs) -> None:
    got, comp = answer(logs, "How many games did we play between 5 March 2024 and 9 March 2024 inclusive?")
    assert got == 3, comp


def test_the_collections_noun_is_not_a_value(logs) -> None:
    got, comp = answer(logs, "How many games of Catan did we play?")  # not the winner "game"
    assert got == 2 and "'game'" not in comp, comp


STAYS = """Hotel,City,Check-in,Nights,Total Paid
Hotel Neri,Barcelona,2024-02-13,3,€600
Hotel Arts,Barcelona,2024-03-01,2,€500
The Hoxton Paris,Paris,2024-04-10,4,€900
"""


def test_the_word_that_names_a_column_is_not_the_start_of_its_values(tmp_path: Path) -> None:
    state, store = imported(tmp_path, {"stays.csv": STAYS})
    got = ask(state, "How many nights did I spend in hotels in 2024?", NOW, None, store)
    assert got.answer == 9, got.computation  # every stay, not only "Hotel Neri" and "Hotel Arts"


COFFEES = """Date,Time,Cafe,Drink,Price
2024-06-01,06:30,Bean Theory,flat white,3.50
2024-06-02,08:10,Bean Theory,latte,3.80
2024-06-08,06:45,Station Espresso,espresso,2.20
2025-01-05,09:00,Station Espresso,espresso,2.20
2025-07-02,10:00,Bean Theory,latte,3.90
2025-07-03,10:05,Ottoline's,mocha,4.40
"""
READINGS = """Measured At,Systolic,Diastolic
2024-05-01 07:00,135,80
2024-05-02 07:05,131,88
2024-05-03 21:40,120,86
"""


@pytest.fixture
def more(tmp_path: Path) -> tuple[State, LogStore]:
    return imported(tmp_path, {"coffees.csv": COFFEES, "readings.csv": READINGS})


@pytest.mark.parametrize(("question", "expected"), [
    ("how many different cafés show up in my coffee log?", 3),  # accents folded like the column's name
    ("how many coffees did I buy before 7 in the morning?", 2),  # a clock time said in words
    ("How many times was my systolic at least 130 and my diastolic at least 85?", 1),  # each bound on its own field
    ("which two cafés have I been to the most times?", ["Bean Theory", "Station Espresso"]),  # "which two": a top 2
])
def test_questions_as_people_phrase_them(more, question: str, expected: object) -> None:
    state, store = more
    got = ask(state, question, dt.datetime(2025, 11, 20, 12), None, store)
    assert got.answer == expected, got.computation


def test_this_summer_against_last_summer(more) -> None:
    state, store = more
    got = ask(state, "Did I buy more or fewer coffees this summer than last summer?", dt.datetime(2025, 11, 20, 12), None, store)
    assert got.answer == "fewer", got.computation  # 2 in summer 2025 against 3 in summer 2024


def test_a_moment_is_answered_as_date_and_time(more) -> None:
    state, store = more
    got = ask(state, "When did I record my highest diastolic?", dt.datetime(2025, 11, 20, 12), None, store)
    assert got.answer == "2024-05-02 07:05", got.computation


@pytest.mark.parametrize(("question", "expected"), [
    ("Which quarter of 2024 did I buy the most coffees in?", "Q2"),
    ("Which season do I buy the most coffee in?", "summer"),
])
def test_quarters_and_seasons_are_groups(more, question: str, expected: str) -> None:
    state, store = more
    got = ask(state, question, dt.datetime(2025, 11, 20, 12), None, store)
    assert got.answer == expected, got.computation
