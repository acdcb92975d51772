"""An amount said as none is offered as an amount worth 0; words that deny no money are not."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.learn.propose import offer

DAY = dt.date(2026, 6, 9)


def _money(text: str) -> list[tuple[str, str, str | None]]:
    return [(c.surface, c.value, c.currency) for c in offer(text, DAY, records=True).money]


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("Quiz night at the Crown, £2 to enter and we won nothing, again.", "won nothing"),
        ("Raffle at the school fair: bought five strips for £5 and didn't win a thing.", "didn't win a thing"),
        ("Matinee was £6.50 and I didn't buy any popcorn for once.", "didn't buy any popcorn"),
        ("Dog walking today, the Patels paid not a penny this week but the Greens gave me £15.", "paid not a penny"),
        ("Market stall was dead, took home nothing. Pitch cost £12 though.", "took home nothing"),
        ("Busked for an hour on the high street and didn't make a penny. Fuel was £8.", "didn't make a penny"),
        ("Mum hasn't won a thing at bingo all month, and she's spent £40 on cards.", "hasn't won a thing"),
    ],
)
def test_an_amount_said_as_none_is_offered_as_zero_in_the_messages_currency(text: str, surface: str) -> None:
    assert (surface, "0.00", "GBP") in _money(text)


@pytest.mark.parametrize(
    "text",
    [
        "Didn't get any sleep last night, the baby was up every hour. Nothing special otherwise.",
        "I didn't pay any attention to the menu, the bill was £40.",
        "Spent nothing-much time on revision, maybe an hour.",
        "Made nothing of it at the time, but the vet charged £60.",
        "Didn't spend any time on the bike this week, the gym was £30 though.",
        "We didn't win any games today, subs were £4.",
        "If we don't win anything on Saturday the £10 entry is wasted.",
        "Don't spend anything on my birthday, the party is costing £200.",
        "I never win anything at the quiz, £2 a go.",
        "We'll win nothing less than the cup next season, the kit was £25.",
        "Made nothing but mistakes at parkrun, the coffee after was £3.",
    ],
)
def test_words_that_deny_no_money_are_no_amount(text: str) -> None:
    assert all(value != "0.00" for _, value, _ in _money(text))


def test_a_zero_takes_no_currency_when_the_message_has_none_or_several() -> None:
    assert _money("Gran went to bingo with Pat and didn't win a thing.") == [("didn't win a thing", "0.00", None)]
    assert ("won nothing", "0.00", None) in _money("Lottery: won nothing on the €2 ticket, and the $5 scratchcard either.")


def test_a_note_said_by_name_is_money() -> None:
    got = _money("Quiz night again, came second and won a tenner.")
    assert [(s, v) for s, v, _ in got] == [("a tenner", "10.00")]
    assert not [c for c in offer("Ran a 40 today.", DAY, records=True).money]  # a bare number stays a number


def test_a_note_takes_the_messages_currency_and_is_money_only_in_a_record() -> None:
    assert ("a tenner", "10.00", "GBP") in _money("We were a tenner short at the till, it came to £35.")
    from engine.extract.reader.candidates import find_candidates

    rules = offer("Remind me to give Jack a tenner for his trip.", DAY)
    assert not rules.money and any(c.surface == "a tenner" for c in find_candidates(rules.text, DAY).items)
