"""The conversation: the main way in. The user types; the reply says what was learned or answered.

The history shown is the log itself (the day's ``chat-`` sessions), so it survives restarts and a
forget removes it. Under each message of the user, the records it created or changed are links:
"show" opens the record in Memory, "undo" forgets that fact (an audited forget, after a
confirmation). A reply that computed an answer offers how it was worked out, in plain words, with
the Python expression one more click away.
"""

from __future__ import annotations

import datetime as dt
import html
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, Qt, QUrl, Signal
from PySide6.QtGui import QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app import qtfix  # noqa: F401  (must precede any emit)
from app.snapshot import Snapshot
from app.values import human_date
from app.views.busy import busy_bar
from app.views.confirm import Confirm, ask_yes
from app.views.links import href, parse
from engine.chat import describe
from engine.log import Fact

CHAT_PREFIX = "chat-"
_HIDDEN_FRAMES = {"Note", "UserRule"}  # rules are announced in the reply and listed under Rules


WELCOME = (
    "<h2>Welcome to UaC Desktop</h2>"
    "<p>Tell it about your life in plain words — trips, appointments, medicines, bills, your own rules.</p>"
    "<p>It keeps what you say as typed records on this computer, in a project of Python code you can read and edit.</p>"
    "<p>Rules run over those records by themselves and warn you: a passport that expires mid-trip, a medicine "
    "that clashes with an allergy, a budget you set.</p>"
    "<p><a href='demo:'>Load the demo profile</a> to look around, or <a href='first:'>write a first message</a> "
    "below.</p>"
)


@dataclass(frozen=True)
class Explanation:
    """How one reply's answer was computed: in words, and as the expression that ran."""

    words: str
    computation: str


def record_id_of(fact: Fact) -> str:
    """The id of the record a fact was folded into (the state's ``frame:subject:key``)."""
    return f"{fact.frame.lower()}:{fact.subject}:{fact.entity_key}"



