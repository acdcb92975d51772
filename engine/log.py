"""The append-only log: sessions, messages and facts in SQLite (WAL), one writer at a time.

Nothing here updates or deletes a fact, except :meth:`LogStore.forget_fact` and
:meth:`LogStore.forget_session`, which are audited and really remove the text (``secure_delete``
overwrites freed pages; the FTS index is purged too).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import re
import sqlite3
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DatabaseError, OperationalError
from sqlmodel import Session, SQLModel, create_engine, select

from engine.errors import InputError, LogError
from engine.frames import IMPORT_SCHEMA_FRAME
from models.log import AlertRow, FactRow, ForgetRow, MessageRow, SessionRow


@dataclass(frozen=True)
class NewFact:
    """A fact about to be appended; ``slots`` hold JSON values (ISO dates, Decimal as str)."""

    session_id: str
    message_id: int | None
    session_date: dt.date
    domain: str
    frame: str
    entity_key: str
    slots: dict[str, Any]
    span: tuple[int, int] = (0, 0)
    evidence: str = ""
    subject: str = "me"
    op: str = "assert"
    confidence: float = 1.0
    extractor: str = "detector"
    supersedes: tuple[int, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Forgotten:
    """What a forget removed: its audit row and the ids of every fact it took with it."""

    audit: ForgetRow | None
    fact_ids: frozenset[int]
    messages: int = 0


@dataclass(frozen=True)
class Fact:
    """A stored fact, as read back from the log."""

    id: int
    session_id: str
    message_id: int | None
    session_date: dt.date
    domain: str
    frame: str
    entity_key: str
    slots: dict[str, Any]
    span: tuple[int, int]
    evidence: str
    subject: str
    op: str
    confidence: float
    extractor: str
    supersedes: tuple[int, ...]
    recorded_at: dt.datetime

    @classmethod
    def from_row(cls, row: FactRow) -> Fact:
        assert row.id is not None
        return cls(
            id=row.id,
            session_id=row.session_id,
            message_id=row.message_id,
            session_date=row.session_date,
            domain=row.domain,
            frame=row.frame,
            entity_key=row.entity_key,
            slots=json.loads(row.slots_json),
            span=(row.span_start, row.span_end),
            evidence=row.evidence,
            subject=row.subject,
            op=row.op,
            confidence=row.confidence,
            extractor=row.extractor,
            supersedes=tuple(json.loads(row.supersedes_json)),
            recorded_at=row.recorded_at,
        )


def _utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None, microsecond=0)


def _stamp(moment: dt.datetime) -> str:
    """A timestamp as the ORM stores it, for rows written in bulk."""
    return moment.strftime("%Y-%m-%d %H:%M:%S.%f")


RECORD_BATCH = 2_000  # records per executemany (and between progress reports) in a bulk write
BULK_CACHE_KIB = 65_536  # page cache of a bulk write: random content keys touch the whole key index

_FACT_COLUMNS = ("session_id, message_id, session_date, domain, frame, entity_key, subject, op, slots_json, "
                 "confidence, extractor, span_start, span_end, evidence, supersedes_json, recorded_at")
_INSERT_FACT = f"INSERT INTO fact({_FACT_COLUMNS}) VALUES ({', '.join('?' * 16)})"
# A record is new unless its frame and key are logged; "+frame" makes SQLite look it up by the key's
# index (the frame's index would scan every record of the collection: quadratic in a big import).
_INSERT_NEW_RECORD = (
    f"INSERT INTO fact({_FACT_COLUMNS}) SELECT ?, ?, ?, ?, ?, ?, 'me', 'assert', ?, 1.0, 'import', 0, 0, ?, '[]', ? "
    "WHERE NOT EXISTS (SELECT 1 FROM fact WHERE +frame = ? AND entity_key = ?)"
)


_READ_COLUMNS = "id, " + _FACT_COLUMNS
BULK_MIN = 5_000  # imported records from which a collection is read as a stream, never held whole


def _fact_from_tuple(row: tuple[Any, ...]) -> Fact:
    (fid, sid, mid, day, domain, frame, key, subject, op, slots, confidence, extractor, a, b, evidence, sup,
     recorded) = row
    return Fact(int(fid), sid, mid, dt.date.fromisoformat(str(day)[:10]), domain, frame, key, json.loads(slots),
                (a, b), evidence, subject, op, confidence, extractor, tuple(json.loads(sup or "[]")),
                dt.datetime.fromisoformat(str(recorded)))


def _fact_params(f: NewFact, now: str) -> tuple[Any, ...]:
    return (f.session_id, f.message_id, f.session_date.isoformat(), f.domain, f.frame, f.entity_key, f.subject, f.op,
            json.dumps(f.slots, sort_keys=True, default=str), f.confidence, f.extractor, f.span[0], f.span[1],
            f.evidence, json.dumps(list(f.supersedes)), now)


@dataclass(frozen=True)
class RecordRow:
    """One record of a bulk write: its frame, content key, slots as JSON and its sentence."""

    domain: str
    frame: str
    entity_key: str
    slots_json: str
    evidence: str


@dataclass(frozen=True)
class RecordsWritten:
    """What a bulk write kept: its session (None when nothing was new) and the counts."""

    session_id: str | None
    added: int
    skipped: int


_EXTRA_DDL = [
    # a big imported collection's few corrections are found without reading its records; partial,
    # so writing imported records never touches it
    "DROP INDEX IF EXISTS ix_fact_frame_extractor",
    "CREATE INDEX IF NOT EXISTS ix_fact_not_imported ON fact (frame) WHERE extractor != 'import'",
    "CREATE VIRTUAL TABLE IF NOT EXISTS recall_fts USING fts5("
    "kind UNINDEXED, ref UNINDEXED, session_id UNINDEXED, body, tokenize='porter unicode61')",
]


class LogStore:
    """The one writer of the log database. Cheap to open; safe to open from several processes."""

    def __init__(self, db_path: Path) -> None:
        self.db_path = db_path
        self.engine: Engine = create_engine(
            f"sqlite:///{db_path}", connect_args={"timeout": 5.0, "check_same_thread": False}
        )
        event.listen(self.engine, "connect", _configure_connection)
        try:
            SQLModel.metadata.create_all(self.engine)
            with self.engine.begin() as conn:
                for ddl in _EXTRA_DDL:
                    conn.execute(text(ddl))
        except OperationalError as exc:
            raise LogError(_explain(exc, db_path)) from exc
        except DatabaseError as exc:
            raise LogError(
                f"log database {db_path} is not a valid SQLite file ({exc.orig}); "
                "move it aside to start a new log"
            ) from exc

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def _session(self) -> Iterator[Session]:
        try:
            with Session(self.engine, expire_on_commit=False) as session:
                yield session
        except OperationalError as exc:
            raise LogError(_explain(exc, self.db_path)) from exc

    # -- writing -------------------------------------------------------------------------

    def add_session(
        self,
        messages: list[tuple[str, str]],
        session_date: dt.date,
        *,
        session_id: str | None = None,
        source: str = "cli",
        title: str = "",
    ) -> tuple[str, list[int]]:
        """Append a session and its messages; returns the session id and message ids in order."""
        sid, mids, _ = self.add_session_with_facts(messages, session_date, session_id=session_id,
                                                   source=source, title=title)
        return sid, mids

    def add_session_with_facts(
        self,
        messages: list[tuple[str, str]],
        session_date: dt.date,
        facts: Callable[[str, list[int]], Iterable[NewFact]] | None = None,
        *,
        session_id: str | None = None,
        source: str = "cli",
        title: str = "",
    ) -> tuple[str, list[int], list[int]]:
        """Append a session, its messages and the facts ``facts(session_id, message_ids)`` builds,
        in one transaction: a crash leaves all of it or none (an import never claims records it
        does not hold). Returns the session id, message ids and fact ids."""
        if not messages:
            raise InputError("the session has no messages; nothing was added")
        sid = session_id or f"s-{session_date.isoformat()}-{uuid.uuid4().hex[:8]}"
        now = _utcnow()
        with self._session() as db:
            if db.get(SessionRow, sid) is not None:
                raise InputError(f"session {sid!r} already exists in the log; pick another --session id")
            db.add(SessionRow(id=sid, session_date=session_date, source=source, title=title, created_at=now))
            db.flush()  # the session row must exist before its messages (foreign key)
            rows = [
                MessageRow(session_id=sid, seq=i, speaker=speaker, text=body, created_at=now)
                for i, (speaker, body) in enumerate(messages)
            ]
            db.add_all(rows)
            db.flush()
            for row in rows:
                db.execute(
                    text("INSERT INTO recall_fts(kind, ref, session_id, body) VALUES ('message', :r, :s, :b)"),
                    {"r": str(row.id), "s": sid, "b": row.text},
                )
            mids = [row.id for row in rows if row.id is not None]
            fact_ids = self._insert_facts(db, facts(sid, mids), now) if facts is not None else []
            db.commit()
            return sid, mids, fact_ids

    def add_records_session(
        self,
        summary: Callable[[int, int], str],
        session_date: dt.date,
        head: Callable[[str, int], Iterable[NewFact]],
        records: Iterable[RecordRow],
        *,
        title: str = "",
        source: str = "import",
        progress: Callable[[int, int], None] | None = None,
        searchable: bool = True,
    ) -> RecordsWritten:
        """Append a session of many records in one transaction, streamed in batches: a crash, an
        error or a stop raised by ``progress(added, skipped)`` (called after each batch) leaves none
        of it. ``head(session_id, message_id)`` gives the facts written first (a schema); a record
        whose frame and entity key are already in the log, or earlier in ``records``, is skipped.
        The summary message is written last, from the counts. Nothing is kept when nothing is new.
        ``searchable``: the records go into the search index too (the summary and ``head`` always do)."""
        sid = f"s-{session_date.isoformat()}-{uuid.uuid4().hex[:8]}"
        now = _stamp(_utcnow())
        day = session_date.isoformat()
        raw = self.engine.raw_connection()
        try:
            cur = raw.cursor()
            cache = cur.execute("PRAGMA cache_size").fetchone()[0]
            cur.execute(f"PRAGMA cache_size = -{BULK_CACHE_KIB}")  # keys' index pages stay in memory
            cur.execute("BEGIN IMMEDIATE")
            try:
                cur.execute("INSERT INTO session(id, session_date, source, title, created_at) VALUES (?,?,?,?,?)",
                            (sid, day, source, title, now))
                cur.execute("INSERT INTO message(session_id, seq, speaker, text, created_at, extraction, "
                            "extraction_error) VALUES (?, 0, ?, '', ?, 'done', '')", (sid, source, now))
                mid = int(cur.lastrowid or 0)
                head_facts = list(head(sid, mid))
                head_ids: list[int] = []
                for f in head_facts:
                    cur.execute(_INSERT_FACT, _fact_params(f, now))
                    head_ids.append(int(cur.lastrowid or 0))
                added = skipped = 0
                batch: list[tuple[Any, ...]] = []

                def flush() -> None:
                    nonlocal added, skipped
                    cur.executemany(_INSERT_NEW_RECORD, batch)
                    written = max(cur.rowcount, 0)
                    added, skipped = added + written, skipped + len(batch) - written
                    batch.clear()
                    if progress is not None:
                        progress(added, skipped)

                for r in records:
                    batch.append((sid, mid, day, r.domain, r.frame, r.entity_key, r.slots_json, r.evidence, now,
                                  r.frame, r.entity_key))
                    if len(batch) >= RECORD_BATCH:
                        flush()
                if batch:
                    flush()
                if not added and not head_facts:
                    raw.rollback()
                    return RecordsWritten(None, 0, skipped)
                text_ = summary(added, skipped)
                cur.execute("UPDATE message SET text = ? WHERE id = ?", (text_, mid))
                cur.execute("INSERT INTO recall_fts(kind, ref, session_id, body) VALUES ('message', ?, ?, ?)",
                            (str(mid), sid, text_))
                which = "" if searchable else f"AND id IN ({', '.join(str(i) for i in head_ids) or '0'})"
                cur.execute("INSERT INTO recall_fts(kind, ref, session_id, body) "
                            "SELECT 'fact', CAST(id AS TEXT), session_id, frame || ' ' || evidence FROM fact "
                            f"WHERE session_id = ? {which}", (sid,))
                raw.commit()
                return RecordsWritten(sid, added, skipped)
            except BaseException:
                raw.rollback()
                raise
        except sqlite3.OperationalError as exc:
            raise LogError(_explain_text(str(exc), self.db_path)) from exc
        finally:
            with contextlib.suppress(sqlite3.Error, NameError):
                raw.cursor().execute(f"PRAGMA cache_size = {int(cache)}")
            raw.close()

    def add_message(self, session_id: str, speaker: str, body: str, session_date: dt.date, *,
                    source: str = "chat", title: str = "") -> int:
        """Append one message to a session, opening the session first if it does not exist yet
        (a conversation continues one session a day). Returns the message id."""
        if not body.strip():
            raise InputError("the message is empty; nothing was added")
        now = _utcnow()
        with self._session() as db:
            srow = db.get(SessionRow, session_id)
            if srow is None:
                db.add(SessionRow(id=session_id, session_date=session_date, source=source, title=title, created_at=now))
                db.flush()
                seq = 0
            else:
                last = db.exec(select(MessageRow.seq).where(MessageRow.session_id == session_id)
                               .order_by(MessageRow.seq.desc())).first()  # type: ignore[union-attr]
                seq = (last or 0) + 1
            row = MessageRow(session_id=session_id, seq=seq, speaker=speaker, text=body, created_at=now,
                             extraction="pending" if speaker == "user" else "done")
            db.add(row)
            db.flush()
            db.execute(text("INSERT INTO recall_fts(kind, ref, session_id, body) VALUES ('message', :r, :s, :b)"),
                       {"r": str(row.id), "s": session_id, "b": body})
            db.commit()
            assert row.id is not None
            return row.id

    def add_facts(self, facts: Iterable[NewFact]) -> list[int]:
        """Append facts in one transaction; returns their ids."""
        with self._session() as db:
            ids = self._insert_facts(db, facts, _utcnow())
            db.commit()
            return ids

    @staticmethod
    def _insert_facts(db: Session, facts: Iterable[NewFact], now: dt.datetime) -> list[int]:
        rows = [
            FactRow(
                session_id=f.session_id,
                message_id=f.message_id,
                session_date=f.session_date,
                domain=f.domain,
                frame=f.frame,
                entity_key=f.entity_key,
                subject=f.subject,
                op=f.op,
                slots_json=json.dumps(f.slots, sort_keys=True, default=str),
                confidence=f.confidence,
                extractor=f.extractor,
                span_start=f.span[0],
                span_end=f.span[1],
                evidence=f.evidence,
                supersedes_json=json.dumps(list(f.supersedes)),
                recorded_at=now,
            )
            for f in facts
        ]
        db.add_all(rows)
        db.flush()
        for row in rows:
            body = " ".join([row.frame, row.evidence, *map(str, json.loads(row.slots_json).values())])
            db.execute(
                text("INSERT INTO recall_fts(kind, ref, session_id, body) VALUES ('fact', :r, :s, :b)"),
                {"r": str(row.id), "s": row.session_id, "b": body},
            )
        return [row.id for row in rows if row.id is not None]

    def mark_extraction(self, message_ids: Iterable[int], status: str, error: str = "") -> None:
        """Record whether a message's extraction succeeded (bookkeeping, not a fact)."""
        ids = list(message_ids)
        if not ids:
            return
        with self._session() as db:
            for mid in ids:
                row = db.get(MessageRow, mid)
                if row is not None:
                    row.extraction = status
                    row.extraction_error = error[:500]
                    db.add(row)
            db.commit()

    # -- forgetting (audited, really removes the text) ------------------------------------

    def forget_fact(self, fact_id: int, reason: str = "", *, keep_words: bool = False) -> Forgotten:
        """Remove one fact, every fact derived from it (corrections that supersede it, hand edits
        of its record) and every alert that cites one of them — and its words from the conversation,
        unless ``keep_words`` (an undo of what was learned: what the user said stays said)."""
        with self._session() as db:
            if db.get(FactRow, fact_id) is None:
                raise InputError(f"there is no fact {fact_id} in the log")
            gone = self._erase(db, {fact_id}, set(), keep_words=keep_words)
            audit = ForgetRow(at=_utcnow(), target="fact", target_id=str(fact_id),
                              facts_removed=len(gone.fact_ids), messages_removed=gone.messages, reason=reason)
            db.add(audit)
            db.commit()
            db.refresh(audit)
        self._compact_index()
        return Forgotten(audit, gone.fact_ids)

    def forget_session(self, session_id: str, reason: str = "") -> Forgotten:
        """Remove a session: its messages, its facts, every fact derived from them and every
        alert that cites one of them."""
        with self._session() as db:
            if db.get(SessionRow, session_id) is None:
                raise InputError(f"there is no session {session_id!r} in the log")
            ids = {int(fid) for (fid,) in db.execute(text("SELECT id FROM fact WHERE session_id = :s"),
                                                     {"s": session_id}).all()}
            gone = self._erase(db, ids, {session_id})
            audit = ForgetRow(at=_utcnow(), target="session", target_id=session_id,
                              facts_removed=len(gone.fact_ids), messages_removed=gone.messages, reason=reason)
            db.add(audit)
            db.commit()
            db.refresh(audit)
        self._compact_index()
        return Forgotten(audit, gone.fact_ids)

    def _erase(self, db: Session, fact_ids: set[int], session_ids: set[str], *, keep_words: bool = False) -> Forgotten:
        """Delete ``fact_ids`` and what derives from them, the sessions named, derived (edit)
        sessions left without facts, and alerts citing a deleted fact; a derived message that also
        describes kept facts has the forgotten facts' text blanked in place (spans stay valid).

        Only the facts that supersede others (corrections, edits: few) are read to follow what
        derives; a named session's facts go in one statement, however many an import wrote."""
        linked = {r.id: r for r in db.exec(select(FactRow).where(FactRow.supersedes_json != "[]")).all()
                  if r.id is not None}
        removed = set(fact_ids)
        grew = True
        while grew:  # a correction of a forgotten fact is forgotten too, and so on
            grew = False
            for fid, row in linked.items():
                if fid not in removed and removed & set(json.loads(row.supersedes_json or "[]")):
                    removed.add(fid)
                    grew = True
        sessions = set(session_ids)
        if session_ids:  # the named sessions' own facts go in bulk below; what derives from them, one by one
            outside = [row for fid in removed if (row := linked.get(fid)) is not None and row.session_id not in sessions]
        else:
            outside = [row for fid in sorted(removed) if (row := linked.get(fid) or db.get(FactRow, fid)) is not None]
        for sid in {r.session_id for r in outside} - sessions:
            srow = db.get(SessionRow, sid)
            left = [fid for (fid,) in db.execute(text("SELECT id FROM fact WHERE session_id = :s"), {"s": sid}).all()
                    if fid not in removed]
            if srow is not None and srow.source == "edit" and not left:
                sessions.add(sid)
        for row in outside:
            if row.session_id in sessions:
                continue
            if row.message_id is not None:
                self._blank_derived_span(db, row)
                if not keep_words:
                    self._blank_said_words(db, row, removed)
            db.delete(row)
            db.execute(text("DELETE FROM recall_fts WHERE kind='fact' AND ref=:r"), {"r": str(row.id)})
        db.flush()
        messages = 0
        for sid in sessions:
            db.execute(text("DELETE FROM fact WHERE session_id = :s"), {"s": sid})
            messages += db.execute(text("DELETE FROM message WHERE session_id = :s"), {"s": sid}).rowcount or 0
            db.execute(text("DELETE FROM recall_fts WHERE session_id=:s"), {"s": sid})
            db.execute(text("DELETE FROM session WHERE id = :s"), {"s": sid})
        db.expunge_all()  # rows deleted by statement must not be flushed again
        for alert in db.exec(select(AlertRow)).all():
            if removed & {int(x) for x in json.loads(alert.evidence_json or "[]") if str(x).isdigit()}:
                db.delete(alert)
        return Forgotten(None, frozenset(removed), messages)

    @staticmethod
    def _blank_derived_span(db: Session, fact: FactRow) -> None:
        """A derived message (a hand edit's description) keeps no words of a forgotten fact."""
        srow = db.get(SessionRow, fact.session_id)
        msg = db.get(MessageRow, fact.message_id)
        if srow is None or msg is None or srow.source != "edit":
            return
        a, b = fact.span_start, fact.span_end
        msg.text = msg.text[:a] + ("(forgotten)" + " " * (b - a))[: b - a] + msg.text[b:]
        db.add(msg)
        db.execute(text("DELETE FROM recall_fts WHERE kind='message' AND ref=:r"), {"r": str(msg.id)})
        db.execute(text("INSERT INTO recall_fts(kind, ref, session_id, body) VALUES ('message', :r, :s, :b)"),
                   {"r": str(msg.id), "s": msg.session_id, "b": msg.text})

    @staticmethod
    def _blank_said_words(db: Session, fact: FactRow, removed: set[int]) -> None:
        """The conversation keeps no words of a forgotten fact: its span of the message it was read
        from is blanked in place (except where a kept fact of that message was read from the same
        words — their provenance stays), and its values leave the assistant's replies to it."""
        srow = db.get(SessionRow, fact.session_id)
        msg = db.get(MessageRow, fact.message_id)
        if srow is None or msg is None or srow.source == "edit":
            return
        kept = [(int(a or 0), int(b or 0)) for fid, a, b in db.execute(text(
            "SELECT id, span_start, span_end FROM fact WHERE message_id = :m AND id != :f"),
            {"m": msg.id, "f": fact.id}).all() if int(fid) not in removed]
        changed = _blank(msg.text, [(int(fact.span_start or 0), int(fact.span_end or 0))], kept)
        replies = []
        from engine.chat import describe  # the words the reply gave this fact

        own = describe(Fact.from_row(fact))
        words = _said_values(json.loads(fact.slots_json or "{}"))
        for reply in db.exec(select(MessageRow).where(MessageRow.session_id == msg.session_id,
                                                       MessageRow.seq > msg.seq).order_by(MessageRow.seq)).all():
            if reply.speaker == "user":
                break  # the replies to this message end where the user speaks again
            cut = [(m.start(), m.end()) for m in re.finditer(re.escape(own), reply.text)]
            offset = 0
            for line in reply.text.split("\n"):
                if not line.startswith("Got it"):  # that line's other descriptions are other records'
                    cut += [(offset + m.start(), offset + m.end()) for w in words
                            for m in re.finditer(r"(?<!\w)" + re.escape(w) + r"(?!\w)", line)]
                offset += len(line) + 1
            if cut:
                reply.text = _blank(reply.text, cut, [])
                replies.append(reply)
        for row in ([msg] if changed != msg.text else []) + replies:
            if row is msg:
                msg.text = changed
            db.add(row)
            db.execute(text("DELETE FROM recall_fts WHERE kind='message' AND ref=:r"), {"r": str(row.id)})
            db.execute(text("INSERT INTO recall_fts(kind, ref, session_id, body) VALUES ('message', :r, :s, :b)"),
                       {"r": str(row.id), "s": row.session_id, "b": row.text})

    def _compact_index(self) -> None:
        """Merge the search index so deleted terms leave its segments, then truncate the WAL
        (``secure_delete`` zeroes the freed pages)."""
        with self.engine.connect() as conn:
            conn.execute(text("INSERT INTO recall_fts(recall_fts) VALUES ('optimize')"))
            conn.commit()
        self._vacuum()

    def _vacuum(self) -> None:
        with self.engine.connect() as conn:
            conn.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))

    # -- reading -------------------------------------------------------------------------

    def sessions(self) -> list[SessionRow]:
        with self._session() as db:
            return list(db.exec(select(SessionRow).order_by(SessionRow.session_date, SessionRow.created_at)).all())

    def session(self, session_id: str) -> SessionRow | None:
        with self._session() as db:
            return db.get(SessionRow, session_id)

    def messages(self, session_id: str | None = None, *, extraction: str | None = None) -> list[MessageRow]:
        with self._session() as db:
            q = select(MessageRow)
            if session_id is not None:
                q = q.where(MessageRow.session_id == session_id)
            if extraction is not None:
                q = q.where(MessageRow.extraction == extraction)
            return list(db.exec(q.order_by(MessageRow.id)).all())

    def message(self, message_id: int) -> MessageRow | None:
        with self._session() as db:
            return db.get(MessageRow, message_id)

    def facts(self, *, domain: str | None = None, session_id: str | None = None,
              frame: str | None = None, bulk: bool = False) -> list[Fact]:
        """All facts in log order (session date, then id): the order folding relies on — except
        the imported records of big collections (:meth:`bulk_frames`), read as a stream by
        :meth:`iter_records` unless ``bulk`` asks for them too."""
        with self._session() as db:
            q = select(FactRow)
            if domain is not None:
                q = q.where(FactRow.domain == domain)
            if frame is not None:
                q = q.where(FactRow.frame == frame)
            big = [] if bulk else sorted(self.bulk_frames())
            if big:
                q = q.where(~(FactRow.frame.in_(big) & (FactRow.extractor == "import")))  # type: ignore[attr-defined]
            if session_id is not None:
                q = q.where(FactRow.session_id == session_id)
            rows = db.exec(q.order_by(FactRow.session_date, FactRow.id)).all()
            return [Fact.from_row(r) for r in rows]

    def facts_by_id(self, ids: Iterable[int]) -> list[Fact]:
        """The facts with these ids (any collection, big or not), in log order."""
        wanted = sorted(set(ids))
        out: list[Fact] = []
        with self._session() as db:
            for i in range(0, len(wanted), 500):
                q = select(FactRow).where(FactRow.id.in_(wanted[i:i + 500]))  # type: ignore[union-attr]
                out += [Fact.from_row(r) for r in db.exec(q).all()]
        return sorted(out, key=lambda f: (f.session_date, f.id))

    def first_fact_id(self, session_id: str) -> int:
        """The oldest fact of a session (0 when it has none)."""
        with self.engine.connect() as conn:
            return int(conn.execute(text("SELECT min(id) FROM fact WHERE session_id = :s"), {"s": session_id}).scalar() or 0)

    def bulk_frames(self) -> set[str]:
        """Imported frames with at least :data:`BULK_MIN` records. Their records are never all held
        in memory: the state reads them as a stream. (Counted only up to the threshold, through the
        frame index, so asking costs the same whatever the collections' sizes.)"""
        with self.engine.connect() as conn:
            frames = [str(f) for (f,) in conn.execute(text(
                "SELECT DISTINCT json_extract(slots_json, '$.frame') FROM fact WHERE frame = :s"),
                {"s": IMPORT_SCHEMA_FRAME}).all() if f]
            return {f for f in frames if int(conn.execute(text(
                "SELECT count(*) FROM (SELECT 1 FROM fact WHERE frame = :f AND extractor = 'import' LIMIT :n)"),
                {"f": f, "n": BULK_MIN}).scalar() or 0) >= BULK_MIN}

    def iter_records(self, frame: str) -> Iterator[tuple[int, str, str, str, str]]:
        """Every fact of ``frame`` in log order as ``(id, session date, subject, key, slots JSON)``,
        read in pages (memory does not grow with them; the columns a record needs, nothing more)."""
        raw = self.engine.raw_connection()
        try:
            cur = raw.cursor()
            cur.execute("SELECT id, session_date, subject, entity_key, slots_json FROM fact WHERE frame = ? "
                        "ORDER BY session_date, id", (frame,))
            while rows := cur.fetchmany(2_000):
                yield from rows
        finally:
            raw.close()

    def entangled(self, frame: str) -> list[Fact]:
        """The facts of ``frame`` that fold together with another. Imported records are unique per
        key (:meth:`add_records_session` skips a logged key), so only a fact from elsewhere — a
        correction, a hand edit, a learned record — can share a key or supersede: those facts, the
        facts with their keys and the facts they supersede."""
        with self.engine.connect() as conn:
            def read(sql: str, **params: Any) -> list[Fact]:
                return [_fact_from_tuple(tuple(r)) for r in conn.execute(text(sql), {"f": frame, **params}).all()]

            base = read(f"SELECT {_READ_COLUMNS} FROM fact WHERE frame = :f AND extractor != 'import'")
            keys = sorted({f.entity_key for f in base})
            targets = sorted({t for f in base for t in f.supersedes})
            found = {f.id: f for f in base}
            for i in range(0, len(keys), 500):
                chunk = {f"k{j}": k for j, k in enumerate(keys[i:i + 500])}
                for f in read(f"SELECT {_READ_COLUMNS} FROM fact WHERE frame = :f AND entity_key IN "
                              f"({', '.join(':' + name for name in chunk)})", **chunk):
                    found[f.id] = f
            for i in range(0, len(targets), 500):
                ids = ", ".join(str(int(t)) for t in targets[i:i + 500])
                for f in read(f"SELECT {_READ_COLUMNS} FROM fact WHERE frame = :f AND id IN ({ids})"):
                    found[f.id] = f
        return sorted(found.values(), key=lambda f: (f.session_date, f.id))

    def distinct_keys(self, frame: str, domain: str) -> int:
        """How many different records (entity keys) ``frame`` has in ``domain``, big imports included."""
        with self.engine.connect() as conn:
            return int(conn.execute(text("SELECT count(DISTINCT entity_key) FROM fact WHERE frame = :f AND domain = :d"),
                                    {"f": frame, "d": domain}).scalar() or 0)

    def frame_stamp(self, frame: str) -> tuple[int, int, int]:
        """How many facts ``frame`` has, the newest id and the ids' sum: changes with any write or forget."""
        with self.engine.connect() as conn:
            n, top, total = conn.execute(text("SELECT count(*), max(id), total(id) FROM fact WHERE frame = :f"),
                                         {"f": frame}).one()
        return int(n or 0), int(top or 0), int(total or 0)

    def forgets(self) -> list[ForgetRow]:
        with self._session() as db:
            return list(db.exec(select(ForgetRow).order_by(ForgetRow.id)).all())

    def search(self, query: str, limit: int = 10) -> list[dict[str, Any]]:
        """Full-text recall over messages and facts (FTS5, BM25 order)."""
        terms = [t for t in "".join(c if c.isalnum() else " " for c in query).split() if len(t) > 1]
        if not terms:
            return []
        match = " OR ".join(f'"{t}"' for t in terms)
        with self.engine.connect() as conn:
            rows = conn.execute(
                text(
                    "SELECT kind, ref, session_id, body, bm25(recall_fts) AS score FROM recall_fts "
                    "WHERE recall_fts MATCH :m ORDER BY score LIMIT :n"
                ),
                {"m": match, "n": limit},
            ).mappings()
            return [dict(r) for r in rows]


