"""The numeric field a question is about, when the only word naming one is the collection's own noun."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from engine.ask import ask
from engine.ask.catalog import build_catalog
from engine.ask.plan import draft
from engine.llm.backend import ChoiceRequest
from tests.engine.ask.imported import imported

NOW = dt.datetime(2026, 11, 25, 12)
SLEEP = """date,sleep_score,minutes_asleep,awakenings
2026-10-01,80,420,1
2026-10-02,60,360,3
2026-10-03,70,480,2
"""


class MeasurePicker:
    name = "scripted"

    def __init__(self, measure: str) -> None:
        self.measure = measure
        self.requests: list[ChoiceRequest] = []

    def choose(self, request: ChoiceRequest) -> dict[str, str | None]:
        self.requests.append(request)
        return request.validate({"measure": self.measure})

    def close(self) -> None:
        pass


def test_the_collections_own_noun_leaves_the_measure_to_the_model(tmp_path: Path) -> None:
    state, log = imported(tmp_path, {"sleep.csv": SLEEP})
    coll = build_catalog(state, NOW.date())["sleep"]
    d = draft("what was my average sleep in october", coll, NOW)
    assert d.query.measure == "sleep_score"  # the cues' preference stays the default …
    assert set(d.open["measure"].options) == {"sleep_score", "minutes_asleep", "awakenings"}  # … but it is open
    got = ask(state, "what was my average sleep in october", NOW, MeasurePicker("minutes_asleep"), log)
    assert got.answer == 420.0 and "minutes_asleep" in got.computation


def test_a_field_named_by_its_own_word_is_not_reopened(tmp_path: Path) -> None:
    state, log = imported(tmp_path, {"sleep.csv": SLEEP})
    coll = build_catalog(state, NOW.date())["sleep"]
    d = draft("what was my average sleep score in october", coll, NOW)
    assert d.query.measure == "sleep_score" and "measure" not in d.open
    backend = MeasurePicker("minutes_asleep")
    assert ask(state, "what was my average sleep score in october", NOW, backend, log).answer == 70.0


DOSES = """date,medication,dose_mg,status,calories_kcal
2026-10-01,ibuprofen,400,taken,5
2026-10-02,ibuprofen,400,skipped,5
2026-10-03,paracetamol,500,taken,10
"""


def test_how_many_of_the_thing_a_unit_column_measures_counts_the_things(tmp_path: Path) -> None:
    state, log = imported(tmp_path, {"doses.csv": DOSES})
    got = ask(state, "how many doses have I skipped?", NOW, None, log)
    assert got.answer == 1 and got.computation.startswith("len(")
    assert ask(state, "how many mg did I take in total?", NOW, None, log).answer == 900  # the unit: added up
    assert ask(state, "how many calories were in them all?", NOW, None, log).answer == 20  # the quantity itself


def test_the_first_night_a_condition_held_is_that_nights_date(tmp_path: Path) -> None:
    state, log = imported(tmp_path, {"sleep.csv": SLEEP})
    got = ask(state, "what was the first night in october my sleep score dipped under 75?", NOW, None, log)
    assert got.answer == "2026-10-02", got.computation
    got = ask(state, "what was the latest night my sleep score was under 75", NOW, None, log)
    assert got.answer == "2026-10-03", got.computation


FILLUPS = """date,station,litres
2024-01-03,Shell,40
2024-01-20,Esso,35
2024-02-11,Shell,38
2024-03-02,Shell,41
2024-03-15,Esso,30
2024-03-29,Shell,33
2025-01-05,Shell,39
"""


def test_in_how_many_months_something_happened_so_often(tmp_path: Path) -> None:
    state, log = imported(tmp_path, {"fillups.csv": FILLUPS})
    got = ask(state, "In how many months of 2024 did I fill up at least 2 times?", NOW, None, log)
    assert got.answer == 2, got.computation  # January and March
    assert "kept(" in got.computation and "month(r.date)" in got.computation
    assert ask(state, "in how many months did I fill up only once?", NOW, None, log).answer == 2  # Feb 2024, Jan 2025


SWIMS = """date,water_temp_c,minutes
2026-10-04,14,20
2026-10-11,12.5,15
2026-10-18,10,30
"""


def test_the_noun_right_after_average_names_the_measure_before_a_phrase_after_it(tmp_path: Path) -> None:
    state, log = imported(tmp_path, {"swims.csv": SWIMS})
    coll = build_catalog(state, NOW.date())["swims"]
    assert draft("what's my average time in the water?", coll, NOW).query.measure == "minutes"
    assert draft("what's the average water temperature?", coll, NOW).query.measure == "water_temp_c"
    assert draft("what was the average temperature of the water?", coll, NOW).query.measure == "water_temp_c"
