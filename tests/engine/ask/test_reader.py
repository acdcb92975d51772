"""The model reads the recalled passages: a short answer is kept only as a span of a passage, a
date only as one the parser found (read as of the day it was said); "none answers" is "I don't know"."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from engine.ask import ask
from engine.ask.reader import span_of
from engine.ask.recall import recall
from engine.errors import ModelError
from engine.llm.backend import ChoiceRequest, SchemaRequest
from engine.log import LogStore
from engine.state import State

NOW = dt.datetime(2026, 6, 1, 12)


class Reader:
    """Answers the span request with a fixed passage and answer (or fails)."""

    name = "scripted"

    def __init__(self, passage: int = 1, answer: str = "", fail: bool = False) -> None:
        self.passage, self.answer, self.fail = passage, answer, fail
        self.prompts: list[str] = []

    def choose(self, request: ChoiceRequest) -> dict[str, str | None]:
        return request.validate({})

    def propose(self, request: SchemaRequest) -> Any:
        self.prompts.append(request.question)
        if self.fail:
            raise ModelError("the model failed")
        return {"passage": self.passage, "answer": self.answer}

    def close(self) -> None:
        pass


@pytest.fixture
def log(tmp_path: Path) -> LogStore:
    store = LogStore(tmp_path / "log.sqlite3")
    store.add_session([("user", "Long week. The bike finally got fixed at Cycle Hub on Elm Street, cost me $85. "
                                "The chain was shot, apparently.")], dt.date(2026, 3, 14))
    store.add_session([("user", "My sister Dana started her new job at the library yesterday. She seems happy.")],
                      dt.date(2026, 4, 9))
    yield store
    store.close()


def _empty_state() -> State:
    return State(records={})


def test_a_span_of_the_passage_is_the_answer(log: LogStore) -> None:
    got = ask(_empty_state(), "Where did I get my bike fixed?", NOW, Reader(1, "cycle hub"), log)
    assert got.answer == "Cycle Hub" and got.model_used and got.kind == "string"
    assert "Cycle Hub on Elm Street" in got.text and got.sources == ["message:1"]


def test_an_answer_that_is_not_in_any_passage_is_not_kept(log: LogStore) -> None:
    got = ask(_empty_state(), "Where did I get my bike fixed?", NOW, Reader(1, "Halfords"), log)
    assert got.answer != "Halfords" and not got.model_used
    assert "Cycle Hub" in got.text  # the cited sentences, as without a model


def test_a_span_found_in_another_passage_than_the_one_named_is_kept_from_that_one(log: LogStore) -> None:
    res = recall(log, "where was the bike job done?")
    assert len(res.passages) == 2
    got = ask(_empty_state(), "where was the bike job done?", NOW, Reader(1, "the library"), log)
    assert got.answer == "the library" and "Dana" in got.text


def test_no_passage_answers_means_i_do_not_know(log: LogStore) -> None:
    got = ask(_empty_state(), "How much was the bike repair at Cycle Hub?", NOW, Reader(0, ""), log)
    assert got.answer is None and got.text.startswith("I don't know")
    assert "Cycle Hub" in got.text  # what it found is still shown


def test_a_failing_model_keeps_the_cited_sentences(log: LogStore) -> None:
    got = ask(_empty_state(), "Where did I get my bike fixed?", NOW, Reader(fail=True), log)
    assert "Cycle Hub on Elm Street" in str(got.answer) and not got.model_used


def test_when_reads_the_span_as_a_date_as_of_the_day_it_was_said(log: LogStore) -> None:
    got = ask(_empty_state(), "When did Dana start at the library?", NOW, Reader(1, "yesterday"), log)
    assert got.answer == dt.date(2026, 4, 8) and got.kind == "date" and got.model_used
    # a span without a date: the date its sentence names, else the day it was said
    got = ask(_empty_state(), "When did Dana start at the library?", NOW, Reader(1, "new job"), log)
    assert got.answer == dt.date(2026, 4, 8)
    got = ask(_empty_state(), "When did I get the bike fixed?", NOW, Reader(1, "Cycle Hub"), log)
    assert got.answer == dt.date(2026, 3, 14)
    none = ask(_empty_state(), "When did Dana start at the library?", NOW, Reader(0, ""), log)
    assert none.answer is None and none.text.startswith("I don't know")


def test_a_weekday_in_a_past_question_is_the_one_before(tmp_path: Path) -> None:
    store = LogStore(tmp_path / "log.sqlite3")
    store.add_session([("user", "Rough week. Dad fell in the bathroom on Sunday. He's okay.")], dt.date(2025, 2, 25))
    got = ask(_empty_state(), "When did Dad fall?", NOW, Reader(1, "on Sunday"), store)
    assert got.answer == dt.date(2025, 2, 23)  # said on a Tuesday: the Sunday before, not after
    store.close()


def test_span_of_ignores_case_spacing_and_end_punctuation() -> None:
    text = "It cost me $85. The chain was shot, apparently."
    assert span_of("$85", text) == "$85"
    assert span_of("85", text) == "$85"
    assert span_of("the CHAIN  was shot", text) == "The chain was shot"
    assert span_of("chain was shot.", text) == "chain was shot"
    assert span_of("ain was", text) is None  # only whole words
    assert span_of("$58", text) is None
    assert span_of("1700", "He paid $1,700 for the pair.") == "$1,700"  # separators aside, the sign kept
    assert span_of("17", "He paid $1,700 for the pair.") is None
    for piece in ("700", "1", "50"):  # a piece of a number is not the number
        assert span_of(piece, "He paid $1,700 and then $18.50 more.") is None, piece
    assert span_of("5", "It took 3.5 hours.") is None
    assert span_of("-5", "It was -5 degrees.") == "-5" and span_of("5", "It was -5 degrees.") == "-5"
    assert span_of("1700.50", "It came to $1,700.50 in the end.") == "$1,700.50"
    assert span_of("...", text) is None


@pytest.mark.model
def test_the_embedded_model_reads_a_short_answer(log: LogStore) -> None:
    from benchmarks.common import default_backend

    backend = default_backend(False)
    try:
        got = ask(_empty_state(), "Which shop fixed my bike?", NOW, backend, log)
        assert got.model_used and "Cycle Hub" in str(got.answer) and len(str(got.answer)) < 40
        when = ask(_empty_state(), "When did my sister start her new job?", NOW, backend, log)
        assert when.answer == dt.date(2026, 4, 8)
    finally:
        backend.close()


def test_an_answer_that_only_repeats_the_question_is_not_an_answer(log: LogStore) -> None:
    got = ask(_empty_state(), "What's my sister Dana's last name?", NOW, Reader(1, "Dana"), log)
    assert got.answer is None and got.text.startswith("I don't know")


def test_a_date_in_the_models_own_words_is_kept_only_when_a_passage_names_it(log: LogStore) -> None:
    question = "When did Dana start at the library?"
    got = ask(_empty_state(), question, NOW, Reader(1, "8 April"), log)  # "yesterday", said on 9 April
    assert got.answer == dt.date(2026, 4, 8) and got.model_used
    got = ask(_empty_state(), question, NOW, Reader(1, "12 April"), log)  # no passage says so
    assert not got.model_used and got.answer != dt.date(2026, 4, 12)


class TwoReader(Reader):
    def propose(self, request: SchemaRequest) -> Any:
        self.prompts.append(request.question)
        kind = request.schema["properties"]["answer"]["type"]
        return {"passage": 1, "answer": ["Cycle Hub", "the library"] if kind == "array" else "Cycle Hub"}


def test_a_question_that_asks_two_things_gets_a_span_for_each(log: LogStore) -> None:
    got = ask(_empty_state(), "Which shop fixed the bike, and where does Dana work now?", NOW, TwoReader(), log)
    assert got.answer == "Cycle Hub; the library" and got.sources == ["message:1", "message:2"]
    one = ask(_empty_state(), "Which shop fixed the bike and the chain?", NOW, TwoReader(), log)
    assert one.answer == "Cycle Hub"  # one question word: one answer


class Combiner(Reader):
    """Copies two spans (the arithmetic is named by the question's words, done by code)."""

    def __init__(self, first: str, second: str) -> None:
        super().__init__()
        self.first, self.second = first, second

    def propose(self, request: SchemaRequest) -> Any:
        assert request.schema["properties"]["answer"]["minItems"] == 2
        return {"passage": 1, "answer": [self.first, self.second]}


@pytest.fixture
def money_log(tmp_path: Path) -> LogStore:
    store = LogStore(tmp_path / "log.sqlite3")
    store.add_session([("user", "The flat in Ruzafa is €1,150 a month. Sold the old car for £4,850 on Friday.")],
                      dt.date(2025, 3, 3))
    store.add_session([("user", "We signed for the Benimaclet flat: €980 a month. Moved in on the 14th.")],
                      dt.date(2025, 4, 2))
    yield store
    store.close()


def test_two_amounts_are_combined_by_code(money_log: LogStore) -> None:
    q = "How much less is the Benimaclet flat than the Ruzafa one a month?"
    got = ask(_empty_state(), q, NOW, Combiner("€980", "€1,150"), money_log)
    assert got.answer == "€170" and got.model_used
    got = ask(_empty_state(), "How much would both flats come to together a month?", NOW,
              Combiner("€1,150", "€980"), money_log)
    assert got.answer == "€2,130"
    # different currencies, or a value no passage holds: no answer from the model
    assert ask(_empty_state(), q, NOW, Combiner("€980", "£4,850"), money_log).answer != "€3,870"
    assert not ask(_empty_state(), q, NOW, Combiner("€980", "€1,000"), money_log).model_used


def test_days_between_two_dates_read_as_of_their_days(money_log: LogStore) -> None:
    got = ask(_empty_state(), "How many days after selling the car did we move in?", NOW,
              Combiner("Friday", "the 14th"), money_log)
    # said on Monday 3 March: "on Friday" is 28 February; said on 2 April, "the 14th" (past) is 14 March
    assert got.answer == "14 days"


def test_the_questions_own_arithmetic_words_name_the_operation() -> None:
    from engine.ask.combine import operation

    assert operation("How many days after Sam was born did we fly out?") == "days_between"
    assert operation("how long after I sent the invoice did they pay") == "days_between"
    assert operation("What did the laptop and the amp cost me together?") == "add"
    assert operation("The flights plus the tyres, what did that come to?") == "add"
    assert operation("How much less is our rent than the other place?") == "subtract"
    assert operation("By how much did they raise my retainer?") == "subtract"
    assert operation("How much did Frank pay for his hearing aids?") is None
    assert operation("How many days is the trip?") is None
    for words in ("Who did I move in together with?", "What did we do together on Sunday?",
                  "What's the difference between the two gyms?", "How long since I last saw the dentist?"):
        assert operation(words) is None, words


def test_amounts_and_days_combine_only_when_both_values_are_there() -> None:
    from engine.ask.combine import combined
    from engine.ask.recall import Passage

    p = Passage("message:1", dt.date(2025, 3, 3), "Paid -$30 back and $20 later. Moved in yesterday. Dana came too.")
    q = Passage("message:2", dt.date(2025, 3, 10), "The van was 3.5 km away, 2 weeks ago.")
    assert combined("subtract", ("-$30", p), ("$20", p), None) == "$50"
    assert combined("add", ("-$30", p), ("$20", p), None) == "-$10"
    assert combined("add", ("3.5 km", q), ("2 weeks", q), None) is None  # two units
    assert combined("days_between", ("Dana", p), ("yesterday", p), True) is None  # "Dana" names no date
    assert combined("days_between", ("yesterday", p), ("yesterday", p), True) is None  # one value twice
    assert combined("days_between", ("yesterday", p), ("2 weeks ago", q), True) == "6 days"  # 2 March and 24 February
    assert combined("days_between", ("yesterday", p), ("2 weeks ago", q), True, weeks=True) == "0.9 weeks"


def test_an_either_or_answer_may_be_one_of_the_questions_words(log: LogStore) -> None:
    got = ask(_empty_state(), "Did the bike go to Cycle Hub or to Halfords?", NOW, Reader(1, "Cycle Hub"), log)
    assert got.answer == "Cycle Hub"


def test_a_question_after_what_was_said_keeps_the_sentences(log: LogStore) -> None:
    backend = Reader(0, "")
    got = ask(_empty_state(), "What did I say about the bike?", NOW, backend, log)
    assert "Cycle Hub on Elm Street" in str(got.answer) and not backend.prompts  # the model is not asked


def test_a_named_passage_without_an_answer_keeps_the_sentences(log: LogStore) -> None:
    got = ask(_empty_state(), "Where did I get my bike fixed?", NOW, Reader(1, ""), log)
    assert "Cycle Hub on Elm Street" in str(got.answer) and not got.model_used


def test_light_words_find_no_passage(tmp_path: Path) -> None:
    store = LogStore(tmp_path / "log.sqlite3")
    store.add_session([("user", "Dana is my sister. The weather was awful all week.")], dt.date(2026, 3, 1))
    store.add_session([("user", "Dana has been volunteering at the animal shelter on weekends.")], dt.date(2026, 3, 8))
    assert recall(store, "Where have I been going for physio?").passages == []
    store.close()
