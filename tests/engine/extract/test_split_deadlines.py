"""Deadlines whose thing and date sit in two sentences: a renewal the user wants stopped, and a bare
"Deadline is <date>" after what the user is doing."""

import datetime as dt

from tests.engine.extract.helpers import frame_slots


def deadlines(text: str, day: dt.date) -> list[tuple[str, str]]:
    return [(d["about"], d["due"]) for d in frame_slots(text, "Deadline", day) if d.get("due")]


def test_a_renewal_the_user_does_not_want_is_a_deadline_to_cancel() -> None:
    text = ("Note to self: my Norton antivirus subscription auto-renews on 1 October for 79.99 and I do NOT want it to. "
            "Windows Defender is fine. I need to turn off auto-renew before then.")
    assert deadlines(text, dt.date(2025, 6, 14)) == [("Norton antivirus subscription", "2025-10-01")]


def test_it_renews_points_at_the_name_said_before() -> None:
    text = ("Switching car insurance. Admiral's renewal letter came and they want £612 this year! "
            "It auto-renews on the 14th of March, so I need to cancel before then.")
    assert deadlines(text, dt.date(2027, 1, 9)) == [("Admiral", "2027-03-14")]


def test_a_renewal_nobody_wants_to_stop_is_no_deadline() -> None:
    assert deadlines("My Norton subscription auto-renews on 1 October. It's been great, honestly.", dt.date(2025, 6, 14)) == []


def test_a_wish_to_stop_something_said_before_another_renewal_is_not_about_it() -> None:
    text = "I want to cancel the gym at some point. Separately, my Spotify renews on the 5th, no complaints."
    assert deadlines(text, dt.date(2025, 6, 1)) == []


def test_a_bare_deadline_belongs_to_what_the_sentence_before_is_doing() -> None:
    text = ("So this is my first year filing the German tax return myself, no adviser. Deadline is 31 July since I'm "
            "doing it on my own.")
    assert deadlines(text, dt.date(2025, 5, 10)) == [("German tax return", "2025-07-31")]


def test_a_bare_deadline_after_no_task_is_not_invented() -> None:
    assert deadlines("We had a lovely weekend at the coast. Deadline is 31 July apparently.", dt.date(2025, 5, 10)) == []
