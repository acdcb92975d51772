"""Run Python's cyclic garbage collector on the GUI thread only.

A collection runs in whichever thread happens to allocate when a threshold is crossed. When that
is an engine worker and the garbage holds a Qt wrapper whose C++ object lives on the GUI thread,
Qt destroys it from the wrong thread and the process can crash. So while the app runs, automatic
collection is off and a GUI-thread timer collects with the interpreter's own thresholds.

A full collection walks every object (about 450,000 once Qt, SQLAlchemy, matplotlib and the
readers are loaded: 350–475 ms here), which would freeze the window. So once the app has loaded,
:meth:`MainThreadCollector.settle` moves everything alive into the permanent generation
(``gc.freeze``): later full collections only walk what was allocated since, in milliseconds.
Garbage that exists at that moment is kept (a one-time, bounded cost); refcounting still frees
everything that is not in a cycle. Until then (:meth:`MainThreadCollector.hold`) nothing is
collected: start-up builds long-lived tables, and collecting while they grow only stalls the window.
"""

from __future__ import annotations

import gc
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 25  # while the engine works: the young generation stays small (a 250 ms tick let 100k objects pile up: 35 ms a collection)
IDLE_INTERVAL_MS = 500  # while nothing runs, few objects are made: wake the process rarely
_holders = 0
_enabled_before = True


class MainThreadCollector(QObject):
    """Create it on the GUI thread; ``stop()`` gives collection back to the interpreter."""

    def __init__(self, parent: QObject | None = None, idle: Callable[[], bool] = lambda: True) -> None:
        super().__init__(parent)
        global _holders, _enabled_before
        self._active = True
        self._held = False
        self.idle = idle  # full collections wait until the engine thread has nothing to do
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
        if self._held:
            return 0
        counts, limits = gc.get_count(), gc.get_threshold()
        idle = self.idle()
        self.timer.setInterval(IDLE_INTERVAL_MS if idle else INTERVAL_MS)
        if counts[2] > limits[2] and idle:
            return gc.collect(2)  # only what was made since start-up: the rest is frozen
        for generation in (1, 0):
            if counts[generation] > limits[generation]:
                return gc.collect(generation)
        return 0

    def hold(self) -> None:
        """While start-up loads the readers' tables: no collections. Nearly all it makes lives on,
        and walking it every few milliseconds froze the window for up to 70 ms at a time."""
        self._held = True

    def settle(self) -> None:
        """After start-up: what is alive now is long-lived; keep it out of later collections."""
        self._held = False
        gc.freeze()

    def release(self) -> None:
        """Collect again without freezing (start-up failed)."""
        self._held = False

    def stop(self) -> None:
        global _holders
        if not self._active:
            return
        self._active = False
        self.timer.stop()
        _holders -= 1
        if _holders == 0:
            gc.unfreeze()
            if _enabled_before:
                gc.enable()
