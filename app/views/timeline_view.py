"""The log as a timeline: sessions by date (newest first), each expandable into its messages."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from app.snapshot import SessionView

_ROLE_ID = Qt.ItemDataRole.UserRole
_PREVIEW = 160


class TimelineView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tree = QTreeWidget()
        self.tree.setObjectName("timeline")
        self.tree.setHeaderLabels(["Session", "Text"])
        self.tree.setWordWrap(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setStretchLastSection(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.tree)

    def set_sessions(self, sessions: list[SessionView]) -> None:
        expanded = {
            self.tree.topLevelItem(i).data(0, _ROLE_ID)
            for i in range(self.tree.topLevelItemCount())
            if self.tree.topLevelItem(i).isExpanded()
        }
        self.tree.clear()
        for s in sorted(sessions, key=lambda s: (s.date, s.id), reverse=True):
            first = next((m.text for m in s.messages if m.speaker == "user"), "")
            label = s.title or _preview(first)
            top = QTreeWidgetItem([f"{s.date.isoformat()} · {s.source}", f"{label}  ({len(s.messages)} messages)"])
            top.setData(0, _ROLE_ID, s.id)
            top.setToolTip(0, f"session {s.id}")
            self.tree.addTopLevelItem(top)
            for m in s.messages:
                child = QTreeWidgetItem([m.speaker, m.text])
                child.setToolTip(1, m.text)
                if m.extraction == "failed":
                    child.setForeground(0, QBrush(QColor("#b00020")))
                    child.setToolTip(0, "extraction failed; retry with `uac ingest --retry`")
                elif m.extraction == "pending":
                    child.setToolTip(0, "not extracted yet")
                top.addChild(child)
            top.setExpanded(s.id in expanded)

    def session_ids(self) -> list[str]:
        return [self.tree.topLevelItem(i).data(0, _ROLE_ID) for i in range(self.tree.topLevelItemCount())]


def _preview(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= _PREVIEW else line[: _PREVIEW - 1] + "…"
