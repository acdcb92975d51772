"""Geometry checks for screenshots: no two widgets of one layout overlap, no label or button is cut.

Used by the layout tests; by widget geometry, not by eye."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget


def overlaps(root: QWidget) -> list[str]:
    """Pairs of visible widgets managed by one layout whose rectangles intersect."""
    found: list[str] = []
    for widget in [root, *root.findChildren(QWidget)]:
        layout = widget.layout()
        if layout is None or not widget.isVisible():
            continue
        kids = [c for c in widget.findChildren(QWidget, options=_direct()) if c.isVisible() and not c.isWindow()
                and layout.indexOf(c) >= 0]
        for i, a in enumerate(kids):
            for b in kids[i + 1:]:
                both = a.geometry().intersected(b.geometry())
                if both.width() > 1 and both.height() > 1:
                    found.append(f"{_name(a)} overlaps {_name(b)} in {_name(widget)}: {_rect(a.geometry())} / {_rect(b.geometry())}")
    return found


def clipped(root: QWidget) -> list[str]:
    """Visible one-line labels and buttons narrower than their text needs."""
    found = []
    for w in root.findChildren(QWidget):
        if not w.isVisible() or w.width() <= 0:
            continue
        if isinstance(w, QLabel) and not w.wordWrap() and w.text() and "<" not in w.text():
            need = w.fontMetrics().horizontalAdvance(w.text().replace("&", "")) + w.contentsMargins().left() + w.contentsMargins().right()
        elif isinstance(w, QAbstractButton) and w.text():
            need = w.minimumSizeHint().width()
        else:
            continue
        if w.width() + 2 < need:
            found.append(f"{_name(w)} is {w.width()} px wide but needs {need} for {w.text()!r}")
    return found


def dark_palette() -> QPalette:
    pal = QPalette()
    for role, colour in (
        (QPalette.ColorRole.Window, "#2b2b2b"), (QPalette.ColorRole.WindowText, "#e6e6e6"),
        (QPalette.ColorRole.Base, "#1e1e1e"), (QPalette.ColorRole.AlternateBase, "#333333"),
        (QPalette.ColorRole.Text, "#e6e6e6"), (QPalette.ColorRole.Button, "#3a3a3a"),
        (QPalette.ColorRole.ButtonText, "#e6e6e6"), (QPalette.ColorRole.Highlight, "#3d7ad6"),
        (QPalette.ColorRole.HighlightedText, "#ffffff"), (QPalette.ColorRole.Link, "#8ab4f8"),
        (QPalette.ColorRole.PlaceholderText, "#9a9a9a"), (QPalette.ColorRole.ToolTipBase, "#333333"),
        (QPalette.ColorRole.ToolTipText, "#e6e6e6"),
    ):
        pal.setColor(role, QColor(colour))
    return pal


def _direct():
    from PySide6.QtCore import Qt

    return Qt.FindChildOption.FindDirectChildrenOnly


def _name(w: QWidget) -> str:
    return w.objectName() or type(w).__name__


def _rect(r: QRect) -> str:
    return f"{r.x()},{r.y()} {r.width()}x{r.height()}"
