"""Whose a learned record is, read from the subject of the clause that holds its values, when the
model names no one."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path

import pytest

from engine.learn.collection import learned_collections
from engine.learn.fill import Batch, add
from engine.learn.propose import offer
from engine.learn.split import split_by_subject
from engine.learn.verify import verify
from engine.learn.whose import known_people, people_said, subject_of_clause
from engine.log import LogStore, NewFact
from engine.state import fold

DAY = dt.date(2026, 4, 6)


@pytest.mark.parametrize(
    ("text", "value", "expected"),
    [
        ("My daughter Mia is sitting an exam in June. She did an hour and a half yesterday.", "an hour", "Mia"),
        ("Visited Gran today and the nurse showed me how. Her resting heart rate was 72 beats a minute.", "72", "Gran"),
        ("Hello, Arjun got his maths result today, 78 out of 100.", "78", "Arjun"),
        ("Mia practised 45 minutes on Monday.", "45", "Mia"),
        ("My dad did 40 minutes on the bike today.", "40", "dad"),
        ("Gran's pulse was 78 when I got there.", "78", "Gran"),
        ("I ran 5k with Sarah this morning.", "5k", "me"),
        ("Ran 5k with Sarah this morning.", "5k", None),
        ("Pulse was 78, a bit higher.", "78", None),
        ("Weighed myself, 82.4 kg.", "82.4", None),
        ("The bus took 40 minutes today.", "40", None),
    ],
)
def test_the_subject_of_the_values_clause(text: str, value: str, expected: str | None) -> None:
    assert subject_of_clause(text, text.index(value)) == expected


@pytest.fixture
def store(tmp_path: Path) -> LogStore:
    s = LogStore(tmp_path / "log.db")
    yield s
    s.close()


def _learn(store: LogStore, text: str, values: dict[str, str], day: dt.date = DAY, date: str | None = None,
           corrects: bool = False, who: str = "me") -> None:
    """The model's reading ("me" unless ``who`` says otherwise): every value by the surface of its
    quantity (or as words), the day by the surface of its date (or "today")."""
    sid, (mid,) = store.add_session([("user", text)], day)
    o = offer(text, day, records=True)
    held = [str(f.subject) for f in store.facts() if f.subject and f.subject != "me" and f.frame != "ImportSchema"]
    o = replace(o, people=(*o.people, *dict.fromkeys(held)))
    ids = {q.surface: q.id for q in o.quantities}
    date_id = next(c.id for c in o.dates if c.surface == date) if date else "today"
    raw = {"records": [{"collection": "practice", "date": date_id, "who": who, "corrects": corrects,
                        "values": {k: ids.get(v, v) for k, v in values.items()}}]}
    batch = Batch(learned_collections(store.facts()), store.facts())
    for p in verify(raw, o).records:
        for part in split_by_subject(p, text, store.facts()):  # as the learning step files a reading
            add(batch, part, session_id=sid, message_id=mid, session_date=day, text=text)
    store.add_facts(batch.facts)


def _whose(store: LogStore) -> list[tuple[str, float]]:
    state = fold(store.facts())
    frame = next(f for f in state.frames.values() if f.collection == "practice")
    return [(r.subject, r.values["duration_min"]) for r in state.of(frame.name)]


def test_a_record_told_of_someone_is_theirs_and_keeps_the_collection_theirs(store: LogStore) -> None:
    _learn(store, "My daughter Mia has her piano exam in June. She did an hour and a half yesterday, a small miracle.",
           {"duration": "an hour and a half"})
    _learn(store, "Rough week, only about 30 minutes on Thursday with all the school deadlines.", {"duration": "30 minutes"},
           DAY + dt.timedelta(days=10))
    _learn(store, "I did 20 minutes on her keyboard myself, for fun.", {"duration": "20 minutes"}, DAY + dt.timedelta(days=11))
    assert _whose(store) == [("Mia", 90.0), ("me", 30.0), ("me", 20.0)]


def test_a_pronoun_after_a_named_person_is_that_person(store: LogStore) -> None:
    _learn(store, "Mia practised 45 minutes on Monday. Then she did two hours yesterday.",
           {"duration": "45 minutes"})
    _learn(store, "She did 1 hour 15 yesterday, cramming for the exam.", {"duration": "1 hour 15"}, DAY + dt.timedelta(days=5))
    assert _whose(store) == [("Mia", 45.0), ("Mia", 75.0)]


def test_a_correction_naming_an_old_value_of_someones_record_corrects_theirs(store: LogStore) -> None:
    _learn(store, "Gran did her physio exercises on Monday. She kept going for 58 minutes, bless her.", {"duration": "58 minutes"})
    _learn(store, "I recounted from my notes and it was 62 minutes, not 58.", {"duration": "62 minutes"},
           DAY + dt.timedelta(days=7), corrects=True)
    assert _whose(store) == [("Gran", 62.0)]


def test_a_correction_dated_by_a_month_finds_its_record_in_that_month(store: LogStore) -> None:
    _learn(store, "Mia practised 45 minutes on Monday. What a star.", {"duration": "45 minutes"}, dt.date(2026, 4, 8),
           date="on Monday")
    _learn(store, "I got that Monday in April wrong before, it was 60 minutes, not 45 minutes.", {"duration": "60 minutes"},
           dt.date(2026, 5, 11), date="Monday in April", corrects=True)
    state = fold(store.facts())
    frame = next(f for f in state.frames.values() if f.collection == "practice")
    assert [(r.subject, r.values["duration_min"], r.values["date"]) for r in state.of(frame.name)] == [
        ("Mia", 60.0, dt.date(2026, 4, 6))]  # the corrected record keeps its own day


def test_she_in_a_message_naming_no_one_is_the_one_other_person(store: LogStore) -> None:
    _learn(store, "Mia practised 45 minutes on Monday.", {"duration": "45 minutes"})
    _learn(store, "I did 20 minutes on her keyboard myself, for fun.", {"duration": "20 minutes"}, DAY + dt.timedelta(days=1))
    _learn(store, "She did 75 minutes yesterday, cramming for the exam.", {"duration": "75 minutes"}, DAY + dt.timedelta(days=5))
    assert _whose(store) == [("Mia", 45.0), ("me", 20.0), ("Mia", 75.0)]


def test_an_old_value_of_someone_elses_record_said_in_passing_corrects_nothing(store: LogStore) -> None:
    _learn(store, "Sarah ran 5 km with me last week, in 30 minutes.", {"duration": "30 minutes"})
    _learn(store, "Ran 10k in 55 minutes today, 5 minutes quicker than last time.", {"duration": "55 minutes"},
           DAY + dt.timedelta(days=3))
    assert sorted(_whose(store)) == [("Sarah", 30.0), ("me", 55.0)]


@pytest.mark.parametrize(
    ("text", "value", "expected"),
    [
        ("Max heart rate 182 on the hill", "182", None),
        ("June 3rd: 5k in 25 minutes", "5k", None),
        ("Will log properly tomorrow, 30 minutes today", "30", None),
        ("Saturday's parkrun took 24 minutes.", "24", None),
        ("Lisbon was amazing, walked 12 km. Loved Lisbon.", "12", None),
        ("Actually I checked and Piranesi is 272 pages, not 270.", "272", "me"),  # a title is no person
        ("Drove Dad to the clinic, Mum came too. His BP was 150/90.", "150", "Dad"),
        ("My dad's pulse was 80", "80", "dad"),
        ("Sarah's party last night so only 20 minutes of practice today", "20", None),
        ("She did 30 minutes, I did 25 minutes", "25", "me"),
        ("James swam 20 lengths", "20", "James"),
        ("About 20 minutes for me. Gemma, who dragged me there, did 35 but she's been going all summer.", "35", "Gemma"),
        ("My sister, who never runs, did 5k with me.", "5k", "sister"),
        ("He reckons his is 2 hours a day. On Sunday his was 2h40. Mine on Sunday was 3h50, which I'm proud of.", "3h50", "me"),
        ("Dan (my husband) says his was 2h40 on Sunday", "2h40", "Dan"),
        ("Our Chloe swam 20 lengths on Saturday", "20", "Chloe"),
        ("A friend of mine did 5k in 25 minutes", "5k", None),  # "of mine" is no subject
        ("My Ford did 40 mpg on the motorway", "40", "me"),  # a car, not a family member by name
        # the part before a list of values says who did them, a name no list holds among them
        ("I had a migraine so Kwabena went round, just once, one pouch, ten minutes, bless him.", "ten", "Kwabena"),
        ("Then Oluwaseun did yesterday for me as I was at work late: two visits, and he fed her twice.", "two visits",
         "Oluwaseun"),
        ("We popped in after work, then Tesco was shut, so only 20 minutes of shopping.", "20", None),
        ("First day went fine, Pumpkin was off her food, I went round twice, two pouches.", "two pouches", "me"),
        # another thing done before "then", an app or a gadget doing something: no one's
        ("Long day, Sarah came over for tea, then 30 minutes of piano before bed.", "30", None),
        ("Went for a ride but then Zwift crashed, only 40 minutes.", "40", None),
    ],
)
def test_near_misses_of_a_subject(text: str, value: str, expected: str | None) -> None:
    assert subject_of_clause(text, text.index(value)) == expected


@pytest.mark.parametrize(
    ("text", "value", "expected"),
    [
        ("His little sister Ada also did 15 minutes of her book yesterday.", "15", "Ada"),
        ("Her brother did 20 minutes before tea.", "20", "brother"),
        ("Reading wise, Saturday he did 50 minutes without being asked.", "50", "them/m"),
        ("Last Sunday she did 35 minutes.", "35", "them/f"),
        ("Monday I did 10 minutes.", "10", "me"),
        ("My daughter Rosie made her own little batch yesterday with the leftover 400g.", "400g", "Rosie"),
        ("My husband Mark got his done the same day, total 5.2.", "5.2", "Mark"),
        ("Her brother Tom's score was 80.", "80", "Tom"),
        ("My husband Dr Patel did 5k.", "5k", "husband"),
        ("Visited Gran today. Her blood pressure was up again, 150 over 95.", "150", "Gran"),
    ],
)
def test_a_relation_of_someone_and_a_weekday_before_the_subject(text: str, value: str, expected: str | None) -> None:
    assert subject_of_clause(text, text.index(value)) == expected


def test_he_with_no_one_named_is_the_last_person_of_the_collection_he_fits(store: LogStore) -> None:
    _learn(store, "Theo did 25 minutes last night, which he pretends he hates.", {"duration": "25 minutes"})
    _learn(store, "His little sister Ada also did 15 minutes, now she's in reception.", {"duration": "15 minutes"},
           DAY + dt.timedelta(days=1))
    _learn(store, "Saturday he did 50 minutes without me even asking.", {"duration": "50 minutes"}, DAY + dt.timedelta(days=6))
    _learn(store, "She did 20 minutes today.", {"duration": "20 minutes"}, DAY + dt.timedelta(days=7))
    assert _whose(store) == [("Theo", 25.0), ("Ada", 15.0), ("Theo", 50.0), ("Ada", 20.0)]


def test_a_correction_naming_the_old_value_keeps_the_records_day(store: LogStore) -> None:
    _learn(store, "Theo did 45 minutes on Saturday, he finished the book.", {"duration": "45 minutes"}, dt.date(2026, 2, 9),
           date="on Saturday")
    _learn(store, "I got something wrong. That Saturday he finished the book it was 40 minutes, not 45.",
           {"duration": "40 minutes"}, dt.date(2026, 3, 2), date="Saturday")
    state = fold(store.facts())
    frame = next(f for f in state.frames.values() if f.collection == "practice")
    assert [(r.subject, r.values["duration_min"], r.values["date"]) for r in state.of(frame.name)] == [
        ("Theo", 40.0, dt.date(2026, 2, 7))]


def test_an_old_value_said_in_passing_on_another_day_corrects_nothing(store: LogStore) -> None:
    _learn(store, "Did 30 minutes on Saturday.", {"duration": "30 minutes"}, dt.date(2026, 2, 9), date="on Saturday")
    _learn(store, "Did 45 minutes today, not 30 like last weekend.", {"duration": "45 minutes"}, dt.date(2026, 2, 12))
    assert sorted(_whose(store)) == [("me", 30.0), ("me", 45.0)]


def test_someone_who_only_took_part_in_the_users_record_does_not_own_it(store: LogStore) -> None:
    _learn(store, "Oliver did an hour of maths today, his mum paid cash.", {"duration": "an hour", "student": "Oliver"})
    _learn(store, "Oliver did an hour of maths today, his mum paid cash.", {"duration": "an hour"}, DAY + dt.timedelta(days=7))
    assert _whose(store) == [("me", 60.0), ("Oliver", 60.0)]  # the second reading named no student: his record


def test_the_models_person_stands_only_when_named_with_the_record(store: LogStore) -> None:
    text = ("Dan had Maria on Tuesday while I was away. He says it was four hours. "
            "Then on Saturday we finally got a date night, Maria stayed 6 hours.")
    sid, (mid,) = store.add_session([("user", text)], DAY)
    o = offer(text, DAY, records=True)
    ids = {c.surface.strip(" ,."): c.id for c in o.dates} | {q.surface: q.id for q in o.quantities}
    raw = {"records": [{"collection": "practice", "date": ids["on Tuesday"], "who": "Dan", "values": {"duration": ids["four hours"]}},
                       {"collection": "practice", "date": ids["on Saturday"], "who": "Dan", "values": {"duration": ids["6 hours"], "sitter": "Maria"}}]}
    batch = Batch(learned_collections(store.facts()), store.facts())
    for p in verify(raw, o).records:
        add(batch, p, session_id=sid, message_id=mid, session_date=DAY, text=text)
    store.add_facts(batch.facts)
    state = fold(store.facts())
    frame = next(f for f in state.frames.values() if f.collection == "practice")
    assert [r.subject for r in state.of(frame.name)] == ["Dan", "me"]


ISLA = ("Isla's come down with something, she was hot and grumpy all day yesterday. At about 7 last night she was "
        "38.6, so she had 7.5ml of Calpol. This morning at half six she was up to 38.9. I gave her 5 ml of ibuprofen.")


@pytest.mark.parametrize(("text", "value", "expected"), [
    (ISLA, "38.6", "them/f"), (ISLA, "7.5ml", "them/f"), (ISLA, "38.9", "them/f"), (ISLA, "5 ml", "me"),
    ("Once she was in bed I did 30 minutes of piano myself.", "30 minutes", "me"),
    ("When she got home I did 30 minutes.", "30 minutes", "me"),
])
def test_the_subject_pronoun_nearest_the_value_after_words_of_time(text: str, value: str, expected: str) -> None:
    assert subject_of_clause(text, text.index(value)) == expected


def test_she_with_no_one_recorded_is_a_first_name_the_message_gave(store: LogStore) -> None:
    _learn(store, ISLA, {"temperature": "38.6"})
    _learn(store, "Will do. Anyway she did 30 minutes of piano before tea.", {"duration": "30 minutes"},
           DAY + dt.timedelta(days=1))
    state = fold(store.facts())
    frame = next(f for f in state.frames.values() if f.collection == "practice")
    assert [r.subject for r in state.of(frame.name)] == ["Isla", "Isla"]  # "Will do." names no Will


def test_the_models_person_stands_when_nothing_near_says_otherwise(store: LogStore) -> None:
    text = "Lily's swimming gala was on Saturday. The pool was freezing. 50m freestyle in 48 seconds, a new PB!"
    sid, (mid,) = store.add_session([("user", text)], DAY)
    o = offer(text, DAY, records=True)
    ids = {q.surface: q.id for q in o.quantities}
    raw = {"records": [{"collection": "practice", "date": "today", "who": "Lily", "values": {"duration": ids["48 seconds"]}}]}
    batch = Batch(learned_collections(store.facts()), store.facts())
    for p in verify(raw, o).records:
        add(batch, p, session_id=sid, message_id=mid, session_date=DAY, text=text)
    store.add_facts(batch.facts)
    state = fold(store.facts())
    assert [r.subject for recs in state.records.values() for r in recs if r.frame != "ImportSchema"] == ["Lily"]


@pytest.mark.parametrize(("text", "people"), [
    ("Keep a note of Isla's bottles. Then Dan did the 10am one. My mum's coming to stay.", ("Isla", "Dan", "mum")),
    ("Took Grandad round the park, he managed 1.2 miles.", ("Grandad",)),
    ("My daughter Rosie made her own batch.", ("Rosie",)),
    ("Will do. Anyway she did 30 minutes.", ()),
    # a name no list holds, doing something mid-sentence; never a place, a shop or a thing that only "is"
    ("Cat update: then Kwabena did the evening for me, two pouches, and he says she purred.", ("Kwabena",)),
    ("Long run, then Garmin died at 18km and Wordle took me ages after.", ()),
    ("Went via Leeds, then Tesco was shut and Pumpkin was sulking.", ()),
])
def test_the_people_a_message_names_are_whom_the_model_may_choose(text: str, people: tuple[str, ...]) -> None:
    assert people_said(text) == people


def test_a_holiday_named_for_a_relation_names_no_one() -> None:
    said = people_said("Father's Day round yesterday at the club with Will and Rob. Mum's Day is next.")
    assert "Father" not in said and "Mum" not in said and {"Will", "Rob"} <= set(said)


def test_the_models_person_the_records_hold_stands_when_the_user_did_the_deed(store: LogStore) -> None:
    _learn(store, "I'm keeping a note of Isla's bottles. She had 40 minutes of tummy time this morning.",
           {"duration": "40 minutes"}, who="Isla")
    _learn(store, "Last night's late one was a big one, 45 minutes, I did that one while Dan snored.", {"duration": "45 minutes"},
           DAY + dt.timedelta(days=2), who="Isla")
    _learn(store, "I did 30 minutes of my own stretches too.", {"duration": "30 minutes"}, DAY + dt.timedelta(days=3))
    assert _whose(store) == [("Isla", 40.0), ("Isla", 45.0), ("me", 30.0)]


def test_an_old_value_named_in_another_sentence_is_not_corrected_by_this_record(store: LogStore) -> None:
    _learn(store, "Dan did 50 minutes on Saturday, proud of him.", {"duration": "50 minutes"}, DAY, date="on Saturday", who="Dan")
    _learn(store, "Yesterday Dan did 30 minutes, he was smug about it. Oh, that Saturday one was actually 40 not 50, I misread it.",
           {"duration": "30 minutes"}, DAY + dt.timedelta(days=4), date="Yesterday", who="Dan")
    assert sorted(_whose(store)) == [("Dan", 30.0), ("Dan", 50.0)]


def test_a_collection_of_the_users_own_records_takes_a_named_person_only_when_they_did_it(store: LogStore) -> None:
    _learn(store, "First tutoring session on Saturday with a Year 10 called Harvey, 60 minutes, his mum paid cash.",
           {"duration": "60 minutes", "student": "Harvey"}, date="on Saturday")
    _learn(store, "And a new one, Lily, who's doing A-level, 90 minutes and I charged her thirty quid an hour.",
           {"duration": "90 minutes"}, DAY + dt.timedelta(days=7), who="Lily")
    _learn(store, "Lily swam 40 minutes at the gala afterwards, so proud of her.", {"duration": "40 minutes"},
           DAY + dt.timedelta(days=8), who="Lily")
    assert _whose(store) == [("me", 60.0), ("me", 90.0), ("Lily", 40.0)]


def test_someone_named_only_after_the_record_does_not_take_it_from_a_collection_of_the_users_own(store: LogStore) -> None:
    _learn(store, "Weeded the veg patch this morning, 40 minutes.", {"duration": "40 minutes"})
    _learn(store, "Lovely sunny day. Yesterday there was another 30 minutes of weeding done. Should I mulch now? Our "
           "neighbour Doreen swears by bark.", {"duration": "30 minutes"}, DAY + dt.timedelta(days=3), who="Doreen")
    _learn(store, "Doreen weeded her own patch for 20 minutes too.", {"duration": "20 minutes"}, DAY + dt.timedelta(days=4),
           who="Doreen")
    assert _whose(store) == [("me", 40.0), ("me", 30.0), ("Doreen", 20.0)]


def test_someone_whose_home_is_only_where_it_happened_is_not_whose_it_is(store: LogStore) -> None:
    _learn(store, "Sam is cutting down on the booze. He did 40 minutes on the bike yesterday instead of the pub.",
           {"duration": "40 minutes"}, who="Sam")
    _learn(store, "Yesterday he was at his brother's watching the rugby and I think it was 50 minutes on the turbo trainer.",
           {"duration": "50 minutes"}, DAY + dt.timedelta(days=3), who="his brother")
    assert _whose(store) == [("Sam", 40.0), ("Sam", 50.0)]


def test_someone_named_in_the_sentence_after_the_record_may_still_take_it(store: LogStore) -> None:
    _learn(store, "Weeded the veg patch this morning, 40 minutes.", {"duration": "40 minutes"})
    _learn(store, "Another 25 minutes of weeding today. Well, Tom did it, I was at work!", {"duration": "25 minutes"},
           DAY + dt.timedelta(days=2), who="Tom")
    assert _whose(store) == [("me", 40.0), ("Tom", 25.0)]


def test_a_home_only_gives_way_where_the_collection_holds_someone_else(store: LogStore) -> None:
    _learn(store, "Spent the day at Dad's. Physio was 30 minutes this morning, he's getting stronger.",
           {"duration": "30 minutes"}, who="Dad")
    assert _whose(store) == [("Dad", 30.0)]


def test_someone_at_whose_home_it_happened_who_did_it_keeps_it(store: LogStore) -> None:
    _learn(store, "We were at Gran's house for tea and she did 20 minutes of her exercises.", {"duration": "20 minutes"},
           who="Gran")
    assert _whose(store) == [("Gran", 20.0)]


def test_a_childs_record_said_without_the_user_joins_a_collection_of_the_users_own(store: LogStore) -> None:
    _learn(store, "Swam 40 minutes this morning, felt strong.", {"duration": "40 minutes"})
    _learn(store, "Lily's swimming gala was on Saturday. The pool was freezing. 4 minutes in the 200m, a new PB!",
           {"duration": "4 minutes"}, DAY + dt.timedelta(days=3), who="Lily")
    assert _whose(store) == [("me", 40.0), ("Lily", 4.0)]


def test_a_household_member_without_a_name_may_be_chosen() -> None:
    assert people_said("The baby had 120ml at 6 and our dog walked 3 miles.") == ("baby", "dog")


def test_an_old_value_named_in_the_sentence_before_is_corrected(store: LogStore) -> None:
    _learn(store, "Did 30 minutes on Monday.", {"duration": "30 minutes"}, dt.date(2026, 2, 10), date="on Monday")
    _learn(store, "Did 45 minutes on Tuesday.", {"duration": "45 minutes"}, dt.date(2026, 2, 11), date="on Tuesday")
    _learn(store, "Oops, typo on Monday when I said 30. It was 35 minutes.", {"duration": "35 minutes"}, dt.date(2026, 2, 12))
    assert sorted(_whose(store)) == [("me", 35.0), ("me", 45.0)]


def test_a_person_named_before_a_sentence_of_the_users_own_is_not_whose_it_is(store: LogStore) -> None:
    _learn(store, "My grandson Daniel set you up for me so I can keep a note of my practice. "
                  "This morning the scales took me 25 minutes, which I think is rather good.",
           {"duration": "25 minutes"}, who="Daniel")
    _learn(store, "My nephew Tom came round. Yesterday he did 40 minutes on the drums, very loud.",
           {"duration": "40 minutes"}, DAY + dt.timedelta(days=3), who="Tom")
    assert _whose(store) == [("me", 25.0), ("Tom", 40.0)]


def test_we_or_my_beside_a_childs_result_leaves_it_theirs(store: LogStore) -> None:
    _learn(store, "Maya's violin exam is in June. Practice last night was 30 minutes, my ears are ringing.",
           {"duration": "30 minutes"}, who="Maya")
    assert _whose(store) == [("Maya", 30.0)]


def test_a_reading_the_gp_asked_for_is_the_users_even_when_the_model_names_the_gp(store: LogStore) -> None:
    _learn(store, "My GP wants me to check my pressure at home for a few weeks, so here goes. Did it this morning. "
                  "Practice was 41 minutes.", {"duration": "41 minutes"}, who="GP")
    _learn(store, "The physio said to keep a log. Practice lasted 35 minutes today.", {"duration": "35 minutes"},
           DAY + dt.timedelta(days=2), who="physio")
    assert _whose(store) == [("me", 41.0), ("me", 35.0)]


def test_a_mark_given_by_the_users_tutor_is_the_users(store: LogStore) -> None:
    _learn(store, "Did the writing part yesterday and my tutor Claire marked it. Practice took 42 minutes.",
           {"duration": "42 minutes"}, who="Claire")
    _learn(store, "Claire, my teacher, was pleased. Practice took 38 minutes.", {"duration": "38 minutes"},
           DAY + dt.timedelta(days=3), who="Claire")
    _learn(store, "Mia practised 45 minutes on Monday.", {"duration": "45 minutes"}, DAY + dt.timedelta(days=4), who="Mia")
    assert _whose(store) == [("me", 42.0), ("me", 38.0), ("Mia", 45.0)]


def test_she_is_the_girl_spoken_of_as_she_not_the_boy_recorded_since(store: LogStore) -> None:
    _learn(store, "Maya's exam is in June, so she is getting serious. She practised 25 minutes on Saturday.",
           {"duration": "25 minutes"}, who="Maya")
    _learn(store, "Leo practised 15 minutes too, unprompted!", {"duration": "15 minutes"}, DAY + dt.timedelta(days=1), who="Leo")
    _learn(store, "She practised 40 minutes on Sunday, mostly scales.", {"duration": "40 minutes"}, DAY + dt.timedelta(days=3))
    assert _whose(store) == [("Maya", 25.0), ("Leo", 15.0), ("Maya", 40.0)]


def test_two_peoples_values_read_as_one_record_are_two_records(store: LogStore) -> None:
    _learn(store, "Yesterday was better, 28 minutes at the park again. Tom came along and did 24 minutes, show-off.",
           {"duration": "28 minutes", "other": "24 minutes"})
    assert sorted(_whose(store)) == [("Tom", 24.0), ("me", 28.0)]


def test_one_persons_values_over_two_clauses_stay_one_record() -> None:
    text = "Mia practised 45 minutes on Monday, then she did 20 minutes of scales."
    o = offer(text, DAY, records=True)
    ids = {q.surface: q.id for q in o.quantities}
    (p,) = verify({"records": [{"collection": "practice", "date": "today", "who": "Mia", "values": {
        "pieces": ids["45 minutes"], "scales": ids["20 minutes"]}}]}, o).records
    assert len(split_by_subject(p, text)) == 1


def test_a_message_that_never_means_the_other_person_keeps_the_users_record_whatever_the_model_says(store: LogStore) -> None:
    _learn(store, "I practised 30 minutes this morning.", {"duration": "30 minutes"})
    _learn(store, "Tom practised 25 minutes too.", {"duration": "25 minutes"}, DAY + dt.timedelta(days=1), who="Tom")
    _learn(store, "Did the park on Saturday in horrendous rain. Practice was 40 minutes.", {"duration": "40 minutes"},
           DAY + dt.timedelta(days=5), who="Tom")
    _learn(store, "He was at it again, practice was 20 minutes.", {"duration": "20 minutes"}, DAY + dt.timedelta(days=6), who="Tom")
    assert _whose(store) == [("me", 30.0), ("Tom", 25.0), ("me", 40.0), ("Tom", 20.0)]


def test_a_split_never_parts_the_records_own_person_and_gives_the_user_their_own() -> None:
    text = "Tom did parkrun in 24:10. Came 71st, his best yet."
    o = offer(text, DAY, records=True)
    (p,) = verify({"records": [{"collection": "parkruns", "date": "today", "who": "Tom", "values": {
        "time": o.quantities[0].id, "place": o.quantities[1].id}}]}, o).records
    assert len(split_by_subject(p, text)) == 1
    text = "Maya did 20 minutes of violin and I did 15 minutes of piano."
    o = offer(text, DAY, records=True)
    (p,) = verify({"records": [{"collection": "practice", "date": "today", "who": "Maya", "values": {
        "violin": o.quantities[0].id, "piano": o.quantities[1].id}}]}, o).records
    parts = split_by_subject(p, text)
    assert [(q.who, sorted(q.values)) for q in parts] == [("Maya", ["violin"]), ("me", ["piano"])]
    text = "Back at the lake yesterday. Colder, 12.5°C. I managed a quarter of an hour before my feet ached."
    o = replace(offer(text, DAY, records=True), people=("Gemma",))  # someone the collection already holds
    (p,) = verify({"records": [{"collection": "swims", "date": "today", "who": "Gemma", "values": {
        "temperature": o.quantities[0].id, "time": o.quantities[1].id}}]}, o).records
    assert len(split_by_subject(p, text)) == 1  # the model's person is no one's subject here: one record, not two


@pytest.mark.parametrize(
    ("text", "value", "expected"),
    [
        ("Bill came to £62 for the two of us.", "62", None),
        ("Tom came along and did 24 minutes.", "24", "Tom"),
        ("I met Bill at the pool. Bill swam 40 lengths.", "40", "Bill"),
    ],
)
def test_a_name_that_is_also_a_word_is_a_name_only_where_the_message_names_them(text: str, value: str, expected: str | None) -> None:
    assert subject_of_clause(text, text.index(value)) == expected


def test_a_pronoun_in_the_sentence_after_the_numbers_lets_the_models_person_stand(store: LogStore) -> None:
    _learn(store, "Sam's long run yesterday took 118 minutes.", {"duration": "118 minutes"}, who="Sam")
    _learn(store, "I joined for 44 minutes of it.", {"duration": "44 minutes"}, DAY + dt.timedelta(days=1))
    _learn(store, "Sunday: 182 minutes. He looked destroyed but happy.", {"duration": "182 minutes"},
           DAY + dt.timedelta(days=7), who="Sam")
    _learn(store, "Sunday: 95 minutes. Loved every bit of it.", {"duration": "95 minutes"}, DAY + dt.timedelta(days=14), who="Sam")
    assert _whose(store) == [("Sam", 118.0), ("me", 44.0), ("Sam", 182.0), ("me", 95.0)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Our Alfie's playing for the under-13s and his little brother Ted's finally old enough.", ("Ted",)),
        ("her friend Molly came along and did 3 lengths", ("Molly",)),
        ("my Garmin's battery died halfway", ()),  # a thing owned, not a person
        ("Our Tesla's charging and my Kindle's dying", ()),
        ("my Saturday run was 5k", ()),
    ],
)
def test_a_name_said_with_a_possessive_and_a_relation_or_a_deed(text: str, expected: tuple[str, ...]) -> None:
    assert people_said(text) == expected


def test_a_name_from_an_earlier_message_is_offered_where_said_again(store: LogStore) -> None:
    day = dt.date(2024, 4, 27)
    sid, (mid,) = store.add_session([("user", "intro")], day)
    intro = "Our Alfie's playing for the under-13s again and his little brother Ted's finally old enough."
    store.add_facts([NewFact(sid, mid, day, "notes", "Note", "n1", {"text": intro}, evidence=intro),
                     NewFact(sid, mid, day, "people", "Person", "p1", {"name": "Alfie", "relation": "son"}, evidence=intro)])
    known = known_people(store.facts())
    assert set(known) == {"Alfie", "Ted"}
    later = "First game yesterday. Alfie opened and got 23 off 31 balls. Ted didn't bat."
    assert offer(later, dt.date(2024, 5, 5), records=True, known=known).people == ("Alfie", "Ted")
    assert offer(later, dt.date(2024, 5, 5), records=True).people == ()  # without what was said before: no one


def test_a_name_inside_what_the_record_is_of_is_not_whose_it_is(store: LogStore) -> None:
    """"The green Zara coat": the model took the brand for a person; it is one word of the record's own value."""
    _learn(store, "Listed the green Zara coat on Vinted today, took me 25 minutes to photograph it.",
           {"duration": "25 minutes", "item": "green Zara coat"}, who="Zara")
    assert _whose(store) == [("me", 25.0)]


