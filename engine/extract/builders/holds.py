"""Holds: a rule that no money may leave an account for a while, read from a whole sentence.

"Nothing comes out of Ally until we close, not for anything"; "please don't let me take anything out
of the savings account this month"; "the emergency fund is off limits until June". The hold is a
``Policy`` of kind ``hold`` on the named account, from the day it was said to the end the message
gives (the end of "this month", a date after "until"; none when it lasts until an event with no
date, such as a closing). A transfer out of that account while it holds raises the policies rule.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re

from engine.extract.builders.base import Draft
from engine.extract.dates import DateValue, find_dates
from engine.extract.segment import sentences

# the account: a bank's name ("Ally", "the Chase savings") or a kind of account ("the savings account", "our emergency fund")
_KIND = r"(?:savings|checking|current\s+account|isa|pension|401k|roth(?:\s+ira)?|ira|emergency\s+fund|rainy[\s-]day\s+fund|brokerage|investment\s+account|nest\s+egg|house\s+fund|down[\s-]payment\s+fund)"
_ACCOUNT = (r"(?:(?:the|my|our|that)\s+)?(?P<acct>(?:(?-i:[A-Z])[\w&]+\s+|joint\s+){0,2}" + _KIND + r"(?:\s+account)?"
            r"|(?-i:[A-Z])[\w&]+(?:\s+(?:savings|checking|account))?)")
_NONE = r"(?:nothing|no\s+money|not\s+(?:a\s+)?(?:cent|penny|dime|dollar|euro|pound)|zero|no\s+withdrawals?)"
_OUT = r"(?:out\s+of|from|leaves?|leaving)"
_HOLD = re.compile(
    # "nothing comes out of Ally", "no money leaves the joint savings", "not a penny from the ISA"
    r"\b" + _NONE + r"\s+(?:comes?|goes|gets?\s+(?:taken|moved|pulled)|is\s+(?:taken|moved|coming)|can\s+(?:come|leave|go)|leaves?)\s+"
    + r"(?:out\s+of\s+|from\s+)?" + _ACCOUNT
    # "not a penny from the ISA this year", "nothing out of savings until June": verbless, on a kind of account
    + r"|\b" + _NONE + r"\s+(?:out\s+of|from)\s+(?:(?:the|my|our)\s+)?(?P<acct6>(?:(?-i:[A-Z])[\w&]+\s+|joint\s+){0,2}" + _KIND + r"(?:\s+account)?)"
    # "don't let me take anything out of the savings account", "I'm not touching the emergency fund"
    + r"|\b(?:don['’]t|do\s+not|never)\s+let\s+(?:me|us)\s+(?:take|move|pull|withdraw|touch|use|dip\s+into|spend)\s+"
      r"(?:(?:anything|any\s+money|money|a\s+(?:cent|penny|dime))\s+)?(?:out\s+of\s+|from\s+|into\s+)?" + _ACCOUNT.replace("acct", "acct2")
    + r"|\b(?:I|we)(?:['’]m|['’]re|\s+am|\s+are|\s+will|['’]ll)?\s+(?:not|never)\s+(?:touch(?:ing)?|dip(?:ping)?\s+into|"
      r"tak(?:e|ing)\s+(?:anything|money)\s+out\s+of|withdraw(?:ing)?\s+from)\s+" + _ACCOUNT.replace("acct", "acct3")
    + r"|\bno\s+(?:more\s+)?(?:withdrawals?|taking\s+money\s+out)\s+(?:from|out\s+of)\s+" + _ACCOUNT.replace("acct", "acct4")
    + r"\s+(?:until|till|this|for)\b"
    + r"|" + _ACCOUNT.replace("acct", "acct5") + r"\s+(?:is|stays|remains)\s+(?:off[\s-]limits|untouchable|frozen|locked)\b",
    re.I,
)
_HELD_IN = re.compile(r"\b(?:savings|checking|account|bank|fund|deposit|down\s+payment|balance|money|transfer|withdraw)", re.I)
_BANKISH = re.compile(_KIND + r"|\b(?:bank|account|savings|checking|fund)\b", re.I)
_NOT_ACCOUNT = re.compile(r"^(?:it|that|this|there|here|me|us|them|anything|everything|money)$", re.I)
_WINDOW = re.compile(r"\b(?:this|the\s+rest\s+of\s+(?:the|this))\s+(?P<p>month|year|week)\b|\b(?:for|in|during)\s+(?P<m>" +
                     "|".join(calendar.month_name[1:]) + r")\b", re.I)
_UNTIL = re.compile(r"\b(?:until|till|til|before|through)\s+(?:the\s+)?$", re.I)
_SETTER = re.compile(r"\b(?P<who>(?:my\s+)?(?:mom|mum|dad|mother|father|wife|husband|partner|accountant|adviser|advisor|financial\s+planner|[A-Z][a-z]+))\s+"
                     r"(?:says?|said|wants?|told\s+(?:me|us))\b")


def hold_policies(text: str, today: dt.date, subject: str = "me") -> list[Draft]:
    """A hold the message states, one per account."""
    out: list[Draft] = []
    for s, e in sentences(text):
        sentence = text[s:e]
        m = _HOLD.search(sentence)
        if m is None or sentence.rstrip().endswith("?") or re.search(
                r"\b(?:if|whether|should|in\s+case|what\s+if|usually|normally)\b", sentence[: m.start()], re.I) or re.search(
                r"\b(?:only\s+run|on\s+weekends|statement|arrived|came\s+in|in\s+the\s+mail)\b", sentence, re.I):
            continue  # a question, a condition or how a bank works, not a rule the user set
        account = next(v for k, v in m.groupdict().items() if k.startswith("acct") and v).strip()
        account = re.sub(r"\s+(?:until|till|this|for)$", "", account)
        if _NOT_ACCOUNT.match(account) or (not _BANKISH.search(account) and not account[:1].isupper()):
            continue
        if not _BANKISH.search(account) and not _HELD_IN.search(text) and not re.search(r"\b(?:out\s+of|no\s+money)\b", m.group(0), re.I):
            continue  # a bare name ("nothing from Amazon") is an account only where the message keeps money in it
        slots: dict[str, str] = {"kind": "hold", "account": account, "about": account, "start": today.isoformat(),
                                 "status": "active"}
        end = _end(text, s, e, m.end(), today)  # m is relative to the sentence
        if end is not None:
            slots["end"] = end.isoformat()
            month = _WINDOW.search(text, s, e)
            if month is not None and month.group("m"):
                slots["start"] = max(today, end.replace(day=1)).isoformat()  # "in August": from the 1st of August
        setter = _SETTER.search(sentence[: m.start()])
        slots["set_by"] = setter.group("who") if setter and setter.group("who").lower() not in ("i", "we") else "me"
        if not any(d.slots["account"].lower() == account.lower() for d in out):
            out.append(Draft("Policy", f"hold:{account.lower()}", slots, (s, e), subject, hint="policy"))
    return out


def _end(text: str, s: int, e: int, after: int, today: dt.date) -> dt.date | None:
    """The hold's last day: a date after "until" in the sentence, else the end of "this month/year"."""
    for d in find_dates(text, s, e, today, past=False):
        if isinstance(d.value, DateValue) and d.start >= s + after - 1 and _UNTIL.search(text[max(s, d.start - 16) : d.start]):
            return d.value.end or d.value.start
    w = _WINDOW.search(text, s, e)
    if w is None:
        return None
    if w.group("m"):
        month = list(calendar.month_name).index(w.group("m").capitalize())
        year = today.year if month >= today.month else today.year + 1
        return dt.date(year, month, calendar.monthrange(year, month)[1])
    period = w.group("p").lower()
    if period == "year":
        return dt.date(today.year, 12, 31)
    if period == "week":
        return today + dt.timedelta(days=6 - today.weekday())
    return dt.date(today.year, today.month, calendar.monthrange(today.year, today.month)[1])
