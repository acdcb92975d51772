"""Numbers said in words ("forty-five", "a hundred and twenty", "two thousand five hundred"): one
table and one reading, shared by the money detector and the quantities of learned collections."""

from __future__ import annotations

import re

UNITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
         "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
         "eighteen": 18, "nineteen": 19}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
NUMBER_WORD = "|".join([*TENS, *UNITS, "hundred", "thousand"])
"""A regex alternation of every word a spelled number is made of."""


def spelled_value(words: str) -> int | None:
    """The value of a number said in words; None when the words are not one number ("one fifty",
    "twenty twenty")."""
    total, group, last = 0, 0, ""
    for w in re.split(r"[\s-]+", words.strip().lower()):
        if w in ("a", "and"):
            continue
        if w == "hundred":
            if last not in UNITS and last not in ("", "a"):
                return None
            group = (group or 1) * 100
        elif w == "thousand":
            total, group = total + (group or 1) * 1000, 0
        elif w in TENS:
            if group % 100:
                return None
            group += TENS[w]
        elif w in UNITS:
            if group % 10 or (group % 100 and UNITS[w] >= 10):
                return None
            group += UNITS[w]
        else:
            return None
        last = w
    return (total + group) or None
