"""What verify takes as stated and what as asked."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from engine.learn.propose import offer
from engine.learn.verify import asks, verify


def test_a_value_said_unsure_with_a_question_mark_is_still_stated() -> None:
    assert not asks("I think it was $80?")
    assert asks("Is $80 a lot for one lesson?")
    assert asks("Any idea if 900ml is normal?")


def test_a_hedged_statement_with_a_question_mark_states_its_value() -> None:
    assert not asks("He reckons maybe forty minutes?")
    assert not asks("Roughly three laps, or so she says?")
    assert asks("Maybe she should rest for a week?")  # a suggestion asked
    assert asks("About 3 miles, do you think that's enough?")  # asks the assistant
    assert asks("Probably 20 minutes, is that normal?")
    assert asks("Roughly how many miles did I run in March?")  # a question opened by a hedge
    assert asks("Remind me roughly how much I spent on the 4th?")


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


def _read(text: str, day: dt.date, values: dict[str, str], *, who: str = "me", said: str | None = None) -> list:
    """What verify keeps of one record the model read from ``text``: each value named by the surface of
    its candidate (or given as words), dated by the day said as ``said`` (else "today")."""
    o = offer(text, day, records=True)
    ids = {q.surface: q.id for q in o.quantities}
    date = next(c.id for c in o.dates if said in c.surface) if said else "today"
    raw = {"records": [{"collection": "log", "date": date, "who": who, "values": {k: ids.get(v, v) for k, v in values.items()}}]}
    return verify(raw, o).records


def _day_of(text: str, day: dt.date, values: dict[str, str], said: str | None = None) -> dt.date:
    [record] = _read(text, day, values, said=said)
    return record.day


def test_a_number_said_in_words_and_copied_as_those_words_is_that_number() -> None:
    [record] = _read("Back at the lake yesterday. Colder, 12.5°C. I managed a quarter of an hour before my feet ached.",
                     dt.date(2024, 10, 13), {"water": "12.5°C", "stroke": "quarter of an hour", "place": "the lake"})
    assert record.values["stroke"].kind == "float" and float(record.values["stroke"].value) == 15.0
    assert record.values["place"].kind == "str"
    [record] = _read("Finished The Three Musketeers today, three days early.", dt.date(2024, 10, 13),
                     {"title": "The Three Musketeers"})
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


def test_one_number_cited_twice_goes_to_the_field_named_by_its_noun() -> None:
    text = "Planted out six seedlings this afternoon, the rest can wait."
    o = offer(text, dt.date(2026, 5, 9), records=True)
    q = o.quantities[0].id
    raw = {"records": [{"collection": "garden", "date": "today", "who": "me", "values": {"total": q, "seedlings": q}}]}
    [record] = verify(raw, o).records
    assert list(record.values) == ["seedlings"]
    raw = {"records": [{"collection": "garden", "date": "today", "who": "me", "values": {"seedlings": q, "plants": q}}]}
    [record] = verify(raw, o).records
    assert list(record.values) == ["seedlings"]


def test_a_record_takes_the_day_said_with_its_values() -> None:
    text = ("Sam has signed up for the Manchester marathon in April, so every Sunday is long run day. "
            "Today was 10 miles. Took him an hour and 38 minutes.")
    assert _day_of(text, dt.date(2025, 1, 19), {"distance": "10 miles", "time": "an hour and 38 minutes"}, said="April") \
        == dt.date(2025, 1, 19)
    text = "Took my first mock on Saturday. Listening 14 out of 25, reading 17/25."  # the day is said just before
    assert _day_of(text, dt.date(2025, 2, 3), {"listening": "14 out of 25"}, said="Saturday") == dt.date(2025, 2, 1)
    text = "On Saturday we went back to the lake. The water was 14 degrees, warmer than Tuesday."
    assert _day_of(text, dt.date(2025, 6, 9), {"water": "14 degrees"}, said="Saturday") == dt.date(2025, 6, 7)


def test_a_statement_followed_by_a_question_tag_still_states_its_value() -> None:
    text = "Did my first wild swim today. I stayed in for about 20 minutes, which apparently is loads for a first-timer?"
    [record] = _read(text, dt.date(2024, 10, 6), {"time": "20 minutes"})
    assert float(record.values["time"].value) == 20
    for text, said in [("If I stay in for 30 minutes, is that too long?", "30 minutes"), ("Planning to do 5k, would that be ok?", "5k"),
                       ("Thinking of doing 20 minutes, which apparently is loads?", "20 minutes"),  # a supposition or a plan
                       ("Should I stay in for 12 minutes next time?", "12 minutes")]:  # a whole question states nothing
        assert _read(text, dt.date(2024, 10, 6), {"n": said}) == [], text


def test_whose_record_it_is_said_again_among_the_values_is_no_value() -> None:
    [record] = _read("Sam's long run yesterday: 12 miles, 1:58. I was support crew for him again.", dt.date(2025, 1, 27),
                     {"distance": "12 miles", "time": "1:58", "client": "me", "runner": "Sam", "helper": "him"}, who="Sam")
    assert set(record.values) == {"distance", "time"}


def test_a_record_the_model_dated_today_takes_the_one_day_said_with_its_numbers() -> None:
    day = dt.date(2025, 2, 17)
    text = "Joined Sam for the first bit. I ran 4 miles with him yesterday, then peeled off."
    assert _day_of(text, day, {"n": "4 miles"}) == dt.date(2025, 2, 16)
    for text, value in [("Ran 5k this morning before work. Yesterday was a rest day.", "5k"),
                        ("Rest day yesterday. Back out for 5k, legs felt fresh.", "5k"),  # a day said in another sentence
                        ("Bought new shoes on Saturday. 8 miles in them", "8 miles"),
                        ("Weighed in at 81.5kg, down from 82.4kg on Saturday.", "81.5kg"),  # a day compared with
                        ("Ran 10 miles, my longest since the marathon in October.", "10 miles"),  # a month, and counted from
                        ("Started the course in January. Did 45 minutes of practice.", "45 minutes")]:
        assert _day_of(text, day, {"n": value}) == day, text


def test_a_day_the_model_cited_stands_beside_other_days_said_with_the_numbers() -> None:
    text = "Sunday's long run with Sam. 14 miles, same route we did on the 2nd."
    assert _day_of(text, dt.date(2025, 2, 17), {"distance": "14 miles"}, said="Sunday") == dt.date(2025, 2, 16)
    text = "The race is on the 30th so I am tapering. Today was 10 miles."  # a day ahead: the numbers' own day
    assert _day_of(text, dt.date(2025, 3, 20), {"distance": "10 miles"}, said="30th") == dt.date(2025, 3, 20)


def test_a_day_cited_from_another_sentence_gives_way_to_the_day_that_opens_the_numbers() -> None:
    day = dt.date(2024, 7, 21)
    text = ("Alfie scored 61 yesterday - off 52 balls. His highest ever. "
            "Ted wasn't so lucky on Wednesday: 4 off 9 and trapped LBW.")
    assert _day_of(text, day, {"runs": "4"}, said="yesterday") == dt.date(2024, 7, 17)
    text = "The concert is on Saturday. Last night was the dress rehearsal - three hours, the whole programme."
    assert _day_of(text, dt.date(2024, 4, 10), {"n": "three hours"}, said="Saturday") == dt.date(2024, 4, 9)
    # a day said after the numbers, the day of the telling, or a possessive is no record's own
    text = "Went to the climbing wall on Monday. 3 hours, and I'm still sore today."
    assert _day_of(text, dt.date(2024, 4, 10), {"n": "3 hours"}, said="Monday") == dt.date(2024, 4, 8)
    text = "Went for a long run on Saturday. Today my legs still hurt from those 20 miles."
    assert _day_of(text, dt.date(2024, 9, 6), {"n": "20 miles"}, said="Saturday") == dt.date(2024, 8, 31)
    text = "Ran the parkrun on Saturday. Yesterday's physio said my 25 minutes was good."
    assert _day_of(text, dt.date(2024, 9, 6), {"n": "25 minutes"}, said="Saturday") == dt.date(2024, 8, 31)
    # a day said further off (a greeting) gives way to the day the numbers' own clause opens with, a few more words off
    text = ("Happy Christmas! Hope you're well. Mum says hi. Anyway, log time: Tuesday she walked all the way to the church "
            "and back, 2 miles.")
    assert _day_of(text, dt.date(2024, 12, 25), {"n": "2 miles"}, said="Christmas") == dt.date(2024, 12, 24)
    text = "Happy Christmas! Tuesday she walked all the way to the church and back, 2 miles."  # the sentence before stands
    assert _day_of(text, dt.date(2024, 12, 25), {"n": "2 miles"}, said="Christmas") == dt.date(2024, 12, 25)
    text = "Did parkrun on Saturday. Great atmosphere, loads of people. Yesterday I finally looked up the results, 27:30."
    assert _day_of(text, dt.date(2024, 9, 10), {"n": "27:30"}, said="Saturday") == dt.date(2024, 9, 7)  # told yesterday


def test_a_number_the_message_takes_back_is_replaced_by_the_one_said_in_its_place() -> None:
    text = "A correction: that sectional was two and a half hours, not an hour and a half."
    [record] = _read(text, dt.date(2024, 3, 6), {"duration": "an hour and a half"})
    assert float(record.values["duration"].value) == 2.5 and record.taken_back == ((Decimal("90"), "min"),)
    [record] = _read("Not 8 hours, more like 6 in the end.", dt.date(2024, 3, 6), {"sleep": "8 hours"})
    assert float(record.values["sleep"].value) == 6
    [record] = _read("It was 42, not 24.", dt.date(2024, 3, 6), {"score": "42", "old": "24"})
    assert [float(v.value) for v in record.values.values()] == [42.0]  # the old one given as another field is dropped
    [record] = _read("It was 42, not 24.", dt.date(2024, 3, 6), {"old": "24", "score": "42"})
    assert {k: float(v.value) for k, v in record.values.items()} == {"score": 42.0}  # cited first, still dropped
    [record] = _read("Walked the dogs for 2 hours, 3 of them, not 1 hour.", dt.date(2024, 3, 6), {"duration": "1 hour"})
    assert float(record.values["duration"].value) == 2  # the hours, not the dogs
    [record] = _read("Ran 5 km in 30 minutes, not 35.", dt.date(2024, 3, 6), {"distance": "5 km", "duration": "35"})
    assert float(record.values["duration"].value) == 30


def test_a_list_spread_over_the_fields_of_one_record_is_one_record_per_item() -> None:
    text = "New season started last night! Three games: 142, 167 and 155. My handicap is 40 this year."
    records = _read(text, dt.date(2024, 9, 6), {"game": "142", "handicap": "167", "losses": "155", "level": "40"})
    assert [float(r.values["game"].value) for r in records] == [142, 167, 155]
    assert float(records[0].values["level"].value) == 40 and "level" not in records[1].values
    # numbers of different things said in a row stay one record
    [record] = _read("BP this morning 128, 84, pulse 61.", dt.date(2024, 9, 6), {"sys": "128", "dia": "84", "pulse": "61"})
    assert len(record.values) == 3
    [record] = _read("BP 128, 84, 61 this morning.", dt.date(2024, 9, 6), {"sys": "128", "dia": "84", "pulse": "61"})
    assert len(record.values) == 3


def test_a_mark_keeps_the_total_it_is_out_of() -> None:
    [record] = _read("Spelling test back today: 17 out of 24, her best yet.", dt.date(2026, 3, 6), {"score": "17 out of 24"})
    assert {k: float(v.value) for k, v in record.values.items() if v.kind == "float"} == {"score": 17.0, "score_out_of": 24.0}
    [record] = _read("Rated the film 8/10.", dt.date(2026, 3, 6), {"rating": "8/10"})
    assert set(record.values) == {"rating"}  # a fixed scale keeps no total


def test_a_day_put_as_words_is_no_text_value_but_words_beside_a_day_are() -> None:
    day = dt.date(2026, 4, 12)
    [rec] = _read("Last Friday on the stall done, 5 hours. Remind me I have a dentist check on Thursday.", day,
                  {"hours": "5 hours", "place": "Thursday", "label": "Last Friday"})
    assert all(v.kind != "str" for v in rec.values.values())
    [rec] = _read("Played in the Sunday league yesterday, 90 minutes.", day, {"duration": "90 minutes", "league": "Sunday league"})
    assert rec.values["league"].value == "Sunday league"


def test_a_value_copied_as_the_offer_showed_it_is_that_candidate() -> None:
    text = "Sold the old bike yesterday for forty quid. Took about twenty minutes to fix the chain first."
    o = offer(text, dt.date(2026, 6, 2), records=True)
    raw = {"records": [{"collection": "bike_sales", "date": "today", "who": "me",
                        "values": {"price": "40.00 GBP", "repair_time": "20 min", "buyer": "41.00 GBP"}}]}
    [record] = verify(raw, o).records
    assert {k: (v.kind, float(v.value)) for k, v in record.values.items()} == {"price": ("money", 40.0), "repair_time": ("float", 20.0)}
    assert record.values["price"].start == text.index("forty quid")


def test_a_sentence_ending_in_a_question_about_what_it_said_still_states_it() -> None:
    day = dt.date(2026, 6, 2)
    [record] = _read("Ran 7k this morning which my coach says is plenty for now?", day, {"distance": "7k"})
    assert float(record.values["distance"].value) == 7
    text = "Got £15 back on the deposit which the landlord reckons is fair?"
    o = offer(text, day, records=True)
    raw = {"records": [{"collection": "deposits", "date": "today", "who": "me", "values": {"refund": o.money[0].id}}]}
    assert [float(v.value) for r in verify(raw, o).records for v in r.values.values()] == [15.0]
    for text, said in [("Any idea if the £30 plan which my brother says is good includes data?", "£30"),
                       ("Anyone know if 45 minutes which the recipe says is enough works for a 2kg chicken?", "45 minutes"),
                       ("Checking the 6:40 bus which goes to town is still running?", "6:40")]:
        o = offer(text, day, records=True)
        ids = {c.surface: c.id for c in (*o.quantities, *o.money, *o.times)}
        raw = {"records": [{"collection": "log", "date": "today", "who": "me", "values": {"n": ids[said]}}]}
        assert verify(raw, o).records == [], text


@pytest.mark.parametrize(("text", "kept"), [
    ("Volunteered at the food bank this morning, three hours, 9 till 12, sorting tins.", [3.0]),
    ("Volunteered at the food bank this morning, two hours of it sorting tins, 9 till 12.", [2.0, 3.0]),
    ("Match ran 2 till 3:30, 90 minutes of proper running.", [90.0]),
    ("Shift was 9 till 12 and I took a 3 min break.", [3.0, 3.0]),  # three hours and three minutes
])
def test_a_duration_said_outright_and_as_two_clock_times_is_one_value(text: str, kept: list[float]) -> None:
    o = offer(text, dt.date(2026, 2, 7), records=True)
    raw = {"records": [{"collection": "log", "date": "today", "who": "me", "values": {f"v{i}": q.id for i, q in enumerate(o.quantities)}}]}
    [record] = verify(raw, o).records
    assert sorted(float(v.value) for v in record.values.values() if v.kind == "float") == kept, record.values


@pytest.mark.parametrize(("text", "said", "words", "kept"), [
    # a greeting or an aside before a record told from its day on: no field of it
    ("Morning all. Did the allotment yesterday, 3 hours of digging.", "yesterday", {"site": "Morning all"}, False),
    ("Ugh, exams. Swam on Tuesday, 40 lengths.", "Tuesday", {"pool": "exams"}, False),
    # words with the day, after it, with the numbers, or in a record told without a cited day
    ("Swam at Kings Hall on Tuesday, 40 lengths.", "Tuesday", {"pool": "Kings Hall"}, True),
    ("Swam on Tuesday, 40 lengths. The pool was Kings Hall again.", "Tuesday", {"pool": "Kings Hall"}, True),
    ("Back at Kings Hall. 40 lengths, slow ones.", None, {"pool": "Kings Hall"}, True),
    ("Tuesday swim. Kings Hall, busy. Managed 40 lengths.", "Tuesday", {"pool": "Kings Hall"}, True),
    ("Went to Kings Hall today. Bit busy. 40 lengths.", None, {"pool": "Kings Hall"}, True),
])
def test_words_are_a_records_only_where_the_record_is_told(text: str, said: str | None, words: dict[str, str],
                                                           kept: bool) -> None:
    [record] = _read(text, dt.date(2025, 3, 6), {"amount": next(w for w in ("3 hours", "40 lengths") if w in text), **words},
                     said=said)
    assert (set(words) <= set(record.values)) is kept


@pytest.mark.parametrize(("text", "said", "field", "expected"), [
    ("Her handicap went down 3 at the club competition.", "3", "handicap_change", -3),
    ("The value of the fund dropped by about 120 this quarter.", "120", "value_change", -120),
    ("His score went up 25 after the final.", "25", "score_change", 25),
    ("Lost 2 kg since last month's weigh-in.", "2 kg", "weight_lost_kg", 2),  # what was lost, as said
    ("Lost 2 kg since last month's weigh-in.", "2 kg", "weight_change_kg", -2),
])
def test_a_change_said_as_a_fall_is_kept_below_nothing(text: str, said: str, field: str, expected: float) -> None:
    [record] = _read(text, dt.date(2024, 10, 13), {field: said})
    assert float(record.values[field].value) == expected
