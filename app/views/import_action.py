"""Importing records files (JSON, JSON Lines, CSV): the file dialog, drag and drop, the summary.

The window's own drag and drop handlers call :func:`accept_records_drag` and
:func:`take_dropped_records` (handlers on the window rather than an event filter, which Qt may
still call while the window is being destroyed); dropped records files and the file chosen in the
dialog both end up as paths handed to the controller, which imports them on the engine thread.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QUrl
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QFileDialog, QWidget

from app import qtfix  # noqa: F401  (must precede any emit)
from engine.importer import ImportResult

RECORD_SUFFIXES = (".json", ".jsonl", ".ndjson", ".csv", ".tsv")
FILE_FILTER = ";;".join(
    (
        "Records files (*.json *.jsonl *.ndjson *.csv *.tsv)",
        "JSON (*.json)",
        "JSON Lines (*.jsonl *.ndjson)",
        "CSV (*.csv *.tsv)",
        "All files (*)",
    )
)


def is_records_file(path: Path) -> bool:
    return path.suffix.lower() in RECORD_SUFFIXES


def records_paths(mime: QMimeData | None) -> list[Path]:
    """The local records files among the dropped urls (other files and remote urls are ignored)."""
    if mime is None or not mime.hasUrls():
        return []
    out: list[Path] = []
    for url in mime.urls():
        if not url.isLocalFile():
            continue
        path = Path(url.toLocalFile())
        if is_records_file(path) and path not in out:
            out.append(path)
    return out


def mime_for(paths: list[Path]) -> QMimeData:
    """Mime data carrying ``paths`` as file urls, as a file manager's drag would."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    return mime


def choose_records_file(parent: QWidget | None, start_dir: str = "") -> Path | None:
    """Ask for one records file; None when cancelled."""
    name, _ = QFileDialog.getOpenFileName(parent, "Import records", start_dir or str(Path.home()), FILE_FILTER)
    return Path(name) if name else None


def import_summary(result: ImportResult) -> tuple[str, str]:
    """(headline, detail) for the user: how many records went where, and the inferred schema."""
    headline = f"Imported {result.added} record(s) into {result.collection} ({result.skipped_duplicates} already there)"
    schema = ", ".join(f"{name} ({kind})" for name, kind in result.schema.items())
    return headline, f"schema: {schema}" if schema else ""


def accept_records_drag(event: QDragEnterEvent | QDragMoveEvent) -> None:
    """Accept a drag that carries records files, refuse any other, so the cursor tells the user."""
    if records_paths(event.mimeData()):
        event.acceptProposedAction()
    else:
        event.ignore()


def take_dropped_records(event: QDropEvent) -> list[Path]:
    """The records files of a drop (accepted), or [] (refused)."""
    paths = records_paths(event.mimeData())
    if paths:
        event.acceptProposedAction()
    else:
        event.ignore()
    return paths