def _configure_connection(dbapi_conn: sqlite3.Connection, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA secure_delete=ON")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def _explain(exc: OperationalError, path: Path) -> str:
    return _explain_text(str(exc.orig) if exc.orig is not None else str(exc), path)


def _blank(body: str, spans: list[tuple[int, int]], kept: list[tuple[int, int]]) -> str:
    """``body`` with the characters of ``spans`` not inside ``kept`` overwritten, each run by
    "(forgotten)" cut or padded to its length (so every other span of the message stays valid)."""
    gone = [False] * len(body)
    for a, b in spans:
        for i in range(max(a, 0), min(b, len(body))):
            gone[i] = True
    for a, b in kept:
        for i in range(max(a, 0), min(b, len(body))):
            gone[i] = False
    out, i = list(body), 0
    while i < len(body):
        if not gone[i]:
            i += 1
            continue
        j = i
        while j < len(body) and gone[j]:
            j += 1
        out[i:j] = list(("(forgotten)" + " " * (j - i))[: j - i])
        i = j
    return "".join(out)


def _said_values(slots: dict[str, Any]) -> list[str]:
    """How a fact's values read in a reply: text as it is (three characters or more), dates also
    as the reply words them; longest first, so a value inside another is cut with it."""
    from engine.readable import day_words

    words: set[str] = set()
    for value in slots.values():
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, bool) or v is None:
                continue
            v = str(v)
            if len(v) >= 3:
                words.add(v)
            with contextlib.suppress(ValueError):
                if len(v) == 10 and v[4] == "-":
                    words.add(day_words(dt.date.fromisoformat(v)))
    return sorted(words, key=len, reverse=True)


def _explain_text(msg: str, path: Path) -> str:
    if "locked" in msg or "busy" in msg:
        return f"the log database {path} is locked by another program; close it and try again"
    if "readonly" in msg or "read-only" in msg:
        return f"the log database {path} is read-only; check the folder's permissions"
    return f"the log database {path} could not be used: {msg}"
