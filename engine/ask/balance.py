"""What is left once one side is taken from the other: "how much is Dan up on scratch cards" (what he
won less what he spent), "how much does Jamie still owe me" (what was lent less what was paid back),
"how many more to hit her target of 20" (the target less what is done).

Each is found from the question's words *and* the collection's own fields and values, so nothing here
applies where the collection keeps no two such sides; the arithmetic is left to the compiled query.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from engine.ask.catalog import Collection
from engine.ask.ir import Filter
from engine.ask.timecues import NUMBER_WORDS

_GAIN = frozenset({"won", "win", "winnings", "prize", "prizes", "payout", "earned", "earnings", "income", "takings",
                   "sold", "sales", "received", "refund", "refunded", "returns", "return"})
_NET_ALREADY = frozenset({"profit", "net", "balance", "loss"})
"""A field that is itself what is left ("profit"): nothing to take away again."""
_COST = frozenset({"spent", "spend", "spending", "cost", "costs", "paid", "stake", "staked", "fee", "fees", "price",
                   "outlay", "expenses", "expense", "bought", "pitch", "entry"})
_NET = re.compile(r"\bhow\s+much\s+(?:[a-z']+\s+){0,3}?(?P<word>up|down|ahead|behind|in\s+profit|in\s+the\s+red|"
                  r"out\s+of\s+pocket)\b(?!\s+(?:to|until|till|til|from)\b)|\b(?P<noun>net|profit|overall\s+(?:gain|loss)|(?:won|made)\s+or\s+lost|"
                  r"(?:gained|won|made)\s+overall|lost\s+overall)\b")
_LOSS_WORDS = ("down", "behind", "in the red", "out of pocket", "lost overall", "overall loss")

_BACK = ("repaid", "repay", "repayment", "repayments", "paid back", "payback", "pay back", "returned", "refund",
         "refunded", "withdrawal", "withdrawn", "withdrew", "paid off", "gave back", "given back")


def money_back(name: str) -> bool:
    """Whether a column's name says money coming back ("repaid_gbp", "refund", "amount_paid_back")."""
    said = name.lower().replace("_", " ")
    return any(re.search(rf"\b{b}", said) for b in _BACK)


_OWED = re.compile(r"\b(?:owe[sd]?|owing|outstanding|still\s+(?:due|to\s+(?:pay|repay|come))|left\s+to\s+(?:pay|repay)|"
                   r"yet\s+to\s+(?:pay|repay)|(?:not|n't)\s+(?:been\s+)?(?:paid|repaid)\s+back)\b")

_NUMBER = r"(\d+(?:\.\d+)?|" + "|".join(w for w in NUMBER_WORDS if len(w) > 2) + r")"
_TARGET = re.compile(r"\b(?:(?:to|and)\s+(?:hit|reach|make|meet|get\s+to|achieve)|(?:before|until|till)\s+(?:she|he|i|we|they|you)\s+"
                     r"(?:hits?|reach(?:es)?|makes?|gets?\s+to))\s+(?:(?:her|his|my|our|their|your|the|a)\s+)?"
                     r"(?:(?:target|goal|aim)\s+(?:of\s+)?)?" + _NUMBER + r"\b(?:\s+(?:target|goal))?|"
                     r"\b(?:target|goal|aim)\s+(?:of\s+|is\s+|was\s+)?" + _NUMBER + r"\b")
_MORE = re.compile(r"\bhow\s+(?:many|much)\s+more\b|\bhow\s+(?:many|much)\s+(?:is|are)\s+(?:left|still\s+needed)\b|"
                   r"\bhow\s+(?:far|many|much)\s+(?:short|off|away)\b")


_AGAINST = re.compile(r"\bmore\s+(?:[a-z]+\s+)?than\b|\b(?:lose|lost|losing|drop|shed|down\s+to|get\s+(?:down|under)|under|below)\b")
"""Not a total growing toward its target: "more steps than my goal" (over it), "lose … to reach 70" (going down)."""


@dataclass(frozen=True)
class Net:
    """Each record's ``gain`` less its ``cost`` (or the other way round, for a loss asked)."""

    measure: str
    minus: str


def net_fields(q: str, coll: Collection) -> Net | None:
    """"How much is Dan up", "what's my profit": the field of winnings less the field of spending,
    when the collection has exactly one of each (of the same kind)."""
    m = _NET.search(q)
    if not m:
        return None
    if any(_NET_ALREADY & set(f.name.lower().split("_")) for f in coll.numeric()):
        return None
    gains = [f for f in coll.numeric() if _GAIN & set(f.name.lower().split("_"))]
    costs = [f for f in coll.numeric() if _COST & set(f.name.lower().split("_")) and f not in gains]
    if len(gains) != 1 or len(costs) != 1 or gains[0].kind != costs[0].kind:
        return None
    said = " ".join((m.group("word") or m.group("noun") or "").split())
    if said in _LOSS_WORDS:
        return Net(costs[0].name, gains[0].name)
    return Net(gains[0].name, costs[0].name)


def owed_periods(q: str, coll: Collection) -> tuple[list[Filter], list[Filter]] | None:
    """"How much does Jamie still owe me": the records paid back, then the records lent, of a field
    that keeps which way the money went (``type``: lent / repaid); the answer is the second total less
    the first."""
    if not _OWED.search(q):
        return None
    for f in coll.categorical():
        values = [str(v) for v in f.values]
        back = [v for v in values if v.lower().strip() in _BACK or any(v.lower().startswith(b + " ") for b in _BACK)]
        out = [v for v in values if v not in back]
        if back and out and len(values) <= 4:
            return ([Filter(f.name, "one_of", tuple(back))], [Filter(f.name, "one_of", tuple(out))])
    return None


def target_left(q: str) -> tuple[Decimal, int, int] | None:
    """"How many more does she need to hit her target of 20": the target and the span that states it
    (so the rest of the question is planned without it); the answer is the target less the value asked."""
    if not _MORE.search(q) or _AGAINST.search(q):
        return None
    m = _TARGET.search(q)
    if not m:
        return None
    said = next(g for g in m.groups() if g)
    value = Decimal(said) if said[0].isdigit() else Decimal(NUMBER_WORDS[said])
    return value, m.start(), m.end()
