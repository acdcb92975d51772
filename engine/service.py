"""The service façade: one call per user intent. The CLI and the app's workers both call it.

Each write returns what changed, so a view can decide whether to refresh. Not thread-safe by
itself: the app gives it one worker thread.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import logging
import shutil
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.corrections import (
    Correction,
    describe_value,
    edit_session_id,
    find_record,
    log_corrections,
    typed_value,
)
from engine.errors import InputError, ModelError, UacError
from engine.llm.backend import Backend
from engine.log import Fact, Forgotten, LogStore, NewFact
from engine.profile import Profile
from engine.rules.alert import Alert, RuleProblem, RuleRun
from engine.rules.rule_store import Deferred
from engine.rules.user_rules import announce, detect_rules, record_session_rules
from engine.state import State, stored_collections
from engine.transcript import parse_transcript

if TYPE_CHECKING:
    from pathlib import Path

    from engine.ask import Answer
    from engine.chat import ChatTurn
    from engine.importer import ImportResult
    from engine.learn.collection import LearnedCollection
    from engine.project.edits import FieldEdit
    from engine.project.history import Revision
    from engine.rules.rule_model import Due
    from models.log import MessageRow


log = logging.getLogger(__name__)

@dataclass
class CheckpointSummary:
    changed_domains: list[str]
    files_written: int
    seconds: float
    error: str = ""
    revision: str = ""
    edits: list[Fact] = field(default_factory=list)
    edit_errors: list[str] = field(default_factory=list)


@dataclass
class HandEdits:
    facts: list[Fact]
    errors: list[str]


@dataclass
class AlertUpdate:
    active: list[Alert]
    new: list[Alert]
    resolved: list[str] = field(default_factory=list)
    problems: list[RuleProblem] = field(default_factory=list)
    warnings: tuple[str, ...] = ()
    """Protections this machine lacks for the rules' sandbox (shown, never silent)."""


@dataclass
class IngestResult:
    session_id: str
    messages: int
    facts: list[Fact]
    extraction_error: str = ""
    checkpoint: CheckpointSummary | None = None
    alerts: AlertUpdate | None = None
    seconds: float = 0.0
    rules: list[str] = field(default_factory=list)


