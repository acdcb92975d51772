"""Ask a question about the records: the answer, how it was computed, and what it rests on.

The engine answers by computation over the typed state (the computation is shown, monospace and
selectable) or, for recall questions, by citing what was said. Every source is resolved on the
engine thread into plain :class:`SourceView` data (message text, session date, evidence), so the
view never touches the database.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QFontDatabase, QPalette
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app import qtfix  # noqa: F401  (must precede any emit)
from app.views.busy import busy_bar
from engine.ask import Answer
from engine.ask.explain import in_words
from engine.service import Service

MAX_SOURCES = 25
DONT_KNOW = "I don't know"
_EXAMPLES = "e.g. “How many trips did I book?”, “What did I spend on subscriptions?”, “What did I say about Emma?”"


@dataclass(frozen=True)
class SourceView:
    """One source of an answer: a fact (with the message it came from) or a message."""

    ref: str
    kind: str  # "fact" | "message"
    session_date: dt.date | None = None
    session_source: str = ""
    speaker: str = ""
    message_text: str = ""
    evidence: str = ""
    span: tuple[int, int] = (0, 0)
    extractor: str = ""
    found: bool = True


@dataclass
class AskOutcome:
    """What the ask task hands to the GUI thread: the engine's answer and its resolved sources."""

    question: str
    answer: Answer
    sources: list[SourceView] = field(default_factory=list)
    more_sources: int = 0


def source_refs(sources: list[Any]) -> list[tuple[str, int]]:
    """``[3, "message:7", "fact:2"]`` → ``[("fact", 3), ("message", 7), ("fact", 2)]``, deduplicated."""
    out: list[tuple[str, int]] = []
    seen: set[tuple[str, int]] = set()
    for src in sources:
        if isinstance(src, bool):
            continue
        if isinstance(src, int):
            ref = ("fact", src)
        else:
            kind, _, num = str(src).partition(":")
            if not num.strip().isdigit():
                continue
            ref = (kind.strip() or "fact", int(num))
        if ref not in seen:
            seen.add(ref)
            out.append(ref)
    return out


def resolve_sources(service: Service, sources: list[Any], limit: int = MAX_SOURCES) -> tuple[list[SourceView], int]:
    """Look the sources up in the log (engine thread). Returns the first ``limit`` and how many more."""
    refs = source_refs(sources)
    shown, more = refs[:limit], max(0, len(refs) - limit)
    log = service.log
    facts = {f.id: f for f in log.facts_by_id(ref for kind, ref in shown if kind == "fact")}
    sessions: dict[str, Any] = {}

    def session(sid: str) -> Any:
        if sid not in sessions:
            sessions[sid] = log.session(sid)
        return sessions[sid]

    out: list[SourceView] = []
    for kind, num in shown:
        ref = f"{kind}:{num}"
        if kind == "fact":
            fact = facts.get(num)
            if fact is None:
                out.append(SourceView(ref, kind, found=False))
                continue
            msg = log.message(fact.message_id) if fact.message_id is not None else None
            srow = session(fact.session_id)
            out.append(SourceView(
                ref, kind, fact.session_date, srow.source if srow else "", msg.speaker if msg else "",
                msg.text if msg else "", fact.evidence, tuple(fact.span), fact.extractor,
            ))
        elif kind == "message":
            msg = log.message(num)
            if msg is None:
                out.append(SourceView(ref, kind, found=False))
                continue
            srow = session(msg.session_id)
            out.append(SourceView(
                ref, kind, srow.session_date if srow else None, srow.source if srow else "", msg.speaker, msg.text,
            ))
        else:
            out.append(SourceView(ref, kind, found=False))
    return out, more


