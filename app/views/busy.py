"""The thin "working…" bar every view shows while its task runs on the engine thread."""

from __future__ import annotations

from PySide6.QtWidgets import QProgressBar


def busy_bar(height: int = 12) -> QProgressBar:
    """An indeterminate bar without text, hidden until the view is busy."""
    bar = QProgressBar()
    bar.setRange(0, 0)
    bar.setMaximumHeight(height)
    bar.setTextVisible(False)
    bar.hide()
    return bar