class ChatView(QWidget):
    """``sent(text)``; ``stopRequested()``; ``recordRequested(record_id)``; ``undoRequested(fact_id, what)``."""

    sent = Signal(str)
    stopRequested = Signal()
    recordRequested = Signal(str)
    undoRequested = Signal(int, str)
    demoRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.confirm: Confirm = ask_yes
        self.snapshot = Snapshot()
        self.today: dt.date | None = None
        self.explanations: dict[int, Explanation] = {}
        self._open: set[int] = set()
        self._busy = False

        self.transcript = QTextBrowser()
        self.transcript.setObjectName("chatTranscript")
        self.transcript.setOpenLinks(False)
        self.transcript.anchorClicked.connect(self._on_link)

        self.entry = QPlainTextEdit()
        self.entry.setObjectName("chatEntry")
        self.entry.setPlaceholderText("Tell me something, or ask — e.g. “Flights to Lisbon booked for 3 to 10 May.” "
                                      "(Enter sends, Shift+Enter for a new line)")
        self.entry.setMaximumHeight(96)
        self.entry.installEventFilter(self)
        self.entry.textChanged.connect(self._update_enabled)
        self.send_button = QPushButton("Send")
        self.send_button.setToolTip("Enter")
        self.send_button.clicked.connect(self.send)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setToolTip("Stop reading; what you said is saved and read with your next message")
        self.stop_button.clicked.connect(self._stop)
        self.stop_button.hide()
        self.progress = busy_bar(12)
        self.status = QLabel()
        self.status.setObjectName("chatStatus")
        self.status.setWordWrap(True)

        buttons = QVBoxLayout()
        buttons.addWidget(self.send_button)
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.entry, 1)
        row.addLayout(buttons)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.transcript, 1)
        lay.addWidget(self.progress)
        lay.addWidget(self.status)
        lay.addLayout(row)
        self._update_enabled()
        self._render()

    # -- input ------------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if watched is self.entry and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            if enter and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                self.send()
                return True
        return super().eventFilter(watched, event)

    def send(self) -> None:
        text = self.entry.toPlainText().strip()
        if self._busy or not text:
            return
        self.sent.emit(text)

    def _stop(self) -> None:
        self.stop_button.setEnabled(False)
        self.status.setText("Stopping after the current step…")
        self.stopRequested.emit()

    def _update_enabled(self) -> None:
        self.send_button.setEnabled(not self._busy and bool(self.entry.toPlainText().strip()))

    # -- called by the controller -------------------------------------------------------------

    def set_busy(self, busy: bool, message: str = "") -> None:
        self._busy = busy
        self.progress.setVisible(busy)
        self.stop_button.setVisible(busy)
        self.stop_button.setEnabled(busy)
        self.entry.setReadOnly(busy)
        self.status.setText(message)
        self._update_enabled()

    def set_progress(self, text: str) -> None:
        if self._busy:
            self.status.setText(text)

    def finished(self, *, clear: bool, message: str = "") -> None:
        self.set_busy(False, message)
        if clear:
            self.entry.clear()
        self.entry.setFocus()

    def set_history(self, snapshot: Snapshot, today: dt.date | None = None) -> None:
        self.snapshot = snapshot
        self.today = today
        self._render()

    def explain(self, message_id: int, explanation: Explanation) -> None:
        """Remember how the reply ``message_id`` was worked out (offered as a link under it)."""
        self.explanations[message_id] = explanation
        self._render()

    # -- rendering ----------------------------------------------------------------------------

    def chat_sessions(self) -> list:
        return sorted((s for s in self.snapshot.sessions if s.id.startswith(CHAT_PREFIX)), key=lambda s: (s.date, s.id))

    def _render(self) -> None:
        pal = self.palette()
        mine = pal.color(QPalette.ColorRole.Highlight)
        mine.setAlpha(40)
        theirs = pal.color(QPalette.ColorRole.AlternateBase)
        muted = pal.color(QPalette.ColorRole.PlaceholderText).name()
        link = pal.color(QPalette.ColorRole.Link).name()
        mine_css = f"rgba({mine.red()},{mine.green()},{mine.blue()},{mine.alphaF():.2f})"
        learned_by_msg: dict[int, list[Fact]] = {}
        for fact in self.snapshot.facts.values():
            if fact.message_id is not None and fact.frame not in _HIDDEN_FRAMES:
                learned_by_msg.setdefault(fact.message_id, []).append(fact)
        parts: list[str] = []
        sessions = self.chat_sessions()
        if not self.snapshot.sessions:
            parts.append(WELCOME)
        elif not sessions:
            parts.append(f"<p style='color:{muted}'>Nothing said yet. Tell me about a trip, an appointment, a "
                         "medicine, a bill or a rule (“warn me if…”), or ask about what you told me.</p>")
        for session in sessions:
            parts.append(f"<p align='center' style='color:{muted}'>{html.escape(human_date(session.date, self.today))}</p>")
            for msg in session.messages:
                body = html.escape(msg.text).replace("\n", "<br>")
                if msg.speaker == "user":
                    parts.append(f"<table width='100%' cellpadding='6'><tr><td width='15%'></td>"
                                 f"<td style='background-color:{mine_css}'><b>You</b><br>{body}"
                                 f"{self._learned_html(learned_by_msg.get(msg.id, []), muted)}</td></tr></table>")
                else:
                    parts.append(f"<table width='100%' cellpadding='6'><tr><td style='background-color:{theirs.name()}'>"
                                 f"<b>Assistant</b><br>{body}{self._explanation_html(msg.id, link)}</td>"
                                 f"<td width='15%'></td></tr></table>")
        self.transcript.setHtml("".join(parts))
        bar = self.transcript.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _learned_html(self, facts: list[Fact], muted: str) -> str:
        if not facts:
            return ""
        rows = []
        for fact in sorted(facts, key=lambda f: f.id):
            what = html.escape(describe(fact))
            rows.append(f"<br><span style='color:{muted}'>↳ {what}</span> "
                        f"<a href='{href('record', self.snapshot.record_of.get(fact.id, record_id_of(fact)))}'>show</a> · <a href='{href('undo', fact.id)}'>undo</a>")
        return "<small>" + "".join(rows) + "</small>"

    def _explanation_html(self, message_id: int, link: str) -> str:
        exp = self.explanations.get(message_id)
        if exp is None:
            return ""
        if message_id not in self._open:
            return f"<br><small><a href='how:{message_id}' style='color:{link}'>How I worked this out</a></small>"
        code = html.escape(exp.computation)
        return (f"<br><small>{html.escape(exp.words)}<br><code>{code}</code> "
                f"<a href='how:{message_id}'>hide</a></small>")

    # -- links ----------------------------------------------------------------------------------

    def _on_link(self, url: QUrl) -> None:
        kind, value = parse(url)
        if kind == "record":
            self.recordRequested.emit(value)
        elif kind == "demo":
            self.demoRequested.emit()
        elif kind == "first":
            self.entry.setFocus()
        elif kind == "how" and value.isdigit():
            self._open ^= {int(value)}
            self._render()
        elif kind == "undo" and value.isdigit():
            fact = self.snapshot.facts.get(int(value))
            what = describe(fact) if fact is not None else f"fact #{value}"
            if self.confirm(self, "Undo what was learned?",
                            f"Forget this for good?\n\n{what}\n\nThe forget is recorded; the rest of the message stays."):
                self.undoRequested.emit(int(value), what)
