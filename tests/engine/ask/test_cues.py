"""Deterministic cues: values found in the data, comparisons, limits and relative time."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from engine.ask.catalog import build_catalog
from engine.ask.cues import find_comparisons, find_limit, find_values
from engine.ask.plan import draft, is_recall, rank_collections
from engine.ask.timecues import find_windows
from engine.state import State

NOW = dt.datetime(2024, 6, 15, 12)


def spans(q: str) -> list[tuple[str, str]]:
    return [(w.start.isoformat(), w.end.isoformat()) for w in find_windows(q, NOW)]


def test_relative_time_resolves_against_now() -> None:
    assert spans("how many trips last year") == [("2023-01-01", "2023-12-31")]
    assert spans("what did I spend this month") == [("2024-06-01", "2024-06-30")]
    assert spans("last month") == [("2024-05-01", "2024-05-31")]
    assert spans("in March") == [("2024-03-01", "2024-03-31")]
    assert spans("in September") == [("2023-09-01", "2023-09-30")]
    assert spans("in the past 30 days") == [("2024-05-17", "2024-06-15")]
    assert spans("since February 2024") == [("2024-02-01", "2024-06-15")]
    assert spans("between March and May 2024") == [("2024-03-01", "2024-05-31")]
    assert spans("in 2022 vs 2023") == [("2022-01-01", "2022-12-31"), ("2023-01-01", "2023-12-31")]
    assert spans("this week") == [("2024-06-10", "2024-06-16")]
    assert spans("may I see my receipts") == []


def test_a_range_between_two_dates_is_one_inclusive_window() -> None:
    assert spans("from March 3 to March 9 inclusive") == [("2024-03-03", "2024-03-09")]
    assert spans("between March 1 and May 15, 2023 (inclusive)") == [("2023-03-01", "2023-05-15")]
    assert spans("from Aug 10 through Sep 9, 2022") == [("2022-08-10", "2022-09-09")]
    assert spans("from the 1st to the 15th of June 2022") == [("2022-06-01", "2022-06-15")]
    assert spans("runs on April 3-9") == [("2024-04-03", "2024-04-09")]
    # two whole periods compared stay two, and a lone "and" does not join them
    assert spans("did it go up from March 2022 to May 2022") == [("2022-03-01", "2022-03-31"), ("2022-05-01", "2022-05-31")]
    assert spans("in January and in March") == [("2024-01-01", "2024-01-31"), ("2024-03-01", "2024-03-31")]


def test_values_are_found_only_if_the_data_holds_them(state: State) -> None:
    coll = build_catalog(state)["purchases"]
    hits = find_values("how much did I spend on Groceries at freshco", coll, [])
    assert {(h.field, h.value) for h in hits} == {("category", "groceries"), ("store", "FreshCo")}
    assert find_values("how much did I spend on furniture", coll, []) == []


def test_comparisons_and_limits() -> None:
    (c,) = find_comparisons("purchases over $100")
    assert (c.op, c.value, c.unit) == ("gt", Decimal(100), "$")
    (c,) = find_comparisons("trips between 2 and 4 nights")
    assert (c.op, c.value, c.high) == ("between", Decimal(2), Decimal(4))
    assert find_comparisons("trips in 2023") == []
    assert find_limit("my top 3 purchases") == 3
    assert find_limit("the five most expensive trips") == 5


def test_collection_and_recall_routing(state: State) -> None:
    catalog = build_catalog(state)
    assert rank_collections("how many trips did I take to Portugal?", catalog)[0][1] == "trips"
    assert rank_collections("how much did I spend on groceries?", catalog)[0][1] == "purchases"
    assert is_recall("What did I say about the dentist?")
    assert is_recall("who is Emma?")
    assert not is_recall("how many trips did I take?")


def test_aggregate_words_pick_the_aggregate(state: State) -> None:
    coll = build_catalog(state)["purchases"]
    cases = {
        "how many purchases did I make in 2024?": ("count", None),
        "what did I spend in total on groceries?": ("sum", "amount"),
        "what was my average purchase amount?": ("avg", "amount"),
        "which category did I spend the most on?": ("most_common", "amount"),
        "what was my most expensive purchase?": ("argmax", "amount"),
        "which store do I shop at most often?": ("most_common", None),
        "what percentage of my purchases were groceries?": ("share", None),
        "which stores did I buy from?": ("distinct", None),
        "how many different stores did I buy from?": ("count_distinct", None),
        "what was the most I paid for a single purchase?": ("max", "amount"),
    }
    for q, (agg, measure) in cases.items():
        d = draft(q, coll, NOW)
        assert (d.query.aggregate, d.query.measure) == (agg, measure), q


def test_a_day_that_ends_a_since_clause_runs_to_today() -> None:
    now = dt.datetime(2025, 1, 28, 12)
    [w] = find_windows("since i started the no-sugar rule on the 20th, how many biscuits have i had?", now)
    assert (w.start, w.end) == (dt.date(2025, 1, 20), dt.date(2025, 1, 28))
    [w] = find_windows("how many biscuits did i have on the 20th?", now)
    assert (w.start, w.end) == (dt.date(2025, 1, 20), dt.date(2025, 1, 20))


def test_a_since_clause_runs_on_only_up_to_its_comma() -> None:
    now = dt.datetime(2025, 7, 28, 12)
    [w] = find_windows("since I got my new bike how far did I ride in May?", now)
    assert (w.start, w.end) == (dt.date(2025, 5, 1), dt.date(2025, 5, 31))


def test_a_fall_is_a_tumble_unless_a_season_is_said() -> None:
    assert spans("When did Dad last have a fall?") == []
    assert spans("How many times has Dad fallen since I started keeping track?") == []
    assert spans("how many of his falls left him hurt?") == []
    assert spans("how far did I walk last fall?") == spans("how far did I walk last autumn?") != []
    assert spans("how far did I walk in the fall of 2025?") == spans("how far did I walk in the autumn of 2025?") != []


def test_a_short_month_name_after_a_possessive_is_the_month() -> None:
    assert spans("what was my average time across my May parkruns?") == [("2024-05-01", "2024-05-31")]
    assert spans("what did I say I may do?") == []
