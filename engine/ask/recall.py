"""Recall questions ("what did I say about…", "who is Emma?"): FTS5 over messages and facts.

The answer is the supporting sentences themselves, each cited; when no sentence contains enough of
the question's key terms the answer says so rather than guessing. The best messages are also kept
as passages, for the model to read a short answer from (:mod:`engine.ask.reader`).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from engine.ask.inflect import word_forms
from engine.ask.text import stem
from engine.log import LogStore

RECALL_STOP = {
    "what", "did", "i", "say", "said", "tell", "told", "me", "about", "who", "is", "was", "are", "were", "the", "a",
    "an", "my", "of", "do", "you", "know", "mention", "mentioned", "remind", "have", "has", "had", "any", "notes",
    "note", "ever", "talk", "talked", "write", "wrote", "whom", "what's", "who's", "does", "to", "on", "in", "for",
    "when", "where", "which", "how", "why", "day", "date",
    "and", "or", "it", "that", "this", "with", "at", "from", "search", "find", "messages", "s",
    "be", "been", "being", "am", "would", "could", "should", "will", "can", "much", "many",
}


@dataclass(frozen=True)
class Passage:
    """A recalled message cut to its supporting sentences and their neighbours, with the day it was
    said (relative dates in it are read as of that day)."""

    ref: str
    said_on: dt.date | None
    text: str


@dataclass
class RecallResult:
    answer: str
    sentences: list[str]
    sources: list[str]
    terms: list[str]
    day: dt.date | None = None
    """For a "when" question: the date the best sentence says (or the day it was said)."""
    passages: list[Passage] = field(default_factory=list)
    """The best messages the sentences come from, best first: what a reader answers from."""


def key_terms(question: str) -> list[str]:
    words = re.findall(r"[A-Za-z0-9][A-Za-z0-9'-]*", question)
    out = []
    for w in words:
        lw = w.lower().removesuffix("'s")
        if lw not in RECALL_STOP and len(lw) > 1 and lw not in out:
            out.append(lw)
    return out


def sentences_of(body: str) -> list[str]:
    """The body's sentences as the extraction segments them ("Dr. Patel" is not two)."""
    from engine.extract.segment import sentences

    return [body[a:b].strip() for a, b in sentences(body) if body[a:b].strip()]


def _supports(sentence: str, stems: set[str]) -> int:
    """How many of the question's terms the sentence has, a word in any of its forms ("book" is in
    "booked", "stop" in "stopping", "fall" in "fell")."""
    words = {f for w in re.findall(r"[a-z0-9]+", sentence.lower()) for f in _forms(w)}
    return sum(1 for s in stems if _forms(s) & words)


def _forms(word: str) -> set[str]:
    w = stem(word)
    out = {w, *word_forms(word)}
    for ending in ("ing", "ed"):
        if len(w) > len(ending) + 2 and w.endswith(ending):
            base = w[: -len(ending)]
            out |= {base, base + "e"}
            if base[-1] == base[-2]:
                out.add(base[:-1])  # "stopped": stop
    return out


ASKS_WHEN = re.compile(r"^\s*(?:so\s+|and\s+|remind\s+me\s+|do\s+you\s+(?:know|remember)\s+)?"
                       r"(?:when|what\s+(?:day|date)|which\s+(?:day|date)|on\s+what\s+(?:day|date)|"
                       r"what\s+was\s+the\s+date)\b", re.I)
"""A question after a date: answered with one, read as of the day it was said."""


