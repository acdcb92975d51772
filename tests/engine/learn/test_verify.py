"""What verify takes as stated and what as asked."""

from __future__ import annotations

from engine.learn.verify import asks


def test_a_value_said_unsure_with_a_question_mark_is_still_stated() -> None:
    assert not asks("I think it was $80?")
    assert asks("Is $80 a lot for one lesson?")
    assert asks("Any idea if 900ml is normal?")
