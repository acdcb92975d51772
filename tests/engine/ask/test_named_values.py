"""Questions that name the value they want, count what was done at all, or say how much lower one period was."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from tests.engine.ask.imported import answered, imported

NOW = dt.datetime(2026, 11, 25, 12)
QUOTES = """date,company,quote_gbp,visit_minutes
2026-09-02,Harlow Kitchens,8200,45
2026-09-09,Birchwood Joinery,9100,60
2026-09-20,Oakline Interiors,7600,30
"""
TOWN_TRIPS = """date,shop,spent_gbp,hours_out
2026-05-04,market,0,2
2026-05-11,bookshop,12.50,1
2026-05-18,market,0,3
2026-07-06,bakery,4.20,1
2026-07-13,bookshop,8,2
2026-07-20,market,3,1
"""


def test_what_names_a_number_field_the_answer_is_that_value(tmp_path: Path) -> None:
    logs = imported(tmp_path, {"kitchen_quotes.csv": QUOTES})
    got, computation = answered(logs, "What quote did Birchwood give me?", NOW)
    assert got == 9100 and "quote_gbp" in computation
    got, _ = answered(logs, "Which company came round on the 20th of September?", NOW)
    assert got == "Oakline Interiors"  # a thing asked for is still the thing


def test_how_many_days_something_was_done_counts_those_with_more_than_nothing(tmp_path: Path) -> None:
    logs = imported(tmp_path, {"town_trips.csv": TOWN_TRIPS})
    got, computation = answered(logs, "On how many of those trips did I actually spend money?", NOW)
    assert got == 4 and "spent_gbp" in computation
    assert answered(logs, "How many trips to town have I logged?", NOW)[0] == 6  # no amount named: all of them


def test_how_much_lower_is_the_reference_less_the_period_said_with_the_comparison(tmp_path: Path) -> None:
    logs = imported(tmp_path, {"town_trips.csv": TOWN_TRIPS})
    # May 12.50 in all, July 15.20
    got, _ = answered(logs, "How much less did I spend in May compared with July?", NOW)
    assert abs(float(got) - 2.70) < 1e-9
    got, _ = answered(logs, "How much more did I spend in July than in May?", NOW)
    assert abs(float(got) - 2.70) < 1e-9
    got, _ = answered(logs, "Compared with July, how much less did I spend in May?", NOW)
    assert abs(float(got) - 2.70) < 1e-9
    assert answered(logs, "How many fewer hours was I out in July than in May?", NOW)[0] == 2  # 4 against 6


def test_may_after_compared_with_is_the_month(tmp_path: Path) -> None:
    logs = imported(tmp_path, {"town_trips.csv": TOWN_TRIPS})
    got, computation = answered(logs, "How many more hours was I out in July compared with May?", NOW)
    assert got == -2 and "date(2026, 5, 1)" in computation  # 4 in July, 6 in May


GARDEN_CENTRE = """date,shop,spent_gbp,plants
2026-04-04,Greenfingers,22.50,3
2026-04-18,Bloom & Co,10,2
2026-05-02,Greenfingers,17.50,4
2026-05-16,Bloom & Co,5,1
"""


def test_two_values_either_side_of_than_are_one_less_the_other(tmp_path: Path) -> None:
    logs = imported(tmp_path, {"garden_centre.csv": GARDEN_CENTRE})
    got, computation = answered(logs, "How much more have I spent at Greenfingers than at Bloom & Co?", NOW)
    assert float(got) == 25.0 and "Greenfingers" in computation  # 40 against 15
    got, _ = answered(logs, "How many fewer plants did I buy at Bloom than at Greenfingers?", NOW)
    assert got == 4  # 7 against 3


WINDOW_JOBS = """date,windows,earned_gbp,hours
2026-05-03,12,60,3
2026-06-07,8,40,2
2026-07-05,10,50,2.5
2026-08-02,6,30,1.5
"""


def test_two_months_said_together_are_either_of_them(tmp_path: Path) -> None:
    logs = imported(tmp_path, {"window_cleaning.csv": WINDOW_JOBS})
    assert float(answered(logs, "How many hours did I work in June and July put together?", NOW)[0]) == 4.5
    assert answered(logs, "How many jobs did I do in May, June or August?", NOW)[0] == 3


def test_how_much_made_from_a_counted_thing_is_the_money(tmp_path: Path) -> None:
    logs = imported(tmp_path, {"window_cleaning.csv": WINDOW_JOBS})
    got, computation = answered(logs, "How much have I made from the windows so far?", NOW)
    assert float(got) == 180 and "earned_gbp" in computation
    assert answered(logs, "How many windows have I cleaned in total?", NOW)[0] == 36  # the count itself is still asked
    assert "earned_gbp" not in answered(logs, "How much time did I take on the windows?", NOW)[1]  # time, not money


SPELLINGS = """date,minutes,score,score_out_of
2026-03-02,20,8,10
2026-03-09,35,9,10
2026-03-16,40,14,20
"""


def test_a_joining_word_in_a_field_name_names_nothing(tmp_path: Path) -> None:
    logs = imported(tmp_path, {"spelling_practice.csv": SPELLINGS})
    got, computation = answered(logs, "How many of his practice sessions went on for 30 minutes or more?", NOW)
    assert got == 2 and computation.startswith("len(")


TENNIS = """date,partner,games_won
2026-01-10,Jan,6
2026-02-14,Jan,4
2026-03-21,May,6
2026-05-09,Tom,7
2026-06-13,Jan,6
"""
TRIPS = """date,destination,trip_miles,fuel_cost_gbp
2026-06-06,York,210,31
2026-07-11,Leeds,95,14
"""
SMOKING = """date,cigarettes
2026-03-01,10
2026-03-02,0
2026-03-03,6
2026-03-04,0
"""


def test_near_misses_of_the_named_value_the_month_and_the_days_done(tmp_path: Path) -> None:
    logs = imported(tmp_path, {"tennis.csv": TENNIS, "day_trips.csv": TRIPS, "smoking.csv": SMOKING})
    assert answered(logs, "How many times did I play tennis with Jan?", NOW)[0] == 3  # a partner, not January
    assert answered(logs, "How many games did I win against May?", NOW)[0] == 6
    assert answered(logs, "Which trip did I take in July?", NOW)[0] == "Leeds"  # the record's noun: the record
    assert answered(logs, "How many days have I logged my cigarettes?", NOW)[0] == 4  # kept, whatever they hold


def test_a_rise_from_one_period_to_another_keeps_its_sign(tmp_path: Path) -> None:
    logs = imported(tmp_path, {"window_cleaning.csv": WINDOW_JOBS})
    got, _ = answered(logs, "How much increase in earnings was there from June to August?", NOW)
    assert float(got) == -10  # 40 in June, 30 in August: it fell


def test_a_yes_or_no_between_two_places_is_not_both_at_once(tmp_path: Path) -> None:
    logs = imported(tmp_path, {"garden_centre.csv": GARDEN_CENTRE})
    got, computation = answered(logs, "Did I spend more at Greenfingers than at Bloom?", NOW)
    assert "Greenfingers" in computation and "bloom" not in computation.lower()
    assert got  # a yes, not the nothing of both shops at once


SCHOOL_RUNS = """date,miles,parking_gbp
2026-09-01,12,4
2026-09-08,31,2
2026-09-15,18,6
"""


def test_the_longest_of_records_kept_in_miles_is_the_most_miles(tmp_path: Path) -> None:
    logs = imported(tmp_path, {"school_runs.csv": SCHOOL_RUNS})
    got, computation = answered(logs, "When was the longest school run I did?", NOW)
    assert got == "2026-09-08" and "miles" in computation


QUIZ_NIGHTS = """date,points_change
2026-02-03,4
2026-02-10,0
2026-02-17,-3
2026-02-24,2
2026-03-03,-1
2026-03-10,5
"""


def test_how_many_times_it_went_down_counts_the_changes_below_nothing(tmp_path: Path) -> None:
    logs = imported(tmp_path, {"quiz_league.csv": QUIZ_NIGHTS})
    assert answered(logs, "How many weeks did we finish with our points change down?", NOW)[0] == 2
    assert answered(logs, "How many weeks did our points change go up?", NOW)[0] == 3


RUNS_WITH_PACE = """date,pace_min_per_mile,minutes
2026-10-01,9.5,30
2026-10-08,8.8,55
2026-10-15,10.1,42
"""
WALKS = """date,route,miles,minutes
2026-10-02,canal,2.5,50
2026-10-09,ridge,4.0,85
2026-10-16,park,1.5,35
"""
PRICES = """date,price_change
2026-10-01,4
2026-10-02,-1
2026-10-03,-3
2026-10-04,2
"""


def test_near_misses_of_the_miles_and_of_going_down(tmp_path: Path) -> None:
    logs = imported(tmp_path, {"runs.csv": RUNS_WITH_PACE, "walks.csv": WALKS, "prices.csv": PRICES})
    assert answered(logs, "What was my shortest run?", NOW)[0] == 30  # the time, never a pace per mile
    assert answered(logs, "How many walks were longer than 45?", NOW)[0] == 2  # the minutes, as before
    assert answered(logs, "How many days did the price change, up or down?", NOW)[0] == 4
