"""The one interface every model call goes through: choose among given options, under a grammar.

The model never writes free text into the log. A :class:`ChoiceRequest` names fields, each with
its closed list of options (candidates found in the text, plus null); the backend returns one
option per field or the request's defaults when it abstains, times out or fails.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class ChoiceRequest:
    """Pick one option per field. ``prefix`` is the byte-stable instruction block (KV-cache reuse);
    ``question`` is the variable tail. Options are strings; ``None`` is always allowed."""

    prefix: str
    question: str
    fields: dict[str, tuple[str, ...]]
    defaults: dict[str, str | None] = field(default_factory=dict)
    max_tokens: int = 96

    def json_schema(self) -> dict[str, Any]:
        props = {name: {"enum": [*opts, None]} for name, opts in self.fields.items()}
        return {"type": "object", "properties": props, "required": list(self.fields)}

    def validate(self, raw: dict[str, Any]) -> dict[str, str | None]:
        """Keep only allowed options; anything else falls back to the default (never invented)."""
        out: dict[str, str | None] = {}
        for name, opts in self.fields.items():
            value = raw.get(name) if isinstance(raw, dict) else None
            out[name] = value if value in opts else self.defaults.get(name)
        return out


@dataclass(frozen=True)
class SchemaRequest:
    """Fill a JSON object under ``schema`` (a flat JSON schema: no ``$ref``, no ``pattern``).

    Used where the answer is a structure rather than one option per field (records read from a
    message). The result is raw JSON: the caller verifies every value before it is used, so a
    backend that ignores the grammar still cannot put an unverified value anywhere."""

    prefix: str
    question: str
    schema: dict[str, Any]
    max_tokens: int = 256


class Backend(Protocol):
    """A model backend. Implementations own their model; callers never share it across threads."""

    name: str

    def choose(self, request: ChoiceRequest) -> dict[str, str | None]:
        """Return one allowed option (or None) per field; raise ModelError when the model is broken."""
        ...

    def propose(self, request: SchemaRequest) -> Any:
        """Return the JSON the model produced under the request's schema (None if it was not JSON);
        raise ModelError when the model is broken or too slow."""
        ...

    def close(self) -> None: ...
