"""What verify takes as stated and what as asked."""

from __future__ import annotations

import datetime as dt

from engine.learn.propose import offer
from engine.learn.verify import asks, verify


def test_a_value_said_unsure_with_a_question_mark_is_still_stated() -> None:
    assert not asks("I think it was $80?")
    assert asks("Is $80 a lot for one lesson?")
    assert asks("Any idea if 900ml is normal?")


def test_a_question_asked_without_a_question_word_is_still_a_question() -> None:
    assert asks("It's safe to give her 7.5ml of Calpol every 4 hours?")
    assert asks("I was going to charge £15 an hour, is that too much?")
    assert not asks("Pretty sure it was 48 minutes?")


def test_a_number_said_in_words_and_copied_as_digits_is_that_number() -> None:
    text = "Sam had a long one last Wednesday, 14 hours, and she took three tablets, more than she should."
    o = offer(text, dt.date(2024, 12, 10), records=True)
    ids = {q.surface: q.id for q in o.quantities}
    raw = {"records": [{"collection": "migraines", "date": "today", "who": "me",
                        "values": {"duration": ids["14 hours"], "tablets": "3 tablets", "pills": "4 tablets"}}]}
    [record] = verify(raw, o).records
    assert {k: float(v.value) for k, v in record.values.items() if v.kind == "float"} == {"duration": 14.0, "tablets": 3.0}


def test_a_number_said_in_words_and_copied_as_those_words_is_that_number() -> None:
    text = "Back at the lake yesterday. Colder, 12.5°C. I managed a quarter of an hour before my feet ached."
    o = offer(text, dt.date(2024, 10, 13), records=True)
    ids = {q.surface: q.id for q in o.quantities}
    raw = {"records": [{"collection": "swims", "date": "today", "who": "me",
                        "values": {"water": ids["12.5°C"], "stroke": "quarter of an hour", "place": "the lake"}}]}
    [record] = verify(raw, o).records
    assert record.values["stroke"].kind == "float" and float(record.values["stroke"].value) == 15.0
    assert record.values["place"].kind == "str"
    text = "Finished The Three Musketeers today, three days early."
    o = offer(text, dt.date(2024, 10, 13), records=True)
    raw = {"records": [{"collection": "books", "date": "today", "who": "me", "values": {"title": "The Three Musketeers"}}]}
    [record] = verify(raw, o).records
    assert record.values["title"].kind == "str"


def test_a_label_naming_the_collections_own_kind_leaves_the_models_field() -> None:
    text = "Meter 4240 this morning. Frost all week, the heating never went off."
    o = offer(text, dt.date(2024, 11, 24), records=True)
    ids = {q.surface: q.id for q in o.quantities}
    raw = {"records": [{"collection": "gas_meter", "date": "today", "who": "me", "values": {"reading": ids["4240"]}}]}
    [record] = verify(raw, o).records
    assert set(record.values) == {"reading"}
    text = "Total cholesterol 6.4 at the surgery today."
    o = offer(text, dt.date(2024, 11, 24), records=True)
    raw = {"records": [{"collection": "lab_results", "date": "today", "who": "me",
                        "values": {"systolic": o.quantities[0].id}}]}
    [record] = verify(raw, o).records
    assert "systolic" not in record.values


def test_one_number_fills_one_field_of_a_record() -> None:
    text = "Pulled 180 for a single on Saturday, whole gym clapped."
    o = offer(text, dt.date(2025, 9, 8), records=True)
    q = o.quantities[0].id
    raw = {"records": [{"collection": "lifts", "date": "today", "who": "me", "values": {"weight": q, "ohp": q, "squat": "180"}}]}
    [record] = verify(raw, o).records
    assert list(record.values) == ["weight"]


def test_a_record_takes_the_day_said_with_its_values() -> None:
    text = ("Sam has signed up for the Manchester marathon in April, so every Sunday is long run day. "
            "Today was 10 miles. Took him an hour and 38 minutes.")
    o = offer(text, dt.date(2025, 1, 19), records=True)
    ids = {q.surface: q.id for q in o.quantities}
    april = next(c.id for c in o.dates if "April" in c.surface)
    raw = {"records": [{"collection": "long_runs", "date": april, "who": "me",
                        "values": {"distance": ids["10 miles"], "time": ids["an hour and 38 minutes"]}}]}
    [record] = verify(raw, o).records
    assert record.day == dt.date(2025, 1, 19)
    text = "Took my first mock on Saturday. Listening 14 out of 25, reading 17/25."  # the day is said just before
    o = offer(text, dt.date(2025, 2, 3), records=True)
    raw = {"records": [{"collection": "mocks", "date": o.dates[0].id, "who": "me",
                        "values": {"listening": o.quantities[0].id, "reading": o.quantities[1].id}}]}
    [record] = verify(raw, o).records
    assert record.day == dt.date(2025, 2, 1)
    text = "On Saturday we went back to the lake. The water was 14 degrees, warmer than Tuesday."
    o = offer(text, dt.date(2025, 6, 9), records=True)
    saturday = next(c for c in o.dates if "Saturday" in c.surface)
    raw = {"records": [{"collection": "swims", "date": saturday.id, "who": "me", "values": {"water": o.quantities[0].id}}]}
    [record] = verify(raw, o).records
    assert record.day == dt.date.fromisoformat(saturday.value)  # a day compared with is not the record's


