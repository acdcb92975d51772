"""What verify takes as stated and what as asked."""

from __future__ import annotations

from engine.learn.verify import asks


def test_a_value_said_unsure_with_a_question_mark_is_still_stated() -> None:
    assert not asks("I think it was $80?")
    assert asks("Is $80 a lot for one lesson?")
    assert asks("Any idea if 900ml is normal?")


def test_an_amount_said_as_a_rate_says_so_to_the_model() -> None:
    import datetime as dt

    from engine.learn.propose import offer

    o = offer("I charged her thirty quid an hour so that's £45.", dt.date(2026, 9, 22), records=True)
    assert [(c.surface, c.note) for c in o.money] == [("thirty quid", "per hour"), ("£45", "")]
