"""Questions over a learned collection kept about several people pick whose records they mean."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from engine.ask import ask
from engine.frames import IMPORT_DOMAIN
from engine.learn.collection import LearnedField, new_collection, record_key, schema_fact
from engine.log import LogStore, NewFact
from engine.state import State, fold

NOW = dt.datetime(2026, 12, 1, 12)
SESSIONS = [("2026-10-03", "me", 15), ("2026-10-07", "me", 18), ("2026-10-26", "me", 25), ("2026-10-26", "Ben", 10),
            ("2026-11-08", "me", 20), ("2026-11-21", "me", 60), ("2026-11-21", "Ben", 24)]
JARS = [("2026-06-20", "me", 6), ("2026-07-18", "me", 9), ("2026-07-19", "Rosie", 2), ("2026-08-08", "me", 5)]


@pytest.fixture
def learned(tmp_path: Path) -> tuple[State, LogStore]:
    store = LogStore(tmp_path / "log.db")
    sid, (mid,) = store.add_session([("user", "sauna and jam")], dt.date(2026, 1, 1))
    sauna = new_collection("sauna_sessions", [LearnedField("date", "date"), LearnedField("duration_min", "float", "min")], [])
    jam = new_collection("jam", [LearnedField("date", "date"), LearnedField("jars", "float", "jars")], [])
    facts: list[NewFact] = [schema_fact(c, session_id=sid, message_id=mid, session_date=dt.date(2026, 1, 1), evidence="")
                            for c in (sauna, jam)]
    for coll, rows, field in ((sauna, SESSIONS, "duration_min"), (jam, JARS, "jars")):
        for day, who, value in rows:
            slots = {"date": day, field: value}
            facts.append(NewFact(sid, mid, dt.date(2026, 1, 1), IMPORT_DOMAIN, coll.frame,
                                 record_key(coll.name, who, slots, None), slots, subject=who))
    store.add_facts(facts)
    yield fold(store.facts()), store
    store.close()


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("How many minutes did I spend in the sauna in October?", 58),
        ("How long has Ben spent in the sauna in total?", 34),
        ("What's my average time per sauna session?", 27.6),
        ("How many sauna sessions lasted 20 minutes or more?", 4),  # no one named, not "I": everyone's
        ("How many jars have I made this year, leaving out Rosie's?", 20),
        ("How many jars of jam altogether this year, Rosie's batch included?", 22),
        ("How many jars of jam this year? Only the ones we made, not Rosie's.", 20),
        ("How many jars of jam have we made?", 22),
        ("Remind me how many jars of jam Rosie made?", 2),
        ("How many jars did Rosie and I make between us?", 22),  # the user with the one named
        ("How many minutes has Ben done since he and I started going?", 34),  # "he and I": Ben's alone
        ("How many more minutes did Ben do than I expected?", 34),  # no second person: Ben's total
        # two people set against each other: the first's minus the one after "than"
        ("How many more minutes did I spend in the sauna than Ben?", 104),
        ("On 26 October, how many more minutes was I in the sauna than Ben?", 15),
        ("How much longer did Ben sit in the sauna than me, on average?", 17 - 27.6),  # less: below nought
        ("How many fewer jars did Rosie make than I did?", 18),
        # a person's place is where the user was, not the person's records
        ("How many jars did I make round at Rosie's in July?", 9),
        ("How many jars did I make at Rosie's house?", 20),
        ("How many jars did Rosie's batch come to?", 2),
        ("How many jars did we get from Rosie's?", 2),  # what came from her: hers
    ],
)
def test_a_question_picks_whose_records_it_means(learned: tuple[State, LogStore], question: str, answer: float) -> None:
    state, store = learned
    got = ask(state, question, NOW, None, store)
    assert got.answer == pytest.approx(answer, abs=0.01), got.computation


def test_a_collection_of_one_persons_records_has_no_whose_field(learned: tuple[State, LogStore]) -> None:
    from engine.ask.catalog import build_catalog

    state, _ = learned
    catalog = build_catalog(state, NOW.date())
    assert "whose" in catalog["sauna_sessions"].fields
    assert catalog["sauna_sessions"].fields["whose"].values == ["Ben", "me"]