def recall(log_store: LogStore | None, question: str, limit: int = 5) -> RecallResult:
    """The sentences of the log that support ``question``'s key terms, cited. A question asked
    earlier and the assistant's own replies are not evidence (they state nothing the user said);
    a "when" question is answered by the date its best sentence says, or the day it was said."""
    terms = key_terms(question)
    if log_store is None or not terms:
        return RecallResult(_nothing(terms), [], [], terms)
    hits = log_store.search(" ".join(dict.fromkeys(f for t in terms for f in sorted(word_forms(t)))), limit=30)
    stems = {stem(t) for t in terms}
    need = 1 if len(stems) <= 2 else 2
    fact_ids = [int(h["ref"]) for h in hits if h["kind"] == "fact" and str(h["ref"]).isdigit()]
    facts = {str(f.id): f for f in log_store.facts_by_id(fact_ids)}
    found: list[tuple[int, int, int, int, str, str, dt.date | None]] = []
    bodies: dict[str, list[str]] = {}
    seen: set[str] = set()
    for rank, hit in enumerate(hits):
        ref = f"{hit['kind']}:{hit['ref']}"
        fact = facts.get(str(hit["ref"])) if hit["kind"] == "fact" else None
        said_on: dt.date | None = fact.session_date if fact is not None else None
        if hit["kind"] == "message" and str(hit["ref"]).isdigit():
            msg = log_store.message(int(hit["ref"]))
            row = log_store.session(msg.session_id) if msg is not None else None
            if msg is None or (msg.speaker == "assistant" and row is not None and row.source == "chat"):
                continue  # the app's own reply: composed from records, cites nothing the user said
            said_on = row.session_date if row is not None else None
        body = (fact.evidence or str(hit["body"])) if fact is not None else str(hit["body"])
        if fact is not None and fact.message_id is not None:  # read the fact in the message that said it
            msg = log_store.message(fact.message_id)
            if msg is not None and fact.evidence and fact.evidence in msg.text:
                ref, body = f"message:{msg.id}", msg.text
        split = sentences_of(body)
        said = [(i, sent) for i, sent in enumerate(split) if not _asks(sent)]
        whole = _supports(" ".join(sent for _i, sent in said), stems)  # a fact told across two sentences
        if whole < 1:
            continue
        for i, sent in said:
            score = _supports(sent, stems)
            if score and sent.lower() not in seen:
                seen.add(sent.lower())
                found.append((-whole, rank, -score, i, sent, ref, said_on))
                bodies[ref] = split
    found.sort(key=lambda f: f[:4])
    passages = _passages(found, bodies)  # a reader may judge a passage with one term of the question
    found = [f for f in found if -f[0] >= min(need, len(stems))][:limit]
    if not found:
        return RecallResult(_nothing(terms), [], [], terms, passages=passages)
    sentences = [f[4] for f in found]
    sources = list(dict.fromkeys(f[5] for f in found))
    text = " ".join(f"{f[4]} [{f[5]}]" for f in found)
    if ASKS_WHEN.match(question):
        day = date_of(found[0][4], Passage(found[0][5], found[0][6], found[0][4]))
        if day is not None:
            text = f"{day.isoformat()} — {text}"
            return RecallResult(text, sentences, sources, terms, day, passages)
    return RecallResult(text, sentences, sources, terms, passages=passages)


PASSAGES = 5
PASSAGE_CHARS = 420


def _passages(found: list[tuple[int, int, int, int, str, str, dt.date | None]],
              bodies: dict[str, list[str]]) -> list[Passage]:
    """The best ``PASSAGES`` messages, each cut to its supporting sentences with one neighbour
    either side (the fact's other half is often the next sentence), best first."""
    hits: dict[str, set[int]] = {}
    days: dict[str, dt.date | None] = {}
    for f in found:
        ref = f[5]
        if ref not in hits and len(hits) == PASSAGES:
            continue
        hits.setdefault(ref, set()).add(f[3])
        days[ref] = f[6]
    out = []
    for ref, idx in hits.items():
        split = bodies[ref]
        keep = sorted({j for i in idx for j in (i - 1, i, i + 1) if 0 <= j < len(split)})
        if len(_joined(split, keep)) > PASSAGE_CHARS:
            keep = sorted(idx)  # too long with its neighbours: the supporting sentences alone
        out.append(Passage(ref, days[ref], _joined(split, keep)[:PASSAGE_CHARS]))
    return out


def _joined(split: list[str], keep: list[int]) -> str:
    """The kept sentences in order, a gap between two of them shown as "…"."""
    parts: list[str] = []
    for n, j in enumerate(keep):
        if n and j != keep[n - 1] + 1:
            parts.append("…")
        parts.append(split[j])
    return " ".join(parts)


def _asks(sentence: str) -> bool:
    """A question states nothing: "Does my passport cover the trip?" is no evidence of anything
    (a statement with a tag, "we fly on Monday, right?", still is)."""
    from engine.extract.segment import opens_as_question, question_start

    start = question_start(sentence)
    return start == 0 or (start is None and opens_as_question(sentence))


def date_of(span: str, passage: Passage, past: bool | None = None, *, said_day: bool = True) -> dt.date | None:
    """The date a span of ``passage`` names, else the one its sentence names, else (``said_day``)
    the day the passage was said — read as of that day ("yesterday" is the day before; with
    ``past``, "on Sunday" is the Sunday before)."""
    from engine.extract.dates import find_dates

    if passage.said_on is None:
        return None
    around = next((s for s in sentences_of(passage.text) if span in s), span)
    for text in (span, around):
        for m in find_dates(text, 0, len(text), passage.said_on, past=past):
            day = getattr(m.value, "start", m.value)
            if isinstance(day, dt.date):
                return day
    return passage.said_on if said_day else None


def _nothing(terms: list[str]) -> str:
    about = " ".join(terms) if terms else "that"
    return f"I found nothing in your log about {about}; I won't guess."
