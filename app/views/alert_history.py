"""Every alert on record — new, seen, snoozed, dismissed, resolved — with undo.

Undo brings a snoozed or dismissed alert back to the list (``seen``) and marks a seen one unread
(``new``); a resolved alert cannot be brought back (its rule no longer fires) and says so.
"""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app import qtfix  # noqa: F401  (must precede any emit)
from app.icons import severity_icon
from engine.readable import moment_words
from engine.rules.alert import Alert

STATES = ("all", "new", "seen", "snoozed", "dismissed", "resolved")
UNDO_TO = {"dismissed": "seen", "snoozed": "seen", "seen": "new"}
_UNDO_LABEL = {"dismissed": "Bring back", "snoozed": "Bring back now", "seen": "Mark unread"}
_ROLE_KEY = Qt.ItemDataRole.UserRole


def _when(moment: dt.datetime | None) -> str:
    return moment_words(moment) if moment else ""


class AlertHistoryDialog(QDialog):
    """``undoRequested(key, new_state)``; ``refreshRequested()`` when it opens."""

    undoRequested = Signal(str, str)
    refreshRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Alert history")
        self.resize(760, 420)
        self.alerts: list[Alert] = []
        self.state_filter = QComboBox()
        self.state_filter.addItems([s.capitalize() for s in STATES])
        self.state_filter.currentIndexChanged.connect(lambda _i: self._fill())
        self.table = QTableWidget(0, 4)
        self.table.setObjectName("alertHistory")
        self.table.setHorizontalHeaderLabels(["State", "Alert", "First raised", "Snoozed until"])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._update_undo)
        self.undo_button = QPushButton("Undo")
        self.undo_button.clicked.connect(self._undo)
        self.note = QLabel()
        self.note.setWordWrap(True)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)

        top = QHBoxLayout()
        top.addWidget(QLabel("Show:"))
        top.addWidget(self.state_filter)
        top.addStretch(1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.undo_button)
        bottom.addWidget(self.note, 1)
        bottom.addWidget(close)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(self.table, 1)
        lay.addLayout(bottom)
        self._update_undo()

    def open_history(self) -> None:
        self.refreshRequested.emit()
        self.show()
        self.raise_()

    def set_alerts(self, alerts: list[Alert]) -> None:
        self.alerts = list(alerts)
        self._fill()

    def shown_keys(self) -> list[str]:
        return [self.table.item(r, 0).data(_ROLE_KEY) for r in range(self.table.rowCount())]

    def select(self, key: str) -> bool:
        for row, shown in enumerate(self.shown_keys()):
            if shown == key:
                self.table.selectRow(row)
                return True
        return False

    def _fill(self) -> None:
        wanted = STATES[self.state_filter.currentIndex()]
        shown = [a for a in self.alerts if wanted == "all" or a.state == wanted]
        shown.sort(key=lambda a: a.first_seen or dt.datetime.min, reverse=True)
        self.table.setRowCount(len(shown))
        for row, alert in enumerate(shown):
            state = QTableWidgetItem(alert.state)
            state.setData(_ROLE_KEY, alert.key)
            title = QTableWidgetItem(severity_icon(alert.severity), alert.title)
            title.setToolTip(f"{alert.title}\n{alert.message}")
            for col, item in enumerate((state, title, QTableWidgetItem(_when(alert.first_seen)),
                                        QTableWidgetItem(_when(alert.snoozed_until)))):
                self.table.setItem(row, col, item)
        self.table.resizeColumnToContents(0)
        self.table.resizeColumnToContents(2)
        self._update_undo()

    def _selected(self) -> Alert | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        key = self.table.item(rows[0].row(), 0).data(_ROLE_KEY)
        return next((a for a in self.alerts if a.key == key), None)

    def _update_undo(self) -> None:
        alert = self._selected()
        target = UNDO_TO.get(alert.state) if alert is not None else None
        self.undo_button.setEnabled(target is not None)
        self.undo_button.setText(_UNDO_LABEL.get(alert.state, "Undo") if alert is not None else "Undo")
        if alert is not None and alert.state == "resolved":
            self.note.setText("Resolved: its rule no longer fires. It comes back by itself if it fires again.")
        else:
            self.note.setText("")

    def _undo(self) -> None:
        alert = self._selected()
        target = UNDO_TO.get(alert.state) if alert is not None else None
        if alert is not None and target is not None:
            self.undoRequested.emit(alert.key, target)