def answer_text(answer: Answer) -> str:
    """The answer as one line for the user; "I don't know" when the engine has none."""
    value = answer.answer
    if value is None:
        return DONT_KNOW
    if answer.kind in ("list", "set") and isinstance(value, list | tuple):
        return ", ".join(map(str, value)) if value else answer.text or "none"
    if answer.text and answer.kind == "string" and ("recall" in answer.ir or "verdict" in answer.ir):
        return answer.text
    if answer.text and answer.text != str(value) and answer.kind in ("int", "float"):
        return answer.text  # e.g. "12.5%" for a share
    if isinstance(value, float):
        return f"{value:,.2f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def sources_html(sources: list[SourceView], more: int = 0, terms: list[str] | None = None) -> str:
    if not sources:
        return "<p style='color:gray'>No sources: nothing in the log supports an answer.</p>"
    parts = [_source_html(s, terms or []) for s in sources]
    if more:
        parts.append(f"<p style='color:gray'>… and {more} more source(s).</p>")
    return "".join(parts)


def _source_html(src: SourceView, terms: list[str]) -> str:
    if not src.found:
        return f"<p style='color:gray'>{html.escape(src.ref)}: no longer in the log (forgotten?)</p>"
    when = src.session_date.isoformat() if src.session_date else "?"
    who = "imported" if src.session_source == "import" else (src.speaker or src.session_source or "?")
    meta = src.ref.replace("fact:", "fact #").replace("message:", "message #")
    if src.extractor:
        meta += f", {src.extractor}"
    head = (
        f"<p><b>{when}</b> · {html.escape(who)} "
        f"<span style='color:gray'>({html.escape(meta)})</span></p>"
    )
    if src.kind == "message":
        return head + f"<blockquote>{_mark_terms(src.message_text, terms)}</blockquote>"
    located = _locate(src)
    if located is not None:
        start, end = located
        text = src.message_text
        quote = (
            html.escape(text[:start])
            + f"<span style='background:#fff2a8'>{html.escape(text[start:end])}</span>"
            + html.escape(text[end:])
        )
        return head + f"<blockquote>{quote}</blockquote>"
    body = head + f"<blockquote>{html.escape(src.evidence or '—')}</blockquote>"
    if src.message_text:
        body += f"<p style='color:gray'>from: {html.escape(_clip(src.message_text, 300))}</p>"
    return body


def _locate(src: SourceView) -> tuple[int, int] | None:
    text = src.message_text
    if not text:
        return None
    start, end = src.span
    if 0 <= start < end <= len(text):
        return start, end
    pos = text.find(src.evidence) if src.evidence else -1
    return (pos, pos + len(src.evidence)) if pos >= 0 else None


def _mark_terms(text: str, terms: list[str]) -> str:
    words = [re.escape(t) for t in terms if t]
    if not words:
        return html.escape(text)
    pattern = re.compile(r"\b(" + "|".join(words) + r")\w*", re.IGNORECASE)
    out, last = [], 0
    for m in pattern.finditer(text):
        out.append(html.escape(text[last:m.start()]))
        out.append(f"<span style='background:#fff2a8'>{html.escape(m.group(0))}</span>")
        last = m.end()
    out.append(html.escape(text[last:]))
    return "".join(out)


def _clip(text: str, n: int) -> str:
    line = " ".join(text.split())
    return line if len(line) <= n else line[: n - 1] + "…"