def test_a_persons_full_name_as_a_value_stays_theirs(store: LogStore) -> None:
    """"Alfie Jones" is a name, not a thing named after someone: the model's person stands."""
    _learn(store, "Alfie Jones did 25 minutes on the piano today.", {"duration": "25 minutes", "player": "Alfie Jones"}, who="Alfie")
    assert _whose(store) == [("alfie", 25.0)] or _whose(store) == [("Alfie", 25.0)]


def test_someone_named_only_in_a_clause_after_the_users_values_is_not_whose_it_is(store: LogStore) -> None:
    _learn(store, "Did a longer stint on the till yesterday, 90 minutes because Tomasz phoned in ill.",
           {"duration": "90 minutes"}, who="Tomasz")
    _learn(store, "Then I did 45 minutes on Sunday and earned £9, which my aunt Rosa reckons is decent.",
           {"duration": "45 minutes"}, DAY + dt.timedelta(days=7), who="Rosa")
    assert _whose(store) == [("me", 90.0), ("me", 45.0)]


def test_a_record_said_in_the_first_person_is_the_users_though_the_collection_holds_someone_else(
        store: LogStore) -> None:
    _learn(store, "My nephew Kofi helped on the stall on Saturday, he did 40 minutes.", {"duration": "40 minutes"}, who="Kofi")
    _learn(store, "I was on for 50 minutes yesterday, the manager was lovely to me.", {"duration": "50 minutes"},
           DAY + dt.timedelta(days=7), who="Kofi")
    assert _whose(store) == [("Kofi", 40.0), ("me", 50.0)]


