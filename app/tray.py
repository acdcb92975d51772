"""The tray icon, when the desktop has a tray; the app never depends on it (GNOME has none)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QSystemTrayIcon

from app import qtfix  # noqa: F401  (must precede any emit)
from app.icons import app_icon
from app.notify import Notification, NotifyError

_BALLOON_ICON = {
    "info": QSystemTrayIcon.MessageIcon.Information,
    "warning": QSystemTrayIcon.MessageIcon.Warning,
    "critical": QSystemTrayIcon.MessageIcon.Critical,
}


class Tray(QObject):
    """Menu: Open, Pause alerts (checkable), Quit. Also a notification adapter (balloons)."""

    name = "tray"
    openRequested = Signal()
    pauseToggled = Signal(bool)
    quitRequested = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.icon: QSystemTrayIcon | None = None
        self.menu = QMenu()
        self.open_action = QAction("Open", self.menu)
        self.pause_action = QAction("Pause alerts", self.menu, checkable=True)
        self.quit_action = QAction("Quit", self.menu)
        self.open_action.triggered.connect(self.openRequested)
        self.pause_action.toggled.connect(self.pauseToggled)
        self.quit_action.triggered.connect(self.quitRequested)
        self.menu.addAction(self.open_action)
        self.menu.addAction(self.pause_action)
        self.menu.addSeparator()
        self.menu.addAction(self.quit_action)
        if QSystemTrayIcon.isSystemTrayAvailable():
            self.icon = QSystemTrayIcon(app_icon(), self)
            self.icon.setToolTip("UaC Desktop")
            self.icon.setContextMenu(self.menu)
            self.icon.activated.connect(self._on_activated)
            self.icon.show()

    @property
    def available(self) -> bool:
        return self.icon is not None and self.icon.isVisible()

    def set_paused(self, paused: bool) -> None:
        self.pause_action.blockSignals(True)
        self.pause_action.setChecked(paused)
        self.pause_action.blockSignals(False)

    def notify(self, note: Notification) -> None:
        if not self.available or not QSystemTrayIcon.supportsMessages():
            raise NotifyError("no system tray")
        assert self.icon is not None
        self.icon.showMessage(note.summary, note.body, _BALLOON_ICON.get(note.severity, _BALLOON_ICON["info"]), 10_000)

    def hide(self) -> None:
        if self.icon is not None:
            self.icon.hide()

    def _on_activated(self, reason: QSystemTrayIcon.ActivationReason) -> None:
        if reason in (QSystemTrayIcon.ActivationReason.Trigger, QSystemTrayIcon.ActivationReason.DoubleClick):
            self.openRequested.emit()
