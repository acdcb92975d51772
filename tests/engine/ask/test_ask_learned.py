"""Asking over a collection learned from conversation: its fields are named by their words and
their unit's words, the latest value of a named field, and change since the first record."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from engine.ask import ask
from engine.frames import IMPORT_DOMAIN
from engine.learn.collection import LearnedField, new_collection, record_key, schema_fact
from engine.log import LogStore, NewFact
from engine.state import State, fold

NOW = dt.datetime(2026, 7, 1, 12)
FILLS = [("2026-06-02", 20.6, 48210), ("2026-06-13", 22.0, 48575), ("2026-06-20", 21.4, 48990), ("2026-06-28", 19.8, 49330)]
WEIGHTS = [("2026-01-05", 94.6), ("2026-01-12", 93.8), ("2026-02-14", 91.9)]


@pytest.fixture
def learned(tmp_path: Path) -> tuple[State, LogStore]:
    store = LogStore(tmp_path / "log.db")
    sid, (mid,) = store.add_session([("user", "fills and weigh-ins")], dt.date(2026, 1, 1))
    facts: list[NewFact] = []
    fuel = new_collection("fuel_fillups", [LearnedField("date", "date"), LearnedField("fuel_gal", "float", "gal"),
                                           LearnedField("odometer_mi", "float", "mi")], [])
    weigh = new_collection("weigh_ins", [LearnedField("date", "date"), LearnedField("weight_kg", "float", "kg")],
                           [schema_fact(fuel, session_id=sid, message_id=mid, session_date=dt.date(2026, 1, 1), evidence="")])
    for coll in (fuel, weigh):
        facts.append(schema_fact(coll, session_id=sid, message_id=mid, session_date=dt.date(2026, 1, 1), evidence=""))
    for day, gal, odo in FILLS:
        slots = {"date": day, "fuel_gal": gal, "odometer_mi": odo}
        facts.append(NewFact(sid, mid, dt.date(2026, 1, 1), IMPORT_DOMAIN, fuel.frame, record_key(fuel.name, "me", slots, None), slots,
                             evidence=f"Filled up the truck, {gal} gallons, odometer {odo}."))
    for day, kg in WEIGHTS:
        slots = {"date": day, "weight_kg": kg}
        facts.append(NewFact(sid, mid, dt.date(2026, 1, 1), IMPORT_DOMAIN, weigh.frame, record_key(weigh.name, "me", slots, None), slots))
    store.add_facts(facts)
    yield fold(store.facts()), store
    store.close()


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("How many gallons did I put in the truck in June?", 83.8),
        ("How many miles between my first and last fill-up?", 1120.0),
        ("What's the most recent weight you have for me?", 91.9),
        ("How much have I lost since my first weigh-in this year?", 2.7),
        ("What was my heaviest weigh-in?", 94.6),
        ("How many fill-ups since the start of June?", 4),
        ("How many times did I fill the truck in June?", 4),  # "truck" is only in what was said
        ("What did I weigh on the 12th of January?", 93.8),  # the value that day, not the day back
        ("What did the truck take on 13 June, in gallons?", 22.0),
        # the odometer only goes up: what was driven is the later reading minus the earlier, never a sum
        ("How many miles did I drive between the 2nd and the 20th of June?", 780.0),
        ("How many miles a day did I average between my first and last fill-up?", 43.08),
        # a weight lost between two weigh-ins, or over a month: its move, never weights added up
        ("How much did I lose between the 5th of January weigh-in and the 14th of February one?", 2.7),
        ("How much weight did I lose in January?", 0.8),
    ],
)
def test_questions_over_learned_collections(learned: tuple[State, LogStore], question: str, answer: float) -> None:
    state, store = learned
    got = ask(state, question, NOW, None, store)
    assert got.answer == pytest.approx(answer, abs=0.01), got.computation


def test_a_day_asked_for_is_still_a_day(learned: tuple[State, LogStore]) -> None:
    state, store = learned
    got = ask(state, "Which day in January did I weigh in at my lightest?", NOW, None, store)
    assert str(got.answer)[:10] == "2026-01-12", got.computation


def one_collection(tmp_path: Path, name: str, fields: list[LearnedField], rows: list[dict]) -> tuple[State, LogStore]:
    """A log holding one learned collection with ``rows`` as its records (the caller closes it)."""
    store = LogStore(tmp_path / "log.db")
    day = dt.date(2026, 1, 1)
    sid, (mid,) = store.add_session([("user", name)], day)
    coll = new_collection(name, [LearnedField("date", "date"), *fields], [])
    facts = [schema_fact(coll, session_id=sid, message_id=mid, session_date=day, evidence="")]
    for row in rows:  # "_who": whose record it is, the user's when not given
        slots = {k: v for k, v in row.items() if k != "_who"}
        who = row.get("_who", "me")
        facts.append(NewFact(sid, mid, day, IMPORT_DOMAIN, coll.frame, record_key(coll.name, who, slots, None), slots, subject=who))
    store.add_facts(facts)
    return fold(store.facts()), store


RAIN = [("2026-03-01", 0.45), ("2026-03-07", 1.25), ("2026-03-11", 0.2), ("2026-03-22", 0.8), ("2026-03-29", 0.35)]


@pytest.fixture
def rain(tmp_path: Path) -> tuple[State, LogStore]:
    state, store = one_collection(tmp_path, "rain_gauge", [LearnedField("rainfall_in", "float", "in")],
                                  [{"date": day, "rainfall_in": inches} for day, inches in RAIN])
    yield state, store
    store.close()


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("What was the wettest day this month?", "2026-03-07"),  # any "-est" word, and the day that had it
        ("What was the driest day in March?", "2026-03-11"),  # a superlative of less
        ("How much rain fell on the wettest day?", 1.25),
        ("Which days had more than half an inch of rain?", ["2026-03-07", "2026-03-22"]),  # a bound said as a fraction
        ("How many readings after the 10th?", 3),  # a day of the month said alone: the latest such day
        ("How much rain from the 5th to the 25th?", 2.25),
    ],
)
def test_superlatives_fractions_and_days_of_the_month(rain: tuple[State, LogStore], question: str, answer: object) -> None:
    state, store = rain
    got = ask(state, question, dt.datetime(2026, 3, 30, 12), None, store)
    if isinstance(answer, float | int):
        assert got.answer == pytest.approx(answer, abs=0.01), got.computation
    elif isinstance(answer, list):
        assert [str(a)[:10] for a in got.answer] == answer, got.computation
    else:
        assert str(got.answer)[:10] == answer, got.computation


def test_an_adjective_of_two_fields_is_settled_by_the_field_the_question_names(tmp_path: Path) -> None:
    state, store = one_collection(tmp_path, "swims", [LearnedField("laps", "float", "laps"), LearnedField("duration_min", "float", "min")],
                                  [{"date": day, "laps": laps, "duration_min": minutes}
                                   for day, laps, minutes in [("2026-03-01", 32, 40), ("2026-03-15", 44, 45), ("2026-03-23", 40, 50)]])
    now = dt.datetime(2026, 4, 2, 12)
    by_time = ask(state, "On which day did I do my longest swim in terms of time?", now, None, store)
    by_laps = ask(state, "On which day did I do my longest swim in laps?", now, None, store)
    store.close()
    assert str(by_time.answer)[:10] == "2026-03-23", by_time.computation
    assert str(by_laps.answer)[:10] == "2026-03-15", by_laps.computation


def test_what_the_records_message_says_grounds_a_question(tmp_path: Path) -> None:
    store = LogStore(tmp_path / "log.db")
    text = "Ok I've started Japanese again. Did 25 minutes of hiragana drills tonight after my shift."
    sid, (mid,) = store.add_session([("user", text)], dt.date(2026, 10, 5))
    coll = new_collection("hiragana_drills", [LearnedField("date", "date"), LearnedField("duration_min", "float", "min")], [])
    slots = {"date": "2026-10-05", "duration_min": 25.0}
    store.add_facts([
        NewFact(sid, mid, dt.date(2026, 10, 5), "notes", "Note", "n1", {"text": "Ok I've started Japanese again."},
                evidence="Ok I've started Japanese again."),
        schema_fact(coll, session_id=sid, message_id=mid, session_date=dt.date(2026, 10, 5), evidence=""),
        NewFact(sid, mid, dt.date(2026, 10, 5), IMPORT_DOMAIN, coll.frame, record_key(coll.name, "me", slots, mid), slots,
                evidence="Did 25 minutes of hiragana drills tonight after my shift."),
    ])
    got = ask(fold(store.facts()), "How many minutes of Japanese did I do in October?", dt.datetime(2026, 10, 30, 12), None, store)
    store.close()
    assert got.answer == pytest.approx(25.0), got.computation


def test_the_last_time_a_value_was_said(tmp_path: Path) -> None:
    state, store = one_collection(
        tmp_path, "language_study", [LearnedField("duration_min", "float", "min"), LearnedField("streak_days", "float", "days")],
        [{"date": "2026-10-05", "duration_min": 25.0}, {"date": "2026-10-12", "streak_days": 7.0},
         {"date": "2026-10-26", "streak_days": 21.0}, {"date": "2026-10-28", "duration_min": 30.0}])
    now = dt.datetime(2026, 11, 2, 12)
    latest = ask(state, "Where was my app streak at the last time I mentioned it?", now, None, store)
    first = ask(state, "What was my streak the first time I told you?", now, None, store)
    store.close()
    assert latest.answer == pytest.approx(21.0), latest.computation
    assert first.answer == pytest.approx(7.0), first.computation


def test_names_and_words_that_only_end_in_est(tmp_path: Path) -> None:
    state, store = one_collection(tmp_path, "runs", [LearnedField("route", "str"), LearnedField("distance_km", "float", "km")],
                                  [{"date": day, "route": route, "distance_km": km} for day, route, km in
                                   [("2026-06-06", "Budapest", 21.1), ("2026-06-20", "canal", 8.0), ("2026-06-27", "canal", 5.0)]])
    now = dt.datetime(2026, 6, 28, 12)
    budapest = ask(state, "How far was the Budapest run?", now, None, store)
    saturday = ask(state, "How far did I run last Saturday?", now, None, store)
    half = ask(state, "How many runs were more than a half marathon?", now, None, store)
    store.close()
    assert budapest.answer == pytest.approx(21.1), budapest.computation
    assert saturday.answer == pytest.approx(5.0), saturday.computation
    assert "0.5" not in half.computation, half.computation


def test_a_message_told_of_two_collections_grounds_neither_with_the_others_words(tmp_path: Path) -> None:
    store = LogStore(tmp_path / "log.db")
    text = "Started Japanese again, did 25 minutes of hiragana drills. Also went for a run, 30 minutes round the park."
    sid, (mid,) = store.add_session([("user", text)], dt.date(2026, 10, 5))
    drills = new_collection("drills", [LearnedField("date", "date"), LearnedField("duration_min", "float", "min")], [])
    run = new_collection("run", [LearnedField("date", "date"), LearnedField("duration_min", "float", "min")],
                         [schema_fact(drills, session_id=sid, message_id=mid, session_date=dt.date(2026, 10, 5), evidence="")])
    facts = []
    for coll, minutes, said in ((drills, 25.0, "did 25 minutes of hiragana drills"), (run, 30.0, "went for a run, 30 minutes round the park")):
        slots = {"date": "2026-10-05", "duration_min": minutes}
        facts += [schema_fact(coll, session_id=sid, message_id=mid, session_date=dt.date(2026, 10, 5), evidence=""),
                  NewFact(sid, mid, dt.date(2026, 10, 5), IMPORT_DOMAIN, coll.frame, record_key(coll.name, "me", slots, mid),
                          slots, evidence=said)]
    store.add_facts(facts)
    got = ask(fold(store.facts()), "How long did I spend in the park?", dt.datetime(2026, 10, 30, 12), None, store)
    store.close()
    assert got.answer == pytest.approx(30.0), got.computation


def test_thousands_of_a_count_and_records_of_another_kind_kept_alongside(tmp_path: Path) -> None:
    state, store = one_collection(tmp_path, "steps", [LearnedField("steps", "float", "steps")],
                                  [{"date": f"2026-07-{d:02d}", "steps": n} for d, n in [(5, 8432), (11, 17905), (20, 10250), (21, 11040)]])
    now = dt.datetime(2026, 8, 1, 12)
    hit = ask(state, "How many days did I hit 10k steps or more?", now, None, store)
    store.close()
    assert hit.answer == 3, hit.computation
    (tmp_path / "piano").mkdir()
    state, store = one_collection(
        tmp_path / "piano", "piano_practice", [LearnedField("practice_hours", "float", "h"), LearnedField("mock_marks", "float", "")],
        [{"date": "2026-04-05", "practice_hours": 1.5}, {"date": "2026-04-14", "practice_hours": 2.0},
         {"date": "2026-04-25", "mock_marks": 118.0}, {"date": "2026-05-07", "practice_hours": 0.5}])
    sessions = ask(state, "How many practice sessions did she do in April?", now, None, store)
    store.close()
    assert sessions.answer == 2, sessions.computation


def test_a_value_left_out_is_no_other_kind_of_record(tmp_path: Path) -> None:
    state, store = one_collection(
        tmp_path, "sleep", [LearnedField("hours", "float", "h"), LearnedField("sleep_score", "float", "")],
        [{"date": "2026-10-01", "hours": 7.0, "sleep_score": 80.0}, {"date": "2026-10-02", "hours": 6.5}])
    nights = ask(state, "How many nights did I log sleep last month?", dt.datetime(2026, 11, 2, 12), None, store)
    store.close()
    assert nights.answer == 2, nights.computation


def test_a_total_asked_in_another_unit_of_the_field(tmp_path: Path) -> None:
    state, store = one_collection(tmp_path, "rows", [LearnedField("distance_km", "float", "km"), LearnedField("duration_min", "float", "min")],
                                  [{"date": "2026-03-08", "distance_km": 2.0, "duration_min": 9.5},
                                   {"date": "2026-03-14", "distance_km": 3.0, "duration_min": 13.0}])
    got = ask(state, "How many metres have I rowed in total on the machine so far?", dt.datetime(2026, 5, 10, 12), None, store)
    store.close()
    assert got.answer == pytest.approx(5000.0), got.computation
    (tmp_path / "runs").mkdir()
    state, store = one_collection(tmp_path / "runs", "runs", [LearnedField("distance_km", "float", "km"), LearnedField("climb_m", "float", "m")],
                                  [{"date": "2026-03-08", "distance_km": 12.0, "climb_m": 300.0}])
    km = ask(state, "How many kilometres did I cover in March?", dt.datetime(2026, 5, 10, 12), None, store)
    store.close()
    assert km.answer == pytest.approx(12.0), km.computation  # the field kept in the unit asked for


VOLUNTEERING = [("2026-01-11", "food bank", 3.5, "me"), ("2026-01-25", "charity shop", 2.0, "me"),
                ("2026-02-08", "food bank", 4.0, "me"), ("2026-02-15", "food bank", 3.0, "linda"),
                ("2026-02-22", "charity shop", 2.5, "me")]


@pytest.mark.parametrize(("question", "answer"), [
    ("How many hours have I volunteered in total so far?", 12.0),
    ("How many hours have I put in at the food bank?", 7.5),
    ("How many hours has Linda done altogether?", 3.0),
    ("Did I volunteer more hours in January or in February?", "february"),
    ("Did I volunteer fewer hours in January or in February?", "january"),
])
def test_hours_kept_in_a_collection_named_for_them_are_added_up(tmp_path: Path, question: str, answer: object) -> None:
    state, store = one_collection(tmp_path, "volunteering_hours", [LearnedField("place", "str"), LearnedField("hours", "float", "h")],
                                  [{"date": d, "place": p, "hours": h, "_who": w} for d, p, h, w in VOLUNTEERING])
    got = ask(state, question, dt.datetime(2026, 3, 1, 12), None, store)
    store.close()
    assert (got.answer.lower() if isinstance(got.answer, str) else got.answer) == answer, got.computation


def test_a_verb_names_the_field_of_its_noun_and_a_number_joined_to_a_field_picks_records(tmp_path: Path) -> None:
    state, store = one_collection(tmp_path, "market_stall", [LearnedField("items_sold", "float"), LearnedField("takings_gbp", "float")],
                                  [{"date": "2026-02-09", "items_sold": 14.0, "takings_gbp": 126.0},
                                   {"date": "2026-02-16", "items_sold": 9.0, "takings_gbp": 81.5}])
    taken = ask(state, "How much have I taken altogether this year?", dt.datetime(2026, 3, 1, 12), None, store)
    store.close()
    assert taken.answer == pytest.approx(207.5), taken.computation
    (tmp_path / "golf").mkdir()
    state, store = one_collection(tmp_path / "golf", "golf_rounds", [LearnedField("holes", "float"), LearnedField("strokes", "float")],
                                  [{"date": "2026-02-09", "holes": 18.0, "strokes": 94.0}, {"date": "2026-02-16", "holes": 9.0, "strokes": 47.0},
                                   {"date": "2026-02-23", "holes": 18.0, "strokes": 90.0}])
    avg = ask(state, "What's my average for the 18-hole rounds?", dt.datetime(2026, 3, 1, 12), None, store)
    store.close()
    assert avg.answer == pytest.approx(92.0), avg.computation


def test_how_many_of_a_kind_adds_the_counts_of_its_records(tmp_path: Path) -> None:
    state, store = one_collection(tmp_path, "bird_sightings", [LearnedField("species", "str"), LearnedField("count", "float")],
                                  [{"date": "2026-02-08", "species": "coot", "count": 14.0},
                                   {"date": "2026-02-08", "species": "grebe", "count": 2.0},
                                   {"date": "2026-02-15", "species": "coot", "count": 9.0}])
    coots = ask(state, "How many coots have I counted altogether?", dt.datetime(2026, 3, 1, 12), None, store)
    trips = ask(state, "How many coot or grebe sightings have I logged?", dt.datetime(2026, 3, 1, 12), None, store)
    store.close()
    assert coots.answer == pytest.approx(23.0), coots.computation
    assert trips.answer == 3, trips.computation


def test_earnings_are_money_and_a_lead_in_keeps_the_question(tmp_path: Path) -> None:
    state, store = one_collection(
        tmp_path, "tutoring", [LearnedField("student", "str"), LearnedField("duration_h", "float", "h"),
                               LearnedField("amount", "money", currency="GBP")],
        [{"date": "2026-02-07", "student": "Harvey", "duration_h": 1.0, "amount": 25.0},
         {"date": "2026-02-08", "student": "Lily", "duration_h": 1.5, "amount": 45.0}])
    earned = ask(state, "How much have I earned from tutoring in total so far?", dt.datetime(2026, 3, 1, 12), None, store)
    which = ask(state, "Remind me which students I've had so far?", dt.datetime(2026, 3, 1, 12), None, store)
    store.close()
    assert earned.answer == pytest.approx(70.0), earned.computation
    assert sorted(which.answer) == ["Harvey", "Lily"], which.computation


def test_which_day_the_most_adds_up_each_days_records_and_the_fastest_time_is_the_least(tmp_path: Path) -> None:
    rows = [{"date": "2025-04-29", "subject_name": "maths", "hours": 2.0}, {"date": "2025-04-30", "subject_name": "history", "hours": 2.0},
            {"date": "2025-04-30", "subject_name": "maths", "hours": 1.0}, {"date": "2025-05-01", "subject_name": "physics", "hours": 2.5}]
    state, store = one_collection(tmp_path, "revision", [LearnedField("subject_name", "str"), LearnedField("hours", "float", "h")], rows)
    now = dt.datetime(2025, 5, 10, 12)
    assert str(ask(state, "which day did i revise the most?", now, None, store).answer)[:10] == "2025-04-30"
    assert ask(state, "What was my quickest maths session?", now, None, store).answer == pytest.approx(1.0)
    assert ask(state, "What was my slowest session?", now, None, store).answer == pytest.approx(2.5)
    store.close()


def test_the_fastest_run_is_its_least_time_not_its_least_distance(tmp_path: Path) -> None:
    rows = [{"date": "2025-05-01", "distance_km": 5.0, "duration_min": 26.0}, {"date": "2025-05-04", "distance_km": 3.0, "duration_min": 17.0},
            {"date": "2025-05-08", "distance_km": 10.0, "duration_min": 55.0}]
    state, store = one_collection(tmp_path, "runs", [LearnedField("distance_km", "float", "km"),
                                                     LearnedField("duration_min", "float", "min")], rows)
    got = ask(state, "What was my fastest run?", dt.datetime(2025, 5, 20, 12), None, store)
    assert got.answer == pytest.approx(17.0), got.computation
    got = ask(state, "Which runs did I do in May?", dt.datetime(2025, 5, 20, 12), None, store)
    assert [str(a)[:10] for a in got.answer] == ["2025-05-01", "2025-05-04", "2025-05-08"], got.computation
    store.close()


METER = [("2025-03-01", 4.2, "me"), ("2025-03-09", 7.9, "me"), ("2025-03-17", 227.9, "Pauline"), ("2025-03-19", 12.6, "me"),
         ("2025-03-31", 231.4, "Pauline"), ("2025-04-02", 18.1, "me"), ("2025-04-26", 25.3, "me"), ("2025-06-06", 240.6, "Pauline")]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("How much water did we use between the 2nd and the 26th of April?", 7.2),  # a new meter read from 4.2: still a meter
        ("How much water did Pauline get through between her 17 March and 6 June readings?", 12.7),  # whose, then the range
        ("What was my average daily use in litres?", 376.79),
        ("How much more water did Pauline use than I did?", None),  # two meters are never added up and compared  # 21.1 m³ over 56 days, asked in litres
    ],
)
def test_a_new_meter_read_in_cubic_metres(tmp_path: Path, question: str, answer: float | None) -> None:
    state, store = one_collection(tmp_path, "water_meter_readings", [LearnedField("reading", "float", "m3")],
                                  [{"date": day, "reading": value, "_who": who} for day, value, who in METER])
    got = ask(state, question, dt.datetime(2025, 6, 10, 12), None, store)
    store.close()
    if answer is None:
        assert "total(" not in got.computation, got.computation
    else:
        assert got.answer == pytest.approx(answer, abs=0.01), got.computation


def test_a_learned_duration_kept_in_minutes_is_asked_for_in_hours(tmp_path: Path) -> None:
    state, store = one_collection(tmp_path, "lake_swims", [LearnedField("duration", "float", "min")],
                                  [{"date": day, "duration": minutes} for day, minutes in [("2026-05-02", 40), ("2026-05-09", 50)]])
    got = ask(state, "How long have I spent in the lake altogether, in hours?", dt.datetime(2026, 5, 20, 12), None, store)
    store.close()
    assert got.answer == pytest.approx(1.5, abs=0.01), got.computation


LONG_RUNS = [("2025-01-19", 10, 98), ("2025-03-09", 18, 182), ("2025-03-23", 20, 205)]
SHIFTS = [("2025-05-03", 4, 34.0), ("2025-05-10", 5, 40.0)]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("What was my pace on the 18-miler, in minutes per mile?", 182 / 18),  # one field of the record over another
        ("What was my slowest pace in minutes per mile?", 10.25),
        ("What was my time per mile on the 20-miler?", 205 / 20),
        ("How many miles did I run in March?", 38),  # no rate asked: the miles
    ],
)
def test_minutes_per_mile_is_one_field_over_another(tmp_path: Path, question: str, answer: float) -> None:
    state, store = one_collection(tmp_path, "long_runs", [LearnedField("distance", "float", "mi"), LearnedField("time", "float", "min")],
                                  [{"date": day, "distance": miles, "time": minutes} for day, miles, minutes in LONG_RUNS])
    got = ask(state, question, dt.datetime(2025, 4, 8, 12), None, store)
    store.close()
    assert got.answer == pytest.approx(answer, abs=0.01), got.computation


def test_pay_per_hour_needs_no_unit_before_per(tmp_path: Path) -> None:
    state, store = one_collection(tmp_path, "car_wash_shifts", [LearnedField("hours", "float", "h"), LearnedField("pay", "money")],
                                  [{"date": day, "hours": hours, "pay": pay} for day, hours, pay in SHIFTS])
    got = ask(state, "What was his average pay per hour?", dt.datetime(2025, 5, 20, 12), None, store)
    store.close()
    # every pound over every hour (74 / 9), not the mean of each shift's rate (8.25)
    assert got.answer == pytest.approx(sum(p for *_, p in SHIFTS) / sum(h for _, h, _ in SHIFTS), abs=0.005), got.computation


def test_a_rate_already_kept_or_a_fee_is_not_divided_again(tmp_path: Path) -> None:
    (tmp_path / "sitting").mkdir()
    (tmp_path / "races").mkdir()
    state, store = one_collection(tmp_path / "sitting", "babysitting", [LearnedField("hours", "float", "h"), LearnedField("hourly_rate", "money")],
                                  [{"date": day, "hours": hours, "hourly_rate": 12.0} for day, hours, _ in SHIFTS])
    rate = ask(state, "What was my average pay per hour?", dt.datetime(2025, 5, 20, 12), None, store)
    store.close()
    assert "per(" not in rate.computation, rate.computation
    state, store = one_collection(tmp_path / "races", "races", [LearnedField("distance", "float", "mi"), LearnedField("time", "float", "min"),
                                                              LearnedField("entry_fee", "money")],
                                  [{"date": day, "distance": miles, "time": minutes, "entry_fee": 20.0} for day, miles, minutes in LONG_RUNS])
    per_mile = ask(state, "What was my average time per mile?", dt.datetime(2025, 4, 8, 12), None, store)
    store.close()
    assert "entry_fee" not in per_mile.computation, per_mile.computation


def test_how_many_runs_of_a_collection_named_running_counts_them(tmp_path: Path) -> None:
    state, store = one_collection(tmp_path, "running", [LearnedField("distance_km", "float", "km")],
                                  [{"date": day, "distance_km": km} for day, km in [("2026-03-01", 6.2), ("2026-03-04", 8.0)]])
    runs = ask(state, "How many runs have I told you about since the start of March?", dt.datetime(2026, 3, 10, 12), None, store)
    far = ask(state, "How many km have I run since the start of March?", dt.datetime(2026, 3, 10, 12), None, store)
    store.close()
    assert runs.answer == 2, runs.computation
    assert far.answer == pytest.approx(14.2), far.computation


def test_what_was_the_heaviest_with_no_noun_is_the_value(tmp_path: Path) -> None:
    state, store = one_collection(tmp_path, "foraging_hauls", [LearnedField("item", "str"), LearnedField("weight_kg", "float", "kg")],
                                  [{"date": day, "item": item, "weight_kg": kg}
                                   for day, item, kg in [("2023-09-02", "blackberries", 2.5), ("2023-09-20", "ceps", 0.8)]])
    got = ask(state, "What was the heaviest I brought home from one trip?", dt.datetime(2023, 10, 1, 12), None, store)
    store.close()
    assert got.answer == pytest.approx(2.5), got.computation
