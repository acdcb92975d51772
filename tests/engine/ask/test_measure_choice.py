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


DOSES = """date,medication,dose_mg,status
2026-10-01,ibuprofen,400,taken
2026-10-02,ibuprofen,400,skipped
2026-10-03,paracetamol,500,taken
"""


def test_how_many_of_the_thing_a_unit_column_measures_counts_the_things(tmp_path: Path) -> None:
    state, log = imported(tmp_path, {"doses.csv": DOSES})
    got = ask(state, "how many doses have I skipped?", NOW, None, log)
    assert got.answer == 1 and got.computation.startswith("len(")
    assert ask(state, "how many mg did I take in total?", NOW, None, log).answer == 900  # the unit: added up


def test_the_first_night_a_condition_held_is_that_nights_date(tmp_path: Path) -> None:
    state, log = imported(tmp_path, {"sleep.csv": SLEEP})
    got = ask(state, "what was the first night in october my sleep score dipped under 75?", NOW, None, log)
    assert got.answer == "2026-10-02", got.computation
    got = ask(state, "what was the latest night my sleep score was under 75", NOW, None, log)
    assert got.answer == "2026-10-03", got.computation
