"""A collection kept about one person, where someone else turns up once: a question naming no one means
the collection's own person; "how many did she …" adds up the one count kept; "smoke-free days" hold none."""

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

NOW = dt.datetime(2026, 6, 1, 12)
SMOKES = [("2026-03-02", "me", 4), ("2026-03-03", "me", 2), ("2026-03-05", "me", 3), ("2026-03-05", "Dad", 20),
          ("2026-03-09", "me", 1), ("2026-03-12", "me", 0), ("2026-03-20", "Dad", 15)]
PLUMS = [("2026-04-02", "me", 3), ("2026-04-05", "me", 2), ("2026-04-09", "me", 4), ("2026-04-09", "Doreen", 9),
         ("2026-05-01", "me", 5), ("2026-05-03", "me", 1), ("2026-05-20", "me", 6)]
VAPES = [("2026-03-01", "Jo", 12), ("2026-03-02", "Jo", 0), ("2026-03-03", "Jo", 7), ("2026-03-04", "Jo", 0),
         ("2026-03-05", "mum", 30), ("2026-04-01", "Jo", 4)]


@pytest.fixture
def learned(tmp_path: Path) -> Iterator[tuple[State, LogStore]]:
    store = LogStore(tmp_path / "log.db")
    sid, (mid,) = store.add_session([("user", "plums and vapes")], dt.date(2026, 1, 1))
    plums = new_collection("plum_picking", [LearnedField("date", "date"), LearnedField("kilos", "float", "kg")], [])
    vapes = new_collection("vaping", [LearnedField("date", "date"), LearnedField("puffs", "float")], [])
    smokes = new_collection("cigarettes", [LearnedField("date", "date"), LearnedField("cigarettes", "float")], [])
    facts: list[NewFact] = [schema_fact(c, session_id=sid, message_id=mid, session_date=dt.date(2026, 1, 1), evidence="")
                            for c in (plums, vapes, smokes)]
    for coll, rows, field in ((plums, PLUMS, "kilos"), (vapes, VAPES, "puffs"), (smokes, SMOKES, "cigarettes")):
        for day, who, value in rows:
            slots = {"date": day, field: value}
            facts.append(NewFact(sid, mid, dt.date(2026, 1, 1), IMPORT_DOMAIN, coll.frame,
                                 record_key(coll.name, who, slots, None), slots, subject=who))
    store.add_facts(facts)
    yield fold(store.facts()), store
    store.close()


@pytest.mark.parametrize(("question", "answer"), [
    ("How many kilos of plums has the tree given in total?", 21),  # no one named: the collection's own person
    ("How many kilos of plums did we pick in April?", 9),  # "we": the household, not the neighbour who turned up once
    ("How many kilos did she pick in April?", 18),  # "she" is not the user, but who she is nothing says: everyone's
    ("What was the biggest plum pick, in kilos?", 6),
    ("How many kilos did Doreen pick?", 9),  # named: hers
    ("How many kilos of plums between us all, Doreen's included?", 30),
    ("How many kilos of plums did we pick together?", 30),  # said to be everyone's
    ("How many kilos did I pick in April and May combined?", 21),  # periods joined, the user's own
    ("How many did Jo vape in March?", 19),  # the one count kept, added up (not the mum's 30)
    ("How many puff-free days did Jo have in March?", 2),  # days holding none of it
])
def test_a_question_naming_no_one_means_the_collections_own_person(learned: tuple[State, LogStore], question: str,
                                                                    answer: float) -> None:
    state, store = learned
    got = ask(state, question, NOW, None, store)
    assert got.answer == pytest.approx(answer, abs=0.01), got.computation
