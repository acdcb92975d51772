"""Retrieval baseline: BM25 over records rendered as sentences, the same model answers from the top k.

This is what "just retrieve and let the model read" gets on the same questions; the ratio to the
computed answers is the point of the comparison.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Any

from engine.ask.text import stem


def sentence(collection: str, row: dict[str, Any]) -> str:
    return f"{collection}: " + "; ".join(f"{k.replace('_', ' ')} {v}" for k, v in row.items())


def _terms(text: str) -> list[str]:
    return [stem(w) for w in re.findall(r"[a-z0-9]+", text.lower())]


class BM25:
    def __init__(self, docs: list[str], k1: float = 1.5, b: float = 0.75) -> None:
        self.docs = docs
        self.toks = [_terms(d) for d in docs]
        self.avg = sum(map(len, self.toks)) / max(1, len(self.toks))
        df: Counter[str] = Counter()
        for t in self.toks:
            df.update(set(t))
        n = len(docs)
        self.idf = {w: math.log(1 + (n - f + 0.5) / (f + 0.5)) for w, f in df.items()}
        self.tf = [Counter(t) for t in self.toks]
        self.k1, self.b = k1, b

    def top(self, query: str, k: int) -> list[str]:
        q = _terms(query)
        scores = []
        for i, tf in enumerate(self.tf):
            s = 0.0
            for w in q:
                if w in tf:
                    f = tf[w]
                    s += self.idf[w] * f * (self.k1 + 1) / (f + self.k1 * (1 - self.b + self.b * len(self.toks[i]) / self.avg))
            scores.append((s, i))
        scores.sort(key=lambda x: -x[0])
        return [self.docs[i] for _, i in scores[:k]]


SYSTEM = (
    "Answer the question about the user's records using only the records given. Today is {today}. "
    'Reply as JSON {{"answer": ...}} with a number, a string or a list of strings.'
)


def answer(backend: Any, index: BM25, question: str, today: str, k: int = 20) -> Any:
    docs = index.top(question, k)
    user = "Records:\n" + "\n".join(docs) + f"\n\nQuestion: {question}"
    out = backend.free_json(SYSTEM.format(today=today), user, max_tokens=64)
    return out.get("answer") if isinstance(out, dict) else None
