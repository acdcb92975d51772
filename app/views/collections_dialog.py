"""Collections learned from conversation, and the user's say over each: accept, rename, merge into
another, or refuse. The dialog only shows and asks; the controller carries out the change on the
engine thread and hands back a fresh snapshot."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app import qtfix  # noqa: F401  (must precede any emit)
from app.snapshot import CollectionView

STATE_WORDS = {"suggested": "Suggested — review", "accepted": "Kept", "refused": "Refused"}
EMPTY = "Nothing learned yet. Tell me about a run, a weigh-in or a book you finished and I will start keeping them."


class CollectionsDialog(QDialog):
    """``actionRequested(action, name, target)``: accept / rename / merge / refuse one collection."""

    actionRequested = Signal(str, str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Learned collections")
        self.resize(720, 360)
        self._collections: list[CollectionView] = []
        intro = QLabel("Kinds of record I started keeping from what you told me. Keep them, give them a better name, "
                       "fold one into another, or refuse one (its records stay in your log).")
        intro.setWordWrap(True)
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(["Collection", "Status", "Fields", "Records"])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.empty = QLabel(EMPTY)
        self.empty.setWordWrap(True)
        self.accept_button = QPushButton("&Keep")
        self.rename_button = QPushButton("&Rename…")
        self.merge_button = QPushButton("&Merge into…")
        self.refuse_button = QPushButton("Re&fuse")
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        self.accept_button.clicked.connect(lambda: self._act("accept"))
        self.refuse_button.clicked.connect(lambda: self._act("refuse"))
        self.rename_button.clicked.connect(self._rename)
        self.merge_button.clicked.connect(self._merge)
        buttons = QHBoxLayout()
        for b in (self.accept_button, self.rename_button, self.merge_button, self.refuse_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty)
        layout.addLayout(buttons)
        self._update_buttons()

    def set_collections(self, collections: list[CollectionView]) -> None:
        selected = self.selected()
        self._collections = list(collections)
        self.table.setRowCount(len(collections))
        for row, c in enumerate(collections):
            cells = (c.name.replace("_", " "), STATE_WORDS.get(c.state, c.state), c.fields, str(c.records))
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, c.name)
                item.setToolTip(text)
                self.table.setItem(row, col, item)
            if selected is not None and c.name == selected.name:
                self.table.selectRow(row)
        if self.selected() is None and collections:
            first = next((i for i, c in enumerate(collections) if c.state == "suggested"), 0)
            self.table.selectRow(first)
        self.empty.setVisible(not collections)
        self.table.setVisible(bool(collections))
        self._update_buttons()

    def selected(self) -> CollectionView | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        if not rows:
            return None
        row = rows[0].row()
        return self._collections[row] if 0 <= row < len(self._collections) else None

    def _update_buttons(self) -> None:
        c = self.selected()
        self.accept_button.setEnabled(c is not None and c.state != "accepted")
        self.rename_button.setEnabled(c is not None)
        self.merge_button.setEnabled(c is not None and len(self._collections) > 1)
        self.refuse_button.setEnabled(c is not None and c.state != "refused")

    def _act(self, action: str, target: str = "") -> None:
        c = self.selected()
        if c is not None:
            self.actionRequested.emit(action, c.name, target)

    def _rename(self) -> None:
        c = self.selected()
        if c is None:
            return
        name, ok = QInputDialog.getText(self, "Rename collection", f"New name for “{c.name.replace('_', ' ')}”:", text=c.name)
        if ok and name.strip() and name.strip() != c.name:
            self._act("rename", name.strip())

    def _merge(self) -> None:
        c = self.selected()
        if c is None:
            return
        others = [o.name for o in self._collections if o.name != c.name and o.state != "refused"]
        if not others:
            return
        target, ok = QInputDialog.getItem(self, "Merge collection", f"Move the records of “{c.name}” into:", others, 0, False)
        if ok and target:
            self._act("merge", target)
