"""How a recurring event repeats, read from its words by their parts, and the days it falls on."""

import datetime as dt

import pytest

from engine.recurrence import Recurrence, parse


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("weekly on Tuesday", Recurrence("weekly", 1, (1,))),
        ("every other Tuesday", Recurrence("weekly", 2, (1,))),
        ("each Wednesday and Friday", Recurrence("weekly", 1, (2, 4))),
        ("Thursdays", Recurrence("weekly", 1, (3,))),
        ("fortnightly on Thursday", Recurrence("weekly", 2, (3,))),
        ("every 2 weeks", Recurrence("weekly", 2, ())),
        ("Mon-Thu", Recurrence("weekly", 1, (0, 1, 2, 3))),
        ("weekdays", Recurrence("daily", 1, (0, 1, 2, 3, 4))),
        ("Monday to Friday", Recurrence("weekly", 1, (0, 1, 2, 3, 4))),
        ("every day except Sunday", Recurrence("daily", 1, (0, 1, 2, 3, 4, 5))),
        ("every morning", Recurrence("daily", 1, ())),
        ("monthly on the 1st", Recurrence("monthly", 1, (), 1)),
        ("the 15th of every month", Recurrence("monthly", 1, (), 15)),
        ("every three months", Recurrence("monthly", 3, ())),
        ("annually", Recurrence("yearly", 1, ())),
        ("the first Monday of every month", Recurrence("monthly", 1, (0,), None, 1)),
        ("last Friday of the month", Recurrence("monthly", 1, (4,), None, -1)),
        ("every second Tuesday of the month", Recurrence("monthly", 1, (1,), None, 2)),
        ("every second Tuesday", Recurrence("weekly", 2, (1,))),
        ("each day", Recurrence("daily", 1, ())),
        ("every Tuesday for a month", Recurrence("weekly", 1, (1,))),  # how long, not how often
        ("every day for a few months", Recurrence("daily", 1, ())),
        ("every 5 days", Recurrence("daily", 5, ())),
        ("every six weeks", Recurrence("weekly", 6, ())),
        ("every 2nd week", Recurrence("weekly", 2, ())),
        ("weekdays except Wednesday", Recurrence("daily", 1, (0, 1, 3, 4))),
        ("Monday to Friday except Wednesday", Recurrence("weekly", 1, (0, 1, 3, 4))),
        ("every Tuesday except holidays", Recurrence("weekly", 1, (1,))),
        ("every working day", Recurrence("daily", 1, (0, 1, 2, 3, 4))),
    ],
)
def test_a_rhythm_is_read_by_its_parts(words: str, expected: Recurrence) -> None:
    assert parse(words) == expected


@pytest.mark.parametrize("words", ["on Tuesday", "the meeting on Friday", "tomorrow", "once", "Tuesday, in 3 days", "", None,
                                   "every few weeks", "until the end of the month", "for a month"])
def test_words_without_a_rhythm_give_none(words: object) -> None:
    assert parse(words) is None


def test_the_days_a_series_falls_on() -> None:
    every_other = parse("every other Tuesday")
    days = list(every_other.days(dt.date(2026, 12, 1), dt.date(2026, 12, 10), dt.date(2027, 1, 31)))
    assert days == [dt.date(2026, 12, 15), dt.date(2026, 12, 29), dt.date(2027, 1, 12), dt.date(2027, 1, 26)]
    month_end = parse("monthly on the 31st").days(dt.date(2027, 1, 31), dt.date(2027, 1, 1), dt.date(2027, 4, 30))
    assert list(month_end) == [dt.date(2027, 1, 31), dt.date(2027, 2, 28), dt.date(2027, 3, 31), dt.date(2027, 4, 30)]
    workdays = list(parse("weekdays").days(dt.date(2026, 11, 27), dt.date(2026, 11, 27), dt.date(2026, 12, 2)))
    assert [d.weekday() for d in workdays] == [4, 0, 1, 2]
    assert len(list(parse("daily").days(dt.date(2026, 1, 1), dt.date(2026, 1, 1), dt.date(2030, 1, 1)))) == 400


def test_nth_weekday_of_the_month_and_which_rhythms_need_a_first_date() -> None:
    first_monday = parse("the first Monday of every month")
    assert list(first_monday.days(dt.date(2025, 4, 20), dt.date(2025, 4, 20), dt.date(2025, 8, 1))) == [
        dt.date(2025, 5, 5), dt.date(2025, 6, 2), dt.date(2025, 7, 7)]
    assert first_monday.describe() == "the first Monday of every month"
    assert [parse(w).needs_anchor for w in ("every Tuesday", "monthly on the 1st", "weekdays")] == [False] * 3
    assert [parse(w).needs_anchor for w in ("every other Wednesday", "every month", "weekly", "annually")] == [True] * 4


def test_the_agenda_and_the_scheduling_pack_read_one_file() -> None:
    from engine import recurrence
    from engine.project.render import PROJECT_TEMPLATE

    assert recurrence.SOURCE == PROJECT_TEMPLATE / "rules" / "recurrence.py"
    pack = (PROJECT_TEMPLATE.parents[1] / "rules" / "packs" / "scheduling.py").read_text(encoding="utf-8")
    assert "from rules.recurrence import parse" in pack
