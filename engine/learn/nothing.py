"""An amount said as none ("didn't win a thing", "spent nothing on snacks") is an amount: zero.

A tracked night with no winnings or a visit with no snacks is a record whose amount is 0, and
"how many nights did she win nothing?" counts them. The money finder sees only figures, so these
are offered to the model as candidates of their own, worth 0.00 in the currency the message's other
amounts are in. Only where a verb of money is denied or given "nothing" ("didn't win a thing",
"paid nothing", "didn't buy any snacks"); "didn't get any sleep" or "nothing special" is no amount.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.extract.reader.candidates import Candidate

_MONEY_VERB = r"(?:won|win|winning|spent|spend|spending|paid|pay|paying|earned|earn|made|tipped|took\s+home|came\s+(?:home|away)\s+with)"
_NONE = r"(?:absolutely\s+)?(?:nothing|nowt|zilch|not\s+a\s+(?:penny|bean|cent|thing|sausage))"
_DENIED = r"(?:didn't|didnt|did\s+not|never|don't|doesn't|haven't|hasn't|wasn't|not)"
_ANY = r"(?:a\s+(?:thing|penny|bean|cent|sausage|single\s+\w+)|anything|any(?!\s+(?:attention|mind|heed|notice)\b)(?:\s+\w+)?)"
_ZERO = re.compile(
    rf"\b{_MONEY_VERB}\s+(?:me\s+|us\s+|her\s+|him\s+|them\s+)?{_NONE}\b(?!-|\s+(?:of|much|more|short)\b)"  # "won nothing", not "made nothing of it"
    rf"|\b{_DENIED}\s+(?:even\s+)?(?:win|spend|pay|earn|buy|tip)\s+{_ANY}\b"  # "didn't win a thing", "didn't buy any snacks"
    rf"|\b{_DENIED}\s+(?:even\s+)?(?:get|make)\s+(?:a\s+(?:penny|bean|cent)|any\s+(?:money|tips|winnings))\b",
    re.I)


def zero_amounts(text: str, money: Sequence[Candidate]) -> list[Candidate]:
    """Candidates worth 0 for each amount said as none, numbered after ``money`` (every money
    candidate the message has), in the currency of its other amounts (none when they differ)."""
    currencies = {c.currency for c in money if c.currency}
    currency = next(iter(currencies)) if len(currencies) == 1 else None
    taken = [(c.start, c.end) for c in money]
    n = max((int(c.id[1:]) for c in money if c.id[1:].isdigit()), default=0)
    out: list[Candidate] = []
    for m in _ZERO.finditer(text):
        if any(s < m.end() and m.start() < e for s, e in taken):
            continue
        n += 1
        out.append(Candidate(f"M{n}", "money", m.start(), m.end(), m.group(0), "0.00", currency=currency))
    return out
