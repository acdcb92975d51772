"""The agenda: what is coming up, in one list, and a month calendar of the same items.

Trips, appointments, deadlines, renewals and document expiries share one picture; days with an
item are bold, days with a clash or a document that expires mid-trip are marked, and every item
opens its record.
"""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPalette, QTextCharFormat
from PySide6.QtWidgets import (
    QCalendarWidget,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app import qtfix  # noqa: F401  (must precede any emit)
from app.values import human_date
from engine.agenda import AgendaItem, upcoming
from engine.readable import day_words

_ROLE_RECORD = Qt.ItemDataRole.UserRole


def item_text(item: AgendaItem, today: dt.date | None) -> str:
    when = human_date(item.start, today)
    if item.end != item.start:
        when += f" → {day_words(item.end, year=False)}"
    at = f" at {item.time:%H:%M}" if item.time else ""
    notes = "".join(f"\n   ⚠ {n}" for n in item.notes)
    repeats = f" ({item.repeats})" if item.repeats else ""
    return f"{when}{at} — {item.label}{repeats}{notes}"


class AgendaView(QWidget):
    """``recordRequested(record_id)`` when an item is opened (double-click or Enter)."""

    recordRequested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.items: list[AgendaItem] = []
        self.today: dt.date | None = None
        self.calendar = QCalendarWidget()
        self.calendar.setObjectName("agendaCalendar")
        self.calendar.setGridVisible(True)
        self.calendar.setVerticalHeaderFormat(QCalendarWidget.VerticalHeaderFormat.NoVerticalHeader)
        self.calendar.selectionChanged.connect(self._show_day)
        self.day_title = QLabel()
        self.day_list = QListWidget()
        self.day_list.setObjectName("agendaDay")
        self.upcoming_title = QLabel("<b>Coming up</b>")
        self.upcoming = QListWidget()
        self.upcoming.setObjectName("agendaUpcoming")
        self.upcoming.setWordWrap(True)
        for lst in (self.day_list, self.upcoming):
            lst.itemActivated.connect(self._open)
            lst.itemDoubleClicked.connect(self._open)

        left = QWidget()
        llay = QVBoxLayout(left)
        llay.setContentsMargins(0, 0, 0, 0)
        llay.addWidget(self.calendar)
        llay.addWidget(self.day_title)
        llay.addWidget(self.day_list, 1)
        right = QWidget()
        rlay = QVBoxLayout(right)
        rlay.setContentsMargins(0, 0, 0, 0)
        rlay.addWidget(self.upcoming_title)
        rlay.addWidget(self.upcoming, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setChildrenCollapsible(False)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(split)

    def set_items(self, items: list[AgendaItem], today: dt.date | None) -> None:
        self.items = list(items)
        self.today = today
        self.upcoming.clear()
        soon = upcoming(self.items, today) if today else self.items
        for item in soon:
            self.upcoming.addItem(self._list_item(item))
        self.upcoming_title.setText(f"<b>Coming up</b> ({len(soon)} in the next 60 days)" if soon else
                                    "<b>Coming up</b> — nothing dated yet. Trips, appointments, deadlines, renewals "
                                    "and document expiries appear here.")
        self._mark_calendar()
        if today is not None:
            self.calendar.setSelectedDate(QDate(today.year, today.month, today.day))
        self._show_day()

    def items_on(self, day: dt.date) -> list[AgendaItem]:
        return [i for i in self.items if i.covers(day)]

    def _list_item(self, item: AgendaItem) -> QListWidgetItem:
        entry = QListWidgetItem(item_text(item, self.today))
        entry.setData(_ROLE_RECORD, item.record_id)
        entry.setToolTip(f"{item.start.isoformat()}" + (f" – {item.end.isoformat()}" if item.end != item.start else ""))
        if item.notes:
            font = entry.font()
            font.setBold(True)
            entry.setFont(font)
        return entry

    def _mark_calendar(self) -> None:
        self.calendar.setDateTextFormat(QDate(), QTextCharFormat())  # clear earlier marks
        busy = QTextCharFormat()
        busy.setFontWeight(QFont.Weight.Bold)
        busy.setForeground(QBrush(self.palette().color(QPalette.ColorRole.Link)))
        warn = QTextCharFormat(busy)
        red = QColor(220, 50, 47)
        red.setAlpha(90)
        warn.setBackground(QBrush(red))
        for item in self.items:
            day = item.start
            while day <= item.end and (day - item.start).days <= 366:
                fmt = warn if item.notes else busy
                qd = QDate(day.year, day.month, day.day)
                if self.calendar.dateTextFormat(qd).background().color() != red:
                    self.calendar.setDateTextFormat(qd, fmt)
                day += dt.timedelta(days=1)

    def _show_day(self) -> None:
        day = self.calendar.selectedDate().toPython()
        on = self.items_on(day)
        self.day_title.setText(f"<b>{human_date(day, self.today)}</b>" + ("" if on else " — nothing on"))
        self.day_list.clear()
        for item in on:
            self.day_list.addItem(self._list_item(item))

    def _open(self, entry: QListWidgetItem) -> None:
        record = entry.data(_ROLE_RECORD)
        if record:
            self.recordRequested.emit(record)
