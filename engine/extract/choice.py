"""Model tie-breaks: build a ChoiceRequest over the options actually found, and fall back to the default.

The prefix (instructions + few-shot examples from ``resources/extract/choice_prefix.txt``) is
byte-identical across calls so the backend reuses its KV cache; only the question varies. The
model never sees an option that is not in the text, and an answer outside the options is dropped
by ``ChoiceRequest.validate``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.extract.tables import text
from engine.llm.backend import Backend, ChoiceRequest


def prefix() -> str:
    return text("choice_prefix.txt")


def build_request(sentence: str, question: str, fields: dict[str, tuple[str, ...]], defaults: dict[str, str | None]) -> ChoiceRequest:
    options = "; ".join(f"{name}: {' | '.join(opts)}" for name, opts in fields.items())
    body = f"Sentence: {sentence.strip()}\nQuestion: {question} ({options})\nReply:"
    return ChoiceRequest(prefix=prefix(), question=body, fields=dict(fields), defaults=dict(defaults), max_tokens=48)


@dataclass
class Chooser:
    """Asks the backend (if any) and counts calls, so callers can report how often the model was needed."""

    backend: Backend | None
    calls: int = 0
    answered: int = 0
    log: list[tuple[ChoiceRequest, dict[str, str | None]]] = field(default_factory=list)

    def __call__(self, sentence: str, question: str, fields: dict[str, tuple[str, ...]],
                 defaults: dict[str, str | None]) -> dict[str, str | None]:
        req = build_request(sentence, question, fields, defaults)
        if self.backend is None:
            self.log.append((req, dict(defaults)))
            return dict(defaults)
        self.calls += 1
        raw = self.backend.choose(req)
        answer = req.validate(raw)
        if any(raw.get(k) is not None for k in fields) if isinstance(raw, dict) else False:
            self.answered += 1
        self.log.append((req, answer))
        return answer
