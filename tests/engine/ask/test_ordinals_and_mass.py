"""A number that names a record (game 1, 2, 3) is counted by, never added up; a bound or an answer
in kilos over a column kept in grams is converted — over a real imported log."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from engine.log import LogStore
from engine.state import State
from tests.engine.ask.imported import answered, imported

GAMES = """date,game_number,score,strikes,wax_grams
2024-09-05,1,142,,3900
2024-09-05,2,167,3,3950
2024-09-05,3,155,,4020
2024-10-03,1,163,2,3100
2024-10-03,2,201,8,4150
2024-11-07,1,150,,3000
2024-11-07,2,170,1,3000
"""
NOW = dt.datetime(2024, 12, 1, 12)


@pytest.fixture
def logs(tmp_path: Path) -> tuple[State, LogStore]:
    return imported(tmp_path, {"bowling.csv": GAMES})


def answer(logs: tuple[State, LogStore], question: str) -> tuple[object, str]:
    return answered(logs, question, NOW)


@pytest.mark.parametrize(("question", "expected"), [
    ("How many games did I bowl in September?", 3),  # counted, not game numbers added up (6)
    ("What's my highest single game so far?", 201),  # the score, not game number 3
    ("Adding up the games where I mentioned strikes, how many strikes is that?", 14),
    ("What was my highest game number?", 3),  # said "number": the number it is
    ("How many games did I bowl in November?", 2),  # "November" says no number
    ("What's my highest game now?", 201),
])
def test_a_number_naming_a_record_is_counted_by_not_added_up(logs, question: str, expected: float) -> None:
    got, comp = answer(logs, question)
    assert got == pytest.approx(expected), comp


def test_a_bound_and_an_answer_in_kilos_over_grams(logs) -> None:
    got, comp = answer(logs, "When was the first time the wax was over 4 kg?")
    assert str(got)[:10] == "2024-09-05" and "4000" in comp, comp
    got, comp = answer(logs, "How many times was the wax under 4 kilos?")
    assert got == 5, comp
    got, comp = answer(logs, "How much wax was that altogether, in kilos?")
    assert got == pytest.approx(25.12), comp


def test_a_word_next_to_a_bound_names_its_field_before_its_unit(tmp_path: Path) -> None:
    logs = imported(tmp_path, {"rides.csv": "date,distance_km,climb_m\n2024-05-01,40,600\n2024-05-08,0.4,300\n2024-05-15,55,900\n"})
    got, comp = answered(logs, "How many rides climbed more than 500 metres?", NOW)
    assert got == 2 and "climb_m" in comp, comp
    got, comp = answered(logs, "How many rides were in G major?", NOW)  # a key, not grams
    assert "scaled" not in comp, comp
