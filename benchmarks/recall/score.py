"""Token F1 of a short answer against its gold, the way long-conversation memory benchmarks score it:
lower case, punctuation and articles dropped, plural "s" folded, and any date written as a date
read as one token (so "7 March 2025" and "2025-03-07" are the same answer).

A gold day without a year ("9 August", an anniversary) is matched by a date of any year.
An unanswerable question's gold is ``unknown``: it scores 1 when the answer says it does not know,
else 0; an answer that does not know scores 0 on every other question.
"""

from __future__ import annotations

import datetime as dt
import re
import string
from collections import Counter

MONTHS = {m.lower(): i for i, m in enumerate(
    ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
     "November", "December"], start=1)}
_MONTH = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_DAY_FIRST = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\.?,?\s+(\d{{4}})\b", re.I)
_MONTH_FIRST = re.compile(rf"\b{_MONTH}\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.I)
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
DONT_KNOW = re.compile(r"^\s*unknown\s*$|\b(?:i don'?t know|i do not know|not mentioned|found nothing|no record|"
                       r"can'?t find|cannot find|won'?t guess)\b", re.I)
_ARTICLES = {"a", "an", "the"}


def _month(name: str) -> int:
    name = name.lower()
    return next(v for k, v in MONTHS.items() if k.startswith(name[:3]))


def _date_token(year: str, month: int, day: str) -> str:
    try:
        return "D" + dt.date(int(year), month, int(day)).isoformat().replace("-", "")
    except ValueError:
        return f"{year} {month} {day}"


def dates_as_tokens(text: str) -> str:
    text = _ISO.sub(lambda m: _date_token(m.group(1), int(m.group(2)), m.group(3)), text)
    text = _DAY_FIRST.sub(lambda m: _date_token(m.group(3), _month(m.group(2)), m.group(1)), text)
    return _MONTH_FIRST.sub(lambda m: _date_token(m.group(3), _month(m.group(1)), m.group(2)), text)


def tokens(text: str) -> list[str]:
    text = dates_as_tokens(str(text)).replace("’", "'")
    text = re.sub(r"(?<=\d),(?=\d{3})", "", text)
    text = "".join(" " if ch in string.punctuation else ch for ch in text.lower())
    out = []
    for w in text.split():
        if w in _ARTICLES:
            continue
        if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        out.append(w)
    return out


def says_unknown(answer: str) -> bool:
    return not str(answer).strip() or bool(DONT_KNOW.search(str(answer)))


def token_f1(answer: str, gold: str) -> float:
    if str(gold).strip().lower() == "unknown":
        return 1.0 if says_unknown(answer) else 0.0
    if says_unknown(answer):
        return 0.0
    if not re.search(r"\b\d{4}\b", str(gold)):  # a day of the year ("9 August"): the year is not asked
        answer = re.sub(r"\bD(\d{4})(\d{2})(\d{2})\b", lambda m: f"{int(m.group(3))} {list(MONTHS)[int(m.group(2)) - 1]}",
                        dates_as_tokens(str(answer)))
    got, want = tokens(answer), tokens(gold)
    common = sum((Counter(got) & Counter(want)).values())
    if not got or not want or common == 0:
        return 0.0
    precision, recall = common / len(got), common / len(want)
    return 2 * precision * recall / (precision + recall)
