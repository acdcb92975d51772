"""A real log in tmp_path with imported purchases and trips, folded into typed state; a factory of
logs holding one learned collection."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from engine.importer import import_file
from engine.learn.collection import LearnedField
from engine.log import LogStore, NewFact
from engine.state import State, fold

PURCHASES = """date,item,category,amount,store,quantity
2023-11-20,laptop,electronics,$1200.00,TechMart,1
2024-01-05,coffee beans,groceries,$18.50,FreshCo,2
2024-01-17,headphones,electronics,$150.00,TechMart,1
2024-02-03,apples,groceries,$6.20,FreshCo,6
2024-02-14,roses,gifts,$45.00,Bloom,12
2024-03-09,bread,groceries,$4.80,FreshCo,1
2024-03-22,novel,books,$22.00,PageTurn,1
2024-05-30,cheese,groceries,$12.00,FreshCo,1
"""

TRIPS = """start,destination,country,nights,cost,transport
2023-07-01,Lisbon,Portugal,5,$900.00,flight
2023-12-20,Vienna,Austria,3,$650.00,train
2024-02-10,Porto,Portugal,2,$320.00,train
2024-04-02,Rome,Italy,4,$780.00,flight
"""

NOW = dt.datetime(2024, 6, 15, 12, 0)


@pytest.fixture
def log(tmp_path: Path) -> LogStore:
    store = LogStore(tmp_path / "log.db")
    (tmp_path / "purchases.csv").write_text(PURCHASES)
    (tmp_path / "trips.csv").write_text(TRIPS)
    import_file(store, tmp_path / "purchases.csv", None)
    import_file(store, tmp_path / "trips.csv", None)
    sid, mids = store.add_session(
        [("user", "My daughter Emma starts school in September. She loves drawing."),
         ("user", "The dentist said I should floss more.")],
        dt.date(2024, 6, 1),
    )
    store.add_facts([NewFact(sid, mids[0], dt.date(2024, 6, 1), "people", "Person", "emma",
                             {"name": "Emma", "relation": "daughter"}, evidence="My daughter Emma starts school in September.")])
    return store


@pytest.fixture
def state(log: LogStore) -> State:
    return fold(log.facts())


Learned = Callable[[str, list[tuple[str, str]], str, list[dict[str, object]]], tuple[State, LogStore]]


@pytest.fixture
def make(tmp_path: Path) -> Iterator[Learned]:
    """Builds a learned collection's log in its own folder: ``make(name, [(field, kind)…], whose, rows)``."""
    from tests.engine.ask.test_margins_outcomes_targets import learned_log

    stores: list[LogStore] = []

    def build(name: str, fields: list[tuple[str, str]], who: str, rows: list[dict[str, object]]) -> tuple[State, LogStore]:
        folder = tmp_path / f"{name}{len(stores)}"
        folder.mkdir()
        state, store = learned_log(folder, name, [LearnedField(n, k) for n, k in fields], [(who, r) for r in rows])
        stores.append(store)
        return state, store
    yield build
    for store in stores:
        store.close()
