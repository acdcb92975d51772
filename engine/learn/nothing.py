"""An amount said as none ("didn't win a thing", "spent nothing on snacks") is an amount: zero.

A tracked night with no winnings or a visit with no snacks is a record whose amount is 0, and
"how many nights did she win nothing?" counts them. The money finder sees only figures, so these
are offered to the model as candidates of their own, worth 0.00. Only where a verb of money is
denied or given "nothing" ("didn't win a thing", "paid nothing", "didn't buy any snacks") in a
sentence of what was: "didn't get any sleep", "didn't win any games", "nothing special" or "If we
don't win anything" is no amount.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.extract.reader.candidates import Candidate
from engine.extract.segment import sentences

_DONE = r"(?:won|spent|paid|earned|made|tipped|took\s+home|came\s+(?:home|away)\s+with)"
_NONE = r"(?:absolutely\s+)?(?:nothing|nowt|zilch|not\s+a\s+(?:penny|bean|cent|thing|sausage))"
_NO_MONEY = r"(?:a\s+(?:thing|penny|bean|cent|sausage)|anything|any\s+(?:money|tips|winnings|cash|prize))"
_ZERO = re.compile(
    rf"\b{_DONE}\s+(?:me\s+|us\s+|her\s+|him\s+|them\s+)?{_NONE}\b(?!-|\s+(?:of|much|more|short|but)\b)"  # "won nothing"
    rf"|\b(?:didn't|didnt|did\s+not)\s+(?:even\s+)?(?:win|spend|pay|earn|make|get|tip)\s+{_NO_MONEY}\b"  # "didn't win a thing"
    rf"|\b(?:haven't|hasn't|hadn't|not|never)\s+(?:even\s+)?(?:won|spent|paid|earned|made)\s+{_NO_MONEY}\b"  # "hasn't earned a penny"
    r"|\b(?:didn't|didnt|did\s+not)\s+(?:even\s+)?buy\s+(?:anything|any(?:\s+[a-z]+)?)\b",  # "didn't buy any snacks"
    re.I)
# a sentence of conditions, plans or commands tells of no amount that was: "If we don't win anything…"
_NOT_SO = re.compile(r"\b(?:if|unless|whether|will|won't|going\s+to|gonna|next|tomorrow)\b|'ll\b|^\W*(?:don't|never)\b", re.I)


def zero_amounts(text: str, money: Sequence[Candidate]) -> list[Candidate]:
    """Candidates worth 0 for each amount said as none, numbered after ``money`` (every money
    candidate the message has); no currency of their own (the offer gives them the message's)."""
    taken = [(c.start, c.end) for c in money]
    n = max((int(c.id[1:]) for c in money if c.id[1:].isdigit()), default=0)
    out: list[Candidate] = []
    spans = sentences(text)
    for m in _ZERO.finditer(text):
        sentence = next((text[a:m.start()] for a, b in spans if a <= m.start() < b), "")
        if any(s < m.end() and m.start() < e for s, e in taken) or _NOT_SO.search(sentence):
            continue
        n += 1
        out.append(Candidate(f"M{n}", "money", m.start(), m.end(), m.group(0), "0.00"))
    return out
