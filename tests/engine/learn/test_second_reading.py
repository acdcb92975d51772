"""A message telling of several sessions is read again where the first reading left a measured value
out: only those sentences are shown, and values already given to records are not offered again."""

from __future__ import annotations

import datetime as dt
import json

from engine.learn import learn_records
from engine.llm.backend import SchemaRequest
from models.log import MessageRow
from tests.engine.learn.helpers import Scripted

DAY = dt.date(2026, 5, 1)
TEXT = ("Correction on the canal commute, I checked and it was actually 58 minutes, not an hour five. Still slow. "
        "This morning was a train day, half an hour exactly, no delays for once. Should I buy a better lock?")


def _ids(request: SchemaRequest) -> list[str]:
    record = request.schema["properties"]["records"]["items"]
    value = record["properties"]["values"]["additionalProperties"]
    return value["anyOf"][0]["enum"] if "anyOf" in value else []


def test_a_value_the_first_reading_left_out_is_read_again_in_its_own_sentences() -> None:
    first = {"records": [{"collection": "commutes", "date": "today", "values": {"duration": "Q1", "mode": "canal"}}]}
    second = {"records": [{"collection": "commutes", "date": "today", "values": {"duration": "Q3", "mode": "train"}}]}
    model = Scripted(first, second)
    msg = MessageRow(id=1, session_id="s1", speaker="user", text=TEXT)
    learned = learn_records([msg], DAY, [], [], model)
    assert len(model.requests) == 2
    again = model.requests[1].question
    assert "This morning was a train day" in again and "I checked" not in again  # only the sentences left out
    assert "Q1" not in _ids(model.requests[1]) and "Q3" in _ids(model.requests[1])  # what was given is not offered again
    rows = [f.slots for f in learned.facts if f.frame != "ImportSchema"]
    assert sorted(r["duration_min"] for r in rows) == [30.0, 58.0]


def test_no_second_reading_for_an_old_value_a_question_or_a_value_said_again() -> None:
    text = "Read for an hour and ten, a whole hour and ten minutes, not 45 like I said. Is 70 minutes too long for him?"
    first = {"records": [{"collection": "reading", "date": "today", "values": {"duration": "Q1"}}]}
    model = Scripted(first, {"records": []})
    msg = MessageRow(id=1, session_id="s1", speaker="user", text=text)
    learned = learn_records([msg], DAY, [], [], model)
    assert len(model.requests) == 1, json.dumps([r.question for r in model.requests])
    assert [f.slots["duration_min"] for f in learned.facts if f.frame != "ImportSchema"] == [70.0]


def test_a_second_reading_that_only_repeats_the_first_adds_nothing() -> None:
    first = {"records": [{"collection": "commutes", "date": "today", "values": {"duration": "Q1"}}]}
    model = Scripted(first, first)
    msg = MessageRow(id=1, session_id="s1", speaker="user", text=TEXT)
    learned = learn_records([msg], DAY, [], [], model)
    assert len(model.requests) == 2
    assert [f.slots["duration_min"] for f in learned.facts if f.frame != "ImportSchema"] == [58.0]


SHOW = ("Theatre on Friday with Maya, we saw the new Stoppard revival. Seats were £32 each and I'd give it 9 out of 10. "
        "The interval drinks came to £14.60, which is absurd. Are matinees usually cheaper?")


def test_an_amount_the_first_reading_left_out_joins_the_record_beside_it() -> None:
    first = {"records": [{"collection": "theatre_trips", "date": "D1", "values": {"seat_price": "M1", "rating": "Q1"}}]}
    second = {"records": [{"collection": "theatre_trips", "date": "today", "values": {"drinks": "M2"}}]}
    model = Scripted(first, second)
    learned = learn_records([MessageRow(id=1, session_id="s1", speaker="user", text=SHOW)], DAY, [], [], model)
    assert len(model.requests) == 2 and "interval drinks" in model.requests[1].question
    [row] = [f.slots for f in learned.facts if f.frame != "ImportSchema"]
    assert (row["date"], row["seat_price"], row["rating"], row["drinks"]) == ("2026-04-24", "32.00", 9.0, "14.60"), row
    [schema] = [f.slots for f in learned.facts if f.frame == "ImportSchema"]  # one schema: the widened one
    assert [f["name"] for f in schema["fields"]] == ["date", "seat_price", "rating", "drinks"]


def test_a_second_measure_another_person_or_another_collection_is_a_record_of_its_own() -> None:
    first = {"records": [{"collection": "commutes", "date": "today", "values": {"duration": "Q1"}}]}
    second = {"records": [{"collection": "commutes", "date": "today", "values": {"time": "Q3"}}]}
    model = Scripted(first, second)
    learned = learn_records([MessageRow(id=1, session_id="s1", speaker="user", text=TEXT)], DAY, [], [], model)
    assert sorted(f.slots["duration_min"] for f in learned.facts if f.frame != "ImportSchema") == [30.0, 58.0]
    first = {"records": [{"collection": "theatre_trips", "date": "D1", "values": {"seat_price": "M1", "rating": "Q1"}}]}
    for second in [{"records": [{"collection": "theatre_trips", "date": "today", "who": "Maya", "values": {"drinks": "M2"}}]},
                   {"records": [{"collection": "bar_tabs", "date": "today", "values": {"drinks": "M2"}}]}]:
        learned = learn_records([MessageRow(id=1, session_id="s1", speaker="user", text=SHOW)], DAY, [], [], Scripted(first, second))
        rows = [f.slots for f in learned.facts if f.frame != "ImportSchema"]
        assert len(rows) == 2 and not any("drinks" in r and "seat_price" in r for r in rows), rows


def test_an_amount_said_to_compare_with_is_not_read_again() -> None:
    text = "Gas bill came today, £84.20 for the quarter, up from £71 last quarter. Ouch."
    first = {"records": [{"collection": "gas_bills", "date": "today", "values": {"amount": "M1"}}]}
    model = Scripted(first, {"records": [{"collection": "gas_bills", "date": "today", "values": {"amount": "M2"}}]})
    learned = learn_records([MessageRow(id=1, session_id="s1", speaker="user", text=text)], DAY, [], [], model)
    assert len([r for r in model.requests if "records" in r.schema["properties"]]) == 1  # the amount's name may be asked
    assert [f.slots["amount"] for f in learned.facts if f.frame != "ImportSchema"] == ["84.20"]