class Service:
    """Owns the profile's log; builds the model backend lazily, only when extraction needs it."""

    def __init__(self, profile: Profile, backend: Backend | None = None, *, use_model: bool = True) -> None:
        self.profile = profile
        self.log = LogStore(profile.db_path)
        self._backend = backend
        self._use_model = use_model
        # Wraps every write to the project, so a file watcher can tell our writes from the user's.
        self.project_writes: Callable[[], AbstractContextManager[None]] = nullcontext

    def close(self) -> None:
        if self._backend is not None:
            self._backend.close()
        self.log.close()

    # -- the model ----------------------------------------------------------------------

    def backend(self) -> Backend | None:
        """The configured model backend, loaded on first use; None when the model is turned off."""
        if not self._use_model:
            return None
        if self._backend is None:
            from engine.llm.config import open_backend

            self._backend = open_backend(self.profile)
        return self._backend

    def model_status(self) -> str:
        """One line for a status bar: which model, and whether it is loaded."""
        if not self._use_model:
            return "model off (detectors only)"
        if self._backend is None:
            from engine.llm.config import configured_model

            return f"model {configured_model(self.profile)} (loads on first use)"
        loaded = getattr(self._backend, "load_seconds", None)
        return f"model {self._backend.name}" + (" loaded" if loaded is not None else " (loads on first use)")

    # -- writing ------------------------------------------------------------------------

    def ingest(
        self,
        raw: str,
        session_date: dt.date,
        *,
        session_id: str | None = None,
        source: str = "cli",
        now: dt.datetime | None = None,
        progress: Callable[[str], None] | None = None,
    ) -> IngestResult:
        """Log a session, extract its facts, checkpoint, and run the rules.

        The session is stored before extraction: if the model fails, the messages stay in the log
        marked ``failed`` and ``retry_extraction`` picks them up later.
        """
        started = time.perf_counter()
        step = progress or (lambda _text: None)
        messages = parse_transcript(raw)
        sid, _ids = self.log.add_session(messages, session_date, session_id=session_id, source=source)
        deferred: Deferred = {}
        new_rules = [announce(r) for r in record_session_rules(self.log, sid, own=self._own_collection_rule(),
                                                               **self._deferring(deferred))]
        step(f"Reading {len(messages)} message(s)…")
        facts, error = self.extract_pending(progress=progress)
        step = _after_logging(progress)
        step("Looking for rules in it…")
        new_rules += self.model_rules(sid, deferred=deferred)
        result = IngestResult(session_id=sid, messages=len(messages), facts=facts, extraction_error=error,
                              rules=new_rules)
        step("Updating your records…")
        result.checkpoint = self.checkpoint()
        step("Checking your rules…")
        result.alerts = self.evaluate(now or dt.datetime.combine(session_date, dt.time(12)))
        result.seconds = time.perf_counter() - started
        return result

    def chat(
        self,
        text: str,
        session_date: dt.date,
        *,
        now: dt.datetime | None = None,
        session_id: str | None = None,
        progress: Callable[[str], None] | None = None,
    ) -> ChatTurn:
        """One turn of the conversation (see :mod:`engine.chat`): log the text in the day's
        session, read it, fold it, run the rules, answer the question in it, log the reply."""
        from engine.chat import ChatTurn, compose, question_in, session_for

        text = text.strip()
        if not text:
            raise InputError("say something: the message is empty")
        sid = session_for(session_date, session_id)
        mid = self.log.add_message(sid, "user", text, session_date)
        step = progress or (lambda _text: None)
        turn = ChatTurn(sid, "")
        deferred: Deferred = {}
        turn.rules = [announce(r) for r in record_session_rules(self.log, sid, message_ids={mid},
                                                                own=self._own_collection_rule(),
                                                                **self._deferring(deferred))]
        step("Reading what you said…")
        facts, turn.extraction_error = self.extract_pending(progress=progress)
        step = _after_logging(progress)
        step("Looking for rules in it…")
        turn.rules += self.model_rules(sid, {mid}, deferred=deferred)
        turn.learned = [f for f in facts if f.message_id == mid]
        if facts or turn.rules:
            step("Updating your records…")
            turn.checkpoint_error = self.checkpoint().error
        when = now or dt.datetime.combine(session_date, dt.time(12))
        turn.question = question_in(text)
        if turn.question is not None:
            step("Working out the answer…")
            turn.answer = self.ask(turn.question, when)
        step("Checking your rules…")
        update = self.evaluate(when)
        turn.alerts, turn.active, turn.problems, turn.warnings = update.new, update.active, update.problems, update.warnings
        turn.reply = compose(turn)
        turn.reply_id = self.log.add_message(sid, "assistant", turn.reply, session_date)
        return turn

    def retry_extraction(self) -> list[Fact]:
        facts, error = self.extract_pending(include_failed=True)
        if error:
            raise ModelError(error)
        self.checkpoint()
        return facts

    def extract_pending(self, include_failed: bool = False,
                        progress: Callable[[str], None] | None = None) -> tuple[list[Fact], str]:
        from engine.extract.pipeline import extract_messages

        pending = self.log.messages(extraction="pending")
        if include_failed:
            pending += self.log.messages(extraction="failed")
        if not pending:
            return [], ""
        by_session: dict[str, list] = {}
        for msg in sorted(pending, key=lambda m: m.id or 0):
            by_session.setdefault(msg.session_id, []).append(msg)
        added: list[Fact] = []
        error = ""
        for sid, msgs in by_session.items():
            srow = self.log.session(sid)
            if srow is None:
                continue
            context = self.log.messages(sid)
            problems: list[str] = []
            try:
                backend = self.backend()
                new = extract_messages(msgs, context, srow.session_date, self.log.facts(), backend, problems,
                                       progress=progress)
                new = _without_rule_preferences(new, msgs, srow.session_date, self._stated_rules(msgs))
                if backend is not None and not problems:
                    new += self._learn(msgs, srow.session_date, new, backend, problems)
            except UacError as exc:
                self.log.mark_extraction([m.id for m in msgs if m.id], "failed", str(exc))
                return added, f"extraction failed, messages kept for `uac ingest --retry`: {exc}"
            ids = self.log.add_facts(new)
            if problems:
                # the detectors' facts are logged; the model's reading is owed: `ingest --retry` asks again
                self.log.mark_extraction([m.id for m in msgs if m.id], "failed", problems[0])
                error = (f"the model failed ({problems[0]}); kept what the detectors found, "
                         "run `uac ingest --retry` to read these messages again")
            else:
                self.log.mark_extraction([m.id for m in msgs if m.id], "done")
            wanted = set(ids)
            added += [f for f in self.log.facts(session_id=sid) if f.id in wanted]
        return added, error

    def collection_action(self, action: str, name: str | None, target: str | None = None) -> tuple[LearnedCollection, CheckpointSummary]:
        """Accept, rename, merge or refuse a learned collection (see :mod:`engine.learn.manage`), then
        checkpoint so the project matches."""
        from engine.learn.manage import apply

        updated = apply(self.log, action, name, target)
        return updated, self.checkpoint()

    def model_rules(self, session_id: str, message_ids: set[int] | None = None,
                    deferred: Deferred | None = None) -> list[str]:
        """Rules the phrase parser did not read, or read but ``deferred`` to the model, read by the
        model (see :mod:`engine.rules.rule_model`); returns the announcements. A deferred rule is
        recorded as the parser read it when the model makes nothing of its message, fails, or is off."""
        from engine.learn.collection import learned_collections, schema_fact
        from engine.rules.rule_model import read_rules
        from engine.rules.rule_store import DOMAIN, load_rules, origin_of, rule_facts

        deferred = dict(deferred or {})
        srow = self.log.session(session_id)
        if srow is None:
            return []
        origin = origin_of(srow.source)
        added: list[str] = []

        def record(new: list[NewFact]) -> None:
            ids = set(self.log.add_facts(new))
            added.extend(announce(r) for r in load_rules(self.log.facts(domain=DOMAIN)) if set(r.facts) & ids)

        def as_parsed(message_id: int) -> None:
            pairs = deferred.pop(message_id, [])
            if pairs:
                record(rule_facts([ir for ir, _ in pairs], session_id=session_id, message_id=message_id,
                                  session_date=srow.session_date, texts=[t for _, t in pairs], origin=origin,
                                  existing=self.log.facts(domain=DOMAIN)))

        try:
            backend = self.backend()
        except ModelError:
            backend = None  # the extraction step already said what is wrong with the model
        stated = {f.message_id for f in self.log.facts(domain=DOMAIN)}
        for msg in self.log.messages(session_id) if backend is not None else []:
            if msg.speaker != "user" or (msg.id in stated and msg.id not in deferred) or (
                    message_ids is not None and msg.id not in message_ids):
                continue
            facts = self.log.facts()
            try:
                reading = read_rules(msg.text, srow.session_date, backend, learned_collections(facts), facts)
            except ModelError:
                break
            except (TypeError, ValueError, AttributeError, KeyError, ArithmeticError):
                log.exception("the model's rule reading of message %s could not be checked", msg.id)
                as_parsed(msg.id)
                continue
            # a model reminder replaces the parser's one reading of it; anything else, or a message
            # with several parsed reminders, keeps what the parser read
            replaces = len(deferred.get(msg.id, [])) == 1 and any(r.deadline is not None for r in reading.rules)
            if not replaces:
                as_parsed(msg.id)
            deferred.pop(msg.id, None)
            for rule in reading.rules:
                if msg.id in stated and not (replaces and rule.deadline is not None):
                    continue  # the message's rules were recorded already: only its reminder was the model's to read
                new = rule_facts([rule.ir], session_id=session_id, message_id=msg.id, session_date=srow.session_date,
                                 texts=[rule.text], origin=origin, existing=self.log.facts(domain=DOMAIN))
                new = [dataclasses.replace(f, extractor="model") for f in new]
                if rule.collection is not None and new:
                    new.insert(0, schema_fact(rule.collection, session_id=session_id, message_id=msg.id,
                                              session_date=srow.session_date,
                                              evidence=f"collection {rule.collection.describe()}, for your rule"))
                if rule.deadline is not None:  # restated with a new date: the deadline moves even if the rule is known
                    moved = self._reminder_deadline(rule.deadline, session_id, msg.id, srow.session_date, rule.text)
                    if moved is not None:
                        new.insert(0, moved)
                if new:
                    record(new)
        for message_id in list(deferred):
            as_parsed(message_id)
        return added

    def _deferring(self, deferred: Deferred) -> dict[str, Any]:
        """With the model on, a parsed reminder about a date the message gives is the model's to
        read first: the parser knows only a frame's date field, not which record is meant."""
        from engine.rules.rule_model import a_dated_reminder

        return {"defer": a_dated_reminder, "deferred": deferred} if self._use_model else {}

    def _reminder_deadline(self, due: Due, session_id: str, message_id: int, session_date: dt.date,
                           sentence: str) -> NewFact | None:
        """The deadline a reminder counts down to, recorded with it (its date and words are the
        message's); it replaces a deadline of the same name, so the latest date said wins. None
        when the deadline already stands at that date."""
        key = due.about.lower()
        older = [f for f in self.log.facts(domain="calendar") if f.frame == "Deadline" and f.entity_key == key]
        latest = max(older, key=lambda f: f.id, default=None)
        current = next((f.slots["due"] for f in sorted(older, key=lambda f: f.id, reverse=True) if f.slots.get("due")), None)
        if current == due.due.isoformat():
            return None
        return NewFact(
            session_id=session_id, message_id=message_id, session_date=session_date, domain="calendar",
            frame="Deadline", entity_key=key, slots={"about": due.about, "due": due.due.isoformat()},
            span=due.date_span, evidence=sentence[:500], extractor="model",
            supersedes=(latest.id,) if latest is not None else (),
        )

    def _stated_rules(self, msgs: list[MessageRow]) -> dict[int, list[str]]:
        """The sentences of the rules already logged from these messages (message id -> sentences)."""
        from engine.rules.rule_store import DOMAIN

        ids = {m.id for m in msgs}
        out: dict[int, list[str]] = {}
        for fact in self.log.facts(domain=DOMAIN):
            if fact.message_id in ids and fact.slots.get("text"):
                out.setdefault(fact.message_id, []).append(str(fact.slots["text"]))
        return out

    def _own_collection_rule(self) -> Callable[[str], Any]:
        """Reads a sentence's rule over an imported or learned collection by the collection's own
        name (:mod:`engine.rules.collection_rules`): before the phrase parser, which knows only the
        built-in frames. A rule that fails its own tests is not made."""
        from engine.frames import IMPORT_SCHEMA_FRAME
        from engine.rules.collection_rules import read_collection_rule
        from engine.rules.rule_model import asks_for_a_rule, reported
        from engine.rules.rule_selftest import self_test
        from engine.state import fold

        frames = list(fold(self.log.facts(frame=IMPORT_SCHEMA_FRAME)).frames.values())

        def read(sentence: str) -> Any:
            if not frames or not asks_for_a_rule(sentence) or reported(sentence):
                return None
            ir = read_collection_rule(sentence, frames)
            return ir if ir is not None and self_test(ir).ok else None

        return read

    def _learn(self, msgs: list, session_date: dt.date, drafted: list, backend: Backend, problems: list[str]) -> list:
        """Records of kinds no built-in frame covers, into learned collections (see :mod:`engine.learn`)."""
        from engine.learn import learn_records

        try:
            return learn_records(msgs, session_date, self.log.facts(), drafted, backend).facts
        except ModelError as exc:
            problems.append(str(exc))
            return []

    def apply_hand_edits(self) -> HandEdits:
        """Turn edits the user made to ``domains/*/state.py`` into correction facts.

        Each changed value becomes a fact (extractor ``hand-edit``) that supersedes the fact the
        old value came from, in a session of source ``edit`` whose message describes the edit, so
        the edit survives every later checkpoint and keeps its provenance. Broken edits are
        reported with file and line and change nothing.
        """
        from engine.project.edits import find_edits
        from engine.project.meta import Layout, Meta

        root = self.profile.project_dir
        meta = Meta.load(Layout(root))
        state: State | None = None
        found: list[tuple[str, FieldEdit]] = []
        errors: list[str] = []
        for path in sorted((root / "domains").glob("*/state.py")):
            rel = path.relative_to(root).as_posix()
            stamp = meta.files.get(rel)
            if stamp is None or stamp.matches(path):
                continue
            state = state or self.state()
            try:
                found += [(rel, edit) for edit in find_edits(path, state)]
            except UacError as exc:
                errors.append(str(exc))
        if not found:
            return HandEdits([], errors)
        corrections = [Correction(edit.record, edit.slot, edit.new, edit.describe(rel)) for rel, edit in found]
        facts = log_corrections(self.log, corrections, state or self.state(), dt.date.today(), edit_session_id())
        return HandEdits(facts, errors)

    def correct(self, record_id: str, slot: str, raw: object) -> tuple[Fact, CheckpointSummary]:
        """The user corrects one value of a record (in the app): checked against the slot's type,
        logged as a correction fact that supersedes the old value's, then checkpointed."""
        state = self.state()
        rec = find_record(state, record_id)
        frame = state.frame(rec.frame)
        if frame is None:
            raise InputError(f"the kind of record {rec.frame!r} is no longer kept")
        new = typed_value(frame, slot, raw)
        old = rec.status if slot == "status" else rec.values.get(slot)
        if new == old:
            raise InputError(f"{slot.replace('_', ' ')} is already {describe_value(old)}")
        said = f"correction in the app: {rec.id} {slot} {describe_value(old)} -> {describe_value(new)}"
        (fact,) = log_corrections(self.log, [Correction(rec, slot, new, said)], state, dt.date.today(), edit_session_id())
        return fact, self.checkpoint()

    def forget_record(self, record_id: str, reason: str = "") -> list[Forgotten]:
        """Forget every fact a record was folded from (each an audited forget), then checkpoint once."""
        rec = find_record(self.state(), record_id)
        ids = sorted(set(rec.evidence))
        if not ids:
            raise InputError(f"the record {record_id!r} has no facts to forget")
        self._mark_forget(ids[0])
        gone: list[Forgotten] = []
        for fid in ids:
            if self.log.facts_by_id([fid]):  # an earlier forget of this record may already have taken it
                gone.append(self.log.forget_fact(fid, reason))
        self.checkpoint()
        return gone

    def checkpoint(self) -> CheckpointSummary:
        from engine.project.checkpoint import checkpoint
        from engine.project.meta import Layout

        started = time.perf_counter()
        try:
            self._finish_forget()
        except OSError as exc:
            return CheckpointSummary([], 0, time.perf_counter() - started,
                                     f"the project folder could not be written ({exc}); the last good project stays live")
        edits = self.apply_hand_edits()
        facts = self.log.facts()
        bulk = stored_collections(self.log, facts)
        try:
            with self.project_writes():
                res = checkpoint(self.profile, facts, bulk=bulk)
                revision = self._record_history(facts)
                Layout(self.profile.project_dir).forget_marker.unlink(missing_ok=True)
        except UacError as exc:
            return CheckpointSummary([], 0, time.perf_counter() - started, str(exc), edit_errors=edits.errors)
        return CheckpointSummary(res.changed_domains, res.files_written, time.perf_counter() - started,
                                 revision=revision.short if revision else "", edits=edits.facts,
                                 edit_errors=edits.errors)

    def _record_history(self, facts: list[Fact]) -> Revision | None:
        """Commit the checkpoint to the project's git history, naming the sessions folded in."""
        from engine.project import history

        root = self.profile.project_dir
        through = history.facts_through(root)
        last = max((f.id for f in facts), default=0)
        sessions = sorted({f.session_id for f in facts if f.id > through})
        if sessions:
            shown = ", ".join(sessions[:5]) + (f" and {len(sessions) - 5} more" if len(sessions) > 5 else "")
            title = f"checkpoint: {len(sessions)} session(s) folded in ({shown})"
        else:
            title = "checkpoint: log changed (facts forgotten or corrected)"
        return history.commit(root, title, last)

    def forget_session(self, session_id: str, reason: str = "") -> Forgotten:
        """Forget a session everywhere: the log (see :meth:`LogStore.forget_session`), then the
        project and its history, which the checkpoint cleans (:meth:`_finish_forget`)."""
        self._mark_forget(self.log.first_fact_id(session_id))
        gone = self.log.forget_session(session_id, reason)
        self.checkpoint()
        return gone

    def forget_fact(self, fact_id: int, reason: str = "", *, keep_words: bool = False) -> Forgotten:
        """Forget one fact (``keep_words``: an undo of what was learned from a message, which stays
        as it was said)."""
        self._mark_forget(fact_id)
        gone = self.log.forget_fact(fact_id, reason, keep_words=keep_words)
        self.checkpoint()
        return gone

    def _mark_forget(self, first_fact_id: int) -> None:
        """Note the forget in the project before the log changes, so a crash is finished later."""
        from engine.project.meta import Layout, write_atomic

        marker = Layout(self.profile.project_dir).forget_marker
        pending = _pending_forget(marker)
        if first_fact_id:
            first = min(first_fact_id, pending) if pending else first_fact_id
            marker.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(marker, json.dumps({"first_fact_id": first}).encode())

    def _finish_forget(self) -> None:
        """A forget noted by :meth:`_mark_forget`: drop every revision of the project's history that
        folded in a forgotten fact and delete the kept copies of hand-edited files (they may quote
        one); the checkpoint that follows re-renders from the log."""
        from engine.project import history
        from engine.project.meta import Layout

        layout = Layout(self.profile.project_dir)
        first = _pending_forget(layout.forget_marker)
        if first is None:
            return
        with self.project_writes():
            shutil.rmtree(layout.meta / "edits", ignore_errors=True)
            history.forget(layout.root, first)

    def import_records(self, path: Path, collection: str | None = None,
                       progress: Callable[[str], None] | None = None) -> ImportResult:
        """Import a JSON / JSON Lines / CSV file as typed records (idempotent), then checkpoint."""
        from engine.importer import import_file

        result = import_file(self.log, path, collection, progress)
        if result.added:
            _after_logging(progress)("Updating your records…")
            result.checkpoint_error = self.checkpoint().error or ""
        return result

    def ask(self, question: str, now: dt.datetime) -> Answer:
        """Answer by computation over the typed state (or recall with sources); the model, when
        one is configured and usable, only picks among options the data allows."""
        from engine.ask import ask
        from engine.ask.verdict import rule_verdict
        from engine.rules.lifecycle import VISIBLE, AlertBook

        verdict = rule_verdict(question, AlertBook(self.log).all(VISIBLE))
        if verdict is not None:
            return verdict  # a yes/no question about something a rule watches: the rule's verdict
        try:
            backend = self.backend()
        except ModelError:
            backend = None  # the deterministic planner still answers; the model only breaks ties
        return ask(self.state(), question, now, backend, self.log)

    # -- rules and alerts ---------------------------------------------------------------

    def evaluate(self, now: dt.datetime) -> AlertUpdate:
        """Run every rule on the project as of ``now`` and fold the result into the alert lifecycle."""
        from engine.rules.lifecycle import AlertBook
        from engine.rules.runner import run_rules

        if not (self.profile.project_dir / "manifest.py").exists() and self.log.facts():
            self.checkpoint()  # a profile that was never checkpointed still gets its rules run
        run = run_rules(self.profile.project_dir, now)
        sync = AlertBook(self.log).sync(run.alerts, now, failed=_silent_rules(run))
        return AlertUpdate(active=sync.active, new=sync.new, resolved=sync.resolved, problems=run.problems,
                           warnings=run.warnings)

    def set_alert_state(self, key: str, state: str, until: dt.datetime | None = None) -> None:
        from engine.rules.lifecycle import AlertBook

        AlertBook(self.log).set_state(key, state, until)

    def alert_history(self) -> list[Alert]:
        """Every alert on record, whatever its state (new, seen, snoozed, dismissed, resolved)."""
        from engine.rules.lifecycle import AlertBook

        return AlertBook(self.log).all()

    # -- reading ------------------------------------------------------------------------

    def state(self) -> State:
        from engine.state import load_state

        return load_state(self.log)


