"""Run engine calls off the GUI thread, on one thread that owns the Service.

One thread, not a pool: the service's model (llama.cpp) and its SQLite writer are not meant to be
shared across threads, and one writer keeps the log simple. Tasks run in submission order.

Modelled on Anki's ``CollectionOp``: the caller submits a function of the service with success
and failure callbacks; the function runs on the engine thread, the callbacks on the GUI thread.
A failure never escapes as an exception: it becomes a :class:`TaskError` with a message fit for
the user.
"""

from __future__ import annotations

import itertools
import logging
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from app import qtfix  # noqa: F401  (must precede any emit)
from engine.errors import UacError
from engine.service import Service

log = logging.getLogger(__name__)

ServiceFactory = Callable[[], Service]


@dataclass(frozen=True)
class TaskError:
    label: str
    message: str
    detail: str = ""


class Cancelled(Exception):
    """The user stopped the task. Raised at the next progress report, between steps, so what the
    task already wrote (a logged message) stays and is picked up later. Not an engine error on
    purpose: no engine ``except UacError`` may swallow it."""


class TaskContext:
    """What a task function gets: the service, a way to report progress to the window, and
    whether the user asked to stop (checked at every report)."""

    def __init__(self, service: Service, report: Callable[[str], None], stop: threading.Event | None = None) -> None:
        self.service = service
        self._report = report
        self._stop = stop or threading.Event()

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    def report(self, text: str) -> None:
        if self._stop.is_set():
            raise Cancelled()
        self._report(text)


TaskFn = Callable[[TaskContext], Any]
Success = Callable[[Any], None]
Failure = Callable[[TaskError], None]


@dataclass
class _Task:
    id: int
    label: str
    fn: TaskFn
    stop: threading.Event = field(default_factory=threading.Event)


def describe_error(exc: BaseException) -> str:
    """One line for the user: the engine's own message, or what is missing."""
    if isinstance(exc, UacError):
        return str(exc)
    if isinstance(exc, ModuleNotFoundError):
        return f"this feature is not available in this build (missing module {exc.name})"
    return f"unexpected {type(exc).__name__}: {exc}"


class _EngineWorker(QObject):
    """Lives on the engine thread; creates the service there on first use."""

    started = Signal(int)
    progressed = Signal(int, str)
    succeeded = Signal(int, object)
    failed = Signal(int, object)

    def __init__(self, factory: ServiceFactory) -> None:
        super().__init__()
        self._factory = factory
        self._service: Service | None = None

    @Slot(object)
    def run(self, task: _Task) -> None:
        self.started.emit(task.id)
        try:
            if self._service is None:
                self._service = self._factory()
            ctx = TaskContext(self._service, lambda text, tid=task.id: self.progressed.emit(tid, text), task.stop)
            result = task.fn(ctx)
        except Exception as exc:
            log.debug("task %r failed", task.label, exc_info=True)
            self.failed.emit(task.id, TaskError(task.label, describe_error(exc), traceback.format_exc()))
        else:
            self.succeeded.emit(task.id, result)

    @Slot()
    def reset(self) -> None:
        """Queued after the pending tasks: close the service; the next task makes a new one."""
        service, self._service = self._service, None
        try:
            if service is not None:
                service.close()
        except Exception:
            log.warning("closing the service failed", exc_info=True)

    @Slot()
    def close(self) -> None:
        """Queued after every pending task: close the service, then end this thread's loop."""
        try:
            self.reset()
        finally:
            QThread.currentThread().quit()


class EngineRunner(QObject):
    """GUI-side handle of the engine thread.

    ``busyChanged(bool)`` and ``progress(str)`` drive the status bar; ``taskFailed(TaskError)``
    fires for every failure (before the task's own failure callback), so the window can show it.
    """

    busyChanged = Signal(bool)
    progress = Signal(str)
    taskFailed = Signal(object)
    _submit = Signal(object)
    _close = Signal()
    _reset = Signal()

    def __init__(self, factory: ServiceFactory, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ids = itertools.count(1)
        self._pending: dict[int, tuple[str, Success | None, Failure | None]] = {}
        self._stops: dict[int, threading.Event] = {}
        self._thread = QThread()
        self._thread.setObjectName("uac-engine")
        self._worker = _EngineWorker(factory)
        self._worker.moveToThread(self._thread)
        self._submit.connect(self._worker.run)
        self._close.connect(self._worker.close)
        self._reset.connect(self._worker.reset)
        self._worker.started.connect(self._on_started)
        self._worker.progressed.connect(self._on_progress)
        self._worker.succeeded.connect(self._on_succeeded)
        self._worker.failed.connect(self._on_failed)
        self._thread.finished.connect(self._worker.deleteLater)
        self._thread.start()

    @property
    def busy(self) -> bool:
        return bool(self._pending)

    @property
    def engine_thread(self) -> QThread:
        return self._thread

    def submit(
        self,
        label: str,
        fn: TaskFn,
        on_success: Success | None = None,
        on_failure: Failure | None = None,
    ) -> int:
        """Queue ``fn(ctx)`` on the engine thread; returns the task id."""
        if not self._thread.isRunning():
            raise RuntimeError("the engine thread has stopped")
        task = _Task(next(self._ids), label, fn)
        was_busy = self.busy
        self._pending[task.id] = (label, on_success, on_failure)
        self._stops[task.id] = task.stop
        if not was_busy:
            self.busyChanged.emit(True)
        self._submit.emit(task)
        return task.id

    def reset_service(self) -> None:
        """Start a fresh service (e.g. with another model) once the work already queued is done."""
        if self._thread.isRunning():
            self._reset.emit()

    def cancel(self, task_id: int) -> bool:
        """Ask a queued or running task to stop at its next progress report; False when it is done."""
        stop = self._stops.get(task_id)
        if stop is None:
            return False
        stop.set()
        return True

    def shutdown(self, timeout_ms: int = 30_000) -> bool:
        """Close the service on its own thread, then stop the thread. True when it stopped."""
        if not self._thread.isRunning():
            return True
        self._close.emit()
        stopped = self._thread.wait(timeout_ms)
        self._pending.clear()
        return bool(stopped)

    @Slot(int)
    def _on_started(self, task_id: int) -> None:
        entry = self._pending.get(task_id)
        if entry is not None:
            self.progress.emit(f"{entry[0]}…")

    @Slot(int, str)
    def _on_progress(self, task_id: int, text: str) -> None:
        if task_id in self._pending:
            self.progress.emit(text)

    @Slot(int, object)
    def _on_succeeded(self, task_id: int, result: object) -> None:
        entry = self._finish(task_id)
        if entry is not None and entry[1] is not None:
            self._guard(entry[0], entry[1], result)

    @Slot(int, object)
    def _on_failed(self, task_id: int, error: TaskError) -> None:
        entry = self._finish(task_id)
        self.taskFailed.emit(error)
        if entry is not None and entry[2] is not None:
            self._guard(entry[0], entry[2], error)

    def _finish(self, task_id: int) -> tuple[str, Success | None, Failure | None] | None:
        entry = self._pending.pop(task_id, None)
        self._stops.pop(task_id, None)
        if not self._pending:
            self.busyChanged.emit(False)
        return entry

    def _guard(self, label: str, callback: Callable[[Any], None], value: object) -> None:
        # A broken view callback must not take the event loop down with it.
        try:
            callback(value)
        except Exception as exc:
            log.exception("callback of %r failed", label)
            self.taskFailed.emit(TaskError(label, describe_error(exc), traceback.format_exc()))
