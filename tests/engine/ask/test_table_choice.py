"""Which collection a question is about: the model picks, code checks the pick against the cues."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from engine.ask import ask
from engine.ask.catalog import build_catalog
from engine.ask.table_choice import NONE, choose, describe, prefix
from engine.errors import ModelError
from engine.llm.backend import ChoiceRequest, SchemaRequest
from engine.log import LogStore
from engine.state import State

NOW = dt.datetime(2024, 6, 15, 12)


class TablePicker:
    """Answers the table request with a fixed pick (or fails), and abstains on everything else."""

    name = "scripted"

    def __init__(self, table: str | None, fail: bool = False) -> None:
        self.table, self.fail = table, fail
        self.requests: list[ChoiceRequest] = []

    def choose(self, request: ChoiceRequest) -> dict[str, str | None]:
        self.requests.append(request)
        if self.fail:
            raise ModelError("the model failed")
        return request.validate({"table": self.table} if "table" in request.fields else {})

    def propose(self, request: SchemaRequest) -> Any:
        return None

    def close(self) -> None:
        pass


def test_the_model_decides_what_the_cues_leave_tied(state: State, log: LogStore) -> None:
    question = "How much did I spend on travel in total?"  # "spend" is purchases, "travel" is trips
    got = ask(state, question, NOW, TablePicker("trips"), log)
    assert (got.answer, got.ir["collection"], got.model_used) == (2650.0, "trips", True)
    got = ask(state, question, NOW, TablePicker("purchases"), log)
    assert got.ir["collection"] == "purchases" and got.answer == 1458.5


def test_a_question_that_names_one_collection_only_does_not_wait_for_the_model(state: State, log: LogStore) -> None:
    backend = TablePicker("purchases")
    got = ask(state, "What did my holidays cost altogether?", NOW, backend, log)
    assert got.ir["collection"] == "trips" and got.answer == 2650.0
    assert not any("table" in r.fields for r in backend.requests) and not got.model_used


def test_a_failing_or_abstaining_model_leaves_the_cue_ranking(state: State, log: LogStore) -> None:
    question = "How much did I spend on travel in total?"  # purchases and trips named alike: first by name
    for backend in (TablePicker(None, fail=True), TablePicker("os.system('x')")):
        got = ask(state, question, NOW, backend, log)
        assert got.ir["collection"] == "purchases" and got.answer == 1458.5 and not got.model_used
        assert backend.requests and set(backend.requests[0].fields["table"]) == {"people", "purchases", "trips", NONE}


def test_the_catalog_is_the_stable_block_and_the_question_the_tail(state: State, log: LogStore) -> None:
    backend = TablePicker("trips")
    ask(state, "How much did I spend on travel in total?", NOW, backend, log)
    ask(state, "What did I spend on travel in 2024?", NOW, backend, log)
    tables = [r for r in backend.requests if "table" in r.fields]
    assert len(tables) == 2 and tables[0].prefix == tables[1].prefix == prefix(build_catalog(state, NOW.date()))
    assert "in total" in tables[0].question and "2024" in tables[1].question
    catalog = build_catalog(state, NOW.date())
    assert prefix(catalog).count("\n- ") == len(catalog) == 3 and "destination (e.g. Lisbon, Porto)" in describe(catalog["trips"])


@pytest.mark.parametrize(
    ("picked", "ranked", "expected"),
    [
        ("b", [(3.0, "a"), (2.0, "b")], "b"),  # the model may overrule a ranking that names its pick too
        ("b", [(4.0, "a"), (2.0, "b")], "a"),  # ...not one that names the cues' best twice as strongly
        ("b", [(3.0, "a"), (0.0, "b")], "a"),  # ...not one whose pick the question never names
        ("b", [(0.0, "a"), (0.0, "b")], "b"),  # nothing named at all: the model's reading stands
        (NONE, [(0.0, "a"), (0.0, "b")], None),  # nobody finds a collection: recall
        (NONE, [(2.0, "a"), (0.0, "b")], "a"),
        (None, [(2.0, "a"), (0.0, "b")], "a"),  # the model failed
        (None, [(0.0, "a")], None),
    ],
)
def test_choose(picked: str | None, ranked: list[tuple[float, str]], expected: str | None) -> None:
    assert choose(picked, ranked) == expected


@pytest.mark.model
def test_the_default_model_finds_the_collection_no_cue_names(state: State, log: LogStore) -> None:
    from engine.llm.catalog import DEFAULT_MODEL, find
    from engine.llm.install import installed_path
    from engine.llm.llama import LlamaBackend

    path = installed_path(find(DEFAULT_MODEL))  # type: ignore[arg-type]
    if not path.is_file():
        pytest.skip("the default model is not installed (make model)")
    backend = LlamaBackend(path)
    try:
        got = ask(state, "How much did my travelling cost me in total?", NOW, backend, log)
        assert got.ir["collection"] == "trips" and got.answer == 2650.0, got.ir
    finally:
        backend.close()


def test_a_model_that_finds_no_collection_leaves_the_question_to_recall(state: State, log: LogStore) -> None:
    got = ask(state, "What did the dentist tell me to do?", NOW, TablePicker(NONE), log)
    assert "collection" not in got.ir and got.answer is not None and "floss" in got.answer
