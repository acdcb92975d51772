"""Holds: "no money leaves this account until ..." becomes a hold policy with its window."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.extract.builders.holds import hold_policies
from tests.engine.extract.helpers import Log

TODAY = dt.date(2026, 2, 1)


@pytest.mark.parametrize(
    ("text", "account", "end", "set_by"),
    [
        ("The down payment is all in Ally. I need to be strict with myself: nothing comes out of Ally until we close, not for anything.",
         "Ally", None, "me"),
        ("Please don't let me take anything out of the savings account this month.", "savings account", "2026-02-28", "me"),
        ("My dad says no money leaves the joint savings until March 3.", "joint savings", "2026-03-03", "dad"),
        ("I'm not touching my Roth IRA this year, whatever the market does.", "Roth IRA", "2026-12-31", "me"),
        ("No withdrawals from the Marcus savings for April.", "Marcus savings", "2026-04-30", "me"),
        ("The emergency fund is off limits, full stop.", "emergency fund", None, "me"),
    ],
)
def test_a_hold_names_its_account_and_window(text: str, account: str, end: str | None, set_by: str) -> None:
    [draft] = hold_policies(text, TODAY)
    assert (draft.frame, draft.slots["kind"], draft.slots["account"], draft.slots.get("end"), draft.slots["set_by"]) == (
        "Policy", "hold", account, end, set_by)
    assert draft.slots["start"] == (TODAY.isoformat() if "April" not in text else "2026-04-01")  # a named month starts on its 1st


@pytest.mark.parametrize(
    "text",
    [
        "Nothing comes out of it until then.",  # no account named
        "Can you check if nothing came out of Ally?",  # a question about the past
        "We took nothing from the restaurant budget.",  # not an account
        "I moved 400 out of savings yesterday.",  # an action, not a rule
        "Nothing from Chase this month, usually they mail a statement.",  # nothing arrived, no rule
        "Nothing comes out of Chase on weekends, transfers only run on weekdays.",  # how the bank works
        "Withdrawals from savings this month: two, both for the vet.",  # a report
        "If nothing comes out of savings this month I'll be amazed.",  # a condition
        "Nothing from Amazon arrived yet.",  # a shop, no money held
    ],
)
def test_no_hold_without_a_rule_on_an_account(text: str) -> None:
    assert hold_policies(text, TODAY) == []


def test_a_move_out_of_savings_is_a_transfer_from_it() -> None:
    log = Log()
    facts = log.say("Checking's thin until payday, so I moved $400 over from savings to cover it, I'll sort it out later.",
                    dt.date(2026, 2, 18))
    [t] = [f for f in facts if f.frame == "Transfer"]
    assert (t.slots["account"], t.slots["amount"], t.slots["status"]) == ("savings", "400.00", "done")


def test_closing_costs_do_not_close_the_account() -> None:
    facts = Log().say("Everything we have for the down payment and closing costs is in the Ally savings account.", TODAY)
    [acct] = [f for f in facts if f.frame == "Account"]
    assert acct.slots.get("status") != "closed"
