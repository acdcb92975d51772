"""Normalising question words: lower case, simple stemming, tokens with positions.

A deliberately small stemmer (plural and -ed/-ing endings) so that "dinners", "flights" and
"walked" meet the values and field names stored in state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_WORD = re.compile(r"[a-z0-9]+(?:['’][a-z]+)?|[$€£%]")


@dataclass(frozen=True)
class Token:
    text: str
    stem: str
    pos: int
    index: int


def stem(word: str) -> str:
    w = word.lower().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 4 and w.endswith(("ches", "shes", "sses", "xes")):
        return w[:-2]
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w


_DERIVED = ("ists", "ist", "ians", "ian", "ics", "ic", "ies", "y")


def root(word: str) -> str:
    """A word without the ending that makes a person or a practice of it: "dermatologist" and
    "dermatology", "optometrist" and "optometry" share a root (five letters at least are kept)."""
    w = stem(word)
    if w.endswith("istry"):  # "dentistry" is the dentist's practice
        return w[:-2]
    for suffix in _DERIVED:
        if w.endswith(suffix) and len(w) - len(suffix) >= 5:
            return w[: -len(suffix)]
    return w


def tokens(text: str) -> list[Token]:
    return [Token(m.group(0), stem(m.group(0)), m.start(), i) for i, m in enumerate(_WORD.finditer(text.lower()))]


def stems(text: str) -> list[str]:
    return [t.stem for t in tokens(text)]


def variants(word: str) -> set[str]:
    """The forms a word may take in a field name: itself, its stem, without a plural -s."""
    w = word.lower()
    out = {w, stem(w)}
    if len(w) > 3 and w.endswith("s"):
        out.add(w[:-1])
    if len(w) > 4 and w.endswith("ed"):  # "scored" names a score, "rated" a rating
        out.update({w[:-1], w[:-2]})
    return out
