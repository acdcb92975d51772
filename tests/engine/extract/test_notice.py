"""Notice deadlines: the last day to give notice, read across the sentences of a message."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.extract.builders.notice import notice_deadlines
from tests.engine.extract.helpers import Log

TODAY = dt.date(2026, 5, 20)


@pytest.mark.parametrize(
    ("text", "about", "due"),
    [
        # the end in one sentence, the period in the next
        ("Our lease here runs through August 31, and I reread it last night: we have to give the landlord 60 days' "
         "written notice if we're not renewing.", "give notice on the lease to the landlord", "2026-07-02"),
        # a written last day wins over counting
        ("Lease is up July 31st. There's a clause that says we have to give written notice at least 60 days ahead, "
         "so by June 1, otherwise it rolls to month-to-month.", "give notice on the lease", "2026-06-01"),
        ("Tenancy ends 30 September; notice period is two months.", "give notice on the lease", "2026-07-30"),
        # an end already past this year is next year's
        ("The gym needs 30 days notice to cancel, and the membership renews on March 1.",
         "give notice on the membership", "2027-01-30"),
        ("My contract ends on October 31 and I must give four weeks' notice.", "give notice on the contract", "2026-10-03"),
    ],
)
def test_the_due_date_is_computed_from_the_message(text: str, about: str, due: str) -> None:
    [draft] = notice_deadlines(text, TODAY)
    assert (draft.frame, draft.slots["about"], draft.slots["due"], draft.slots["status"]) == ("Deadline", about, due, "open")


@pytest.mark.parametrize(
    "text",
    [
        "I noticed the lease ends on July 31.",  # the verb, not a notice
        "The landlord has to give us two months notice before raising the rent.",  # their notice, not ours
        "We have to give notice at some point, no idea when.",  # nothing to count from, nothing it is on
        "Our lease runs through August 31 and we have to give notice.",  # no period: no date to compute
    ],
)
def test_no_deadline_without_a_notice_of_ours_and_a_date(text: str) -> None:
    assert notice_deadlines(text, TODAY) == []


def test_notice_given_later_closes_the_deadline() -> None:
    log = Log()
    first = log.say("Our lease runs through August 31. We have to give the landlord 60 days' written notice if we "
                    "don't renew.", TODAY)
    assert [(f.slots["due"], f.slots["status"]) for f in first if f.frame == "Deadline"] == [("2026-07-02", "open")]
    later = log.say("Big day: we gave the landlord our notice this morning, so that's handled.", dt.date(2026, 6, 10))
    [done] = [f for f in later if f.frame == "Deadline"]
    assert done.slots["status"] == "done" and done.supersedes, done
