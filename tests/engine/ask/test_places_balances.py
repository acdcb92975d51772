"""Where someone finished ("how often did she win", "top three", "came second"), what is left once one
side is taken from the other (winnings less stakes, money lent less money paid back, a target less what
is done), a number a verb names ("how many did we spot") and "won nothing" — over learned collections."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from engine.ask import ask
from engine.log import LogStore
from engine.state import State

NOW = dt.datetime(2026, 6, 30, 12)


# a daughter's chess tournaments: date, where she finished, points scored
EVENTS = [("2026-01-10", 4, 3.5), ("2026-02-07", 1, 5.0), ("2026-03-14", 2, 4.5), ("2026-04-11", 1, 4.0),
          ("2026-05-09", 7, 2.0), ("2026-06-13", 3, 4.5)]


@pytest.fixture
def tournaments(make) -> tuple[State, LogStore]:
    return make("chess_tournaments", [("date", "date"), ("finishing_place", "float"), ("points", "float")], "Ella",
                [{"date": d, "finishing_place": p, "points": s} for d, p, s in EVENTS])


def _ask(logs: tuple[State, LogStore], question: str) -> tuple[object, str]:
    state, store = logs
    got = ask(state, question, NOW, None, store)
    return got.answer, got.computation


@pytest.mark.parametrize(("question", "expected"), [
    ("How many tournaments has Ella won this year?", sum(p == 1 for _, p, _ in EVENTS)),
    ("How many times did she finish in the top three?", sum(p <= 3 for _, p, _ in EVENTS)),
    ("How often did Ella make the podium?", sum(p <= 3 for _, p, _ in EVENTS)),
    ("How many events did she not win?", sum(p != 1 for _, p, _ in EVENTS)),
    ("What's her average score in the tournaments she won?", (5.0 + 4.0) / 2),
])
def test_places_said_in_words_are_conditions_on_the_place(tournaments, question: str, expected: float) -> None:
    got, comp = _ask(tournaments, question)
    assert got == pytest.approx(expected), comp


@pytest.mark.parametrize(("question", "expected"), [
    ("When did she last come second?", "2026-03-14"),
    ("When was the first time she won?", "2026-02-07"),
    ("When did Ella finish in 3rd place?", "2026-06-13"),
])
def test_the_day_of_a_place(tournaments, question: str, expected: str) -> None:
    got, comp = _ask(tournaments, question)
    assert str(got) == expected, comp


def test_a_best_place_is_the_lowest_number(tournaments) -> None:
    got, comp = _ask(tournaments, "What was Ella's best placing?")
    assert got == 1 and "low(" in comp


def test_top_three_is_not_a_list_of_three(tournaments) -> None:
    got, comp = _ask(tournaments, "In how many tournaments was she in the top 3?")
    assert got == 4 and "ranked(" not in comp


# a partner's horse-racing bets: date, stake, what came back
BETS = [("2026-03-07", 10, 0), ("2026-03-21", 5, 22.5), ("2026-04-04", 20, 0), ("2026-04-18", 10, 35), ("2026-05-02", 5, 0)]


@pytest.fixture
def bets(make) -> tuple[State, LogStore]:
    return make("horse_bets", [("date", "date"), ("stake_gbp", "money"), ("returns_gbp", "money")], "Sam",
                [{"date": d, "stake_gbp": s, "returns_gbp": r} for d, s, r in BETS])


@pytest.mark.parametrize(("question", "expected"), [
    ("How much is Sam up on the horses overall?", sum(r - s for _, s, r in BETS)),
    ("How much is he down since March?", sum(s - r for _, s, r in BETS)),
    ("What's his net profit for April?", sum(r - s for d, s, r in BETS if d.startswith("2026-04"))),
    ("How many bets returned nothing?", sum(r == 0 for _, _, r in BETS)),
])
def test_gains_less_costs(bets, question: str, expected: float) -> None:
    got, comp = _ask(bets, question)
    assert Decimal(str(got)) == Decimal(str(expected)), comp


def test_a_plain_total_is_not_a_net(bets) -> None:
    got, comp = _ask(bets, "How much has Sam staked altogether?")
    assert Decimal(str(got)) == sum(s for _, s, _ in BETS) and "neg(" not in comp


# money lent to a sister and paid back
LOANS = [("2026-01-05", "loan", 150), ("2026-01-30", "repayment", 50), ("2026-02-14", "loan", 80),
         ("2026-03-01", "repayment", 100), ("2026-04-10", "loan", 25)]


@pytest.fixture
def loans(make) -> tuple[State, LogStore]:
    return make("money_for_sis", [("date", "date"), ("kind", "str"), ("amount", "money")], "Kate",
                [{"date": d, "kind": k, "amount": a} for d, k, a in LOANS])


@pytest.mark.parametrize(("question", "expected"), [
    ("How much does Kate still owe me?", 150 + 80 + 25 - 50 - 100),
    ("What's the outstanding balance on what I lent my sister?", 150 + 80 + 25 - 50 - 100),
    ("How much has she repaid so far?", 150),
    ("When did she make her biggest repayment?", "2026-03-01"),
])
def test_money_lent_and_paid_back(loans, question: str, expected: object) -> None:
    got, comp = _ask(loans, question)
    assert str(got) == str(expected) if isinstance(expected, str) else Decimal(str(got)) == expected, comp


# a son's reading challenge: books finished, with a goal
BOOKS = [("2026-01-20", 220), ("2026-02-11", 310), ("2026-03-02", 180), ("2026-04-22", 400), ("2026-05-30", 260)]


@pytest.fixture
def books(make) -> tuple[State, LogStore]:
    return make("books_finished", [("date", "date"), ("pages", "float")], "Leo", [{"date": d, "pages": p} for d, p in BOOKS])


@pytest.mark.parametrize(("question", "expected"), [
    ("How many more books does Leo need to reach his goal of 12 this year?", 12 - len(BOOKS)),
    ("How many more pages to hit a target of 2000?", 2000 - sum(p for _, p in BOOKS)),
    ("How many more books until he reaches 3?", 0),
])
def test_what_is_left_to_a_target(books, question: str, expected: float) -> None:
    got, comp = _ask(books, question)
    assert got == pytest.approx(expected), comp


# bird walks: how many kingfishers were spotted each time
WALKS = [("2026-04-03", 2, "canal"), ("2026-04-17", 0, "river"), ("2026-05-01", 3, "canal"), ("2026-05-15", 1, "lake")]


@pytest.fixture
def walks(make) -> tuple[State, LogStore]:
    return make("kingfisher_walks", [("date", "date"), ("kingfishers_spotted", "float"), ("place", "str")], "me",
                [{"date": d, "kingfishers_spotted": n, "place": w} for d, n, w in WALKS])


@pytest.mark.parametrize(("question", "expected"), [
    ("How many did I spot in May?", 4),
    ("How many kingfishers have I spotted altogether?", 6),
    ("How many times did I go out in April?", 2),
    ("How many walks did I spot nothing on?", 1),
])
def test_a_number_the_verb_names(walks, question: str, expected: float) -> None:
    got, comp = _ask(walks, question)
    assert got == pytest.approx(expected), comp


# ordinary questions that must not be read as places, balances or targets (a review's inputs)
def test_points_won_are_points_not_wins(tournaments) -> None:
    got, comp = _ask(tournaments, "How many points has she won in total?")
    assert got == pytest.approx(sum(s for _, _, s in EVENTS)), comp
    got, comp = _ask(tournaments, "What was her place in the first tournament?")
    assert got == 4, comp


def test_a_finish_time_is_no_place(make) -> None:
    state, store = make("races", [("date", "date"), ("finish_time", "float"), ("race", "str")], "me",
                         [{"date": "2026-03-01", "finish_time": 25.5, "race": "parkrun"}, {"date": "2026-04-01", "finish_time": 24.0, "race": "10k"}])
    got = ask(state, "What are my top 2 finish times?", NOW, None, store)
    assert sorted(got.answer) == ["10k", "parkrun"] or len(got.answer) == 2, got.computation


def test_money_up_to_a_month_and_a_profit_column_are_no_net(make) -> None:
    state, store = make("market_days", [("date", "date"), ("cost", "money"), ("profit", "money"), ("takings", "money")], "me",
                         [{"date": "2026-03-07", "cost": 20, "profit": 40, "takings": 60}, {"date": "2026-05-02", "cost": 25, "profit": 45, "takings": 70}])
    got = ask(state, "What's my total profit?", NOW, None, store)
    assert Decimal(str(got.answer)) == 85 and "neg(" not in got.computation
    got = ask(state, "How much have I taken up to April?", NOW, None, store)
    assert "neg(" not in got.computation


def test_a_balance_class_and_a_reading_stage_are_plain_values(make) -> None:
    state, store = make("yoga_sessions", [("date", "date"), ("focus", "str"), ("minutes", "float")], "me",
                         [{"date": "2026-03-01", "focus": "back", "minutes": 30}, {"date": "2026-03-08", "focus": "balance", "minutes": 25},
                          {"date": "2026-03-15", "focus": "hips", "minutes": 40}])
    got = ask(state, "How many balance sessions have I done?", NOW, None, store)
    assert got.answer == 1, got.computation


def test_how_many_read_counts_the_books_and_pages_read_are_not_a_stage(make) -> None:
    state, store = make("books_read", [("date", "date"), ("pages_read", "float"), ("stage", "str")], "me",
                         [{"date": "2026-05-03", "pages_read": 300, "stage": "finished"}, {"date": "2026-05-20", "pages_read": 200, "stage": "reading"}])
    got = ask(state, "How many did I read in May?", NOW, None, store)
    assert got.answer == 2, got.computation
    got = ask(state, "How many pages have I read?", NOW, None, store)
    assert got.answer == pytest.approx(500), got.computation


def test_losing_to_reach_a_target_is_no_count_up(make) -> None:
    state, store = make("weigh_ins", [("date", "date"), ("weight_kg", "float")], "me",
                         [{"date": "2026-05-01", "weight_kg": 74}, {"date": "2026-06-01", "weight_kg": 72.5}])
    got = ask(state, "How many more kg do I need to lose to reach 70?", NOW, None, store)
    assert "left_to(" not in got.computation
