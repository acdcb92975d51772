"""Build messages and turn extracted facts into logged facts, so a test can chain sessions."""

from __future__ import annotations

import datetime as dt

from engine.extract.pipeline import extract_messages
from engine.llm.backend import Backend
from engine.log import Fact, LogStore, NewFact
from models.log import MessageRow

TODAY = dt.date(2024, 11, 12)  # a Tuesday


class Log:
    """An in-memory stand-in for the log's fact table: ids in append order."""

    def __init__(self) -> None:
        self.facts: list[Fact] = []
        self._msg = 0

    def say(self, text: str, today: dt.date = TODAY, backend: Backend | None = None,
            context: list[tuple[str, str]] | None = None) -> list[NewFact]:
        rows = []
        for speaker, body in [*(context or []), ("user", text)]:
            self._msg += 1
            rows.append(MessageRow(id=self._msg, session_id="s", seq=len(rows), speaker=speaker, text=body,
                                   created_at=dt.datetime(2024, 1, 1)))
        new = extract_messages([rows[-1]], rows, today, list(self.facts), backend)
        for f in new:
            self.facts.append(Fact(
                id=len(self.facts) + 1, session_id=f.session_id, message_id=f.message_id, session_date=f.session_date,
                domain=f.domain, frame=f.frame, entity_key=f.entity_key, slots=f.slots, span=f.span,
                evidence=f.evidence, subject=f.subject, op=f.op, confidence=f.confidence, extractor=f.extractor,
                supersedes=f.supersedes, recorded_at=dt.datetime(2024, 1, 1),
            ))
        return new


def only(facts: list[NewFact], frame: str) -> NewFact:
    hits = [f for f in facts if f.frame == frame]
    assert len(hits) == 1, f"expected one {frame}, got {[(f.frame, f.slots) for f in facts]}"
    return hits[0]


def frame_slots(text: str, frame: str, today: dt.date = TODAY) -> list[dict]:
    """The slots (and subject) of each ``frame`` fact one message yields, for compact assertions."""
    return [{**f.slots, "subject": f.subject} for f in Log().say(text, today) if f.frame == frame]


def one_frame(text: str, frame: str, today: dt.date = TODAY) -> dict:
    got = frame_slots(text, frame, today)
    assert len(got) == 1, got
    return got[0]


def say_into(log: LogStore, text: str, day: str) -> None:
    """Log one user session on ``day`` (ISO) in a real log and extract it against everything before."""
    sid, _ids = log.add_session([("user", text)], dt.date.fromisoformat(day))
    msgs = log.messages(sid)
    log.add_facts(extract_messages(msgs, msgs, dt.date.fromisoformat(day), log.facts(), None))
