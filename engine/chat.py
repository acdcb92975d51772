"""One turn of the conversation: the user's text is logged, read, folded and checked; a question in
it is answered by computation or recall; the reply is composed from those typed results only.

A day's turns continue one session (``chat-<date>`` unless a session id is given), and the reply
is logged too, as the assistant's message, so the conversation history is the log itself and the
next turn can refer back to it ("book it", "that one").
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from engine.ask import Answer
from engine.extract.segment import opens_as_question, question_start, sentences
from engine.frames import IMPORT_SCHEMA_FRAME
from engine.log import Fact
from engine.readable import day_words
from engine.rules.alert import Alert, RuleProblem


def session_for(day: dt.date, session_id: str | None = None) -> str:
    """The session a turn belongs to: the one named, else the day's conversation."""
    return session_id or f"chat-{day.isoformat()}"


def question_in(text: str) -> str | None:
    """The last sentence that asks something ("…, should I book it?"; a lone "how many trips did I
    take" without its mark), or None when the text only states things. The segmenter that decides
    which clauses state facts decides this too ("I fly on May 3, is that ok?" asks "is that ok?")."""
    spans = sentences(text)
    for a, b in reversed(spans):
        start = question_start(text[a:b])
        if start is not None:
            return text[a + start : b].lstrip(",- ")
    if len(spans) == 1 and opens_as_question(text[spans[0][0] : spans[0][1]]):
        return text[spans[0][0] : spans[0][1]]
    return None


@dataclass
class ChatTurn:
    session_id: str
    reply: str
    learned: list[Fact] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    answer: Answer | None = None
    question: str | None = None
    alerts: list[Alert] = field(default_factory=list)
    extraction_error: str = ""
    checkpoint_error: str = ""
    active: list[Alert] = field(default_factory=list)
    problems: list[RuleProblem] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    reply_id: int | None = None


def describe(fact: Fact) -> str:
    """A learned fact in words: what kind of record, whose, and the values it set."""
    shown = {k: v for k, v in fact.slots.items() if v not in (None, "", []) and k not in ("currency", "drug_class",
                                                                                          "allergen_class", "region")}
    if fact.frame == "Note":
        return f"kept as a note: “{fact.slots.get('text', fact.evidence)}”"
    if fact.frame == IMPORT_SCHEMA_FRAME:
        fields = ", ".join(str(f.get("name")) for f in fact.slots.get("fields", []) if isinstance(f, dict))
        verb = "started keeping" if not fact.supersedes else "changed"
        return f"{verb} a collection “{fact.slots.get('collection')}” ({fields}) — accept, rename or refuse it with `uac collections`"
    whose = "" if fact.subject == "me" else f" ({fact.subject})"
    values = ", ".join(f"{k.replace('_', ' ')} {_value(k, v, fact.slots)}" for k, v in shown.items())
    verb = "updated" if fact.supersedes else "new"
    return f"{verb} {fact.frame.lower()}{whose}: {values}" if values else f"{verb} {fact.frame.lower()}{whose}"


def _value(key: str, value: Any, slots: dict[str, Any]) -> str:
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if isinstance(value, str) and len(value) == 10 and value[4] == "-" and value[7] == "-":
        try:
            day = dt.date.fromisoformat(value)
        except ValueError:
            return value
        return day_words(day)  # as people read dates, not ISO
    currency = slots.get("currency")
    if key in ("amount", "cost", "limit", "balance") and currency:
        return f"{value} {currency}"
    return str(value)


def compose(turn: ChatTurn) -> str:
    """The reply, built from the typed results of the turn (never free model text)."""
    lines: list[str] = []
    records = [f for f in turn.learned if f.frame != "Note"]
    notes = [f for f in turn.learned if f.frame == "Note"]
    if records:
        lines.append("Got it — " + "; ".join(describe(f) for f in records) + ".")
    lines += turn.rules
    if turn.answer is not None:
        found = turn.answer.answer is not None and not (turn.answer.ir.get("recall") is not None and not turn.answer.sources)
        if found or not (records or turn.rules):
            lines.append(turn.answer.text or str(turn.answer.answer))
    if notes and not records and turn.answer is None:
        lines.append("Noted. Nothing in it changed your records; I kept it as a note.")
    for alert in turn.alerts:
        lines.append(f"⚠ {alert.title}: {alert.message}")
    if turn.extraction_error:
        lines.append("I could not read all of it just now; it is saved and will be read again.")
    if turn.checkpoint_error:
        lines.append(f"Your records could not be updated: {turn.checkpoint_error}")
    if not lines:
        lines.append("Noted.")
    return "\n".join(lines)
