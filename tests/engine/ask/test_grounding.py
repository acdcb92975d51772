"""A plan must be about what the question names: the collection that holds it, its records, or recall."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from engine.ask import ask
from engine.ask.catalog import build_catalog
from engine.ask.grounding import uncovered
from engine.log import LogStore, NewFact
from engine.state import fold

NOW = dt.datetime(2026, 11, 24, 10, 0)
DAY = dt.date(2026, 11, 10)


def _log(tmp_path: Path) -> LogStore:
    store = LogStore(tmp_path / "log.db")
    text = ("Flying to Tokyo on December 3rd, back the 12th. Dentist appointment on November 29 at 10am. "
            "Team offsite on December 1. My sister Ana lives in Porto.")
    sid, (mid,) = store.add_session([("user", text)], DAY)
    store.add_facts([
        NewFact(sid, mid, DAY, "travel", "Trip", "tokyo", {"destination": "Tokyo", "country": "JP",
                                                            "start": "2026-12-03", "end": "2026-12-12"}),
        NewFact(sid, mid, DAY, "calendar", "Event", "dentist", {"title": "Dentist appointment",
                                                                 "kind": "appointment", "start": "2026-11-29"}),
        NewFact(sid, mid, DAY, "calendar", "Event", "offsite", {"title": "Team offsite", "kind": "meeting",
                                                                 "start": "2026-12-01"}),
        NewFact(sid, mid, DAY, "people", "Person", "ana", {"name": "Ana", "relation": "sister"}),
    ])
    return store


def test_a_question_goes_to_the_collection_that_holds_what_it_names(tmp_path: Path) -> None:
    log = _log(tmp_path)
    answer = ask(fold(log.facts()), "When did I go to the dentist?", NOW, None, log)
    assert answer.answer == "2026-11-29"  # the appointment, not the trip "go" sounded like
    assert "events" in answer.computation and "denti" in answer.computation


def test_a_plan_the_state_cannot_run_is_recall_not_a_crash(tmp_path: Path) -> None:
    log = _log(tmp_path)
    answer = ask(fold(log.facts()), "When did I last see my sister?", NOW, None, log)
    assert answer.kind == "string" and "log.search" in answer.computation


def test_words_that_only_shape_the_query_never_count(tmp_path: Path) -> None:
    log = _log(tmp_path)
    trips = build_catalog(fold(log.facts()))["trips"]
    assert uncovered("How many trips did I take last month in total?", trips) == []
    assert uncovered("When did I go to the dentist?", trips) == ["dentist"]
    answer = ask(fold(log.facts()), "How many trips did I take?", NOW, None, log)
    assert answer.answer == 1 and "trips" in answer.computation


def test_a_countdown_is_a_date_difference_not_a_count(tmp_path: Path) -> None:
    log = _log(tmp_path)
    state = fold(log.facts())
    answer = ask(state, "How many days until the team offsite?", NOW, None, log)
    assert answer.answer == 7 and "(min(r.start" in answer.computation and "offsite" in answer.computation.lower()
    weeks = ask(state, "How many weeks are left before my Tokyo trip?", NOW, None, log)
    assert weeks.answer == 1  # 9 days
    assert ask(state, "How many trips did I take?", NOW, None, log).answer == 1  # not a countdown


def test_an_aside_explains_the_words_before_it(tmp_path: Path) -> None:
    log = _log(tmp_path)
    trips = build_catalog(fold(log.facts()))["trips"]
    assert uncovered("How many offsite trips — Tokyo — did I take?", trips) == []
    assert uncovered("How many offsite trips — Porto — did I take?", trips) == ["offsite", "porto"]


def test_a_word_said_with_an_accent_is_the_questions_word_without_one(tmp_path: Path) -> None:
    log = _log(tmp_path)
    sid, (mid,) = log.add_session([("user", "Back from Québec, lovely week.")], DAY)
    log.add_facts([NewFact(sid, mid, DAY, "travel", "Trip", "quebec", {"destination": "Québec", "country": "CA",
                                                                          "start": "2026-10-03", "end": "2026-10-10"})])
    trips = build_catalog(fold(log.facts()))["trips"]
    assert uncovered("How many trips to Quebec did I take?", trips) == []
    answer = ask(fold(log.facts()), "How many trips to Québec did I take?", NOW, None, log)
    assert answer.answer == 1 and "trips" in answer.computation
