"""The typed state: domains → collections on the left, records in a table, provenance below.

Every value can explain itself: its tooltip, and the panel under the table when the cell is
selected, show the fact it came from, that fact's message text and the session date.
"""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QFont, QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMenu,
    QSplitter,
    QTableView,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app import qtfix  # noqa: F401  (must precede any emit)
from app.snapshot import Provenance, Snapshot, total_of
from app.values import display_value, format_value, slot_kind, sort_key
from app.views.confirm import Confirm, ask_yes
from engine.frames import DOMAIN_DOCS, FRAMES_BY_NAME
from engine.readable import day_words
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
        self.today: dt.date | None = None

    def set_records(self, records: list[Record], snapshot: Snapshot, needle: str = "") -> None:
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
        if needle:
            self.records = [r for r in self.records if self.matches(r, needle)]
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
            value = self.raw(rec, col)
            iso = f"<b>{value.isoformat()}</b><br>" if isinstance(value, dt.date) else ""
            return iso + provenance_tooltip(prov) if prov else (iso or None)
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
        return display_value(value, currency, self.today)

    def matches(self, rec: Record, needle: str) -> bool:
        """True when any shown value of the record contains ``needle`` (case-insensitive)."""
        return any(needle in self.display(rec, col).casefold() or needle in format_value(self.raw(rec, col)).casefold()
                   for col in self.columns)

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


KIND_WORDS = {
    "str": "text", "int": "whole number", "float": "number", "money": "amount of money", "date": "date",
    "time": "time of day", "datetime": "date and time", "bool": "yes or no", "enum": "one of a fixed list",
    "list": "list", "status": "status",
}
_READ_BY = {
    "detector": "read by the built-in readers", "model": "read by the on-device model",
    "detector+model": "read by the built-in readers and the on-device model", "hand-edit": "corrected by you",
    "import": "imported from a file", "rule-parser": "stated by you as a rule", "user": "set by you",
}


def how_read(extractor: str) -> str:
    """Where a value came from, in words ("read by the on-device model", "corrected by you")."""
    return _READ_BY.get(extractor, _READ_BY.get(extractor.split(":")[0], f"recorded ({extractor})"))


def provenance_html(rec: Record, col: str, prov: Provenance | None, value: str, highlight: str = "#fff2a8") -> str:
    """The side panel: the value, its type, the message it came from (span highlighted), history."""
    parts = [f"<h3>{html.escape(rec.frame)} · {html.escape(col.replace('_', ' '))}</h3>"]
    kind = "status" if col == "status" else slot_kind(rec.frame, col)
    parts.append(f"<p><b>{html.escape(value or '—')}</b> <span style='color:gray'>({KIND_WORDS.get(kind, kind)})</span></p>")
    if prov is None:
        parts.append("<p style='color:gray'>No source recorded for this value.</p>")
    else:
        speaker = {"user": "you", "assistant": "the assistant"}.get(prov.message.speaker, prov.message.speaker) \
            if prov.message else "someone"
        parts.append(
            f"<p>Said by {html.escape(speaker)} on <b>{day_words(prov.session_date)}</b>; "
            f"{html.escape(how_read(prov.extractor))}.</p>"
        )
        parts.append(f"<blockquote>{_highlight(prov, highlight)}</blockquote>")
    history = [c for c in rec.history if c.slot == col]
    if history:
        rows = "".join(
            f"<li>{html.escape(format_value(c.old))} → {html.escape(format_value(c.new))} (fact #{c.fact_id})</li>"
            for c in history
        )
        parts.append(f"<p>Earlier values:</p><ul>{rows}</ul>")
    return "".join(parts)


def _highlight(prov: Provenance, colour: str) -> str:
    text = prov.message.text if prov.message else prov.evidence
    start, end = prov.span
    if not (prov.message and 0 <= start < end <= len(text)):
        pos = text.find(prov.evidence) if prov.evidence else -1
        if pos < 0:
            return html.escape(text)
        start, end = pos, pos + len(prov.evidence)
    return (
        html.escape(text[:start])
        + f"<span style='background:{colour}'>{html.escape(text[start:end])}</span>"
        + html.escape(text[end:])
    )


