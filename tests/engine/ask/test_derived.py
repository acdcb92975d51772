"""Values two columns give together (how long a meeting lasted, a trip's nights, a line's price
times its quantity), comma-decimal amounts, and cancelled records left out — over a real imported log."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from engine.ask import ask
from engine.importer import import_file
from engine.log import LogStore
from engine.state import State, fold
from tests.engine.ask.imported import imported

MEETINGS = """Date,Start,End,Title,Project,Status
2024-03-04,9:30 AM,10:15 AM,Atlas sync,Atlas,Held
2024-03-05,1:00 PM,2:30 PM,Atlas review,Atlas,Held
2024-03-06,11:00 AM,11:30 AM,Beacon standup,Beacon,Held
2024-03-07,3:00 PM,5:00 PM,Beacon planning,Beacon,Cancelled
2024-04-02,10:00 AM,11:00 AM,Atlas sync,Atlas,Held
"""
VISITS = """Visit Date,Clinic,Cost,Insurance Covered
03.01.2024,UMC Utrecht,"€ 254,00",Yes
23.01.2024,Lombok GP,"€ 26,50",No
14.02.2024,Lombok GP,"€ 1.026,75",No
"""
ORDERS = """Order Date,Item,Shop,Price,Qty
2024-03-01,Socks,HEMA,€4.50,3
2024-03-09,Laptop,Coolblue,"€1,249.00",1
2024-04-11,Towel,HEMA,€12.00,2
"""
TRIPS = """Destination,Start Date,End Date,Cost
Paris,2024-01-10,2024-01-13,€400
Ghent,2024-02-02,2024-02-02,€60
Berlin,2024-03-20,2024-03-25,€700
"""
NOW = dt.datetime(2024, 6, 15, 12)


@pytest.fixture
def logs(tmp_path: Path) -> tuple[State, LogStore]:
    return imported(tmp_path, {"meetings.csv": MEETINGS, "visits.csv": VISITS, "orders.csv": ORDERS, "trips.csv": TRIPS})


def answer(logs: tuple[State, LogStore], question: str) -> tuple[object, str]:
    state, store = logs
    got = ask(state, question, NOW, None, store)
    return got.answer, got.computation


def test_comma_decimal_amounts_are_money(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "What did my visits cost in total?")
    assert value == 1307.25
    assert "r.cost" in expr


def test_meeting_length_is_end_minus_start_and_cancelled_ones_do_not_count(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "How many hours did I spend in meetings in March?")
    assert value == 2.75  # 45 + 90 + 30 minutes; the cancelled two hours are left out
    assert "hours(r.start, r.end)" in expr and "!= 'Cancelled'" in expr
    value, expr = answer(logs, "What's the average length of an Atlas meeting, in minutes?")
    assert value == 65  # 45, 90, 60
    assert "minutes(r.start, r.end)" in expr


def test_cancelled_records_are_counted_when_asked_for(logs: tuple[State, LogStore]) -> None:
    value, _ = answer(logs, "How many meetings were cancelled?")
    assert value == 1


def test_spend_is_price_times_quantity(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "How much have I spent at HEMA?")
    assert value == 37.5  # 3 x 4.50 + 2 x 12.00
    assert "times(r.price, r.qty)" in expr


def test_trip_nights_are_end_minus_start(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "What's the median number of nights I'm away on a trip?")
    assert value == 3  # 3, 0, 5
    assert "days(r.start_date, r.end_date)" in expr


def test_a_value_said_after_apart_from_is_left_out(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "Apart from HEMA, which shop did I order from most often?")
    assert value == "Coolblue"
    assert "r.shop != 'HEMA'" in expr


def test_lengths_said_in_hours_compare_in_the_fields_unit(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "How many meetings lasted an hour and a half or more?")
    assert value == 1
    assert "minutes(r.start, r.end) >= 90" in expr
    assert answer(logs, "How many meetings went over half an hour?")[0] == 3  # 45, 90 and 60 minutes


def test_how_many_more_hours_sums_the_first_named_minus_the_second(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "How many more hours did I spend in meetings in April 2024 than in March 2024?")
    assert value == -1.75  # 1 h in April, 2.75 h held in March
    assert "total(hours(r.start, r.end)" in expr
    value, _ = answer(logs, "How many more meetings did I have in Q1 this year than in Q2 this year?")
    assert value == 2  # 3 held in March, 1 in April


def test_when_did_i_get_back_is_the_end_date(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "When did I get back from my most recent trip?")
    assert value == "2024-03-25"
    assert "high(r.end_date" in expr


def test_where_did_i_go_i_mean_is_no_average(logs: tuple[State, LogStore]) -> None:
    value, _ = answer(logs, "Where did I go from January through February? Both months, I mean")
    assert value == ["Ghent", "Paris"]


def test_a_unit_said_last_names_the_measure(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "What's the median length of my meetings, in minutes?")
    assert value == 52.5  # 30, 45, 60, 90 held
    assert "median(minutes(r.start, r.end)" in expr


def test_ignore_a_yes_no_column(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "What have my visits cost in total? full price, ignore insurance")
    assert value == 1307.25
    assert "insurance" not in expr


def test_named_days_make_a_window(logs: tuple[State, LogStore]) -> None:
    from engine.ask.timecues import find_windows

    today = dt.date(2026, 11, 25)
    (w,) = find_windows("between black friday (28 nov) and christmas eve in 2025", today)
    assert (w.start, w.end) == (dt.date(2025, 11, 28), dt.date(2025, 12, 24))
    (w,) = find_windows("on black friday", today)  # 27 Nov 2026 is still ahead: last year's
    assert w.start == dt.date(2025, 11, 28)
    # the named days of the one holiday table, moving feasts too: Easter 2026 fell on 5 April
    (w,) = find_windows("over the long weekend, good friday to easter monday", dt.date(2026, 5, 1))
    assert (w.start, w.end) == (dt.date(2026, 4, 3), dt.date(2026, 4, 6))
    (w,) = find_windows("on mother's day", dt.date(2026, 6, 1))
    assert w.start == dt.date(2026, 5, 10)
    assert find_windows("how many easter eggs did we hide", dt.date(2026, 5, 1)) == []  # a thing, no day
    value, expr = answer(logs, "How much did I spend between Valentine's Day and Halloween 2024?")
    assert value == 1286.5  # 13.50 + 1249 + 24
    assert "weekday" not in expr


def test_an_orders_cost_is_price_times_quantity(logs: tuple[State, LogStore]) -> None:
    value, expr = answer(logs, "How much was my most expensive order?")
    assert value == 1249.0
    assert "times(r.price, r.qty)" in expr
    value, expr = answer(logs, "How much was the most expensive order I placed at HEMA?")
    assert value == 24.0  # two towels at 12.00, not the 4.50 socks times three (13.50)


def test_a_practice_is_named_by_who_works_there(tmp_path: Path) -> None:
    store = LogStore(tmp_path / "log.db")
    (tmp_path / "visits.csv").write_text("Date,Specialty,Cost\n2024-01-03,Dentistry,60\n2024-02-03,Cardiology,90\n"
                                         "2024-03-03,Dentistry,40\n")
    import_file(store, tmp_path / "visits.csv", None)
    got = ask(fold(store.facts()), "How much did I pay for dentist visits?", NOW, None, store)
    assert got.answer == 100
    assert "r.specialty == 'Dentistry'" in got.computation


def test_a_word_that_begins_a_long_value_names_it(tmp_path: Path) -> None:
    store = LogStore(tmp_path / "log.db")
    (tmp_path / "visits.csv").write_text("Date,Specialty,Cost\n2024-01-03,Physiotherapy,40\n2024-02-03,Cardiology,90\n"
                                         "2024-03-03,Physiotherapy,50\n")
    import_file(store, tmp_path / "visits.csv", None)
    got = ask(fold(store.facts()), "What was the average cost of a physio visit?", NOW, None, store)
    assert got.answer == 45.0


def test_sport_verbs_name_workouts_and_their_type(tmp_path: Path) -> None:
    store = LogStore(tmp_path / "log.db")
    (tmp_path / "workouts.csv").write_text("Date,Type,Distance (km)\n2024-01-03,Cycling,20\n2024-01-05,Running,8\n"
                                           "2024-02-03,Cycling,15.5\n")
    (tmp_path / "orders.csv").write_text("Order Date,Item,Price\n2024-01-04,Bike lock,€20\n")
    for name in ("workouts", "orders"):
        import_file(store, tmp_path / f"{name}.csv", None)
    got = ask(fold(store.facts()), "How many km did I cycle in total?", NOW, None, store)
    assert got.answer == 35.5
    assert "r.type == 'Cycling'" in got.computation


def test_a_half_said_without_its_year_takes_the_year_of_the_half_beside_it() -> None:
    from engine.ask.timecues import find_windows

    today = dt.date(2026, 11, 25)
    second, first = find_windows("more or fewer nights in the second half of 2025 compared with the first half", today)
    assert (first.start, first.end, second.start, second.end) == (
        dt.date(2025, 1, 1), dt.date(2025, 6, 30), dt.date(2025, 7, 1), dt.date(2025, 12, 31))
    assert find_windows("scores in the first half of the match", today) == []  # no year's half is said


def test_a_half_marathon_or_a_half_of_this_year_is_no_bare_half() -> None:
    from engine.ask.timecues import find_windows

    today = dt.date(2026, 11, 25)
    (w,) = find_windows("how long did my first half marathon take in the second half of 2025", today)
    assert (w.start, w.end) == (dt.date(2025, 7, 1), dt.date(2025, 12, 31))
    windows = find_windows("nights in the second half of 2025 compared with the first half of this year", today)
    assert [(w.start, w.end) for w in windows] == [
        (dt.date(2025, 7, 1), dt.date(2025, 12, 31)), (dt.date(2026, 1, 1), dt.date(2026, 6, 30))]
