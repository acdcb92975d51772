"""Ages and birthdays from a date of birth, and yes/no columns as conditions — over a real
imported log."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from engine.ask import ask
from engine.ask.compile import age, next_birthday
from engine.importer import import_file
from engine.log import LogStore
from engine.state import State, fold
from tests.engine.ask.imported import imported

CONTACTS = """Name,Relation,City,Birthday
Ann Bos,Friend,Utrecht,10/07/1990
Bert Kok,Friend,Zeist,20/06/1980
Carla Mol,Colleague,Utrecht,01/01/1995
Dirk Wit,Colleague,Amsterdam,30/12/1970
Eva Ros,Family,Utrecht,
Fleur Dam,Family,Houten,02/07/1950
"""
ORDERS = """Order Date,Item,Shop,Price,Qty,Returned
2024-03-01,Socks,HEMA,€4.50,3,No
2024-03-09,Laptop,Coolblue,"€1,249.00",1,Yes
2024-04-11,Towel,HEMA,€12.00,2,No
2024-05-02,Jeans,Zalando,€50.00,1,Yes
"""
VISITS = """Visit Date,Clinic,Cost,Insurance Covered,Follow-up
03.01.2024,UMC Utrecht,"€ 254,00",Yes,Yes
23.01.2024,Lombok GP,"€ 26,50",No,No
14.02.2024,Lombok GP,"€ 100,00",Partial,
01.03.2024,Lombok GP,"€ 30,00",No,Yes
"""
NOW = dt.datetime(2024, 6, 15, 12)


@pytest.fixture
def logs(tmp_path: Path) -> tuple[State, LogStore]:
    return imported(tmp_path, {"contacts.csv": CONTACTS, "orders.csv": ORDERS, "visits.csv": VISITS})


def answer(logs: tuple[State, LogStore], question: str) -> tuple[object, str]:
    state, store = logs
    got = ask(state, question, NOW, None, store)
    return got.answer, got.computation


def test_age_counts_completed_years() -> None:
    assert age(dt.date(1990, 7, 10), dt.date(2024, 6, 15)) == 33
    assert age(dt.date(1990, 6, 15), dt.date(2024, 6, 15)) == 34
    assert next_birthday(dt.date(1990, 6, 20), dt.date(2024, 6, 15)) == 5
    assert next_birthday(dt.date(1990, 1, 1), dt.date(2024, 6, 15)) == 200
    assert next_birthday(None, dt.date(2024, 6, 15)) is None


def test_average_age_of_a_group(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "What's the average age of my friends?")
    assert value == 38.0  # 33 and 43 (his birthday is on 20 June)
    assert "age(r.birthday, date(2024, 6, 15))" in expr


def test_youngest_and_oldest_are_by_age(logs: tuple[State, LogStore]) -> None:
    assert answer(logs, "Who's the youngest of my colleagues?")[0] == "Carla Mol"
    assert answer(logs, "Who is the oldest of my contacts?")[0] == "Fleur Dam"


def test_group_oldest_on_average(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "Which group is the oldest on average — friends, family, colleagues, etc.?")
    assert value == "Family"
    assert "group_best(" in expr and "'avg'" in expr


def test_birthdays_coming_up(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "Whose birthdays are coming up in the next 30 days?")
    assert sorted(value) == ["Ann Bos", "Bert Kok", "Fleur Dam"]  # 20 June, 2 and 10 July; not 30 Dec or 1 Jan
    assert "next_birthday(r.birthday" in expr


def test_yes_no_column_as_condition(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "Which shops have I returned something to?")
    assert value == ["Coolblue", "Zalando"]
    assert "r.returned is True" in expr
    value, _ = answer(logs, "How much did I spend, not counting stuff I sent back?")
    assert value == 37.5


def test_yes_no_partial_column(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "What do the visits my insurance didn't cover at all add up to?")
    assert value == 56.5
    assert "r.insurance_covered == 'No'" in expr
    assert answer(logs, "How many visits did insurance not cover?")[0] == 3
    assert answer(logs, "How many visits were flagged as needing a follow-up?")[0] == 2


def test_top_groups_by_count_and_by_total(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "Top 2 cities my contacts live in, biggest first?")
    assert value == ["Utrecht", "Amsterdam"]  # 3, then 1 each alphabetically
    assert "group_ranking(S['contacts'], lambda r: r.city, 'count'" in expr
    value, expr = answer(logs, "top 2 shops by how much I've spent?")
    assert value == ["Coolblue", "Zalando"]  # 1249, 50 (HEMA: 37.50)
    assert "'sum', lambda r: times(r.price, r.qty)" in expr


def test_words_for_a_field(tmp_path: Path) -> None:
    """"been in touch" is the last-contacted date, "ways I've met" the how-we-met column, a word that
    begins several values ("Online - Teams") keeps them all, "how many ... average X or more" counts."""
    store = LogStore(tmp_path / "log.db")
    (tmp_path / "people.csv").write_text(
        "Name,How We Met,Last Contacted,Birthday,Where,Avg HR\n"
        "Ann,Work,02/06/2024,01/01/1990,Online - Teams,150\n"
        "Bob,School,20/05/2024,01/01/1991,Online - Zoom,120\n"
        "Cas,Work,03/06/2024,01/01/1992,Room Fuji,160\n")
    import_file(store, tmp_path / "people.csv", None)
    logs = (fold(store.facts()), store)
    value, expr = answer(logs, "So far this month, how many different people have I been in touch with?")
    assert value == 2
    assert "r.last_contacted" in expr
    assert answer(logs, "What are the different ways I've met people?")[0] == ["School", "Work"]
    assert answer(logs, "How many people did I see online?")[0] == 2
    value, expr = answer(logs, "How many people had an average HR of 150 or more?")
    assert value == 2 and expr.startswith("len(")


def test_birthday_weekday_this_year_is_the_anniversary(logs: tuple[State, LogStore]) -> None:
    # 2024 anniversaries: 10 Jul Wed, 20 Jun Thu, 1 Jan Mon, 30 Dec Mon, 2 Jul Tue; none on a weekend
    value, expr = answer(logs, "How many of my contacts have their birthday on a Monday this year?")
    assert value == 2  # Carla (1 Jan) and Dirk (30 Dec)
    assert "weekday(anniversary(r.birthday, date(2024, 6, 15)))" in expr


def test_month_of_one_year_by_name(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "In 2024, which month did I order the most often?")
    assert value == "March"
    assert "month_name(r.order_date)" in expr


def test_next_birthday_and_birthdays_in_a_month(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "Who has the next birthday?")
    assert value == "Bert Kok"  # 20 June
    assert "next_birthday(r.birthday, date(2024, 6, 15)), desc=False" in expr
    value, expr = answer(logs, "How many contacts have a birthday in January?")
    assert value == 1  # Carla, whatever year she was born
    assert "anniversary(r.birthday" in expr


def test_other_answers_of_a_yes_no_column(logs: tuple[State, LogStore]) -> None:
    assert answer(logs, "How many visits were partially covered?")[0] == 1
    value, expr = answer(logs, "How many visits needed no follow-up?")
    assert value == 2  # a No and an empty cell
    assert "r.follow_up is not True" in expr


def test_not_in_touch_for_more_than_a_year(tmp_path: Path) -> None:
    from engine.ask.timecues import find_windows

    (w,) = find_windows("haven't contacted in more than a year", dt.date(2026, 11, 25))
    assert w.end == dt.date(2025, 11, 24)
    store = LogStore(tmp_path / "log.db")
    (tmp_path / "people.csv").write_text("Name,Last Contacted\nAnn,01/06/2024\nBob,20/06/2023\nCas,14/06/2023\n")
    import_file(store, tmp_path / "people.csv", None)
    got = ask(fold(store.facts()), "How many people haven't I contacted in more than a year?", NOW, None, store)
    assert got.answer == 1  # Cas (14 June 2023); Bob (20 June 2023) is within the year
