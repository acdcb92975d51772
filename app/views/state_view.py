"""The typed state: domains → collections on the left, records in a table, provenance below.

Every value can explain itself: its tooltip, and the panel under the table when the cell is
selected, show the fact it came from, that fact's message text and the session date.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableView,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app import qtfix  # noqa: F401  (must precede any emit)
from app.snapshot import Provenance, Snapshot
from app.values import format_value, slot_kind, sort_key
from engine.frames import DOMAIN_DOCS, FRAMES_BY_NAME
from engine.state import Record

_Index = QModelIndex | QPersistentModelIndex
_ROLE_PATH = Qt.ItemDataRole.UserRole
_HIDDEN_SLOTS = {"currency"}  # shown inside the money values instead


class RecordsModel(QAbstractTableModel):
    """Records of one collection; columns are the slots that hold a value in at least one record."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.records: list[Record] = []
        self.columns: list[str] = []
        self.snapshot = Snapshot()

    def set_records(self, records: list[Record], snapshot: Snapshot) -> None:
        self.beginResetModel()
        self.records = list(records)
        self.snapshot = snapshot
        cols: list[str] = []
        if any(r.subject != "me" for r in records):
            cols.append("subject")
        cols.append("status")
        if records:
            fr = FRAMES_BY_NAME.get(records[0].frame)
            names = fr.slot_names if fr else tuple(records[0].values)
            cols += [n for n in names if n not in _HIDDEN_SLOTS and any(r.values.get(n) is not None for r in records)]
        self.columns = cols
        self.endResetModel()

    # -- Qt model API -------------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.records)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.columns[section].replace("_", " ").capitalize()
        if role == Qt.ItemDataRole.ToolTipRole and orientation == Qt.Orientation.Horizontal and self.records:
            name = self.columns[section]
            return f"{name}: {slot_kind(self.records[0].frame, name)}"
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        rec = self.records[index.row()]
        col = self.columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.display(rec, col)
        if role == Qt.ItemDataRole.ToolTipRole:
            prov = self.snapshot.provenance(self.fact_id(rec, col))
            return provenance_tooltip(prov) if prov else None
        if role == Qt.ItemDataRole.UserRole:
            return self.raw(rec, col)
        if role == Qt.ItemDataRole.TextAlignmentRole and slot_kind(rec.frame, col) in ("money", "int"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and rec.status == "cancelled":
            font = QFont()
            font.setStrikeOut(True)
            return font
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(self.columns):
            return
        col = self.columns[column]
        self.layoutAboutToBeChanged.emit()
        self.records.sort(key=lambda r: sort_key(self.raw(r, col)), reverse=order == Qt.SortOrder.DescendingOrder)
        self.layoutChanged.emit()

    # -- helpers --------------------------------------------------------------------------

    @staticmethod
    def raw(rec: Record, col: str) -> Any:
        if col == "subject":
            return rec.subject
        if col == "status":
            return rec.status
        return rec.values.get(col)

    def display(self, rec: Record, col: str) -> str:
        value = self.raw(rec, col)
        currency = rec.values.get("currency") if slot_kind(rec.frame, col) == "money" else None
        return format_value(value, currency)

    @staticmethod
    def fact_id(rec: Record, col: str) -> int | None:
        if col in rec.sources:
            return rec.sources[col]
        if col in ("subject", "status") and rec.evidence:
            return rec.evidence[0]
        return None


def provenance_tooltip(prov: Provenance) -> str:
    where = f"session {prov.session_date.isoformat()}"
    text = prov.message.text if prov.message else prov.evidence
    if len(text) > 300:
        text = text[:297] + "…"
    return f"<b>From {html.escape(where)}</b><br>{html.escape(text)}"


def provenance_html(rec: Record, col: str, prov: Provenance | None, value: str) -> str:
    """The side panel: the value, its type, the message it came from (span highlighted), history."""
    parts = [f"<h3>{html.escape(rec.frame)} · {html.escape(col)}</h3>"]
    kind = "status" if col == "status" else slot_kind(rec.frame, col)
    parts.append(f"<p><b>{html.escape(value or '—')}</b> <span style='color:gray'>({kind})</span></p>")
    if prov is None:
        parts.append("<p style='color:gray'>No source recorded for this value.</p>")
    else:
        speaker = prov.message.speaker if prov.message else "?"
        parts.append(
            f"<p>Said on <b>{prov.session_date.isoformat()}</b> by {html.escape(speaker)} "
            f"<span style='color:gray'>(session {html.escape(prov.session_id)}, fact #{prov.fact_id}, "
            f"{html.escape(prov.extractor)}, confidence {prov.confidence:.2f})</span></p>"
        )
        parts.append(f"<blockquote>{_highlight(prov)}</blockquote>")
    history = [c for c in rec.history if c.slot == col]
    if history:
        rows = "".join(
            f"<li>{html.escape(format_value(c.old))} → {html.escape(format_value(c.new))} (fact #{c.fact_id})</li>"
            for c in history
        )
        parts.append(f"<p>Earlier values:</p><ul>{rows}</ul>")
    return "".join(parts)


def _highlight(prov: Provenance) -> str:
    text = prov.message.text if prov.message else prov.evidence
    start, end = prov.span
    if not (prov.message and 0 <= start < end <= len(text)):
        pos = text.find(prov.evidence) if prov.evidence else -1
        if pos < 0:
            return html.escape(text)
        start, end = pos, pos + len(prov.evidence)
    return (
        html.escape(text[:start])
        + f"<span style='background:#fff2a8'>{html.escape(text[start:end])}</span>"
        + html.escape(text[end:])
    )


class StateView(QWidget):
    """Emits ``collectionShown(domain, collection)`` whenever the table changes collection."""

    collectionShown = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.snapshot = Snapshot()
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Domain", "Records"])
        self.tree.setRootIsDecorated(True)
        self.tree.setUniformRowHeights(True)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setStretchLastSection(False)
        self.tree.setMinimumWidth(170)
        self.tree.currentItemChanged.connect(self._on_tree_changed)

        self.model = RecordsModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSortingEnabled(True)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.selectionModel().currentChanged.connect(self._on_cell_changed)

        self.title = QLabel()
        self.title.setObjectName("collectionTitle")
        self.details = QTextBrowser()
        self.details.setObjectName("provenance")
        self.details.setPlaceholderText("Select a value to see the message it came from.")

        right = QWidget()
        rlay = QVBoxLayout(right)
        rlay.setContentsMargins(0, 0, 0, 0)
        rlay.addWidget(self.title)
        vsplit = QSplitter(Qt.Orientation.Vertical)
        vsplit.addWidget(self.table)
        vsplit.addWidget(self.details)
        vsplit.setStretchFactor(0, 3)
        vsplit.setStretchFactor(1, 1)
        rlay.addWidget(vsplit)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.tree)
        split.addWidget(right)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 4)
        split.setSizes([190, 600])
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(split)
        self._current: tuple[str, str] | None = None
        self._show_empty()

    def set_snapshot(self, snapshot: Snapshot) -> None:
        """Rebuild the tree, keeping the selected collection when it still exists."""
        self.snapshot = snapshot
        keep = self._current
        self.tree.blockSignals(True)
        self.tree.clear()
        select: QTreeWidgetItem | None = None
        first: QTreeWidgetItem | None = None
        for domain, colls in snapshot.domains.items():
            total = sum(len(v) for v in colls.values())
            ditem = QTreeWidgetItem([domain.capitalize(), str(total)])
            ditem.setToolTip(0, DOMAIN_DOCS.get(domain, domain))
            ditem.setData(0, _ROLE_PATH, (domain, next(iter(colls))))
            self.tree.addTopLevelItem(ditem)
            for coll, recs in colls.items():
                citem = QTreeWidgetItem([coll.capitalize(), str(len(recs))])
                citem.setData(0, _ROLE_PATH, (domain, coll))
                ditem.addChild(citem)
                if keep == (domain, coll):
                    select = citem
                first = first or citem
            ditem.setExpanded(True)
        select = select or first
        self.tree.blockSignals(False)
        if select is not None:
            self.tree.setCurrentItem(select)
            self._show(*select.data(0, _ROLE_PATH))
        else:
            self._show_empty()

    def show_collection(self, domain: str, collection: str) -> bool:
        for i in range(self.tree.topLevelItemCount()):
            ditem = self.tree.topLevelItem(i)
            for j in range(ditem.childCount()):
                if ditem.child(j).data(0, _ROLE_PATH) == (domain, collection):
                    self.tree.setCurrentItem(ditem.child(j))
                    return True
        return False

    def show_record(self, record_id: str) -> bool:
        """Select the collection holding ``record_id`` and its row; False when no record has that id."""
        for domain, colls in self.snapshot.domains.items():
            for coll, recs in colls.items():
                if any(r.id == record_id for r in recs) and self.show_collection(domain, coll):
                    row = next(i for i, r in enumerate(self.model.records) if r.id == record_id)
                    self.table.setCurrentIndex(self.model.index(row, 0))
                    self.table.scrollTo(self.model.index(row, 0))
                    return True
        return False

    def _on_tree_changed(self, current: QTreeWidgetItem | None, _prev: QTreeWidgetItem | None) -> None:
        if current is not None and current.data(0, _ROLE_PATH):
            self._show(*current.data(0, _ROLE_PATH))

    def _show(self, domain: str, collection: str) -> None:
        recs = self.snapshot.domains.get(domain, {}).get(collection, [])
        self._current = (domain, collection)
        self.model.set_records(recs, self.snapshot)
        self.table.resizeColumnsToContents()
        frame_doc = FRAMES_BY_NAME[recs[0].frame].doc if recs and recs[0].frame in FRAMES_BY_NAME else ""
        self.title.setText(f"<b>{collection.capitalize()}</b> — {len(recs)} record(s). {html.escape(frame_doc)}")
        self.details.clear()
        self.collectionShown.emit(domain, collection)

    def _show_empty(self) -> None:
        self._current = None
        self.model.set_records([], self.snapshot)
        self.title.setText("<b>Nothing remembered yet.</b> Add a session to start.")
        self.details.clear()

    def _on_cell_changed(self, current: QModelIndex, _prev: QModelIndex) -> None:
        if not current.isValid():
            self.details.clear()
            return
        rec = self.model.records[current.row()]
        col = self.model.columns[current.column()]
        prov = self.snapshot.provenance(self.model.fact_id(rec, col))
        self.details.setHtml(provenance_html(rec, col, prov, self.model.display(rec, col)))
