"""A stand-in model for the learning step's tests."""

from __future__ import annotations

from typing import Any

from engine.llm.backend import SchemaRequest


class Scripted:
    """A stand-in model answering each call with the next scripted answer, keeping every request."""

    def __init__(self, *answers: Any) -> None:
        self.answers = list(answers)
        self.requests: list[SchemaRequest] = []

    def propose(self, request: SchemaRequest) -> Any:
        self.requests.append(request)
        return self.answers.pop(0) if self.answers else {"records": []}
