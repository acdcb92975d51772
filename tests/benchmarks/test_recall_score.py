"""Token F1 as the recall benchmark scores it: dates written any way are one token, "unknown" gold
wants an answer that does not know."""

from __future__ import annotations

import pytest

from benchmarks.recall.score import says_unknown, token_f1


def test_exact_and_partial_answers() -> None:
    assert token_f1("Cycle Hub", "cycle hub") == 1.0
    assert token_f1("the Cycle Hub on Elm Street", "Cycle Hub") == pytest.approx(2 * (2 / 5) * 1 / (2 / 5 + 1))
    assert token_f1("Halfords", "Cycle Hub") == 0.0


def test_dates_are_one_token_whatever_the_writing() -> None:
    for got in ("2025-03-07", "7 March 2025", "March 7, 2025", "7th of March 2025", "Mar 7 2025"):
        assert token_f1(got, "7 March 2025") == 1.0, got
    assert token_f1("2025-03-08", "7 March 2025") == 0.0
    assert token_f1("2025-08-09", "9 August") == 1.0 and token_f1("2025-08-10", "9 August") < 1
    assert token_f1("9 August 2025", "9 August") == 1.0


def test_unknown_gold_wants_an_answer_that_does_not_know() -> None:
    assert token_f1("I don't know: what I found does not say.", "unknown") == 1.0
    assert token_f1("I found nothing in your log about vet; I won't guess.", "unknown") == 1.0
    assert token_f1("Dr. Mills", "unknown") == 0.0
    assert token_f1("I don't know", "Dr. Mills") == 0.0
    assert says_unknown("") and not says_unknown("$85")
    assert token_f1("Porto, not in Lisbon", "Porto") > 0 and token_f1("an unknown caller", "unknown caller") == 1.0


def test_plurals_articles_and_thousands_fold() -> None:
    assert token_f1("2 weeks", "2 week") == 1.0
    assert token_f1("$1,200", "1200 dollars") == pytest.approx(2 / 3)
