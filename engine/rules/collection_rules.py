"""Rules over the user's own collections, read by the collections' own names: "warn me if any
statement amount is over 899", "alert me when my weigh-in weight is below 80", "let me know if I
spend more than 400 a month on statement".

An imported or learned collection has no entry in the phrase parser's lexicon — its words are the
user's. So a rule sentence is matched against what the collections say about themselves: a
collection named in it (singular or plural, ``_`` as a space), one of its number fields named (or
its only one), a comparison and a number. With a period ("a month", "per week") the rule is a
total per period over the collection's date field. Anything less clear is left to the model.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation

from engine.frames import Frame
from engine.rules.rule_ir import Aggregate, Condition, InvalidRule, Learned, RuleIR, validate

_NUMBER_KINDS = ("money", "int", "float")
_AS_LEARNED = {"float": "float", "int": "float", "money": "money", "date": "date", "time": "time", "str": "str", "enum": "str"}
"""An imported field as the rule IR types a collection's fields (a choice is text, a whole number a
number); yes/no, list and date-and-time fields are not named by these rules."""
_OPS = (
    ("ge", r"(?:at\s+least|no\s+less\s+than)"),
    ("le", r"(?:at\s+most|no\s+more\s+than)"),
    ("gt", r"(?:over|above|more\s+than|greater\s+than|higher\s+than|bigger\s+than|larger\s+than|exceeds?|exceeding|past|beyond)"),
    ("lt", r"(?:under|below|less\s+than|lower\s+than|fewer\s+than|smaller\s+than)"),
)
_LIMIT = re.compile(
    r"(?<![\w'-])(?P<op>" + "|".join(f"(?P<{op}>{words})" for op, words in _OPS) + r")\s+(?:a\s+total\s+of\s+)?"
    r"(?P<cur>[$£€])?\s*(?P<num>\d[\d,]*(?:\.\d+)?)\s*(?P<k>k)?(?!\w|\.\d)", re.I)
_WINDOW = re.compile(r"(?<![\w'-])(?:(?:a|per|each|every|in\s+a|in\s+one)\s+(?P<unit>day|week|month|year)|"
                     r"(?P<adv>daily|weekly|monthly|yearly|annually))(?![\w'-])", re.I)
_DETERMINERS = r"any|a|an|my|the|each|every|one|per|on|in|of|for|all|our"
"""A collection is named as a thing ("any run", "on statement lines"), not as a verb ("it runs over")."""
_ADVERB_WINDOW = {"daily": "day", "weekly": "week", "monthly": "month", "yearly": "year", "annually": "year"}


def read_collection_rule(sentence: str, frames: Iterable[Frame]) -> RuleIR | None:
    """The rule ``sentence`` states over one of ``frames`` (imported or learned collections), or None."""
    low = " ".join(sentence.lower().split())
    limit = _LIMIT.search(low)
    if limit is None:
        return None
    named = [(fr, m) for fr in frames if (m := _mention(fr, low)) is not None]
    if len(named) != 1:
        return None  # none, or two collections: which one is meant is not clear
    frame = named[0][0]
    numbers = [s for s in frame.slots if s.kind in _NUMBER_KINDS]
    said = [s for s in numbers if _names(s.name, low)]
    field = said[0] if len(said) == 1 else (numbers[0] if len(numbers) == 1 and not said else None)
    if field is None:
        return None
    try:
        value = Decimal(limit.group("num").replace(",", "")) * (1000 if limit.group("k") else 1)
    except InvalidOperation:
        return None
    op = next(op for op, _words in _OPS if limit.group(op))
    learned = Learned(frame.collection, tuple((s.name, _AS_LEARNED[s.kind]) for s in frame.slots if s.kind in _AS_LEARNED))
    window = _WINDOW.search(low)
    day = next((s.name for s in frame.slots if s.kind == "date"), None)
    try:
        if window is not None:
            if day is None:
                return None
            unit = window.group("unit") or _ADVERB_WINDOW[window.group("adv").lower()]
            return validate(RuleIR(frame.name, (), Aggregate("sum", field.name, unit, day, op, value), learned=learned))
        return validate(RuleIR(frame.name, ((Condition((field.name,), op, value),),), learned=learned))
    except InvalidRule:
        return None


def _mention(frame: Frame, low: str) -> re.Match[str] | None:
    """Where the sentence names the collection (its name, singular or plural, words apart)."""
    base = frame.collection.replace("_", " ").strip()
    forms = {base, base.rstrip("s"), base + "s", frame.name.lower()}
    forms |= {f.replace(" ", "-") for f in forms}
    forms = {f for f in forms if len(f) >= 3}
    pattern = (r"(?<![\w'-])(?:" + _DETERMINERS + r")\s+(?:\w+\s+)?(?:"
               + "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)) + r")(?![\w'-])")
    return re.search(pattern, low)  # "any statement", "my weekly statement total"; never "my card runs over"


def _names(field: str, low: str) -> bool:
    """Whether the sentence names a field ("weight_kg": "weight kg" or "weight")."""
    words = field.split("_")
    forms = {" ".join(words), words[0]} if len(words[0]) >= 3 else {" ".join(words)}
    return any(re.search(r"(?<![\w'-])" + re.escape(f) + r"s?(?![\w'-])", low) for f in forms)
