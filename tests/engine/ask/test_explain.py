"""An answer's computation in plain words, built from the IR it was computed from."""

from engine.ask.explain import in_words
from engine.ask.ir import Filter, Query


def test_a_count_with_a_date_range_reads_as_a_sentence() -> None:
    ir = Query("trips", "count", [Filter("start", "between", ("2025-01-01", "2025-12-31"))]).to_dict()
    assert in_words(ir) == "Counted your trips where start is between 1 Jan 2025 and 31 Dec 2025."


def test_two_conditions_and_a_measure() -> None:
    ir = Query("books", "avg", [Filter("pages", "gt", 300), Filter("rating", "ge", 4)], measure="pages").to_dict()
    assert in_words(ir) == "Averaged the pages of your books where pages is more than 300 and rating is at least 4."


def test_recall_and_countdown_and_nothing() -> None:
    assert "“sister”" in in_words({"recall": ["sister"]})
    assert in_words(Query("trips", "distinct", target="start").to_dict() | {"countdown": "start"}).startswith(
        "Counted the days from today to the start")
    assert in_words({}) == "" and in_words(None) == ""