def test_a_clause_without_a_subject_goes_on_with_the_subject_before_it_in_its_sentence() -> None:
    text = ("Grandad had his darts league on Tuesday. Then on Friday Ken dragged him to the club in town. "
            "Grandad threw nine legs there, and didn't win a thing.")
    o = offer(text, DAY, records=True)
    ids = {q.surface: q.id for q in (*o.quantities, *o.money)}
    (p,) = verify({"records": [{"collection": "darts", "date": "today", "who": "Ken", "values": {
        "legs": ids["nine legs"], "winnings": ids["didn't win a thing"]}}]}, o).records
    (whole,) = split_by_subject(p, text)
    assert whole.who == "Grandad" and set(whole.values) == {"legs", "winnings"}


def test_values_said_apart_still_part_by_their_own_subjects() -> None:
    text = "Did nine legs at the club, won £5. Ken came too and threw twelve legs, he won nothing."
    o = offer(text, DAY, records=True)
    ids = {q.surface: q.id for q in (*o.quantities, *o.money)}
    (p,) = verify({"records": [{"collection": "darts", "date": "today", "values": {
        "legs": ids["nine legs"], "winnings": ids["£5"], "other_legs": ids["twelve legs"], "other": ids["won nothing"]}}]},
        o).records
    parts = sorted((q.who, sorted(q.values)) for q in split_by_subject(p, text))
    assert parts == [("Ken", ["other", "other_legs"]), ("me", ["legs", "winnings"])]


