"""No question crashes `ask`: random questions built from the words questions are made of (and
arbitrary text), over imported collections and a conversation, with no model and with a model that
answers every request with random values of the right shape."""

from __future__ import annotations

import datetime as dt
import os
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ask import Answer, ask
from engine.llm.backend import ChoiceRequest, SchemaRequest
from engine.log import LogStore
from engine.state import State

NOW = dt.datetime(2024, 6, 15, 12)
EXAMPLES = int(os.environ.get("UAC_FUZZ_EXAMPLES", "0"))

WORDS = [
    "how", "many", "much", "what", "when", "which", "who", "why", "where", "did", "do", "was", "is", "my", "i",
    "the", "a", "of", "in", "on", "at", "between", "and", "or", "not", "than", "more", "less", "fewer", "total",
    "average", "most", "least", "top", "3", "first", "last", "before", "after", "since", "over", "under", "per",
    "each", "every", "same", "spend", "spent", "cost", "trips", "trip", "purchases", "bought", "nights", "amount",
    "store", "category", "destination", "country", "transport", "Lisbon", "Portugal", "TechMart", "FreshCo",
    "Emma", "dentist", "school", "2023", "2024", "$50", "5", "0", "-1", "1e9", "3.5", "January", "March",
    "Monday", "weekend", "summer", "Q1", "last year", "this month", "yesterday", "2024-02-10", "Feb 30",
    "together", "altogether", "combined", "and which", ", and what", "how long after", "days", "?", "!", "'",
    "%", "\"", "(", ")", "—", "é", "",
]

QUESTION = st.one_of(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=14).map(" ".join),
    st.text(min_size=0, max_size=60),
)


class ChaosModel:
    """Answers every request with random values of the right shape (or of the wrong one)."""

    name = "chaos"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, request: ChoiceRequest) -> dict[str, str | None]:
        return request.validate({k: self.rng.choice([*opts, None]) for k, opts in request.fields.items()})

    def propose(self, request: SchemaRequest) -> Any:
        if self.rng.random() < 0.1:
            return self.rng.choice([None, [], "text", 3])
        return {k: self._value(v) for k, v in request.schema.get("properties", {}).items()}

    def _value(self, schema: dict[str, Any]) -> Any:
        if "enum" in schema:
            return self.rng.choice(schema["enum"])
        if schema.get("type") == "array":
            return [self._value(schema["items"]) for _ in range(self.rng.randint(0, 3))]
        if schema.get("type") == "integer":
            return self.rng.randint(-2, 9)
        return self.rng.choice(["", "TechMart", "$18.50", "Friday", "yesterday", "Emma", "school", "x" * 90, "ß"])

    def close(self) -> None:
        pass


@settings(max_examples=EXAMPLES or 150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(question=QUESTION, seed=st.integers(0, 2**16), with_model=st.booleans())
def test_no_question_crashes_ask(state: State, log: LogStore, question: str, seed: int, with_model: bool) -> None:
    got = ask(state, question, NOW, ChaosModel(seed) if with_model else None, log)
    assert isinstance(got, Answer) and isinstance(got.text, str) and isinstance(got.computation, str)
