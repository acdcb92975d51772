"""In-app banners: the notification channel that always works, and where errors are shown.

A banner is a coloured strip at the top of the window with a close button. Only the newest few
are kept, so a burst of alerts cannot push the window's content away.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from app import qtfix  # noqa: F401  (must precede any emit)
from app.notify import Notification

_COLOURS = {
    "info": ("#e8f1fb", "#2f7fd0"),
    "warning": ("#fff4d6", "#c58a00"),
    "critical": ("#fde7e6", "#d0342c"),
    "error": ("#fde7e6", "#d0342c"),
}


class Banner(QFrame):
    closed = Signal()

    def __init__(self, summary: str, body: str, severity: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary, self.body, self.severity = summary, body, severity
        bg, edge = _COLOURS.get(severity, _COLOURS["info"])
        self.setObjectName("banner")
        self.setStyleSheet(
            f"#banner {{ background: {bg}; border: 1px solid {edge}; border-left: 5px solid {edge};"
            " border-radius: 4px; } #banner QLabel { color: #202020; }"
        )
        self.label = QLabel(f"<b>{html.escape(summary)}</b>" + (f" — {html.escape(body)}" if body else ""))
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        close = QToolButton()
        close.setText("✕")
        close.setAutoRaise(True)
        close.setToolTip("Close")
        close.clicked.connect(self._close)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(8, 4, 4, 4)
        lay.addWidget(self.label, 1)
        lay.addWidget(close, 0, Qt.AlignmentFlag.AlignTop)

    def _close(self) -> None:
        self.hide()
        self.closed.emit()
        self.deleteLater()


class BannerArea(QWidget):
    """Also the last notification adapter: ``notify`` never raises."""

    name = "banner"
    MAX_BANNERS = 3

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(6, 6, 6, 0)
        self._layout.setSpacing(4)
        self.banners: list[Banner] = []
        self.hide()

    def show_banner(self, summary: str, body: str = "", severity: str = "info") -> Banner:
        banner = Banner(summary, body, severity, self)
        banner.closed.connect(lambda b=banner: self._forget(b))
        self.banners.append(banner)
        self._layout.addWidget(banner)
        while len(self.banners) > self.MAX_BANNERS:
            old = self.banners.pop(0)
            old.hide()
            old.deleteLater()
        self.show()
        return banner

    def notify(self, note: Notification) -> None:
        self.show_banner(note.summary, note.body, note.severity)

    def clear(self) -> None:
        for b in self.banners:
            b.hide()
            b.deleteLater()
        self.banners.clear()
        self.hide()

    def _forget(self, banner: Banner) -> None:
        if banner in self.banners:
            self.banners.remove(banner)
        if not self.banners:
            self.hide()
