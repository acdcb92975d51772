"""The model reads a whole message into typed records; code verifies every value.

Stages: ``candidates`` (detectors over the message, numbered), ``prompt`` (byte-stable
instructions and examples, the message last), the backend's grammar-constrained proposal under
``concepts.message_schema`` (ids only from this message), and ``verify`` (values checked against
candidates and spans, derived slots computed by code). ``merge`` then combines the result with
what the deterministic builders found.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass, field

from engine.extract.builders.base import Draft
from engine.extract.reader.candidates import Candidates, find_candidates
from engine.extract.reader.concepts import message_schema
from engine.extract.reader.prompt import prefix, question
from engine.extract.reader.verify import Rejection, verify
from engine.llm.backend import Backend, SchemaRequest

# output budget: a message rarely states more than four records of ~30 tokens each
MAX_TOKENS = 200


MODES = ("merged", "model", "detectors")


def reading_mode() -> str:
    """How extraction uses the model when one is configured: ``merged`` (the default: the model
    reads, the builders' drafts stand where both agree), ``model`` (model only) or ``detectors``.
    Set by ``UAC_EXTRACT_MODE``, which the benchmarks use to measure the three on one set."""
    mode = os.environ.get("UAC_EXTRACT_MODE", "merged").strip().lower()
    return mode if mode in MODES else "merged"


@dataclass
class Reading:
    """What the model read from one message, after verification."""

    drafts: list[Draft] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)
    asked: bool = False


def worth_reading(text: str, cands: Candidates) -> bool:
    """Messages with no candidate and few words are greetings and thanks: no model call."""
    words = len(text.split())
    return words >= 4 and (bool(cands.items) or any(cands.mentions(k) for k in
                                                      ("drug", "allergen", "condition", "doc", "place", "person", "org"))
                           or words >= 8)


def read_message(text: str, session_date: dt.date, backend: Backend, *, known: dict[str, str] | None = None,
                 previous: str = "", cands: Candidates | None = None) -> Reading:
    """Ask the model for the message's records and keep what passes verification. ``cands`` are the
    message's candidates when the caller already found them.

    Raises ModelError when the backend fails; the caller falls back to the detectors."""
    if getattr(backend, "propose", None) is None:
        return Reading()  # a backend that can only pick options (an older plug-in) cannot read
    cands = cands or find_candidates(text, session_date)
    if not worth_reading(text, cands):
        return Reading()
    ids = {kind: cands.ids(kind) for kind in ("date", "time", "money")}
    request = SchemaRequest(prefix=prefix(), question=question(text, session_date, cands, previous),
                            schema=message_schema(ids), max_tokens=MAX_TOKENS)
    raw = backend.propose(request)
    checked = verify(raw, cands, known or {}, session_date)
    return Reading(checked.drafts, checked.rejected, asked=True)
