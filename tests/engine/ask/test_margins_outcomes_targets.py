"""Two people's bests set against each other, a winning margin, an average of a field a superlative
names, a change from someone's first record to their latest, "the last night I…" as the latest
record, a game's outcome said as a verb, a target reached, and "any"/"without" over a number —
over learned collections kept about the user and a grandparent."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.ask import ask
from engine.frames import IMPORT_DOMAIN
from engine.learn.collection import LearnedField, new_collection, record_key, schema_fact
from engine.log import LogStore, NewFact
from engine.state import State, fold

NOW = dt.datetime(2026, 4, 10, 12)


def learned_log(folder: Path, name: str, fields: list[LearnedField], rows: list[tuple[str, dict[str, object]]]) -> tuple[State, LogStore]:
    """A log holding one learned collection ``name`` and its records, each ``(whose, values)``, folded."""
    store = LogStore(folder / "log.db")
    sid, (mid,) = store.add_session([("user", name)], dt.date(2026, 1, 1))
    coll = new_collection(name, fields, [])
    facts: list[NewFact] = [schema_fact(coll, session_id=sid, message_id=mid, session_date=dt.date(2026, 1, 1), evidence="")]
    for who, slots in rows:
        facts.append(NewFact(sid, mid, dt.date(2026, 1, 1), IMPORT_DOMAIN, coll.frame,
                             record_key(coll.name, who, slots, None), slots, subject=None if who == "me" else who))
    store.add_facts(facts)
    return fold(store.facts()), store
NIGHTS = [("2026-02-05", "me", 1, 12), ("2026-02-05", "Grandpa", 3, 31), ("2026-02-19", "me", 2, 18),
          ("2026-02-19", "Grandpa", 2, 40), ("2026-03-05", "me", 0, 9), ("2026-03-05", "Grandpa", 4, 52),
          ("2026-03-26", "me", 3, 22), ("2026-03-26", "Grandpa", 1, 27)]


@pytest.fixture
def learned(tmp_path: Path) -> Iterator[tuple[State, LogStore]]:
    state, store = learned_log(tmp_path, "pool_nights", [LearnedField("date", "date"), LearnedField("frames_won", "float", "frames"),
                                                         LearnedField("top_break", "float", "points")],
                               [(who, {"date": day, "frames_won": frames, "top_break": best}) for day, who, frames, best in NIGHTS])
    yield state, store
    store.close()


def _of(who: str, field: int) -> list[int]:
    return [row[field] for row in NIGHTS if row[1] == who]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # "average" before a superlative word: the mean of the field it names, not its largest
        ("What's Grandpa's average top break?", sum(_of("Grandpa", 3)) / 4),
        ("And my average best break over the season?", sum(_of("me", 3)) / 4),
        # two people's bests: the largest of one minus the largest of the other
        ("How much higher is Grandpa's best break than mine?", max(_of("Grandpa", 3)) - max(_of("me", 3))),
        ("How much lower is my top break than Grandpa's?", max(_of("Grandpa", 3)) - max(_of("me", 3))),
        # a winning margin is its size, whoever the question names first
        ("By how many frames did Grandpa beat me on 5 March?", 4),
        ("By how much did I beat Grandpa on 26 March?", 2),
        # from someone's first record to their latest
        ("By how many points did Grandpa's top break drop from his first night to his latest one?", 31 - 27),
        ("How much has my top break gone up from my first night to my most recent?", 22 - 12),
        # "the last night I…" is the latest such record, not yesterday
        ("When was the last night I won more than 1 frame?", "2026-03-26"),
        ("When was the last night Grandpa won 3 frames or more?", "2026-03-05"),
    ],
)
def test_bests_and_margins(learned: tuple[State, LogStore], question: str, expected: object) -> None:
    state, store = learned
    got = ask(state, question, NOW, None, store)
    if isinstance(expected, str):
        assert str(got.answer) == expected, got.computation
    else:
        assert got.answer == pytest.approx(expected), got.computation


def test_last_night_alone_is_still_yesterday(learned: tuple[State, LogStore]) -> None:
    """Without "the" before it, "last night" is the night before ``now``: nothing was logged then."""
    state, store = learned
    got = ask(state, "How many frames did Grandpa win last night?", NOW, None, store)
    assert "date(2026, 4, 9)" in got.computation
    assert not got.answer


MATCHES = [("2026-01-10", "sal", "loss", 4), ("2026-01-17", "kim", "win", 12), ("2026-01-24", "sal", "win", 13),
           ("2026-02-01", "jo", "draw", 6)]


@pytest.fixture
def matches(tmp_path: Path) -> Iterator[tuple[State, LogStore]]:
    state, store = learned_log(tmp_path, "tennis_matches", [LearnedField("date", "date"), LearnedField("opponent", "str"),
                                                            LearnedField("result", "str"), LearnedField("games_won", "float", "games")],
                               [("me", {"date": day, "opponent": opponent, "result": result, "games_won": games})
                                for day, opponent, result, games in MATCHES])
    yield state, store
    store.close()


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # an outcome said as a verb is the result word the records keep
        ("How many matches have I won?", 2),
        ("How many matches did I lose?", 1),
        ("Who have I beaten so far?", ["kim", "sal"]),
        ("How many games have I won in matches I lost?", 4),
        # "games … win" names the number field games_won, not the result
        ("How many games did I win against Sal altogether?", 4 + 13),
    ],
)
def test_outcomes_said_as_verbs(matches: tuple[State, LogStore], question: str, expected: object) -> None:
    state, store = matches
    got = ask(state, question, dt.datetime(2026, 3, 1, 12), None, store)
    if isinstance(expected, list):
        assert sorted(got.answer) == expected, got.computation
    else:
        assert got.answer == pytest.approx(expected), got.computation


DAYS = [("2026-10-01", 2100, 40), ("2026-10-05", 3400, 0), ("2026-10-09", 3000, 55), ("2026-10-12", 1500, None)]


@pytest.fixture
def steps(tmp_path: Path) -> Iterator[tuple[State, LogStore]]:
    state, store = learned_log(tmp_path, "gran_steps", [LearnedField("date", "date"), LearnedField("steps", "float", "steps"),
                                                        LearnedField("nap_minutes", "float", "min")],
                               [("Gran", {"date": day, "steps": walked} | ({"nap_minutes": nap} if nap is not None else {}))
                                for day, walked, nap in DAYS])
    yield state, store
    store.close()


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a target reached is at least the number ("3,000" is one number, not "000 steps")
        ("On how many days did Gran reach her 3,000 step target?", sum(w >= 3000 for _, w, _ in DAYS)),
        ("How many days did she hit 3000 steps?", sum(w >= 3000 for _, w, _ in DAYS)),
        ("How many days did Gran do exactly 3,400 steps?", 1),
        # "any" of a number is more than none; "without" it is none said or nought
        ("On how many days did Gran have any nap at all?", sum(bool(n) for _, _, n in DAYS)),
        ("How many days did Gran manage without a nap?", sum(not n for _, _, n in DAYS)),
    ],
)
def test_targets_and_any(steps: tuple[State, LogStore], question: str, expected: int) -> None:
    state, store = steps
    got = ask(state, question, dt.datetime(2026, 11, 1, 12), None, store)
    assert got.answer == expected, got.computation


def test_a_best_named_by_a_word_no_field_has(tmp_path: Path) -> None:
    """"What was Alfie's top score": the runs themselves, not how he was out in that innings."""
    state, store = learned_log(tmp_path, "batting", [LearnedField("date", "date"), LearnedField("runs", "float", "runs"),
                                                     LearnedField("balls_faced", "float", "balls"), LearnedField("how_out", "str")],
                               [("Alfie", {"date": "2026-05-04", "runs": 23, "balls_faced": 31, "how_out": "bowled"}),
                                ("Alfie", {"date": "2026-05-11", "runs": 61, "balls_faced": 50, "how_out": "not out"}),
                                ("Ted", {"date": "2026-05-11", "runs": 70, "balls_faced": 12, "how_out": "caught"})])
    got = ask(state, "What was Alfie's top score this season?", dt.datetime(2026, 9, 1, 12), None, store)
    store.close()
    assert got.answer == 61, got.computation


THEORY = [("Maisie", "2026-02-01", 38, "mock"), ("Maisie", "2026-02-08", 41, "mock"), ("Maisie", "2026-02-09", 12, "hazard"),
          ("me", "2026-02-10", 35, "mock")]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What did I score when I had a go at the mock myself?", 35),
        ("What did Maisie get on the hazard test?", 12),
        ("What did Maisie score on 8 February?", 41),
        ("What mark did Maisie get in her first mock?", 38),
        ("What tests has Maisie done?", ["hazard", "mock"]),  # no number asked: the kinds of test
    ],
)
def test_what_someone_scored_is_a_number(tmp_path: Path, question: str, expected: object) -> None:
    state, store = learned_log(tmp_path, "theory_practice", [LearnedField("date", "date"), LearnedField("score_out_of_50", "float", "marks"),
                                                             LearnedField("test_type", "str")],
                               [(who, {"date": day, "score_out_of_50": score, "test_type": kind}) for who, day, score, kind in THEORY])
    got = ask(state, question, dt.datetime(2026, 3, 1, 12), None, store)
    store.close()
    answer = got.answer[0] if isinstance(got.answer, list) and len(got.answer) == 1 else got.answer
    assert (sorted(answer) if isinstance(answer, list) else answer) == expected, got.computation


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How many nights didn't I win any frames?", 1),  # none said, or nought
        ("How many nights did Grandpa hit a 40 break?", 2),  # "a" before the number (which field "point" names: left)
    ],
)
def test_negated_any_and_a_target_with_an_article(learned: tuple[State, LogStore], question: str, expected: int) -> None:
    state, store = learned
    got = ask(state, question, NOW, None, store)
    assert got.answer == expected, got.computation


def test_an_outcome_verb_apart_from_the_number_it_names(matches: tuple[State, LogStore]) -> None:
    """"games did I win" is games_won; "matches I won" further on is still the result."""
    state, store = matches
    got = ask(state, "How many games did I win in matches I won?", dt.datetime(2026, 3, 1, 12), None, store)
    assert got.answer == 12 + 13, got.computation


DINNERS = [("Tom", "2026-10-04", "chilli", 4), ("me", "2026-10-04", "risotto", 5), ("me", "2026-10-11", "daal", 3)]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What did Tom make on 4 October?", "chilli"),  # a thing made, not the collection's one number
        ("What was the best meal I had?", "risotto"),  # which meal, not its rating
    ],
)
def test_what_someone_made_is_a_thing(tmp_path: Path, question: str, expected: str) -> None:
    state, store = learned_log(tmp_path, "dinners_cooked", [LearnedField("date", "date"), LearnedField("dish", "str"),
                                                            LearnedField("rating", "float", "stars")],
                               [(who, {"date": day, "dish": dish, "rating": stars}) for who, day, dish, stars in DINNERS])
    got = ask(state, question, dt.datetime(2026, 11, 1, 12), None, store)
    store.close()
    answer = got.answer[0] if isinstance(got.answer, list) and len(got.answer) == 1 else got.answer
    assert answer == expected, got.computation
