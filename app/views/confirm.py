"""One question before an action that forgets or deletes: Yes or Cancel.

Views keep it as an attribute (``self.confirm``) so tests can answer it without a modal dialog.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMessageBox, QWidget

Confirm = Callable[[QWidget, str, str], bool]


def ask_yes(parent: QWidget, title: str, text: str) -> bool:
    buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel
    return QMessageBox.question(parent, title, text, buttons) == QMessageBox.StandardButton.Yes
