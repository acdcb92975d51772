"""Where the user adds a new session: its text, the date it happened, and one button."""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDateEdit,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app import qtfix  # noqa: F401  (must precede any emit)
from app.views.busy import busy_bar


class ComposeView(QWidget):
    """``submitted(text, date)`` when the user asks to add the session; the caller does the work.

    The session date matters: relative dates in the text ("next Friday") resolve against it.
    """

    submitted = Signal(str, object)
    stopRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = QPlainTextEdit()
        self.text.setObjectName("sessionText")
        self.text.setPlaceholderText(
            "Paste or type a conversation.\n\nUser: I fly to Tokyo on March 3rd.\nAssistant: Have a good trip!"
        )
        self.date = QDateEdit()
        self.date.setCalendarPopup(True)
        self.date.setDisplayFormat("yyyy-MM-dd")
        self.date.setDate(QDate.currentDate())
        self.date.setToolTip("The date the conversation took place; relative dates resolve against it")
        self.add_button = QPushButton("Add to memory")
        self.add_button.setDefault(True)
        self.add_button.setToolTip("Ctrl+Enter")
        self.add_button.clicked.connect(self._submit)
        QShortcut(QKeySequence("Ctrl+Return"), self, activated=self._submit)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setToolTip("Stop after the current step; the conversation stays saved")
        self.stop_button.clicked.connect(self._stop)
        self.stop_button.hide()
        self.progress = busy_bar(14)
        self.status = QLabel()
        self.status.setObjectName("composeStatus")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)

        row = QHBoxLayout()
        row.addWidget(QLabel("Session date:"))
        row.addWidget(self.date)
        row.addStretch(1)
        row.addWidget(self.stop_button)
        row.addWidget(self.add_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(QLabel("<b>Add a session</b>"))
        lay.addWidget(self.text, 1)
        lay.addLayout(row)
        lay.addWidget(self.progress)
        lay.addWidget(self.status)
        self.text.textChanged.connect(self._update_enabled)
        self._busy = False
        self._update_enabled()

    def session_date(self) -> dt.date:
        d = self.date.date()
        return dt.date(d.year(), d.month(), d.day())

    def set_session_date(self, day: dt.date) -> None:
        self.date.setDate(QDate(day.year, day.month, day.day))

    def set_busy(self, busy: bool, message: str = "") -> None:
        self._busy = busy
        self.progress.setVisible(busy)
        self.stop_button.setVisible(busy)
        self.stop_button.setEnabled(busy)
        self.text.setReadOnly(busy)
        if message:
            self.status.setText(message)
        self._update_enabled()

    def finished(self, message: str, *, clear: bool) -> None:
        self.set_busy(False, message)
        if clear:
            self.text.clear()

    def _stop(self) -> None:
        self.stop_button.setEnabled(False)
        self.status.setText("Stopping after the current step…")
        self.stopRequested.emit()

    def _submit(self) -> None:
        body = self.text.toPlainText()
        if self._busy or not body.strip():
            return
        self.submitted.emit(body, self.session_date())

    def _update_enabled(self) -> None:
        self.add_button.setEnabled(not self._busy and bool(self.text.toPlainText().strip()))