def _ask_value(parent: QWidget, rec: Record, col: str, current: Any, choices: tuple[str, ...]) -> str | None:
    """The correction dialog: a list for fixed choices, text otherwise (dates as 2026-03-14)."""
    label = f"{col.replace('_', ' ').capitalize()} of this {rec.frame.lower()}:"
    if choices:
        index = choices.index(current) if current in choices else 0
        value, ok = QInputDialog.getItem(parent, "Correct a value", label, list(choices), index, False)
    else:
        shown = current.isoformat() if isinstance(current, dt.date) else format_value(current).replace(",", "") \
            if isinstance(current, int | float) else format_value(current)
        value, ok = QInputDialog.getText(parent, "Correct a value", label, text=shown)
    return str(value) if ok else None



class StateView(QWidget):
    """Emits ``collectionShown(domain, collection)`` whenever the table changes collection,
    ``correctRequested(record_id, field, value)`` and ``forgetRequested(record_id, what)`` after the
    user confirmed them."""

    collectionShown = Signal(str, str)
    correctRequested = Signal(str, str, str)
    forgetRequested = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ask_value: Callable[[QWidget, Record, str, Any, tuple[str, ...]], str | None] = _ask_value
        self.confirm: Confirm = ask_yes
        self.needle = ""
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
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._context_menu)
        self.table.doubleClicked.connect(lambda index: self.correct_cell(index))

        self.filter = QLineEdit()
        self.filter.setObjectName("memoryFilter")
        self.filter.setPlaceholderText("Filter every collection (Ctrl+F)")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self.set_filter)
        QShortcut(QKeySequence.StandardKey.Find, self, activated=self.focus_filter)

        self.title = QLabel()
        self.title.setObjectName("collectionTitle")
        self.title.setWordWrap(True)
        self.details = QTextBrowser()
        self.details.setObjectName("provenance")
        self.details.setPlaceholderText("Select a value to see the message it came from.")

        right = QWidget()
        rlay = QVBoxLayout(right)
        rlay.setContentsMargins(0, 0, 0, 0)
        rlay.addWidget(self.filter)
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

    def focus_filter(self) -> None:
        self.filter.setFocus()
        self.filter.selectAll()

    def set_filter(self, text: str) -> None:
        """Show only records with a value containing ``text``; collections with none leave the tree."""
        self.needle = text.strip().casefold()
        self.set_snapshot(self.snapshot, self.model.today)

    def _matching(self, recs: list[Record]) -> list[Record]:
        if not self.needle:
            return recs
        probe = RecordsModel()
        probe.set_records(recs, self.snapshot, self.needle)
        return probe.records

    def set_snapshot(self, snapshot: Snapshot, today: dt.date | None = None) -> None:
        """Rebuild the tree, keeping the selected collection when it still exists."""
        self.snapshot = snapshot
        self.model.today = today
        keep = self._current
        self.tree.blockSignals(True)
        self.tree.clear()
        select: QTreeWidgetItem | None = None
        first: QTreeWidgetItem | None = None
        for domain, all_colls in snapshot.domains.items():
            colls = {c: m for c, recs in all_colls.items() if (m := self._matching(recs))}
            if not colls:
                continue
            total = sum(total_of(v) for v in colls.values())
            ditem = QTreeWidgetItem([domain.capitalize(), str(total)])
            ditem.setToolTip(0, DOMAIN_DOCS.get(domain, domain))
            ditem.setData(0, _ROLE_PATH, (domain, next(iter(colls))))
            self.tree.addTopLevelItem(ditem)
            for coll, recs in colls.items():
                citem = QTreeWidgetItem([coll.capitalize(), str(total_of(recs))])
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
        """Select the collection holding ``record_id`` and its row (clearing a filter that hides it);
        False when no record has that id."""
        exists = any(r.id == record_id for colls in self.snapshot.domains.values() for recs in colls.values() for r in recs)
        if not exists:
            return False
        if self.needle and not any(r.id == record_id for colls in self.snapshot.domains.values()
                                   for recs in colls.values() for r in self._matching(recs)):
            self.filter.clear()  # the filter hides it: show everything rather than nothing
        for domain, colls in self.snapshot.domains.items():
            for coll, recs in colls.items():
                if any(r.id == record_id for r in recs) and self.show_collection(domain, coll):
                    row = next((i for i, r in enumerate(self.model.records) if r.id == record_id), None)
                    if row is None:
                        return False
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
        self.model.set_records(recs, self.snapshot, self.needle)
        self.table.resizeColumnsToContents()
        frame_doc = FRAMES_BY_NAME[recs[0].frame].doc if recs and recs[0].frame in FRAMES_BY_NAME else ""
        shown = f"{len(self.model.records)} of {len(recs)}" if self.needle else f"{len(recs)}"
        total = total_of(recs)
        if total > len(recs) and self.needle:  # a big imported collection: the window holds its first records
            shown = (f"{len(self.model.records)} matching among the first {len(recs):,} of {total:,} "
                     "(ask in Chat to search all of them)")
        elif total > len(recs):
            shown = f"the first {len(recs):,} of {total:,} (ask in Chat to compute over all of them)"
        self.title.setText(f"<b>{collection.capitalize()}</b> — {shown} record(s). {html.escape(frame_doc)}")
        self.details.clear()
        self.collectionShown.emit(domain, collection)

    def _show_empty(self) -> None:
        self._current = None
        self.model.set_records([], self.snapshot)
        if self.needle and self.snapshot.domains:
            self.title.setText(f"No record mentions “{html.escape(self.needle)}”.")
        else:
            self.title.setText("<b>Nothing remembered yet.</b> Tell the assistant something in Chat, or add a past "
                               "conversation.")
        self.details.clear()

    def _on_cell_changed(self, current: QModelIndex, _prev: QModelIndex) -> None:
        if not current.isValid():
            self.details.clear()
            return
        rec = self.model.records[current.row()]
        col = self.model.columns[current.column()]
        prov = self.snapshot.provenance(self.model.fact_id(rec, col))
        colour = self.palette().color(QPalette.ColorRole.Highlight)
        colour.setAlpha(90)
        css = f"rgba({colour.red()},{colour.green()},{colour.blue()},{colour.alphaF():.2f})"
        self.details.setHtml(provenance_html(rec, col, prov, self.model.display(rec, col), css))

    # -- review and correct ------------------------------------------------------------------

    def _context_menu(self, pos: Any) -> None:
        index = self.table.indexAt(pos)
        if not index.isValid():
            return
        rec = self.model.records[index.row()]
        col = self.model.columns[index.column()]
        menu = QMenu(self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        correct = menu.addAction(f"Correct {col.replace('_', ' ')}…")
        correct.setEnabled(col != "subject")
        # the menu does not block: a new snapshot may reorder the rows before an action fires, so the
        # actions find their record again by id
        correct.triggered.connect(lambda: self._act_on(rec.id, col, self.correct_cell))
        forget = menu.addAction(f"Forget this {rec.frame.lower()}…")
        forget.triggered.connect(lambda: self._act_on(rec.id, col, lambda i: self.forget_row(i.row())))
        menu.popup(self.table.viewport().mapToGlobal(pos))

    def _act_on(self, record_id: str, col: str, action: Callable[[QModelIndex], object]) -> None:
        row = next((i for i, r in enumerate(self.model.records) if r.id == record_id), None)
        if row is not None and col in self.model.columns:
            action(self.model.index(row, self.model.columns.index(col)))

    def correct_cell(self, index: QModelIndex) -> bool:
        """Ask for the new value of one cell; emits ``correctRequested`` (the engine checks its type)."""
        if not index.isValid():
            return False
        rec = self.model.records[index.row()]
        col = self.model.columns[index.column()]
        if col == "subject":
            return False
        frame = self.snapshot_frame(rec)
        if col == "status":
            choices = frame.statuses if frame else ()
        else:
            try:
                choices = frame.slot(col).choices if frame else ()
            except KeyError:
                choices = ()
        value = self.ask_value(self, rec, col, self.model.raw(rec, col), tuple(choices))
        if value is None or not value.strip():
            return False
        self.correctRequested.emit(rec.id, col, value.strip())
        return True

    def forget_row(self, row: int) -> bool:
        rec = self.model.records[row]
        what = ", ".join(f for f in (self.model.display(rec, c) for c in self.model.columns[:4]) if f)
        title = f"{rec.frame} ({what})" if what else rec.frame
        if not self.confirm(self, "Forget this record?",
                            f"Forget for good: {title}?\n\nEvery fact it was built from is removed from the log, the "
                            "project and its history; the forget itself is recorded."):
            return False
        self.forgetRequested.emit(rec.id, title)
        return True

    def snapshot_frame(self, rec: Record) -> Any:
        """The frame of ``rec``: built in, or the learned/imported collection's."""
        return FRAMES_BY_NAME.get(rec.frame) or self.snapshot.frames.get(rec.frame)
