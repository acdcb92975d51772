"""The alerts list: what the rules raise now, with the three things a user does to an alert."""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Callable, Sequence

from PySide6.QtCore import (
    QDateTime,
    QModelIndex,
    QPersistentModelIndex,
    QRectF,
    QSize,
    Qt,
    QUrl,
    Signal,
)
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QKeySequence,
    QPainter,
    QPalette,
    QShortcut,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QApplication,
    QDateTimeEdit,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app import qtfix  # noqa: F401  (must precede any emit)
from app.icons import severity_icon
from app.values import human_date
from app.views.links import href, parse
from engine.chat import describe
from engine.log import Fact
from engine.rules.alert import Alert, RuleProblem
from engine.rules.snooze import CHOICES

SEEN, SNOOZE, DISMISS = "seen", "snooze", "dismiss"
_HIDDEN_STATES = {"dismissed", "resolved"}
_SEVERITY_ORDER = {"critical": 0, "warning": 1, "info": 2}
_ROLE_KEY = Qt.ItemDataRole.UserRole
_ROLE_HTML = Qt.ItemDataRole.UserRole + 1
_ICON = 24
_PAD = 6


class AlertDelegate(QStyledItemDelegate):
    """Draws an alert as icon + bold title + wrapped message, so long messages stay readable."""

    def __init__(self, view: QListView) -> None:
        super().__init__(view)
        self.view = view

    def _document(self, index: QModelIndex | QPersistentModelIndex, width: int) -> QTextDocument:
        doc = QTextDocument()
        doc.setDocumentMargin(0)
        doc.setDefaultFont(self.view.font())
        doc.setHtml(index.data(_ROLE_HTML) or "")
        doc.setTextWidth(max(width - _ICON - 3 * _PAD, 80))
        return doc

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        width = self.view.viewport().width()
        doc = self._document(index, width)
        return QSize(width, int(max(doc.size().height(), _ICON)) + 2 * _PAD)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        style = opt.widget.style() if opt.widget else QApplication.style()
        opt.text = ""
        opt.icon = opt.icon.__class__()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        rect = option.rect
        icon = index.data(Qt.ItemDataRole.DecorationRole)
        if icon is not None:
            icon.paint(painter, rect.x() + _PAD, rect.y() + _PAD, _ICON, _ICON)
        doc = self._document(index, rect.width())
        ctx = QAbstractTextDocumentLayout.PaintContext()
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        ctx.palette.setColor(QPalette.ColorRole.Text, option.palette.color(role))
        painter.save()
        painter.translate(rect.x() + _ICON + 2 * _PAD, rect.y() + _PAD)
        ctx.clip = QRectF(0, 0, rect.width(), rect.height())
        doc.documentLayout().draw(painter, ctx)
        painter.restore()