def _silent_rules(run: RuleRun) -> list[str]:
    """Rules whose alerts this run cannot settle, so none of them is resolved: a rule that crashed or
    ran out of time, a user file that failed (named by its file), a rule over its alert cap (its
    unlisted alerts still hold), and every rule when the packs' process died before naming them."""
    names: list[str] = []
    for p in run.problems:
        if p.rule == "sandbox":
            return [""]  # "" is a prefix of every rule
        names.append(p.rule.removesuffix(".py"))
    names += [a.rule for a in run.alerts if a.key.endswith(":more")]
    return names


def _after_logging(progress: Callable[[str], None] | None) -> Callable[[str], None]:
    """Progress for the steps after the read facts are logged: a stop request raised by the caller's
    reporter is ignored there, so folding and the rules always catch up with what was logged (a stop
    takes effect while messages are read, where the unread ones simply stay pending)."""

    def report(text: str) -> None:
        if progress is None:
            return
        try:
            progress(text)
        except Exception:  # the caller's stop signal: too late to stop without leaving the project behind
            log.debug("progress report ignored after logging", exc_info=True)

    return report


def _pending_forget(marker: Path) -> int | None:
    """The first fact id of a forget whose project part has not finished (None when none is)."""
    if not marker.is_file():
        return None
    try:
        return int(json.loads(marker.read_text(encoding="utf-8"))["first_fact_id"])
    except (OSError, ValueError, KeyError, TypeError):
        return 1  # unreadable: drop the whole history rather than risk keeping forgotten words


def _without_rule_preferences(facts: list[NewFact], msgs: list[MessageRow], day: dt.date,
                              stated: dict[int, list[str]] | None = None) -> list[NewFact]:
    """A stated rule ("warn me if I spend over $300", or one over the user's own collection already
    logged from that message, ``stated``: message id -> the rules' sentences) is recorded as a rule,
    not also as a preference."""
    texts = {m.id: m.text for m in msgs}
    out = []
    for fact in facts:
        text = texts.get(fact.message_id, "")
        if fact.frame == "Preference" and text:
            sentence = text[max(0, text.rfind(".", 0, fact.span[0]) + 1): fact.span[1]]
            if detect_rules(sentence or text, day):
                continue
            said = text[fact.span[0]:fact.span[1]].strip()
            if said and any(said in rule or rule in said for rule in (stated or {}).get(fact.message_id or -1, [])):
                continue
        out.append(fact)
    return out
