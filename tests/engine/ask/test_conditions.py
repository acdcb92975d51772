"""Conditions people put on their questions: times of day, weekdays, alternatives, medians and
comparisons answered with a word — each computed over a real imported log."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from engine.ask import ask
from engine.ask.daycues import find_clock, find_weekdays
from engine.importer import import_file
from engine.log import LogStore
from engine.state import State, fold

# Mondays: 2024-03-04, 03-11; Fridays: 03-08, 03-15; Saturday: 03-09; Sunday: 03-10
RIDES = """Ride Date,Start,Route,Distance (km),Fare,Kind
2024-03-04,07:10,Harbour Loop,12.5,$4.00,commute
2024-03-08,18:40,Hill Climb,30.0,$0.00,training
2024-03-09,09:15,Harbour Loop,12.0,$4.00,leisure
2024-03-10,21:30,Night Spin,8.0,$2.50,leisure
2024-03-11,06:45,Harbour Loop,13.0,$4.00,commute
2024-03-15,17:05,Hill Climb,28.0,$0.00,training
2024-04-02,07:30,Harbour Loop,12.2,$4.00,commute
2024-04-05,19:00,Hill Climb,25.0,$0.00,training
"""
NOW = dt.datetime(2024, 6, 15, 12)


@pytest.fixture
def rides(tmp_path: Path) -> tuple[State, LogStore]:
    store = LogStore(tmp_path / "log.db")
    (tmp_path / "rides.csv").write_text(RIDES)
    import_file(store, tmp_path / "rides.csv", None)
    return fold(store.facts()), store


def answer(rides: tuple[State, LogStore], question: str) -> object:
    state, store = rides
    return ask(state, question, NOW, None, store).answer


def test_clock_and_weekday_cues_are_spans_not_amounts() -> None:
    (h,) = find_clock("rides before 7:30am")
    assert (h.op, h.value) == ("lt", dt.time(7, 30))
    (h,) = find_clock("appointments at 3pm or later")
    assert (h.op, h.value) == ("ge", dt.time(15, 0))
    (h,) = find_clock("between 6 and 9am")
    assert h.value == (dt.time(6, 0), dt.time(9, 0))
    assert find_clock("rides over 8 km") == []
    assert [w.days for w in find_weekdays("on saturdays or sundays")] == [("Saturday", "Sunday")]
    assert find_weekdays("what weekday do I ride most") == []


def test_time_of_day_filters_the_time_field(rides: tuple[State, LogStore]) -> None:
    assert answer(rides, "how many rides did I start before 7:30am?") == 2
    assert answer(rides, "how many rides began at 6pm or later?") == 3


def test_weekday_filters_the_date(rides: tuple[State, LogStore]) -> None:
    assert answer(rides, "how many rides did I do on weekends?") == 2
    assert answer(rides, "how many rides on a Friday?") == 3


def test_alternatives_are_one_condition(rides: tuple[State, LogStore]) -> None:
    assert answer(rides, "how many rides were either commute or leisure?") == 5


def test_median_and_an_inclusive_range(rides: tuple[State, LogStore]) -> None:
    assert answer(rides, "what's my median ride distance?") == 12.75
    assert answer(rides, "total km ridden from March 8 to March 10 inclusive?") == 50.0


def test_two_periods_compared_answer_in_the_questions_words(rides: tuple[State, LogStore]) -> None:
    # March: 6 rides, April: 2
    assert answer(rides, "did I ride more or less in April than in March?") == "less"
    assert answer(rides, "was my total distance in March 2024 higher or lower than in April 2024?") == "higher"
    state, store = rides
    got = ask(state, "did I ride more or less in April than in March?", NOW, None, store)
    assert got.kind == "string" and "by 4" in got.text


def test_groups_ranked_and_averaged(rides: tuple[State, LogStore]) -> None:
    assert answer(rides, "what are my 2 most frequent routes?") == ["Harbour Loop", "Hill Climb"]
    assert answer(rides, "which kind of ride has the highest average distance?") == "training"


def test_the_first_words_of_a_value_select_every_value_they_begin(tmp_path: Path) -> None:
    store = LogStore(tmp_path / "log.db")
    (tmp_path / "fillups.csv").write_text(
        "date,station,litres,total\n2024-03-01,Shell - Broadway,40,$60.00\n2024-03-09,Shell - Harbour St,35,$52.50\n"
        "2024-03-20,Arco - Main,42,$58.80\n2024-04-02,Costco Gas,45,$59.40\n")
    import_file(store, tmp_path / "fillups.csv", None)
    got = ask(fold(store.facts()), "how many fill-ups did I do at Shell?", NOW, None, store)
    assert got.answer == 2 and "'shell' in" in got.computation


def test_a_number_said_with_a_field_word_is_that_fields_value(tmp_path: Path) -> None:
    store = LogStore(tmp_path / "log.db")
    (tmp_path / "nights.csv").write_text(
        "night,score,awakenings\n2024-03-01,88,0\n2024-03-02,90,2\n2024-03-03,70,0\n2024-03-04,91,0\n")
    import_file(store, tmp_path / "nights.csv", None)
    state = fold(store.facts())
    assert ask(state, "how many nights scored above 85 with zero awakenings?", NOW, None, store).answer == 2
    assert ask(state, "how many nights scored at least 88?", NOW, None, store).answer == 3


def test_edge_cases_found_in_review(rides: tuple[State, LogStore]) -> None:
    assert answer(rides, "how many rides after 9pm or before 7am?") == 2
    assert answer(rides, "how many rides between 9pm and 7am?") == 2  # across midnight
    assert answer(rides, "how many rides of 12 km or longer?") == 7  # a range, not 12 exactly
    assert answer(rides, "compared to April, did I ride more in March?") == "more"
    assert find_clock("rides between 12.50 and 15.00 km") == []
    assert find_weekdays("how many rides since Monday?") == []
    assert find_weekdays("rides from Friday to Sunday") == []
    state, store = rides
    ask(state, "how many rides from feb 29 to march 5, 2023?", NOW, None, store)  # no crash


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How far did I ride, not counting the commute rides?", 30.0 + 28.0 + 25.0 + 12.0 + 8.0),
        ("How far did I ride in March, leaving out any training?", 12.5 + 12.0 + 8.0 + 13.0),
        ("How many rides were leisure + training?", 5),  # one record cannot be both: either of them
        ("How many commute & leisure rides did I do?", 5),
        ("How many rides did I do? training rides have no fare, so leave them out", 5),
        ("How far did I ride in March? the leisure ones were short, skip them", 12.5 + 30.0 + 13.0 + 28.0),
    ],
)
def test_values_left_out_or_joined_by_a_sign(rides: tuple[State, LogStore], question: str, expected: object) -> None:
    assert answer(rides, question) == expected


MEASURED = """Date,Weight (kg),Waist (cm),Note
2024-03-01,81.5,92,after holiday
2024-03-08,80.9,,
2024-03-15,80.2,91,
2024-03-22,79.8,,forgot the tape
"""


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How many times did I forget to put the waist on?", 2),
        ("how many times was the waist left blank?", 2),
        ("On how many days did I measure without writing down my waist?", 2),
        ("How many times did I weigh in during March?", 4),  # nothing is said missing: all of them
    ],
)
def test_records_missing_a_value(tmp_path: Path, question: str, expected: int) -> None:
    store = LogStore(tmp_path / "log.db")
    (tmp_path / "weighins.csv").write_text(MEASURED)
    import_file(store, tmp_path / "weighins.csv", None)
    got = ask(fold(store.facts()), question, NOW, None, store)
    assert got.answer == expected, got.computation
    if expected == 2:
        assert "r.waist_cm is None" in got.computation


READINGS = """Date,Indoor temp (C),Outdoor temp (C),Usage kWh
2025-01-01,20.5,,12.0
2025-01-02,21.0,-3.0,14.5
2025-01-03,,2.0,9.0
2025-01-04,19.5,,11.5
"""


@pytest.mark.parametrize(
    ("question", "expected", "missing"),
    [
        ("how many readings did I forget to put the outdoor temp on?", 2, ["outdoor_temp_c"]),
        ("how many readings with the outdoor temp left blank", 2, ["outdoor_temp_c"]),
        ("how many readings was the indoor temp missing on?", 1, ["indoor_temp_c"]),
        ("average indoor temp on the days the outdoor temp was missing", 20.0, ["outdoor_temp_c"]),
        ("what was the total usage of the readings missing orders", 47.0, []),  # "missing" says of no field here
    ],
)
def test_a_missing_value_is_the_fields_own_and_never_the_measures(
        tmp_path: Path, question: str, expected: float, missing: list[str]) -> None:
    store = LogStore(tmp_path / "log.db")
    (tmp_path / "readings.csv").write_text(READINGS)
    import_file(store, tmp_path / "readings.csv", None)
    got = ask(fold(store.facts()), question, NOW, None, store)
    assert got.answer == expected, got.computation
    assert sorted(f["field"] for f in got.ir["filters"] if f["op"] == "missing") == missing, got.computation
