"""Recall over the conversation: a question asked before and the assistant's own replies are no
evidence, "Dr. Lee" is one sentence, and a "when" question is answered with a date — the one the
best sentence names, read as of the day it was said, else that day."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from engine.ask.recall import recall
from engine.log import LogStore


def _log(tmp_path: Path) -> LogStore:
    log = LogStore(tmp_path / "log.sqlite3")
    log.add_session([("user", "Booked it! We're off to Oslo for the conference, flights paid.")], dt.date(2026, 3, 2))
    log.add_session([("user", "Saw Dr. Lee yesterday about my knee. She wants an MRI.")], dt.date(2026, 4, 9))
    day = dt.date(2026, 5, 1)  # a turn of the app's own conversation: the question and its reply
    log.add_message("chat-2026-05-01", "user", "when did I book the Oslo flights?", day)
    log.add_message("chat-2026-05-01", "assistant", "You booked the Oslo flights on 2026-01-01, I think.", day)
    return log


def test_when_is_answered_with_the_day_it_happened(tmp_path: Path) -> None:
    log = _log(tmp_path)
    booked = recall(log, "When did I book the Oslo flights?")
    assert booked.day == dt.date(2026, 3, 2) and "Booked it!" in booked.answer
    assert "2026-01-01" not in booked.answer and "when did I" not in booked.answer  # not the reply, not the question
    seen = recall(log, "when did I see Dr. Lee?")
    assert seen.day == dt.date(2026, 4, 8) and "Saw Dr. Lee yesterday about my knee." in seen.sentences
    log.close()


def test_an_imported_assistant_turn_and_a_tagged_statement_are_still_evidence(tmp_path: Path) -> None:
    log = LogStore(tmp_path / "log.sqlite3")
    log.add_session([("user", "Which fern likes shade?"),
                     ("assistant", "The maidenhair fern grows best in deep shade.")], dt.date(2026, 2, 1))
    log.add_session([("user", "We repotted the maidenhair on Sunday, right?")], dt.date(2026, 2, 10))
    assert any("deep shade" in s for s in recall(log, "what did you say about the maidenhair fern?").sentences)
    assert recall(log, "when did we repot the maidenhair?").day == dt.date(2026, 2, 8)
    log.close()


def test_what_questions_still_get_the_sentences(tmp_path: Path) -> None:
    log = _log(tmp_path)
    got = recall(log, "what did Dr. Lee want?")
    assert got.day is None and any("MRI" in s for s in got.sentences)
    assert recall(log, "what did I say about Lisbon?").sentences == []
    log.close()


def test_a_word_is_found_in_its_irregular_forms(tmp_path: Path) -> None:
    log = LogStore(tmp_path / "log.sqlite3")
    log.add_session([("user", "Dad fell in the bathroom on Sunday. I paid £55 for the grab bars.")], dt.date(2025, 2, 25))
    assert "Dad fell in the bathroom on Sunday." in recall(log, "tell me about Dad's fall").sentences
    assert "I paid £55 for the grab bars." in recall(log, "how much did I pay for grab bars?").sentences
    assert recall(log, "what did I say about the fallout shelter?").sentences == []
    log.close()
