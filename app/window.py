"""The main window: memory, timeline and ask tabs on the left, alerts and a new-session box on the right.

Only layout and presentation live here; what happens on a click is the controller's business.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app import qtfix  # noqa: F401  (must precede any emit)
from app.icons import app_icon
from app.snapshot import Snapshot
from app.views.agenda_view import AgendaView
from app.views.alert_history import AlertHistoryDialog
from app.views.alerts_view import AlertsView
from app.views.ask_view import AskView
from app.views.banner import BannerArea
from app.views.busy import busy_bar
from app.views.chart_view import ChartView
from app.views.chat_view import ChatView
from app.views.collections_dialog import CollectionsDialog
from app.views.compose_view import ComposeView
from app.views.import_action import accept_records_drag, choose_records_file, take_dropped_records
from app.views.rules_dialog import RulesDialog
from app.views.settings_dialog import SettingsDialog
from app.views.state_view import StateView
from app.views.timeline_view import TimelineView


class MainWindow(QMainWindow):
    """``closeRequested`` lets the controller decide between hiding to the tray and quitting."""

    refreshRequested = Signal()
    pauseToggled = Signal(bool)
    quitRequested = Signal()
    closeRequested = Signal()
    importRequested = Signal(object)  # Path of a records file (menu or drag and drop)
    collectionActionRequested = Signal(str, str, str)  # action, collection, target
    settingsRequested = Signal()
    aboutRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("UaC Desktop")
        self.setWindowIcon(app_icon())
        self.resize(1200, 760)
        self.allow_close = True
        self.today: Callable[[], dt.date] = dt.date.today  # the controller sets its clock's

        self.banners = BannerArea()
        self.state_view = StateView()
        self.timeline_view = TimelineView()
        self.alerts_view = AlertsView()
        self.compose_view = ComposeView()
        self.ask_view = AskView()
        self.chat_view = ChatView()
        self.agenda_view = AgendaView()
        self.agenda_view.recordRequested.connect(self.show_record)
        self.chart_view = ChartView()
        self.collections_dialog = CollectionsDialog(self)
        self.alert_history = AlertHistoryDialog(self)
        self.rules_dialog = RulesDialog(self)
        self.settings_dialog = SettingsDialog(self)
        self.alerts_view.historyRequested.connect(self.alert_history.open_history)
        self.alerts_view.recordRequested.connect(self.show_record)
        self.collections_dialog.actionRequested.connect(self.collectionActionRequested)
        self._collections: list = []

        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.chat_view, "Chat")
        self.tabs.addTab(self.state_view, "Memory")
        self.tabs.addTab(self.agenda_view, "Agenda")
        self.tabs.addTab(self.chart_view, "Charts")
        self.tabs.addTab(self.timeline_view, "Timeline")
        self.tabs.addTab(self.ask_view, "Ask")

        side = QSplitter(Qt.Orientation.Vertical)
        side.addWidget(self.alerts_view)
        side.addWidget(self.compose_view)
        side.setStretchFactor(0, 3)
        side.setStretchFactor(1, 2)
        side.setChildrenCollapsible(False)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.tabs)
        split.addWidget(side)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 1)
        split.setSizes([800, 400])
        split.setChildrenCollapsible(False)

        central = QWidget()
        lay = QVBoxLayout(central)
        lay.setContentsMargins(6, 0, 6, 6)
        lay.addWidget(self.banners)
        lay.addWidget(split, 1)
        self.setCentralWidget(central)
        self._build_status_bar()
        self._build_menus()

        # Records files dropped anywhere on the window are imported.
        self.import_dir = ""
        self.setAcceptDrops(True)

    # -- building -------------------------------------------------------------------------

    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        self.busy = busy_bar(12)
        self.busy.setMaximumWidth(120)
        self.import_stop = QPushButton("Stop import")
        self.import_stop.setToolTip("Stop the import: a file is imported whole or not at all")
        self.import_stop.hide()
        self.paused_label = QLabel()
        self.model_label = QLabel("model: …")
        self.checkpoint_label = QLabel("checkpoint: —")
        self.records_label = QLabel()
        for w in (self.busy, self.import_stop, self.paused_label, self.records_label, self.model_label, self.checkpoint_label):
            if isinstance(w, QLabel):
                w.setContentsMargins(8, 0, 8, 0)
            bar.addPermanentWidget(w)

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        refresh = QAction("&Refresh", self, shortcut=QKeySequence.StandardKey.Refresh)
        refresh.triggered.connect(self.refreshRequested)
        quit_action = QAction("&Quit", self, shortcut=QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.quitRequested)
        self.import_action = QAction("&Import records…", self, shortcut=QKeySequence("Ctrl+I"))
        self.import_action.setToolTip("Import a JSON, JSON Lines or CSV file as typed records")
        self.import_action.triggered.connect(self.choose_import)
        ask_action = QAction("&Ask a question", self, shortcut=QKeySequence("Ctrl+K"))
        ask_action.triggered.connect(self.show_ask)
        chat_action = QAction("&Chat", self, shortcut=QKeySequence("Ctrl+1"))
        chat_action.triggered.connect(self.show_chat)
        memory_action = QAction("&Memory", self, shortcut=QKeySequence("Ctrl+2"))
        memory_action.triggered.connect(lambda: self.tabs.setCurrentWidget(self.state_view))
        agenda_action = QAction("A&genda", self, shortcut=QKeySequence("Ctrl+3"))
        agenda_action.triggered.connect(lambda: self.tabs.setCurrentWidget(self.agenda_view))
        timeline_action = QAction("&Timeline", self, shortcut=QKeySequence("Ctrl+4"))
        timeline_action.triggered.connect(lambda: self.tabs.setCurrentWidget(self.timeline_view))
        file_menu.addAction(self.import_action)
        file_menu.addAction(chat_action)
        file_menu.addAction(memory_action)
        file_menu.addAction(agenda_action)
        file_menu.addAction(timeline_action)
        file_menu.addAction(ask_action)
        file_menu.addAction(refresh)
        settings_action = QAction("&Settings…", self, shortcut=QKeySequence.StandardKey.Preferences)
        if settings_action.shortcut().isEmpty():
            settings_action.setShortcut(QKeySequence("Ctrl+,"))
        settings_action.triggered.connect(self.settingsRequested)
        file_menu.addSeparator()
        file_menu.addAction(settings_action)
        file_menu.addSeparator()
        file_menu.addAction(quit_action)
        memory_menu = self.menuBar().addMenu("&Memory")
        self.collections_action = QAction("Learned &collections…", self)
        self.collections_action.setToolTip("Kinds of record learned from what you said: keep, rename, merge or refuse them")
        self.collections_action.triggered.connect(self.show_collections)
        memory_menu.addAction(self.collections_action)
        self.rules_action = QAction("Your &rules…", self, shortcut=QKeySequence("Ctrl+R"))
        self.rules_action.setToolTip("The rules you stated: in words and as code; approve, turn off, delete")
        self.rules_action.triggered.connect(self.show_rules)
        memory_menu.addAction(self.rules_action)
        alerts_menu = self.menuBar().addMenu("&Alerts")
        recheck = QAction("&Check now", self)
        recheck.triggered.connect(self.alerts_view.recheckRequested)
        self.pause_action = QAction("&Pause alerts", self, checkable=True)
        self.pause_action.toggled.connect(self.pauseToggled)
        history = QAction("&History…", self, shortcut=QKeySequence("Ctrl+H"))
        history.setToolTip("Seen, snoozed, dismissed and resolved alerts, with undo")
        history.triggered.connect(self.alert_history.open_history)
        alerts_menu.addAction(recheck)
        alerts_menu.addAction(history)
        alerts_menu.addAction(self.pause_action)
        help_menu = self.menuBar().addMenu("&Help")
        about = QAction("&About UaC Desktop", self)
        about.triggered.connect(self.aboutRequested)
        help_menu.addAction(about)

    def choose_import(self) -> None:
        path = choose_records_file(self, self.import_dir)
        if path is not None:
            self._import_paths([path])

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 (Qt override)
        accept_records_drag(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802 (Qt override)
        accept_records_drag(event)

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 (Qt override)
        self._import_paths(take_dropped_records(event))

    def _import_paths(self, paths: list[Path]) -> None:
        for path in paths:
            self.import_dir = str(path.parent)
            self.importRequested.emit(path)

    def show_collections(self) -> None:
        self.collections_dialog.set_collections(self._collections)
        self.collections_dialog.show()
        self.collections_dialog.raise_()

    def show_chat(self) -> None:
        self.tabs.setCurrentWidget(self.chat_view)
        self.chat_view.entry.setFocus()

    def show_record(self, record_id: str) -> bool:
        """Open Memory on one record (from a chat link or an alert); False when it no longer exists."""
        if self.state_view.show_record(record_id):
            self.tabs.setCurrentWidget(self.state_view)
            return True
        self.statusBar().showMessage("That record is no longer in memory (forgotten or merged).", 8000)
        return False

    def show_rules(self) -> None:
        self.rules_dialog.show()
        self.rules_dialog.raise_()

    def show_ask(self) -> None:
        self.tabs.setCurrentWidget(self.ask_view)
        self.ask_view.question.setFocus()
        self.ask_view.question.selectAll()

    # -- presenting -----------------------------------------------------------------------

    def set_snapshot(self, snapshot: Snapshot) -> None:
        self.state_view.set_snapshot(snapshot, self.today())
        self.chat_view.set_history(snapshot, self.today())
        self.alerts_view.set_facts(snapshot.facts, self.today(), snapshot.record_of)
        self.agenda_view.set_items(snapshot.agenda, self.today())
        self.chart_view.set_data(snapshot.charts, snapshot.by_frame)
        self.rules_dialog.set_rules(snapshot.rules)
        waiting = sum(r.status == "pending" for r in snapshot.rules)
        self.rules_action.setText(f"Your &rules ({waiting} to approve)…" if waiting else "Your &rules…")
        self.timeline_view.set_sessions(snapshot.sessions)
        self.records_label.setText(f"{snapshot.record_count} records · {len(snapshot.sessions)} sessions")
        self._collections = list(snapshot.collections)
        self.collections_dialog.set_collections(self._collections)
        waiting = snapshot.suggested
        self.collections_action.setText(f"Learned &collections ({waiting} to review)…" if waiting else "Learned &collections…")
        if snapshot.model_status:
            self.model_label.setText(snapshot.model_status)

    def set_busy(self, busy: bool) -> None:
        self.busy.setVisible(busy)
        if not busy:
            self.statusBar().clearMessage()

    def set_progress(self, text: str) -> None:
        self.statusBar().showMessage(text)

    def set_paused(self, paused: bool) -> None:
        self.pause_action.blockSignals(True)
        self.pause_action.setChecked(paused)
        self.pause_action.blockSignals(False)
        self.paused_label.setText("<b>alerts paused</b>" if paused else "")

    def set_checkpoint_status(self, text: str) -> None:
        self.checkpoint_label.setText(text)

    def show_error(self, summary: str, message: str) -> None:
        """Errors go to a banner (once while it is shown) and the status bar; never a crash."""
        if not any(b.summary == summary and b.body == message for b in self.banners.banners):
            self.banners.show_banner(summary, message, "error")
        self.statusBar().showMessage(f"{summary}: {message}", 15_000)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.allow_close:
            event.accept()
            return
        event.ignore()
        self.closeRequested.emit()