def _ask_until(parent: QWidget, now: dt.datetime) -> dt.datetime | None:
    """A date and time to snooze until (tomorrow morning offered first)."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("Snooze until")
    edit = QDateTimeEdit(QDateTime(now + dt.timedelta(days=1)))
    edit.setCalendarPopup(True)
    edit.setMinimumDateTime(QDateTime(now))
    edit.setDisplayFormat("ddd d MMM yyyy, HH:mm")
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    lay = QVBoxLayout(dialog)
    lay.addWidget(QLabel("Bring this alert back on:"))
    lay.addWidget(edit)
    lay.addWidget(buttons)
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    until = edit.dateTime().toPython()
    dialog.deleteLater()
    return until if accepted else None


class AlertsView(QWidget):
    """``actionRequested(key, action)`` with action ``seen`` or ``dismiss``; ``snoozeRequested(key,
    when)`` with a snooze choice (``hour``, ``tomorrow``, ``week``) or a datetime; ``recordRequested``
    when the user opens a record an alert rests on; ``historyRequested`` for the alert history."""

    actionRequested = Signal(str, str)
    snoozeRequested = Signal(str, object)
    recheckRequested = Signal()
    recordRequested = Signal(str)
    historyRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.alerts: list[Alert] = []
        self.facts: dict[int, Fact] = {}
        self.record_of: dict[int, str] = {}
        self.today: dt.date | None = None
        self.ask_until: Callable[[QWidget, dt.datetime], dt.datetime | None] = _ask_until
        self.now: Callable[[], dt.datetime] = dt.datetime.now
        self.header = QLabel("<b>Alerts</b>")
        self.recheck = QPushButton("Check now")
        self.recheck.setToolTip("Run every rule again as of now")
        self.recheck.clicked.connect(self.recheckRequested)
        top = QHBoxLayout()
        top.addWidget(self.header, 1)  # the label takes the spare width, so its count is never clipped
        top.addWidget(self.recheck)

        self.list = QListWidget()
        self.list.setObjectName("alertsList")
        self.list.setWordWrap(True)
        self.list.setIconSize(QSize(24, 24))
        self.list.setSpacing(2)
        self.list.setAlternatingRowColors(True)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setItemDelegate(AlertDelegate(self.list))
        self.list.currentItemChanged.connect(lambda *_: self._update_buttons())

        self.seen_button = QPushButton("Mark &seen")
        self.dismiss_button = QPushButton("&Dismiss")
        self.dismiss_button.setToolTip("Dismiss (Delete); Alerts › History brings it back")
        self.snooze_button = QToolButton()
        self.snooze_button.setText("Snoo&ze")
        self.snooze_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.snooze_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.snooze_menu = QMenu(self.snooze_button)
        for choice, label in CHOICES.items():
            self.snooze_menu.addAction(label).triggered.connect(lambda _=False, c=choice: self._snooze(c))
        self.snooze_menu.addAction("Until a date…").triggered.connect(lambda: self._snooze(""))
        self.snooze_button.setMenu(self.snooze_menu)
        self.history_button = QPushButton("History…")
        self.history_button.setToolTip("Seen, snoozed, dismissed and resolved alerts, with undo")
        self.history_button.clicked.connect(self.historyRequested)
        buttons = QHBoxLayout()
        self.seen_button.clicked.connect(lambda: self._request(SEEN))
        self.dismiss_button.clicked.connect(lambda: self._request(DISMISS))
        for button in (self.seen_button, self.snooze_button, self.dismiss_button, self.history_button):
            buttons.addWidget(button)
        QShortcut(QKeySequence.StandardKey.Delete, self.list, activated=lambda: self._request(DISMISS))

        self.why = QTextBrowser()
        self.why.setObjectName("alertWhy")
        self.why.setOpenLinks(False)
        self.why.anchorClicked.connect(self._on_link)
        self.why.setMaximumHeight(110)
        self.why.setPlaceholderText("Select an alert to see what it rests on.")
        self.list.currentItemChanged.connect(lambda *_: self._show_why())

        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setObjectName("alertsStatus")
        self.status.setTextFormat(Qt.TextFormat.RichText)

        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(top)
        lay.addWidget(self.list, 1)
        lay.addWidget(self.why)
        lay.addLayout(buttons)
        lay.addWidget(self.status)
        self.set_alerts([], [])

    def set_alerts(self, alerts: list[Alert], problems: list[RuleProblem], warnings: Sequence[str] = ()) -> None:
        keep = self.selected_key()
        shown = [a for a in alerts if a.state not in _HIDDEN_STATES]
        shown.sort(key=lambda a: (_SEVERITY_ORDER.get(a.severity, 3), a.title))
        self.alerts = shown
        self.list.clear()
        for alert in shown:
            item = QListWidgetItem(severity_icon(alert.severity), f"{alert.title}\n{alert.message}")
            item.setData(_ROLE_KEY, alert.key)
            item.setData(_ROLE_HTML, _item_html(alert))
            item.setToolTip(_tooltip(alert))
            self.list.addItem(item)
            if alert.key == keep:
                self.list.setCurrentItem(item)
        fresh = sum(1 for a in shown if a.state == "new")
        self.header.setText(f"<b>Alerts</b> ({len(shown)}{f', {fresh} new' if fresh else ''})")
        msgs = [f"Rule <i>{html.escape(p.rule)}</i> failed: {html.escape(p.error)}" for p in problems]
        msgs += [f"Weaker sandbox: {html.escape(w)}" for w in warnings]
        if not shown and not problems:
            msgs.append("<span style='color:gray'>No alerts. Rules run after each session and on a timer.</span>")
        self.status.setText("<br>".join(msgs))
        self._update_buttons()
        self._show_why()

    def set_error(self, message: str) -> None:
        """The rules could not run at all: say so instead of showing a stale, confident list."""
        self.status.setText(f"<span style='color:#b00020'>Rules could not run: {html.escape(message)}</span>")

    def selected_key(self) -> str | None:
        item = self.list.currentItem()
        return item.data(_ROLE_KEY) if item is not None else None

    def select(self, key: str) -> bool:
        for i in range(self.list.count()):
            if self.list.item(i).data(_ROLE_KEY) == key:
                self.list.setCurrentRow(i)
                return True
        return False

    def _request(self, action: str) -> None:
        key = self.selected_key()
        if key:
            self.actionRequested.emit(key, action)

    def _snooze(self, choice: str) -> None:
        key = self.selected_key()
        if not key:
            return
        if choice:
            self.snoozeRequested.emit(key, choice)
            return
        until = self.ask_until(self, self.now())
        if until is not None:
            self.snoozeRequested.emit(key, until)

    def _update_buttons(self) -> None:
        has = self.selected_key() is not None
        for b in (self.seen_button, self.snooze_button, self.dismiss_button):
            b.setEnabled(has)

    def set_facts(self, facts: dict[int, Fact], today: dt.date | None = None,
                  record_of: dict[int, str] | None = None) -> None:
        """The log's facts (and the record each was folded into), so an alert can show what it rests on."""
        self.facts = facts
        self.today = today
        self.record_of = record_of or {}
        self._show_why()

    def _show_why(self) -> None:
        key = self.selected_key()
        alert = next((a for a in self.alerts if a.key == key), None)
        self.why.setHtml(evidence_html(alert, self.facts, self.today, self.record_of) if alert is not None else "")

    def _on_link(self, url: QUrl) -> None:
        kind, value = parse(url)
        if kind == "record":
            self.recordRequested.emit(value)