def test_a_statement_followed_by_a_question_tag_still_states_its_value() -> None:
    text = "Did my first wild swim today. I stayed in for about 20 minutes, which apparently is loads for a first-timer?"
    o = offer(text, dt.date(2024, 10, 6), records=True)
    ids = {q.surface: q.id for q in o.quantities}
    raw = {"records": [{"collection": "swims", "date": "today", "who": "me", "values": {"time": ids["20 minutes"]}}]}
    [record] = verify(raw, o).records
    assert float(record.values["time"].value) == 20
    for text in ["If I stay in for 30 minutes, is that too long?", "Planning to do 5k, would that be ok?",
                 "Thinking of doing 20 minutes, which apparently is loads?"]:  # a supposition or a plan with a tag
        o = offer(text, dt.date(2024, 10, 6), records=True)
        raw = {"records": [{"collection": "swims", "date": "today", "who": "me", "values": {"n": o.quantities[0].id}}]}
        assert verify(raw, o).records == [], text
    text = "Should I stay in for 12 minutes next time?"  # a whole question states nothing
    o = offer(text, dt.date(2024, 10, 6), records=True)
    raw = {"records": [{"collection": "swims", "date": "today", "who": "me", "values": {"water": o.quantities[0].id}}]}
    assert verify(raw, o).records == []


def test_whose_record_it_is_said_again_among_the_values_is_no_value() -> None:
    text = "Sam's long run yesterday: 12 miles, 1:58. I was support crew for him again."
    o = offer(text, dt.date(2025, 1, 27), records=True)
    ids = {q.surface: q.id for q in o.quantities}
    raw = {"records": [{"collection": "long_runs", "date": o.dates[0].id, "who": "Sam",
                        "values": {"distance": ids["12 miles"], "time": ids["1:58"], "client": "me", "runner": "Sam", "helper": "him"}}]}
    [record] = verify(raw, o).records
    assert set(record.values) == {"distance", "time"}


def test_a_record_the_model_dated_today_takes_the_one_day_said_with_its_numbers() -> None:
    day = dt.date(2025, 2, 17)

    def dated(text: str) -> dt.date:
        o = offer(text, day, records=True)
        raw = {"records": [{"collection": "runs", "date": "today", "who": "me", "values": {"n": o.quantities[0].id}}]}
        [record] = verify(raw, o).records
        return record.day

    assert dated("Joined Sam for the first bit. I ran 4 miles with him yesterday, then peeled off.") == dt.date(2025, 2, 16)
    for text in ["Ran 5k this morning before work. Yesterday was a rest day.",
                 "Rest day yesterday. Back out for 5k, legs felt fresh.",  # a day said in another sentence
                 "Bought new shoes on Saturday. 8 miles in them",
                 "Weighed in at 81.5, down from 82.4 on Saturday.",  # a day compared with
                 "Ran 10 miles, my longest since the marathon in October.",  # a month, and counted from
                 "Started the course in January. Did 45 minutes of practice."]:
        assert dated(text) == day, text


def test_a_day_the_model_cited_stands_beside_other_days_said_with_the_numbers() -> None:
    text = "Sunday's long run with Sam. 14 miles, same route we did on the 2nd."
    o = offer(text, dt.date(2025, 2, 17), records=True)
    sunday = next(c for c in o.dates if "Sunday" in c.surface)
    raw = {"records": [{"collection": "runs", "date": sunday.id, "who": "me", "values": {"distance": o.quantities[0].id}}]}
    [record] = verify(raw, o).records
    assert record.day == dt.date.fromisoformat(sunday.value)
    text = "The race is on the 30th so I am tapering. Today was 10 miles."  # a day ahead: the numbers' own day
    o = offer(text, dt.date(2025, 3, 20), records=True)
    ahead = next(c for c in o.dates if "30th" in c.surface)
    raw = {"records": [{"collection": "runs", "date": ahead.id, "who": "me", "values": {"distance": o.quantities[0].id}}]}
    [record] = verify(raw, o).records
    assert record.day == dt.date(2025, 3, 20)
