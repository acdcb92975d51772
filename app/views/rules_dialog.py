"""The rules the user stated: each in their words, in plain words, and as the code it compiles to,
with approve (a rule found in imported text waits for it), disable and delete."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app import qtfix  # noqa: F401  (must precede any emit)
from app.snapshot import RuleView
from app.views.confirm import Confirm, ask_yes
from engine.readable import day_words

_ROLE_ID = Qt.ItemDataRole.UserRole
_ALLOWED = {"approve": ("pending", "disabled"), "disable": ("active", "pending"), "delete": ("active", "pending", "disabled")}
_STATUS_WORDS = {"active": "on", "pending": "waits for your approval", "disabled": "off"}



class RulesDialog(QDialog):
    """``actionRequested(rule_id, action)`` with action ``approve``, ``disable`` or ``delete``."""

    actionRequested = Signal(int, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Your rules")
        self.resize(860, 520)
        self.confirm: Confirm = ask_yes
        self.rules: list[RuleView] = []
        self.table = QTableWidget(0, 3)
        self.table.setObjectName("rulesTable")
        self.table.setHorizontalHeaderLabels(["Status", "You said", "Stated"])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._show_selected)
        self.meaning = QLabel()
        self.meaning.setWordWrap(True)
        self.meaning.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.code = QPlainTextEdit()
        self.code.setObjectName("ruleCode")
        self.code.setReadOnly(True)
        self.code.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.code.setPlaceholderText("The code this rule compiles to (rules/user_rules.py).")
        self.empty = QLabel("No rules yet. Say one in Chat, like “warn me if I spend over 300 at a restaurant”.")
        self.empty.setWordWrap(True)

        self.buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        for action, label in (("approve", "Approve / turn on"), ("disable", "Turn off"), ("delete", "Delete…")):
            button = QPushButton(label)
            button.clicked.connect(lambda _=False, a=action: self._request(a))
            self.buttons[action] = button
            row.addWidget(button)
        row.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        row.addWidget(close)

        detail = QWidget()
        dlay = QVBoxLayout(detail)
        dlay.setContentsMargins(0, 0, 0, 0)
        dlay.addWidget(self.meaning)
        dlay.addWidget(self.code, 1)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(detail)
        lay = QVBoxLayout(self)
        lay.addWidget(self.empty)
        lay.addWidget(split, 1)
        lay.addLayout(row)
        self._show_selected()

    def set_rules(self, rules: list[RuleView]) -> None:
        keep = self.selected()
        self.rules = list(rules)
        self.table.setRowCount(len(rules))
        for r, rule in enumerate(rules):
            status = QTableWidgetItem(_STATUS_WORDS.get(rule.status, rule.status))
            status.setData(_ROLE_ID, rule.id)
            said = QTableWidgetItem(rule.text + (" (from imported text)" if rule.origin == "imported" else ""))
            said.setToolTip(rule.text)
            stated = QTableWidgetItem(day_words(rule.stated_on))
            for c, item in enumerate((status, said, stated)):
                self.table.setItem(r, c, item)
            if keep is not None and rule.id == keep.id:
                self.table.selectRow(r)
        self.table.resizeColumnToContents(0)
        self.table.resizeColumnToContents(2)
        self.empty.setVisible(not rules)
        if self.selected() is None and rules:
            self.table.selectRow(0)
        self._show_selected()

    def select(self, rule_id: int) -> bool:
        for r in range(self.table.rowCount()):
            if self.table.item(r, 0).data(_ROLE_ID) == rule_id:
                self.table.selectRow(r)
                return True
        return False

    def selected(self) -> RuleView | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        if not rows:
            return None
        rid = self.table.item(rows[0].row(), 0).data(_ROLE_ID)
        return next((r for r in self.rules if r.id == rid), None)

    def _show_selected(self) -> None:
        rule = self.selected()
        for action, button in self.buttons.items():
            button.setEnabled(rule is not None and rule.status in _ALLOWED[action]
                              and not (action == "approve" and not rule.code))
        if rule is None:
            self.meaning.setText("")
            self.code.setPlainText("")
            return
        means = rule.meaning or f"Not usable: {rule.error}"
        self.meaning.setText(f"<b>Means:</b> {means}<br><b>Status:</b> {_STATUS_WORDS.get(rule.status, rule.status)}")
        self.code.setPlainText(rule.code)

    def _request(self, action: str) -> None:
        rule = self.selected()
        if rule is None:
            return
        if action == "delete" and not self.confirm(self, "Delete this rule?",
                                                   f"Delete “{rule.text}”? It stops firing; the log keeps its history."):
            return
        self.actionRequested.emit(rule.id, action)
