"""The model reads the recalled passages and answers the question in a few words; code checks it.

Recall finds the messages that speak of what a question names; whole sentences are evidence, not
an answer ("where did I get the bike fixed?" wants "Cycle Hub", not the paragraph around it). The
model is shown the best passages in the order they were said, each with its day, and gives the
passage that answers and the answer copied from it. Code keeps an answer only when it is a span of
the passage the model named (of any passage, if it named the wrong one); anything else is not an
answer. A "when" question's span is read by the date parser as of the day its passage was said
("yesterday" in an 8 May session is 7 May), so a date is never the model's own arithmetic. A
question that asks two things gets a span for each; one whose words ask for arithmetic gets two
values, combined by code (:mod:`engine.ask.combine`). A model that says no passage answers, or an
answer made only of the question's own words, makes the app say it does not know, with what it
found cited.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from engine.ask.combine import combined, operation
from engine.ask.recall import ASKS_WHEN, Passage, date_of, sentences_of
from engine.ask.text import stem
from engine.errors import ModelError
from engine.llm.backend import Backend, SchemaRequest

ANSWER_CHARS = 80

TWO_ASKS = re.compile(r"(?:,|\band)\s+(?:what|which|who|where|how|when)\b", re.I)
"""A question that asks two things: the second question word after "and" or a comma."""
_WEEKS = re.compile(r"\bhow\s+many\s+weeks\b", re.I)
_EITHER = re.compile(r"\bor\b", re.I)
_WORDS = re.compile(r"[^\W_]+")
_ASK_PAST = re.compile(r"\b(?:did|was|were|had)\b", re.I)

PREFIX = (
    "You answer a person's question about their own past conversations. You are given numbered "
    "passages: things the person (or their assistant) said, each with the day it was said. "
    "Answer only from the passages. Give the number of the passage that answers the question and "
    "the answer copied word for word from that passage: the fewest words that answer it (a name, "
    "a number with its unit, a place, an amount, a short phrase), not a whole sentence. For a "
    "question asking when, copy the words that say the day (\"on Sunday\", \"the 31st\", "
    "\"yesterday\", \"March 3rd\"). "
    "When a later passage corrects an earlier one, the later one holds. When no passage answers "
    "the question, give passage 0 and an empty answer. When you are asked for two answers, give "
    "each, copied from its passage: for a question that adds two amounts, takes one from another "
    "or counts the days between two dates, the two amounts or the two dates."
)


@dataclass(frozen=True)
class Reading:
    """What the model read from the passages, verified: a span of ``passage`` or a date it names."""

    answer: str | dt.date
    passage: Passage
    others: tuple[Passage, ...] = ()
    """The passages the rest of the answer stands in (a second span, a second value)."""


def asks_when(question: str) -> bool:
    return bool(ASKS_WHEN.match(question))


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
    if isinstance(reading, Reading) and asks_when(question) and operation(question) is None:
        return _when(question, reading)
    return reading


def _listing(passages: list[Passage]) -> str:
    return "\n".join(f"[{n}] (said on {_day(p.said_on)}) {p.text}" for n, p in enumerate(passages, start=1))


def _day(day: dt.date | None) -> str:
    return f"{day:%A} {day.day} {day:%B %Y}" if day is not None else "an unknown day"


def _read_span(question: str, passages: list[Passage], backend: Backend) -> Reading | None | bool:
    op = operation(question)
    two = op is not None or (bool(TWO_ASKS.search(question)) and not asks_when(question))
    answer_schema: dict[str, object] = {"type": "string", "maxLength": ANSWER_CHARS}
    if two:  # "which gym did I quit, and which one did I find?", "the flights plus the tyres": one span each
        answer_schema = {"type": "array", "items": answer_schema, "minItems": 2 if op else 1, "maxItems": 2}
    schema = {
        "type": "object",
        "properties": {"passage": {"type": "integer", "enum": list(range(len(passages) + 1))}, "answer": answer_schema},
        "required": ["passage", "answer"],
    }
    raw = backend.propose(SchemaRequest(PREFIX, f"Passages:\n{_listing(passages)}\n\nQuestion: {question}",
                                        schema, max_tokens=72 if two else 48))
    if not isinstance(raw, dict):
        return None
    number, given = raw.get("passage"), raw.get("answer")
    parts = [str(a).strip() for a in (given if isinstance(given, list) else [given]) if a and str(a).strip()]
    if number == 0:
        return False
    if not parts:
        return None  # a passage named with no answer: not a reading
    named = passages[number - 1] if isinstance(number, int) and 0 < number <= len(passages) else None
    order = ([named] if named is not None else []) + passages[::-1]  # else the latest that has it
    if op is not None:
        found = [_located(part, order) for part in parts[:2]]
        if len(found) < 2 or found[0] is None or found[1] is None:
            return None
        value = combined(op, found[0], found[1], _past(question), weeks=bool(_WEEKS.search(question)))
        return Reading(value, found[0][1], (found[1][1],)) if value is not None else None
    if len(parts) > 1:
        return _both(question, parts, passages)
    answer = parts[0]
    first = _located(answer, order)
    if first is not None:
        return False if only_repeats(first[0], question) else Reading(*first)
    if asks_when(question):
        return _said_date(question, answer, order)
    return None


def _located(answer: str, passages: list[Passage]) -> tuple[str, Passage] | None:
    """The answer as it stands in the first passage that has it."""
    for passage in passages:
        span = span_of(answer, passage.text)
        if span is not None:
            return span, passage
    return None


def _both(question: str, parts: list[str], passages: list[Passage]) -> Reading | None:
    """Two answers to a question that asks two things, each a span of some passage."""
    found: dict[str, Passage] = {}
    for part in parts:
        for passage in passages:
            span = span_of(part, passage.text)
            if span is not None and not only_repeats(span, question):
                found.setdefault(span, passage)
                break
    if not found:
        return None
    where = list(dict.fromkeys(found.values()))
    return Reading("; ".join(found), where[0], tuple(where[1:]))


def only_repeats(span: str, question: str) -> bool:
    """An answer made only of the question's own words tells nothing ("What's Nora's last name?" —
    "Nora"): the passages did not answer it."""
    if _EITHER.search(question):
        return False  # "the glasses or the hearing aids?": the answer is one of the question's words
    asked = {stem(w) for w in _WORDS.findall(question)}
    said = {stem(w) for w in _WORDS.findall(span)}
    return bool(said) and said <= asked


def _said_date(question: str, answer: str, passages: list[Passage]) -> Reading | None:
    """A date the model wrote in its own words ("11 September") is kept only when a passage names
    that very date (read as of the day it was said)."""
    from engine.extract.dates import find_dates

    today = next((p.said_on for p in passages if p.said_on is not None), None)
    if today is None:
        return None
    wanted = {getattr(m.value, "start", m.value) for m in find_dates(answer, 0, len(answer), today)}
    with_year = bool(re.search(r"\b\d{4}\b", answer))
    past = _past(question)
    for passage in passages:
        if passage.said_on is None:
            continue
        for sent in sentences_of(passage.text):
            for m in find_dates(sent, 0, len(sent), passage.said_on, past=past):
                day = getattr(m.value, "start", m.value)
                if isinstance(day, dt.date) and any(_same_day(day, w, with_year) for w in wanted):
                    return Reading(day, passage)
    return None


def _same_day(day: dt.date, wanted: object, with_year: bool) -> bool:
    """The same day; the year aside when the model left it out (then it was read as this year)."""
    if not isinstance(wanted, dt.date):
        return False
    return day == wanted if with_year else (day.month, day.day) == (wanted.month, wanted.day)


def span_of(answer: str, text: str) -> str | None:
    """``answer`` as it stands in ``text`` (case, spacing, end punctuation and thousands separators
    aside; a currency sign just before it kept), else None."""
    words = re.findall(r"[^\W_]+(?:[.,'’-][^\W_]+)*|[$€£%]", answer.lstrip("-−"))
    if not words:
        return None
    pattern = (r"(?<![^\W_])(?<!\d[.,])" + r"[^\w$€£%]{0,3}".join(_word(w) for w in words)
               + r"(?![^\W_])(?![.,]\d)")
    m = re.search(pattern, text, re.I)
    if m is None:
        return None
    start = m.start()
    while start > 0 and text[start - 1] in "$€£-−" and m.start() - start < 2:
        start -= 1  # "-$30": the sign and the currency belong to the amount
    return text[start:m.end()]


def _word(word: str) -> str:
    """A word's pattern: a number matches with or without thousands separators ("1700", "1,700")."""
    whole, _dot, fraction = word.replace(",", "").partition(".")
    if whole.isdigit() and len(whole) > 3 and (not fraction or fraction.isdigit()):
        return ",?".join(re.escape(d) for d in whole) + (re.escape("." + fraction) if fraction else "")
    return re.escape(word)


def _when(question: str, reading: Reading) -> Reading:
    """A "when" answer as a date: the date the span names, else the one its sentence names, else
    the day the passage was said — in the past when the question is ("when did …")."""
    day = date_of(str(reading.answer), reading.passage, _past(question))
    return Reading(day, reading.passage) if day is not None else reading


def _past(question: str) -> bool | None:
    return True if _ASK_PAST.search(question) else None
