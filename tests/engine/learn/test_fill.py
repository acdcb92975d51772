"""What the model proposes is checked and fitted by code: values only from the message, plans and
retyped numbers dropped, units converted into the collection's, corrections supersede."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest

from engine.learn.collection import InvalidCollection, check_name, learned_collections
from engine.learn.fill import Batch, add
from engine.learn.propose import Offer, offer
from engine.learn.verify import verify
from engine.log import LogStore
from engine.state import fold

DAY = dt.date(2026, 3, 4)


def _learn(store: LogStore, text: str, raw: dict, day: dt.date = DAY) -> list[str]:
    sid, (mid,) = store.add_session([("user", text)], day)
    o = offer(text, day, records=True)
    checked = verify(raw, o)
    batch = Batch(learned_collections(store.facts()), store.facts())
    for p in checked.records:
        add(batch, p, session_id=sid, message_id=mid, session_date=day, text=text)
    store.add_facts(batch.facts)
    return checked.rejected + batch.rejected


@pytest.fixture
def store(tmp_path: Path) -> LogStore:
    s = LogStore(tmp_path / "log.db")
    yield s
    s.close()


def _records(store: LogStore, collection: str) -> list[dict]:
    state = fold(store.facts())
    frame = next(f for f in state.frames.values() if f.collection == collection)
    return [dict(r.values, _who=r.subject) for r in state.of(frame.name)]


def test_a_new_collection_from_one_message(store: LogStore) -> None:
    text = "Went for a run yesterday along the canal. Did 6.2k, took me about 34 minutes."
    o = offer(text, DAY, records=True)
    ids = {q.surface: q.id for q in o.quantities}
    rejected = _learn(store, text, {"records": [{"collection": "runs", "date": o.dates[0].id, "values": {
        "distance": ids["6.2k"], "duration": ids["34 minutes"], "route": "along the canal"}}]})
    assert rejected == []
    (rec,) = _records(store, "runs")
    assert rec["date"] == dt.date(2026, 3, 3)
    assert rec["distance_km"] == 6.2 and rec["duration_min"] == 34 and rec["route"] == "along the canal"
    (coll,) = learned_collections(store.facts()).values()
    assert coll.state == "suggested" and [f.name for f in coll.fields] == ["date", "distance_km", "duration_min", "route"]


def test_values_not_in_the_message_and_plans_are_dropped(store: LogStore) -> None:
    text = "Tomorrow I'll run 10k. Today I did 5k."
    o = offer(text, DAY, records=True)
    ten, five = (q.id for q in o.quantities)
    rejected = _learn(store, text, {"records": [
        {"collection": "runs", "date": o.dates[0].id, "values": {"distance": ten}},  # a plan
        {"collection": "runs", "date": "today", "values": {"distance": "7", "route": "the moon"}},  # retyped
        {"collection": "runs", "date": "today", "values": {"distance": five}},
    ]})
    assert any("a plan" in r for r in rejected)
    assert any("'7' is not words of the message" in r for r in rejected)
    assert any("'the moon' is not words of the message" in r for r in rejected)
    assert [r["distance_km"] for r in _records(store, "runs")] == [5.0]


def test_a_later_record_fills_the_same_collection_in_its_unit(store: LogStore) -> None:
    first = "Long run today, 10 km in 55 minutes."
    o = offer(first, DAY, records=True)
    _learn(store, first, {"records": [{"collection": "runs", "date": "today", "values": {
        "distance": o.quantities[0].id, "duration": o.quantities[1].id}}]})
    second = "Did 3 miles this morning, took an hour and a half with walking breaks."
    o = offer(second, DAY + dt.timedelta(days=2), records=True)
    _learn(store, second, {"records": [{"collection": "run", "date": "today", "values": {
        "distance": o.quantities[0].id, "time": o.quantities[1].id}}]}, DAY + dt.timedelta(days=2))
    recs = _records(store, "runs")
    assert [(r["distance_km"], r["duration_min"]) for r in recs] == [(10.0, 55.0), (4.83, 90.0)]
    assert len(learned_collections(store.facts())) == 1


def test_a_correction_naming_the_old_value_supersedes_it(store: LogStore) -> None:
    text = "Finished Piranesi last night, around 270 pages, four stars."
    o = offer(text, DAY, records=True)
    _learn(store, text, {"records": [{"collection": "books_read", "date": o.dates[0].id, "values": {
        "title": "Piranesi", "pages": o.quantities[0].id, "rating": o.quantities[1].id}}]})
    fix = "Actually I checked and Piranesi is 272 pages, not 270."
    o = offer(fix, DAY + dt.timedelta(days=5), records=True)
    _learn(store, fix, {"records": [{"collection": "books_read", "date": "today", "values": {
        "title": "Piranesi", "pages": o.quantities[0].id, "rating": o.quantities[1].id}}]}, DAY + dt.timedelta(days=5))
    (rec,) = _records(store, "books_read")
    assert rec["pages"] == 272 and rec["rating"] == 4 and rec["date"] == dt.date(2026, 3, 3)


def test_a_relative_is_their_own_record(store: LogStore) -> None:
    text = "Mia swam 50m backstroke in 53.9 seconds on Saturday!"
    o = offer(text, DAY, records=True)
    _learn(store, text, {"records": [{"collection": "swim_times", "who": "Mia", "date": o.dates[0].id, "values": {
        "distance": o.quantities[0].id, "time": o.quantities[1].id, "stroke": "backstroke"}}]})
    (rec,) = _records(store, "swim_times")
    assert rec["_who"] == "Mia" and rec["time_sec"] == 53.9
    assert rec["date"] == dt.date(2026, 2, 28)  # the Saturday before, not after: a record is past


def test_built_in_and_malformed_names_are_refused() -> None:
    for bad in ("trips", "trip", "medications", "x", "1runs", "collections"):
        with pytest.raises(InvalidCollection):
            check_name(bad)
    assert check_name("weigh_ins") == "weigh_ins"


def test_a_bare_number_later_joins_the_collection_its_unit_started(store: LogStore) -> None:
    first = "Stepped on the scale this morning: 94.6 kg."
    o = offer(first, dt.date(2026, 1, 5), records=True)
    _learn(store, first, {"records": [{"collection": "weight", "date": "today", "values": {
        "mass": o.quantities[0].id}}]}, dt.date(2026, 1, 5))
    second = "Weighed yesterday after the sauna, 92.1. Probably just water."
    o = offer(second, dt.date(2026, 1, 20), records=True)
    (bare,) = o.quantities
    assert bare.unit == ""
    rejected = _learn(store, second, {"records": [{"collection": "weigh_ins", "date": o.dates[0].id, "values": {
        "weight": bare.id, "when": "yesterday"}}]}, dt.date(2026, 1, 20))
    assert rejected == []
    assert list(learned_collections(store.facts())) == ["weight"]
    assert [(r["date"], r["mass_kg"]) for r in _records(store, "weight")] == [
        (dt.date(2026, 1, 5), 94.6), (dt.date(2026, 1, 19), 92.1)]
    third = "Correction on the sauna one: I wrote it down wrong, it was 93.1, not 92.1."
    o = offer(third, dt.date(2026, 2, 3), records=True)
    new = next(q.id for q in o.quantities if q.surface.startswith("93.1"))
    _learn(store, third, {"records": [{"collection": "weight", "date": "today", "values": {
        "mass": new, "when": "Correction on the sauna one"}}]}, dt.date(2026, 2, 3))
    assert [(r["date"], r["mass_kg"]) for r in _records(store, "weight")] == [
        (dt.date(2026, 1, 5), 94.6), (dt.date(2026, 1, 19), 93.1)]
    assert all("when" not in r for r in _records(store, "weight"))


def test_a_bare_number_is_not_guessed_among_two_number_fields(store: LogStore) -> None:
    first = "Long run today, 10 km in 55 minutes."
    o = offer(first, DAY, records=True)
    _learn(store, first, {"records": [{"collection": "runs", "date": "today", "values": {
        "distance": o.quantities[0].id, "duration": o.quantities[1].id}}]})
    second = "Ran again this morning, 7.5 on the watch."
    o = offer(second, DAY + dt.timedelta(days=1), records=True)
    _learn(store, second, {"records": [{"collection": "runs", "date": "today", "values": {
        "effort": o.quantities[0].id}}]}, DAY + dt.timedelta(days=1))
    later = _records(store, "runs")[-1]
    assert later["effort"] == 7.5 and later["distance_km"] is None and later["duration_min"] is None


def test_a_collection_kept_about_someone_keeps_their_later_records(store: LogStore) -> None:
    first = "Mia had her 2-year check-up this morning and the nurse measured her at 86.5 cm."
    o = offer(first, DAY, records=True)
    cm = next(q.id for q in o.quantities if q.surface.startswith("86.5"))
    _learn(store, first, {"records": [{"collection": "heights", "who": "Mia", "date": "today", "values": {
        "height": cm}}]})
    second = "Did the doorframe thing again yesterday, 88.3 centimetres! She's shooting up."
    day = DAY + dt.timedelta(days=30)
    o = offer(second, day, records=True)
    _learn(store, second, {"records": [{"collection": "heights", "date": o.dates[0].id, "values": {
        "height": o.quantities[0].id}}]}, day)
    third = "I measured myself against the same door for fun, 171 cm."
    o = offer(third, day, records=True)
    _learn(store, third, {"records": [{"collection": "heights", "date": "today", "values": {
        "height": o.quantities[0].id}}]}, day)
    assert [(r["_who"], r["height_cm"]) for r in _records(store, "heights")] == [
        ("Mia", 86.5), ("Mia", 88.3), ("me", 171.0)]


@pytest.mark.parametrize(("text", "item"), [
    ("Picked another 910g of tomatoes yesterday, plus my first two courgettes.", "tomatoes"),
    ("640 grams of Gardener's Delight off the greenhouse plants.", "Gardener's Delight"),
    ("Drank 2 litres of water today.", "water"),
])
def test_what_a_quantity_is_of_is_kept_when_the_model_named_no_words(store: LogStore, text: str, item: str) -> None:
    o = offer(text, DAY, records=True)
    q = next(q for q in o.quantities if q.unit)
    _learn(store, text, {"records": [{"collection": "harvests", "date": "today", "values": {"amount": q.id}}]})
    (rec,) = _records(store, "harvests")
    assert rec["item"] == item


def test_a_bare_number_says_nothing_of_what_it_measures(store: LogStore) -> None:
    text = "Logged 7 of them today."
    o = offer(text, DAY, records=True)
    _learn(store, text, {"records": [{"collection": "tallies", "date": "today", "values": {"count": o.quantities[0].id}}]})
    assert "item" not in _records(store, "tallies")[0]


def test_a_record_that_only_happened_fills_a_collection_of_days_only(store: LogStore) -> None:
    from engine.learn.collection import LearnedField, new_collection, schema_fact

    sid, (mid,) = store.add_session([("user", "rule")], DAY)
    days_only = new_collection("iron_tablets", [LearnedField("date", "date")], [])
    store.add_facts([schema_fact(days_only, session_id=sid, message_id=mid, session_date=DAY, evidence="")])
    first = "Long run today, 10 km in 55 minutes."
    o = offer(first, DAY, records=True)
    _learn(store, first, {"records": [{"collection": "runs", "date": "today", "values": {"distance": o.quantities[0].id}}]})
    text = "Took my iron tablet with lunch, then a long walk."
    rejected = _learn(store, text, {"records": [{"collection": "iron_tablets", "date": "today", "values": {}},
                                                {"collection": "runs", "date": "today", "values": {}}]})
    assert [r["date"] for r in _records(store, "iron_tablets")] == [DAY]
    assert len(_records(store, "runs")) == 1 and any("runs: no verified value" in r for r in rejected)


def test_near_misses_of_whose_record_and_bare_numbers(store: LogStore) -> None:
    first = "Lily swam 50m in 48 seconds at her gala, so proud of her."
    o = offer(first, DAY, records=True)
    _learn(store, first, {"records": [{"collection": "swim", "who": "Lily", "date": "today", "values": {
        "distance": next(q.id for q in o.quantities if q.surface.startswith("50")),
        "time": next(q.id for q in o.quantities if q.surface.startswith("48"))}}]})
    terse = "Swam 40 lengths at lunch, 32 minutes."
    o = offer(terse, DAY, records=True)
    _learn(store, terse, {"records": [{"collection": "swim", "date": "today", "values": {
        "minutes": next(q.id for q in o.quantities if q.surface.startswith("32"))}}]})
    assert [r["_who"] for r in _records(store, "swim")] == ["Lily", "me"]  # no pronoun of hers: the user's own
    bp = "BP this morning was 128 over 84."
    o = offer(bp, DAY, records=True)
    _learn(store, bp, {"records": [{"collection": "blood_pressure", "date": "today", "values": {
        "systolic": o.quantities[0].id, "diastolic": o.quantities[1].id}}]})
    sugar = "Blood sugar 6.1 before breakfast."
    o = offer(sugar, DAY, records=True)
    _learn(store, sugar, {"records": [{"collection": "blood_sugar", "date": "today", "values": {"glucose": o.quantities[0].id}}]})
    assert len(_records(store, "blood_sugar")) == 1  # a bare number never joins a collection of two number fields


def test_a_question_or_a_plan_is_no_record_that_it_happened(store: LogStore) -> None:
    from engine.learn.collection import LearnedField, new_collection, schema_fact

    sid, (mid,) = store.add_session([("user", "rule")], DAY)
    days_only = new_collection("fern_watering", [LearnedField("date", "date")], [])
    store.add_facts([schema_fact(days_only, session_id=sid, message_id=mid, session_date=DAY, evidence="")])
    for text in ("Should I water the ferns today?", "Forgot to water the ferns again, ugh.", "Going to water the ferns tomorrow."):
        rejected = _learn(store, text, {"records": [{"collection": "fern_watering", "date": "today", "values": {}}]})
        assert rejected
    _learn(store, "Gave the ferns a good soak before work.", {"records": [{"collection": "fern_watering", "date": "today", "values": {}}]})
    assert len(_records(store, "fern_watering")) == 1


def test_a_bare_number_in_another_unit_of_the_field_is_read_in_the_unit_said_before(store: LogStore) -> None:
    for text, day in [("Rowed 2k yesterday, 9 minutes.", DAY), ("Did 3k on the rower, 13 minutes.", DAY + dt.timedelta(days=2)),
                      ("5,000m today, 21 minutes.", DAY + dt.timedelta(days=4))]:
        o = offer(text, day, records=True)
        _learn(store, text, {"records": [{"collection": "rows", "date": "today", "values": {
            "distance": o.quantities[0].id, "duration": o.quantities[1].id}}]}, day)
    fix = "Oh wait, today's session was actually 5,500 not 5,000, I checked the monitor."
    day = DAY + dt.timedelta(days=4)
    o = offer(fix, day, records=True)
    _learn(store, fix, {"records": [{"collection": "rows", "date": "today", "corrects": True, "values": {
        "distance": o.quantities[0].id}}]}, day)
    assert sorted(r["distance_km"] for r in _records(store, "rows")) == [2.0, 3.0, 5.5]
    far = "Long one today: 12 km."  # a number with its unit is never re-read
    o = offer(far, DAY + dt.timedelta(days=6), records=True)
    _learn(store, far, {"records": [{"collection": "rows", "date": "today", "values": {"distance": o.quantities[0].id}}]},
           DAY + dt.timedelta(days=6))
    assert sorted(r["distance_km"] for r in _records(store, "rows")) == [2.0, 3.0, 5.5, 12.0]


def test_a_number_the_model_copied_as_words_is_its_candidate(store: LogStore) -> None:
    text = "Theo read for 25 mins last night before bed, The Worst Witch."
    o = offer(text, DAY, records=True)
    assert _learn(store, text, {"records": [{"collection": "reading", "date": o.dates[0].id, "values": {
        "title": "The Worst Witch", "duration": "25 min", "who": "Theo"}}]}) == []
    (rec,) = _records(store, "reading")
    assert rec["duration_min"] == 25 and rec["_who"] == "Theo" and "who" not in rec


def test_a_field_named_for_another_dimension_takes_the_values_own_name(store: LogStore) -> None:
    text = "Saturday he did three quarters of an hour on The Worst Witch. Sunday he managed about 20 minutes of Mr Fox."
    o = offer(text, DAY, records=True)
    q = [q.id for q in o.quantities]
    _learn(store, text, {"records": [
        {"collection": "reading", "date": o.dates[0].id, "values": {"title": "The Worst Witch", "pages": q[0], "duration": q[1]}},
        {"collection": "reading", "date": o.dates[1].id, "values": {"title": "Mr Fox", "pages": q[1], "duration": q[0]}}]})
    (coll,) = learned_collections(store.facts()).values()
    assert [f.name for f in coll.fields] == ["date", "title", "duration_min"]
    assert sorted((r["title"], r["duration_min"]) for r in _records(store, "reading")) == [
        ("Mr Fox", 20.0), ("The Worst Witch", 45.0)]  # each keeps the value said with its own words


def test_one_number_makes_one_record(store: LogStore) -> None:
    text = "His sister did 15 minutes of her Biff and Chip book yesterday."
    o = offer(text, DAY, records=True)
    q = o.quantities[0].id
    rejected = _learn(store, text, {"records": [
        {"collection": "reading", "date": o.dates[0].id, "values": {"title": "Biff and Chip", "duration": q}},
        {"collection": "reading", "date": "today", "values": {"title": "Biff and Chip", "duration": q}}]})
    assert len(_records(store, "reading")) == 1
    assert any("another record's" in r for r in rejected)


def test_a_bare_number_is_named_for_its_label_when_the_models_name_is_not_it(store: LogStore) -> None:
    text = "Got my blood test results back this morning. Total cholesterol 6.4, LDL 4.1, HDL 1.3. Is 6.4 bad?"
    o = offer(text, DAY, records=True)
    q = [x.id for x in o.quantities]
    _learn(store, text, {"records": [{"collection": "blood_tests", "date": "today", "values": {
        "systolic": q[0], "diastolic": q[1], "hdl": q[2]}}]})
    (coll,) = learned_collections(store.facts()).values()
    assert [f.name for f in coll.fields] == ["date", "total_cholesterol", "ldl", "hdl"]
    later = "Summer test done last week. Total 5.9, up a bit. LDL 3.6, HDL 1.5, trigs 1.7."
    o = offer(later, DAY, records=True)
    q = {x.surface: x.id for x in o.quantities}
    _learn(store, later, {"records": [{"collection": "blood_tests", "date": "today", "values": {
        "total": q["5.9"], "ldl": q["3.6"], "hdl": q["1.5"], "triglycerides": q["1.7"]}}]})
    latest = _records(store, "blood_tests")[-1]
    assert (latest["total_cholesterol"], latest["ldl"], latest["hdl"], latest["triglycerides"]) == (5.9, 3.6, 1.5, 1.7)


def test_a_label_is_never_a_verb_a_day_or_a_hedge(store: LogStore) -> None:
    text = "Weighed myself, 82.4. Monday 81.9 and took 45 minutes walking, about 3 miles."
    o = offer(text, DAY, records=True)
    q = {x.surface: x.id for x in o.quantities}
    _learn(store, text, {"records": [{"collection": "weigh_ins", "date": "today", "values": {"weight": q["82.4"]}}]})
    (rec,) = _records(store, "weigh_ins")
    assert rec["weight"] == 82.4


@pytest.mark.parametrize(("first", "second"), [
    ("Weighed myself this morning, 82.4 kg.", "Checked my weight this morning, 81.5 kg, down from 82.4 last week."),
    ("Did 30 minutes on the bike this morning.", "Actually managed 45 minutes today, up from 30 on Monday!"),
])
def test_a_progress_remark_naming_an_old_value_corrects_nothing(store: LogStore, first: str, second: str) -> None:
    o = offer(first, DAY, records=True)
    _learn(store, first, {"records": [{"collection": "logs", "date": "today", "values": {"amount": o.quantities[0].id}}]})
    later = DAY + dt.timedelta(days=7)
    o = offer(second, later, records=True)
    date = o.dates[0].id if o.dates else "today"
    _learn(store, second, {"records": [{"collection": "logs", "date": date, "values": {"amount": o.quantities[0].id}}]}, later)
    assert len(_records(store, "logs")) == 2


@pytest.mark.parametrize(("text", "raw", "kind"), [
    ("Ran 15 km in the morning then 5 km in the evening.", "5 km", "float"),
    ("Finished The 39 Steps last night, 4 out of 5.", "The 39 Steps", "str"),
    ("Did the 5k parkrun in 27 minutes.", "5k parkrun", "str"),
])
def test_words_are_a_candidate_only_when_they_are_its_own_words(text: str, raw: str, kind: str) -> None:
    (rec,) = verify({"records": [{"collection": "x", "date": "today", "values": {"item": raw}}]}, offer(text, DAY, records=True)).records
    assert rec.values["item"].kind == kind
    if kind == "float":
        assert rec.values["item"].value == 5  # not the 15 km it is part of


def test_two_people_may_share_one_number(store: LogStore) -> None:
    text = "Theo and Ada both read for 20 minutes tonight."
    q = offer(text, DAY, records=True).quantities[0].id
    _learn(store, text, {"records": [
        {"collection": "reading", "date": "today", "who": "Theo", "values": {"duration": q}},
        {"collection": "reading", "date": "today", "who": "Ada", "values": {"duration": q}}]})
    assert sorted(r["_who"] for r in _records(store, "reading")) == ["Ada", "Theo"]


def test_a_person_among_the_values_who_is_not_in_the_message_is_left_to_code(store: LogStore) -> None:
    text = "Saturday he did 50 minutes without being asked."
    o = offer(text, DAY, records=True)
    assert _learn(store, text, {"records": [{"collection": "reading", "date": "today", "values": {
        "duration": o.quantities[0].id, "who": "Theo"}}]}) == []
    assert len(_records(store, "reading")) == 1


def test_a_field_of_its_own_name_keeps_it(store: LogStore) -> None:
    text = "Hill run this morning, 10k with 300m of climb."
    q = [x.id for x in offer(text, DAY, records=True).quantities]
    _learn(store, text, {"records": [{"collection": "runs", "date": "today", "values": {"distance": q[0], "climb": q[1]}}]})
    (rec,) = _records(store, "runs")
    assert rec["distance_km"] == 10 and rec["climb_m"] == 300


def test_a_name_a_verb_or_an_abbreviation_is_no_label(store: LogStore) -> None:
    text = "Spelling test results today: Emma 12, Jack 9."
    q = [x.id for x in offer(text, DAY, records=True).quantities]
    _learn(store, text, {"records": [{"collection": "spelling", "date": "today", "who": "Emma", "values": {"score": q[0]}},
                                     {"collection": "spelling", "date": "today", "who": "Jack", "values": {"score": q[1]}}]})
    assert sorted((r["_who"], r["score"]) for r in _records(store, "spelling")) == [("Emma", 12), ("Jack", 9)]


def test_a_field_name_too_short_or_reserved_is_kept_under_a_usable_name() -> None:
    text = "Tested the tank: ph 7.2, and an hour of chemistry revision."
    o = offer(text, DAY, records=True)
    (rec,) = verify({"records": [{"collection": "tank", "date": "today", "values": {
        "ph": o.quantities[0].id, "subject": "chemistry"}}]}, o).records
    assert set(rec.values) == {"ph_value", "subject_name"}


def test_the_models_word_that_a_record_corrects_needs_the_message_to_take_something_back(store: LogStore) -> None:
    first = "Revised chemistry for an hour and a half on Monday."
    o = offer(first, DAY, records=True)
    assert not _learn(store, first, {"records": [{"collection": "revision", "date": "today", "values": {
        "subject": "chemistry", "duration": o.quantities[0].id}}]})
    more = "Then english lit for an hour, same day."
    o = offer(more, DAY, records=True)
    _learn(store, more, {"records": [{"collection": "revision", "date": "today", "corrects": True, "values": {
        "subject": "english lit", "duration": o.quantities[0].id}}]})
    assert sorted(r["subject_name"] for r in _records(store, "revision")) == ["chemistry", "english lit"]
    fix = "Actually the english lit was only half an hour."
    o = offer(fix, DAY, records=True)
    _learn(store, fix, {"records": [{"collection": "revision", "date": "today", "corrects": True, "values": {
        "subject": "english lit", "duration": o.quantities[0].id}}]})
    assert sorted((r["subject_name"], r["duration_min"]) for r in _records(store, "revision")) == [
        ("chemistry", 90.0), ("english lit", 30.0)]


def test_the_model_is_shown_the_fields_most_records_fill() -> None:
    from engine.learn.collection import LearnedField, new_collection

    lifts = new_collection("lifts", [LearnedField("date", "date"), LearnedField("weight_kg", "float", "kg"),
                                     LearnedField("reps", "float"), LearnedField("first_time", "float")], [])
    assert lifts.describe() == "lifts: date, weight_kg (kg), reps, first_time"
    records = [{"date": "2025-08-01", "weight_kg": 100.0, "reps": 5.0}, {"date": "2025-08-07", "weight_kg": 80.0, "reps": 6.0},
               {"date": "2025-08-11", "weight_kg": 105.0, "first_time": 50.0}]
    assert lifts.describe(records) == "lifts: date, weight_kg (kg), reps"
    two_people = [{"date": "2025-08-01", "weight_kg": 100.0, "reps": 5.0}, {"date": "2025-08-01", "first_time": 35.0}]
    assert lifts.describe(two_people) == "lifts: date, weight_kg (kg), reps, first_time"  # each fills half: all shown


def test_a_correction_said_with_sorry_or_should_have_been_still_corrects(store: LogStore) -> None:
    first = "Revised chemistry for 40 minutes on Monday."
    o = offer(first, DAY, records=True)
    _learn(store, first, {"records": [{"collection": "revision", "date": "today", "values": {"duration": o.quantities[0].id}}]})
    fix = "Sorry, that chemistry should have been 45 minutes."
    o = offer(fix, DAY, records=True)
    _learn(store, fix, {"records": [{"collection": "revision", "date": "today", "corrects": True,
                                     "values": {"duration": o.quantities[0].id}}]})
    assert [r["duration_min"] for r in _records(store, "revision")] == [45.0]


def test_practice_of_another_instrument_stays_its_own_collection(store: LogStore) -> None:
    first = "Maya did twenty-five minutes of violin yesterday."
    o = offer(first, DAY, records=True)
    _learn(store, first, {"records": [{"collection": "violin_practice", "date": o.dates[0].id, "who": "Maya",
                                       "values": {"duration": o.quantities[0].id}}]})
    second = "Leo did 15 minutes of piano the same day, unprompted!"
    o = offer(second, DAY + dt.timedelta(days=1), records=True)
    _learn(store, second, {"records": [{"collection": "piano_practice", "date": "today", "who": "Leo",
                                        "values": {"duration": o.quantities[0].id}}]}, DAY + dt.timedelta(days=1))
    assert sorted(learned_collections(store.facts())) == ["piano_practice", "violin_practice"]


def test_a_place_in_an_order_goes_to_the_field_of_places_whatever_the_model_calls_it(store: LogStore) -> None:
    first = "Parkrun this morning: 29:48, finished 212th."
    o = offer(first, DAY, records=True)
    _learn(store, first, {"records": [{"collection": "parkruns", "date": "today", "values": {
        "time": o.quantities[0].id, "place": o.quantities[1].id}}]})
    second = "Yesterday was better, 28:55 and I came 189th."
    o = offer(second, DAY + dt.timedelta(days=7), records=True)
    _learn(store, second, {"records": [{"collection": "parkruns", "date": "today", "values": {
        "time": o.quantities[0].id, "position": o.quantities[1].id}}]}, DAY + dt.timedelta(days=7))
    assert [(r["time_min"], r["place"]) for r in _records(store, "parkruns")] == [(29.8, 212.0), (28.92, 189.0)], _records(store, "parkruns")


def test_a_quantity_named_as_a_text_field_goes_to_the_field_of_its_dimension(store: LogStore) -> None:
    first = "Lake swim this morning, 14 degrees, I did 20 minutes breaststroke."
    o = offer(first, DAY, records=True)
    ids = {q.surface: q.id for q in o.quantities}
    _learn(store, first, {"records": [{"collection": "swims", "date": "today", "values": {
        "temperature": ids["14 degrees"], "duration": ids["20 minutes"], "stroke": "breaststroke"}}]})
    later = "Back at the lake. Colder, 12.5°C. I managed a quarter of an hour before my feet ached."
    day = DAY + dt.timedelta(days=6)
    o = offer(later, day, records=True)
    ids = {q.surface: q.id for q in o.quantities}
    _learn(store, later, {"records": [{"collection": "swims", "date": "today", "values": {
        "temperature": ids["12.5°C"], "stroke": "quarter of an hour"}}]}, day)
    (coll,) = learned_collections(store.facts()).values()
    assert [f.name for f in coll.fields] == ["date", "temperature", "duration_min", "stroke"]
    assert [(r["duration_min"], r["stroke"]) for r in _records(store, "swims")] == [(20.0, "breaststroke"), (15.0, None)]


def test_a_bare_number_the_model_named_for_another_dimension_stays_out_of_the_lone_number_field(store: LogStore) -> None:
    first = "Lake swim today, the water was 14 degrees."
    o = offer(first, DAY, records=True)
    _learn(store, first, {"records": [{"collection": "swims", "date": "today", "values": {"temperature": o.quantities[0].id}}]})
    second = "Gemma came along and did 35, show-off."
    o = offer(second, DAY, records=True)
    (bare,) = o.quantities
    _learn(store, second, {"records": [{"collection": "swims", "date": "today", "who": "Gemma", "values": {"distance": bare.id}}]})
    assert sorted((r["_who"], r.get("temperature"), r.get("distance")) for r in _records(store, "swims")) == [
        ("Gemma", None, 35.0), ("me", 14.0, None)]


def test_a_correction_taking_back_a_value_no_record_holds_corrects_none(store: LogStore) -> None:
    first = "First rehearsal was on Tuesday: two hours, on 'Hallelujah'."
    o = offer(first, DAY, records=True)
    _learn(store, first, {"records": [{"collection": "rehearsals", "date": o.dates[0].id, "values": {
        "duration": o.quantities[0].id, "piece": "Hallelujah"}}]})
    fix = "A correction: that sectional was two and a half hours, not an hour and a half."
    o = offer(fix, DAY + dt.timedelta(days=9), records=True)
    ids = {q.surface: q.id for q in o.quantities}
    _learn(store, fix, {"records": [{"collection": "rehearsals", "date": "today", "corrects": True, "values": {
        "duration": ids["an hour and a half"]}}]}, DAY + dt.timedelta(days=9))
    assert sorted(next(v for k, v in r.items() if k.startswith("duration")) for r in _records(store, "rehearsals")) == [2.0, 2.5]


def test_a_value_named_more_briefly_joins_the_field_whose_name_holds_its_words(store: LogStore) -> None:
    first = "Walked the Patels' spaniel today for an hour and a half, they paid me £12."
    o = offer(first, DAY, records=True)
    _learn(store, first, {"records": [{"collection": "dog_walks", "date": "today", "values": {
        "duration": o.quantities[0].id, "amount_paid": o.money[0].id}}]})
    second = "Spaniel again this afternoon, two hours, £16 this time, and they added a £3 extra for the rain."
    day = DAY + dt.timedelta(days=2)
    o = offer(second, day, records=True)
    sixteen, three = (m.id for m in o.money)
    _learn(store, second, {"records": [{"collection": "dog_walks", "date": "today", "values": {
        "time": o.quantities[0].id, "paid": sixteen, "extra_payment": three}}]}, day)
    (coll,) = learned_collections(store.facts()).values()
    assert [f.name for f in coll.fields] == ["date", "duration_min", "amount_paid", "extra_payment"]
    assert [(r["amount_paid"], r.get("extra_payment")) for r in _records(store, "dog_walks")] == [(12, None), (16, 3)]


def test_a_brief_name_joins_the_one_field_holding_its_words_and_names_differing_by_a_word_stay_two(store: LogStore) -> None:
    first = "Cinema last night, the ticket was £9.50."
    o = offer(first, DAY, records=True)
    _learn(store, first, {"records": [{"collection": "cinema_trips", "date": o.dates[0].id, "values": {
        "ticket_price": o.money[0].id}}]})
    second = "Back at the cinema tonight: £10 for the seat and £6 on popcorn."
    o = offer(second, DAY + dt.timedelta(days=7), records=True)
    seat, popcorn = (m.id for m in o.money)
    _learn(store, second, {"records": [{"collection": "cinema_trips", "date": "today", "values": {
        "price": seat, "snack_price": popcorn}}]}, DAY + dt.timedelta(days=7))
    (coll,) = learned_collections(store.facts()).values()
    assert [f.name for f in coll.fields] == ["date", "ticket_price", "snack_price"]
    assert [(r["ticket_price"], r.get("snack_price")) for r in _records(store, "cinema_trips")] == [(9.5, None), (10, 6)]


def test_an_amount_corrected_by_naming_the_old_one_supersedes_it(store: LogStore) -> None:
    first = "Car boot sale on Sunday went well, I took £85 in the end."
    o = offer(first, DAY, records=True)
    _learn(store, first, {"records": [{"collection": "car_boot_sales", "date": o.dates[0].id, "values": {
        "takings": o.money[0].id, "stall": "Car boot"}}]})
    later = "Went through the cash tin properly and it was £78 on Sunday, not £85. Still decent!"
    o = offer(later, DAY + dt.timedelta(days=3), records=True)
    seventy_eight = next(m.id for m in o.money if m.value.startswith("78"))
    _learn(store, later, {"records": [{"collection": "car_boot_sales", "date": "today", "values": {
        "takings": seventy_eight, "stall": "car boot"}}]}, DAY + dt.timedelta(days=3))
    (rec,) = _records(store, "car_boot_sales")
    assert float(rec["takings"]) == 78 and rec["date"] == dt.date(2026, 3, 1)
    day = DAY + dt.timedelta(days=7)
    for n, progress in enumerate(["Did another car boot, £62, not as good as the £78 last time.",
                                  "Car boot again, took £62, last week was £78."], 1):
        o = offer(progress, day, records=True)
        _learn(store, progress, {"records": [{"collection": "car_boot_sales", "date": "today", "values": {
            "takings": o.money[0].id, "stall": "car boot" if n == 1 else "Car boot"}}]}, day)
        assert sorted(float(r["takings"]) for r in _records(store, "car_boot_sales")) == [62] * n + [78], progress


def test_a_value_logged_as_one_number_and_said_to_be_another_corrects_it(store: LogStore) -> None:
    first = "Weighed in on Monday, 82.4 kg."
    o = offer(first, DAY, records=True)
    _learn(store, first, {"records": [{"collection": "weigh_ins", "date": o.dates[0].id, "values": {"weight": o.quantities[0].id}}]})
    fix = "Just noticed I logged Monday's weigh-in as 82.4 but the scale said 81.9."
    o = offer(fix, DAY + dt.timedelta(days=2), records=True)
    new = next(q.id for q in o.quantities if q.value == Decimal("81.9"))
    _learn(store, fix, {"records": [{"collection": "weigh_ins", "date": o.dates[0].id, "values": {"weight": new}}]}, DAY + dt.timedelta(days=2))
    assert [r["weight_kg"] for r in _records(store, "weigh_ins")] == [81.9]


@pytest.mark.parametrize("collection, name, first, later, day_word, new, field, days", [
    ("piano_practice", "duration", "Piano practice on Monday went on for two and a half hours, my wrists hurt.",
     "Looking at my diary, Monday's practice was two hours, not two and a half. Still a lot!", "Monday", "2", "duration_hours", 5),
    ("plant_stall", "takings", "The plant stall at the fete took £40 on Saturday, not bad.",
     "Counted the float again: Saturday's takings weren't forty quid, it came to £46 in the end.", "Saturday", "46", "takings", 3),
])
def test_an_old_value_said_bare_or_in_words_and_taken_back_names_the_record_it_corrects(
        store: LogStore, collection: str, name: str, first: str, later: str, day_word: str, new: str, field: str,
        days: int) -> None:
    def cited(o: Offer, value: str | None = None) -> str:
        values = [*o.quantities, *o.money]
        return next(c.id for c in values if value is None or Decimal(str(c.value)) == Decimal(value))

    o = offer(first, DAY, records=True)
    _learn(store, first, {"records": [{"collection": collection, "date": o.dates[0].id, "values": {name: cited(o)}}]})
    day = DAY + dt.timedelta(days=days)
    o = offer(later, day, records=True)
    said_day = next(d.id for d in o.dates if day_word in later[d.start:d.end])
    _learn(store, later, {"records": [{"collection": collection, "date": said_day, "values": {name: cited(o, new)}}]}, day)
    assert [float(r[field]) for r in _records(store, collection)] == [float(new)]


def test_a_visit_said_once_and_one_thing_counted_fill_the_collections_counts(store: LogStore) -> None:
    first = "Fed the Hendersons' rabbits on Saturday: went over twice, three carrots, 20 minutes."
    o = offer(first, DAY, records=True)
    ids = {q.surface: q.id for q in o.quantities}
    _learn(store, first, {"records": [{"collection": "rabbit_sitting", "date": o.dates[0].id, "values": {
        "visits": ids["twice"], "carrots": ids["three carrots"], "duration": ids["20 minutes"]}}]})
    later = "Sunday I only popped in once, one carrot, 5 minutes, they were asleep."
    day = DAY + dt.timedelta(days=1)
    o = offer(later, day, records=True)
    ids = {q.surface: q.id for q in o.quantities}
    assert {"once", "one carrot", "5 minutes"} <= set(ids)
    _learn(store, later, {"records": [{"collection": "rabbit_sitting", "date": o.dates[0].id, "values": {
        "visits": ids["once"], "carrots": ids["one carrot"], "duration": ids["5 minutes"]}}]}, day)
    rows = sorted(_records(store, "rabbit_sitting"), key=lambda r: r["date"])
    assert [(r["visits"], r["carrots"], r["duration_min"]) for r in rows] == [(2, 3, 20), (1, 1, 5)]


def test_a_clock_time_taken_back_names_no_old_value(store: LogStore) -> None:
    first = "Zoe slept 7 hours last night, rough one with her cough."
    o = offer(first, DAY, records=True)
    _learn(store, first, {"records": [{"collection": "sleep", "date": o.dates[0].id, "who": "Zoe", "values": {
        "duration": o.quantities[0].id}}]})
    later = "Zoe went down at 8, not 7:30 like most nights, and slept 10 hours."
    day = DAY + dt.timedelta(days=1)
    o = offer(later, day, records=True)
    ten = next(q.id for q in o.quantities if q.value == 10)
    _learn(store, later, {"records": [{"collection": "sleep", "date": "today", "who": "Zoe", "values": {"duration": ten}}]}, day)
    assert sorted(r["duration_hours"] for r in _records(store, "sleep")) == [7.0, 10.0]


def test_a_kind_said_in_another_word_is_the_collection_keeping_the_same_fields() -> None:
    from engine.learn.collection import LearnedField, new_collection
    from engine.learn.fill import same_kind
    from engine.learn.verify import Value

    def coll(name: str, *fields: tuple[str, str, str]) -> dict:
        return {name: new_collection(name, [LearnedField("date", "date"), *(LearnedField(*f) for f in fields)], [])}

    cost, count = Value("money", Decimal("48.20"), 0, 6, currency="GBP"), Value("float", Decimal(2), 10, 13)
    cuts = coll("haircuts", ("cost", "money", ""), ("tip", "money", ""))
    assert same_kind("hairdresser", cuts, {"cost": cost, "tip": cost}) is cuts["haircuts"]
    assert same_kind("hairdresser", cuts, {"cost": cost, "products": count}) is None  # one field alike is no kind
    dogs = coll("dog_walks", ("duration", "float", "minutes"), ("pay", "money", ""))
    assert same_kind("dog_food", dogs, {"duration": count, "pay": cost}) is None  # "dog_" is a word of its own
    cardio = coll("cardio", ("duration", "float", "minutes"), ("venue", "str", ""))
    venue = Value("str", "the Legion", 20, 30)
    assert same_kind("cards", cardio, {"duration": count, "venue": venue, "won": cost}) is None  # what any activity keeps
    swims = coll("swims", ("duration", "float", "minutes"), ("lengths", "float", ""))
    assert same_kind("swim_lessons", swims, {"duration": count, "lengths": count}) is None  # a kind of its own
