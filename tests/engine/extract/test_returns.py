"""A return told as done, naming only the shop, the amount or a pronoun, closes the earlier purchase."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.engine.extract.helpers import Log

BOUGHT = dt.date(2027, 1, 5)
LATER = dt.date(2027, 1, 18)


def _bought(log: Log) -> None:
    log.say("Bought winter boots online from Northtrail. The site says 30-day returns from delivery, and they arrived "
            "today, so I have until February 4th if they don't work out.", BOUGHT)


@pytest.mark.parametrize(
    "text",
    [
        "They were too small. I dropped the box at UPS this afternoon, and Northtrail already emailed saying the refund "
        "of $165 was processed to my card.",
        "Sent the winter boots back today, too tight.",
        "Got my refund from Northtrail this morning.",
    ],
)
def test_a_return_done_marks_the_purchase_returned(text: str) -> None:
    log = Log()
    _bought(log)
    later = log.say(text, LATER)
    [p] = [f for f in later if f.frame == "Purchase" and f.slots.get("status") == "returned"]
    assert p.slots["item"] == "winter boots" and p.supersedes
    assert not [f for f in later if f.frame == "Transfer"], "a refund coming back is not a payment"


@pytest.mark.parametrize(
    "text",
    [
        "I might send the boots back if they keep pinching.",  # a maybe
        "Need to drop the box at UPS tomorrow for Northtrail.",  # not done yet
        "Returned the library books today.",  # another thing
    ],
)
def test_no_return_before_it_is_done_or_for_another_thing(text: str) -> None:
    log = Log()
    _bought(log)
    later = log.say(text, LATER)
    assert not [f for f in later if f.frame == "Purchase" and f.slots.get("status") == "returned" and f.slots.get("item") == "winter boots"]