@pytest.mark.parametrize(
    ("text", "values", "expected"),
    [
        # the user's own clause between: the parking after it is not Lily's
        ("Lily swam 20 lengths, I swam 30 lengths, paid £5 for parking.",
         {"laps": "20 lengths", "mine": "30 lengths", "parking": "£5"}, [("Lily", ["laps"]), ("me", ["mine", "parking"])]),
        # a bare comma may drop the user's "I": the parking stays the user's
        ("Took Ella to swimming, she did 40 lengths, paid £6 for parking.",
         {"laps": "40 lengths", "parking": "£6"}, [("Ella", ["laps"]), ("me", ["parking"])]),
    ],
)
def test_a_value_goes_on_with_a_subject_only_across_and_but_or_then(text: str, values: dict[str, str],
                                                                      expected: list) -> None:
    o = offer(text, DAY, records=True)
    ids = {q.surface: q.id for q in (*o.quantities, *o.money)}
    (p,) = verify({"records": [{"collection": "swims", "date": "today", "values": {
        k: ids[v] for k, v in values.items()}}]}, o).records
    assert sorted((q.who, sorted(q.values)) for q in split_by_subject(p, text)) == expected


def test_a_person_named_only_with_the_user_as_one_subject_leaves_the_record_the_users(store: LogStore) -> None:
    _learn(store, "Priya and I did the river loop on Sunday. 45 minutes, and it rained the whole way.",
           {"duration": "45 minutes"}, who="Priya")
    assert _whose(store) == [("me", 45.0)]


