"""Normalising question words: lower case, simple stemming, tokens with positions.

A deliberately small stemmer (plural and -ed/-ing endings) so that "dinners", "flights" and
"walked" meet the values and field names stored in state.
"""

from __future__ import annotations

import re
import unicodedata
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


_DAY_PART = re.compile(r"\b(1[0-2]|[1-9])(?::([0-5]\d))?\s+(?:(in\s+the\s+morning)|in\s+the\s+(?:afternoon|evening)|at\s+night)\b", re.I)


def plain(question: str) -> str:
    """A question as the cues read it: accents folded ("café" is "cafe", as column names are written),
    "-wise" dropped ("distance-wise" is about distance), clock times said in words written as times
    ("before 7 in the morning" is "before 7am")."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", question) if not unicodedata.combining(c))
    folded = re.sub(r"(?<=[a-z])-wise\b", "", folded, flags=re.I)
    return _DAY_PART.sub(_clock, folded)


def _clock(m: re.Match[str]) -> str:
    """"7 in the morning" is 7am; "12 at night" is midnight (12am), "9 at night" 9pm."""
    night = "night" in m.group(0).lower()
    half = "am" if m.group(3) or (night and m.group(1) in ("12", "1", "2", "3", "4")) else "pm"  # "2 at night" is 2am
    return f"{m.group(1)}{':' + m.group(2) if m.group(2) else ''}{half}"


def fold(text: str) -> str:
    """Accents folded, for comparing a value with a question's words."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))

