"""Transcripts dropped into ``inbox/`` become sessions; processed files move to ``inbox/done/``,
files that could not be ingested to ``inbox/failed/`` beside a note saying why. Nothing is lost."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from pathlib import Path

from engine.errors import UacError
from engine.service import IngestResult, Service
from engine.watch import TRANSCRIPT_SUFFIXES

_DATE_IN_NAME = re.compile(r"(\d{4}-\d{2}-\d{2})")
_DATE_HEADER = re.compile(r"^\s*date\s*:\s*(\d{4}-\d{2}-\d{2})\s*$", re.IGNORECASE | re.MULTILINE)


@dataclass
class InboxOutcome:
    path: Path
    result: IngestResult | None
    error: str = ""


def session_date_for(path: Path, text: str) -> dt.date:
    """A ``Date: YYYY-MM-DD`` header line, else a date in the file name, else the file's mtime."""
    for match in (_DATE_HEADER.search(text[:500]), _DATE_IN_NAME.search(path.name)):
        if match:
            try:
                return dt.date.fromisoformat(match.group(1))
            except ValueError:
                continue
    return dt.date.fromtimestamp(path.stat().st_mtime)


def ingest_file(service: Service, path: Path) -> InboxOutcome:
    done, failed = path.parent / "done", path.parent / "failed"
    try:
        text = path.read_text(encoding="utf-8-sig")
        header = _DATE_HEADER.search(text[:500])
        body = text.replace(header.group(0), "", 1) if header else text
        result = service.ingest(body, session_date_for(path, text), source="inbox")
    except (UacError, UnicodeDecodeError, OSError) as exc:
        failed.mkdir(exist_ok=True)
        if path.exists():
            target = failed / path.name
            path.replace(target)
            target.with_suffix(target.suffix + ".error.txt").write_text(f"{exc}\n", encoding="utf-8")
        return InboxOutcome(path, None, str(exc))
    done.mkdir(exist_ok=True)
    path.replace(done / f"{result.session_id}-{path.name}")
    return InboxOutcome(path, result)


def pending_files(inbox: Path) -> list[Path]:
    return sorted(p for p in inbox.iterdir()
                  if p.is_file() and not p.name.startswith(".") and p.suffix.lower() in TRANSCRIPT_SUFFIXES)