class AskView(QWidget):
    """``asked(question)`` when the user asks; the controller runs it and calls back here."""

    asked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.question = QLineEdit()
        self.question.setObjectName("askQuestion")
        self.question.setPlaceholderText("Ask about your records…")
        self.question.setToolTip(_EXAMPLES)
        self.question.setClearButtonEnabled(True)
        self.question.returnPressed.connect(self._submit)
        self.question.textChanged.connect(self._update_enabled)
        self.ask_button = QPushButton("Ask")
        self.ask_button.setToolTip("Enter")
        self.ask_button.clicked.connect(self._submit)

        self.progress = busy_bar(10)
        self.status = QLabel()
        self.status.setObjectName("askStatus")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.hide()

        self.answer = QLabel()
        self.answer.setObjectName("askAnswer")
        self.answer.setWordWrap(True)
        self.answer.setTextFormat(Qt.TextFormat.PlainText)
        self.answer.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.answer.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        base = QFont(self.answer.font())
        self._big_font = QFont(base)
        self._big_font.setPointSizeF(base.pointSizeF() * 1.6)
        self._big_font.setBold(True)
        self._prose_font = QFont(base)  # recall answers are sentences: large but not shouting
        self._prose_font.setPointSizeF(base.pointSizeF() * 1.15)
        self.answer.setFont(self._big_font)
        self.kind = QLabel()
        self.kind.setObjectName("askKind")
        self.kind.setWordWrap(True)
        self.kind.setForegroundRole(QPalette.ColorRole.PlaceholderText)

        self.computation = QPlainTextEdit()
        self.computation.setObjectName("askComputation")
        self.computation.setReadOnly(True)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        mono.setStyleHint(QFont.StyleHint.Monospace)
        mono.setFixedPitch(True)
        self.computation.setFont(mono)
        self.computation.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.computation.setPlaceholderText("The computation that produced the answer appears here.")
        line = self.computation.fontMetrics().lineSpacing()
        self.computation.setFixedHeight(line * 3 + 14)
        self.computation.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )

        self.sources_title = QLabel("<b>Sources</b>")
        self.sources = QTextBrowser()
        self.sources.setObjectName("askSources")
        self.sources.setOpenLinks(False)
        self.sources.setPlaceholderText("The messages and records the answer rests on appear here.")

        row = QHBoxLayout()
        row.addWidget(self.question, 1)
        row.addWidget(self.ask_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 8, 6, 0)
        lay.addLayout(row)
        lay.addWidget(self.progress)
        lay.addWidget(self.status)
        lay.addSpacing(6)
        lay.addWidget(self.answer)
        lay.addWidget(self.kind)
        lay.addSpacing(4)
        lay.addWidget(QLabel("<b>As code</b> (what ran over your records)"))
        lay.addWidget(self.computation)
        lay.addWidget(self.sources_title)
        lay.addWidget(self.sources, 1)
        self.outcome: AskOutcome | None = None
        self._busy = False
        self._show_empty()
        self._update_enabled()

    # -- called by the controller ------------------------------------------------------------

    def set_busy(self, busy: bool) -> None:
        self._busy = busy
        self.progress.setVisible(busy)
        if busy:
            self._set_status("Working out the answer…")
        self._update_enabled()

    def show_outcome(self, outcome: AskOutcome) -> None:
        self.outcome = outcome
        self.set_busy(False)
        self._set_status("")
        a = outcome.answer
        known = a.answer is not None
        recalled = isinstance(a.ir, dict) and "recall" in a.ir
        self.answer.setFont(self._prose_font if recalled and known else self._big_font)
        self.answer.setText(answer_text(a))
        self.answer.setStyleSheet("" if known else "color: #8a5a00")
        words = in_words(a.ir) if isinstance(a.ir, dict) else ""
        bits = [words] if words else []
        if recalled and not words:
            bits.append("recalled from what you said")
        if not known and a.text:
            bits.append(a.text)
        if a.model_used:
            bits.append("the model chose among the readings the data allows")
        self.kind.setText(" · ".join(bits))
        self.computation.setPlainText(a.computation)
        total = len(outcome.sources) + outcome.more_sources
        self.sources_title.setText(f"<b>Sources</b> ({total})")
        terms = a.ir.get("recall") if isinstance(a.ir, dict) else None
        self.sources.setHtml(sources_html(outcome.sources, outcome.more_sources, list(terms or [])))

    def show_error(self, message: str) -> None:
        self.set_busy(False)
        self.outcome = None
        self.answer.setFont(self._big_font)
        self.answer.setText("Could not answer")
        self.answer.setStyleSheet("color: #b00020")
        self.kind.setText("")
        self.computation.clear()
        self.sources_title.setText("<b>Sources</b>")
        self.sources.clear()
        self._set_status(message, error=True)

    # -- internals -----------------------------------------------------------------------------

    def _show_empty(self) -> None:
        self.answer.setText("Ask a question about your records.")
        self.answer.setStyleSheet("color: gray")
        self.kind.setText(_EXAMPLES)

    def _set_status(self, text: str, *, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setStyleSheet("color: #b00020; font-weight: bold" if error else "color: gray")
        self.status.setVisible(bool(text))

    def _submit(self) -> None:
        text = self.question.text().strip()
        if self._busy or not text:
            return
        self.asked.emit(text)

    def _update_enabled(self) -> None:
        self.ask_button.setEnabled(not self._busy and bool(self.question.text().strip()))
