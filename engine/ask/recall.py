"""Recall questions ("what did I say about…", "who is Emma?"): FTS5 over messages and facts.

The answer is the supporting sentences themselves, each cited; when no sentence contains the
question's key terms the answer says so rather than guessing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.ask.text import stem
from engine.log import LogStore

RECALL_STOP = {
    "what", "did", "i", "say", "said", "tell", "told", "me", "about", "who", "is", "was", "are", "were", "the", "a",
    "an", "my", "of", "do", "you", "know", "mention", "mentioned", "remind", "have", "has", "had", "any", "notes",
    "note", "ever", "talk", "talked", "write", "wrote", "whom", "what's", "who's", "does", "to", "on", "in", "for",
    "and", "or", "it", "that", "this", "with", "at", "from", "search", "find", "messages", "s",
}


@dataclass
class RecallResult:
    answer: str
    sentences: list[str]
    sources: list[str]
    terms: list[str]


def key_terms(question: str) -> list[str]:
    words = re.findall(r"[A-Za-z0-9][A-Za-z0-9'-]*", question)
    out = []
    for w in words:
        lw = w.lower().removesuffix("'s")
        if lw not in RECALL_STOP and len(lw) > 1 and lw not in out:
            out.append(lw)
    return out


def _sentences(body: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+|\n+", body) if s.strip()]


def _supports(sentence: str, stems: set[str]) -> int:
    words = {stem(w) for w in re.findall(r"[a-z0-9]+", sentence.lower())}
    return len(words & stems)


def recall(log_store: LogStore | None, question: str, limit: int = 5) -> RecallResult:
    terms = key_terms(question)
    if log_store is None or not terms:
        return RecallResult(_nothing(terms), [], [], terms)
    hits = log_store.search(" ".join(terms), limit=20)
    stems = {stem(t) for t in terms}
    need = 1 if len(stems) <= 2 else 2
    fact_ids = [int(h["ref"]) for h in hits if h["kind"] == "fact" and str(h["ref"]).isdigit()]
    facts = {str(f.id): f for f in log_store.facts_by_id(fact_ids)}
    found: list[tuple[int, int, str, str]] = []
    seen: set[str] = set()
    for rank, hit in enumerate(hits):
        ref = f"{hit['kind']}:{hit['ref']}"
        fact = facts.get(str(hit["ref"])) if hit["kind"] == "fact" else None
        body = (fact.evidence or str(hit["body"])) if fact is not None else str(hit["body"])
        for sent in _sentences(body):
            score = _supports(sent, stems)
            if score >= min(need, len(stems)) and sent.lower() not in seen:
                seen.add(sent.lower())
                found.append((-score, rank, sent, ref))
    found.sort()
    found = found[:limit]
    if not found:
        return RecallResult(_nothing(terms), [], [], terms)
    sentences = [s for _, _, s, _ in found]
    sources = list(dict.fromkeys(ref for _, _, _, ref in found))
    text = " ".join(f"{s} [{ref}]" for _, _, s, ref in found)
    return RecallResult(text, sentences, sources, terms)


def _nothing(terms: list[str]) -> str:
    about = " ".join(terms) if terms else "that"
    return f"I found nothing in your log about {about}; I won't guess."
