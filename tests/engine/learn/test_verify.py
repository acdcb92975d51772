"""What verify takes as stated and what as asked."""

from __future__ import annotations

from engine.learn.verify import asks


def test_a_value_said_unsure_with_a_question_mark_is_still_stated() -> None:
    assert not asks("I think it was $80?")
    assert asks("Is $80 a lot for one lesson?")
    assert asks("Any idea if 900ml is normal?")


def test_a_question_asked_without_a_question_word_is_still_a_question() -> None:
    assert asks("It's safe to give her 7.5ml of Calpol every 4 hours?")
    assert asks("I was going to charge £15 an hour, is that too much?")
    assert not asks("Pretty sure it was 48 minutes?")