def test_a_person_named_also_on_their_own_keeps_the_models_reading(store: LogStore) -> None:
    _learn(store, "Me and Priya went down to the river. Priya did the loop in 45 minutes, I walked.",
           {"duration": "45 minutes"}, who="Priya")
    assert _whose(store) == [("Priya", 45.0)]


def test_a_person_whose_records_the_collection_holds_stays_theirs_when_out_with_the_user(store: LogStore) -> None:
    _learn(store, "Noah's piano practice today, 30 minutes.", {"duration": "30 minutes"}, who="Noah")
    _learn(store, "Noah and I sat down together after tea. 25 minutes this time.", {"duration": "25 minutes"}, who="Noah")
    assert sorted(_whose(store)) == [("Noah", 25.0), ("Noah", 30.0)]


def test_a_pronoun_that_cannot_be_the_models_person_does_not_keep_their_record(store: LogStore) -> None:
    _learn(store, "Kwabena took the dog out for me last night: 40 minutes, and he says she pulled the whole way.",
           {"duration": "40 minutes"}, who="Kwabena")
    # the user's own walk, the dog spoken of as "her": not Kwabena's, whom the user calls "he"
    _learn(store, "I walked her for ages yesterday, 55 minutes round the reservoir. She was filthy after.",
           {"duration": "55 minutes"}, DAY + dt.timedelta(days=2), who="Kwabena")
    # his own walk, told with "he": his
    _learn(store, "Kwabena did Sunday, 30 minutes, and he reckons he's getting fitter.", {"duration": "30 minutes"},
           DAY + dt.timedelta(days=4), who="Kwabena")
    assert _whose(store) == [("Kwabena", 40.0), ("me", 55.0), ("Kwabena", 30.0)]


