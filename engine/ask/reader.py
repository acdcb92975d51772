"""The model reads the recalled passages and answers the question in a few words; code checks it.

Recall finds the messages that speak of what a question names; whole sentences are evidence, not
an answer ("where did I get the bike fixed?" wants "Cycle Hub", not the paragraph around it). The
model is shown the best passages in the order they were said, each with its day, and gives the
passage that answers and the answer copied from it. Code keeps an answer only when it is a span of
the passage the model named (of any passage, if it named the wrong one); anything else is not an
answer. A "when" question's span is read by the date parser as of the day its passage was said
("yesterday" in an 8 May session is 7 May), so a date is never the model's own arithmetic. A model
that says no passage answers makes the app say it does not know, with what it found cited.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from engine.ask.recall import Passage, sentences_of
from engine.errors import ModelError
from engine.llm.backend import Backend, SchemaRequest

ANSWER_CHARS = 80

_ASK_PAST = re.compile(r"\b(?:did|was|were|had)\b", re.I)
_ASK_WHEN = re.compile(r"^\s*(?:so\s+|and\s+|remind\s+me\s+|do\s+you\s+(?:know|remember)\s+)?"
                       r"(?:when|what\s+(?:day|date)|which\s+(?:day|date)|on\s+what\s+(?:day|date)|"
                       r"what\s+was\s+the\s+date)\b", re.I)

PREFIX = (
    "You answer a person's question about their own past conversations. You are given numbered "
    "passages: things the person (or their assistant) said, each with the day it was said. "
    "Answer only from the passages. Give the number of the passage that answers the question and "
    "the answer copied word for word from that passage: the fewest words that answer it (a name, "
    "a number with its unit, a place, an amount, a short phrase), not a whole sentence. For a "
    "question asking when, copy the words that say the day (\"on Sunday\", \"the 31st\", "
    "\"yesterday\", \"March 3rd\"). "
    "When a later passage corrects an earlier one, the later one holds. When no passage answers "
    "the question, give passage 0 and an empty answer."
)


@dataclass(frozen=True)
class Reading:
    """What the model read from the passages, verified: a span of ``passage`` or a date it names."""

    answer: str | dt.date
    passage: Passage


def asks_when(question: str) -> bool:
    return bool(_ASK_WHEN.match(question))


def read(question: str, passages: list[Passage], backend: Backend) -> Reading | None | bool:
    """The verified short answer; ``False`` when the model says no passage answers; ``None`` when
    it gave nothing usable (the caller keeps the cited sentences)."""
    if not passages:
        return None
    passages = sorted(passages, key=lambda p: p.said_on or dt.date.min)  # later corrects earlier: in order
    try:
        reading = _read_span(question, passages, backend)
    except ModelError:
        return None
    if isinstance(reading, Reading) and asks_when(question):
        return _when(question, reading)
    return reading


def _listing(passages: list[Passage]) -> str:
    return "\n".join(f"[{n}] (said on {_day(p.said_on)}) {p.text}" for n, p in enumerate(passages, start=1))


def _day(day: dt.date | None) -> str:
    return f"{day:%A} {day.day} {day:%B %Y}" if day is not None else "an unknown day"


def _read_span(question: str, passages: list[Passage], backend: Backend) -> Reading | None | bool:
    schema = {
        "type": "object",
        "properties": {
            "passage": {"type": "integer", "enum": list(range(len(passages) + 1))},
            "answer": {"type": "string", "maxLength": ANSWER_CHARS},
        },
        "required": ["passage", "answer"],
    }
    raw = backend.propose(SchemaRequest(PREFIX, f"Passages:\n{_listing(passages)}\n\nQuestion: {question}",
                                        schema, max_tokens=48))
    if not isinstance(raw, dict):
        return None
    number, answer = raw.get("passage"), str(raw.get("answer") or "").strip()
    if number == 0 or not answer:
        return False
    named = passages[number - 1] if isinstance(number, int) and 0 < number <= len(passages) else None
    for passage in ([named] if named is not None else []) + passages:
        span = span_of(answer, passage.text)
        if span is not None:
            return Reading(span, passage)
    return None


def span_of(answer: str, text: str) -> str | None:
    """``answer`` as it stands in ``text`` (case, spacing and end punctuation aside), else None."""
    words = re.findall(r"[^\W_]+(?:[.,'’-][^\W_]+)*|[$€£%]", answer)
    if not words:
        return None
    pattern = r"(?<![^\W_])" + r"[^\w$€£%]{0,3}".join(re.escape(w) for w in words) + r"(?![^\W_])"
    m = re.search(pattern, text, re.I)
    return text[m.start():m.end()] if m else None


def _when(question: str, reading: Reading) -> Reading:
    """A "when" answer as a date: the date the span names, else the one its sentence names, else
    the day the passage was said — each read as of that day, in the past when the question is
    ("when did …": "on Sunday" is the Sunday before)."""
    from engine.extract.dates import find_dates

    passage, span = reading.passage, str(reading.answer)
    if passage.said_on is None:
        return reading
    past = True if _ASK_PAST.search(question) else None
    around = next((sent for sent in sentences_of(passage.text) if span in sent), span)
    for text in (span, around):
        for m in find_dates(text, 0, len(text), passage.said_on, past=past):
            day = getattr(m.value, "start", m.value)
            if isinstance(day, dt.date):
                return Reading(day, passage)
    return Reading(passage.said_on, passage)
