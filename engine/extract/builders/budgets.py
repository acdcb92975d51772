"""Money rules the user sets: a budget per period or a cap per item, read from a whole message.

"Starting March I want to keep eating out, takeout included, to $300 a month max"; "I'm putting
myself on a takeout budget ... $150 for the whole of April on delivery and takeout, that's it, that's
the cap"; "the client only reimburses hotels up to $180 a night". The result is a ``Policy``: kind
``budget`` for a total per week, month or year (or for a named month), kind ``limit`` for a cap per
night, person or item. What it is about comes from the message's own words — a whole spending
category ("eating out", "takeout", "groceries") gives the policy its category, so every restaurant
meal counts against it; otherwise the word the cap is on ("coffee budget", "on clothes"). The amount
is a detected money mention; nothing is typed in by this stage.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re

from engine.extract.builders.base import Draft
from engine.extract.builders.finance import WHOLE_CATEGORY, category_of, names_whole_category
from engine.extract.money import find_money
from engine.extract.segment import sentences

_CAP = re.compile(r"\b(?:budget|cap(?:ped)?|max(?:imum)?|limit|no\s+more\s+than|not\s+more\s+than|at\s+most|up\s+to|"
                  r"allowance|that['’]s\s+it|(?:don['’]t\s+let\s+me|never|won['’]t)\s+(?:spend|pay)|keep\s+(?:[\w'’-]+[\s,]+){1,6}?(?:to|under|below|at)|only\s+reimburses?|reimburses?\s+up\s+to)\b",
                  re.I)
# a sentence that asks, supposes or reports instead of setting the rule
_NOT_SET = re.compile(r"\?\s*$|\b(?:should\s+(?:I|we)|what\s+if|would\s+it|is\s+it|do\s+you\s+think|went\s+over|blew|over\s+(?:my|the|our)\s+budget|"
                      r"don['’]t\s+want\s+(?:a|the|any)\s+(?:\w+\s+)?(?:budget|cap|limit)|no\s+longer|scrap|drop(?:ping)?\s+the\s+(?:\w+\s+)?(?:budget|cap|limit)|"
                      r"(?:budget|cap|limit|allowance)\s+(?:was|were|used\s+to\s+be)\s+(?:about\s+|around\s+|only\s+)?[$€£¥]?\d+|(?:is|are)\s+usually|gets?\s+(?:an?\s+)?(?:allowance|pocket)|earns?|"
                      r"(?:his|her|their|your)\s+(?:\w+\s+)?(?:budget|allowance|cap|limit)|"
                      r"(?:partner|wife|husband|mom|mum|dad|son|daughter|friend|sister|brother|boss|kid)['’]s\s+(?:\w+\s+){0,2}(?:budget|allowance|cap|limit)|"
                      r"used\s+to|last\s+year['’]?s?|over\s+(?:my|the|our)\s+(?:[$€£]?\d[\d,.]*\s*)?(?:\w+\s+)?budget|"
                      r"(?:raised|upped|increased|lowered|dropped|cut)\s+(?:my|the|our|their)\s+(?:\w+\s+)?limit)\b", re.I)
_CREDIT = re.compile(r"\b(?:card|visa|mastercard|amex|credit|overdraft|account|loan|mortgage)\b", re.I)
_SPENDING = re.compile(r"\b(?:budget|spend(?:ing)?|allowance)\b", re.I)
_PER_UNIT = re.compile(r"\b(?:a|per|each|every|/)\s*(?P<u>night|person|head|item|meal|purchase|thing|ticket|visit)\b", re.I)
_PER_PERIOD = re.compile(r"\b(?:a|per|each|every|/)\s*(?P<p>week|month|year)\b|\b(?P<ly>weekly|monthly|yearly|annual(?:ly)?)\b", re.I)
_FOR_MONTH = re.compile(r"\b(?:for|in|during|through(?:out)?)\s+(?:the\s+(?:whole|rest|month)\s+of\s+)?(?P<m>" + "|".join(calendar.month_name[1:]) + r")\b", re.I)
_STARTING = re.compile(r"\b(?:starting|from|beginning|as\s+of)\s+(?:in\s+)?(?P<m>" + "|".join(calendar.month_name[1:]) + r")\b", re.I)
_THIS = re.compile(r"\bthis\s+(?P<p>week|month|year)\b", re.I)
_WHOLE = re.compile(r"\b(?:" + "|".join(WHOLE_CATEGORY.values()) + r")\b", re.I)
_NAMED_BUDGET = re.compile(r"\b(?P<a>[a-z][a-z-]+(?:\s+[a-z][a-z-]+)?)\s+(?:budget|allowance|cap|limit)\b", re.I)
_ON_WHAT = re.compile(r"\b(?:on|for)\s+(?P<a>[a-z][a-z -]{2,30}?)(?=\s*[,.;!]|\s+(?:a|per|each|this|that|for|from|starting|max|in)\b|$)", re.I)
_PLAIN_NOUN = re.compile(r"\b(?:reimburses?|pays?\s+for|covers?)\s+(?P<a>[a-z][a-z -]{2,20}?)\s+(?:up\s+to|to\s+a\s+max|at\s+most)\b", re.I)
_NOT_ABOUT = re.compile(r"^(?:a|an|the|my|our|this|that|monthly|weekly|yearly|annual|total|whole|rest|month|week|year|strict|hard|new|"
                        r"spending|money|me|it|myself|budget|now|once|any|single|one|[a-z]+day)$", re.I)
_UNITS = {"head": "person", "meal": "item", "purchase": "item", "thing": "item", "ticket": "item", "visit": "item"}


def money_policies(text: str, today: dt.date, subject: str = "me") -> list[Draft]:
    """Budgets and caps the message sets (one per amount)."""
    out: list[Draft] = []
    spans = sentences(text)
    for i, (s, e) in enumerate(spans):
        sentence = text[s:e]
        cap = _CAP.search(sentence)
        if cap is None or _NOT_SET.search(sentence) or (_CREDIT.search(sentence) and not _SPENDING.search(sentence)):
            continue  # "my Visa limit is $3,000": a card's credit limit, not a rule
        amounts = [m for m in find_money(text, s, e) if m.value is not None]
        if not amounts:
            continue
        amount = min(amounts, key=lambda m: abs(m.start - (s + cap.start())))
        around = " ".join(text[a:b] for a, b in spans[max(0, i - 1) : i + 1])  # the budget may be named a sentence before
        about = _about(sentence) or _about(around, whole_only=True)
        if about is None:
            continue
        slots: dict[str, str] = {"about": about, "limit": str(amount.value), "status": "active"}
        if amount.attrs.get("currency"):
            slots["currency"] = str(amount.attrs["currency"])
        unit = _PER_UNIT.search(sentence)
        period = _PER_PERIOD.search(sentence)
        month = _FOR_MONTH.search(sentence)
        if month is not None and re.search(r"\b(?:starting|from|beginning|as\s+of)\s+$", sentence[: month.start()], re.I):
            month = None  # "starting in March": when it begins, not the one month it covers
        this = _THIS.search(sentence)
        if unit is not None and (period is None or unit.start() < period.start()):
            slots["kind"], slots["per"] = "limit", _UNITS.get(unit.group("u").lower(), unit.group("u").lower())
        elif period is not None or month is not None or this is not None:
            slots["kind"] = "budget"
            word = (period.group("p") or period.group("ly")) if period else this.group("p") if this and not month else "month"
            slots["per"] = {"weekly": "week", "monthly": "month", "yearly": "year", "annual": "year", "annually": "year"}.get(word.lower(), word.lower())
            if month is not None:
                first, last = _month(month.group("m"), today)
                slots["start"], slots["end"] = first.isoformat(), last.isoformat()
        else:
            slots["kind"] = "limit"
        start = _STARTING.search(around)
        if start is not None and "start" not in slots:
            slots["start"] = _month(start.group("m"), today)[0].isoformat()
        cat = category_of(about)
        if cat and names_whole_category(about, cat):
            slots["category"] = cat
        out.append(Draft("Policy", f"{slots['kind']}:{about.lower()}", slots, (s, e), subject, hint="policy"))
    return out


def _about(text: str, whole_only: bool = False) -> str | None:
    """What the cap is on: the whole categories the text names ("eating out, takeout included" -> "eating
    out and takeout"), else the word before "budget" or after "on"."""
    whole = list(dict.fromkeys(m.group(0).lower() for m in _WHOLE.finditer(text)))
    if whole:
        return " and ".join(whole[:2])
    if whole_only:
        return None
    for pattern in (_NAMED_BUDGET, _PLAIN_NOUN, _ON_WHAT):
        for m in pattern.finditer(text):
            words = [w for w in m.group("a").split() if not _NOT_ABOUT.match(w)]
            if words:
                return " ".join(words)
    return None


def _month(name: str, today: dt.date) -> tuple[dt.date, dt.date]:
    """The named month's first and last day: this year's unless it is already over."""
    month = list(calendar.month_name).index(name.capitalize())
    year = today.year if month >= today.month else today.year + 1
    return dt.date(year, month, 1), dt.date(year, month, calendar.monthrange(year, month)[1])
