"""Run Python's cyclic garbage collector on the GUI thread only.

A collection runs in whichever thread happens to allocate when a threshold is crossed. When that
is an engine worker and the garbage holds a Qt wrapper whose C++ object lives on the GUI thread,
Qt destroys it from the wrong thread and the process can crash. So while the app runs, automatic
collection is off and a GUI-thread timer collects with the interpreter's own thresholds.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 250
_holders = 0
_enabled_before = True


class MainThreadCollector(QObject):
    """Create it on the GUI thread; ``stop()`` gives collection back to the interpreter."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        global _holders, _enabled_before
        self._active = True
        if _holders == 0:
            _enabled_before = gc.isenabled()
            gc.disable()
        _holders += 1
        self.timer = QTimer(self)
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(self.collect)
        self.timer.start()

    def collect(self) -> int:
        """Collect the oldest generation whose count crossed its threshold (as the interpreter would)."""
        counts, limits = gc.get_count(), gc.get_threshold()
        for generation in (2, 1, 0):
            if counts[generation] > limits[generation]:
                return gc.collect(generation)
        return 0

    def stop(self) -> None:
        global _holders
        if not self._active:
            return
        self._active = False
        self.timer.stop()
        _holders -= 1
        if _holders == 0 and _enabled_before:
            gc.enable()