def evidence_html(alert: Alert, facts: dict[int, Fact], today: dt.date | None = None,
                  record_of: dict[int, str] | None = None) -> str:
    """What an alert rests on: each fact's words, when and where it was said, and a link to its record."""
    rows = []
    for fid in alert.evidence:
        fact = facts.get(fid)
        if fact is None:
            continue
        record = (record_of or {}).get(fid) or f"{fact.frame.lower()}:{fact.subject}:{fact.entity_key}"
        said = html.escape(fact.evidence or describe(fact))
        rows.append(f"<li>{html.escape(describe(fact))} — said {html.escape(human_date(fact.session_date, today))}: "
                    f"<i>“{said}”</i> <a href='{href('record', record)}'>show</a></li>")
    if not rows:
        return "<p style='color:gray'>This alert rests on no fact that is still in memory.</p>"
    return "<b>Because:</b><ul style='margin-left:-20px'>" + "".join(rows) + "</ul>"


def _item_html(alert: Alert) -> str:
    state = ""
    if alert.state == "new":
        state = " <b>● new</b>"  # no fixed colour: readable on the selection highlight and in dark palettes
    elif alert.state == "snoozed" and alert.snoozed_until:
        state = f" <span style='color:gray'>(snoozed until {alert.snoozed_until:%Y-%m-%d %H:%M})</span>"
    elif alert.state != "seen":
        state = f" <span style='color:gray'>({html.escape(alert.state)})</span>"
    muted = " style='color:gray'" if alert.state == "snoozed" else ""
    return f"<div{muted}><b>{html.escape(alert.title)}</b>{state}<br>{html.escape(alert.message)}</div>"


def _tooltip(alert: Alert) -> str:
    lines = [f"<b>{html.escape(alert.title)}</b>", html.escape(alert.message), ""]
    lines.append(f"severity: {alert.severity} · state: {alert.state} · rule: {html.escape(alert.rule)}")
    if alert.snoozed_until:
        lines.append(f"snoozed until {alert.snoozed_until:%Y-%m-%d %H:%M}")
    if alert.evidence:
        lines.append("facts: " + ", ".join(f"#{i}" for i in alert.evidence))
    return "<br>".join(lines)
