"""What the window shows, read in one go on the engine thread and handed over as plain data.

Views never touch the database: they get a :class:`Snapshot` (state, sessions, and enough of the
log to explain where each value came from) and render it.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.agenda import AgendaItem, agenda
from engine.frames import Frame
from engine.learn.collection import learned_collections
from engine.learn.manage import record_count
from engine.log import Fact
from engine.series import Chartable, chartables
from engine.service import Service
from engine.state import Record, fold, stored_collections

PREVIEW_MAX = 2_000
"""Records of a big imported collection the window holds (the first ones); asking computes over all."""


class Preview(list[Record]):
    """The first records of a big imported collection, and how many it has in all."""

    def __init__(self, records: Iterable[Record], total: int) -> None:
        super().__init__(records)
        self.total = total


def total_of(records: list[Record]) -> int:
    """How many records a collection has, shown or not."""
    return records.total if isinstance(records, Preview) else len(records)


@dataclass(frozen=True)
class MessageView:
    id: int
    session_id: str
    seq: int
    speaker: str
    text: str
    extraction: str


@dataclass(frozen=True)
class SessionView:
    id: str
    date: dt.date
    source: str
    title: str
    messages: tuple[MessageView, ...]


@dataclass(frozen=True)
class Provenance:
    """Where one value came from: the fact, its evidence span, the message and its session date."""

    fact_id: int
    session_id: str
    session_date: dt.date
    evidence: str
    extractor: str
    confidence: float
    message: MessageView | None
    span: tuple[int, int]


@dataclass(frozen=True)
class CollectionView:
    """A collection learned from conversation, as the collections dialog lists it."""

    name: str
    state: str
    fields: str
    records: int


@dataclass(frozen=True)
class RuleView:
    """A rule the user stated, as the rules dialog shows it: in their words, in ours, and as code."""

    id: int
    status: str
    origin: str
    text: str
    meaning: str
    code: str
    error: str
    stated_on: dt.date


@dataclass
class Snapshot:
    domains: dict[str, dict[str, list[Record]]] = field(default_factory=dict)
    sessions: list[SessionView] = field(default_factory=list)
    facts: dict[int, Fact] = field(default_factory=dict)
    model_status: str = ""
    messages: dict[int, MessageView] = field(default_factory=dict)
    collections: list[CollectionView] = field(default_factory=list)
    frames: dict[str, Frame] = field(default_factory=dict)  # learned and imported collections' frames
    rules: list[RuleView] = field(default_factory=list)
    agenda: list[AgendaItem] = field(default_factory=list)
    charts: list[Chartable] = field(default_factory=list)
    by_frame: dict[str, list[Record]] = field(default_factory=dict)
    record_of: dict[int, str] = field(default_factory=dict)  # fact id -> the record it was folded into

    @property
    def suggested(self) -> int:
        """Learned collections waiting for the user to accept, rename, merge or refuse them."""
        return sum(c.state == "suggested" for c in self.collections)

    def __post_init__(self) -> None:
        if not self.messages:
            self.messages = {m.id: m for s in self.sessions for m in s.messages}

    @property
    def record_count(self) -> int:
        return sum(len(recs) for colls in self.domains.values() for recs in colls.values())

    def message(self, message_id: int | None) -> MessageView | None:
        return None if message_id is None else self.messages.get(message_id)

    def provenance(self, fact_id: int | None) -> Provenance | None:
        fact = self.facts.get(fact_id) if fact_id is not None else None
        if fact is None:
            return None
        return Provenance(
            fact_id=fact.id,
            session_id=fact.session_id,
            session_date=fact.session_date,
            evidence=fact.evidence,
            extractor=fact.extractor,
            confidence=fact.confidence,
            message=self.message(fact.message_id),
            span=fact.span,
        )


def read_snapshot(service: Service, today: dt.date | None = None) -> Snapshot:
    """Fold the log into state and gather sessions and facts. Runs on the engine thread."""
    facts = service.log.facts()
    state = fold(facts)  # the facts just read: one pass over the log, not two
    previewed: list[Fact] = []
    for name, stored in stored_collections(service.log, facts).items():
        preview = Preview(itertools.islice(stored, PREVIEW_MAX), len(stored))
        state.records[name] = preview
        previewed += service.log.facts_by_id(i for rec in preview for i in rec.evidence)  # their provenance
    messages: dict[str, list[MessageView]] = {}
    for m in service.log.messages():
        if m.id is None:
            continue
        messages.setdefault(m.session_id, []).append(
            MessageView(m.id, m.session_id, m.seq, m.speaker, m.text, m.extraction)
        )
    sessions = [
        SessionView(
            s.id,
            s.session_date,
            s.source,
            s.title,
            tuple(sorted(messages.get(s.id, []), key=lambda mv: mv.seq)),
        )
        for s in service.log.sessions()
    ]
    return Snapshot(
        domains=state.domains(),
        sessions=sessions,
        facts={f.id: f for f in [*facts, *previewed]},
        model_status=model_status(service),
        frames=dict(state.frames),
        rules=rule_views(facts),
        agenda=agenda(state, today or dt.date.today()),
        # a chart of a big collection's first records would mislead: it is asked about in Chat instead
        charts=[c for c in chartables(state) if not isinstance(state.records.get(c.frame), Preview)],
        by_frame={name: list(recs) for name, recs in state.records.items()},
        record_of={fid: rec.id for recs in state.records.values() for rec in recs for fid in rec.evidence},
        collections=[
            CollectionView(c.name, c.state, c.describe().partition(": ")[2], record_count(service.log, facts, c))
            for c in sorted(learned_collections(facts).values(), key=lambda c: c.name)
        ],
    )


def rule_views(facts: list[Fact]) -> list[RuleView]:
    """Every rule not deleted, newest first."""
    from engine.rules.user_rules import DOMAIN, compiled_source, describe, load_rules

    out = []
    for rule in load_rules([f for f in facts if f.domain == DOMAIN]):
        if rule.status == "deleted":
            continue
        usable = rule.ir is not None
        out.append(RuleView(rule.id, rule.status, rule.origin, rule.text, describe(rule.ir) if usable else "",
                            compiled_source(rule) if usable else "", rule.error, rule.stated_on))
    return sorted(out, key=lambda r: r.id, reverse=True)


def model_status(service: Service) -> str:
    """A short line for the status bar, without loading the model just to describe it."""
    describe = getattr(service, "model_status", None)
    if callable(describe):
        return str(describe())
    if not getattr(service, "_use_model", True):
        return "model: off"
    backend = getattr(service, "_backend", None)
    if backend is None:
        return "model: loads on first session"
    return f"model: {getattr(backend, 'name', 'loaded')}"
