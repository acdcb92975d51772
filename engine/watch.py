"""Watch the user project and the inbox with watchdog, debounced per file.

Editors save through a temp file and a rename, and one save can fire several events, so events
are coalesced per path for ``debounce`` seconds. The app's own writes are ignored by content:
after a checkpoint the caller calls :meth:`Watcher.resync`, and only files whose bytes then differ
from that snapshot are reported.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

TRANSCRIPT_SUFFIXES = {".txt", ".md", ".log", ".transcript"}
IGNORED_PARTS = {".git", "__pycache__", ".uac", ".staging", ".pytest_cache"}


@dataclass(frozen=True)
class Change:
    kind: str  # "project" (a hand edit) or "inbox" (a new transcript)
    path: Path


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


class Watcher(FileSystemEventHandler):
    """Calls ``on_change`` from a timer thread; callers marshal to their own thread."""

    def __init__(self, project_dir: Path, inbox_dir: Path, on_change: Callable[[Change], None],
                 debounce: float = 0.2) -> None:
        self.project_dir = project_dir.resolve()
        self.inbox_dir = inbox_dir.resolve()
        self.on_change = on_change
        self.debounce = debounce
        self._timers: dict[Path, threading.Timer] = {}
        self._known: dict[Path, str | None] = {}
        self._lock = threading.Lock()
        self._observer: Observer | None = None
        self._writing = 0

    # -- lifecycle ---------------------------------------------------------------------

    def start(self) -> None:
        self.project_dir.mkdir(parents=True, exist_ok=True)
        self.inbox_dir.mkdir(parents=True, exist_ok=True)
        self.resync()
        observer = Observer()
        observer.schedule(self, str(self.project_dir), recursive=True)
        observer.schedule(self, str(self.inbox_dir), recursive=False)
        observer.daemon = True
        observer.start()
        self._observer = observer

    def stop(self) -> None:
        if self._observer is not None:
            self._observer.stop()
            self._observer.join(timeout=5)
            self._observer = None
        with self._lock:
            for timer in self._timers.values():
                timer.cancel()
            self._timers.clear()

    def resync(self) -> None:
        """Snapshot the project's files: what is on disk now counts as the app's own writing."""
        known = {p.resolve(): _digest(p) for p in self.project_dir.rglob("*.py") if not self._ignored(p)}
        with self._lock:
            self._known = known

    @contextmanager
    def own_writes(self) -> Iterator[None]:
        """Wrap a checkpoint: project events during it are the app's own, then resync."""
        with self._lock:
            self._writing += 1
        try:
            yield
        finally:
            self.resync()
            with self._lock:
                self._writing -= 1

    # -- events ------------------------------------------------------------------------

    def _ignored(self, path: Path) -> bool:
        return any(part in IGNORED_PARTS for part in path.parts) or path.name.startswith(".")

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.is_directory or event.event_type in ("opened", "closed_no_write", "deleted"):
            return
        raw = getattr(event, "dest_path", "") or event.src_path
        path = Path(raw if isinstance(raw, str) else raw.decode()).resolve()
        if self._ignored(path):
            return
        with self._lock:
            old = self._timers.pop(path, None)
            if old is not None:
                old.cancel()
            timer = threading.Timer(self.debounce, self._fire, args=(path,))
            timer.daemon = True
            self._timers[path] = timer
            timer.start()

    def _fire(self, path: Path) -> None:
        with self._lock:
            self._timers.pop(path, None)
        if path.parent == self.inbox_dir:
            if path.is_file() and path.suffix.lower() in TRANSCRIPT_SUFFIXES:
                self.on_change(Change("inbox", path))
            return
        if path.suffix != ".py" or not path.is_file():
            return
        digest = _digest(path)
        with self._lock:
            if self._writing or self._known.get(path) == digest:
                return
            self._known[path] = digest
        self.on_change(Change("project", path))
