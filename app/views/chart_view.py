"""Charts of money and measured numbers over time (matplotlib on a Qt canvas, palette-aware).

The series come from :mod:`engine.series`; this view only picks one and draws it.
"""

from __future__ import annotations

from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from matplotlib.figure import Figure
from PySide6.QtGui import QPalette, QShowEvent
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from app import qtfix  # noqa: F401  (must precede any emit)
from engine.series import Chartable, monthly_totals, points
from engine.state import Record


class ChartView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.charts: list[Chartable] = []
        self.records: dict[str, list[Record]] = {}
        self._dirty = False  # drawing costs 100–200 ms: only when shown, and only after a change
        self._drawn: object = None  # what the canvas shows now (chart and its data)
        self.choice = QComboBox()
        self.choice.setObjectName("chartChoice")
        self.choice.currentIndexChanged.connect(lambda _i: self.draw() if self.isVisible() else None)
        self.figure = Figure(figsize=(6, 3.5), layout="constrained")
        self.canvas = FigureCanvasQTAgg(self.figure)
        self.canvas.setObjectName("chartCanvas")
        self.empty = QLabel("No chart yet: money with dates (purchases, transfers, trips with a cost) and measured "
                            "numbers (a weight, a run, a reading) are drawn here.")
        self.empty.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(QLabel("Show:"))
        top.addWidget(self.choice, 1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(top)
        lay.addWidget(self.empty)
        lay.addWidget(self.canvas, 1)

    def set_data(self, charts: list[Chartable], records: dict[str, list[Record]]) -> None:
        keep = self.current()
        self.charts, self.records = list(charts), records
        self.choice.blockSignals(True)
        self.choice.clear()
        for chart in self.charts:
            self.choice.addItem(chart.title)
        index = next((i for i, c in enumerate(self.charts) if keep is not None and c == keep), 0)
        self.choice.setCurrentIndex(index)
        self.choice.blockSignals(False)
        self.empty.setVisible(not self.charts)
        self.canvas.setVisible(bool(self.charts))
        self.choice.setEnabled(bool(self.charts))
        self._dirty = True
        if self.isVisible():
            self.draw()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        if self._dirty:
            self.draw()

    def current(self) -> Chartable | None:
        i = self.choice.currentIndex()
        return self.charts[i] if 0 <= i < len(self.charts) else None

    def plotted(self) -> list[tuple[object, float]]:
        """What the current chart shows, as (x, y) pairs (for tests and the tooltip)."""
        chart = self.current()
        if chart is None:
            return []
        recs = self.records.get(chart.frame, [])
        if chart.kind == "money":
            return [(month, float(total)) for month, total, _cur in monthly_totals(recs, chart)]
        return list(points(recs, chart))

    def draw(self) -> None:
        self._dirty = False
        chart = self.current()
        signature = (chart, tuple(self.plotted()), self.palette().color(QPalette.ColorRole.Base).name())
        if signature == self._drawn:
            return  # the same picture: a new snapshot with unchanged data redraws nothing
        self._drawn = signature
        self.figure.clear()
        pal = self.palette()
        fg = pal.color(QPalette.ColorRole.WindowText).name()
        bg = pal.color(QPalette.ColorRole.Base).name()
        accent = pal.color(QPalette.ColorRole.Highlight).name()
        self.figure.set_facecolor(pal.color(QPalette.ColorRole.Window).name())
        if chart is None:
            self.canvas.draw_idle()
            return
        ax = self.figure.add_subplot()
        ax.set_facecolor(bg)
        for spine in ax.spines.values():
            spine.set_color(fg)
        ax.tick_params(colors=fg)
        data = self.plotted()
        if chart.kind == "money":
            recs = self.records.get(chart.frame, [])
            currencies = {cur for _m, _t, cur in monthly_totals(recs, chart)}
            ax.bar([m for m, _ in data], [v for _, v in data], width=20, color=accent)
            ax.set_ylabel(" / ".join(sorted(c for c in currencies if c)) or "amount", color=fg)
        else:
            ax.plot([d for d, _ in data], [v for _, v in data], marker="o", color=accent)
            ax.set_ylabel(chart.value_field.replace("_", " "), color=fg)
        ax.set_title(chart.title, color=fg)
        self.figure.autofmt_xdate()
        self.canvas.draw_idle()
