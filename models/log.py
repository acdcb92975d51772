"""Tables of the log: Session -> Message -> Fact, plus the forget audit trail and alert lifecycle.

Facts are append-only: a correction or status change is a new row whose ``supersedes`` lists the
fact ids it replaces. Only an audited *forget* removes rows (and then really removes the text).
"""

from __future__ import annotations

import datetime as dt

from pydantic import NaiveDatetime
from sqlmodel import Field, SQLModel

# Timestamps are naive: log bookkeeping times are UTC; alert times are the user's local `now`.


class SessionRow(SQLModel, table=True):
    __tablename__ = "session"

    id: str = Field(primary_key=True)
    session_date: dt.date = Field(index=True, description="the date relative dates resolve against")
    source: str = Field(default="cli", description="chat | cli | inbox | demo | import")
    title: str = ""
    created_at: NaiveDatetime


class MessageRow(SQLModel, table=True):
    __tablename__ = "message"

    id: int | None = Field(default=None, primary_key=True)
    session_id: str = Field(foreign_key="session.id", index=True)
    seq: int
    speaker: str = Field(description="user | assistant")
    text: str
    created_at: NaiveDatetime
    # Extraction bookkeeping, not a fact: pending until extracted, failed when the backend broke.
    extraction: str = Field(default="pending", index=True, description="pending | done | failed")
    extraction_error: str = ""


class FactRow(SQLModel, table=True):
    __tablename__ = "fact"

    id: int | None = Field(default=None, primary_key=True)
    session_id: str = Field(foreign_key="session.id", index=True)
    message_id: int | None = Field(default=None, foreign_key="message.id", index=True)
    session_date: dt.date
    domain: str = Field(index=True)
    frame: str = Field(index=True)
    entity_key: str = Field(index=True)
    subject: str = "me"
    op: str = Field(default="assert", description="assert | cancel | note")
    slots_json: str = "{}"
    confidence: float = 1.0
    extractor: str = "detector"
    span_start: int = 0
    span_end: int = 0
    evidence: str = Field(default="", description="the span's text, kept for display")
    supersedes_json: str = "[]"
    recorded_at: NaiveDatetime


class ForgetRow(SQLModel, table=True):
    """Audit entry of a forget: what was removed and when, never the removed text itself."""

    __tablename__ = "forget"

    id: int | None = Field(default=None, primary_key=True)
    at: NaiveDatetime
    target: str = Field(description="fact | session")
    target_id: str
    facts_removed: int = 0
    messages_removed: int = 0
    reason: str = ""


class AlertRow(SQLModel, table=True):
    """Lifecycle of one alert key: new -> seen / snoozed / dismissed, resolved when it stops firing."""

    __tablename__ = "alert"

    key: str = Field(primary_key=True)
    rule: str
    severity: str
    title: str
    message: str
    evidence_json: str = "[]"
    state: str = Field(default="new", index=True)
    first_seen: NaiveDatetime
    last_seen: NaiveDatetime
    snoozed_until: NaiveDatetime | None = None
    notified_at: NaiveDatetime | None = None


def all_tables() -> list[type[SQLModel]]:
    return [SessionRow, MessageRow, FactRow, ForgetRow, AlertRow]