def test_a_persons_gender_is_not_read_from_what_they_own(store: LogStore) -> None:
    _learn(store, "Ollie's swim teacher says she's moving him up a group, he did 20 lengths today.", {"duration": "20 lengths"},
           who="Ollie")
    _learn(store, "Took him to the pool again and I'm so proud, he did 24 lengths.", {"duration": "24 lengths"},
           DAY + dt.timedelta(days=7), who="Ollie")
    state = fold(store.facts())
    frame = next(f for f in state.frames.values() if f.collection == "practice")
    assert [r.subject for r in state.of(frame.name)] == ["Ollie", "Ollie"]


def test_she_after_someone_did_something_to_her_is_the_one_the_records_are_about(store: LogStore) -> None:
    _learn(store, "My son's friend Ruby comes over to practise with him. My daughter Isla did 30 minutes on Monday.",
           {"duration": "30 minutes"})
    _learn(store, "Coach Dawson timed her on Saturday. She managed 25 minutes without a break.", {"duration": "25 minutes"},
           DAY + dt.timedelta(days=6), who="Dawson")
    assert _whose(store) == [("Isla", 30.0), ("Isla", 25.0)]


def test_a_value_said_before_and_taken_back_by_a_later_one_is_not_the_records(store: LogStore) -> None:
    _learn(store, "Mia practised 45 minutes on Monday.", {"duration": "45 minutes"}, date="on Monday")
    _learn(store, "Quick fix: I told you she did 45 minutes on Monday, but her diary says 40.", {"duration": "45 minutes"},
           DAY + dt.timedelta(days=4), date="on Monday", corrects=True)
    assert _whose(store) == [("Mia", 40.0)]


