"""Read a records file (JSON array, JSON Lines, CSV/TSV) into raw rows, each with its line number.

Every malformed input is refused with one :class:`InputError` naming the line or record, before
anything is written: an import is all or nothing.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import InputError


@dataclass(frozen=True)
class RawRow:
    """One record as read: column name -> raw value (str from CSV, JSON values otherwise)."""

    number: int
    line: int
    values: dict[str, Any]


def read_rows(path: Path) -> tuple[str, list[RawRow]]:
    """The file's format (``json``, ``jsonl`` or ``csv``) and its rows."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text (byte {exc.start}); save it as UTF-8 and retry") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot be read ({exc.strerror})") from None
    if not text.strip():
        raise InputError(f"{path}: the file is empty; nothing was imported")
    fmt = _sniff(path, text)
    rows = {"json": _json_rows, "jsonl": _jsonl_rows, "csv": _csv_rows}[fmt](path, text)
    if not rows:
        raise InputError(f"{path}: the file holds no records; nothing was imported")
    return fmt, rows


def _sniff(path: Path, text: str) -> str:
    suffix = path.suffix.lower()
    if suffix in (".jsonl", ".ndjson"):
        return "jsonl"
    if suffix in (".csv", ".tsv"):
        return "csv"
    head = text.lstrip()[:1]
    if head == "[":
        return "json"
    if head == "{":
        first = text.lstrip().splitlines()[0].strip()
        try:
            json.loads(first)
            return "jsonl"
        except json.JSONDecodeError:
            return "json"
    return "csv"


def _json_rows(path: Path, text: str) -> list[RawRow]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: line {exc.lineno}: invalid JSON ({exc.msg}); nothing was imported") from None
    if isinstance(data, dict):
        lists = [v for v in data.values() if isinstance(v, list)]
        if len(lists) != 1:
            raise InputError(f"{path}: expected a JSON array of records (or an object holding one); nothing was imported")
        data = lists[0]
    if not isinstance(data, list):
        raise InputError(f"{path}: expected a JSON array of records; nothing was imported")
    lines = _element_lines(text, len(data))
    rows = []
    for i, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            raise InputError(
                f"{path}: record {i} (line {lines[i - 1]}) is {type(item).__name__}, not an object; nothing was imported"
            )
        rows.append(RawRow(i, lines[i - 1], item))
    return rows


def _element_lines(text: str, n: int) -> list[int]:
    """Line where each top-level array element starts (for error messages); 1 when unknown."""
    lines: list[int] = []
    depth, line, in_str, esc = 0, 1, False, False
    expecting = False
    for ch in text:
        if ch == "\n":
            line += 1
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
            continue
        if expecting and not ch.isspace() and ch not in ",]":
            lines.append(line)
            expecting = False
        if ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth == 1:
                expecting = True
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 1:
            expecting = True
    return (lines + [1] * n)[:n] if len(lines) < n else lines[:n]


def _jsonl_rows(path: Path, text: str) -> list[RawRow]:
    rows = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}: line {lineno}: invalid JSON ({exc.msg}); nothing was imported") from None
        if not isinstance(item, dict):
            raise InputError(f"{path}: line {lineno}: expected a JSON object; nothing was imported")
        rows.append(RawRow(len(rows) + 1, lineno, item))
    return rows


def _csv_rows(path: Path, text: str) -> list[RawRow]:
    sample = text[:4096]
    delimiter = "\t" if path.suffix.lower() == ".tsv" else ","
    if path.suffix.lower() not in (".csv", ".tsv"):
        try:
            delimiter = csv.Sniffer().sniff(sample, delimiters=",;\t|").delimiter
        except csv.Error:
            delimiter = ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    rows: list[RawRow] = []
    header: list[str] | None = None
    try:
        for record in reader:
            lineno = reader.line_num
            if not any(cell.strip() for cell in record):
                continue
            if header is None:
                header = [h.strip() for h in record]
                if any(not h for h in header):
                    raise InputError(f"{path}: line {lineno}: the header has an empty column name; nothing was imported")
                continue
            if len(record) != len(header):
                raise InputError(
                    f"{path}: line {lineno}: {len(record)} fields, expected {len(header)} "
                    f"(as in the header); nothing was imported"
                )
            rows.append(RawRow(len(rows) + 1, lineno, dict(zip(header, record, strict=True))))
    except csv.Error as exc:
        raise InputError(f"{path}: line {reader.line_num}: malformed CSV ({exc}); nothing was imported") from None
    return rows
