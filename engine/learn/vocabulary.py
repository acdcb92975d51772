"""The words a learned collection's records keep being told in: "barber" and "tip" for haircuts,
"loft" and "birds" for a grandfather's pigeons.

A later record of the kind often never says the collection's own name ("Got trimmed on Saturday,
twenty pounds, tipped a fiver"), and a built-in frame may hold its amount (a payment to the barber).
A word said with two or more of the collection's records is a sign the kind is being told of again,
so the message is read for it. Function words, days, months and money words say nothing of a kind.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from engine.log import Fact
from engine.profile import RESOURCES

_WORD = re.compile(r"[a-z]{3,}")
_PLAIN_PATH = RESOURCES / "learn" / "plain_words.txt"
_PLAIN = frozenset(w for line in _PLAIN_PATH.read_text(encoding="utf-8").splitlines() if not line.startswith("#")
                   for w in line.split())


@lru_cache(maxsize=20_000)
def lemma(word: str) -> str:
    """The word's dictionary form ("tipped" and "tips" are "tip", "birds" is "bird"), or the word."""
    from lemminflect import getAllLemmas

    forms = getAllLemmas(word)
    for kind in ("NOUN", "VERB", "ADJ"):
        if forms.get(kind):
            return str(forms[kind][0]).lower()
    return word


def recurring_words(facts: Iterable[Fact]) -> frozenset[str]:
    """Words (dictionary forms) said in the evidence of two or more of these records, told in two or more
    messages (records read from one message count once)."""
    seen: dict[str, set[str]] = {}
    for f in facts:
        for word in set(_WORD.findall(f.evidence.lower())):
            if word not in _PLAIN:
                seen.setdefault(lemma(word), set()).add(f"{f.message_id}:{f.evidence}")
    return frozenset(w for w, keys in seen.items() if len(keys) >= 2 and w not in _PLAIN)


def says_one(text: str, words: frozenset[str]) -> bool:
    """Whether the text says one of the words (in any of its forms)."""
    return any(lemma(w) in words for w in _WORD.findall(text.lower()) if w not in _PLAIN)