def test_her_before_what_is_hers_is_no_object_of_the_newcomer(store: LogStore) -> None:
    _learn(store, "My daughter Isla did 30 minutes on Monday.", {"duration": "30 minutes"})
    _learn(store, "Clare brought her cello round on Saturday. She managed 25 minutes without a break.",
           {"duration": "25 minutes"}, DAY + dt.timedelta(days=6), who="Clare")
    assert _whose(store) == [("Isla", 30.0), ("Clare", 25.0)]


def test_a_value_said_again_is_not_taken_back(store: LogStore) -> None:
    _learn(store, "Mia practised 30 minutes on Monday.", {"duration": "30 minutes"}, date="on Monday")
    _learn(store, "As I said she did 40 minutes today, really pleased with her.", {"duration": "40 minutes"},
           DAY + dt.timedelta(days=3))
    _learn(store, "Her teacher asked how long she practised today and I said 45 minutes.", {"duration": "45 minutes"},
           DAY + dt.timedelta(days=4), who="Mia")
    assert [v for _, v in _whose(store)] == [30.0, 40.0, 45.0]


def test_someone_who_paid_him_is_not_whose_the_pay_is(store: LogStore) -> None:
    _learn(store, "My son Leo has a paper round now. He did 2 hours on Saturday.", {"duration": "2 hours"})
    _learn(store, "Mr Hughes paid him £30 for the day. Leo was out for 3 hours in the rain.", {"duration": "3 hours"},
           DAY + dt.timedelta(days=7), who="Hughes")
    state = fold(store.facts())
    assert [r.subject for recs in state.records.values() for r in recs] == ["Leo", "Leo"]


def test_a_newcomer_who_did_something_with_him_keeps_their_own_record(store: LogStore) -> None:
    _learn(store, "My son Leo did 2 hours of practice on Saturday.", {"duration": "2 hours"})
    _learn(store, "Sarah ran with him at the park on Sunday. She did 3 hours in the end.", {"duration": "3 hours"},
           DAY + dt.timedelta(days=7), who="Sarah")
    state = fold(store.facts())
    assert [r.subject for recs in state.records.values() for r in recs] == ["Leo", "Sarah"]


def test_her_before_an_amount_of_hers_or_him_for_another_leaves_the_newcomers_record(store: LogStore) -> None:
    _learn(store, "My daughter Mia did 30 minutes on Monday.", {"duration": "30 minutes"})
    _learn(store, "Priya paid her £40 entry fee and did 3 hours of practice on Sunday.", {"duration": "3 hours"},
           DAY + dt.timedelta(days=6), who="Priya")
    _learn(store, "Sarah gave him a lift to the hall. She did 2 hours of practice in the end.", {"duration": "2 hours"},
           DAY + dt.timedelta(days=8), who="Sarah")
    state = fold(store.facts())
    assert [r.subject for recs in state.records.values() for r in recs] == ["Mia", "Priya", "Sarah"]
